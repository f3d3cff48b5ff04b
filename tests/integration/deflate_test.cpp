// permessage-deflate over real sockets: a client that offers it, as browsers do, has the server's
// messages compressed and plays a whole match through them beside one that does not; a server
// configured without it declines the offer.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

TEST_CASE("a client offering permessage-deflate plays a whole Riff Raff match compressed") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne", TestClient::Offer::deflate);
  TestClient sam(server.port(), "sam");
  CHECK(anne.extensions().find("permessage-deflate") != std::string::npos);
  CHECK(sam.extensions().empty());
  anne.hello("Anne");
  sam.hello("Sam");

  // Riff Raff's views are the largest (every piece's motion): the compressed ones must inflate
  // to exactly what the plain watcher's patches build.
  const std::int64_t match =
      open_bot_table(anne, "riff-raff", {{"players", 2}}, {"random"}, {&sam}).match;
  play_random(match, {&anne}, {&sam}, rng);
  sam.wait_version(match, anne.match(match)->version);
  CHECK(is_over(anne, match));
  CHECK(as_public(anne.match(match)->view).at("model") ==
        as_public(sam.match(match)->view).at("model"));
  CHECK(as_public(anne.match(match)->view).at("result") == sam.match(match)->view.at("result"));
}

TEST_CASE("limits.deflate false: the server declines the offer and sends plain messages") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "no-deflate", R"({"deflate": false})"));
  TestClient anne(server.port(), "anne", TestClient::Offer::deflate);
  CHECK(anne.extensions().empty());
  CHECK(anne.hello("Anne").at("type") == "welcome");
}

}  // namespace
}  // namespace tortuga::integration
