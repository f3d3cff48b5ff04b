// The WebSockets open at a time, so that a stopping server can close each with a close frame
// (1001, going away) rather than drop it, and knows when the last one is gone. Thread-safe.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tortuga {

class WebSocketSession;

class OpenWebSockets {
 public:
  // Once the server is going away, a WebSocket accepted meanwhile is told to go away at once.
  void add(const std::shared_ptr<WebSocketSession>& websocket);
  void remove(const WebSocketSession* websocket);
  // Tells every open WebSocket, and every one added from now on, that the server is going away.
  void go_away();
  std::size_t count() const;
  // Sends `message` to every open WebSocket (the operator's notice); returns how many.
  std::size_t send_to_all(const std::shared_ptr<const std::string>& message);

 private:
  mutable std::mutex mutex_;
  // Weak: a connection lives as long as its own operations and the rooms keep it, not longer.
  std::unordered_map<const WebSocketSession*, std::weak_ptr<WebSocketSession>> open_;
  bool going_away_ = false;
};

}  // namespace tortuga
