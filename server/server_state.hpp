// What every connection shares: the lobby, the HTTP API, the limits, the connection count, the
// next connection id and the open WebSockets.
#pragma once

#include <atomic>
#include <cstdint>

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
  std::atomic<std::uint64_t> next_connection{1};  // each HTTP connection's id, for the logs
  OpenWebSockets websockets{};
};

}  // namespace tortuga
