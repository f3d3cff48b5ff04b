// What the store keeps of a room's chat: each line with its match, in the order it was said.
#include <doctest/doctest.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::await;
using tortuga::store::test::sample_match;

STORE_TEST(
    "chat lines are kept with their match, step, speaker and text, in order, across a restart") {
  Backend db;
  std::int64_t match = 0, other = 0, anne = 0;
  {
    auto opened = db.open();
    auto& store = *opened;
    anne = store.create_player("Anne", "h1").value().id;
    match = store.create_match(sample_match()).value();
    other = store.create_match(sample_match()).value();
    const ChatLine lines[] = {
        {match, 0, 0, anne, "Anne", "fair winds", 1700000000001},
        {other, 3, 1, std::nullopt, "Bot 2", "elsewhere", 1700000000002},
        {match, 4, std::nullopt, anne, "Anne (watching)", "<b>ahoy</b> \xc3\xa9", 1700000000003},
    };
    for (const auto& l : lines) CHECK(await([&](Done d) { store.append_chat(l, d); }).ok);
  }
  auto opened_again = db.open();
  auto& reopened = *opened_again;
  const auto said = reopened.chat(match).value();
  REQUIRE(said.size() == 2);
  CHECK(said[0].step == 0);
  CHECK(said[0].seat == 0);
  CHECK(said[0].player == anne);
  CHECK(said[0].name == "Anne");
  CHECK(said[0].text == "fair winds");
  CHECK(said[0].time_ms == 1700000000001);
  CHECK(said[1].step == 4);
  CHECK_FALSE(said[1].seat.has_value());
  CHECK(said[1].text == "<b>ahoy</b> \xc3\xa9");  // kept verbatim: escaping is the display's job
  REQUIRE(reopened.chat(other).value().size() == 1);
  CHECK_FALSE(reopened.chat(other).value()[0].player.has_value());
  CHECK(reopened.chat(other + 100).value().empty());
}

STORE_TEST("a chat line for a match the store does not have fails alone") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  const ChatLine stray{999, 0, 0, std::nullopt, "Nobody", "hello?", 0};
  CHECK_FALSE(await([&](Done d) { store.append_chat(stray, d); }).ok);
  const std::int64_t match = store.create_match(sample_match()).value();
  const ChatLine line{match, 0, 0, std::nullopt, "Bot 1", "still here", 0};
  CHECK(await([&](Done d) { store.append_chat(line, d); }).ok);
  REQUIRE(store.chat(match).value().size() == 1);
  CHECK(store.chat(match).value()[0].time_ms > 0);  // 0 means now
}
