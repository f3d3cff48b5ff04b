#include <doctest/doctest.h>

#include <cstdint>
#include <future>
#include <limits>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::await;
using tortuga::store::test::refused;
using tortuga::store::test::sample_match;

namespace {
std::vector<std::int64_t> ids(const std::vector<Match>& ms) {
  std::vector<std::int64_t> out;
  for (const auto& m : ms) out.push_back(m.id);
  return out;
}
}  // namespace

STORE_TEST("a private room's code is kept with its match; a public room's match has none") {
  Backend db;
  auto store = db.open();
  Match secret = sample_match();
  secret.private_code = "K7QXMB";
  const std::int64_t hidden = store->create_match(secret).value();
  const std::int64_t open = store->create_match(sample_match()).value();
  CHECK(store->match(hidden).value()->private_code == "K7QXMB");
  CHECK(store->match(open).value()->private_code.empty());
  std::vector<std::string> codes;
  for (const Match& m : store->unfinished_matches().value()) codes.push_back(m.private_code);
  CHECK(codes == std::vector<std::string>{"K7QXMB", ""});
}

STORE_TEST("a private match is listed to its players, and to all once over if made public") {
  Backend db;
  auto store = db.open();
  Player anne = store->create_player("Anne", hash_token("a")).value();
  Player bob = store->create_player("Bob", hash_token("b")).value();
  auto made = [&](const char* code, bool public_when_over, std::optional<std::int64_t> player) {
    Match m = sample_match();
    m.private_code = code;
    m.public_when_over = public_when_over;
    m.seats[0].player_id = player;
    return store->create_match(m).value();
  };
  const std::int64_t open = made("", false, std::nullopt);
  const std::int64_t annes = made("K7QXMB", false, anne.id);
  const std::int64_t shown_later = made("ZZ41QA", true, anne.id);
  CHECK(store->match(shown_later).value()->public_when_over);
  CHECK_FALSE(store->match(annes).value()->public_when_over);

  MatchFilter everyone;
  CHECK(ids(store->list_matches(everyone).value()) == std::vector<std::int64_t>{open});
  MatchFilter for_anne;
  for_anne.reader = anne.id;
  CHECK(ids(store->list_matches(for_anne).value()) ==
        std::vector<std::int64_t>{shown_later, annes, open});
  MatchFilter for_bob;
  for_bob.reader = bob.id;
  CHECK(ids(store->list_matches(for_bob).value()) == std::vector<std::int64_t>{open});
  // Bob asks for Anne's matches: only those he may see.
  for_bob.player = anne.id;
  CHECK(ids(store->list_matches(for_bob).value()).empty());
  MatchFilter operator_list;
  operator_list.with_private = true;
  CHECK(ids(store->list_matches(operator_list).value()).size() == 3);

  // Over, the match whose room made it public is everyone's; the other stays Anne's.
  await(
      [&](Done done) { store->finish_match(shown_later, MatchStatus::finished, "null", 5, done); });
  await([&](Done done) { store->finish_match(annes, MatchStatus::aborted, "null", 5, done); });
  CHECK(ids(store->list_matches(everyone).value()) == std::vector<std::int64_t>{shown_later, open});
  for_bob.player.reset();
  CHECK(ids(store->list_matches(for_bob).value()) == std::vector<std::int64_t>{shown_later, open});
}

STORE_TEST("a match round-trips with its seats, a seed above 2^63 and unicode names") {
  Backend db;
  auto store = db.open();
  Player anne = store->create_player("Ærøskøbing Anne", hash_token("a")).value();

  for (std::uint64_t seed : {std::uint64_t{0xFEDCBA9876543210}, std::uint64_t{1} << 63,
                             std::numeric_limits<std::uint64_t>::max(), std::uint64_t{0}}) {
    CAPTURE(seed);
    Match m;
    m.game = "um-rum-und-ehre";
    m.options_json = R"({"captain":"船長","flag":"🏴‍☠️"})";
    m.seed = seed;
    m.script_json = "[6,1,4]";
    m.created_ms = 1700000000123;
    m.seats = {{0, anne.id, "Ærøskøbing Anne", ""},
               {1, std::nullopt, "船長 Ōkami", "smart"},
               {2, std::nullopt, "Señor 🦜", "random"}};
    const std::int64_t id = store->create_match(m).value();
    REQUIRE(id > 0);

    auto got = store->match(id).value();
    REQUIRE(got);
    CHECK(got->id == id);
    CHECK(got->game == m.game);
    CHECK(got->options_json == m.options_json);
    CHECK(got->seed == seed);
    CHECK(got->script_json == m.script_json);
    CHECK(got->status == MatchStatus::running);
    CHECK(got->result_json == "null");
    CHECK(got->created_ms == m.created_ms);
    CHECK(got->ended_ms == 0);
    CHECK(got->action_count == 0);
    REQUIRE(got->seats.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(got->seats[i].seat == m.seats[i].seat);
      CHECK(got->seats[i].player_id == m.seats[i].player_id);
      CHECK(got->seats[i].name == m.seats[i].name);
      CHECK(got->seats[i].bot == m.seats[i].bot);
    }
  }
  CHECK_FALSE(store->match(12345).value());
}

STORE_TEST("a match without a creation time is stamped with the current time") {
  Backend db;
  auto store = db.open();
  Match m = sample_match();
  m.created_ms = 0;
  auto got = store->match(store->create_match(m).value()).value();
  REQUIRE(got);
  CHECK(got->created_ms > 1700000000000);
}

STORE_TEST("a match whose seats cannot all be stored is not stored at all") {
  Backend db;
  auto store = db.open();
  Match twice = sample_match();
  twice.seats.push_back({1, std::nullopt, "Seat one again", ""});
  CHECK(refused(store->create_match(twice)));
  Match unknown_player = sample_match();
  unknown_player.seats[0].player_id = 77;
  CHECK(refused(store->create_match(unknown_player)));
  CHECK(store->list_matches({}).value().empty());

  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(id > 0);
  CHECK(store->match(id).value()->seats.size() == 3);
}

STORE_TEST("a match created without waiting is answered with its id once it is committed") {
  Backend db;
  auto store = db.open();
  std::promise<Outcome<std::int64_t>> stored, refused;
  store->create_match(sample_match(),
                      [&](const Outcome<std::int64_t>& id) { stored.set_value(id); });
  Match twice = sample_match();
  twice.seats.push_back({1, std::nullopt, "Seat one again", ""});
  store->create_match(twice, [&](const Outcome<std::int64_t>& id) { refused.set_value(id); });
  const std::int64_t id = stored.get_future().get().value();
  CHECK(id > 0);
  CHECK(test::refused(refused.get_future().get()));
  auto got = store->match(id).value();
  REQUIRE(got);
  CHECK(got->seats.size() == 3);
  CHECK(store->list_matches({}).value().size() == 1);
}

STORE_TEST("action_count tells how many actions a match has stored") {
  Backend db;
  auto store = db.open();
  const std::int64_t a = store->create_match(sample_match()).value();
  const std::int64_t b = store->create_match(sample_match()).value();
  for (int seq = 1; seq <= 5; ++seq) store->append_action(action(a, seq), nullptr);
  store->append_action(action(b, 1), nullptr);
  store->flush();
  CHECK(store->match(a).value()->action_count == 5);
  CHECK(store->match(b).value()->action_count == 1);
  CHECK(store->list_matches({}).value()[0].action_count == 1);  // b, the newest
  CHECK(store->list_matches({}).value()[1].action_count == 5);
}

STORE_TEST("finish_match records the result and end time; the match is no longer unfinished") {
  Backend db;
  auto store = db.open();
  const std::int64_t won = store->create_match(sample_match()).value();
  const std::int64_t stopped = store->create_match(sample_match()).value();
  const std::int64_t running = store->create_match(sample_match()).value();
  store->append_action(action(won, 1), nullptr);

  auto finished = await([&](Done d) {
    store->finish_match(won, MatchStatus::finished, R"({"winners":[0],"scores":[12,7,3]})",
                        1700000099000, d);
  });
  CHECK(finished.ok);
  CHECK(await([&](Done d) {
          store->finish_match(stopped, MatchStatus::aborted, "null", 1700000099001, d);
        }).ok);

  auto got = store->match(won).value();
  REQUIRE(got);
  CHECK(got->status == MatchStatus::finished);
  CHECK(got->result_json == R"({"winners":[0],"scores":[12,7,3]})");
  CHECK(got->ended_ms == 1700000099000);
  CHECK(got->action_count == 1);
  CHECK(store->match(stopped).value()->status == MatchStatus::aborted);

  auto unfinished = store->unfinished_matches().value();
  REQUIRE(unfinished.size() == 1);
  CHECK(unfinished[0].id == running);
}

TEST_CASE("a match's status is one of three words, as the tables and the history write them") {
  for (MatchStatus s : {MatchStatus::running, MatchStatus::finished, MatchStatus::aborted})
    CHECK(status_named(status_name(s)) == s);
  CHECK(status_name(MatchStatus::running) == "running");
  CHECK(status_name(MatchStatus::finished) == "finished");
  CHECK(status_name(MatchStatus::aborted) == "aborted");
  CHECK_FALSE(status_named("Running"));
  CHECK_FALSE(status_named(""));
}

STORE_TEST("finish_match refuses an unknown match, an ended match and a status that does not end") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();

  auto unknown =
      await([&](Done d) { store->finish_match(id + 1, MatchStatus::finished, "null", 1, d); });
  CHECK_FALSE(unknown.ok);
  CHECK(unknown.error.find("no such match") != std::string::npos);

  auto running =
      await([&](Done d) { store->finish_match(id, MatchStatus::running, "null", 1, d); });
  CHECK_FALSE(running.ok);
  CHECK(running.kind == Failure::Kind::refused);
  CHECK_FALSE(status_named("sunk"));  // a status that is not one cannot be asked for
  CHECK(store->match(id).value()->status == MatchStatus::running);

  CHECK(await([&](Done d) {
          store->finish_match(id, MatchStatus::finished, R"({"w":1})", 5, d);
        }).ok);
  auto again = await([&](Done d) { store->finish_match(id, MatchStatus::aborted, "null", 6, d); });
  CHECK_FALSE(again.ok);
  CHECK(again.error.find("already finished") != std::string::npos);
  auto got = store->match(id).value();
  CHECK(got->status == MatchStatus::finished);
  CHECK(got->result_json == R"({"w":1})");
  CHECK(got->ended_ms == 5);
}

STORE_TEST("list_matches filters by game, player and status, newest first") {
  Backend db;
  auto store = db.open();
  Player anne = store->create_player("Anne", hash_token("anne")).value();
  Player mary = store->create_player("Mary", hash_token("mary")).value();

  auto make = [&](const std::string& game, std::vector<std::int64_t> players) {
    Match m = sample_match(game, 0);
    int seat = 0;
    for (auto p : players) m.seats.push_back({seat++, p, "someone", ""});
    m.seats.push_back({seat, std::nullopt, "Bot", "random"});
    return store->create_match(m).value();
  };
  const auto m1 = make("scalawag", {anne.id});
  const auto m2 = make("colpaccio", {anne.id, mary.id});
  const auto m3 = make("scalawag", {mary.id});
  const auto m4 = make("scalawag", {});
  const auto m5 = make("riff-raff", {anne.id});
  store->finish_match(m1, MatchStatus::finished, "null", 1, nullptr);
  store->finish_match(m3, MatchStatus::aborted, "null", 1, nullptr);
  store->flush();

  CHECK(ids(store->list_matches({}).value()) == std::vector<std::int64_t>{m5, m4, m3, m2, m1});

  MatchFilter game;
  game.game = "scalawag";
  CHECK(ids(store->list_matches(game).value()) == std::vector<std::int64_t>{m4, m3, m1});

  MatchFilter player;
  player.player = anne.id;
  CHECK(ids(store->list_matches(player).value()) == std::vector<std::int64_t>{m5, m2, m1});
  player.player = mary.id;
  CHECK(ids(store->list_matches(player).value()) == std::vector<std::int64_t>{m3, m2});
  player.player = 999;
  CHECK(store->list_matches(player).value().empty());

  MatchFilter status;
  status.status = MatchStatus::running;
  CHECK(ids(store->list_matches(status).value()) == std::vector<std::int64_t>{m5, m4, m2});
  status.status = MatchStatus::finished;
  CHECK(ids(store->list_matches(status).value()) == std::vector<std::int64_t>{m1});
  CHECK_FALSE(status_named("no such status"));  // nor listed by

  MatchFilter all;
  all.game = "scalawag";
  all.player = mary.id;
  all.status = MatchStatus::aborted;
  CHECK(ids(store->list_matches(all).value()) == std::vector<std::int64_t>{m3});
  all.status = MatchStatus::running;
  CHECK(store->list_matches(all).value().empty());

  // Listed matches carry their seats.
  MatchFilter with_anne;
  with_anne.player = anne.id;
  auto listed = store->list_matches(with_anne).value();
  REQUIRE(listed.size() == 3);
  CHECK(listed[1].seats.size() == 3);
  CHECK(listed[1].seats[1].player_id == mary.id);
}

STORE_TEST("list_matches pages with limit and before_id") {
  Backend db;
  auto store = db.open();
  std::vector<std::int64_t> created;
  for (int i = 0; i < 12; ++i)
    created.push_back(store->create_match(sample_match(i % 2 ? "a" : "b")).value());

  std::vector<std::int64_t> seen;
  MatchFilter page;
  page.limit = 5;
  for (;;) {
    auto ms = store->list_matches(page).value();
    CHECK(ms.size() <= 5);
    if (ms.empty()) break;
    for (const auto& m : ms) seen.push_back(m.id);
    page.before_id = ms.back().id;
  }
  CHECK(seen == std::vector<std::int64_t>(created.rbegin(), created.rend()));

  MatchFilter b_page;
  b_page.game = "b";
  b_page.limit = 2;
  b_page.before_id = created[6];
  CHECK(ids(store->list_matches(b_page).value()) ==
        std::vector<std::int64_t>{created[4], created[2]});

  MatchFilter odd_limits;
  odd_limits.limit = 0;
  CHECK(store->list_matches(odd_limits).value().size() == 1);
  odd_limits.limit = -5;
  CHECK(store->list_matches(odd_limits).value().size() == 1);
  odd_limits.limit = 1 << 30;
  CHECK(store->list_matches(odd_limits).value().size() == 12);
}

STORE_TEST("the seats a match awaits are stored with it and with each action, not refused ones") {
  Backend db;
  auto store = db.open();
  Match m = sample_match();
  m.awaiting = {0};
  m.awaiting_due_ms = 1700000060000;
  const std::int64_t id = store->create_match(m).value();
  const std::int64_t other = store->create_match(sample_match()).value();
  CHECK(store->match(id).value()->awaiting == std::vector<int>{0});
  CHECK(store->match(id).value()->awaiting_due_ms == 1700000060000);
  CHECK(store->match(other).value()->awaiting.empty());

  Action first = action(id, 1);
  first.awaiting = {1, 2};
  REQUIRE(await([&](Done d) { store->append_action(first, d); }).ok);
  const Match after = *store->match(id).value();
  CHECK(after.awaiting == std::vector<int>{1, 2});
  CHECK(after.awaiting_due_ms == 0);
  // Listed with it too, as "my matches" reads it.
  MatchFilter running;
  running.status = MatchStatus::running;
  for (const Match& listed : store->list_matches(running).value())
    CHECK(listed.awaiting == (listed.id == id ? std::vector<int>{1, 2} : std::vector<int>{}));

  // A refused action (out of order) changes nothing of what the match awaits.
  Action out_of_order = action(id, 3);
  out_of_order.awaiting = {0};
  CHECK_FALSE(await([&](Done d) { store->append_action(out_of_order, d); }).ok);
  CHECK(store->match(id).value()->awaiting == std::vector<int>{1, 2});
  // And the other match's row is its own.
  CHECK(store->match(other).value()->awaiting.empty());
}
