// A client that asks for large answers and never reads them is dropped once what waits for it
// reaches limits.max_write_queue_bytes, with a close code that says why (4002, slow_reader): the
// bound is in bytes, not in messages, so what such clients cost the server stays within it.
#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/codes.hpp"
#include "server/ops/config.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

// A WebSocket client that sends and reads nothing until asked to: TestClient reads whatever comes
// whenever it runs, which would keep the server's queue empty.
class Hoarder {
 public:
  Hoarder(std::uint16_t port, int receive_buffer) : ws_(io_) {
    const boost::asio::ip::tcp::endpoint endpoint(boost::asio::ip::make_address("127.0.0.1"), port);
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(endpoint.protocol());
    socket.set_option(boost::asio::socket_base::receive_buffer_size(receive_buffer));
    beast::get_lowest_layer(ws_).connect(endpoint);
    ws_.handshake("127.0.0.1", "/ws");
    ws_.text(true);
  }
  // Once the server has dropped it, what it sends goes nowhere: no error is raised here.
  void send(const std::string& text) {
    beast::error_code ignored;
    ws_.write(boost::asio::buffer(text), ignored);
  }
  // Reads until the server closes the connection: how many messages came first.
  std::size_t read_to_close(Millis timeout = kWait) {
    std::size_t messages = 0;
    bool done = false;
    std::function<void()> next = [&] {
      ws_.async_read(buffer_, [&](beast::error_code ec, std::size_t) {
        if (ec) {
          done = true;
          if (ws_.reason().code != websocket::close_code::none)
            close_ = CloseFrame{ws_.reason().code, std::string(ws_.reason().reason.data(),
                                                               ws_.reason().reason.size())};
          return;
        }
        ++messages;
        buffer_.consume(buffer_.size());
        next();
      });
    };
    next();
    io_.run_for(timeout);
    REQUIRE_MESSAGE(done, "the connection was not closed in time");
    return messages;
  }
  const std::optional<CloseFrame>& close_frame() const { return close_; }

 private:
  boost::asio::io_context io_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::optional<CloseFrame> close_;
};

TEST_CASE("clients that never read their large answers are dropped at the byte bound (4002)") {
  TempDir dir;
  // The rate limit is raised so that the clients ask quickly; the write queue's bounds are the
  // server's defaults.
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  const std::size_t bound = Limits{}.max_write_queue_bytes;
  const double resident_before = resident_bytes(server.port());

  constexpr int kGreedy = 4;
  TestClient player(server.port(), "player");
  const std::size_t welcome_bytes = player.hello("Greedy").dump().size();
  const std::string ask =
      Json{{"type", "hello"}, {"name", "Greedy"}, {"token", player.token()}}.dump();
  // A small receive buffer: the server's writes back up soon rather than into the kernel's.
  std::vector<std::unique_ptr<Hoarder>> greedy;
  for (int i = 0; i < kGreedy; ++i)
    greedy.push_back(std::make_unique<Hoarder>(server.port(), 4096));
  // welcome, about 23 KB, is the largest answer anyone may ask for as often as it likes (hello
  // again with the player's own token). Asked for twice the bound's worth, and far fewer times
  // than the 1,024 messages the queue holds: only a bound in bytes drops these clients.
  const int asks = static_cast<int>(2 * bound / welcome_bytes) + 50;
  REQUIRE(asks < static_cast<int>(Limits{}.max_write_queue));
  double most_queued = 0;
  int sent = 0;
  for (; sent < asks; ++sent) {
    for (auto& c : greedy) c->send(ask);
    if (sent % 25 == 0) {
      most_queued =
          std::max(most_queued, metric(server.port(), "tortuga_write_queue_bytes").value_or(0));
      if (metric(server.port(), "tortuga_slow_clients_dropped_total") == kGreedy) break;
    }
  }
  MESSAGE(sent << " welcomes asked for by each client, " << welcome_bytes << " bytes each");
  eventually([&] { return metric(server.port(), "tortuga_slow_clients_dropped_total") == kGreedy; },
             "every greedy client dropped");
  // What waited for them all never passed their bounds together.
  CHECK(most_queued <= static_cast<double>(kGreedy * bound));

  for (auto& c : greedy) {
    // What reached the client before it was dropped, then the close frame saying why.
    const std::size_t received = c->read_to_close();
    CHECK(received < static_cast<std::size_t>(sent));
    REQUIRE(c->close_frame());
    CHECK(c->close_frame()->code == protocol::close_code::kSlowReader);
    CHECK(c->close_frame()->reason.rfind("slow_reader", 0) == 0);
  }
  // A connection is counted closed, and its queue given back, when the server lets go of it,
  // which may be a moment after the client has read the close frame.
  eventually(
      [&] {
        return metric(server.port(), "tortuga_connections_closed_total{reason=\"slow_client\"}") ==
                   kGreedy &&
               metric(server.port(), "tortuga_write_queue_bytes") == 0;
      },
      "every greedy connection counted closed, its queue given back");
  // The server holds no more than the clients' bounds, and a margin for its own allocations.
  const double grown = resident_bytes(server.port()) - resident_before;
  MESSAGE("resident memory grew by " << grown / 1e6 << " MB");
  CHECK(grown < static_cast<double>(kGreedy * bound + 32 * 1024 * 1024));

  // Others are served as before.
  TestClient other(server.port(), "other");
  other.hello("Anne");
  CHECK(other.request({{"type", "ping"}}).at("type") == "pong");
}

}  // namespace
}  // namespace tortuga::integration
