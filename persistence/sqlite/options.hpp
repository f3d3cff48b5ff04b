// The SQLite backend's options: the writer's, and how durable a commit is and how long to wait for
// a lock. These defaults are the server's too: its Config reads them from here.
#pragma once

#include "persistence/store/writer_options.hpp"

namespace tortuga::store {

struct SqliteOptions {
  WriterOptions writer;
  // FULL syncs the WAL on every commit: a write whose Done has run survives a power cut. NORMAL
  // survives a crash of the process but may lose the last commits on a power cut.
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;  // how long to wait for a lock held by another process
};

}  // namespace tortuga::store
