// A connected client as rooms and the lobby see it: something to send messages to. Keeps the
// socket types (Beast) out of the lobby and rooms.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace tortuga {

using Message = std::shared_ptr<const std::string>;

class Client {
 public:
  // `address`: where the client connects from, as the limits per address count it
  // (client_address.hpp); empty for a client that has none (a test's).
  explicit Client(std::string address = {}) : address_(std::move(address)) {}
  virtual ~Client() = default;
  // Thread-safe. Messages are delivered in the order of the calls.
  virtual void send(Message message) = 0;
  void send(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }

  const std::string& address() const { return address_; }
  std::int64_t player() const { return player_.load(); }
  std::string name() const {
    std::lock_guard lock(mutex_);
    return name_;
  }
  void welcome(std::int64_t player, std::string name) {
    std::lock_guard lock(mutex_);
    name_ = std::move(name);
    player_ = player;
  }

 private:
  const std::string address_;
  std::atomic<std::int64_t> player_{0};  // 0 until hello
  mutable std::mutex mutex_;
  std::string name_;
};

}  // namespace tortuga
