// A chaos run (docs/scaling.md, "A chaos run"): three `tortuga serve` nodes on one PostgreSQL,
// players at tables against bots on every node, and one fault after another for as long as the
// run lasts: a node killed (kill -9), paused past its lease (SIGSTOP, then SIGCONT) or stopped
// (SIGTERM), each started again; PostgreSQL restarted, and stopped for a while (cleanly or as a
// crash). The players play on through all of it as a client should: they reconnect with their
// tokens, follow `elsewhere`, wait while a match waits for its store, and send `hello` again on
// `store_unavailable`.
//
// Its checker holds every version any player was shown against the stored log, read back through
// each player's own replay of its seat: nothing shown that is not stored, nothing shown that is
// different, no state that took a match back. It also counts what no player should meet (a valid
// token refused, `internal`) and every error code met, and prints the figures.
//
// Not part of the default suite (it runs for minutes). Run it after a build with:
//
//   TORTUGA_CHAOS_SECONDS=600 build/tests/chaos/chaos_run
//
// TORTUGA_CHAOS_PLAYERS (12) sets the players, TORTUGA_CHAOS_SEED the faults' and moves' seed;
// TORTUGA_CHAOS_LOGS names a folder to keep the nodes' logs in (n1.log ...).
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

int setting(const char* name, int fallback) {
  const char* value = std::getenv(name);
  return value && *value ? std::atoi(value) : fallback;
}

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The run's log on stdout, each line with the seconds since the start.
class Journal {
 public:
  void say(const std::string& line) {
    std::lock_guard lock(mu_);
    std::cout << "[" << static_cast<int>(since(start_)) << " s] " << line << std::endl;
  }

 private:
  std::mutex mu_;
  Clock::time_point start_ = Clock::now();
};

// The three nodes, each started again after a fault under the same node id, on a new port.
class Nodes {
 public:
  static constexpr int kCount = 3;

  Nodes(const fs::path& dir, std::string db, int lease_ms) : db_(std::move(db)) {
    for (int i = 0; i < kCount; ++i) {
      Node n;
      n.id = "n";  // appended: "n" + ... meets GCC 12's bug 105329 (a false overlap warning)
      n.id += std::to_string(i + 1);
      n.folder = dir / n.id;
      fs::create_directories(n.folder);
      n.args = limits_config(
          n.folder, "chaos",
          R"({"messages_per_second": 100000, "message_burst": 100000, "empty_room_timeout_s": 0})");
      n.args.insert(n.args.end(), {"--node-id", n.id, "--lease-ms", std::to_string(lease_ms),
                                   "--bot-delay-ms", "30"});
      nodes_.push_back(std::move(n));
    }
    for (int i = 0; i < kCount; ++i) start(i);
  }

  // The ports of the nodes that run now (not paused).
  std::vector<std::uint16_t> live() const {
    std::lock_guard lock(mu_);
    std::vector<std::uint16_t> ports;
    for (const Node& n : nodes_)
      if (n.process && !n.paused) ports.push_back(n.process->port());
    return ports;
  }
  std::uint16_t any(std::mt19937_64& rng) const {
    auto ports = live();
    return ports.empty() ? 0 : ports[rng() % ports.size()];
  }

  // Starts node `i`, again until it listens (a start may meet the database still recovering).
  void start(int i) {
    std::unique_ptr<ServerProcess> process;
    for (int attempt = 1; !process; ++attempt) {
      try {
        process = std::make_unique<ServerProcess>(db_, nodes_[i].folder, nodes_[i].args,
                                                  BotDelay::server_default);
      } catch (const std::exception&) {
        if (attempt == 10) throw;
        std::this_thread::sleep_for(seconds(1));
      }
    }
    std::lock_guard lock(mu_);
    nodes_[i].process = std::move(process);
    nodes_[i].paused = false;
  }
  // Ends the node with `signal` (SIGKILL, SIGTERM); false if it was not running.
  void end(int i, int signal) {
    std::unique_ptr<ServerProcess> process;
    {
      std::lock_guard lock(mu_);
      process = std::move(nodes_[i].process);
    }
    if (process) process->stop(signal, seconds(30));
  }
  void pause(int i, bool paused) {
    std::lock_guard lock(mu_);
    if (!nodes_[i].process) return;
    ::kill(nodes_[i].process->pid(), paused ? SIGSTOP : SIGCONT);
    nodes_[i].paused = paused;
  }
  const std::string& id(int i) const { return nodes_[i].id; }
  std::string log(int i) const {
    std::ifstream in(nodes_[i].folder / "server.log");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  const std::string& db() const { return db_; }

 private:
  struct Node {
    std::string id;
    fs::path folder;
    std::vector<std::string> args;
    std::unique_ptr<ServerProcess> process;
    bool paused = false;
  };
  std::string db_;
  mutable std::mutex mu_;
  std::vector<Node> nodes_;
};

// What the players met, all together.
struct Tally {
  std::mutex mu;
  std::map<std::string, int> errors;  // by code and what it answered, every error received
  int bad_tokens = 0;                 // a valid token refused
  int regressions = 0;                // a state that took a match back
  int two_views = 0;                  // a version shown as two different views
  int reconnects = 0;
  int matches_started = 0;
  int matches_finished = 0;
  int stuck = 0;   // matches given up: no state of theirs came for a long while
  int unseen = 0;  // matches that ended while their player was away, found so by a sync
  void error(const std::string& code) {
    std::lock_guard lock(mu);
    ++errors[code];
  }
  void add(int Tally::*counter) {
    std::lock_guard lock(mu);
    ++(this->*counter);
  }
};

std::uint16_t port_of(const std::string& url) {
  return static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
}

// A player at tables against a random bot, one match after another, as a client written from
// the docs plays: on any trouble it reconnects with its token and goes on.
class Player {
 public:
  Player(int n, Nodes& nodes, Tally& tally, Journal& journal, std::uint64_t seed)
      : name_("Player " + std::to_string(n)),
        nodes_(nodes),
        tally_(tally),
        journal_(journal),
        rng_(seed) {}

  void run(const std::atomic<bool>& stop) {
    while (!stop) {
      try {
        if (!client_ || client_->closed()) connect(0);
        if (match_ == 0) new_match();
        step();
      } catch (const std::exception& e) {
        client_.reset();
        std::this_thread::sleep_for(milliseconds(200));
      }
    }
    client_.reset();
  }

  // Every version shown, by match: the checker's input.
  const std::map<std::int64_t, std::map<std::int64_t, Json>>& shown() const { return shown_; }
  const std::string& name() const { return name_; }
  const std::string& token() const { return token_; }

 private:
  // Connects to `port` (any live node when 0) and says hello with the player's token, again after
  // a pause while the store cannot answer.
  void connect(std::uint16_t port) {
    client_.reset();
    in_flight_ = false;
    waiting_ = false;
    for (;;) {
      const std::uint16_t to = port ? port : nodes_.any(rng_);
      port = 0;
      if (to == 0) {
        std::this_thread::sleep_for(milliseconds(200));
        continue;
      }
      try {
        client_ = std::make_unique<TestClient>(to, name_ + " on " + std::to_string(to));
      } catch (const std::exception&) {
        std::this_thread::sleep_for(milliseconds(200));
        continue;
      }
      for (int attempt = 0; attempt < 20; ++attempt) {
        Json hello = {{"type", "hello"}, {"name", name_}};
        if (!token_.empty()) hello["token"] = token_;
        const Json answer = client_->request(hello, seconds(5));
        if (answer.at("type") == "welcome") {
          token_ = answer.at("token");
          last_heard_ = Clock::now();
          tally_.add(&Tally::reconnects);
          return;
        }
        const std::string code = answer.value("code", "");
        tally_.error(code + " (hello)");
        if (code == "bad_token") {
          // A token the cluster gave: refused, the player and its seats are lost.
          tally_.add(&Tally::bad_tokens);
          journal_.say(name_ + ": a valid token refused: " + answer.dump());
          token_.clear();
          match_ = 0;
        }
        std::this_thread::sleep_for(milliseconds(300));
      }
      throw std::runtime_error("hello never answered with welcome");
    }
  }

  // Asks, and counts the error if the answer is one; returns the answer.
  Json ask(Json message) {
    const std::string type = message.at("type");
    const Json answer = client_->request(std::move(message), seconds(8));
    last_heard_ = Clock::now();
    if (answer.at("type") == "error") tally_.error(answer.value("code", "") + " (" + type + ")");
    return answer;
  }

  void new_match() {
    const Json room = ask({{"type", "create_room"}, {"game", kRaft}});
    if (room.at("type") != "room") return std::this_thread::sleep_for(milliseconds(300));
    const std::int64_t id = room.at("room").at("id");
    const Json started =
        ask({{"type", "add_bot"}, {"room", id}, {"bot", "random"}}).at("type") == "room"
            ? ask({{"type", "start"}, {"room", id}})
            : Json{{"type", "error"}};
    if (started.at("type") != "room") {
      client_->send({{"type", "leave_room"}, {"room", id}});
      return std::this_thread::sleep_for(milliseconds(300));
    }
    // Its state follows, pushed.
    room_ = id;
    match_ = started.at("room").at("match");
    last_state_ = Clock::now();
    tally_.add(&Tally::matches_started);
  }

  // One message, or a move when it is this player's turn.
  void step() {
    std::optional<Json> message = client_->receive(milliseconds(200));
    if (message) {
      last_heard_ = Clock::now();
      take(*message);
    } else if (client_->closed()) {
      return;
    } else if (Clock::now() - last_heard_ > seconds(6)) {
      // Nothing for a while: a node paused or lost. A ping tells.
      const Json pong = client_->request({{"type", "ping"}}, seconds(3));
      if (pong.at("type") != "pong") throw std::runtime_error("no pong");
      last_heard_ = Clock::now();
      // A match that shows no sign of life for a long while is given up (and counted).
      if (match_ != 0 && !waiting_ && Clock::now() - last_state_ > seconds(60)) {
        journal_.say(name_ + ": match " + std::to_string(match_) + " given up");
        tally_.add(&Tally::stuck);
        match_ = 0;
      }
    }
    // Quiet for a while: as the protocol advises, a sync says where the match stands.
    if (match_ != 0 && !waiting_ && !in_flight_ && Clock::now() - last_state_ > seconds(10) &&
        Clock::now() - last_sync_ > seconds(10))
      sync();
    play();
  }

  void sync() {
    last_sync_ = Clock::now();
    const Json answer = ask({{"type", "sync"}, {"match", match_}});
    const std::string code = answer.value("code", "");
    if (answer.at("type") == "state") return take(answer);
    if (code == "not_in_room") {
      ask({{"type", "join_room"}, {"room", room_}});
    } else if (code == "no_such_match") {
      // Its room closed: it ended while this player was away, or it is lost.
      const Json stored = ask({{"type", "get_match"}, {"match", match_}});
      if (stored.at("type") == "match" && stored.at("match").at("status") != "running") {
        tally_.add(&Tally::unseen);
        match_ = 0;
      }
    } else if (code == "elsewhere") {
      take(answer);
    }
  }

  void take(const Json& m) {
    const std::string type = m.value("type", "");
    if (type == "error") {
      const std::string code = m.value("code", "");
      // A request's answer is counted by ask; a push, or the answer to a move, here; and what
      // answers nothing awaited (a leave_room's refusal).
      tally_.error(code + (m.contains("re") ? m.at("re") == "move" ? " (action)" : " (other)"
                                            : " (pushed)"));
      if (m.value("re", Json()) == "move") in_flight_ = false;
      if (code == "store_unavailable" && m.value("match", Json()) == match_) waiting_ = true;
      if (code == "elsewhere" && (m.value("match", Json()) == match_ || m.contains("re"))) {
        const Json& url = m.at("url");
        if (url.is_string()) return connect(port_of(url.get<std::string>()));
        std::this_thread::sleep_for(milliseconds(300));
        return connect(0);
      }
      return;
    }
    if (type != "state" && type != "patch") return;
    const std::int64_t id = m.at("match");
    if (id != match_) return;
    if (m.value("re", Json()) == "move") in_flight_ = false;
    const MatchView* view = client_->match(id);
    if (!view) return;
    if (type == "state") {
      waiting_ = false;
      last_state_ = Clock::now();
      if (auto high = highest_.find(id); high != highest_.end() && view->version < high->second) {
        tally_.add(&Tally::regressions);
        journal_.say(name_ + ": match " + std::to_string(id) + " went back from version " +
                     std::to_string(high->second) + " to " + std::to_string(view->version));
      }
    }
    last_state_ = Clock::now();
    highest_[id] = std::max(highest_[id], view->version);
    auto [seen, fresh] = shown_[id].emplace(view->version, view->view);
    if (!fresh && seen->second != view->view) {
      tally_.add(&Tally::two_views);
      journal_.say(name_ + ": match " + std::to_string(id) + " version " +
                   std::to_string(view->version) + " shown as two different views");
    }
    if (view->view.value("over", false)) {
      tally_.add(&Tally::matches_finished);
      client_->send({{"type", "leave_room"}, {"room", room_}});
      match_ = 0;
      in_flight_ = false;
    }
  }

  void play() {
    if (!client_ || match_ == 0 || in_flight_ || waiting_) return;
    const MatchView* view = client_->match(match_);
    if (!view || view->view.value("over", false)) return;
    const Json& legal = view->view.at("legal");
    if (legal.empty()) return;
    client_->send({{"type", "action"},
                   {"match", match_},
                   {"action", legal.at(rng_() % legal.size())},
                   {"id", "move"}});
    in_flight_ = true;
  }

  std::string name_;
  Nodes& nodes_;
  Tally& tally_;
  Journal& journal_;
  std::mt19937_64 rng_;
  std::string token_;
  std::unique_ptr<TestClient> client_;
  std::int64_t match_ = 0;
  std::int64_t room_ = 0;
  bool in_flight_ = false;
  bool waiting_ = false;
  Clock::time_point last_heard_ = Clock::now();
  Clock::time_point last_state_ = Clock::now();
  Clock::time_point last_sync_ = Clock::now();
  std::map<std::int64_t, std::int64_t> highest_;
  std::map<std::int64_t, std::map<std::int64_t, Json>> shown_;
};

// One fault after another until `until`, each undone before the next.
void inject_faults(Nodes& nodes, test::PostgresCluster& pg, Clock::time_point until,
                   std::mt19937_64& rng, Journal& journal, std::map<std::string, int>& faults,
                   int lease_ms) {
  auto pause = [&](int low_ms, int high_ms) {
    std::this_thread::sleep_for(
        milliseconds(low_ms + static_cast<int>(rng() % (high_ms - low_ms))));
  };
  while (Clock::now() < until) {
    pause(3000, 8000);
    if (Clock::now() >= until) break;
    const int node = static_cast<int>(rng() % Nodes::kCount);
    const int kind = static_cast<int>(rng() % 6);
    const std::string who = nodes.id(node);
    switch (kind) {
      case 0:
        journal.say("kill -9 " + who);
        nodes.end(node, SIGKILL);
        pause(500, 4000);
        nodes.start(node);
        ++faults["kill -9"];
        break;
      case 1:
        journal.say("SIGSTOP " + who + ", past its lease");
        nodes.pause(node, true);
        pause(lease_ms + 1000, 2 * lease_ms + 2000);
        journal.say("SIGCONT " + who);
        nodes.pause(node, false);
        ++faults["SIGSTOP"];
        break;
      case 2:
        journal.say("SIGTERM " + who);
        nodes.end(node, SIGTERM);
        pause(200, 2000);
        nodes.start(node);
        ++faults["SIGTERM"];
        break;
      case 3:
        journal.say("PostgreSQL restart");
        pg.stop_server("fast");
        pg.start_server();
        ++faults["database restart"];
        break;
      case 4:
      case 5: {
        const std::string mode = kind == 4 ? "fast" : "immediate";
        journal.say("PostgreSQL stopped (" + mode + ")");
        pg.stop_server(mode);
        pause(1000, 10000);
        journal.say("PostgreSQL started");
        pg.start_server();
        ++faults[kind == 4 ? "database stop" : "database crash"];
        break;
      }
    }
  }
}

TEST_CASE("chaos: every version shown is the stored one, through every fault") {
  const int run_s = setting("TORTUGA_CHAOS_SECONDS", 120);
  const int players = setting("TORTUGA_CHAOS_PLAYERS", 12);
  const std::uint64_t seed = static_cast<std::uint64_t>(
      setting("TORTUGA_CHAOS_SEED", static_cast<int>(std::random_device()() & 0x7fffffff)));
  constexpr int kLeaseMs = 3000;
  Journal journal;
  journal.say("chaos run: " + std::to_string(run_s) + " s, " + std::to_string(players) +
              " players, seed " + std::to_string(seed));

  test::PostgresCluster& pg = test::PostgresCluster::shared();
  TempDir dir;
  Nodes nodes(dir.path(), pg.new_database(), kLeaseMs);
  Tally tally;
  std::vector<std::unique_ptr<Player>> table;
  for (int i = 0; i < players; ++i)
    table.push_back(std::make_unique<Player>(i + 1, nodes, tally, journal, seed + 1 + i));
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (auto& p : table) threads.emplace_back([&p, &stop] { p->run(stop); });

  std::mt19937_64 rng(seed);
  std::map<std::string, int> faults;
  const auto started = Clock::now();
  inject_faults(nodes, pg, started + seconds(run_s), rng, journal, faults, kLeaseMs);
  journal.say("faults over; the players play on for 20 s");
  std::this_thread::sleep_for(seconds(20));
  stop = true;
  for (auto& t : threads) t.join();

  // The checker: every version each player was shown, against its seat's stored replay.
  // The nodes' logs first, kept whatever the checker finds.
  const char* keep = std::getenv("TORTUGA_CHAOS_LOGS");
  for (int i = 0; i < Nodes::kCount && keep && *keep; ++i)
    std::ofstream(fs::path(keep) / (nodes.id(i) + ".log")) << nodes.log(i);

  journal.say("checking");
  std::int64_t views = 0, missing = 0, different = 0, matches = 0, unreadable = 0;
  int unavailable_after = 0;  // store_unavailable met by the checker, after every fault
  // A request of the checker's, asked again while the store is unavailable (counted).
  auto asked = [&](TestClient& reader, const Json& message) {
    for (int attempt = 0;; ++attempt) {
      Json answer = reader.request(message, seconds(30));
      if (answer.value("code", "") != "store_unavailable" || attempt == 20) return answer;
      ++unavailable_after;
      journal.say("the checker met store_unavailable: " + answer.dump());
      std::this_thread::sleep_for(milliseconds(500));
    }
  };
  for (const auto& p : table) {
    if (p->shown().empty()) continue;
    TestClient reader(nodes.any(rng), p->name() + ", reading");
    REQUIRE(
        asked(reader, {{"type", "hello"}, {"name", p->name()}, {"token", p->token()}}).at("type") ==
        "welcome");
    for (const auto& [match, versions] : p->shown()) {
      ++matches;
      const Json replay = asked(reader, {{"type", "get_replay"}, {"match", match}, {"seat", 0}});
      if (replay.at("type") != "replay") {
        ++unreadable;
        journal.say("match " + std::to_string(match) + " not replayed: " + replay.dump());
        continue;
      }
      const Json& steps = replay.at("steps");
      for (const auto& [version, view] : versions) {
        ++views;
        if (static_cast<std::size_t>(version) >= steps.size()) {
          ++missing;
          journal.say("match " + std::to_string(match) + " version " + std::to_string(version) +
                      " shown, not stored (" + std::to_string(steps.size() - 1) + " stored)");
        } else if (steps[static_cast<std::size_t>(version)].at("view") != view) {
          ++different;
          journal.say("match " + std::to_string(match) + " version " + std::to_string(version) +
                      " shown different from the stored one");
        }
      }
    }
  }
  const std::string stored = pg.run_sql(nodes.db(), "SELECT count(*) FROM actions");
  const std::string finished =
      pg.run_sql(nodes.db(), "SELECT count(*) FROM matches WHERE status = 'finished'");

  std::ostringstream figures;
  figures << "\n== chaos run: " << static_cast<int>(since(started)) << " s, seed " << seed
          << " ==\nfaults:";
  for (const auto& [kind, n] : faults) figures << " " << kind << " " << n << ";";
  figures << "\nmatches: " << tally.matches_started << " started by players, "
          << tally.matches_finished << " seen to their end, " << finished << " stored as finished; "
          << stored << " actions stored\n"
          << "checked: " << views << " versions shown in " << matches << " matches: " << missing
          << " not stored, " << different << " different; " << unreadable
          << " matches not replayed\n"
          << "players: " << tally.regressions << " states that went back, " << tally.two_views
          << " versions shown two ways, " << tally.bad_tokens << " valid tokens refused, "
          << tally.stuck << " matches given up, " << tally.unseen
          << " ended while their player was away, " << tally.reconnects << " hellos welcomed; "
          << unavailable_after << " store_unavailable after the faults\n"
          << "errors met:";
  for (const auto& [code, n] : tally.errors) figures << " " << code << " " << n << ";";
  figures << "\nnode logs:";
  for (int i = 0; i < Nodes::kCount; ++i) {
    const std::string log = nodes.log(i);
    const auto lines = std::count(log.begin(), log.end(), '\n');
    std::size_t outages = 0;
    for (auto at = log.find("the store fails"); at != std::string::npos;
         at = log.find("the store fails", at + 1))
      ++outages;
    figures << " " << nodes.id(i) << " " << lines << " lines (" << outages << " outages);";
  }
  journal.say(figures.str());

  CHECK(missing == 0);
  CHECK(different == 0);
  CHECK(unreadable == 0);
  CHECK(tally.regressions == 0);
  CHECK(tally.two_views == 0);
  CHECK(tally.bad_tokens == 0);
  CHECK(tally.errors["internal"] == 0);
  CHECK(unavailable_after == 0);
  CHECK(views > 0);
}

}  // namespace
}  // namespace tortuga::integration
