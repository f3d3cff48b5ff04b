// How the lobby finds a room (server/lobby/room_registry.hpp): by id or code, by its running
// match, by the players seated in it and the connections in it, and never past its ceiling.
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>

#include <unistd.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "server/lobby/room_registry.hpp"
#include "tests/server/fake_client.hpp"
#include "tests/server/null_directory.hpp"
#include "tests/server/tally_game.hpp"

namespace tortuga::testing {
namespace {

namespace fs = std::filesystem;

// Rooms of Tally, made but never run: the registry only keeps them.
struct Rooms {
  fs::path dir = fs::temp_directory_path() / ("tortuga-registry-" + std::to_string(::getpid()));
  std::unique_ptr<store::SqliteStore> store;
  boost::asio::io_context io;
  NullDirectory directory;
  TallyGame game;
  RoomRegistry registry;

  Rooms() {
    fs::create_directories(dir);
    store = std::make_unique<store::SqliteStore>((dir / "t.db").string());
  }
  ~Rooms() {
    registry.clear();
    store.reset();
    fs::remove_all(dir);
  }
  std::shared_ptr<Room> make(const RoomRegistry::Name& name, bool is_private) {
    return std::make_shared<Room>(io, *store, directory, RoomSettings{}, name.id, name.code, game,
                                  *game.normalize_options(Json::object()), is_private);
  }
  std::shared_ptr<Room> add_new(bool is_private, const Client* maker = nullptr, int max = 10) {
    return registry.add_new(max, std::nullopt, is_private, maker,
                            [&](const RoomRegistry::Name& n) { return make(n, is_private); });
  }
};

TEST_CASE("a public room is found by its id, a private one by its code only") {
  Rooms r;
  auto open = r.add_new(false);
  auto hidden = r.add_new(true);
  REQUIRE(open);
  REQUIRE(hidden);
  CHECK(open->code().empty());
  CHECK(hidden->code().size() == 6);
  CHECK(open->id() != hidden->id());
  CHECK(r.registry.find(open->id()) == open);
  CHECK(r.registry.find(hidden->id()) == nullptr);
  CHECK(r.registry.find(hidden->code()) == hidden);
  CHECK(r.registry.by_id(hidden->id()) == hidden);  // the operator's view sees every room
  CHECK(r.registry.find(std::string("ZZZZZZ")) == nullptr);

  CHECK(r.registry.remove(hidden->id(), 0));
  CHECK(r.registry.find(hidden->code()) == nullptr);
  CHECK_FALSE(r.registry.remove(hidden->id(), 0));
  CHECK(r.registry.size() == 1);
}

TEST_CASE("no room is made past the ceiling") {
  Rooms r;
  REQUIRE(r.add_new(false, nullptr, 1));
  int made = 0;
  auto none = r.registry.add_new(1, std::nullopt, false, nullptr, [&](const RoomRegistry::Name& n) {
    ++made;
    return r.make(n, false);
  });
  CHECK(none == nullptr);
  CHECK(made == 0);
  CHECK(r.registry.size() == 1);
}

TEST_CASE("a room's match is routed to it, and after a rematch only its new match") {
  Rooms r;
  auto room = r.make({7, ""}, false);
  r.registry.add(room, 40, {});
  CHECK(r.registry.of_match(40) == room);
  r.registry.match_started(41, 7);
  CHECK(r.registry.of_match(40) == nullptr);
  CHECK(r.registry.of_match(41) == room);
  r.registry.remove(7, 41);
  CHECK(r.registry.of_match(41) == nullptr);
}

TEST_CASE("a connection is routed to the rooms it is in, until it leaves or goes") {
  Rooms r;
  FakeClient anne;
  auto made = r.add_new(false, &anne);  // its maker is in it at once
  auto other = r.add_new(false);
  CHECK(r.registry.for_member(&anne, made->id()) == made);
  CHECK(r.registry.for_member(&anne, other->id()) == nullptr);
  r.registry.enter(&anne, other->id());
  CHECK(r.registry.for_member(&anne, other->id()) == other);
  r.registry.leave(&anne, made->id());
  CHECK(r.registry.for_member(&anne, made->id()) == nullptr);
  const auto was_in = r.registry.forget(&anne);
  REQUIRE(was_in.size() == 1);
  CHECK(was_in[0] == other);
  CHECK(r.registry.for_member(&anne, other->id()) == nullptr);
}

TEST_CASE("a player's hello enters every room where the player holds a seat") {
  Rooms r;
  FakeClient tab;
  auto first = r.add_new(false);
  auto second = r.add_new(false);
  r.registry.seat_taken(5, first->id());
  r.registry.seat_taken(5, second->id());
  r.registry.seat_taken(6, second->id());
  r.registry.seat_released(5, second->id());
  const auto held = r.registry.enter_seats(&tab, 5);
  REQUIRE(held.size() == 1);
  CHECK(held[0] == first);
  CHECK(r.registry.for_member(&tab, first->id()) == first);
  CHECK(r.registry.for_member(&tab, second->id()) == nullptr);
  // A room made again from the store brings its seated players with it.
  auto rebuilt = r.make({9, ""}, false);
  r.registry.add(rebuilt, 0, {5});
  CHECK(r.registry.enter_seats(&tab, 5).size() == 2);
}

}  // namespace
}  // namespace tortuga::testing
