#include "server/lobby/signed_in.hpp"

#include <vector>

namespace tortuga {

void SignedIn::add(const std::shared_ptr<Client>& c) {
  std::lock_guard lock(mutex_);
  clients_[c.get()] = c;
}

void SignedIn::remove(const Client* c) {
  std::lock_guard lock(mutex_);
  clients_.erase(c);
}

std::size_t SignedIn::sign_out(
    const std::function<bool(std::int64_t player, std::int64_t session)>& which,
    const Message& last) {
  std::vector<std::shared_ptr<Client>> chosen;
  {
    std::lock_guard lock(mutex_);
    for (auto it = clients_.begin(); it != clients_.end();) {
      auto c = it->second.lock();
      if (!c) {
        it = clients_.erase(it);
        continue;
      }
      if (c->player() != 0 && which(c->player(), c->session())) {
        chosen.push_back(std::move(c));
        it = clients_.erase(it);
        continue;
      }
      ++it;
    }
  }
  // Outside the lock: a client's sign_out may send at once.
  for (auto& c : chosen) c->sign_out(last);
  return chosen.size();
}

std::size_t SignedIn::size() const {
  std::lock_guard lock(mutex_);
  return clients_.size();
}

}  // namespace tortuga
