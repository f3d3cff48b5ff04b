// What the admin API keeps in the store: the record of admin actions, a seat given to a bot, and
// the ping that readiness asks.
#include <doctest/doctest.h>

#include <cstdint>

#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::await;
using tortuga::store::test::sample_match;
using tortuga::store::test::Written;

STORE_TEST("admin actions are kept with who, when and what, and listed newest first in pages") {
  Backend db;
  std::int64_t first = 0;
  {
    auto store = db.open();
    for (int i = 1; i <= 4; ++i) {
      const AdminAction a{0, 1700000000000 + i, "admin:0a1b2c3d", "notice",
                          R"({"text":"n)" + std::to_string(i) + "\"}"};
      CHECK(await([&](Done d) { store->record_admin_action(a, d); }).ok);
    }
    const auto all = store->admin_actions(10, std::nullopt).value();
    REQUIRE(all.size() == 4);
    first = all.back().id;
  }
  auto reopened = db.open();  // kept across a restart
  const auto page = reopened->admin_actions(2, std::nullopt).value();
  REQUIRE(page.size() == 2);
  CHECK(page[0].detail_json == R"({"text":"n4"})");
  CHECK(page[0].time_ms == 1700000000004);
  CHECK(page[0].who == "admin:0a1b2c3d");
  CHECK(page[0].action == "notice");
  CHECK(page[1].detail_json == R"({"text":"n3"})");
  const auto next = reopened->admin_actions(10, page[1].id).value();
  REQUIRE(next.size() == 2);
  CHECK(next[1].id == first);
  CHECK(reopened->admin_actions(0, std::nullopt).value().size() == 1);  // the limit is clamped to 1
}

STORE_TEST("an admin action without a time is stamped with the current time") {
  Backend db;
  auto store = db.open();
  CHECK(await([&](Done d) { store->record_admin_action({0, 0, "admin:x", "drain", "{}"}, d); }).ok);
  CHECK(store->admin_actions(1, std::nullopt).value().at(0).time_ms > 1700000000000);
}

STORE_TEST("a seat of a running match is given to a bot; an ended match's seats stay") {
  Backend db;
  auto store = db.open();
  const std::int64_t running = store->create_match(sample_match()).value();
  const std::int64_t ended = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->finish_match(ended, MatchStatus::aborted, "null", 1, d); }).ok);

  CHECK(await([&](Done d) {
          store->replace_seat(running, {1, std::nullopt, "Bot 2 (smart)", "smart"}, d);
        }).ok);
  const auto seats = store->match(running).value()->seats;
  CHECK(seats[1].name == "Bot 2 (smart)");
  CHECK(seats[1].bot == "smart");
  CHECK(!seats[1].player_id);
  CHECK(seats[0].name == "Bot 0");  // the others as they were

  const Written of_ended = await([&](Done d) {
    store->replace_seat(ended, {1, std::nullopt, "B", "smart"}, d);
  });
  CHECK(!of_ended.ok);
  CHECK(of_ended.error.find("no such seat of a running match") != std::string::npos);
  CHECK(store->match(ended).value()->seats[1].name == "Bot 1");
  CHECK(!await([&](Done d) {
           store->replace_seat(running, {7, std::nullopt, "B", "smart"}, d);
         }).ok);
  CHECK(!await([&](Done d) { store->replace_seat(999, {0, std::nullopt, "B", "smart"}, d); }).ok);
}

STORE_TEST("the store answers its ping while it is open") {
  Backend db;
  auto store = db.open();
  CHECK(store->ping());
}
