// The cluster's shared state (persistence/cluster.hpp) in the PostgreSQL database the nodes'
// stores share: the tables nodes and rooms (schema version 3, postgres/schema.cpp), and each
// match's epoch.
//
// It has connections of its own, apart from the store's writer, so that a heartbeat never waits
// behind a batch of appends: one for the node's heartbeat and claims (one thread calls those),
// one for the rooms' writes (under a mutex), and a read pool for the lookups that route clients.
#pragma once

#include <memory>
#include <string>

#include "persistence/cluster.hpp"

namespace tortuga::store {

struct NodeSettings {
  std::string id;   // unique in the cluster, and the same across the node's restarts
  std::string url;  // the WebSocket URL clients reach this node at, e.g. ws://node-1:8080/ws
  int lease_ms = 3000;
};

class PgCluster final : public Cluster {
 public:
  // Connects to the database at `db_url` (already migrated by the node's PgStore). Throws
  // std::runtime_error when it cannot.
  PgCluster(const std::string& db_url, NodeSettings settings);
  ~PgCluster() override;

  const std::string& node() const override { return settings_.id; }
  const std::string& url() const override { return settings_.url; }
  // The URL, once it is known (from the port the node listens on); before the first renew().
  void set_url(std::string url) { settings_.url = std::move(url); }

  void renew() override;
  void release() noexcept override;
  std::vector<ClaimedRoom> claim(bool own_too) override;
  std::vector<std::int64_t> lost(const std::vector<std::int64_t>& rooms) override;

  std::optional<std::int64_t> new_room(const std::string& code, bool is_private) override;
  void publish(const std::vector<std::pair<std::int64_t, std::string>>& listings) override;
  void keep_open(const std::vector<std::pair<std::int64_t, std::string>>& rooms) override;
  void forget_room(std::int64_t room) override;

  std::optional<RoomPlace> room_place(std::int64_t room) override;
  std::optional<RoomPlace> code_place(const std::string& code) override;
  std::optional<RoomPlace> match_place(std::int64_t match) override;
  std::optional<RoomPlace> owner(std::int64_t room) override;
  std::vector<RoomPlace> seats(std::int64_t player) override;
  std::vector<std::string> listings_elsewhere() override;
  std::vector<RoomElsewhere> rooms_elsewhere() override;
  std::vector<NodePlace> nodes_elsewhere() override;

 private:
  struct Impl;
  NodeSettings settings_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tortuga::store
