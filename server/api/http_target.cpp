#include "server/api/http_target.hpp"

#include <charconv>
#include <sstream>

namespace tortuga {
namespace {

// Percent-decoding; in a query '+' is a space too, in a path it is itself.
std::string decode(const std::string& s, bool plus_is_space = true) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+' && plus_is_space)
      out += ' ';
    else if (s[i] == '%' && i + 2 < s.size()) {
      int v = 0;
      auto [p, ec] = std::from_chars(s.data() + i + 1, s.data() + i + 3, v, 16);
      if (ec == std::errc() && p == s.data() + i + 3) {
        out += static_cast<char>(v);
        i += 2;
      } else {
        out += s[i];
      }
    } else
      out += s[i];
  }
  return out;
}

std::map<std::string, std::string> query_of(const std::string& query) {
  std::map<std::string, std::string> q;
  std::istringstream in(query);
  std::string pair;
  while (std::getline(in, pair, '&')) {
    auto eq = pair.find('=');
    if (eq == std::string::npos)
      q[decode(pair)] = "";
    else
      q[decode(pair.substr(0, eq))] = decode(pair.substr(eq + 1));
  }
  return q;
}

}  // namespace

Target parse_target(const std::string& target) {
  const auto question = target.find('?');
  return {target.substr(0, question),
          query_of(question == std::string::npos ? "" : target.substr(question + 1))};
}

std::string decode_path(const std::string& s) {
  return decode(s, false);
}

std::optional<std::int64_t> integer(const std::string& s) {
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace tortuga
