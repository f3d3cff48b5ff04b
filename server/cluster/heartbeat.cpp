#include "server/cluster/heartbeat.hpp"

#include <pthread.h>

#include <utility>
#include <vector>

#include "server/ops/log.hpp"

namespace tortuga {

Heartbeat::Heartbeat(store::Cluster& cluster, Membership& membership, int lease_ms)
    : cluster_(cluster), membership_(membership), interval_(std::max(1, lease_ms / 3)) {}

Heartbeat::~Heartbeat() {
  stop();
}

void Heartbeat::start() {
  thread_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "heartbeat");
    std::unique_lock lock(mutex_);
    while (!stopping_) {
      lock.unlock();
      beat();
      lock.lock();
      wake_.wait_for(lock, interval_, [this] { return stopping_ || nudged_; });
      nudged_ = false;
    }
  });
}

void Heartbeat::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Heartbeat::nudge() {
  {
    std::lock_guard lock(mutex_);
    nudged_ = true;
  }
  wake_.notify_all();
}

void Heartbeat::beat() {
  try {
    cluster_.renew();
  } catch (const std::exception& e) {
    // Without the database the node can neither keep its lease nor write; once its lease runs
    // out, another node takes its matches over, and the fence keeps this one from writing.
    TORTUGA_LOG_AT(warn, log::Context("lease_not_renewed"), "lease not renewed: " << e.what());
    return;
  }
  try {
    membership_.forget_closed_rooms();
    // Only the listings that changed since the last beat are written.
    std::vector<std::pair<std::int64_t, std::string>> changed;
    std::map<std::int64_t, std::string> now;
    for (auto& [room, listing] : membership_.listings()) {
      auto it = published_.find(room);
      if (it == published_.end() || it->second != listing) changed.emplace_back(room, listing);
      now.emplace(room, std::move(listing));
    }
    cluster_.publish(changed);
    published_ = std::move(now);
    membership_.listings_elsewhere(cluster_.listings_elsewhere());

    if (auto lost = cluster_.lost(membership_.room_ids()); !lost.empty()) {
      TORTUGA_LOG_AT(warn, log::Context("rooms_lost").field("rooms", lost.size()),
                     lost.size() << " rooms were taken over by other nodes");
      membership_.lost(lost);
    }
    if (const int taken = membership_.claim(false); taken > 0)
      TORTUGA_LOG_AT(info, log::Context("takeover").field("matches", taken),
                     "took over " << taken << " matches of nodes whose lease ran out");
  } catch (const std::exception& e) {
    TORTUGA_LOG_AT(warn, log::Context("heartbeat_failed"), "heartbeat: " << e.what());
  }
}

}  // namespace tortuga
