// Every action has exactly one answer over real sockets, whatever the client sends right behind
// it: an action followed at once by `sync` (or `join_room`) is answered, by its patch or by
// `applied`, and the state that follows is at least at the version the answer names.
#include <doctest/doctest.h>

#include <set>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

// Plays Raft & Scupper against a random bot: at each of Anne's turns she sends an action and,
// without waiting, `behind` (sync or join_room), and waits for the answers to both. Returns how
// many actions were answered by `applied` rather than by a patch.
int play_with_requests_behind(TestClient& anne, const Json& behind_kind, int turns) {
  const Table table = open_bot_table(anne, kRaft, {{"short_game", true}}, {"random"});
  Json behind = behind_kind;
  if (behind["type"] == "sync") behind["match"] = table.match;
  if (behind["type"] == "join_room") behind["room"] = table.room;
  auto rng = seeded_rng();
  int applied = 0;
  std::set<std::string> ids;
  for (int turn = 0; turn < turns && !is_over(anne, table.match);) {
    const MatchView& m = *anne.match(table.match);
    const std::int64_t before = m.version;
    const Json legal = m.view.at("legal");
    const bool alone = m.view.at("to_act") == Json::array({0});
    if (legal.empty()) {
      anne.wait_version(table.match, before + 1);
      continue;
    }
    ++turn;
    const std::string act_id = "act-" + std::to_string(turn);
    const std::string behind_id = "behind-" + std::to_string(turn);
    ids.insert(act_id);
    ids.insert(behind_id);
    anne.send({{"type", "action"},
               {"id", act_id},
               {"match", table.match},
               {"action", legal[rng() % legal.size()]}});
    Json request = behind;
    request["id"] = behind_id;
    anne.send(request);

    // The state that follows: sync's answer, or the one join_room pushes after its answer.
    const bool syncing = behind["type"] == "sync";
    bool behind_answered = false;
    Json answer, state;
    anne.wait_for(
        [&](const Json& message) {
          const Json re = message.value("re", Json());
          if (re == act_id) answer = message;
          if (re == behind_id) behind_answered = true;
          if (message.value("type", "") == "state" && message["match"] == table.match &&
              (syncing ? re == behind_id : behind_answered))
            state = message;
          return !answer.is_null() && !state.is_null();
        },
        "the answer to " + act_id + " and the state behind it");
    INFO(answer.dump());
    REQUIRE((answer["type"] == "patch" || answer["type"] == "applied"));
    CHECK(answer["match"] == table.match);
    // Where only Anne may act, her action is the next version.
    if (alone)
      CHECK(answer["version"] == before + 1);
    else
      CHECK(answer["version"] > before);
    CHECK(state["version"] >= answer["version"]);
    if (answer["type"] == "applied") ++applied;
  }
  // Every request had exactly one answer: none lost, none twice.
  for (const std::string& id : ids) {
    INFO(id);
    CHECK(anne.answers(id) == 1);
  }
  return applied;
}

TEST_CASE("an action sent with sync right behind it is answered, every time") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const int applied = play_with_requests_behind(anne, {{"type", "sync"}}, 30);
  MESSAGE(applied << " of 30 actions were answered by applied, the others by their patch");
}

TEST_CASE("an action sent with join_room right behind it is answered, every time") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const int applied = play_with_requests_behind(anne, {{"type", "join_room"}}, 30);
  MESSAGE(applied << " of 30 actions were answered by applied, the others by their patch");
}

}  // namespace
}  // namespace tortuga::integration
