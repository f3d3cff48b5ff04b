// The connections of this node that speak for a player, by the session whose token they spoke with
// (Client::session), so that a session revoked, or an account disabled, reaches every connection
// still speaking with it: each is told why and closed (Client::sign_out). A connection is kept
// from its welcome until it goes. Thread-safe.
//
// On a cluster each node knows its own connections only: a connection on another node learns
// that its session ended when it next says hello there (bad_token).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/room/client.hpp"

namespace tortuga {

class SignedIn {
 public:
  // `c` speaks for its player now, with its session.
  void add(const std::shared_ptr<Client>& c);
  void remove(const Client* c);
  // Signs out every connection whose (player, session) `which` picks, sending each `last`;
  // returns how many.
  std::size_t sign_out(const std::function<bool(std::int64_t player, std::int64_t session)>& which,
                       const Message& last);
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const Client*, std::weak_ptr<Client>> clients_;
};

}  // namespace tortuga
