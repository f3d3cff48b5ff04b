// tortuga-bench, the program, as one runs it: --spawn starts the tortuga beside it (or the one
// --server names) with limits that let the whole load in, however many clients come from the one
// address they all share, and reports the run.
#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "bench/child_process.hpp"
#include "rules/core/registry.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/support/postgres_cluster.hpp"

#ifndef TORTUGA_BENCH_BINARY
#error "TORTUGA_BENCH_BINARY must name the tortuga-bench executable"
#endif
#ifndef TORTUGA_DORMANT_BENCH_BINARY
#error "TORTUGA_DORMANT_BENCH_BINARY must name the tortuga-dormant-bench executable"
#endif

namespace tortuga::integration {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

struct Run {
  int code = -1;
  std::string out, err;
};

// Runs `program ARGS...` to its end (a minute at most, a guard against a hang).
Run run(const fs::path& program, const std::vector<std::string>& args, const fs::path& dir) {
  const fs::path out = dir / "bench.out", err = dir / "bench.err";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    ::dup2(::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDOUT_FILENO);
    ::dup2(::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
    for (int other = 3; other < 1024; ++other) ::close(other);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  Run r;
  r.code = process::wait_for_exit(pid, std::chrono::minutes(1));
  if (r.code < 0) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }
  r.out = process::read_file(out);
  r.err = process::read_file(err);
  return r;
}

TEST_CASE("tortuga-bench --spawn loads the tortuga beside it, more clients than one address may") {
  TempDir dir;
  // 25 matches of two and 10 idle connections: 60 connections, 60 new players and 25 rooms, all
  // from 127.0.0.1, past the defaults per address (32 connections, 30 new players, 20 rooms).
  const Run r = run(TORTUGA_BENCH_BINARY,
                    {"--spawn", "--matches", "25", "--players", "2", "--idle", "10", "--duration",
                     "2", "--seed", "7", "--json"},
                    dir.path());
  INFO("stdout:\n" << r.out << "\nstderr:\n" << r.err);
  REQUIRE(r.code == 0);
  const Json report = Json::parse(r.out);
  CHECK(report["settings"]["spawned"] == true);
  CHECK(fs::equivalent(report["settings"]["server"].get<std::string>(), TORTUGA_BINARY));
  CHECK(report["errors"] == Json::object());
  CHECK(report["players_welcomed"] == 50);
  CHECK(report["idle"]["welcomed"] == 10);
  CHECK(report["actions"].get<long>() > 0);
  CHECK(report["server"]["cpu_s"].is_number());
  CHECK(report["server"]["exit_code"] == 0);  // stopped cleanly once the run was over
}

TEST_CASE("tortuga-bench --spawn says which server it could not find, and takes --server") {
  TempDir dir;
  // A copy of the program with no tortuga beside it.
  const fs::path bench = dir / "tortuga-bench";
  fs::copy_file(TORTUGA_BENCH_BINARY, bench);
  const std::vector<std::string> load = {"--matches",  "1", "--idle", "0",
                                         "--duration", "1", "--json"};

  std::vector<std::string> args = {"--spawn"};
  args.insert(args.end(), load.begin(), load.end());
  Run r = run(bench, args, dir.path());
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find((dir / "tortuga").string() + " is not there") != std::string::npos);

  args.insert(args.end(), {"--server", (dir / "nothing").string()});
  r = run(bench, args, dir.path());
  CHECK(r.code == 2);
  CHECK(r.err.find((dir / "nothing").string() + " is not a program") != std::string::npos);

  args.back() = TORTUGA_BINARY;
  r = run(bench, args, dir.path());
  INFO("stdout:\n" << r.out << "\nstderr:\n" << r.err);
  REQUIRE(r.code == 0);
  const Json report = Json::parse(r.out);
  CHECK(report["settings"]["server"] == TORTUGA_BINARY);
  CHECK(report["players_welcomed"] == 2);
  CHECK(report["errors"] == Json::object());
}

TEST_CASE("tortuga-bench names --server only with --spawn") {
  TempDir dir;
  const Run r = run(TORTUGA_BENCH_BINARY, {"--port", "1", "--server", TORTUGA_BINARY}, dir.path());
  CHECK(r.code == 2);
  CHECK(r.err.find("--server names the binary --spawn starts") != std::string::npos);
}

// tortuga-dormant-bench at a tiny size: every stored match is kept dormant at the server's start,
// the sample of each game is woken and timed, and the gauges count what was woken.
void dormant_bench_reports_its_run(const std::string& db) {
  TempDir dir;
  std::vector<std::string> args = {"--matches", "50", "--online", "20",
                                   "--sample",  "3",  "--seed",   "11"};
  if (!db.empty()) args.insert(args.end(), {"--db", db});
  const Run r = run(TORTUGA_DORMANT_BENCH_BINARY, args, dir.path());
  INFO("stdout:\n" << r.out << "\nstderr:\n" << r.err);
  REQUIRE(r.code == 0);
  const Json report = Json::parse(r.out);
  CHECK(report["store"] == (db.empty() ? "sqlite" : "postgresql"));
  CHECK(report["rooms"]["after_start"]["dormant"] == 50);
  CHECK(report["rooms"]["after_start"]["in_memory"] == 0);
  for (const Game* game : all_games()) {
    INFO(game->info().id);
    const Json& wake = report["wake_ms"][game->info().id];
    CHECK(wake["woken"] == 3);
    CHECK(wake["p50"].get<double>() > 0);
    CHECK(wake["p99"].get<double>() >= wake["p50"].get<double>());
  }
  const int woken = 3 * static_cast<int>(all_games().size());
  CHECK(report["woken"] == woken);
  CHECK(report["rooms"]["after_waking"]["dormant"] == 50 - woken);
  CHECK(report["rooms"]["after_waking"]["in_memory"] == woken);
  for (const char* when : {"after_start", "after_connecting", "after_waking"})
    CHECK(report["rss_mib"][when].get<double>() > 0);
  CHECK(report["server_exit"] == 0);
}

TEST_CASE(
    "tortuga-dormant-bench keeps its stored matches dormant and wakes a sample of each game") {
  dormant_bench_reports_its_run("");
}

TEST_CASE("tortuga-dormant-bench on PostgreSQL") {
  dormant_bench_reports_its_run(test::PostgresCluster::shared().new_database());
}

}  // namespace
}  // namespace tortuga::integration
