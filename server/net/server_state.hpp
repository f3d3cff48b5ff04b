// What every connection shares: the lobby, the HTTP and admin APIs, the open WebSockets, the
// limits, the connection counts (all together and per address), who is believed about a client's
// address, which pages may connect, and the next connection id.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "server/access/browser_policy.hpp"
#include "server/access/client_address.hpp"
#include "server/access/tally.hpp"
#include "server/api/admin_api.hpp"
#include "server/api/http_api.hpp"
#include "server/api/notify_links.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/open_websockets.hpp"
#include "server/ops/config.hpp"

namespace tortuga {

struct ServerState {
  Lobby& lobby;
  HttpApi& http;
  AdminApi& admin;
  OpenWebSockets& websockets;
  Limits limits;
  TrustedProxies trusted_proxies = {};
  AllowedOrigins allowed_origins = {};
  std::atomic<int> connections{0};
  Tally<std::string> connections_per_address{limits.max_connections_per_address};
  std::atomic<std::uint64_t> next_connection{1};  // each HTTP connection's id, for the logs
  // The links in the server's mails (/verify-email, /unsubscribe); none: they are not served.
  const NotifyLinks* notify_links = nullptr;
};

}  // namespace tortuga
