// Riff Raff through a real server: a person plays a whole match against a smart and a random
// bot while someone watches; the watcher never sees a hand, the person sees only their own, and
// the match is stored as finished with the result everyone saw, and replays to the same views.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

constexpr const char* kRiffRaff = "riff-raff";

TEST_CASE("a person plays a whole match of Riff Raff against bots") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), sam(server.port(), "sam");
  anne.hello("Anne");
  sam.hello("Sam");

  const std::int64_t match =
      open_bot_table(anne, kRiffRaff, {{"players", 3}}, {"smart", "random"}, {&sam}).match;
  anne.record_history();

  // The first view: everyone chooses a card; Anne sees her hand, nobody else's.
  const Json first = anne.match(match)->view;
  CHECK(first.at("phase") == "choosing");
  CHECK(first.at("players").at(0).at("hand").size() == 10);
  CHECK_FALSE(first.at("players").at(1).contains("hand"));
  CHECK(first.at("legal").size() == 10);
  CHECK(first.at("model").at("areas").size() == 10);

  // Cards are chosen by everyone at once: a bot's choice may be patched in before Anne's.
  const int mine = play_random(match, {&anne}, {&sam}, rng);
  sam.wait_version(match, anne.match(match)->version);
  const Json& view = anne.match(match)->view;
  CHECK(view.at("over") == true);
  CHECK(view.at("result").at("winners").is_array());
  CHECK(mine >= 1);
  CHECK(anne.errors().empty());
  const Json& watched = sam.match(match)->view;
  CHECK(watched.at("result") == view.at("result"));
  CHECK(watched.at("world") == view.at("world"));
  for (const Json& p : watched.at("players")) CHECK_FALSE(p.contains("hand"));
  CHECK(view.at("motion").at("frames").get<int>() >= 1);

  Json stored;
  eventually(
      [&] {
        stored = anne.request({{"type", "get_match"}, {"match", match}}).at("match");
        return stored.at("status") != "running";
      },
      "the match stored as finished");
  CHECK(stored.at("status") == "finished");
  CHECK(stored.at("result") == view.at("result"));

  // The server replays the stored log through the simulation to every view Anne saw.
  const std::string base = "/api/matches/" + std::to_string(match);
  const HttpReply replay = http_get(server.port(), base + "/replay?seat=0");
  REQUIRE(replay.status == 200);
  const Json steps = Json::parse(replay.body).at("steps");
  const auto& seen = anne.match(match)->history;
  REQUIRE(steps.size() == static_cast<std::size_t>(anne.match(match)->version) + 1);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto it = seen.find(static_cast<std::int64_t>(i));
    if (it == seen.end()) continue;  // the first view came before recording began
    INFO("step " << i);
    CHECK(steps[i].at("view") == it->second);
  }
  // And the exported match replays offline to the same result.
  const HttpReply exported = http_get(server.port(), base + "/export");
  REQUIRE(exported.status == 200);
  CHECK(Json::parse(exported.body).at("result") == view.at("result"));
  write_file(dir / "match.json", exported.body);
  CHECK(run_tortuga({"replay", (dir / "match.json").string()}, dir / "replay.log") == 0);
}

}  // namespace
}  // namespace tortuga::integration
