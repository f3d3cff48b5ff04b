// A connected client as rooms and the lobby see it: something to send messages to. Keeps the
// socket types (Beast) out of the lobby and rooms.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga {

using Message = std::shared_ptr<const std::string>;

// The error that refuses request `re` (null: it answers no request), counted on /metrics by its
// code. Every refusal is made here or by counted_error, so that none goes uncounted.
std::string refusal(const nlohmann::json& re, const Error& error);
// A refusal with fields of its own (protocol::event's retry_later, elsewhere, match_waits):
// `text` as made, counted under `code`.
std::string counted_error(std::string_view code, std::string text);

class Client {
 public:
  // `address`: where the client connects from, as the limits per address count it
  // (client_address.hpp); empty for a client that has none (a test's). `agent`: what it says it
  // is (a browser's User-Agent), the label of a session it signs in.
  explicit Client(std::string address = {}, std::string agent = {})
      : address_(std::move(address)), agent_(std::move(agent)) {}
  virtual ~Client() = default;
  // Thread-safe. Messages are delivered in the order of the calls.
  virtual void send(Message message) = 0;
  void send(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }
  // Refuses request `re` (refusal above). Thread-safe, as send.
  void refuse(const nlohmann::json& re, const Error& error) { send(refusal(re, error)); }

  const std::string& address() const { return address_; }
  const std::string& agent() const { return agent_; }
  std::int64_t player() const { return player_.load(); }
  // The session (persistence/accounts.hpp) whose token the player spoke with here; 0 for none.
  std::int64_t session() const { return session_.load(); }
  std::string name() const {
    std::lock_guard lock(mutex_);
    return name_;
  }
  // Whether the player is an account, not a guest (store::Player::account): only accounts sit in
  // rated rooms.
  bool account() const { return account_.load(); }
  void welcome(std::int64_t player, std::string name, std::int64_t session = 0,
               bool account = false) {
    std::lock_guard lock(mutex_);
    name_ = std::move(name);
    session_ = session;
    player_ = player;
    account_ = account;
  }
  // The player no longer speaks here (the session was revoked, the account disabled): `last` is
  // the last message sent, then the connection is closed (close code 4004, signed_out).
  // Thread-safe. This one, for a client without a socket, sends `last` and forgets the player.
  virtual void sign_out(Message last) {
    send(std::move(last));
    welcome(0, {}, 0);
  }

 private:
  const std::string address_;
  const std::string agent_;
  std::atomic<std::int64_t> player_{0};  // 0 until hello
  std::atomic<std::int64_t> session_{0};
  std::atomic<bool> account_{false};
  mutable std::mutex mutex_;
  std::string name_;
};

}  // namespace tortuga
