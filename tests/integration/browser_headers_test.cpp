// What the server asks of browsers (server/access/browser_policy.hpp), over real sockets: every
// answer carries a strict Content-Security-Policy, forbids framing and sniffing and sends no
// referrer; a WebSocket upgrade from a page of another origin is refused (403), from the server's
// own pages, listed origins and clients that send no Origin it is not.
#include <regex>
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

// An upgrade at /ws as a browser sends it, from a page of `origin`; the HTTP status answered.
int upgrade_status(std::uint16_t port, const std::string& origin, const std::string& host) {
  HttpHeaders headers = {{"Host", host},
                         {"Connection", "Upgrade"},
                         {"Upgrade", "websocket"},
                         {"Sec-WebSocket-Version", "13"},
                         {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}};
  if (!origin.empty()) headers.emplace_back("Origin", origin);
  return http_request(port, "GET", "/ws", "", headers).status;
}

TEST_CASE("every answer carries the browser headers: a strict CSP, no framing, no referrer") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  for (const char* path : {"/", "/index.html", "/admin.html", "/api/matches", "/nowhere"}) {
    CAPTURE(path);
    const HttpReply reply = http_get(server.port(), path);
    const std::string csp = reply.headers.count("Content-Security-Policy")
                                ? reply.headers.at("Content-Security-Policy")
                                : "";
    CHECK(csp.find("script-src 'self'") != std::string::npos);
    CHECK(csp.find("style-src 'self'") != std::string::npos);
    CHECK(csp.find("frame-ancestors 'none'") != std::string::npos);
    CHECK(csp.find("object-src 'none'") != std::string::npos);
    CHECK(csp.find("unsafe-inline") == std::string::npos);
    CHECK(csp.find("unsafe-eval") == std::string::npos);
    CHECK(reply.headers.count("X-Frame-Options"));
    CHECK(reply.headers.at("X-Frame-Options") == "DENY");
    CHECK(reply.headers.at("X-Content-Type-Options") == "nosniff");
    CHECK(reply.headers.at("Referrer-Policy") == "no-referrer");
  }
  // The pages themselves hold no inline script or style, which the policy would block.
  for (const char* page : {"/", "/admin.html"}) {
    CAPTURE(page);
    const std::string html = http_get(server.port(), page).body;
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("<style") == std::string::npos);
    CHECK(html.find("style=") == std::string::npos);
    CHECK_FALSE(std::regex_search(html, std::regex(R"(\son[a-z]+\s*=)")));  // no onclick=
  }
}

TEST_CASE("a WebSocket from another site's page is refused; the server's own pages are not") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  const std::string own = "127.0.0.1:" + std::to_string(server.port());
  CHECK(upgrade_status(server.port(), "https://evil.example", own) == 403);
  CHECK(upgrade_status(server.port(), "null", own) == 403);  // a sandboxed frame, a file
  CHECK(upgrade_status(server.port(), "http://127.0.0.1:1", own) == 403);  // another port
  CHECK(metric(server.port(), "tortuga_websocket_origins_refused_total") == 3);
  // The page the server served itself, and a client that is no browser.
  CHECK(upgrade_status(server.port(), "http://" + own, own) == 101);
  TestClient own_page(server.port(), "own page",
                      TestClient::Connect{.headers = {{"Origin", "http://" + own}, {"Host", own}}});
  CHECK(own_page.hello("Anne").at("type") == "welcome");
  TestClient script(server.port(), "no origin");
  CHECK(script.hello("Bill").at("type") == "welcome");
}

TEST_CASE("the origins listed in the config may connect as well") {
  TempDir dir;
  write_file(dir / "origins.json",
             R"({"allowed_origins": ["https://play.example.org", "http://localhost:9000"]})");
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       {"--config", (dir / "origins.json").string()});
  const std::string own = "127.0.0.1:" + std::to_string(server.port());
  CHECK(upgrade_status(server.port(), "https://play.example.org", own) == 101);
  CHECK(upgrade_status(server.port(), "https://PLAY.example.org:443", own) == 101);
  CHECK(upgrade_status(server.port(), "http://localhost:9000", own) == 101);
  CHECK(upgrade_status(server.port(), "http://play.example.org", own) == 403);  // another scheme
  CHECK(upgrade_status(server.port(), "https://evil.example", own) == 403);
}

}  // namespace
}  // namespace tortuga::integration
