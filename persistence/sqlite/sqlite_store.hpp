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
// Its parts are in sqlite/: the connection, the schema, the writer and the statements on players,
// matches and logs. The writer's queue (group_commit.hpp) and the read pool (read_pool.hpp) are
// shared with the PostgreSQL backend (pg_store.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "persistence/store.hpp"
#include "persistence/store/group_commit.hpp"

namespace tortuga::store {

// These defaults are the server's too: its Config reads them from here. The writer's settings
// (the group commit delay, the batch size, the batch observer) are WriterOptions, which every
// backend shares.
struct SqliteOptions : WriterOptions {
  // FULL syncs the WAL on every commit: a write whose Done has run survives a power cut. NORMAL
  // survives a crash of the process but may lose the last commits on a power cut.
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;  // how long to wait for a lock held by another process
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
  void probe_write(Done done) override;

  std::vector<Match> list_matches(const MatchFilter& f) override;
  std::optional<Match> match(std::int64_t id) override;
  std::vector<Action> actions(std::int64_t match) override;
  std::vector<Match> unfinished_matches() override;
  std::vector<ChatLine> chat(std::int64_t match) override;

  WriterStats stats() const;

  // The schema version this build writes (PRAGMA user_version).
  static constexpr int kSchemaVersion = 7;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tortuga::store
