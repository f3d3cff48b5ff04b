#include "server/net/listener.hpp"

#include <boost/asio/strand.hpp>

#include "server/net/http_session.hpp"
#include "server/ops/log.hpp"

namespace tortuga {

Listener::Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint,
                   ServerState& state)
    : io_(io), acceptor_(boost::asio::make_strand(io)), state_(state) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(boost::asio::socket_base::max_listen_connections);
}

void Listener::run() {
  accept();
}

void Listener::stop() {
  boost::asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
  });
}

void Listener::accept() {
  acceptor_.async_accept(boost::asio::make_strand(io_), [self = shared_from_this()](
                                                            boost::system::error_code ec,
                                                            boost::asio::ip::tcp::socket socket) {
    if (ec == boost::asio::error::operation_aborted || !self->acceptor_.is_open()) return;
    if (ec) {
      TORTUGA_LOG_AT(warn, log::Context("accept_failed"), "accept: " << ec.message());
    } else {
      socket.set_option(boost::asio::ip::tcp::no_delay(true), ec);
      std::make_shared<HttpSession>(std::move(socket), self->state_)->run();
    }
    self->accept();
  });
}

}  // namespace tortuga
