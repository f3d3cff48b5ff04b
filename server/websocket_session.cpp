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

std::string address_of(const boost::asio::ip::tcp::socket& socket) {
  boost::system::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  return ec ? std::string() : endpoint.address().to_string();
}

WebSocketSession::WebSocketSession(boost::asio::ip::tcp::socket socket, ServerState& state,
                                   std::uint64_t id)
    : Client(address_of(socket)),
      ws_(std::move(socket)),
      state_(state),
      id_(id),
      tokens_(state.limits.message_burst),
      refilled_(std::chrono::steady_clock::now()) {}

WebSocketSession::~WebSocketSession() {
  if (counted_) {
    --state_.connections;
    const CloseReason reason = close_cause_.value_or(CloseReason::error);
    server_metrics().connection_closed(reason);
    TORTUGA_LOG_AT(debug,
                   log::Context("connection_closed")
                       .connection(id_)
                       .player(player())
                       .field("reason", close_reason_name(reason)),
                   "connection " << id_ << " closed: " << close_reason_name(reason));
  }
  server_metrics().dequeued(static_cast<std::int64_t>(queue_.size()));
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
  server_metrics().connection_accepted();
  if (++state_.connections > state_.limits.max_connections) {
    server_metrics().error_sent(code::kServerFull);
    server_metrics().queued(1);
    queue_.push_back(std::make_shared<const std::string>(
        protocol::event::error(nullptr, code::kServerFull, "too many connections; try later")));
    write();
    close(CloseReason::limit, websocket::close_code::try_again_later);  // once the error is written
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
    // A client that goes away without a close frame (a tab closed, a process killed) has closed
    // its connection as much as one that sends it.
    const bool client_closed = ec == websocket::error::closed || ec == boost::asio::error::eof ||
                               ec == boost::asio::error::connection_reset;
    if (!close_cause_)
      close_cause_ = client_closed                 ? CloseReason::client_close
                     : ec == beast::error::timeout ? CloseReason::idle_timeout
                                                   : CloseReason::error;
    if (ec != websocket::error::closed && ec != boost::asio::error::operation_aborted &&
        ec != beast::error::timeout && ec != boost::asio::error::eof)
      TORTUGA_LOG_AT(debug, log::Context("websocket_read_failed").connection(id_).player(player()),
                     "websocket read: " << ec.message());
    state_.websockets.remove(this);
    state_.lobby.disconnected(shared_from_this());
    return;
  }
  if (closing_) {
    // Read on only to receive the client's answer to the close frame.
  } else if (!take_token()) {
    server_metrics().message_received(ServerMetrics::kUnparsed);
    server_metrics().rate_limited();
    refuse(refused_id(), code::kRateLimited,
           "more than the allowed messages per second; this one was dropped");
  } else if (bytes > state_.limits.max_message_bytes) {
    server_metrics().message_received(ServerMetrics::kUnparsed);
    refuse(refused_id(), code::kMessageTooLarge,
           "messages are limited to " + std::to_string(state_.limits.max_message_bytes) + " bytes");
  } else if (!ws_.got_text()) {
    server_metrics().message_received(ServerMetrics::kUnparsed);
    refuse(nullptr, code::kBadJson, "send JSON in text frames");
  } else {
    auto data = buffer_.cdata();
    std::string_view text(static_cast<const char*>(data.data()), data.size());
    auto parsed = protocol::parse_command(text);
    server_metrics().message_received(parsed.command ? parsed.command->index()
                                                     : ServerMetrics::kUnparsed);
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

void WebSocketSession::refuse(const protocol::Json& re, const char* code,
                              const std::string& message) {
  server_metrics().error_sent(code);
  send(protocol::event::error(re, code, message));
}

void WebSocketSession::send(Message message) {
  auto deliver = [self = shared_from_this(), message = std::move(message)] {
    if (self->closing_) return;
    if (self->queue_.size() >= self->state_.limits.max_write_queue) {
      // A client this far behind cannot follow the match; it reconnects and syncs.
      TORTUGA_LOG_AT(warn,
                     log::Context("slow_client")
                         .connection(self->id_)
                         .player(self->player())
                         .field("queued", self->queue_.size()),
                     "disconnecting a client " << self->queue_.size() << " messages behind");
      server_metrics().slow_client_dropped();
      self->close(CloseReason::slow_client, websocket::close_code::try_again_later);
      return;
    }
    server_metrics().queued(1);
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
    server_metrics().dequeued(static_cast<std::int64_t>(queue_.size()));
    queue_.clear();
    return;
  }
  server_metrics().dequeued(1);
  queue_.pop_front();
  if (!queue_.empty()) return write();
  if (closing_) send_close();
}

void WebSocketSession::go_away() {
  boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
    self->close(CloseReason::shutdown, {websocket::close_code::going_away, "server shutting down"});
  });
}

// The first reason given is the one sent: a connection already closing is left to finish.
void WebSocketSession::close(CloseReason cause, websocket::close_reason reason) {
  if (closing_) return;
  closing_ = true;
  if (!close_cause_) close_cause_ = cause;
  close_reason_ = std::move(reason);
  if (queue_.empty()) return send_close();
  // A write is under way: the close frame follows it (on_write), and nothing more is sent.
  server_metrics().dequeued(static_cast<std::int64_t>(queue_.size()) - 1);
  queue_.resize(1);
}

// The closing handshake ends when the client answers, which the pending read receives (on_read
// then sees the connection closed), or at the handshake timeout.
void WebSocketSession::send_close() {
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {});
}

}  // namespace tortuga
