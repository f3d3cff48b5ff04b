// The writer's settings and what it has done, the same for every backend (group_commit.hpp). In a
// header of their own so that a backend's options, and the server's config, name them without the
// writer's queue and thread.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace tortuga::store {

// These defaults are the server's too: its Config reads them from here.
struct WriterOptions {
  int max_batch = 1024;  // most writes per transaction
  // Group commit delay: when the last transaction held more than one write (other matches were
  // committing too), the writer waits this long before taking the next batch, so that the writes
  // arriving meanwhile share its commit and its fsync. A lone write never waits. 0: no delay.
  // Under load, 1 ms made batches larger and fsyncs fewer per action, for at most that much more
  // latency each (docs/performance.md, "The store").
  int commit_delay_us = 1000;
  // Told of every transaction once it has committed (or failed), on the writer thread: how many
  // writes it held and how long it took, from BEGIN to the last Done. For the server's metrics;
  // it must be quick and must not throw.
  std::function<void(std::size_t writes, std::chrono::steady_clock::duration took)> on_batch;
};

// What the writer has done so far; for benchmarks and tests.
struct WriterStats {
  std::uint64_t writes = 0;  // writes whose Done has run
  std::uint64_t failed_writes = 0;
  std::uint64_t transactions = 0;  // batches, i.e. BEGIN ... COMMIT
  std::uint64_t largest_batch = 0;
};

}  // namespace tortuga::store
