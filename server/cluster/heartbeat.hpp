// A node's heartbeat on a cluster (docs/scaling.md): on a thread of its own, every third of the
// lease, it renews the node's lease, publishes its rooms' listings for the other nodes' lobbies
// (and gives theirs to its own lobby's watchers), hands over the rooms other nodes took while this
// one could not beat (paused, cut off), drops the rows of rooms that closed while the database
// was away, and takes over the running matches of every node whose lease ran out. On a thread of
// its own so that a slow database never holds a room's strand, nor a busy server the lease.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "persistence/cluster.hpp"
#include "server/cluster/membership.hpp"

namespace tortuga {

class Heartbeat {
 public:
  Heartbeat(store::Cluster& cluster, Membership& membership, int lease_ms);
  ~Heartbeat();  // stops
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

  // Beats once now, then on the thread until stop().
  void start();
  void stop();
  // Beats as soon as it can: a client came back for a room whose node is dead, which this node
  // may claim now rather than at its next beat.
  void nudge();

 private:
  void beat();

  store::Cluster& cluster_;
  Membership& membership_;
  const std::chrono::milliseconds interval_;
  std::map<std::int64_t, std::string> published_;  // each room's listing as last published

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool nudged_ = false;
  std::thread thread_;
};

}  // namespace tortuga
