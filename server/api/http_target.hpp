// A request target ("/api/matches?game=x&limit=5") read into its path and its query's
// parameters, percent-decoded, as every HTTP endpoint reads it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace tortuga {

struct Target {
  std::string path;  // as sent: decoding is the business of whoever reads it as a file name
  std::map<std::string, std::string> query;
};

Target parse_target(const std::string& target);

// Percent-decoding of a path, where '+' is itself (in a query it is a space).
std::string decode_path(const std::string& s);

// The whole of `s` as a decimal integer, or nothing.
std::optional<std::int64_t> integer(const std::string& s);

}  // namespace tortuga
