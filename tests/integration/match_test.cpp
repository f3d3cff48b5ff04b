// A whole match over real sockets, then the same match as the history API and the offline replay
// tell it.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

Json find_match(const Json& matches, std::int64_t id) {
  for (const Json& m : matches)
    if (m.at("id") == id) return m;
  return nullptr;
}

TEST_CASE("two players meet, play a whole match a spectator follows, and history keeps it") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();

  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), sam(server.port(), "sam");
  const Json welcome = anne.hello("Anne");
  CHECK(welcome.at("protocol") == 1);
  bool lists_raft = false;
  for (const Json& g : welcome.at("games")) lists_raft = lists_raft || g.at("id") == kRaft;
  CHECK(lists_raft);
  bill.hello("Bill");
  sam.hello("Sam");
  for (TestClient* c : {&anne, &bill, &sam}) c->record_history();

  const Table table = open_table(anne, bill, {&sam});
  const int actions = play_random(table.match, {&anne, &bill}, {&sam}, rng);
  MESSAGE("match " << table.match << " took " << actions << " actions");

  // Every client saw every version, by patches, and ended on the same over view.
  for (TestClient* c : {&anne, &bill, &sam}) {
    const MatchView& m = *c->match(table.match);
    CHECK(m.states == 1);
    CHECK(m.patches == actions);
    CHECK(m.version == actions);
    CHECK(m.view.at("over") == true);
    CHECK(m.view.at("result").is_object());
    CHECK(m.view.at("to_act").empty());
    CHECK(c->errors().empty());
  }
  const Json result = anne.match(table.match)->view.at("result");
  CHECK(bill.match(table.match)->view.at("result") == result);
  CHECK(anne.match(table.match)->view.at("seat") == 0);
  CHECK(bill.match(table.match)->view.at("seat") == 1);
  // Raft & Scupper hides nothing: every version of the spectators' view is a player's view
  // without the seat's own parts.
  const MatchView& watched = *sam.match(table.match);
  CHECK(watched.view.at("seat").is_null());
  CHECK(watched.view.at("legal").empty());
  REQUIRE(watched.history.size() == static_cast<std::size_t>(actions) + 1);  // every version
  for (const auto& [version, view] : anne.match(table.match)->history) {
    INFO("version " << version);
    CHECK(as_public(view) == watched.history.at(version));
    CHECK(as_public(bill.match(table.match)->history.at(version)) == as_public(view));
  }

  // The lobby's list and the HTTP API agree on the finished match.
  Json entry;
  eventually(
      [&] {
        const Json listed = anne.request({{"type", "list_matches"}, {"game", kRaft}});
        REQUIRE(listed.at("type") == "matches");
        entry = find_match(listed.at("matches"), table.match);
        REQUIRE(entry.is_object());
        return entry.at("status") != "running";
      },
      "the match listed as finished");
  CHECK(entry.at("status") == "finished");
  CHECK(entry.at("result") == result);
  CHECK(entry.at("actions") == actions);
  CHECK(entry.at("seats").at(0).at("player") == anne.player());
  CHECK(entry.at("seats").at(1).at("player") == bill.player());

  const HttpReply all = http_get(server.port(), "/api/matches?status=finished");
  REQUIRE(all.status == 200);
  const Json http_entry = find_match(Json::parse(all.body).at("matches"), table.match);
  REQUIRE(http_entry.is_object());
  CHECK(http_entry == entry);
  const HttpReply one = http_get(server.port(), "/api/matches/" + std::to_string(table.match));
  REQUIRE(one.status == 200);
  CHECK(Json::parse(one.body).at("match") == entry);

  // The replay has the start and one step per action; its views are the ones the clients built
  // from patches (over, the match reveals everything, which in this game is the public view),
  // with every seat's legal actions beside them: those of the seat to act, none for the other.
  const std::string base = "/api/matches/" + std::to_string(table.match);
  const HttpReply replay = http_get(server.port(), base + "/replay");
  REQUIRE(replay.status == 200);
  const Json steps = Json::parse(replay.body).at("steps");
  REQUIRE(steps.size() == static_cast<std::size_t>(actions) + 1);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    INFO("step " << i);
    CHECK(steps[i].at("step") == i);
    Json view = steps[i].at("view");
    const Json by_seat = view.at("legal_by_seat");
    view.erase("legal_by_seat");
    CHECK(view == watched.history.at(static_cast<std::int64_t>(i)));
    REQUIRE(by_seat.size() == 2);
    for (int seat = 0; seat < 2; ++seat) {
      const Json& to_act = view.at("to_act");
      const bool acts = std::find(to_act.begin(), to_act.end(), Json(seat)) != to_act.end();
      CHECK(by_seat[seat].empty() == !acts);
    }
  }
  const HttpReply seat_replay = http_get(server.port(), base + "/replay?seat=1");
  REQUIRE(seat_replay.status == 200);
  const Json seat_steps = Json::parse(seat_replay.body).at("steps");
  REQUIRE(seat_steps.size() == steps.size());
  for (std::size_t i = 0; i < seat_steps.size(); ++i) {
    INFO("step " << i);
    CHECK(seat_steps[i].at("view") ==
          bill.match(table.match)->history.at(static_cast<std::int64_t>(i)));
  }
  const Json ws_replay =
      bill.request({{"type", "get_replay"}, {"match", table.match}, {"seat", 1}});
  REQUIRE(ws_replay.at("type") == "replay");
  CHECK(ws_replay.at("steps") == seat_steps);
  // The message and the HTTP answer are one body: through a seat's eyes, nothing is revealed;
  // without a seat, once over, everything.
  Json seat_body = Json::parse(seat_replay.body);
  CHECK(seat_body.at("revealed") == false);
  seat_body["type"] = "replay";
  seat_body["re"] = ws_replay.at("re");
  CHECK(ws_replay == seat_body);
  const Json ws_all = bill.request({{"type", "get_replay"}, {"match", table.match}});
  CHECK(ws_all.at("revealed") == true);
  CHECK(ws_all.at("steps") == steps);

  // The export replays offline to the same result.
  const HttpReply exported = http_get(server.port(), base + "/export");
  REQUIRE(exported.status == 200);
  const Json file = Json::parse(exported.body);
  CHECK(file.at("result") == result);
  CHECK(file.at("actions").size() == static_cast<std::size_t>(actions));
  write_file(dir / "match.json", exported.body);
  CHECK(run_tortuga({"replay", (dir / "match.json").string()}, dir / "replay.log") == 0);

  // A file whose log was tampered with does not replay: the first action moves to the other seat.
  Json tampered = file;
  tampered["actions"][0]["seat"] = 1 - tampered["actions"][0]["seat"].get<int>();
  write_file(dir / "tampered.json", tampered.dump());
  CHECK(run_tortuga({"replay", (dir / "tampered.json").string()}, dir / "replay.log") == 1);
  // With --keep-going it reports each refused action and replays the rest.
  CHECK(run_tortuga({"replay", (dir / "tampered.json").string(), "--keep-going"},
                    dir / "going.log") == 1);
  std::ifstream going_log(dir / "going.log");
  const std::string going((std::istreambuf_iterator<char>(going_log)),
                          std::istreambuf_iterator<char>());
  CHECK(going.find("{\"refused\":{\"action\":") != std::string::npos);
  CHECK(going.find("actions refused") != std::string::npos);
}

// The room sends the last patch only once both the last action and the result are stored, so a
// client that asks right after the last patch finds the match finished, with its result.
TEST_CASE("once a player has the last patch, the match is listed as finished") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  for (int round = 0; round < 20; ++round) {
    const Table table = open_table(anne, bill, {}, {{"short_game", true}});
    play_random(table.match, {&anne, &bill}, {}, rng);
    const Json got = anne.request({{"type", "get_match"}, {"match", table.match}});
    INFO("match " << table.match << ": " << got.dump());
    REQUIRE(got.at("match").at("status") == "finished");
    REQUIRE(got.at("match").at("result") == anne.match(table.match)->view.at("result"));
    // Done with the room: it closes, and Anne may make the next (she may have only so many).
    for (TestClient* c : {&anne, &bill}) c->request({{"type", "leave_room"}, {"room", table.room}});
  }
}

}  // namespace
}  // namespace tortuga::integration
