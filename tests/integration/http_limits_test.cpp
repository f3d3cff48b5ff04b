// The HTTP limits of the config file hold on the wire: a request body over
// limits.max_http_body_bytes goes unanswered, and a connection that sends no whole request within
// limits.http_read_timeout_s, a kept-alive one included, is closed. Each is set far from its
// default, so a server that kept its defaults fails.
#include <chrono>
#include <string>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "tests/integration/server_process.hpp"

namespace tortuga::integration {
namespace {

using Clock = std::chrono::steady_clock;

struct Exchange {
  std::string received;        // every byte the server sent
  bool closed = false;         // the server closed the connection (within the guard)
  Clock::duration open_for{};  // from the last byte sent to the close, or to the guard
};

// Sends `request` on a new connection, then reads until the server closes it, giving up after
// `guard`.
Exchange exchange(std::uint16_t port, const std::string& request, std::chrono::seconds guard) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  for (std::size_t sent = 0; sent < request.size();) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    REQUIRE(n > 0);
    sent += static_cast<std::size_t>(n);
  }
  Exchange out;
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = start + guard;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) break;
    char buffer[4096];
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {  // an orderly close, or a reset
      out.closed = true;
      break;
    }
    out.received.append(buffer, static_cast<std::size_t>(n));
  }
  out.open_for = Clock::now() - start;
  ::close(fd);
  return out;
}

std::string request_with_body(std::size_t body_bytes) {
  return "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: " +
         std::to_string(body_bytes) + "\r\n\r\n" + std::string(body_bytes, 'x');
}

bool answered_ok(const Exchange& e) {
  return e.received.rfind("HTTP/1.1 200", 0) == 0;
}

}  // namespace

TEST_CASE("a request body over limits.max_http_body_bytes closes the connection unanswered") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "http", R"({"max_http_body_bytes": 64})"));
  const Exchange within = exchange(server.port(), request_with_body(64), std::chrono::seconds(5));
  CHECK(answered_ok(within));
  CHECK(within.closed);
  const Exchange over = exchange(server.port(), request_with_body(65), std::chrono::seconds(5));
  CHECK(over.received.empty());
  CHECK(over.closed);
}

TEST_CASE("a connection that sends no whole request within limits.http_read_timeout_s is closed") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "http", R"({"http_read_timeout_s": 1})"));
  // The default, 10 s, would outlast the guard.
  const auto guard = std::chrono::seconds(6);

  SUBCASE("a request that never ends") {
    const Exchange e =
        exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", guard);
    CHECK(e.received.empty());
    CHECK(e.closed);
    CHECK(e.open_for >= std::chrono::milliseconds(900));
  }
  SUBCASE("a kept-alive connection waiting for its next request") {
    const Exchange e =
        exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", guard);
    CHECK(answered_ok(e));
    CHECK(e.closed);
    CHECK(e.open_for >= std::chrono::milliseconds(900));
  }
}

}  // namespace tortuga::integration
