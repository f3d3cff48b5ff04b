// A throwaway PostgreSQL server for the tests that need one: one cluster per test binary run,
// started on first use in a fresh temporary directory and removed at exit, with a new database
// for each test case (CREATE DATABASE takes milliseconds; initdb takes seconds).
//
// It listens on a Unix socket in its own directory only (no TCP), on a free port number. The
// server refuses to run as root, so under root it runs as the `postgres` user (runuser), as
// Debian's package creates it; otherwise as the user running the tests. A watchdog process
// stops the server and removes the directory should the test binary die without cleaning up
// (a crash, SIGKILL from a timeout).
//
// The binaries are Debian's (/usr/lib/postgresql/VERSION/bin, the newest there), or those in
// $TORTUGA_PG_BIN. Every failure throws std::runtime_error with the server's own log.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

namespace tortuga::test {

class PostgresCluster {
 public:
  // The cluster of this test run: started by the first call (which may throw), stopped at exit.
  static PostgresCluster& shared();

  // A new, empty database, as the URL a PgStore or `tortuga serve --db` takes.
  std::string new_database();
  // The URL of `database` on this cluster, as its superuser (also for "postgres", which the
  // cluster always has).
  std::string url(const std::string& database) const;
  // Runs `sql` on the database at `url` as the superuser; returns the first column of its rows,
  // one a line ("" when there is none). Throws with PostgreSQL's message if it fails.
  std::string run_sql(const std::string& url, const std::string& sql);

  const std::string& directory() const { return dir_; }

  // Stops the server (`mode`: pg_ctl's "fast", which ends every connection, or "immediate", as
  // a crash would), and starts it again on the same data, socket and port: for the tests of
  // what the server does while its database is away. Throws when pg_ctl fails.
  void stop_server(const std::string& mode = "fast");
  void start_server();

  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

 private:
  PostgresCluster();
  void start();
  void run_server();  // pg_ctl start, waiting until it takes connections
  void stop() noexcept;

  std::string bin_;  // the folder of initdb, pg_ctl, pg_isready
  std::string as_;   // "runuser -u postgres -- " under root, else ""
  std::string dir_;  // the cluster's folder: data/, the socket, the logs
  std::uint16_t port_ = 0;
  int watchdog_ = -1;  // the write end of the watchdog's pipe: closing it ends the watchdog
  std::mutex mu_;      // guards databases_
  int databases_ = 0;
};

}  // namespace tortuga::test
