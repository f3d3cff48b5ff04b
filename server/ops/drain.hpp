// Draining a node: once begun, no new room and no new match; the matches already running play on
// to their end, and the node reports when none is left, so that an operator (or an orchestrator)
// knows when it may stop the process without ending anybody's match. Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>

namespace tortuga {

struct DrainReport {
  bool draining = false;
  std::size_t running = 0;  // rooms whose match is starting or running
  bool empty() const { return draining && running == 0; }
};

class Drain {
 public:
  // Whether the room may begin a new match: not while draining. When it may, the room counts as
  // running until ended(room).
  bool admit(std::int64_t room);
  // A match rebuilt from the store at start: running whether draining or not.
  void resumed(std::int64_t room);
  // The room's match ended, failed to start, or the room closed. Says in the log when this
  // leaves a draining node empty.
  void ended(std::int64_t room);

  // Starts draining (again: no change) and says so in the log; returns where it stands.
  DrainReport begin();
  DrainReport report() const;
  bool draining() const;

 private:
  mutable std::mutex mutex_;
  bool draining_ = false;
  std::set<std::int64_t> running_;
};

}  // namespace tortuga
