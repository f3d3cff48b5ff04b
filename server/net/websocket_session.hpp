// One WebSocket connection: reads text frames, enforces the size and rate limits, the connections
// per address and the deadline for hello, hands each message to the lobby, and writes through a
// queue of shared buffers, bounded in messages and in bytes, so that one serialized message serves
// a whole broadcast and a client that stops reading costs a bounded amount.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/command.hpp"
#include "server/net/server_state.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/room/client.hpp"

namespace tortuga {

class WebSocketSession : public Client, public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `id`: the connection's, as its HTTP session numbered it, for the logs. `address`: where it
  // comes from (client_address.hpp); `agent`: its User-Agent.
  WebSocketSession(boost::asio::ip::tcp::socket socket, ServerState& state, std::uint64_t id,
                   std::string address, std::string agent = {});
  ~WebSocketSession() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void send(Message message) override;
  using Client::send;
  // Thread-safe: the server is stopping. The write under way is finished, then the close frame
  // (1001, going away) is sent; nothing else is read or sent.
  void go_away();
  // Thread-safe: the player's session was revoked, or the account disabled. `last` is written,
  // then the close frame (4004, signed_out); nothing more is read.
  void sign_out(Message last) override;

 private:
  void on_accept(boost::beast::error_code ec);
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // On the strand: `message` joins the queue, and is written at once if nothing is before it.
  void enqueue(Message message);
  void write();
  void on_write(boost::beast::error_code ec);
  bool take_token();  // the rate limit's token bucket
  void rest();        // reads again once the bucket holds a token
  protocol::Json refused_id() const;
  void close(CloseReason cause, boost::beast::websocket::close_reason reason);
  void send_close();
  // Sends an error, then closes with `close_code`, its reason starting with the error's code.
  void refuse_and_close(CloseReason cause, const char* code, const std::string& message,
                        int close_code);
  // Whether one more message of `bytes` would put the queue over its bounds.
  bool too_far_behind(std::size_t bytes) const;
  // hello's deadline (limits.hello_timeout_s), from the accept.
  void arm_hello_deadline(std::chrono::seconds after);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  ServerState& state_;
  const std::uint64_t id_;
  std::deque<Message> queue_;
  std::size_t queued_bytes_ = 0;  // what the messages in queue_ hold
  bool counted_ = false;
  bool counted_address_ = false;  // it holds one of its address's connections
  bool hello_pending_ = false;    // a hello has been read and its answer is on its way
  boost::asio::steady_timer hello_timer_;
  // A close the client does not let through is cut when this fires (close()).
  boost::asio::steady_timer cut_timer_;
  boost::asio::steady_timer rest_timer_;  // a rate-limited connection's pause (rest())
  bool closing_ = false;
  std::optional<CloseReason> close_cause_;  // the first seen, counted when the session ends
  boost::beast::websocket::close_reason close_reason_;
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
};

}  // namespace tortuga
