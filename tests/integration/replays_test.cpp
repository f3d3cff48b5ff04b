// Replays over real sockets are computed away from the threads that serve the connections, once:
// while a costly replay is computed, a bystander's ping is answered; asked again, a replay is
// answered from what was kept; a full queue answers replay_busy and a spent address
// replay_rate_limited, typed and counted, and the connection carries on. The costly match is one
// stored before the physics had a ceiling, with a model a new room would be refused: it still
// replays.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "persistence/sqlite/sqlite_store.hpp"
#include "rules/core/registry.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

// Riff Raff's model as a room could ask for it before the ceiling: 240 steps a second for 30 s,
// 30 iterations of each kind, and a name nobody reads; about 65 times a standard placement's work.
const Json kEarlierModel = {{"physics",
                             {{"step_hz", 240},
                              {"velocity_iterations", 30},
                              {"position_iterations", 30},
                              {"max_seconds", 30}}},
                            {"junk", "accepted once, read by nobody"}};

// Stores, in the SQLite database `db`, a two-seat Riff Raff match of `model` that random bots
// played until `loads` pieces were loaded (or to its end), then closed (aborted: over); returns
// its id.
std::int64_t store_riff_match(const std::filesystem::path& db, const Json& model, int loads) {
  const Game& game = *find_game("riff-raff");
  const Json options = {{"players", 2}, {"model", model}};
  auto normalized = game.normalize_stored_options(options);
  REQUIRE(normalized.ok());
  auto state = game.new_state(*normalized, Chance(11));
  auto bot = game.make_bot("random");
  Chance choices(13);
  std::vector<std::pair<int, Json>> actions;
  while (loads > 0 && !state->is_over()) {
    const int seat = state->actors().front();
    Json action = bot->choose(*state, seat, choices);
    REQUIRE_FALSE(state->apply(seat, action).has_value());
    if (action["type"] == "load") --loads;
    actions.emplace_back(seat, std::move(action));
  }
  store::SqliteStore store(db.string());
  store::Match m;
  m.game = "riff-raff";
  m.options_json = options.dump();
  m.seed = 11;
  m.seats = {{0, std::nullopt, "Bot 1 (random)", "random"},
             {1, std::nullopt, "Bot 2 (random)", "random"}};
  const std::int64_t id = store.create_match(m).value();
  REQUIRE(id > 0);
  for (std::size_t i = 0; i < actions.size(); ++i)
    store.append_action(
        {id, static_cast<std::int64_t>(i + 1), actions[i].first, actions[i].second.dump(), 1000},
        [](const store::Outcome<void>& written) {
          REQUIRE_MESSAGE(written.ok(), (written ? std::string() : written.failure().why));
        });
  store.finish_match(id, store::MatchStatus::aborted, "null", 2000, nullptr);
  store.flush();
  return id;
}

// Waits until GET /metrics shows `series` at `value`.
void wait_metric(std::uint16_t port, const std::string& series, double value) {
  eventually([&] { return metric(port, series) == value; },
             series + " at " + std::to_string(value));
}

const std::string kRunning = "tortuga_replays_running";
const std::string kQueued = "tortuga_replays_queued";

std::string outcome(const char* name) {
  return std::string("tortuga_replays_total{outcome=\"") + name + "\"}";
}

}  // namespace

TEST_CASE("a costly replay is computed off the network thread, once, and kept") {
  TempDir dir;
  // Played to its end: about 80 steps, whose replay takes seconds of CPU (the ping, a moment).
  const std::int64_t match = store_riff_match(dir / "tortuga.db", kEarlierModel, 1000);
  // One network thread: a replay computed on it would hold every connection.
  auto args = limits_config(dir.path(), "replays", R"({"replay_threads": 1, "replay_queue": 1})");
  args.insert(args.end(), {"--threads", "1"});
  ServerProcess server(dir / "tortuga.db", dir.path(), args);
  TestClient asker(server.port(), "asker"), bystander(server.port(), "bystander"),
      second(server.port(), "second"), third(server.port(), "third");
  for (TestClient* c : {&asker, &bystander, &second, &third}) c->hello(c->label());

  asker.send({{"type", "get_replay"}, {"match", match}, {"id", "whole"}});
  wait_metric(server.port(), kRunning, 1);  // /metrics answers while it is computed
  // The bystander's ping is answered while the replay is still being computed.
  CHECK(bystander.request({{"type", "ping"}})["type"] == "pong");
  CHECK_FALSE(asker.receive(Millis(0)).has_value());

  // The queue holds one more; the next is refused as busy, typed, over both paths.
  second.send({{"type", "get_replay"}, {"match", match}, {"seat", 0}, {"id", "seat 0"}});
  wait_metric(server.port(), kQueued, 1);
  const Json busy = third.request({{"type", "get_replay"}, {"match", match}, {"seat", 1}});
  CHECK(busy["code"] == "replay_busy");
  const HttpReply busy_http =
      http_get(server.port(), "/api/matches/" + std::to_string(match) + "/replay?seat=1");
  CHECK(busy_http.status == 503);
  CHECK(busy_http.headers.count("Retry-After") == 1);
  CHECK(third.request({{"type", "ping"}})["type"] == "pong");

  const Json whole = asker.wait_for([](const Json& m) { return m.value("re", Json()) == "whole"; },
                                    "the replay", Millis(120000));
  REQUIRE(whole["type"] == "replay");
  CHECK(whole["revealed"] == true);
  CHECK(whole["steps"].size() > 6);
  CHECK(second.wait_for([](const Json& m) { return m.value("re", Json()) == "seat 0"; },
                        "seat 0's replay", Millis(120000))["type"] == "replay");

  // Asked again, over HTTP now: the same replay, from what was kept, not computed again.
  const double computed = *metric(server.port(), outcome("computed"));
  const HttpReply again =
      http_get(server.port(), "/api/matches/" + std::to_string(match) + "/replay");
  REQUIRE(again.status == 200);
  Json expected = whole;
  expected.erase("type");
  expected.erase("re");
  CHECK(Json::parse(again.body) == expected);
  CHECK(metric(server.port(), outcome("computed")) == computed);
  CHECK(metric(server.port(), outcome("kept")) == 1);
  CHECK(metric(server.port(), outcome("busy")) == 2);
  CHECK(metric(server.port(), "tortuga_replay_cache_bytes").value_or(0) > 0);
}

TEST_CASE("an address that asks for too many replays is refused, typed, until its budget refills") {
  TempDir dir;
  const auto args = limits_config(dir.path(), "replays",
                                  R"({"messages_per_second": 100000, "message_burst": 100000,
                           "replay_burst": 3, "replays_per_minute": 0.01})");
  ServerProcess server(dir / "tortuga.db", dir.path(), args);
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben");
  anne.hello("Anne");
  ben.hello("Ben");
  const Table table = open_table(anne, ben);
  const std::string replay = "/api/matches/" + std::to_string(table.match) + "/replay";

  // Three at once is the budget, shared by the address's connections and its HTTP requests.
  CHECK(anne.request({{"type", "get_replay"}, {"match", table.match}})["type"] == "replay");
  CHECK(ben.request({{"type", "get_replay"}, {"match", table.match}})["type"] == "replay");
  CHECK(http_get(server.port(), replay).status == 200);
  const Json refused = anne.request({{"type", "get_replay"}, {"match", table.match}});
  CHECK(refused["code"] == "replay_rate_limited");
  const HttpReply refused_http = http_get(server.port(), replay);
  CHECK(refused_http.status == 429);
  CHECK(Json::parse(refused_http.body)["code"] == "replay_rate_limited");
  CHECK(refused_http.headers.count("Retry-After") == 1);
  CHECK(anne.request({{"type", "ping"}})["type"] == "pong");
  CHECK(metric(server.port(), outcome("rate_limited")) == 2);
}

}  // namespace tortuga::integration
