// Bots think on the bot pool, not on the threads that run the rooms: while fifty rooms' bots are
// all thinking (each holds its thought until the test lets it go), a room of people plays on. The
// test orders events (the people's patch comes while no bot has chosen), never times them.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <thread>
#include <utility>

#include <unistd.h>
#include <boost/asio/executor_work_guard.hpp>

#include "persistence/sqlite/sqlite_store.hpp"
#include "server/bots/bot_pool.hpp"
#include "server/room/room.hpp"
#include "tests/server/fake_client.hpp"
#include "tests/server/null_directory.hpp"
#include "tests/server/tally_game.hpp"

namespace tortuga::testing {
namespace {

namespace fs = std::filesystem;

// What the waiting bots share: the word they wait for, and how many were asked and chose.
struct Word {
  std::promise<void> word;
  std::shared_future<void> go = word.get_future().share();
  bool given = false;
  void give() {
    if (!std::exchange(given, true)) word.set_value();
  }
  std::atomic<int> asked{0};
  std::atomic<int> chosen{0};
};

// A bot that thinks until the test gives its word: as a bot searching for long.
class WaitingBot : public Bot {
 public:
  explicit WaitingBot(Word& word) : word_(word) {}
  Json choose(const State& state, int seat, Chance& rng) const override {
    word_.go.wait();
    ++word_.chosen;
    return RandomBot().choose(state, seat, rng);
  }
  Thought prepare(const State& state, int seat) const override {
    ++word_.asked;
    return Bot::prepare(state, seat);
  }

 private:
  Word& word_;
};

class WaitingTally : public TallyGame {
 public:
  explicit WaitingTally(Word& word) : word_(word) {}
  std::unique_ptr<Bot> make_bot(std::string_view) const override {
    return std::make_unique<WaitingBot>(word_);
  }

 private:
  Word& word_;
};

template <class Predicate>
bool wait_for(Predicate done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);  // a guard
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

bool has_patch(const FakeClient& client, int version) {
  for (const Json& m : client.received())
    if (m["type"] == "patch" && m["version"] == version) return true;
  return false;
}

// Rooms on an io_context of two threads, as a server of two cores runs them, with one bot thread.
struct Floor {
  fs::path dir;
  std::unique_ptr<store::SqliteStore> store;
  boost::asio::io_context io;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
  std::vector<std::thread> threads;
  NullDirectory directory;
  Word word;
  WaitingTally game{word};
  BotPool pool{{.threads = 1, .queue = 64, .nice = 0}};
  std::vector<std::shared_ptr<Room>> rooms;
  std::int64_t next_room = 1;

  Floor() {
    dir = fs::temp_directory_path() / ("tortuga-floor-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    store = std::make_unique<store::SqliteStore>((dir / "t.db").string());
    for (int i = 0; i < 2; ++i) threads.emplace_back([this] { io.run(); });
  }
  ~Floor() {
    word.give();  // whatever happened, nothing waits any more
    for (auto& room : rooms) room->post([room] { room->shutdown(); });
    pool.stop();
    work.reset();
    io.stop();
    for (auto& t : threads) t.join();
    rooms.clear();
    store.reset();
    fs::remove_all(dir);
  }
  std::shared_ptr<FakeClient> person(const std::string& name) {
    auto client = std::make_shared<FakeClient>();
    client->welcome(store->create_player(name, "h" + name).value().id, name);
    return client;
  }
  std::shared_ptr<Room> room(Json options) {
    RoomSettings settings;
    settings.bot_delay_ms = 0;
    settings.bots = &pool;
    auto made = std::make_shared<Room>(io, *store, directory, settings, next_room++, "", game,
                                       *game.normalize_options(options), false);
    rooms.push_back(made);
    return made;
  }
};

}  // namespace

TEST_CASE("fifty rooms' bots thinking at once hold up no room of people") {
  Floor floor;
  constexpr int kBotRooms = 50;
  std::vector<std::shared_ptr<FakeClient>> hosts;
  for (int i = 0; i < kBotRooms; ++i) {
    auto host = floor.person("Host " + std::to_string(i));
    auto room = floor.room(Json{{"either", true}});
    room->post([room, host] {
      room->join(host, 0, 1);
      room->add_bot(host, 1, "random", 2);
      room->start(host, 3);
    });
    hosts.push_back(host);
  }
  // Every bot has been asked, and thinks (or waits for the bot thread).
  REQUIRE(wait_for([&] { return floor.word.asked == kBotRooms; }));

  auto anne = floor.person("Anne"), ben = floor.person("Ben");
  auto table = floor.room(Json::object());
  table->post([table, anne, ben] {
    table->join(anne, 0, 1);
    table->join(ben, 1, 2);
    table->start(anne, 3);
  });
  REQUIRE(wait_for([&] { return !ben->of_type("state").empty(); }));
  table->post([table, anne] { table->act(anne, {{"type", "add"}, {"n", 2}}, 4); });
  REQUIRE(wait_for([&] { return has_patch(*ben, 1); }));
  // The people's action was played, stored and sent while every bot was still thinking.
  CHECK(floor.word.chosen == 0);

  floor.word.give();
  CHECK(wait_for([&] {
    for (const auto& host : hosts)
      if (!has_patch(*host, 1)) return false;
    return true;
  }));
  CHECK(floor.word.chosen >= kBotRooms);  // and on they play
}

}  // namespace tortuga::testing
