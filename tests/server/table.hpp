// A room of Tally with two people, Anne and Ben, each with a connection, and a gate in front of
// the store: the fixture of the room's tests.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>

#include <unistd.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "protocol/patch.hpp"
#include "server/room/room.hpp"
#include "tests/server/fake_client.hpp"
#include "tests/server/gated_store.hpp"
#include "tests/server/null_directory.hpp"
#include "tests/server/tally_game.hpp"

namespace tortuga::testing {

namespace fs = std::filesystem;

// Two people in a room of Tally, each with a connection, and a gate in front of the store.
struct Table {
  fs::path dir;
  std::unique_ptr<store::SqliteStore> sqlite;
  std::unique_ptr<GatedStore> store;
  boost::asio::io_context io;
  NullDirectory directory;
  TallyGame game;
  std::shared_ptr<Room> room;
  std::shared_ptr<FakeClient> anne = std::make_shared<FakeClient>();
  std::shared_ptr<FakeClient> ben = std::make_shared<FakeClient>();

  // `settings`: the room's; its bot pause is none unless a test says, its clock the steady one.
  explicit Table(Json options = Json::object(), int bot_delay_ms = 0)
      : Table(std::move(options), RoomSettings{bot_delay_ms}) {}
  Table(Json options, RoomSettings settings) {
    dir = fs::temp_directory_path() /
          ("tortuga-room-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    fs::create_directories(dir);
    sqlite = std::make_unique<store::SqliteStore>((dir / "t.db").string());
    store = std::make_unique<GatedStore>(*sqlite);
    options = *game.normalize_options(options);
    room = std::make_shared<Room>(io, *store, directory, settings, 1, "", game, options, false);
    anne->welcome(sqlite->create_player("Anne", "h1").value().id, "Anne");
    ben->welcome(sqlite->create_player("Ben", "h2").value().id, "Ben");
  }
  ~Table() {
    room->post([r = room] { r->shutdown(); });
    run_until(
        io, [] { return false; }, std::chrono::milliseconds(20));
    store.reset();
    sqlite.reset();
    fs::remove_all(dir);
  }
  static int& counter() {
    static int n = 0;
    return n;
  }

  template <class F>
  void on_room(F f) {
    room->post(f);
    run_until(
        io, [] { return false; }, std::chrono::milliseconds(20));
  }
  void seat_both_and_start() {
    on_room([&] { room->join(anne, std::nullopt, 1); });
    on_room([&] { room->join(ben, std::nullopt, 2); });
    start_and_wait();
  }
  // The store commits the new match on its own thread; the room goes on when it has.
  void start_and_wait(const std::shared_ptr<FakeClient>& host = nullptr) {
    const auto& who = host ? host : anne;
    const std::size_t before = who->received().size();
    on_room([&] { room->start(who, 3); });
    REQUIRE(run_until(io, [&] {
      auto got = who->received();
      for (std::size_t i = before; i < got.size(); ++i)
        if (got[i]["type"] == "state" || got[i]["type"] == "error") return true;
      return false;
    }));
  }
  void act(const std::shared_ptr<FakeClient>& who, Json action, Json id = 9) {
    on_room([&] { room->act(who, action, id); });
  }
  // Runs what is queued, and what the store answers meanwhile, until nothing moves: for a room
  // on a clock of the test's, where nothing happens unless the test makes it.
  void settle() {
    for (int quiet = 0; quiet < 2;) {
      sqlite->flush();
      io.restart();
      quiet = io.poll() == 0 && store->committing() == 0 ? quiet + 1 : 0;
    }
  }
  // Lets every held write through, until the room has nothing pending.
  // Commits every write, and runs what each commit sets off, until nothing is held and nothing
  // is ready to run: however slow the machine, the room has then sent what its commits allow.
  void commit_all() {
    REQUIRE(run_until(io, [&] {
      while (store->held()) store->release();
      // Read before running what is ready: a commit that calls back later finds poll() again.
      const bool committed = !store->held() && store->committing() == 0;
      io.restart();
      return io.poll() == 0 && committed;
    }));
  }
};

inline Json latest_view(const FakeClient& client) {
  Json view;
  for (const Json& m : client.received()) {
    if (m["type"] == "state") view = m["view"];
    if (m["type"] == "patch") view = *protocol::apply_patch(view, m["ops"]);
  }
  return view;
}

}  // namespace tortuga::testing
