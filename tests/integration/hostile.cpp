#include "tests/integration/hostile.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "server/ops/config.hpp"
#include "tests/integration/play.hpp"

namespace tortuga::integration {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

constexpr const char* kAttacker = "203.0.113.66";
// Of the attacker's 32 connections: these never read, these never say hello, these make players
// and rooms, and one guesses join codes; its bursts of 40 more meet the limit.
constexpr int kNeverRead = 20;
constexpr std::size_t kSilent = 4;
constexpr int kRoomMakers = 3;

// What the attacker met, shared by its threads.
class Tally {
 public:
  void note(const std::string& what, int n = 1) {
    std::lock_guard lock(mutex_);
    counts_[what] += n;
  }
  void note_answer(const Json& answer) {
    note(answer.value("type", "") == "error" ? answer.value("code", "error")
                                             : answer.value("type", "?"));
  }
  std::map<std::string, int> counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, int> counts_;
};

// A WebSocket that sends and never reads: what it asks for piles up at the server.
class NeverReads {
 public:
  NeverReads(std::uint16_t port, const std::string& address) : ws_(io_) {
    const boost::asio::ip::tcp::endpoint endpoint(boost::asio::ip::make_address("127.0.0.1"), port);
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(endpoint.protocol());
    socket.set_option(boost::asio::socket_base::receive_buffer_size(4096));
    beast::get_lowest_layer(ws_).connect(endpoint);
    ws_.set_option(websocket::stream_base::decorator(
        [address](websocket::request_type& r) { r.set("X-Forwarded-For", address); }));
    ws_.handshake("127.0.0.1", "/ws");
    ws_.text(true);
  }
  // False once the server has cut the connection.
  bool send(const std::string& text) {
    beast::error_code ec;
    ws_.write(boost::asio::buffer(text), ec);
    return !ec;
  }

 private:
  boost::asio::io_context io_;
  websocket::stream<beast::tcp_stream> ws_;
};

std::string random_code(std::mt19937_64& rng) {
  static const char kAlphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  std::string code;
  for (int i = 0; i < 6; ++i) code += kAlphabet[rng() % (sizeof kAlphabet - 1)];
  return code;
}

// Runs `body` until `stop`, noting every failure it meets rather than ending the run.
void keep_going(const std::atomic<bool>& stop, Tally& met, const std::string& name,
                const std::function<void()>& body) {
  while (!stop) {
    try {
      body();
    } catch (const std::exception& e) {
      met.note(name + ": " + std::string(e.what()).substr(0, 40));
      std::this_thread::sleep_for(Millis(20));
    }
  }
}

// Whether the server refused `c` for its address's connections: a ping is answered by a pong on a
// connection let in, and by nothing but the refusal (then the close) on one turned away.
bool refused_connection(TestClient& c) {
  try {
    c.send({{"type", "ping"}});
    c.wait_for(
        [](const Json& m) {
          return m.value("type", "") == "pong" || m.value("code", "") == "too_many_connections";
        },
        "a pong or the refusal");
  } catch (const std::exception&) {
    // Closed before the ping went or its answer came: the errors read tell which.
  }
  for (const Json& e : c.errors())
    if (e.value("code", "") == "too_many_connections") return true;
  return false;
}

// Connections past the address's limit, in bursts held open together; some kept open and silent
// until hello's deadline closes them (waited for once the run is over).
void flood_connections(std::uint16_t port, const std::atomic<bool>& stop, Tally& met) {
  std::vector<std::unique_ptr<TestClient>> silent;
  auto note_closed = [&](TestClient& c) {
    met.note(c.close_frame() ? "closed " + std::to_string(c.close_frame()->code) : "closed");
  };
  keep_going(stop, met, "flood", [&] {
    std::vector<std::unique_ptr<TestClient>> burst;
    for (int i = 0; i < 40 && !stop; ++i)
      burst.push_back(
          std::make_unique<TestClient>(port, "flood", TestClient::from_address(kAttacker)));
    std::erase_if(burst, [&](auto& c) {
      if (!refused_connection(*c)) return false;
      met.note("connection refused");
      return true;
    });
    // A few stay, silent: a ping is no hello. The rest go with the burst.
    while (!burst.empty() && silent.size() < kSilent) {
      silent.push_back(std::move(burst.back()));
      burst.pop_back();
    }
    std::erase_if(silent, [&](auto& c) {
      c->drain();
      if (!c->closed()) return false;
      note_closed(*c);
      return true;
    });
    std::this_thread::sleep_for(Millis(200));
  });
  for (auto& c : silent) {
    try {
      c->read_until_closed(Millis(std::chrono::seconds(Limits().hello_timeout_s)) + kWait);
    } catch (const std::exception&) {
      met.note("silent connection not closed");
      continue;
    }
    note_closed(*c);
  }
}

// Players, then rooms as fast as they are answered until refused, a listing, and mutes of made-up
// players: past every limit. Without the limits on rooms, the server's rooms would be full in
// seconds, and the players could open no table.
void flood_rooms(std::uint16_t port, const std::atomic<bool>& stop, Tally& met,
                 std::vector<std::string>& tokens, std::mutex& tokens_mutex) {
  keep_going(stop, met, "rooms", [&] {
    TestClient c(port, "rooms", TestClient::from_address(kAttacker));
    const Json hello = c.request({{"type", "hello"}, {"name", "Blackbeard"}});
    met.note_answer(hello);
    if (hello.value("type", "") != "welcome") {
      std::lock_guard lock(tokens_mutex);
      if (tokens.empty()) return;
      c.hello("Blackbeard", tokens[tokens.size() / 2]);  // past its new players: an old one again
    } else {
      std::lock_guard lock(tokens_mutex);
      tokens.push_back(hello.at("token"));
    }
    std::int64_t room = 0;
    for (int i = 0; i < 200 && !stop; ++i) {
      const Json made = c.request({{"type", "create_room"}, {"game", kRaft}});
      met.note_answer(made);
      if (made.value("type", "") != "room") break;
      room = made.at("room").at("id");
    }
    met.note_answer(c.request({{"type", "list_rooms"}}));
    if (room)
      for (std::int64_t nobody = 900001; nobody < 900004; ++nobody)
        met.note_answer(c.request({{"type", "mute"}, {"room", room}, {"player", nobody}}));
  });
}

// Join codes, guessed as fast as the connection is answered.
void guess_codes(std::uint16_t port, const std::atomic<bool>& stop, Tally& met, int seed) {
  std::mt19937_64 rng(seed);
  keep_going(stop, met, "guesses", [&] {
    TestClient c(port, "guesser", TestClient::from_address(kAttacker));
    const Json hello = c.request({{"type", "hello"}, {"name", "Mallory"}});
    met.note_answer(hello);
    while (!stop && !c.closed())
      met.note_answer(c.request({{"type", "join_room"}, {"room", random_code(rng)}}));
  });
}

// welcome (every game described, about 23 KB) asked for again and again on connections that never
// read, as fast as the rate limit lets them: what they are sent piles up at the server until it
// drops them as slow readers.
void never_read(std::uint16_t port, const std::atomic<bool>& stop, Tally& met,
                const std::string& token) {
  const std::string welcome_again =
      Json{{"type", "hello"}, {"name", "Anne Bonny"}, {"token", token}}.dump();
  keep_going(stop, met, "never reads", [&] {
    NeverReads c(port, kAttacker);
    while (!stop && c.send(welcome_again))
      std::this_thread::sleep_for(Millis(20));  // within the rate limit: every one is answered
    // Refused for the address's connections (a burst of the flood holds them), or cut.
    if (!stop) std::this_thread::sleep_for(Millis(50));
  });
}

// One table of two players, playing Raft & Scupper until it has played `actions` actions, match
// after match; each action timed from sending to the patch that answers it.
void play_table(std::uint16_t port, int table, const HostileSettings& settings,
                std::vector<double>& action_ms, std::map<std::string, int>& errors, int& dropped) {
  TestClient host(port, "host " + std::to_string(table),
                  TestClient::from_address("198.51.100." + std::to_string(2 * table + 1)));
  TestClient guest(port, "guest " + std::to_string(table),
                   TestClient::from_address("198.51.100." + std::to_string(2 * table + 2)));
  host.hello("Host " + std::to_string(table));
  guest.hello("Guest " + std::to_string(table));
  std::mt19937_64 rng(table);
  int played = 0;
  try {
    while (played < settings.actions_per_table) {
      const Table t = open_table(host, guest);
      while (played < settings.actions_per_table && !is_over(host, t.match)) {
        TestClient* actor = nullptr;
        for (TestClient* p : {&host, &guest})
          if (!actor && !p->match(t.match)->view.at("legal").empty()) actor = p;
        const std::int64_t version = host.match(t.match)->version;
        if (actor) {
          std::this_thread::sleep_for(settings.pause);
          const Json& legal = actor->match(t.match)->view.at("legal");
          const Json action = legal[rng() % legal.size()];
          const auto sent = Clock::now();
          const Json answer =
              actor->request({{"type", "action"}, {"match", t.match}, {"action", action}});
          action_ms.push_back(
              std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
          if (answer.value("type", "") != "patch") ++errors[answer.value("code", "not a patch")];
          ++played;
        }
        for (TestClient* p : {&host, &guest}) p->wait_version(t.match, version + 1);
      }
      for (TestClient* p : {&host, &guest}) p->request({{"type", "leave_room"}, {"room", t.room}});
    }
  } catch (const std::exception& e) {
    ++errors[std::string("failed: ") + e.what()];
  }
  for (TestClient* p : {&host, &guest}) {
    p->drain();
    if (p->closed()) ++dropped;
  }
}

}  // namespace

double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto at = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(at, sorted.size() - 1)];
}

HostileReport run_hostile(std::uint16_t port, const HostileSettings& settings) {
  HostileReport report;
  report.resident_before_bytes = resident_bytes(port);
  std::atomic<bool> players_done{false}, stop{false};
  Tally met;
  std::vector<std::string> tokens;
  std::mutex tokens_mutex;
  const auto began = Clock::now();

  std::atomic<bool> attack_done{false}, stop_never_read{false};
  std::vector<std::function<void()>> attacks;
  if (settings.attacker) {
    attacks.emplace_back([&] { flood_connections(port, stop, met); });
    for (int i = 0; i < kRoomMakers; ++i)
      attacks.emplace_back([&] { flood_rooms(port, stop, met, tokens, tokens_mutex); });
    attacks.emplace_back([&] { guess_codes(port, stop, met, 1); });
    // A player in no room, whose hello is answered by its welcome alone.
    const std::string reader = TestClient(port, "reader", TestClient::from_address(kAttacker))
                                   .hello("Anne Bonny")
                                   .at("token");
    for (int i = 0; i < kNeverRead; ++i)
      attacks.emplace_back([&, reader] { never_read(port, stop_never_read, met, reader); });
  }
  std::vector<std::thread> attack;
  for (const auto& a : attacks) attack.emplace_back(a);
  std::thread sampler([&] {
    while (!attack_done) {
      try {
        report.peak_resident_bytes = std::max(report.peak_resident_bytes, resident_bytes(port));
      } catch (const std::exception&) {
      }
      std::this_thread::sleep_for(Millis(100));
    }
  });

  std::vector<std::vector<double>> latencies(settings.tables);
  std::vector<std::map<std::string, int>> errors(settings.tables);
  std::vector<int> dropped(settings.tables, 0);
  std::vector<std::thread> tables;
  for (int t = 0; t < settings.tables; ++t)
    tables.emplace_back(
        [&, t] { play_table(port, t, settings, latencies[t], errors[t], dropped[t]); });
  for (auto& t : tables) t.join();
  report.seconds = std::chrono::duration<double>(Clock::now() - began).count();
  stop = true;
  // The connections that never read go on until the server has dropped as many as there are of
  // them, whether the players took a short or a long time.
  if (settings.attacker) {
    try {
      eventually([&] { return metric(port, "tortuga_slow_clients_dropped_total") >= kNeverRead; },
                 "the connections that never read to be dropped", std::chrono::minutes(2));
    } catch (const std::exception&) {
      met.note("never-reading connections not dropped");
    }
  }
  stop_never_read = true;
  for (auto& a : attack) a.join();
  attack_done = true;
  sampler.join();

  for (int t = 0; t < settings.tables; ++t) {
    report.action_ms.insert(report.action_ms.end(), latencies[t].begin(), latencies[t].end());
    for (const auto& [code, n] : errors[t]) report.player_errors[code] += n;
    report.players_dropped += dropped[t];
  }
  std::sort(report.action_ms.begin(), report.action_ms.end());
  report.attacker = met.counts();
  return report;
}

}  // namespace tortuga::integration
