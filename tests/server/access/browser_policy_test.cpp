// Which pages may open a WebSocket (server/access/browser_policy.hpp): the server's own, listed
// ones, any with "*"; a client that sends no Origin is no browser and is let in.
#include <doctest/doctest.h>

#include "server/access/browser_policy.hpp"

namespace tortuga::testing {
namespace {

AllowedOrigins allowing(std::vector<std::string> entries) {
  auto parsed = AllowedOrigins::parse(entries);
  REQUIRE(parsed);
  return *parsed;
}

TEST_CASE("by default only the server's own pages, and clients without an Origin") {
  const AllowedOrigins own = allowing({});
  CHECK(own.allows("", "tortuga.example"));
  CHECK(own.allows("https://tortuga.example", "tortuga.example"));
  CHECK(own.allows("https://tortuga.example", "tortuga.example:443"));  // the default port
  CHECK(own.allows("http://127.0.0.1:8080", "127.0.0.1:8080"));
  CHECK(own.allows("HTTP://Tortuga.Example", "tortuga.example"));
  CHECK_FALSE(own.allows("http://127.0.0.1:8081", "127.0.0.1:8080"));
  CHECK_FALSE(own.allows("https://evil.example", "tortuga.example"));
  CHECK_FALSE(own.allows("null", "tortuga.example"));
  CHECK_FALSE(own.allows("https://tortuga.example.evil.example", "tortuga.example"));
}

TEST_CASE("listed origins, exactly, scheme and port included; or any with *") {
  const AllowedOrigins listed = allowing({"https://play.example.org", "http://localhost:9000"});
  CHECK(listed.allows("https://play.example.org", "node-1.example.org"));
  CHECK(listed.allows("https://play.example.org:443", "node-1.example.org"));
  CHECK(listed.allows("http://localhost:9000", "node-1.example.org"));
  CHECK_FALSE(listed.allows("http://play.example.org", "node-1.example.org"));
  CHECK_FALSE(listed.allows("http://localhost:9001", "node-1.example.org"));
  CHECK(allowing({"*"}).allows("https://anywhere.example", "node-1.example.org"));
}

TEST_CASE("an entry that is not an origin is refused") {
  for (const char* bad : {"play.example.org", "ftp://play.example.org", "https://x.org/path",
                          "https://", "https://user@x.org"}) {
    CAPTURE(bad);
    CHECK_FALSE(AllowedOrigins::parse({bad}));
  }
}

}  // namespace
}  // namespace tortuga::testing
