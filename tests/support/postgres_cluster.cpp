#include "tests/support/postgres_cluster.hpp"

#include <fcntl.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace fs = std::filesystem;

namespace tortuga::test {
namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The newest Debian PostgreSQL's binaries, unless $TORTUGA_PG_BIN names others.
std::string find_bin() {
  if (const char* bin = std::getenv("TORTUGA_PG_BIN")) return bin;
  std::string best;
  int best_version = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
    const int version = std::atoi(entry.path().filename().c_str());
    if (version > best_version && fs::exists(entry.path() / "bin" / "initdb")) {
      best_version = version;
      best = (entry.path() / "bin").string();
    }
  }
  if (best.empty())
    throw std::runtime_error(
        "no PostgreSQL server in /usr/lib/postgresql (Debian's postgresql "
        "package; scripts/deps.sh --tests installs it)");
  return best;
}

// A TCP port nobody listens on now. The server listens on no TCP port, but its socket's name
// carries the number, and a free one keeps it apart from any other server's in its logs.
std::uint16_t free_port() {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof a;
  std::uint16_t port = 0;
  if (s >= 0 && ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &size) == 0)
    port = ntohs(a.sin_port);
  if (s >= 0) ::close(s);
  if (port == 0) throw std::runtime_error("no free port for PostgreSQL");
  return port;
}

}  // namespace

PostgresCluster& PostgresCluster::shared() {
  static PostgresCluster cluster;
  return cluster;
}

PostgresCluster::PostgresCluster() : bin_(find_bin()) {
  std::string pattern = (fs::temp_directory_path() / "tortuga-pg-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a directory for PostgreSQL");
  dir_ = pattern;
  if (geteuid() == 0) {
    // PostgreSQL refuses root: its files and its process belong to the postgres user.
    const passwd* pg = getpwnam("postgres");
    if (!pg || chown(dir_.c_str(), pg->pw_uid, pg->pw_gid) != 0) {
      fs::remove_all(dir_);
      throw std::runtime_error("running as root, and no postgres user to run PostgreSQL as");
    }
    as_ = "runuser -u postgres -- ";
  }
  port_ = free_port();

  // The watchdog: a shell waiting for the end of a pipe whose other end only this process
  // holds (close-on-exec keeps it from the servers the tests start). It sits in a session of its
  // own, so that signals meant for the tests' process group leave it be.
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  const std::string cleanup = "exec </dev/null; " + as_ + bin_ + "/pg_ctl -D " + dir_ +
                              "/data -m immediate -w stop; rm -rf " + dir_;
  const std::string script = "trap '' INT TERM HUP; exec >/dev/null 2>&1; cat; [ -d " + dir_ +
                             " ] && { " + cleanup + "; }";
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[0], 0);
    setsid();
    execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  ::close(fds[0]);
  watchdog_ = fds[1];
  try {
    start();
  } catch (...) {
    stop();
    throw;
  }
}

PostgresCluster::~PostgresCluster() {
  stop();
}

namespace {

// Runs a set-up `command` (its output appended to DIR/setup.log); throws with the logs if it fails.
void run_in(const std::string& dir, const std::string& command, const std::string& what) {
  const std::string log = dir + "/setup.log";
  if (std::system((command + " </dev/null >>" + log + " 2>&1").c_str()) != 0)
    throw std::runtime_error("PostgreSQL: " + what + " failed:\n" + read_file(log) +
                             read_file(dir + "/server.log"));
}

}  // namespace

void PostgresCluster::start() {
  // No fsync: the tests stop the server only with the machine's files intact, and it is their
  // time that fsync would take. Commits are still made and answered as in production.
  run_in(
      dir_,
      as_ + bin_ + "/initdb -D " + dir_ + "/data -U postgres -A trust -E UTF8 --locale=C --no-sync",
      "initdb");
  run_server();
}

void PostgresCluster::stop_server(const std::string& mode) {
  run_in(dir_, as_ + bin_ + "/pg_ctl -D " + dir_ + "/data -m " + mode + " -w stop", "pg_ctl stop");
}

void PostgresCluster::start_server() {
  run_server();
}

void PostgresCluster::run_server() {
  run_in(dir_,
         as_ + bin_ + "/pg_ctl -D " + dir_ + "/data -l " + dir_ + "/server.log -w -t 60 -o \"-k " +
             dir_ + " -p " + std::to_string(port_) +
             " -c listen_addresses='' -c fsync=off -c full_page_writes=off\" start",
         "pg_ctl start");
  // pg_ctl -w waits for the server to accept connections; pg_isready confirms it on the socket
  // the tests will use, in case the first answer came from somewhere else.
  const std::string ready =
      bin_ + "/pg_isready -q -h " + dir_ + " -p " + std::to_string(port_) + " -U postgres";
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::system(ready.c_str()) != 0) {
    if (std::chrono::steady_clock::now() > give_up)
      throw std::runtime_error("PostgreSQL did not become ready:\n" +
                               read_file(dir_ + "/server.log"));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

void PostgresCluster::stop() noexcept {
  std::error_code ec;
  if (fs::exists(dir_ + "/data/postmaster.pid", ec))
    (void)std::system((as_ + bin_ + "/pg_ctl -D " + dir_ +
                       "/data -m immediate -w stop </dev/null >/dev/null 2>&1")
                          .c_str());
  fs::remove_all(dir_, ec);
  if (watchdog_ >= 0) ::close(watchdog_);  // the watchdog finds nothing left to do
  watchdog_ = -1;
}

std::string PostgresCluster::url(const std::string& database) const {
  return "postgresql:///" + database + "?host=" + dir_ + "&port=" + std::to_string(port_) +
         "&user=postgres";
}

std::string PostgresCluster::new_database() {
  int n = 0;
  {
    std::lock_guard lock(mu_);
    n = ++databases_;
  }
  const std::string name = "test" + std::to_string(n);
  run_sql(url("postgres"), "CREATE DATABASE " + name);
  return url(name);
}

std::string PostgresCluster::run_sql(const std::string& url, const std::string& sql) {
  PGconn* c = PQconnectdb(url.c_str());
  std::string error, value;
  if (PQstatus(c) != CONNECTION_OK) {
    error = PQerrorMessage(c);
  } else {
    PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr);
    PGresult* r = PQexec(c, sql.c_str());
    const auto status = PQresultStatus(r);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
      error = PQresultErrorMessage(r);
    else if (PQnfields(r) > 0)
      for (int i = 0; i < PQntuples(r); ++i) {
        if (i) value += '\n';
        value += PQgetvalue(r, i, 0);
      }
    PQclear(r);
  }
  PQfinish(c);
  if (!error.empty()) throw std::runtime_error("PostgreSQL: " + sql + ": " + error);
  return value;
}

}  // namespace tortuga::test
