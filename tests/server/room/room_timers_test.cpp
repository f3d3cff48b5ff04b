// Bots' pauses, deadlines, commits and people's actions, in every order: whatever comes first, a
// seat that the rules wait for and a bot holds is acted for, once per version, and every match
// reaches its end. Rooms run on a clock the tests move and behind a store the tests open and shut,
// at the server's default bot pause.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>

#include <unistd.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "protocol/patch.hpp"
#include "rules/core/registry.hpp"
#include "server/room/room.hpp"
#include "tests/server/fake_client.hpp"
#include "tests/server/gated_store.hpp"
#include "tests/server/manual_clock.hpp"
#include "tests/server/null_directory.hpp"
#include "tests/server/tally_game.hpp"

namespace tortuga::testing {
namespace {

namespace fs = std::filesystem;

constexpr int kDefaultBotDelayMs = RoomSettings{}.bot_delay_ms;

// A person in seat 0 of a room of `game` and bots of `bots`' kinds in the seats after it.
struct Night {
  fs::path dir;
  std::unique_ptr<store::SqliteStore> sqlite;
  std::unique_ptr<GatedStore> store;
  boost::asio::io_context io;
  ManualClock clock;
  NullDirectory directory;
  std::shared_ptr<Room> room;
  std::shared_ptr<FakeClient> person = std::make_shared<FakeClient>();
  // The match as the person sees it, kept by its patches.
  std::int64_t match = 0;
  std::int64_t version = -1;
  Json view;
  int refusals = 0;  // the person's actions refused (it acted on a view an action had overtaken)

  Night(const Game& game, Json options, const std::vector<std::string>& bots) {
    static int counter = 0;
    dir = fs::temp_directory_path() /
          ("tortuga-night-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(dir);
    sqlite = std::make_unique<store::SqliteStore>((dir / "t.db").string());
    store = std::make_unique<GatedStore>(*sqlite);
    auto normalized = game.normalize_options(options);
    REQUIRE(normalized);
    room = std::make_shared<Room>(io, *store, directory, RoomSettings{kDefaultBotDelayMs, &clock},
                                  1, "", game, *normalized, false);
    person->welcome(sqlite->create_player("Kim", "h").value().id, "Kim");
    room->post([this] { room->join(person, std::nullopt, 1); });
    for (const auto& kind : bots)
      room->post([this, kind] { room->add_bot(person, std::nullopt, kind, 2); });
    room->post([this] { room->start(person, 3); });
    settle();
    read();
    REQUIRE(version == 0);
  }
  ~Night() {
    room->post([r = room] { r->shutdown(); });
    settle();
    room.reset();
    store.reset();
    sqlite.reset();
    fs::remove_all(dir);
  }

  // Runs what is queued, and what the store answers meanwhile, until nothing moves.
  void settle() {
    for (int quiet = 0; quiet < 2;) {
      sqlite->flush();
      io.restart();
      quiet = io.poll() == 0 ? quiet + 1 : 0;
    }
  }
  // Takes in what the person was sent; fails on a gap in the versions.
  void read() {
    for (const Json& m : person->take()) {
      if (m["type"] == "state") {
        match = m["match"];
        version = m["version"];
        view = m["view"];
      } else if (m["type"] == "patch") {
        REQUIRE(m["version"] == version + 1);
        auto patched = protocol::apply_patch(view, m["ops"]);
        REQUIRE(patched);
        view = std::move(*patched);
        version = m["version"];
      } else if (m["type"] == "error") {
        ++refusals;
      }
    }
  }
  bool over() const { return view.value("over", false); }
  bool person_may_act() const { return !over() && !view["legal"].empty(); }
  bool bot_to_act() const {
    for (const Json& seat : view["to_act"])
      if (seat != 0) return true;
    return false;
  }
  void act(const Json& action) {
    room->post([this, action] { room->act(person, action, 9); });
  }
  // The person plays one of the actions its view offers.
  void act(std::mt19937_64& rng) {
    const Json& legal = view["legal"];
    act(legal[rng() % legal.size()]);
  }
};

// A bot that the rules wait on, in a room with nothing being stored, has its move coming within
// its pause, whatever else is armed.
void require_bot_move_armed(const Night& night) {
  if (night.over() || night.store->held() || !night.bot_to_act()) return;
  INFO("version " << night.version << ", to act " << night.view["to_act"].dump());
  REQUIRE(night.clock.armed() > 0);
  REQUIRE(night.clock.next_due() <= night.clock.now_ms() + kDefaultBotDelayMs);
}

// The log holds each version once, in order.
void require_log_whole(Night& night) {
  const auto actions = night.sqlite->actions(night.match).value();
  REQUIRE(static_cast<std::int64_t>(actions.size()) == night.version);
  for (std::size_t i = 0; i < actions.size(); ++i)
    REQUIRE(actions[i].seq == static_cast<std::int64_t>(i) + 1);
}

Json tally_either() {
  return {{"either", true}};
}

}  // namespace

TEST_CASE("a bot whose pause a person's action overtakes acts for the version that follows") {
  TallyGame tally;
  Night night(tally, tally_either(), {"random"});
  REQUIRE(night.clock.armed() == 1);  // the bot's pause
  night.act({{"type", "add"}, {"n", 1}});
  night.settle();
  REQUIRE(night.store->held() == 1);
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 1);
  // The bot's pause is counted again from the version it now plays at, and ends in its move.
  require_bot_move_armed(night);
  REQUIRE(night.clock.fire_next());
  night.settle();
  REQUIRE(night.store->held() == 1);
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 2);
  REQUIRE(night.view["to_act"] == Json::array({0, 1}));
  require_bot_move_armed(night);
}

TEST_CASE("a bot whose pause ends while a person's action is being stored acts once it is") {
  TallyGame tally;
  Night night(tally, tally_either(), {"random"});
  night.act({{"type", "add"}, {"n", 1}});
  night.settle();
  REQUIRE(night.clock.fire_next());  // the pause ends while version 1 waits for the store
  night.settle();
  REQUIRE(night.store->held() == 1);  // the bot did not play ahead of the store
  REQUIRE(night.clock.armed() == 0);
  night.store->release();
  night.settle();
  require_bot_move_armed(night);
  REQUIRE(night.clock.fire_next());
  night.settle();
  REQUIRE(night.store->held() == 1);  // one move for version 1, not two
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 2);
  require_log_whole(night);
}

TEST_CASE("a bot's move that the store fails to keep is played again from the rebuilt match") {
  TallyGame tally;
  Night night(tally, Json::object(), {"random"});
  night.act({{"type", "add"}, {"n", 1}});
  night.settle();
  night.store->release();
  night.settle();
  REQUIRE(night.clock.fire_next());  // the bot's turn
  night.settle();
  REQUIRE(night.store->held() == 1);
  night.store->release(false);
  night.settle();
  night.read();
  REQUIRE(night.version == 1);
  REQUIRE(night.refusals == 1);      // told that the match waits for its store
  REQUIRE(night.clock.fire_next());  // the store's probe, which commits
  night.settle();
  night.read();
  REQUIRE(night.version == 1);  // the state was sent again, as the store has it
  require_bot_move_armed(night);
  REQUIRE(night.clock.fire_next());
  night.settle();
  REQUIRE(night.store->held() == 1);
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 2);
  require_log_whole(night);
}

TEST_CASE("a deadline that ends while an action is being stored is armed again after it") {
  TallyGame tally;
  Night night(tally, {{"clock_ms", 5000}}, {"random"});
  REQUIRE(night.clock.armed() == 1);  // the person's clock; the bot does not act yet
  night.act({{"type", "add"}, {"n", 1}});
  night.settle();
  REQUIRE(night.clock.fire_next());  // the clock ends before the store has kept the action
  night.settle();
  REQUIRE(night.store->held() == 1);  // no timeout was played over the person's action
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 1);
  // Version 1 is the bot's: its pause and its clock are both armed, and the pause ends first.
  REQUIRE(night.clock.armed() == 2);
  REQUIRE(night.clock.fire_next());
  night.settle();
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 2);
  // The person's clock runs again from version 2 and, unanswered, plays the timeout.
  REQUIRE(night.clock.armed() == 1);
  REQUIRE(night.clock.fire_next());
  night.settle();
  REQUIRE(night.store->held() == 1);
  night.store->release();
  night.settle();
  night.read();
  REQUIRE(night.version == 3);
  REQUIRE(night.sqlite->actions(night.match).value().back().seat == kSystem);
  require_log_whole(night);
}

// Each step, one of what may happen next, drawn at random: the person plays from its view, the
// store keeps the oldest action waiting (or now and then fails every one waiting, as a full disk
// does), or the earliest timer ends. A match with nothing left that could happen, not over, has
// frozen.
TEST_CASE("every game reaches its end whatever the order of people, bots, timers and commits") {
  std::mt19937_64 seeds(20261124);
  for (const Game* game : all_games()) {
    for (int players = game->info().min_players; players <= game->info().max_players; ++players) {
      if (players < 2) continue;  // a person alone has no bot to meet
      for (int round = 0; round < 2; ++round) {
        const std::uint64_t seed = seeds();
        CAPTURE(game->info().id);
        CAPTURE(players);
        CAPTURE(seed);
        std::vector<std::string> bots(players - 1, "random");
        if (round == 1) bots[0] = "smart";
        Night night(*game, {{"players", players}}, bots);
        std::mt19937_64 rng(seed);
        int steps = 0;
        for (; steps < 20000 && !night.over(); ++steps) {
          std::vector<int> next;
          if (night.person_may_act()) next.push_back(0);
          if (night.store->held()) next.push_back(1);
          if (night.clock.armed()) next.push_back(2);
          INFO("version " << night.version << ", to act " << night.view["to_act"].dump());
          REQUIRE_MESSAGE(!next.empty(), "frozen: nobody may act, nothing is stored, no timer");
          switch (next[rng() % next.size()]) {
            case 0:
              night.act(rng);
              break;
            case 1:
              if (rng() % 40 == 0)
                while (night.store->held()) night.store->release(false);
              else
                night.store->release();
              break;
            case 2:
              night.clock.fire_next();
              break;
          }
          night.settle();
          night.read();
          require_bot_move_armed(night);
        }
        REQUIRE(night.over());
        require_log_whole(night);
        REQUIRE(night.sqlite->match(night.match).value()->status == store::MatchStatus::finished);
      }
    }
  }
}

}  // namespace tortuga::testing
