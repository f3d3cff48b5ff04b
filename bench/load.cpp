#include "bench/load.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string_view>
#include <thread>

#include <sys/resource.h>

#include "bench/event_loop.hpp"
#include "bench/flat_json.hpp"
#include "bench/ws_client.hpp"

namespace tortuga::bench {

namespace {

constexpr auto kSetupLimit = std::chrono::seconds(60);    // for all connections to say hello
constexpr auto kUpgradeLimit = std::chrono::seconds(30);  // for one connection to open
constexpr auto kStallAfter = std::chrono::seconds(5);

void append_integer(std::int64_t n, std::string& out) {
  char digits[24];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
  out.append(digits, end);
}

// ---- what every client shares ---------------------------------------------------------------

struct Shared {
  Endpoint endpoint;
  std::string host;
  std::string path;
  bool deflate = false;           // offer permessage-deflate
  std::atomic<int> deflating{0};  // players whose server agreed to it
  // The measured window, set once the players are connected (atomic: players' handlers may read
  // it meanwhile). Until then it is empty.
  std::atomic<Clock::rep> begin{1}, end{0};
  std::atomic<bool> stopping{false};
  std::atomic<int> welcomed{0};  // players
  std::atomic<int> idle_welcomed{0};
  std::atomic<int> players_failed{0};  // connections that failed before their welcome
  std::atomic<int> idle_failed{0};
  std::mutex mutex;
  std::map<std::string, std::int64_t> errors;  // of idle connections

  bool in_window(Clock::time_point t) const {
    const auto ticks = t.time_since_epoch().count();
    return ticks >= begin && ticks <= end;
  }
  Clock::time_point window_end() const { return Clock::time_point(Clock::duration(end)); }
  void error(const std::string& what) {
    std::lock_guard lock(mutex);
    ++errors[what];
  }
};

// ---- a table: a player in each seat, one match after another ---------------------------------

struct TableStats {
  std::int64_t actions = 0;
  std::int64_t finished = 0;
  std::int64_t started = 0;
  std::int64_t patches = 0;           // received, by any player
  std::int64_t patch_bytes = 0;       // on the wire (compressed, with deflate)
  std::int64_t patch_text_bytes = 0;  // their text
  std::vector<std::uint32_t> latencies_us;
  std::map<std::string, std::int64_t> errors;
  std::int64_t overtaken = 0;  // refusals of an action another seat's came before
};

class Table {
 public:
  // Paced, the match's actions are due one per `pace`; zero for as fast as the server answers.
  // Lives on `loop`: every member function runs on its thread, connect() and begin() included
  // (they are posted there).
  Table(EventLoop& loop, int index, const LoadSettings& settings, std::uint64_t seed,
        Clock::duration pace, Shared& shared)
      : loop_(loop),
        retry_(loop),
        pace_timer_(loop),
        shared_(shared),
        rng_(seed),
        pace_(pace),
        seats_(static_cast<std::size_t>(settings.players)) {
    for (int s = 0; s < seats(); ++s)
      seats_[s].name = "bench-" + std::to_string(index) + "-" + std::to_string(s);
    create_fields_ = R"("type":"create_room","game":")" + settings.game +
                     R"(","options":{"players":)" + std::to_string(settings.players) + '}';
  }

  // Connects every player and says hello.
  void connect() {
    for (int s = 0; s < seats(); ++s) {
      seats_[s].conn = std::make_unique<WsClient>(loop_);
      seats_[s].conn->open(
          shared_.endpoint, shared_.host, shared_.path,
          {[this, s] {
             if (seats_[s].conn->deflating()) ++shared_.deflating;
             send(s, R"("type":"hello","name":")" + seats_[s].name + '"');
           },
           [this, s](std::string_view text, std::size_t wire) { on_message(s, text, wire); },
           [this, s](const std::string& why) {
             if (!seats_[s].welcomed) ++shared_.players_failed;
             ++stats_.errors["connection " + why];
           }},
          kUpgradeLimit, shared_.deflate);
    }
  }
  void begin() {
    loop_.post([this] {
      last_progress_ = Clock::now();
      // Paced tables start spread evenly over one pace, so that the load is even from the start.
      if (pace_.count() > 0)
        next_slot_ = last_progress_ + Clock::duration(static_cast<Clock::rep>(
                                          rng_() % static_cast<std::uint64_t>(pace_.count())));
      new_round();
    });
  }
  // Once the loop has stopped: ends every connection.
  void close() {
    for (auto& seat : seats_)
      if (seat.conn) seat.conn->close();
  }
  // Read once the loop has stopped.
  const TableStats& stats() const { return stats_; }
  bool stalled() const { return shared_.window_end() - last_progress_ > kStallAfter; }

 private:
  using Node = FlatJson::Node;
  static constexpr Node kNone = FlatJson::kNone;

  struct Seat {
    std::unique_ptr<WsClient> conn;
    std::string name;
    bool welcomed = false;
    std::int64_t next_id = 1;
    std::int64_t match = 0;
    FlatJson doc;       // the seat's view
    Node view = kNone;  // in doc
    std::int64_t version = -1;
    bool over = false;
    bool acting = false;  // an action is out, its patch not yet back
    std::int64_t action_id = 0;
    std::int64_t expect = 0;  // the first version its patch can carry
    bool refused = false;     // the action was refused, and no newer version has come yet
    Clock::time_point sent;
  };

  int seats() const { return static_cast<int>(seats_.size()); }

  // Sends {fields, "id": next id}; `fields` is the message's members as JSON text.
  std::int64_t send(int s, std::string_view fields) {
    const std::int64_t id = seats_[s].next_id++;
    std::string text;
    text.reserve(fields.size() + 32);
    text += '{';
    text += fields;
    text += ",\"id\":";
    append_integer(id, text);
    text += '}';
    seats_[s].conn->send(std::move(text));
    return id;
  }
  std::int64_t send_to_room(int s, const char* type) {
    return send(s, std::string(R"("type":")") + type + R"(","room":)" + std::to_string(room_));
  }

  void count_error(const std::string& what) { ++stats_.errors[what]; }

  void new_round() {
    if (shared_.stopping) return;
    for (auto& seat : seats_) {
      seat.match = 0;
      seat.doc.release(seat.view);
      seat.view = kNone;
      seat.version = -1;
      seat.over = false;
      seat.acting = false;
    }
    room_ = 0;
    join_ids_.assign(seats_.size(), 0);
    create_id_ = send(0, create_fields_);
  }

  // A lobby step failed: leave what was made and try again a little later.
  void retry_round() {
    if (room_) {
      for (int s = 0; s < seats(); ++s) send_to_room(s, "leave_room");
    }
    retry_.start(Clock::now() + std::chrono::milliseconds(200), [this] { new_round(); });
  }

  void on_message(int s, std::string_view text, std::size_t wire) {
    seats_[s].doc.prefetch();  // the view is likely out of the cache: fetched while `msg` is read
    FlatJson& msg = messages();
    const Node m = msg.parse(text);
    if (m == kNone || msg.kind(m) != FlatJson::Kind::object) {
      msg.release(m);
      return count_error("unreadable message");
    }
    handle(s, msg, m, text.size(), wire);
    msg.release(m);
  }

  // The pool the message being read goes to: one per client thread, reused for every message,
  // so that it stays in the cache; a message's values are copied into the seat's view.
  static FlatJson& messages() {
    thread_local FlatJson pool;
    return pool;
  }

  // One message `m` in `msg` (released by the caller).
  void handle(int s, FlatJson& msg, Node m, std::size_t bytes, std::size_t wire) {
    Seat& seat = seats_[s];
    const std::string_view type = msg.string(msg.member(m, "type"));
    const std::int64_t re = msg.integer(msg.member(m, "re")).value_or(0);

    if (type == "patch") {
      if (shared_.in_window(Clock::now())) {
        ++stats_.patches;
        stats_.patch_bytes += static_cast<std::int64_t>(wire);
        stats_.patch_text_bytes += static_cast<std::int64_t>(bytes);
      }
      return on_patch(s, msg, m, re);
    }
    if (type == "state") return on_state(s, msg, m);
    if (type == "welcome") {
      if (!seat.welcomed) ++shared_.welcomed;
      seat.welcomed = true;
      return;
    }
    if (type == "room") {
      // The host makes the room, the others take their seats one by one, then the host starts.
      const bool seated = s == 0 ? re == create_id_ && create_id_ : re == join_ids_[s] && re;
      if (seated && s == 0)
        room_ = msg.integer(msg.member(msg.member(m, "room"), "id")).value_or(0);
      if (seated && s + 1 < seats()) {
        join_ids_[s + 1] = send_to_room(s + 1, "join_room");
      } else if (seated) {
        start_id_ = send_to_room(0, "start");
      } else if (s == 0 && re == start_id_ && start_id_) {
        if (shared_.in_window(Clock::now())) ++stats_.started;
      }
      return;
    }
    if (type == "error") {
      const std::string_view code_text = msg.string(msg.member(m, "code"));
      const std::string code = code_text.empty() ? "?" : std::string(code_text);
      if (re && re == seat.action_id && seat.acting) {
        seat.acting = false;
        if (code == "rate_limited") {
          count_error(code);
          retry_.start(Clock::now() + std::chrono::milliseconds(20), [this, s] { maybe_act(s); });
        } else if (code == "not_your_turn" || code == "illegal_action") {
          // Where several seats act at once, another's action came first: the rules refuse this
          // one, and its patch is here already or follows once stored. Such a refusal counts as
          // overtaken when the view has moved on; the next version offers what the seat may do.
          seat.refused = true;
          if (seat.version >= seat.expect) {
            overtaken(s);
            maybe_act(s);
          }
        } else {
          count_error(code);
          sync(s);
        }
        return;
      }
      count_error(code);
      if (re && (re == create_id_ || re == start_id_ ||
                 std::find(join_ids_.begin(), join_ids_.end(), re) != join_ids_.end())) {
        retry_round();
      }
    }
    // left, rooms, pong: nothing to do.
  }

  // A refused action was overtaken by another seat's: not an error.
  void overtaken(int s) {
    seats_[s].refused = false;
    if (shared_.in_window(Clock::now())) ++stats_.overtaken;
  }

  void sync(int s) {
    if (seats_[s].match) send(s, R"("type":"sync","match":)" + std::to_string(seats_[s].match));
  }

  void on_state(int s, FlatJson& msg, Node m) {
    Seat& seat = seats_[s];
    const auto match = msg.integer(msg.member(m, "match"));
    const auto version = msg.integer(msg.member(m, "version"));
    const Node view = msg.member(m, "view");
    if (!match || !version || view == kNone) return count_error("bad_state");
    if (seat.match != 0 && seat.match != *match) return;  // an earlier match
    seat.match = *match;
    seat.doc.release(seat.view);
    seat.view = seat.doc.copy(msg, view);
    seat.version = *version;
    if (seat.acting && seat.version >= seat.expect) seat.acting = false;
    if (seat.refused && seat.version >= seat.expect) overtaken(s);
    last_progress_ = Clock::now();
    after_view(s);
  }

  void on_patch(int s, FlatJson& msg, Node m, std::int64_t re) {
    Seat& seat = seats_[s];
    const auto match = msg.integer(msg.member(m, "match"));
    if (!match || *match != seat.match || seat.version < 0) return;
    const std::int64_t version = msg.integer(msg.member(m, "version")).value_or(-1);
    if (version != seat.version + 1) {
      count_error("version_gap");
      return sync(s);
    }
    if (!seat.doc.apply_patch(seat.view, msg, msg.member(m, "ops"))) {
      count_error("bad_patch");
      return sync(s);
    }
    seat.version = version;
    if (seat.refused && seat.version >= seat.expect) overtaken(s);
    const auto now = Clock::now();
    last_progress_ = now;
    // The patch that carries the seat's own action answers its request.
    if (seat.acting && re == seat.action_id) {
      seat.acting = false;
      if (shared_.in_window(now)) {
        ++stats_.actions;
        const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now - seat.sent);
        stats_.latencies_us.push_back(static_cast<std::uint32_t>(us.count()));
      }
    }
    after_view(s);
  }

  void after_view(int s) {
    Seat& seat = seats_[s];
    if (seat.doc.is_true(seat.doc.member(seat.view, "over"))) {
      if (seat.over) return;
      seat.over = true;
      if (std::all_of(seats_.begin(), seats_.end(), [](const Seat& x) { return x.over; }))
        finish_round();
      return;
    }
    maybe_act(s);
  }

  void maybe_act(int s) {
    Seat& seat = seats_[s];
    if (seat.acting || seat.over || shared_.stopping) return;
    const Node legal = seat.doc.member(seat.view, "legal");
    if (legal == kNone || seat.doc.kind(legal) != FlatJson::Kind::array) return;
    const std::size_t choices = seat.doc.size(legal);
    if (choices == 0) return;
    const auto now = Clock::now();
    if (pace_.count() > 0 && now < next_slot_) return wait_for_slot();
    if (pace_.count() > 0) {
      // Slots follow a fixed grid; a match that fell behind it (between two matches, or waiting
      // on the server) takes one missed slot at once and skips the others, rather than sending
      // a burst.
      next_slot_ = std::max(next_slot_ + pace_, now);
    }
    std::string& fields = fields_;  // its storage is kept from one action to the next
    fields.assign(R"("type":"action","match":)");
    append_integer(seat.match, fields);
    fields += R"(,"action":)";
    seat.doc.dump(seat.doc.element(legal, static_cast<std::size_t>(rng_() % choices)), fields);
    seat.acting = true;
    seat.refused = false;
    seat.expect = seat.version + 1;
    seat.sent = now;
    seat.action_id = send(s, fields);
  }

  void wait_for_slot() {
    if (pace_waiting_) return;
    pace_waiting_ = true;
    pace_timer_.start(next_slot_, [this] {
      pace_waiting_ = false;
      for (int s = 0; s < seats(); ++s) maybe_act(s);
    });
  }

  void finish_round() {
    if (shared_.in_window(Clock::now())) ++stats_.finished;
    for (int s = 0; s < seats(); ++s) send_to_room(s, "leave_room");
    new_round();
  }

  EventLoop& loop_;
  Timer retry_;
  Timer pace_timer_;
  Shared& shared_;
  std::mt19937_64 rng_;
  const Clock::duration pace_;
  Clock::time_point next_slot_{};
  bool pace_waiting_ = false;
  std::vector<Seat> seats_;
  std::string create_fields_;
  std::int64_t room_ = 0;
  std::int64_t create_id_ = 0, start_id_ = 0;
  std::vector<std::int64_t> join_ids_;  // by seat
  TableStats stats_;
  Clock::time_point last_progress_{};
  std::string fields_;  // an action being written
};

// ---- idle connections ------------------------------------------------------------------------

// Opens (on its loop's thread) a connection that says hello and then nothing more.
std::unique_ptr<WsClient> open_idle(EventLoop& loop, int index, Shared& shared) {
  auto conn = std::make_unique<WsClient>(loop);
  loop.post([c = conn.get(), index, &shared] {
    c->open(shared.endpoint, shared.host, shared.path,
            {[c, index] {
               c->send(R"({"type":"hello","name":"bench-idle-)" + std::to_string(index) + "\"}");
             },
             [&shared](std::string_view text, std::size_t) {
               if (text.find("\"welcome\"") != std::string_view::npos) ++shared.idle_welcomed;
             },
             [&shared](const std::string& why) {
               ++shared.idle_failed;
               shared.error("idle connection " + why);
             }},
            kUpgradeLimit, shared.deflate);
  });
  return conn;
}

// Busy and total jiffies of the whole machine, from the first line of /proc/stat.
std::pair<double, double> machine_jiffies() {
  std::ifstream in("/proc/stat");
  std::string cpu;
  double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  in >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
  const double busy = user + nice + system + irq + softirq + steal;
  return {busy, busy + idle + iowait};
}

double cpu_seconds_of_self() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Waits until `done()` or the limit; true if done.
template <class Done>
bool wait_until(Done done, std::chrono::steady_clock::duration limit) {
  const auto deadline = Clock::now() + limit;
  while (!done()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

}  // namespace

LoadReport run_load(const LoadSettings& settings, const Probes& probes) {
  auto say = [&](const std::string& line) {
    if (settings.progress) std::cerr << "bench: " << line << std::endl;
  };
  auto rss = [&]() -> std::optional<long> {
    return probes.rss_kib ? probes.rss_kib() : std::nullopt;
  };
  auto seconds_since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };

  LoadReport report;
  Shared shared;
  const auto endpoint = Endpoint::parse(settings.host, settings.port);
  if (!endpoint) throw std::runtime_error("not a numeric address: " + settings.host);
  shared.endpoint = *endpoint;
  shared.host = settings.host;
  shared.path = settings.path;
  shared.deflate = settings.deflate;

  // One loop per client thread; tables and idle connections are dealt out among them.
  std::vector<std::unique_ptr<EventLoop>> loops;
  for (int i = 0; i < std::max(1, settings.threads); ++i)
    loops.push_back(std::make_unique<EventLoop>());
  auto loop_for = [&](int i) -> EventLoop& { return *loops[i % loops.size()]; };
  std::vector<std::thread> threads;
  for (auto& loop : loops) threads.emplace_back([&loop = *loop] { loop.run(); });
  std::vector<std::unique_ptr<WsClient>> idle;
  std::vector<std::unique_ptr<Table>> tables;

  bool finished = false;
  auto finish = [&] {
    if (finished) return;
    finished = true;
    shared.stopping = true;
    for (auto& loop : loops) loop->stop();
    for (auto& t : threads) t.join();
    for (auto& t : tables) t->close();
    for (auto& c : idle) c->close();
  };

  try {
    // Idle connections first, on a fresh server: their cost is not hidden in memory freed by
    // earlier load.
    report.rss_before_idle_kib = rss();
    auto t = Clock::now();
    say("opening " + std::to_string(settings.idle) + " idle connections");
    for (int i = 0; i < settings.idle; ++i) idle.push_back(open_idle(loop_for(i), i, shared));
    wait_until([&] { return shared.idle_welcomed + shared.idle_failed >= settings.idle; },
               kSetupLimit);
    report.idle_welcomed = shared.idle_welcomed;
    report.idle_setup_s = seconds_since(t);
    // Let the server finish what the last hellos started before reading its memory.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    report.rss_after_idle_kib = rss();

    t = Clock::now();
    say("connecting " + std::to_string(settings.players * settings.tables) + " players");
    // Paced: each match acts at most once per `pace`, so that all together make `rate` a second.
    const Clock::duration pace =
        settings.rate > 0 ? std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(settings.tables / settings.rate))
                          : Clock::duration::zero();
    for (int i = 0; i < settings.tables; ++i) {
      EventLoop& loop = loop_for(i);
      tables.push_back(
          std::make_unique<Table>(loop, i, settings, settings.seed * 1000003 + i, pace, shared));
      loop.post([table = tables.back().get()] { table->connect(); });
    }
    wait_until(
        [&] {
          return shared.welcomed + shared.players_failed >= settings.players * settings.tables;
        },
        kSetupLimit);
    report.players_welcomed = shared.welcomed;
    report.players_deflating = shared.deflating;
    report.players_setup_s = seconds_since(t);
    if (report.players_welcomed == 0) throw std::runtime_error("no player could connect");

    report.rss_load_start_kib = rss();
    // A warm-up leaves the first rooms' creation and the first deals out of the measured window.
    if (settings.warmup_s > 0) {
      say("warming up with " + std::to_string(settings.tables) + " matches for " +
          std::to_string(static_cast<int>(settings.warmup_s)) + " s");
      for (auto& table : tables) table->begin();
      std::this_thread::sleep_for(std::chrono::duration<double>(settings.warmup_s));
    }
    const auto server_cpu0 = probes.cpu_seconds ? probes.cpu_seconds() : std::nullopt;
    const double bench_cpu0 = cpu_seconds_of_self();
    const auto machine0 = machine_jiffies();
    const auto begin = Clock::now();
    const auto end = begin + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(settings.duration_s));
    shared.end = end.time_since_epoch().count();
    shared.begin = begin.time_since_epoch().count();
    say("playing " + std::to_string(settings.tables) + " matches at a time for " +
        std::to_string(static_cast<int>(settings.duration_s)) + " s");
    if (settings.warmup_s <= 0)
      for (auto& table : tables) table->begin();

    long peak = report.rss_load_start_kib.value_or(0);
    while (Clock::now() < end) {
      std::this_thread::sleep_for(
          std::min<Clock::duration>(std::chrono::milliseconds(250), end - Clock::now()));
      if (auto r = rss()) peak = std::max(peak, *r);
    }
    report.seconds = std::chrono::duration<double>(end - begin).count();
    report.bench_cpu_s = cpu_seconds_of_self() - bench_cpu0;
    const auto machine1 = machine_jiffies();
    if (machine1.second > machine0.second)
      report.machine_busy = (machine1.first - machine0.first) / (machine1.second - machine0.second);
    if (auto c = probes.cpu_seconds ? probes.cpu_seconds() : std::nullopt; c && server_cpu0)
      report.server_cpu_s = *c - *server_cpu0;
    report.rss_load_end_kib = rss();
    if (report.rss_load_end_kib)
      report.rss_load_peak_kib = std::max(peak, *report.rss_load_end_kib);
  } catch (...) {
    finish();
    throw;
  }
  say("closing connections");
  finish();

  for (const auto& table : tables) {
    const TableStats& s = table->stats();
    report.actions += s.actions;
    report.matches_finished += s.finished;
    report.matches_started += s.started;
    report.patches += s.patches;
    report.patch_bytes += s.patch_bytes;
    report.patch_text_bytes += s.patch_text_bytes;
    report.latencies_us.insert(report.latencies_us.end(), s.latencies_us.begin(),
                               s.latencies_us.end());
    for (const auto& [what, n] : s.errors) report.errors[what] += n;
    report.overtaken += s.overtaken;
    if (table->stalled()) ++report.stalled_tables;
  }
  for (const auto& [what, n] : shared.errors) report.errors[what] += n;
  std::sort(report.latencies_us.begin(), report.latencies_us.end());
  return report;
}

}  // namespace tortuga::bench
