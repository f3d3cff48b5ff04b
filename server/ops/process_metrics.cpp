#include "server/ops/process_metrics.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace tortuga {
namespace {

// /proc/self/statm: sizes in pages, the whole program first, then what is resident.
double statm_bytes(int field) {
  std::ifstream in("/proc/self/statm");
  double pages[2] = {0, 0};
  in >> pages[0] >> pages[1];
  return pages[field] * static_cast<double>(sysconf(_SC_PAGESIZE));
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double open_fds() {
  std::error_code ec;
  double count = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end;
       it.increment(ec))
    ++count;
  return count - 1;  // the listing's own descriptor
}

double max_fds() {
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  return static_cast<double>(limit.rlim_cur);
}

}  // namespace

void register_process_metrics(metrics::Registry& registry) {
  using Kind = metrics::Registry::Kind;
  // Registered as the server starts: close enough to the process's start for an uptime.
  const double started =
      std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  registry.sampled("process_cpu_seconds_total", "User and system CPU time spent, in seconds.",
                   Kind::counter, cpu_seconds);
  registry.sampled("process_resident_memory_bytes", "Resident memory size, in bytes.", Kind::gauge,
                   [] { return statm_bytes(1); });
  registry.sampled("process_virtual_memory_bytes", "Virtual memory size, in bytes.", Kind::gauge,
                   [] { return statm_bytes(0); });
  registry.sampled("process_open_fds", "Open file descriptors (sockets, the database, logs).",
                   Kind::gauge, open_fds);
  registry.sampled("process_max_fds", "The most file descriptors the process may open.",
                   Kind::gauge, max_fds);
  registry.sampled("process_start_time_seconds",
                   "When the server started, in seconds since the Unix epoch.", Kind::gauge,
                   [started] { return started; });
}

}  // namespace tortuga
