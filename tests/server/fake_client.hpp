// A client that records what it is sent, for driving rooms and the lobby without sockets.
#pragma once

#include <chrono>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "server/room/client.hpp"

namespace tortuga::testing {

class FakeClient : public Client {
 public:
  using Client::send;
  void send(Message message) override {
    std::lock_guard lock(mutex_);
    received_.push_back(nlohmann::json::parse(*message));
  }
  std::vector<nlohmann::json> received() const {
    std::lock_guard lock(mutex_);
    return received_;
  }
  std::vector<nlohmann::json> of_type(const std::string& type) const {
    std::vector<nlohmann::json> out;
    for (auto& m : received())
      if (m.value("type", "") == type) out.push_back(m);
    return out;
  }
  // What arrived since the last take.
  std::vector<nlohmann::json> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(received_, {});
  }
  void clear() {
    std::lock_guard lock(mutex_);
    received_.clear();
  }

 private:
  mutable std::mutex mutex_;
  std::vector<nlohmann::json> received_;
};

// Runs the io_context until `done` holds or the guard time passes (a failure guard, not a timing
// assertion). Store callbacks arrive from the writer thread, so the loop polls.
template <class Predicate>
bool run_until(boost::asio::io_context& io, Predicate done,
               std::chrono::milliseconds guard = std::chrono::seconds(10)) {
  auto until = std::chrono::steady_clock::now() + guard;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    io.restart();
    io.run_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace tortuga::testing
