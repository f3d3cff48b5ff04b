#include "bench/server_child.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/child_process.hpp"

namespace tortuga::bench {

namespace fs = std::filesystem;

std::optional<Memory> memory_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  if (!in) return std::nullopt;
  Memory m;
  bool found = false;
  std::string line;
  while (std::getline(in, line)) {
    auto read = [&](const char* key, long& into) {
      if (line.rfind(key, 0) != 0) return;
      into = std::strtol(line.c_str() + std::char_traits<char>::length(key), nullptr, 10);
      found = true;
    };
    read("VmRSS:", m.rss_kib);
    read("VmHWM:", m.peak_kib);
  }
  if (!found) return std::nullopt;
  return m;
}

std::optional<double> cpu_seconds_of(pid_t pid) {
  const std::string stat = process::read_file("/proc/" + std::to_string(pid) + "/stat");
  // The command name may hold spaces: the fields are counted from after its closing parenthesis.
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; fields >> field; ++i) {  // field 3 is the state
    if (i == 14) utime = std::stoull(field);
    if (i == 15) {
      stime = std::stoull(field);
      return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    }
  }
  return std::nullopt;
}

ServerChild::ServerChild(const fs::path& server, int connections, int rooms, const std::string& db,
                         std::chrono::seconds start_limit) {
  std::string pattern = (fs::temp_directory_path() / "tortuga-bench-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory");
  dir_ = pattern;
  log_ = dir_ / "server.log";
  const fs::path port_file = dir_ / "port";
  const fs::path config = dir_ / "bench.json";
  std::ofstream(config) << "{\"limits\": {\"messages_per_second\": 1000000, "
                           "\"message_burst\": 1000000, \"max_connections\": "
                        << connections << ", \"max_connections_per_address\": " << connections
                        << ", \"new_players_per_address_per_hour\": " << connections
                        << ", \"max_rooms\": " << rooms << ", \"max_rooms_per_address\": " << rooms
                        << "}}\n";

  const std::vector<std::string> args = {"serve",
                                         "--port",
                                         "0",
                                         "--port-file",
                                         port_file.string(),
                                         "--db",
                                         db.empty() ? (dir_ / "bench.db").string() : db,
                                         "--bot-delay-ms",
                                         "0",
                                         "--config",
                                         config.string()};
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    // Dies with the process that started it, even one that crashes.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      ::dup2(fd, STDOUT_FILENO);
      ::dup2(fd, STDERR_FILENO);
    }
    for (int other = 3; other < 1024; ++other) ::close(other);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(server.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(server.c_str(), argv.data());
    static constexpr char kCannotRun[] = "the server binary could not be started\n";
    [[maybe_unused]] auto written = ::write(STDERR_FILENO, kCannotRun, sizeof kCannotRun - 1);
    ::_exit(127);
  }

  try {
    port_ = process::wait_for_port(pid_, port_file, log_, start_limit);
  } catch (...) {
    pid_ = -1;
    throw;
  }
}

int ServerChild::stop() {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  int code = process::wait_for_exit(pid_, std::chrono::seconds(10));
  if (code < 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    code = process::exit_code_of(status);
  }
  pid_ = -1;
  return code;
}

ServerChild::~ServerChild() {
  stop();
  std::error_code ignored;
  fs::remove_all(dir_, ignored);
}

}  // namespace tortuga::bench
