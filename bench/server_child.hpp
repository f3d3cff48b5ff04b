// The server under load, as the bench sees it from outside: a `tortuga serve` child process it
// starts itself on a free loopback port with a throwaway database (--spawn), or a process id it
// was given (--pid); its memory and CPU time read from /proc.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <sys/types.h>

namespace tortuga::bench {

// VmRSS and VmHWM (peak) of a process, in KiB, from /proc/PID/status.
struct Memory {
  long rss_kib = 0;
  long peak_kib = 0;
};
std::optional<Memory> memory_of(pid_t pid);
// User plus system CPU time the process has used so far, in seconds, from /proc/PID/stat.
std::optional<double> cpu_seconds_of(pid_t pid);

// `SERVER serve --port 0 --port-file F --db DB --bot-delay-ms 0 --config C` in a temporary
// directory (DB a throwaway SQLite file there unless given), SERVER being the `tortuga` binary to
// measure; the config only lifts the per-connection rate limit and the caps on connections, rooms
// and new players, in all and per address (every client of the bench comes from one), so that the
// load, not the limiter, is measured. Stopped (SIGTERM, then SIGKILL) and its directory removed by
// the destructor.
class ServerChild {
 public:
  // Throws std::runtime_error when the server does not start listening within `start_limit`.
  // `db`: the store it serves (a SQLite file or a PostgreSQL URL), else a new SQLite file.
  ServerChild(const std::filesystem::path& server, int connections, int rooms,
              const std::string& db = "",
              std::chrono::seconds start_limit = std::chrono::seconds(15));
  ~ServerChild();
  ServerChild(const ServerChild&) = delete;
  ServerChild& operator=(const ServerChild&) = delete;

  pid_t pid() const { return pid_; }
  std::uint16_t port() const { return port_; }
  // Stops it: SIGTERM, and SIGKILL if it has not ended after 10 s. Returns its exit code
  // (128 + signal when a signal ended it).
  int stop();
  const std::filesystem::path& log() const { return log_; }

 private:
  std::filesystem::path dir_;
  std::filesystem::path log_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace tortuga::bench
