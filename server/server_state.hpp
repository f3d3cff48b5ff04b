// What every connection shares: the lobby, the HTTP API, the limits and the connection count.
#pragma once

#include <atomic>

#include "server/config.hpp"
#include "server/http_api.hpp"
#include "server/lobby.hpp"

namespace tortuga {

struct ServerState {
  Lobby& lobby;
  HttpApi& http;
  Limits limits;
  std::atomic<int> connections{0};
};

}  // namespace tortuga
