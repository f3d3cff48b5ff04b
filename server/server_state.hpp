// What every connection shares: the lobby, the HTTP API, the limits, the connection count and
// the open WebSockets.
#pragma once

#include <atomic>

#include "server/config.hpp"
#include "server/http_api.hpp"
#include "server/lobby.hpp"
#include "server/open_websockets.hpp"

namespace tortuga {

struct ServerState {
  Lobby& lobby;
  HttpApi& http;
  Limits limits;
  std::atomic<int> connections{0};
  OpenWebSockets websockets{};
};

}  // namespace tortuga
