// tortuga-bench, the load generator: its flags, the server it loads (started here or given), the
// load, and the report. A program of its own so that the server binary carries none of it.
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "bench/load.hpp"
#include "bench/options.hpp"
#include "bench/report.hpp"
#include "bench/server_child.hpp"

namespace {

using namespace tortuga::bench;

// This program's own folder, where --spawn looks for the server by default.
std::filesystem::path own_folder(const char* argv0) {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (ec ? std::filesystem::absolute(argv0) : self).parent_path();
}

// The server's memory and CPU time, read from /proc while the load runs.
Probes probes_of(pid_t pid) {
  Probes probes;
  probes.rss_kib = [pid]() -> std::optional<long> {
    auto m = memory_of(pid);
    return m ? std::optional<long>(m->rss_kib) : std::nullopt;
  };
  probes.cpu_seconds = [pid] { return cpu_seconds_of(pid); };
  return probes;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (const auto& a : args)
    if (a == "--help" || a == "-h") {
      std::cout << kHelp;
      return 0;
    }
  Options o;
  try {
    o = parse_options(args, own_folder(argv[0]));
  } catch (const BadFlag& bad) {
    std::cerr << "tortuga-bench: " << bad.message << "\n";
    return 2;
  }
  o.load.progress = !o.json;

  std::optional<ServerChild> child;
  LoadReport r;
  std::optional<int> server_exit;
  try {
    if (o.spawn) {
      const int players = o.load.players * o.load.tables;
      child.emplace(o.server, players + o.load.idle + 100, players + 100);
      o.load.port = child->port();
      o.pid = child->pid();
    }
    r = run_load(o.load, o.pid ? probes_of(*o.pid) : Probes{});
    if (child) server_exit = child->stop();
  } catch (const std::exception& e) {
    std::cerr << "tortuga-bench: " << e.what() << "\n";
    return 1;
  }
  std::cout << (o.json ? report_json(o, r, server_exit) : report_text(o, r, server_exit));
  return 0;
}
