// Who plays the matches of a PostgreSQL database: one node alone (`tortuga serve` without a node
// id, which resumes every unfinished match at its start), or the nodes of a cluster (which share
// them out by their leases, pg_cluster.hpp). Never both, and never two nodes alone: each would
// play the same matches, run their bots and timers, and answer their players.
//
// A node holds the database's node lock for as long as it runs: a node alone holds it whole, each
// node of a cluster a share of it. It is a PostgreSQL advisory lock on a connection of its own,
// so that the database itself frees it when the node's connection ends (the process stopped,
// was killed, or crashed); a node that cannot take it refuses to start, saying who holds it.
//
// A database server that restarts drops every connection, and the lock with them: the node takes
// it again as soon as the database is back (a thread of its own tries every second), and says so
// through `on_lost` if another node took it meanwhile.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace tortuga::store {

namespace postgres {
class Connection;
}

class PgNodeLock {
 public:
  enum class Mode { alone, cluster };
  // What the node is told when it lost the lock to another node: a sentence for its log.
  using OnLost = std::function<void(const std::string&)>;

  // Takes the lock on the database at `db_url` (already migrated by the node's store), waiting a
  // moment for a node whose connection is ending (one killed a moment ago). Throws
  // std::runtime_error saying who holds it, or why it could not be taken.
  PgNodeLock(const std::string& db_url, Mode mode, OnLost on_lost);
  ~PgNodeLock();  // lets the lock go
  PgNodeLock(const PgNodeLock&) = delete;
  PgNodeLock& operator=(const PgNodeLock&) = delete;

 private:
  void keep();  // the thread: takes the lock again after the connection broke

  const std::string url_;
  const Mode mode_;
  OnLost on_lost_;
  std::unique_ptr<postgres::Connection> db_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread keeper_;
};

}  // namespace tortuga::store
