// "My matches" over real sockets (docs/protocol.md#watch_my_matches): a player who watches sees
// every running match of theirs, correspondence and live, those waiting for them first with their
// deadlines; an opponent's move pushes the list again with the turn flipped; a finished match
// leaves it; and another player sees only their own. On SQLite and on PostgreSQL.
#include <algorithm>
#include <map>
#include <random>
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

// Whether `client`'s own seat is one the rules wait for in `match`, by its view.
bool to_act(const TestClient& client, std::int64_t match) {
  const Json& view = client.match(match)->view;
  const Json& seats = view.at("to_act");
  return std::find(seats.begin(), seats.end(), view.at("seat")) != seats.end();
}

std::vector<std::string> fast_config(const std::filesystem::path& dir) {
  return limits_config(dir, "fast", R"({"messages_per_second": 100000, "message_burst": 100000})");
}

// The deadline of `player`'s seat in a correspondence room message, null when not waited for.
Json due_of(const Json& room, std::int64_t player) {
  for (const Json& seat : room.at("seats"))
    if (seat.at("player").is_object() && seat["player"].at("id") == player)
      return seat.at("clock").value("due_ms", Json(nullptr));
  return nullptr;
}

const Json* entry(const Json& list, std::int64_t match) {
  for (const Json& e : list.at("matches"))
    if (e.at("match") == match) return &e;
  return nullptr;
}

// The list is in its promised order: the player's turn first, then the soonest deadline (none
// last), then the newest.
void check_order(const Json& list) {
  const Json& m = list.at("matches");
  for (std::size_t i = 1; i < m.size(); ++i) {
    const Json& a = m[i - 1];
    const Json& b = m[i];
    INFO(list.dump());
    if (a.at("your_turn") != b.at("your_turn")) {
      CHECK(a.at("your_turn") == true);
      continue;
    }
    if (a.at("deadline").is_null() != b.at("deadline").is_null()) {
      CHECK(b.at("deadline").is_null());
      continue;
    }
    if (!a.at("deadline").is_null() && a.at("deadline") != b.at("deadline")) {
      CHECK(a.at("deadline").get<std::int64_t>() < b.at("deadline").get<std::int64_t>());
      continue;
    }
    CHECK(a.at("started").get<std::int64_t>() >= b.at("started").get<std::int64_t>());
  }
}

// The next list pushed to `c` (no re) that `holds`.
Json pushed(TestClient& c, const std::function<bool(const Json&)>& holds, const std::string& what) {
  return c.wait_for(
      [&](const Json& m) {
        return m.value("type", "") == "my_matches" && !m.contains("re") && holds(m);
      },
      what);
}

// One action at a time in `match` until `who`'s turn there is `turn` (or the match is over).
void play_until(std::int64_t match, TestClient& who, bool turn,
                const std::vector<TestClient*>& players, std::mt19937_64& rng) {
  for (int i = 0; i < 200 && to_act(who, match) != turn && !is_over(who, match); ++i)
    play_random(match, players, {}, rng, 1);
}

void my_matches_over_sockets(const std::string& db, const TempDir& dir) {
  auto rng = seeded_rng();
  // Played at the speed of a test, not of people: no message is refused for coming too fast.
  ServerProcess server(db, dir.path(), fast_config(dir.path()));
  const std::uint16_t port = server.port();
  TestClient anne(port, "anne"), ben(port, "ben"), carl(port, "carl"), dora(port, "dora");
  const Json anne_welcome = register_account(anne, "Anne");
  const std::int64_t anne_id = anne_welcome.at("player").at("id");
  register_account(ben, "Ben");
  carl.hello("Carl");
  dora.hello("Dora");

  // Two matches by correspondence (one Anne's room, one Ben's) and one live.
  const Json post_a = open_by_post(anne, ben, 2).started.at("room");
  const Json post_b = open_by_post(ben, anne, 5).started.at("room");
  const Table live = open_table(anne, ben);
  const std::int64_t ma = post_a["match"], mb = post_b["match"];
  // Carl and Dora play a match of their own, which is none of Anne's.
  const Table theirs = open_table(carl, dora);
  // Anne's turn in one correspondence match and not in the other, so that the order shows.
  if (to_act(anne, ma) == to_act(anne, mb))
    play_until(mb, anne, !to_act(anne, mb), {&anne, &ben}, rng);
  REQUIRE(to_act(anne, ma) != to_act(anne, mb));

  // Anne watches on a connection of her own that does nothing else, so that every list pushed
  // to it waits there to be read, whatever the other connections read meanwhile.
  TestClient watching(port, "anne watching");
  watching.hello("Anne", anne_welcome.at("token").get<std::string>());
  const Json list = watching.request({{"type", "watch_my_matches"}});
  REQUIRE(list.at("type") == "my_matches");
  INFO(list.dump());
  REQUIRE(list.at("matches").size() == 3);
  CHECK_FALSE(list.contains("more"));
  check_order(list);
  for (std::int64_t match : {ma, mb, live.match}) {
    const Json* e = entry(list, match);
    REQUIRE(e != nullptr);
    CHECK(e->at("your_turn") == to_act(anne, match));
    CHECK(e->at("waiting_for") == anne.match(match)->view.at("to_act"));
    CHECK(e->at("game") == kRaft);
    CHECK(e->at("correspondence") == (match != live.match));
    int yours = 0;
    for (const Json& p : e->at("players")) yours += p.at("you") == true;
    CHECK(yours == 1);
  }
  // A live deadline is the rules' wait for Anne's seat, as her view has one.
  {
    const Json& view = anne.match(live.match)->view;
    const bool waits = to_act(anne, live.match) && !view.value("deadline", Json()).is_null();
    CHECK(entry(list, live.match)->at("deadline").is_number() == waits);
  }
  CHECK(entry(list, ma)->at("room") == post_a["id"]);
  CHECK(entry(list, live.match)->at("room") == live.room);
  // A correspondence deadline is Anne's clock's, as the room shows it; none when not her turn.
  for (std::int64_t match : {ma, mb}) {
    const Json* e = entry(list, match);
    if (to_act(anne, match)) {
      const Json room = anne.request({{"type", "join_room"}, {"room", e->at("room")}});
      REQUIRE(room.at("type") == "room");
      CHECK(e->at("deadline") == due_of(room.at("room"), anne_id));
      CHECK(e->at("deadline").is_number());
    } else {
      CHECK(e->at("deadline").is_null());
    }
  }
  CHECK(entry(list, theirs.match) == nullptr);

  // Carl sees his match only.
  const Json carls = carl.request({{"type", "watch_my_matches"}});
  REQUIRE(carls.at("matches").size() == 1);
  CHECK(carls["matches"][0].at("match") == theirs.match);

  // Ben moves where it was his turn: Anne's list comes again with her turn there.
  const std::int64_t bens = to_act(anne, ma) ? mb : ma;
  play_until(bens, anne, true, {&anne, &ben}, rng);
  REQUIRE(to_act(anne, bens));
  const Json flipped = pushed(
      watching,
      [&](const Json& m) {
        const Json* e = entry(m, bens);
        return e && e->at("your_turn") == true;
      },
      "Anne's list with her turn in match " + std::to_string(bens));
  check_order(flipped);
  CHECK(flipped.at("matches").size() == 3);

  // The live match played to its end leaves the list.
  play_random(live.match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, live.match));
  const Json after = pushed(
      watching, [&](const Json& m) { return entry(m, live.match) == nullptr; },
      "Anne's list without the finished match");
  CHECK(after.at("matches").size() == 2);
  CHECK(carl.errors().empty());

  // Unwatched, the list stops coming.
  CHECK(watching.request({{"type", "unwatch_my_matches"}}).at("type") == "my_matches_unwatched");
  CHECK(watching.errors().empty());
}

}  // namespace

TEST_CASE("my matches lists a player's running matches, theirs to play first, and follows them") {
  TempDir dir;
  my_matches_over_sockets((dir / "tortuga.db").string(), dir);
}

TEST_CASE("on PostgreSQL, my matches lists a player's running matches and follows them") {
  TempDir dir;
  my_matches_over_sockets(test::PostgresCluster::shared().new_database(), dir);
}

TEST_CASE("watching my matches again and again is refused past its allowance, typed") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  int answered = 0;
  Json refused;
  for (int i = 0; i < 100 && refused.is_null(); ++i) {
    const Json answer = anne.request({{"type", "watch_my_matches"}});
    if (answer.at("type") == "my_matches") {
      ++answered;
      anne.request({{"type", "unwatch_my_matches"}});
    } else {
      refused = answer;
    }
  }
  REQUIRE_FALSE(refused.is_null());
  CHECK(refused.at("code") == "rate_limited");
  CHECK(refused.at("message").get<std::string>().find("try again in") != std::string::npos);
  // 20 at once (and perhaps more refilled meanwhile, at one every 3 s, on a slow machine).
  CHECK(answered >= 20);
  // The connection carries on.
  CHECK(anne.request({{"type", "ping"}}).at("type") == "pong");
  CHECK(metric(server.port(), "tortuga_limits_refused_total{limit=\"my_matches_watches\"}") == 1);
}

}  // namespace tortuga::integration
