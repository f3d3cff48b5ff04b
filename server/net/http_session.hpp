// One HTTP connection: answers GET requests (health, history API, static files) and the admin
// API's requests, and hands a WebSocket upgrade at /ws over to a WebSocketSession.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/net/server_state.hpp"

namespace tortuga {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket socket, ServerState& state);
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec);
  // What answers this request, from any thread: the answer is written on this connection's.
  std::function<void(HttpReply)> replier(unsigned version, bool keep_alive, bool head);
  void respond(unsigned version, bool keep_alive, bool head, HttpReply reply);
  void on_write(bool keep_alive, boost::beast::error_code ec);
  // Where the request comes from, as the limits per address count it (client_address.hpp).
  std::string address_of(
      const boost::beast::http::request<boost::beast::http::string_body>& request) const;
  // The access log's line for the request just answered.
  void log_request(unsigned status, std::size_t bytes) const;

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  ServerState& state_;
  const std::uint64_t id_;
  // The request being answered, for the access log.
  std::string method_;
  std::string path_;
  std::chrono::steady_clock::time_point began_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> response_;
};

}  // namespace tortuga
