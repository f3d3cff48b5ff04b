// "My matches" as read from a real store (server/lobby/my_matches.hpp): only the player's running
// matches, theirs to play first, then by the soonest deadline of their own, then the newest; at
// most 100 with the rest counted; a private room named by its code, a public one by its id.
#include <doctest/doctest.h>

#include <filesystem>
#include <future>
#include <memory>

#include <unistd.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "server/lobby/my_matches.hpp"

namespace tortuga::testing {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

struct Stored {
  fs::path dir = fs::temp_directory_path() / ("tortuga-my-matches-" + std::to_string(::getpid()));
  std::unique_ptr<store::SqliteStore> store;
  std::int64_t anne = 0, ben = 0;

  Stored() {
    fs::create_directories(dir);
    store = std::make_unique<store::SqliteStore>((dir / "t.db").string());
    anne = store->create_player("Anne", "a").value().id;
    ben = store->create_player("Ben", "b").value().id;
  }
  ~Stored() {
    store.reset();
    fs::remove_all(dir);
  }
  // A live match of Anne (seat 0) and Ben (seat 1) begun at `started`, awaiting `awaiting`.
  std::int64_t live(std::int64_t started, std::vector<int> awaiting, std::int64_t due = 0,
                    std::string code = "") {
    store::Match m;
    m.game = "raft-and-scupper";
    m.created_ms = started;
    m.seats = {{0, anne, "Anne", ""}, {1, ben, "Ben", ""}};
    m.awaiting = std::move(awaiting);
    m.awaiting_due_ms = due;
    m.private_code = std::move(code);
    return store->create_match(m).value();
  }
};

std::vector<std::int64_t> ids(const MyMatches& list) {
  std::vector<std::int64_t> out;
  for (const auto& e : list.matches) out.push_back(e.at("match"));
  return out;
}

const RoomOfMatch kRoomIsMatchPlusTen = [](std::int64_t match) {
  return std::optional<std::int64_t>(match + 10);
};

TEST_CASE("my matches: the player's turn first, then the soonest deadline, then the newest") {
  Stored s;
  const auto bens_old = s.live(1000, {1});
  const auto bens_new = s.live(2000, {1});
  const auto annes_late = s.live(1500, {0}, 90'000);
  const auto annes_soon = s.live(1200, {0}, 60'000);
  const auto annes_none = s.live(3000, {0});
  // Ben's deadline is not Anne's: it neither orders her list nor shows as hers.
  const auto bens_due = s.live(500, {1}, 10'000);
  const MyMatches list = read_my_matches(*s.store, s.anne, kRoomIsMatchPlusTen);
  CHECK(ids(list) == std::vector<std::int64_t>{annes_soon, annes_late, annes_none, bens_new,
                                               bens_old, bens_due});
  CHECK(list.more == 0);
  const auto& first = list.matches[0];
  CHECK(first.at("your_turn") == true);
  CHECK(first.at("deadline") == 60'000);
  CHECK(first.at("waiting_for") == Json::array({0}));
  CHECK(first.at("room") == annes_soon + 10);
  CHECK(first.at("correspondence") == false);
  CHECK(first.at("players")[0].at("you") == true);
  CHECK(first.at("players")[1].at("you") == false);
  CHECK_FALSE(first.at("players")[1].contains("bot"));
  CHECK(list.matches[5].at("deadline").is_null());

  // Ben's list is the same matches, his own turn first.
  const MyMatches bens = read_my_matches(*s.store, s.ben, kRoomIsMatchPlusTen);
  CHECK(ids(bens) == std::vector<std::int64_t>{bens_due, bens_new, bens_old, annes_none, annes_late,
                                               annes_soon});
}

TEST_CASE("my matches: only running matches the player sits in; a private room by its code") {
  Stored s;
  const auto running = s.live(1000, {0}, 0, "K7QXMB");
  const auto over = s.live(2000, {0});
  const std::int64_t carl = s.store->create_player("Carl", "c").value().id;
  store::Match carls;
  carls.game = "raft-and-scupper";
  carls.seats = {{0, std::nullopt, "Bot", "random"}, {1, carl, "Carl", ""}};
  s.store->create_match(carls).value();
  std::promise<void> done;
  s.store->finish_match(over, store::MatchStatus::finished, "null", 3000,
                        [&](const store::Outcome<void>&) { done.set_value(); });
  done.get_future().get();
  const MyMatches list = read_my_matches(*s.store, s.anne, kRoomIsMatchPlusTen);
  CHECK(ids(list) == std::vector<std::int64_t>{running});
  CHECK(list.matches[0].at("room") == "K7QXMB");
}

TEST_CASE("my matches: at most 100, and how many more") {
  Stored s;
  for (int i = 0; i < 103; ++i) s.live(1000 + i, {1});
  const MyMatches list = read_my_matches(*s.store, s.anne, kRoomIsMatchPlusTen);
  CHECK(list.matches.size() == kMyMatchesShown);
  CHECK(list.more == 3);
  // The newest first: the three oldest are those left out.
  CHECK(list.matches[0].at("started") == 1102);
  CHECK(list.matches[99].at("started") == 1003);
}

}  // namespace
}  // namespace tortuga::testing
