// Bots at the pause people meet: the server's own default bot delay, not the --bot-delay-ms 0 the
// other tests play at. A person who acts while a bot's pause runs (a Scalawag! challenge the moment
// the window opens, a Riff Raff card chosen at once) once froze a match for good. Here a person
// plays against random bots every game at every player count, acting at once, and the games that
// ask several seats at once again after random reaction times; every match must reach its end.
#include <chrono>
#include <exception>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

using Clock = std::chrono::steady_clock;

// Far longer than a bot's pause: a match in which nothing happens for this long has stalled. (A
// Scalawag! window closes itself after 10 s, but only when someone, here a bot, has not answered.)
constexpr Millis kStall{10000};

// One match to play: the person in seat 0, random bots in the others.
struct Setup {
  std::string game;
  int players = 0;
  std::uint64_t seed = 0;  // the person's choices and reaction times
};

std::string describe(const Setup& t) {
  return t.game + " with " + std::to_string(t.players) + " player" + (t.players > 1 ? "s" : "") +
         " (seed " + std::to_string(t.seed) + ")";
}

// Every game the server hosts at every player count it allows, one seed each from `rng`.
std::vector<Setup> every_table(std::uint16_t port, std::mt19937_64& rng) {
  TestClient scout(port, "scout");
  const Json welcome = scout.hello("Scout");
  std::vector<Setup> tables;
  for (const Json& game : welcome.at("games"))
    for (int n = game.at("min_players").get<int>(); n <= game.at("max_players").get<int>(); ++n)
      tables.push_back({game.at("id").get<std::string>(), n, rng()});
  return tables;
}

// What a person who acts on its view may be told when the match moved on between the view and
// the action: the moment passed, or the match ended.
bool overtaken(const Json& answer) {
  static const std::set<std::string> codes = {"not_your_turn", "illegal_action", "match_over"};
  return answer.value("type", "") == "error" && codes.count(answer.value("code", "")) > 0;
}

// Reads whatever comes for `time`.
void read_for(TestClient& person, Millis time) {
  const auto until = Clock::now() + time;
  for (auto now = Clock::now(); now < until; now = Clock::now())
    person.receive(std::chrono::duration_cast<Millis>(until - now));
}

struct Played {
  bool ended = false;  // to its end, as it should
  int actions = 0;     // the person's actions accepted
  int overtaken = 0;   // the person's actions refused because the match had moved on
  int together = 0;    // views that asked the person and another seat at once
  Millis took{0};
};

// Plays `t` to its end: whenever the person's view offers legal actions, it chooses one at random
// and sends it after a reaction time drawn from 0..max_reaction (0: at once). Throws, saying where
// the match stood, when no new version comes for kStall or an answer is not one a person may get.
Played play_against_bots(std::uint16_t port, const Setup& t, Millis max_reaction,
                         const std::string& address) {
  const auto started = Clock::now();
  std::mt19937_64 rng(t.seed);
  TestClient person(port, "person in " + describe(t), TestClient::from_address(address));
  person.hello("Person");
  const auto table = open_bot_table(person, t.game, {{"players", t.players}},
                                    std::vector<std::string>(t.players - 1, "random"));
  Played played;
  const auto view = [&]() -> const Json& { return person.match(table.match)->view; };
  const auto stalled = [&](const std::string& what) {
    const MatchView& m = *person.match(table.match);
    std::ostringstream out;
    out << "match " << table.match << ": " << what << " at version " << m.version << "; to_act "
        << m.view.value("to_act", Json()).dump() << ", legal "
        << m.view.value("legal", Json::array()).size() << ", last action "
        << m.view.value("last_action", Json()).dump();
    return std::runtime_error(out.str());
  };
  // Waits for a version after `version`, reading everything that comes meanwhile.
  const auto await_after = [&](std::int64_t version, const std::string& why) {
    try {
      person.wait_version(table.match, version + 1, kStall);
    } catch (const std::runtime_error&) {
      throw stalled("no new version for " + std::to_string(kStall.count() / 1000) + " s " + why);
    }
  };

  std::int64_t counted = -1;  // the last version looked at for `together`
  while (!view().value("over", false)) {
    if (view().at("legal").empty()) {
      await_after(person.match(table.match)->version, "while the person could not act");
      continue;
    }
    if (const std::int64_t now = person.match(table.match)->version; now != counted) {
      counted = now;
      if (view().at("to_act").size() > 1) ++played.together;
    }
    const std::int64_t version = person.match(table.match)->version;
    const Json& legal = view().at("legal");
    const Json action = legal[rng() % legal.size()];
    if (max_reaction.count() > 0) {
      // The person takes its time to act on what it saw, while the match may move on: its action
      // may come too late (a window closed, the turn passed on).
      const Millis reaction(
          std::uniform_int_distribution<Millis::rep>(0, max_reaction.count())(rng));
      read_for(person, reaction);
    }
    Json answer;
    try {
      answer =
          person.request({{"type", "action"}, {"match", table.match}, {"action", action}}, kStall);
    } catch (const std::runtime_error& e) {
      throw stalled(std::string("no answer to ") + action.dump() + ": " + e.what());
    }
    if (answer.value("type", "") == "patch") {
      ++played.actions;
      continue;
    }
    if (!overtaken(answer))
      throw stalled("the legal action " + action.dump() + " was answered with " + answer.dump());
    // Refused only because the match has moved on from the view it was chosen from: the version
    // that did is on its way.
    ++played.overtaken;
    await_after(version, "after " + action.dump() + " was refused (" + answer.dump() + ")");
  }

  const MatchView& end = *person.match(table.match);
  if (!end.view.at("result").is_object()) throw stalled("the match ended without a result");
  // The end is stored before anyone is told of it.
  const HttpReply stored = http_get(port, "/api/matches/" + std::to_string(table.match));
  const Json reply = Json::parse(stored.body, nullptr, false);
  const Json record = reply.is_object() ? reply.value("match", Json()) : Json();
  if (stored.status != 200 || !record.is_object() || record.value("status", "") != "finished" ||
      record.value("actions", Json()) != end.version ||
      record.value("result", Json()) != end.view.at("result"))
    throw stalled("the match is stored as " + stored.body + " after its last view");
  for (const Json& error : person.errors())
    if (!overtaken(error)) throw stalled("the server sent the error " + error.dump());
  played.ended = true;
  played.took = std::chrono::duration_cast<Millis>(Clock::now() - started);
  return played;
}

// Plays all `tables` at once, each on its own connection and thread (the waits are the bots'
// pauses, not work), each person from an address of its own, as people are (the server trusts the
// loopback as its proxy: behind_proxy_config); checks that each one ended, and returns what was
// played at each.
std::vector<Played> play_all(std::uint16_t port, const std::vector<Setup>& tables,
                             Millis max_reaction) {
  const auto started = Clock::now();
  std::vector<std::string> failures(tables.size());
  std::vector<Played> results(tables.size());
  std::vector<std::thread> players;
  for (std::size_t i = 0; i < tables.size(); ++i)
    players.emplace_back([&, i] {
      try {
        results[i] = play_against_bots(port, tables[i], max_reaction,
                                       TestClient::person_address(static_cast<int>(i)));
      } catch (const std::exception& e) {
        failures[i] = describe(tables[i]) + ", " + e.what();
      }
    });
  for (auto& p : players) p.join();
  for (std::size_t i = 0; i < tables.size(); ++i) CHECK_MESSAGE(failures[i].empty(), failures[i]);

  std::size_t slowest = 0;
  int actions = 0, overtaken = 0;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (results[i].took > results[slowest].took) slowest = i;
    actions += results[i].actions;
    overtaken += results[i].overtaken;
  }
  MESSAGE(tables.size() << " matches in "
                        << std::chrono::duration_cast<Millis>(Clock::now() - started).count()
                        << " ms, the longest " << describe(tables[slowest]) << " in "
                        << results[slowest].took.count() << " ms; the person's actions: " << actions
                        << " played, " << overtaken << " overtaken");
  return results;
}

// The games whose views ask several seats at once (Scalawag!'s challenge windows, Riff Raff's
// card choice, Colpaccio's ghost ship): only there can a person's action land while a bot's pause
// runs, and only there do the default options set deadlines (a window, a catch). The others ask
// one seat at a time, which the first test checks.
const std::set<std::string> kAskedAtOnce = {"scalawag", "riff-raff", "colpaccio"};

TEST_SUITE("bot pace" * doctest::skip()) {
  TEST_CASE("at the default bot delay, a person who acts at once plays every game to its end") {
    TempDir dir;
    ServerProcess server(dir / "tortuga.db", dir.path(), behind_proxy_config(dir.path()),
                         BotDelay::server_default);
    auto rng = seeded_rng();
    const std::vector<Setup> tables = every_table(server.port(), rng);
    const std::vector<Played> played = play_all(server.port(), tables, Millis(0));
    for (std::size_t i = 0; i < tables.size(); ++i) {
      if (!played[i].ended) continue;  // failed above
      CAPTURE(describe(tables[i]));
      CHECK(played[i].actions > 0);
      // A game that asks several seats at once belongs in the run with reaction times below.
      if (!kAskedAtOnce.count(tables[i].game)) CHECK(played[i].together == 0);
    }
  }

  TEST_CASE("at the default bot delay, a person's actions at random moments never stall a match") {
    // Reaction times up to 600 ms land before, during and after the bots' 400 ms pauses; three
    // matches of each table, all at once.
    TempDir dir;
    ServerProcess server(dir / "tortuga.db", dir.path(), behind_proxy_config(dir.path()),
                         BotDelay::server_default);
    auto rng = seeded_rng();
    std::vector<Setup> tables;
    for (int round = 0; round < 3; ++round)
      for (const Setup& t : every_table(server.port(), rng))
        if (kAskedAtOnce.count(t.game) && t.players > 1) tables.push_back(t);
    const std::vector<Played> played = play_all(server.port(), tables, Millis(600));
    int together = 0;
    for (const Played& p : played) together += p.together;
    CHECK(together > 0);
  }
}

}  // namespace
}  // namespace tortuga::integration
