// One WebSocket connection: reads text frames, enforces the size and rate limits, hands each
// message to the lobby, and writes through a bounded queue of shared buffers so that one
// serialized message serves a whole broadcast.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/command.hpp"
#include "server/client.hpp"
#include "server/server_metrics.hpp"
#include "server/server_state.hpp"

namespace tortuga {

// The address a connection comes from, as the limits per address name it ("" if unknown).
std::string address_of(const boost::asio::ip::tcp::socket& socket);

class WebSocketSession : public Client, public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `id`: the connection's, as its HTTP session numbered it, for the logs.
  WebSocketSession(boost::asio::ip::tcp::socket socket, ServerState& state, std::uint64_t id);
  ~WebSocketSession() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> request);
  void send(Message message) override;
  using Client::send;
  // Thread-safe: the server is stopping. The write under way is finished, then the close frame
  // (1001, going away) is sent; nothing else is read or sent.
  void go_away();

 private:
  void on_accept(boost::beast::error_code ec);
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void write();
  void on_write(boost::beast::error_code ec);
  bool take_token();  // the rate limit's token bucket
  protocol::Json refused_id() const;
  // Sends an error and counts it.
  void refuse(const protocol::Json& re, const char* code, const std::string& message);
  void close(CloseReason cause, boost::beast::websocket::close_reason reason);
  void send_close();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  ServerState& state_;
  const std::uint64_t id_;
  std::deque<Message> queue_;
  bool counted_ = false;
  bool closing_ = false;
  std::optional<CloseReason> close_cause_;  // the first seen, counted when the session ends
  boost::beast::websocket::close_reason close_reason_;
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
};

}  // namespace tortuga
