// Measures the match store's group commit: M threads (rooms) append N actions in all, each to its
// own match, and the store reports how many transactions that took.
//
//   store_bench [--actions N] [--threads M] [--pipelined] [--normal] [--delay-us D] [--path FILE]
//
// By default each thread waits for its action's Done before appending the next one, as a room
// does before it sends the effect to its players; --pipelined appends without waiting. --normal
// uses synchronous = NORMAL instead of FULL; --delay-us sets the group commit delay, which is 0
// otherwise (not the store's default), so that the commands in docs/performance.md measure what
// they measured when written. Without --path the database goes to a fresh temporary directory,
// removed afterwards. Besides actions/s, which mostly measures how fast this machine's disk syncs,
// it reports the CPU time per action of the whole process (the writer and the appending threads,
// whose waiting is most of it) and of the writer thread alone.
#include <stdlib.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "persistence/sqlite/sqlite_store.hpp"

using namespace tortuga::store;

namespace {

double cpu_seconds() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// CPU time of this process's thread named `name` (the store names its writer "store-writer"),
// from /proc; 0 if there is none.
double thread_cpu_seconds(const std::string& name) {
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string line;
    if (!std::getline(comm, line) || line != name) continue;
    std::ifstream schedstat(task.path() / "schedstat");
    double ns = 0;
    schedstat >> ns;  // time spent on a CPU, in nanoseconds
    return ns / 1e9;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  long actions = 20000;
  int threads = 8;
  bool pipelined = false;
  SqliteOptions options;
  options.writer.commit_delay_us = 0;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--actions" && has_value) {
      actions = std::atol(argv[++i]);
    } else if (arg == "--threads" && has_value) {
      threads = std::atoi(argv[++i]);
    } else if (arg == "--pipelined") {
      pipelined = true;
    } else if (arg == "--normal") {
      options.synchronous_full = false;
    } else if (arg == "--path" && has_value) {
      path = argv[++i];
    } else if (arg == "--delay-us" && has_value) {
      options.writer.commit_delay_us = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr,
                   "usage: %s [--actions N] [--threads M] [--pipelined] [--normal] [--delay-us D]"
                   " [--path FILE]\n",
                   argv[0]);
      return 2;
    }
  }
  if (actions < 1 || threads < 1) {
    std::fprintf(stderr, "--actions and --threads must be at least 1\n");
    return 2;
  }

  std::filesystem::path temp_dir;
  if (path.empty()) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tortuga-store-bench-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      std::perror("mkdtemp");
      return 1;
    }
    temp_dir = pattern;
    path = (temp_dir / "bench.db").string();
  }

  long failed = 0;
  double seconds = 0;
  double cpu = 0, writer_cpu = 0;
  WriterStats stats;
  {
    SqliteStore store(path, options);
    std::vector<std::int64_t> matches;
    for (int t = 0; t < threads; ++t) {
      Match m;
      m.game = "bench";
      m.seats = {{0, std::nullopt, "Bot", "random"}};
      matches.push_back(store.create_match(m).value());
    }
    store.flush();  // so that the matches' transactions are counted before, not during
    const auto before = store.stats();
    std::atomic<long> failures{0};
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    const double writer_start = thread_cpu_seconds("store-writer");
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      const long count = actions / threads + (t < actions % threads ? 1 : 0);
      workers.emplace_back([&, t, count] {
        for (long seq = 1; seq <= count; ++seq) {
          Action a{matches[t], seq, 0, R"({"type":"move","to":[3,4],"card":"cutlass"})", seq};
          if (pipelined) {
            store.append_action(a, [&](const Outcome<void>& written) { failures += !written; });
          } else {
            std::promise<bool> committed;
            store.append_action(
                a, [&](const Outcome<void>& written) { committed.set_value(written.ok()); });
            failures += !committed.get_future().get();
          }
        }
      });
    }
    for (auto& w : workers) w.join();
    store.flush();
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    cpu = cpu_seconds() - cpu_start;
    writer_cpu = thread_cpu_seconds("store-writer") - writer_start;
    failed = failures.load();
    stats = store.stats();
    stats.writes -= before.writes;
    stats.transactions -= before.transactions;
  }
  if (!temp_dir.empty()) std::filesystem::remove_all(temp_dir);

  std::printf("%ld actions from %d thread(s) (%s, synchronous=%s): %.2f s\n", actions, threads,
              pipelined ? "pipelined" : "each waits for its commit",
              options.synchronous_full ? "FULL" : "NORMAL", seconds);
  std::printf("%.0f actions/s, %llu transactions, average batch %.1f, largest batch %llu\n",
              static_cast<double>(actions) / seconds,
              static_cast<unsigned long long>(stats.transactions),
              static_cast<double>(stats.writes) / static_cast<double>(stats.transactions),
              static_cast<unsigned long long>(stats.largest_batch));
  std::printf("CPU %.2f s, %.1f us per action; the writer thread %.1f us per action\n", cpu,
              1e6 * cpu / static_cast<double>(actions),
              1e6 * writer_cpu / static_cast<double>(actions));
  if (failed) std::printf("%ld appends failed\n", failed);
  return failed ? 1 : 0;
}
