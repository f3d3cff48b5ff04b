// The flags of tortuga-bench, read into the settings of one run: which server it loads (one it
// starts itself, or one already running on this machine), the load, and how it reports.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/load.hpp"

namespace tortuga::bench {

extern const char* const kHelp;  // what --help prints

struct Options {
  LoadSettings load;
  bool spawn = false;
  std::filesystem::path server;  // the binary --spawn starts
  std::optional<int> pid;        // the server's process, to read its memory and CPU time
  bool json = false;
};

// A flag refused, and why, in words for the command line.
struct BadFlag {
  std::string message;
};

// Reads the flags (those after the program's name). `beside` is the folder of tortuga-bench
// itself: --spawn starts the `tortuga` there unless --server names another. Throws BadFlag.
Options parse_options(const std::vector<std::string>& args, const std::filesystem::path& beside);

}  // namespace tortuga::bench
