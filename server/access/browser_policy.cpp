#include "server/access/browser_policy.hpp"

#include <algorithm>
#include <cctype>

namespace tortuga {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "https://example.org:443" -> "example.org", "http://x:8080" -> "x:8080": an origin's host and
// port as a Host header names them, the scheme's default port left out; empty when it is not an
// http or https origin.
std::string host_of_origin(std::string_view origin, std::string_view* scheme = nullptr) {
  const auto sep = origin.find("://");
  if (sep == std::string_view::npos) return "";
  const std::string_view s = origin.substr(0, sep);
  if (s != "http" && s != "https") return "";
  if (scheme) *scheme = s;
  std::string host(origin.substr(sep + 3));
  if (host.empty() || host.find_first_of("/?#@ ") != std::string::npos) return "";
  const std::string default_port = s == "http" ? ":80" : ":443";
  if (host.size() > default_port.size() && host.ends_with(default_port))
    host.resize(host.size() - default_port.size());
  return host;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& browser_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"Content-Security-Policy", kContentSecurityPolicy},
      {"X-Frame-Options", "DENY"},  // for browsers that do not read frame-ancestors
      {"X-Content-Type-Options", "nosniff"},
      // The client's addresses may name a room (#/room/...): they are not passed on to others.
      {"Referrer-Policy", "no-referrer"},
      {"Cross-Origin-Opener-Policy", "same-origin"},
  };
  return headers;
}

Expected<AllowedOrigins> AllowedOrigins::parse(const std::vector<std::string>& entries) {
  AllowedOrigins out;
  for (const std::string& entry : entries) {
    if (entry == "*") {
      out.any_ = true;
      continue;
    }
    const std::string origin = lower(entry);
    if (host_of_origin(origin).empty())
      return Error{"bad_config", "allowed_origins: \"" + entry +
                                     "\" is not an origin such as https://play.example.org"};
    out.origins_.push_back(origin);
  }
  return out;
}

bool AllowedOrigins::allows(std::string_view origin, std::string_view host) const {
  if (origin.empty() || any_) return true;
  const std::string o = lower(origin);
  std::string_view scheme;
  const std::string own = host_of_origin(o, &scheme);
  if (!own.empty()) {
    std::string h = lower(host);
    const std::string default_port = scheme == "http" ? ":80" : ":443";
    if (h.size() > default_port.size() && h.ends_with(default_port))
      h.resize(h.size() - default_port.size());
    if (own == h) return true;
  }
  for (const std::string& allowed : origins_)
    if (host_of_origin(allowed) == own && allowed.substr(0, allowed.find("://")) == scheme &&
        !own.empty())
      return true;
  return false;
}

}  // namespace tortuga
