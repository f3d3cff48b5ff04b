#include "server/net/websocket_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"

namespace tortuga {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

WebSocketSession::WebSocketSession(boost::asio::ip::tcp::socket socket, ServerState& state,
                                   std::uint64_t id, std::string address, std::string agent)
    : Client(std::move(address), std::move(agent)),
      ws_(std::move(socket)),
      state_(state),
      id_(id),
      hello_timer_(ws_.get_executor()),
      cut_timer_(ws_.get_executor()),
      rest_timer_(ws_.get_executor()),
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
  if (counted_address_) state_.connections_per_address.give_back(address());
  server_metrics().dequeued(static_cast<std::int64_t>(queue_.size()));
  server_metrics().dequeued_bytes(static_cast<std::int64_t>(queued_bytes_));
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
    enqueue(std::make_shared<const std::string>(
        refusal(nullptr, {code::kServerFull, "too many connections; try later"})));
    close(CloseReason::limit, websocket::close_code::try_again_later);  // once the error is written
    return;
  }
  if (!state_.connections_per_address.take(address())) {
    server_metrics().limit_refused(Limit::connections_per_address);
    return refuse_and_close(CloseReason::limit, code::kTooManyConnections,
                            "at most " + std::to_string(state_.connections_per_address.ceiling()) +
                                " connections from one address at a time; close one first",
                            protocol::close_code::kTooManyConnections);
  }
  counted_address_ = true;
  state_.websockets.add(shared_from_this());
  arm_hello_deadline(std::chrono::seconds(state_.limits.hello_timeout_s));
  read();
}

void WebSocketSession::arm_hello_deadline(std::chrono::seconds after) {
  hello_timer_.expires_after(after);
  hello_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    auto self = weak.lock();
    if (ec || !self || self->closing_ || self->player() != 0) return;
    // A new player being stored answers soon: its hello came in time.
    if (self->hello_pending_) return self->arm_hello_deadline(std::chrono::seconds(1));
    self->close(CloseReason::hello_timeout,
                {static_cast<websocket::close_code>(protocol::close_code::kHelloTimeout),
                 "hello_timeout: no hello within " +
                     std::to_string(self->state_.limits.hello_timeout_s) + " s"});
  });
}

void WebSocketSession::refuse_and_close(CloseReason cause, const char* code,
                                        const std::string& message, int close_code) {
  // The close code's reason is at most 123 bytes: the code, and as much of the words as fit.
  std::string reason = std::string(code) + ": " + message;
  if (reason.size() > 123) reason.resize(123);
  // Queued at once, ahead of the close frame (send() would queue it behind).
  enqueue(std::make_shared<const std::string>(refusal(nullptr, {code, message})));
  close(cause, {static_cast<websocket::close_code>(close_code), reason});
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
    hello_timer_.cancel();
    cut_timer_.cancel();
    state_.lobby.disconnected(shared_from_this());
    return;
  }
  if (closing_) {
    // Read on only to receive the client's answer to the close frame.
  } else if (!take_token()) {
    server_metrics().message_received(ServerMetrics::kUnparsed);
    server_metrics().rate_limited();
    refuse(refused_id(),
           {code::kRateLimited, "more than the allowed messages per second; this one was dropped"});
    buffer_.consume(buffer_.size());
    return rest();
  } else if (bytes > state_.limits.max_message_bytes) {
    server_metrics().message_received(ServerMetrics::kUnparsed);
    refuse(refused_id(),
           {code::kMessageTooLarge,
            "messages are limited to " + std::to_string(state_.limits.max_message_bytes) + " bytes",
            {{"max_bytes", state_.limits.max_message_bytes}}});
  } else if (!ws_.got_text()) {
    server_metrics().message_received(ServerMetrics::kUnparsed);
    refuse(nullptr, {code::kBadJson, "send JSON in text frames"});
  } else {
    auto data = buffer_.cdata();
    std::string_view text(static_cast<const char*>(data.data()), data.size());
    auto parsed = protocol::parse_command(text);
    server_metrics().message_received(parsed.command ? parsed.command->index()
                                                     : ServerMetrics::kUnparsed);
    buffer_.consume(buffer_.size());
    if (parsed.command && (std::holds_alternative<protocol::Hello>(*parsed.command) ||
                           std::holds_alternative<protocol::Register>(*parsed.command) ||
                           std::holds_alternative<protocol::Login>(*parsed.command)))
      hello_pending_ = true;
    // The next message is read once this one allows it (see Lobby::handle): at once, here on
    // the connection's strand, for most; from the store's thread, through the strand, after a
    // new player's hello.
    state_.lobby.handle(shared_from_this(), std::move(parsed), [self = shared_from_this()] {
      boost::asio::dispatch(self->ws_.get_executor(), [self] {
        self->hello_pending_ = false;
        self->read();
      });
    });
    return;
  }
  buffer_.consume(buffer_.size());
  read();
}

// Nothing more is read until the allowance has a message again: a client that keeps sending waits
// in its own socket's buffers, slowed to the rate, rather than costing the server an answer each.
// The wait is rounded up, so that the next message read finds its token.
void WebSocketSession::rest() {
  const double wait_s = (1 - tokens_) / state_.limits.messages_per_second;
  rest_timer_.expires_after(
      std::chrono::ceil<std::chrono::microseconds>(std::chrono::duration<double>(wait_s)));
  rest_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->read();
  });
}

// A refused message is not parsed, but its id is looked for so that the client can tell which
// request was dropped: no further into it than an accepted message may be long, so that a
// refusal never costs more reading than an answer.
protocol::Json WebSocketSession::refused_id() const {
  auto data = buffer_.cdata();
  return protocol::peek_id({static_cast<const char*>(data.data()), data.size()},
                           state_.limits.max_message_bytes);
}

bool WebSocketSession::too_far_behind(std::size_t bytes) const {
  // A message alone in the queue always goes, however large: the bound is on what waits behind.
  if (queue_.empty()) return false;
  return queue_.size() >= state_.limits.max_write_queue ||
         queued_bytes_ + bytes > state_.limits.max_write_queue_bytes;
}

void WebSocketSession::send(Message message) {
  auto deliver = [self = shared_from_this(), message = std::move(message)] {
    if (self->closing_) return;
    if (self->too_far_behind(message->size())) {
      // A client this far behind cannot follow the match; it reconnects and syncs.
      TORTUGA_LOG_AT(warn,
                     log::Context("slow_client")
                         .connection(self->id_)
                         .player(self->player())
                         .field("queued", self->queue_.size())
                         .field("queued_bytes", self->queued_bytes_),
                     "disconnecting a client " << self->queue_.size() << " messages ("
                                               << self->queued_bytes_ << " bytes) behind");
      server_metrics().slow_client_dropped();
      self->close(CloseReason::slow_client,
                  {static_cast<websocket::close_code>(protocol::close_code::kSlowReader),
                   "slow_reader: too far behind in reading; connect again and sync"});
      return;
    }
    self->enqueue(std::move(message));
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

void WebSocketSession::enqueue(Message message) {
  server_metrics().queued(1);
  server_metrics().queued_bytes(static_cast<std::int64_t>(message->size()));
  queued_bytes_ += message->size();
  queue_.push_back(std::move(message));
  if (queue_.size() == 1) write();
}

void WebSocketSession::write() {
  ws_.async_write(
      boost::asio::buffer(*queue_.front()),
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void WebSocketSession::on_write(beast::error_code ec) {
  if (ec) {
    server_metrics().dequeued(static_cast<std::int64_t>(queue_.size()));
    server_metrics().dequeued_bytes(static_cast<std::int64_t>(queued_bytes_));
    queue_.clear();
    queued_bytes_ = 0;
    return;
  }
  server_metrics().dequeued(1);
  server_metrics().dequeued_bytes(static_cast<std::int64_t>(queue_.front()->size()));
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (!queue_.empty()) return write();
  if (closing_) send_close();
}

void WebSocketSession::go_away() {
  boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
    self->close(CloseReason::shutdown, {websocket::close_code::going_away, "server shutting down"});
  });
}

void WebSocketSession::sign_out(Message last) {
  boost::asio::post(ws_.get_executor(), [self = shared_from_this(), last = std::move(last)] {
    if (self->closing_) return;
    self->welcome(0, {}, 0);  // what it sent meanwhile is not its player's
    self->enqueue(last);
    self->close(CloseReason::signed_out,
                {static_cast<websocket::close_code>(protocol::close_code::kSignedOut),
                 "signed_out: this connection's session has ended"});
  });
}

// The first reason given is the one sent: a connection already closing is left to finish.
void WebSocketSession::close(CloseReason cause, websocket::close_reason reason) {
  if (closing_) return;
  closing_ = true;
  if (!close_cause_) close_cause_ = cause;
  close_reason_ = std::move(reason);
  hello_timer_.cancel();
  // A client that lets nothing through (it reads nothing, and the write before the close frame
  // never ends) is cut once it has had the idle timeout: it costs what it holds until then.
  cut_timer_.expires_after(std::chrono::seconds(state_.limits.idle_timeout_s));
  cut_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (auto self = weak.lock(); self && !ec) beast::get_lowest_layer(self->ws_).close();
  });
  if (queue_.empty()) return send_close();
  // A write is under way: the close frame follows it (on_write), and nothing more is sent.
  std::size_t dropped_bytes = 0;
  for (std::size_t i = 1; i < queue_.size(); ++i) dropped_bytes += queue_[i]->size();
  server_metrics().dequeued(static_cast<std::int64_t>(queue_.size()) - 1);
  server_metrics().dequeued_bytes(static_cast<std::int64_t>(dropped_bytes));
  queued_bytes_ -= dropped_bytes;
  queue_.resize(1);
}

// The closing handshake ends when the client answers, which the pending read receives (on_read
// then sees the connection closed), or at the handshake timeout.
void WebSocketSession::send_close() {
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {});
}

}  // namespace tortuga
