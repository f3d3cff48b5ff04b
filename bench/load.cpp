#include "bench/load.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string_view>
#include <thread>

#include <sys/resource.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "protocol/patch.hpp"

namespace tortuga::bench {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using Strand = asio::strand<asio::io_context::executor_type>;
using Json = nlohmann::json;

namespace {

constexpr const char* kGame = "raft-and-scupper";
constexpr auto kSetupLimit = std::chrono::seconds(60);  // for all connections to say hello
constexpr auto kStallAfter = std::chrono::seconds(5);

// ---- one WebSocket connection ----------------------------------------------------------------

// A client connection on its own strand: connects, upgrades, then reads without pause and writes
// through a queue. Every callback runs on the strand.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  struct Events {
    std::function<void()> opened;
    std::function<void(std::string_view)> message;
    std::function<void(const std::string&)> failed;  // not called after close()
  };

  explicit Connection(Strand strand) : ws_(strand) {}

  void open(const tcp::endpoint& endpoint, const std::string& host, const std::string& path,
            Events events) {
    events_ = std::move(events);
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(
        endpoint, [self = shared_from_this(), host, path](beast::error_code ec) {
          if (ec) return self->fail("connect", ec);
          beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true), ec);
          self->ws_.async_handshake(host, path, [self](beast::error_code ec) {
            if (ec) return self->fail("handshake", ec);
            beast::get_lowest_layer(self->ws_).expires_never();
            self->ws_.text(true);
            self->open_ = true;
            self->read();
            if (!self->queue_.empty()) self->write();
            if (self->events_.opened) self->events_.opened();
          });
        });
  }

  void send(std::string text) {
    if (closed_) return;
    queue_.push_back(std::move(text));
    if (open_ && queue_.size() == 1) write();
  }

  // From any thread: closes on the connection's strand.
  void close_soon() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] { self->close(); });
  }

  void close() {
    closed_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("read", ec);
      const auto data = self->buffer_.cdata();
      if (self->events_.message && !self->closed_)
        self->events_.message(std::string_view(static_cast<const char*>(data.data()), data.size()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void write() {
    ws_.async_write(asio::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->fail("write", ec);
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write();
                    });
  }

  void fail(const char* what, beast::error_code ec) {
    if (closed_) return;
    closed_ = true;
    if (events_.failed) events_.failed(std::string(what) + ": " + ec.message());
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  Events events_;
  bool open_ = false;
  bool closed_ = false;
};

// ---- what every client shares ---------------------------------------------------------------

struct Shared {
  tcp::endpoint endpoint;
  std::string host;
  std::string path;
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

// ---- JSON Patch, in place ----------------------------------------------------------------------

std::string unescape(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size()) {
      out += token[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

bool array_index(const std::string& token, std::size_t& index) {
  if (token.empty() || token.size() > 9) return false;
  index = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    index = index * 10 + static_cast<std::size_t>(c - '0');
  }
  return true;
}

// Applies add, remove and replace ops (all the server sends) to `doc` itself, moving the values
// out of `ops`: protocol::apply_patch copies the whole view for every patch, which the bench
// cannot afford on the cores it shares with the server. False when an op does not apply (the
// view must then be synced) or is of another kind.
bool apply_in_place(Json& doc, Json& ops) {
  for (Json& op : ops) {
    const std::string& name = op.at("op").get_ref<const std::string&>();
    const std::string& path = op.at("path").get_ref<const std::string&>();
    const bool add = name == "add", remove = name == "remove", replace = name == "replace";
    if (!add && !remove && !replace) return false;
    if (path.empty()) {
      if (remove) return false;
      doc = std::move(op.at("value"));
      continue;
    }
    if (path[0] != '/') return false;
    Json* parent = &doc;
    std::size_t from = 1;
    std::string token;
    for (;;) {
      const std::size_t slash = path.find('/', from);
      token = unescape(std::string_view(path).substr(
          from, slash == std::string::npos ? std::string::npos : slash - from));
      if (slash == std::string::npos) break;
      if (parent->is_object()) {
        auto it = parent->find(token);
        if (it == parent->end()) return false;
        parent = &*it;
      } else if (parent->is_array()) {
        std::size_t i = 0;
        if (!array_index(token, i) || i >= parent->size()) return false;
        parent = &(*parent)[i];
      } else {
        return false;
      }
      from = slash + 1;
    }
    if (parent->is_object()) {
      if (remove || replace) {
        auto it = parent->find(token);
        if (it == parent->end()) return false;
        if (remove) {
          parent->erase(it);
          continue;
        }
        *it = std::move(op.at("value"));
      } else {
        (*parent)[token] = std::move(op.at("value"));
      }
    } else if (parent->is_array()) {
      std::size_t i = parent->size();
      if (!(add && token == "-") && !array_index(token, i)) return false;
      if (add) {
        if (i > parent->size()) return false;
        parent->insert(parent->begin() + static_cast<std::ptrdiff_t>(i), std::move(op.at("value")));
      } else {
        if (i >= parent->size()) return false;
        if (remove)
          parent->erase(i);
        else
          (*parent)[i] = std::move(op.at("value"));
      }
    } else {
      return false;
    }
  }
  return true;
}

// ---- a table: two players, one match after another -------------------------------------------

struct TableStats {
  std::int64_t actions = 0;
  std::int64_t finished = 0;
  std::int64_t started = 0;
  std::int64_t patches = 0;  // received, by either player
  std::int64_t patch_bytes = 0;
  std::vector<std::uint32_t> latencies_us;
  std::map<std::string, std::int64_t> errors;
};

class Table {
 public:
  Table(asio::io_context& io, int index, std::uint64_t seed, Shared& shared)
      : strand_(asio::make_strand(io)), retry_(strand_), shared_(shared), rng_(seed) {
    for (int s = 0; s < 2; ++s)
      seats_[s].name = "bench-" + std::to_string(index) + (s == 0 ? "-host" : "-guest");
  }

  // Connects both players and says hello.
  void connect() {
    for (int s = 0; s < 2; ++s) {
      seats_[s].conn = std::make_shared<Connection>(strand_);
      seats_[s].conn->open(shared_.endpoint, shared_.host, shared_.path,
                           {[this, s] {
                              send(s, {{"type", "hello"}, {"name", seats_[s].name}});
                            },
                            [this, s](std::string_view text) { on_message(s, text); },
                            [this, s](const std::string& why) {
                              if (!seats_[s].welcomed) ++shared_.players_failed;
                              ++stats_.errors["connection " + why];
                            }});
    }
  }
  void begin() {
    asio::post(strand_, [this] {
      last_progress_ = Clock::now();
      new_round();
    });
  }
  void close() {
    asio::post(strand_, [this] {
      retry_.cancel();
      for (auto& seat : seats_)
        if (seat.conn) seat.conn->close();
    });
  }
  // Read once the io_context has stopped.
  const TableStats& stats() const { return stats_; }
  bool stalled() const { return shared_.window_end() - last_progress_ > kStallAfter; }

 private:
  struct Seat {
    std::shared_ptr<Connection> conn;
    std::string name;
    bool welcomed = false;
    std::int64_t next_id = 1;
    std::int64_t match = 0;
    Json view;
    std::int64_t version = -1;
    bool over = false;
    bool acting = false;  // an action is out, its patch not yet back
    std::int64_t action_id = 0;
    std::int64_t expect = 0;  // the version the action's patch will carry
    Clock::time_point sent;
  };

  std::int64_t send(int s, Json message) {
    const std::int64_t id = seats_[s].next_id++;
    message["id"] = id;
    seats_[s].conn->send(message.dump());
    return id;
  }

  void count_error(const std::string& what) { ++stats_.errors[what]; }

  void new_round() {
    if (shared_.stopping) return;
    for (auto& seat : seats_) {
      seat.match = 0;
      seat.view = Json();
      seat.version = -1;
      seat.over = false;
      seat.acting = false;
    }
    room_ = 0;
    create_id_ = send(0, {{"type", "create_room"}, {"game", kGame}});
  }

  // A lobby step failed: leave what was made and try again a little later.
  void retry_round() {
    if (room_) {
      for (int s = 0; s < 2; ++s) send(s, {{"type", "leave_room"}, {"room", room_}});
    }
    retry_.expires_after(std::chrono::milliseconds(200));
    retry_.async_wait([this](boost::system::error_code ec) {
      if (!ec) new_round();
    });
  }

  void on_message(int s, std::string_view text) {
    Json m = Json::parse(text, nullptr, false);
    if (m.is_discarded() || !m.is_object()) return count_error("unreadable message");
    auto type_it = m.find("type");
    if (type_it == m.end() || !type_it->is_string()) return count_error("message without type");
    const std::string& type = type_it->get_ref<const std::string&>();
    const std::int64_t re = m.value("re", std::int64_t{0});
    Seat& seat = seats_[s];

    if (type == "patch") {
      if (shared_.in_window(Clock::now())) {
        ++stats_.patches;
        stats_.patch_bytes += static_cast<std::int64_t>(text.size());
      }
      return on_patch(s, m);
    }
    if (type == "state") return on_state(s, m);
    if (type == "welcome") {
      if (!seat.welcomed) ++shared_.welcomed;
      seat.welcomed = true;
      return;
    }
    if (type == "room") {
      if (s == 0 && re == create_id_ && create_id_) {
        room_ = m["room"]["id"].get<std::int64_t>();
        join_id_ = send(1, {{"type", "join_room"}, {"room", room_}});
      } else if (s == 1 && re == join_id_ && join_id_) {
        start_id_ = send(0, {{"type", "start"}, {"room", room_}});
      } else if (s == 0 && re == start_id_ && start_id_) {
        if (shared_.in_window(Clock::now())) ++stats_.started;
      }
      return;
    }
    if (type == "error") {
      const std::string code = m.value("code", "?");
      count_error(code);
      if (re && re == seat.action_id && seat.acting) {
        seat.acting = false;
        if (code == "rate_limited") {
          retry_.expires_after(std::chrono::milliseconds(20));
          retry_.async_wait([this, s](boost::system::error_code ec) {
            if (!ec) maybe_act(s);
          });
        } else {
          sync(s);
        }
      } else if (re && (re == create_id_ || re == join_id_ || re == start_id_)) {
        retry_round();
      }
    }
    // left, rooms, pong: nothing to do.
  }

  void sync(int s) {
    if (seats_[s].match) send(s, {{"type", "sync"}, {"match", seats_[s].match}});
  }

  void on_state(int s, Json& m) {
    Seat& seat = seats_[s];
    const std::int64_t match = m["match"].get<std::int64_t>();
    if (seat.match != 0 && seat.match != match) return;  // an earlier match
    seat.match = match;
    seat.view = std::move(m["view"]);
    seat.version = m["version"].get<std::int64_t>();
    if (seat.acting && seat.version >= seat.expect) seat.acting = false;
    last_progress_ = Clock::now();
    after_view(s);
  }

  void on_patch(int s, Json& m) {
    Seat& seat = seats_[s];
    const std::int64_t match = m["match"].get<std::int64_t>();
    if (match != seat.match || seat.version < 0) return;
    const std::int64_t version = m["version"].get<std::int64_t>();
    if (version != seat.version + 1) {
      count_error("version_gap");
      return sync(s);
    }
    if (!apply_in_place(seat.view, m["ops"])) {
      count_error("bad_patch");
      return sync(s);
    }
    seat.version = version;
    const auto now = Clock::now();
    last_progress_ = now;
    if (seat.acting && version == seat.expect) {
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
    auto over = seat.view.find("over");
    if (over != seat.view.end() && over->is_boolean() && over->get<bool>()) {
      if (seat.over) return;
      seat.over = true;
      if (seats_[0].over && seats_[1].over) finish_round();
      return;
    }
    maybe_act(s);
  }

  void maybe_act(int s) {
    Seat& seat = seats_[s];
    if (seat.acting || seat.over || shared_.stopping) return;
    auto legal = seat.view.find("legal");
    if (legal == seat.view.end() || !legal->is_array() || legal->empty()) return;
    const std::size_t pick = static_cast<std::size_t>(rng_() % legal->size());
    seat.acting = true;
    seat.expect = seat.version + 1;
    seat.sent = Clock::now();
    seat.action_id =
        send(s, {{"type", "action"}, {"match", seat.match}, {"action", (*legal)[pick]}});
  }

  void finish_round() {
    if (shared_.in_window(Clock::now())) ++stats_.finished;
    for (int s = 0; s < 2; ++s) send(s, {{"type", "leave_room"}, {"room", room_}});
    new_round();
  }

  Strand strand_;
  asio::steady_timer retry_;
  Shared& shared_;
  std::mt19937_64 rng_;
  Seat seats_[2];
  std::int64_t room_ = 0;
  std::int64_t create_id_ = 0, join_id_ = 0, start_id_ = 0;
  TableStats stats_;
  Clock::time_point last_progress_{};
};

// ---- idle connections ------------------------------------------------------------------------

std::shared_ptr<Connection> open_idle(asio::io_context& io, int index, Shared& shared) {
  auto conn = std::make_shared<Connection>(asio::make_strand(io));
  std::weak_ptr<Connection> weak = conn;
  conn->open(
      shared.endpoint, shared.host, shared.path,
      {[weak, index] {
         if (auto c = weak.lock())
           c->send(Json{{"type", "hello"}, {"name", "bench-idle-" + std::to_string(index)}}.dump());
       },
       [&shared](std::string_view text) {
         if (text.find("\"welcome\"") != std::string_view::npos) ++shared.idle_welcomed;
       },
       [&shared](const std::string& why) {
         ++shared.idle_failed;
         shared.error("idle connection " + why);
       }});
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
  shared.endpoint = tcp::endpoint(asio::ip::make_address(settings.host), settings.port);
  shared.host = settings.host;
  shared.path = settings.path;

  asio::io_context io(settings.threads);
  auto work = asio::make_work_guard(io);
  std::vector<std::thread> threads;
  for (int i = 0; i < settings.threads; ++i) threads.emplace_back([&io] { io.run(); });
  std::vector<std::shared_ptr<Connection>> idle;
  std::vector<std::unique_ptr<Table>> tables;

  auto finish = [&] {
    shared.stopping = true;
    for (auto& t : tables) t->close();
    for (auto& c : idle) c->close_soon();
    work.reset();
    // Closing cancels every operation, after which run() returns; stop() is the backstop.
    const bool drained = wait_until([&] { return io.stopped(); }, std::chrono::seconds(5));
    if (!drained) io.stop();
    for (auto& t : threads) t.join();
  };

  try {
    // Idle connections first, on a fresh server: their cost is not hidden in memory freed by
    // earlier load.
    report.rss_before_idle_kib = rss();
    auto t = Clock::now();
    say("opening " + std::to_string(settings.idle) + " idle connections");
    for (int i = 0; i < settings.idle; ++i) idle.push_back(open_idle(io, i, shared));
    wait_until([&] { return shared.idle_welcomed + shared.idle_failed >= settings.idle; },
               kSetupLimit);
    report.idle_welcomed = shared.idle_welcomed;
    report.idle_setup_s = seconds_since(t);
    // Let the server finish what the last hellos started before reading its memory.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    report.rss_after_idle_kib = rss();

    t = Clock::now();
    say("connecting " + std::to_string(2 * settings.tables) + " players");
    for (int i = 0; i < settings.tables; ++i) {
      tables.push_back(std::make_unique<Table>(io, i, settings.seed * 1000003 + i, shared));
      tables.back()->connect();
    }
    wait_until([&] { return shared.welcomed + shared.players_failed >= 2 * settings.tables; },
               kSetupLimit);
    report.players_welcomed = shared.welcomed;
    report.players_setup_s = seconds_since(t);
    if (report.players_welcomed == 0) throw std::runtime_error("no player could connect");

    report.rss_load_start_kib = rss();
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
    report.latencies_us.insert(report.latencies_us.end(), s.latencies_us.begin(),
                               s.latencies_us.end());
    for (const auto& [what, n] : s.errors) report.errors[what] += n;
    if (table->stalled()) ++report.stalled_tables;
  }
  for (const auto& [what, n] : shared.errors) report.errors[what] += n;
  std::sort(report.latencies_us.begin(), report.latencies_us.end());
  return report;
}

}  // namespace tortuga::bench
