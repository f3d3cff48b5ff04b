// Accepts TCP connections and hands each to an HTTP session on its own strand.
#pragma once

#include <memory>

#include <boost/asio/ip/tcp.hpp>

#include "server/net/server_state.hpp"

namespace tortuga {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens; throws std::system_error when the address cannot be used (start-up).
  Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint,
           ServerState& state);
  void run();
  void stop();
  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

 private:
  void accept();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerState& state_;
};

}  // namespace tortuga
