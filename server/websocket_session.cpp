#include "server/websocket_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"
#include "protocol/event.hpp"
#include "server/log.hpp"

namespace tortuga {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

WebSocketSession::WebSocketSession(boost::asio::ip::tcp::socket socket, ServerState& state)
    : ws_(std::move(socket)),
      state_(state),
      tokens_(state.limits.message_burst),
      refilled_(std::chrono::steady_clock::now()) {}

WebSocketSession::~WebSocketSession() {
  if (counted_) --state_.connections;
  state_.websockets.remove(this);
}

void WebSocketSession::run(beast::http::request<beast::http::string_body> request) {
  websocket::stream_base::timeout timeout;
  timeout.handshake_timeout = std::chrono::seconds(state_.limits.handshake_timeout_s);
  timeout.idle_timeout = std::chrono::seconds(state_.limits.idle_timeout_s);
  timeout.keep_alive_pings = true;  // an idle but live client answers pings and stays
  ws_.set_option(timeout);
  websocket::permessage_deflate deflate;
  deflate.server_enable = state_.limits.deflate;
  deflate.server_max_window_bits = state_.limits.deflate_window_bits;
  deflate.compLevel = state_.limits.deflate_level;
  deflate.msg_size_threshold = state_.limits.deflate_min_bytes;
  ws_.set_option(deflate);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "tortuga"); }));
  // Above the soft limit a message is refused with an error; above this one the socket closes.
  ws_.read_message_max(state_.limits.hard_max_message_bytes);
  ws_.text(true);
  ws_.async_accept(request,
                   [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return;
  counted_ = true;
  if (++state_.connections > state_.limits.max_connections) {
    queue_.push_back(std::make_shared<const std::string>(
        protocol::event::error(nullptr, code::kServerFull, "too many connections; try later")));
    write();
    close(websocket::close_code::try_again_later);  // once the error is written
    return;
  }
  state_.websockets.add(shared_from_this());
  read();
}

void WebSocketSession::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

bool WebSocketSession::take_token() {
  auto now = std::chrono::steady_clock::now();
  std::chrono::duration<double> elapsed = now - refilled_;
  refilled_ = now;
  tokens_ = std::min(state_.limits.message_burst,
                     tokens_ + elapsed.count() * state_.limits.messages_per_second);
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    if (ec != websocket::error::closed && ec != boost::asio::error::operation_aborted &&
        ec != beast::error::timeout && ec != boost::asio::error::eof)
      TORTUGA_LOG(debug, "websocket read: " << ec.message());
    state_.websockets.remove(this);
    state_.lobby.disconnected(shared_from_this());
    return;
  }
  if (closing_) {
    // Read on only to receive the client's answer to the close frame.
  } else if (!take_token()) {
    send(protocol::event::error(refused_id(), code::kRateLimited,
                                "more than the allowed messages per second; this one was dropped"));
  } else if (bytes > state_.limits.max_message_bytes) {
    send(protocol::event::error(
        refused_id(), code::kMessageTooLarge,
        "messages are limited to " + std::to_string(state_.limits.max_message_bytes) + " bytes"));
  } else if (!ws_.got_text()) {
    send(protocol::event::error(nullptr, code::kBadJson, "send JSON in text frames"));
  } else {
    auto data = buffer_.cdata();
    std::string_view text(static_cast<const char*>(data.data()), data.size());
    auto parsed = protocol::parse_command(text);
    buffer_.consume(buffer_.size());
    // The next message is read once this one allows it (see Lobby::handle): at once, here on
    // the connection's strand, for most; from the store's thread, through the strand, after a
    // new player's hello.
    state_.lobby.handle(shared_from_this(), std::move(parsed), [self = shared_from_this()] {
      boost::asio::dispatch(self->ws_.get_executor(), [self] { self->read(); });
    });
    return;
  }
  buffer_.consume(buffer_.size());
  read();
}

// A refused message is not parsed, but its id is looked for so that the client can tell which
// request was dropped: no further into it than an accepted message may be long, so that a
// refusal never costs more reading than an answer.
protocol::Json WebSocketSession::refused_id() const {
  auto data = buffer_.cdata();
  return protocol::peek_id({static_cast<const char*>(data.data()), data.size()},
                           state_.limits.max_message_bytes);
}

void WebSocketSession::send(Message message) {
  auto deliver = [self = shared_from_this(), message = std::move(message)] {
    if (self->closing_) return;
    if (self->queue_.size() >= self->state_.limits.max_write_queue) {
      // A client this far behind cannot follow the match; it reconnects and syncs.
      TORTUGA_LOG(warn, "disconnecting a client " << self->queue_.size() << " messages behind");
      self->close(websocket::close_code::try_again_later);
      return;
    }
    self->queue_.push_back(std::move(message));
    if (self->queue_.size() == 1) self->write();
  };
  // From a room's strand, the message is written at once on this thread when the connection's
  // strand is free, rather than handed to another thread. From the connection's own strand it
  // is queued behind what is already waiting there, so that messages keep their order.
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  const auto* strand = ws_.get_executor().target<Strand>();
  if (strand && !strand->running_in_this_thread())
    boost::asio::dispatch(*strand, std::move(deliver));
  else
    boost::asio::post(ws_.get_executor(), std::move(deliver));
}

void WebSocketSession::write() {
  ws_.async_write(
      boost::asio::buffer(*queue_.front()),
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void WebSocketSession::on_write(beast::error_code ec) {
  if (ec) {
    queue_.clear();
    return;
  }
  queue_.pop_front();
  if (!queue_.empty()) return write();
  if (closing_) send_close();
}

void WebSocketSession::go_away() {
  boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
    self->close({websocket::close_code::going_away, "server shutting down"});
  });
}

// The first reason given is the one sent: a connection already closing is left to finish.
void WebSocketSession::close(websocket::close_reason reason) {
  if (closing_) return;
  closing_ = true;
  close_reason_ = std::move(reason);
  if (queue_.empty()) return send_close();
  // A write is under way: the close frame follows it (on_write), and nothing more is sent.
  queue_.resize(1);
}

// The closing handshake ends when the client answers, which the pending read receives (on_read
// then sees the connection closed), or at the handshake timeout.
void WebSocketSession::send_close() {
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {});
}

}  // namespace tortuga
