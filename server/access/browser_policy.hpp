// What the server asks of browsers (docs/security.md): the headers every HTTP answer carries, so
// that the served client runs only its own scripts and styles and is never shown inside another
// site's frame; and which pages may open a WebSocket here, so that a page elsewhere cannot act for
// a player who visits it (cross-site WebSocket hijacking).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/error.hpp"

namespace tortuga {

// The Content-Security-Policy of every answer. The client's scripts and styles are its own files
// (no inline script or style, no eval); it connects to its own server and, on a cluster, to the
// node another answers with (`elsewhere`), hence any ws: and wss: URL; no page may frame it.
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
    "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";

// The headers, beyond the content's own, that every HTTP answer carries for browsers.
const std::vector<std::pair<std::string, std::string>>& browser_headers();

class AllowedOrigins {
 public:
  // Each entry an origin, scheme://host[:port] with scheme http or https and nothing after it,
  // or "*" for any; anything else is refused (bad_config). No entries: the server's own only.
  static Expected<AllowedOrigins> parse(const std::vector<std::string>& entries);

  // Whether a WebSocket upgrade may go on, given its Origin header (empty: none was sent) and its
  // Host header. No Origin: not a browser, which no page can make act for someone; allowed. An
  // Origin naming the host the request was sent to (the page is this server's own): allowed.
  // Otherwise only a listed one.
  bool allows(std::string_view origin, std::string_view host) const;

 private:
  bool any_ = false;
  std::vector<std::string> origins_;  // in lower case
};

}  // namespace tortuga
