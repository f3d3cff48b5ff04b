// The PostgreSQL backend of the match store: the tables in one PostgreSQL database, named by a
// postgresql:// (or postgres://) URL.
//
// Writes: one writer thread owns the only write connection and takes every write waiting in the
// queue (up to max_batch) into one transaction (group commit), as the SQLite backend does; a
// failing write fails alone while the rest of its batch commits. It runs the Done callbacks after
// COMMIT, so nobody is told of a write that is not stored.
//
// Reads: a pool of connections, each used by one thread at a time and holding its own prepared
// statements; each read runs in one read-only REPEATABLE READ transaction, so that a match and its
// seats come from the same snapshot.
//
// Its parts are in postgres/: the connection, the schema, the writer and the statements on
// players, matches and logs. The queue and the read pool are shared with SQLite.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "persistence/store.hpp"
#include "persistence/store/group_commit.hpp"

namespace tortuga::store {

// The writer's settings are those of every backend; how durable a commit is is the database
// server's setting (synchronous_commit), not the store's.
struct PgOptions : WriterOptions {};

class PgStore final : public Store {
 public:
  using Options = PgOptions;

  // Connects, with one writer's connection and a first reader's, and migrates the schema. Throws
  // std::runtime_error, naming the URL (without its password), if the database cannot be reached
  // or its schema is newer than this build's.
  explicit PgStore(const std::string& url, Options options = {});
  // Commits every queued write and runs its Done, then stops the writer.
  ~PgStore() override;

  PgStore(const PgStore&) = delete;
  PgStore& operator=(const PgStore&) = delete;

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
  void flush() override;

  void record_admin_action(const AdminAction& a, Done done) override;
  void append_chat(const ChatLine& line, Done done) override;
  std::vector<ChatLine> chat(std::int64_t match) override;
  std::vector<AdminAction> admin_actions(int limit, std::optional<std::int64_t> before_id) override;
  bool ping() override;
  void probe_write(Done done) override;

  std::vector<Match> list_matches(const MatchFilter& f) override;
  std::optional<Match> match(std::int64_t id) override;
  std::vector<Action> actions(std::int64_t match) override;
  std::vector<Match> unfinished_matches() override;

  WriterStats stats() const;

  // The schema version this build writes (the one row of the table schema_version).
  static constexpr int kSchemaVersion = 6;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tortuga::store
