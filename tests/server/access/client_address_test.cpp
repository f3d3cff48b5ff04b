// What an address is, for the limits per address (server/access/client_address.hpp): the peer's,
// unless it is a trusted proxy; then the client's as the proxies wrote it, read from the right.
// IPv6 by its /64.
#include <doctest/doctest.h>

#include "server/access/client_address.hpp"

namespace tortuga::testing {
namespace {

namespace ip = boost::asio::ip;

TrustedProxies trusting(std::vector<std::string> entries) {
  auto parsed = TrustedProxies::parse(entries);
  REQUIRE(parsed);
  return *parsed;
}

TEST_CASE("with no proxy trusted, X-Forwarded-For is not believed") {
  const TrustedProxies none = trusting({});
  const auto peer = ip::make_address("198.51.100.4");
  CHECK(client_address(peer, "", none) == "198.51.100.4");
  CHECK(client_address(peer, "203.0.113.7", none) == "198.51.100.4");
}

TEST_CASE("behind trusted proxies the client is the first hop from the right they did not write") {
  const TrustedProxies proxies = trusting({"127.0.0.1", "10.0.0.0/8"});
  const auto proxy = ip::make_address("127.0.0.1");
  // What the client wrote itself comes first, and is passed over.
  CHECK(client_address(proxy, "1.2.3.4, 203.0.113.7", proxies) == "203.0.113.7");
  // Through two proxies: the inner one's hop is trusted too.
  CHECK(client_address(proxy, "1.2.3.4, 203.0.113.7, 10.1.2.3", proxies) == "203.0.113.7");
  // Ports as some proxies write them, and spaces.
  CHECK(client_address(proxy, " 203.0.113.7:4711 ", proxies) == "203.0.113.7");
  CHECK(client_address(proxy, "[2001:db8::1]:4711", proxies) == "2001:db8::/64");
  // No header: the proxy itself. A hop that is no address: the proxy that wrote it.
  CHECK(client_address(proxy, "", proxies) == "127.0.0.1");
  CHECK(client_address(proxy, "203.0.113.7, unknown", proxies) == "127.0.0.1");
  CHECK(client_address(proxy, "unknown, 10.1.2.3", proxies) == "10.1.2.3");
  // A peer that is no trusted proxy is the client, whatever it forwards.
  CHECK(client_address(ip::make_address("192.0.2.1"), "203.0.113.7", proxies) == "192.0.2.1");
}

TEST_CASE("an IPv6 address counts by its /64; an IPv4 one mapped into IPv6 as itself") {
  CHECK(address_key(ip::make_address("2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::/64");
  CHECK(address_key(ip::make_address("2001:db8:1:2::ffff")) == "2001:db8:1:2::/64");
  CHECK(address_key(ip::make_address("::ffff:203.0.113.7")) == "203.0.113.7");
  const TrustedProxies v6 = trusting({"fd00::/8"});
  CHECK(v6.trusts(ip::make_address("fd12::1")));
  CHECK_FALSE(v6.trusts(ip::make_address("fe80::1")));
  CHECK(trusting({"127.0.0.1"}).trusts(ip::make_address("::ffff:127.0.0.1")));
}

TEST_CASE("a trusted proxy that is neither an address nor a network is refused") {
  for (const char* bad : {"localhost", "10.0.0.0/33", "10.0.0.0/", "::1/129", "1.2.3.4/x"}) {
    CAPTURE(bad);
    CHECK_FALSE(TrustedProxies::parse({bad}));
  }
}

}  // namespace
}  // namespace tortuga::testing
