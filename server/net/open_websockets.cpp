#include "server/net/open_websockets.hpp"

#include <vector>

#include "server/net/websocket_session.hpp"

namespace tortuga {

void OpenWebSockets::add(const std::shared_ptr<WebSocketSession>& websocket) {
  bool going_away;
  {
    std::lock_guard lock(mutex_);
    open_[websocket.get()] = websocket;
    going_away = going_away_;
  }
  if (going_away) websocket->go_away();
}

void OpenWebSockets::remove(const WebSocketSession* websocket) {
  std::lock_guard lock(mutex_);
  open_.erase(websocket);
}

void OpenWebSockets::go_away() {
  std::vector<std::shared_ptr<WebSocketSession>> open;
  {
    std::lock_guard lock(mutex_);
    going_away_ = true;
    for (const auto& [_, weak] : open_)
      if (auto websocket = weak.lock()) open.push_back(std::move(websocket));
  }
  // Outside the lock: a session's last reference may go here, and its destructor removes it.
  for (const auto& websocket : open) websocket->go_away();
}

std::size_t OpenWebSockets::send_to_all(const std::shared_ptr<const std::string>& message) {
  std::vector<std::shared_ptr<WebSocketSession>> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [_, weak] : open_)
      if (auto websocket = weak.lock()) open.push_back(std::move(websocket));
  }
  // Outside the lock, as in go_away.
  for (const auto& websocket : open) websocket->send(message);
  return open.size();
}

std::size_t OpenWebSockets::count() const {
  std::lock_guard lock(mutex_);
  return open_.size();
}

}  // namespace tortuga
