// What every connection shares: the lobby, the HTTP and admin APIs, the open WebSockets, the
// limits, the connection count and the next connection id.
#pragma once

#include <atomic>
#include <cstdint>

#include "server/admin_api.hpp"
#include "server/config.hpp"
#include "server/http_api.hpp"
#include "server/lobby.hpp"
#include "server/open_websockets.hpp"

namespace tortuga {

struct ServerState {
  Lobby& lobby;
  HttpApi& http;
  AdminApi& admin;
  OpenWebSockets& websockets;
  Limits limits;
  std::atomic<int> connections{0};
  std::atomic<std::uint64_t> next_connection{1};  // each HTTP connection's id, for the logs
};

}  // namespace tortuga
