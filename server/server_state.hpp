// What every connection shares: the lobby, the HTTP and admin APIs, the open WebSockets, the
// limits and the connection count.
#pragma once

#include <atomic>

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
};

}  // namespace tortuga
