// The SQLite backend of the match store: one database file in WAL mode.
//
// Writes: one writer thread owns the only write connection. It takes every write waiting in the
// queue (up to max_batch) into one transaction (group commit: BEGIN IMMEDIATE ... COMMIT), so that
// a failing write (a duplicate seq, an unknown match) fails alone while the rest of its batch
// commits: a write of several statements runs in its own SAVEPOINT, and one of a single statement
// needs none (SQLite undoes a failed statement). It runs the Done callbacks after COMMIT.
// A busy server thus pays one fsync per batch, not one per action.
//
// Reads: a small pool of read-only connections, each used by one thread at a time and holding its
// own prepared statements. WAL lets them read the last committed state while the writer writes,
// so concurrent reads neither wait for each other nor for the writer. Each read runs in one read
// transaction, so a match and its seats come from the same snapshot.
//
// Its parts are in sqlite/: the connection, the schema, the writer, the read pool and the
// statements on players, matches and logs.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "persistence/store.hpp"

namespace tortuga::store {

// These defaults are the server's too: its Config reads them from here.
struct SqliteOptions {
  // FULL syncs the WAL on every commit: a write whose Done has run survives a power cut. NORMAL
  // survives a crash of the process but may lose the last commits on a power cut.
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;  // how long to wait for a lock held by another process
  int max_batch = 1024;        // most writes per transaction
  // Group commit delay: when the last transaction held more than one write (other matches were
  // committing too), the writer waits this long before taking the next batch, so that the writes
  // arriving meanwhile share its commit and its fsync. A lone write never waits. 0: no delay.
  // Under load, 1 ms made batches larger and fsyncs fewer per action, for at most that much more
  // latency each (docs/performance.md, third round).
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

class SqliteStore final : public Store {
 public:
  using Options = SqliteOptions;

  // Opens (creating the file and its parent directory if missing) and migrates the schema.
  // Throws std::runtime_error, naming the path, if the database cannot be opened or is not one.
  explicit SqliteStore(const std::string& path, Options options = {});
  // Commits every queued write and runs its Done, then stops the writer.
  ~SqliteStore() override;

  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  Player create_player(const std::string& name, const std::string& token_hash) override;
  void create_player(const std::string& name, const std::string& token_hash,
                     PlayerCreated created) override;
  std::optional<Player> player_by_token_hash(const std::string& hash) override;
  std::optional<Player> player(std::int64_t id) override;
  void rename_player(std::int64_t id, const std::string& name, Done done) override;

  std::int64_t create_match(const Match& m) override;
  void create_match(const Match& m, Created created) override;
  void append_action(const Action& a, Done done) override;
  void finish_match(std::int64_t id, const std::string& status, const std::string& result_json,
                    std::int64_t ended_ms, Done done) override;
  void replace_seat(std::int64_t match, const Seat& seat, Done done) override;
  void append_chat(const ChatLine& line, Done done) override;
  void flush() override;

  void record_admin_action(const AdminAction& a, Done done) override;
  std::vector<AdminAction> admin_actions(int limit, std::optional<std::int64_t> before_id) override;
  bool ping() override;

  std::vector<Match> list_matches(const MatchFilter& f) override;
  std::optional<Match> match(std::int64_t id) override;
  std::vector<Action> actions(std::int64_t match) override;
  std::vector<Match> unfinished_matches() override;
  std::vector<ChatLine> chat(std::int64_t match) override;

  WriterStats stats() const;

  // The schema version this build writes (PRAGMA user_version).
  static constexpr int kSchemaVersion = 5;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tortuga::store
