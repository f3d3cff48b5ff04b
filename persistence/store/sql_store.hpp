// The match store over a SQL database, written once for every backend: SqliteStore and PgStore are
// this over their backend's Connection, options and schema version. A backend supplies that
// connection (which begins a batch's transaction, and says whether a failed statement spoiled
// it), its statements and migrations (statements.hpp, found by the Connection), and how its store
// opens (open, specialized in its sqlite_store.cpp or pg_store.cpp), which hands over its
// savepoint policy (savepoint.hpp).
//
// Writes: one writer thread owns the only write connection. It takes every write waiting in the
// queue (up to max_batch) into one transaction (group commit, group_commit.hpp), in which a
// failing write fails alone while the rest of its batch commits (commit_batch.hpp). It answers
// each write after COMMIT. A busy server thus pays one commit (one fsync) per batch, not one per
// action.
//
// Reads: a pool of connections, each used by one thread at a time and holding its own prepared
// statements (read_pool.hpp); each read runs in one read transaction, so that a match and its
// seats come from the same snapshot.
//
// Its members are defined in sql_store_impl.hpp (the ratings' in sql_store_ratings.hpp), which
// only a backend's store includes: each backend's instantiation is compiled once, in its
// sqlite_store.cpp or pg_store.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "persistence/store.hpp"
#include "persistence/store/writer_options.hpp"

namespace tortuga::store {

template <class Connection, class Options, int SchemaVersion>
class SqlStore : public Store {
 public:
  // Opens the database `where` names (a SQLite file's path, a PostgreSQL URL) and migrates its
  // schema. Throws std::runtime_error, naming `where` (without a password), if the database
  // cannot be opened, is not one, or has a schema newer than this build's.
  explicit SqlStore(const std::string& where, Options options = {});
  // Commits every queued write and runs its Done, then stops the writer.
  ~SqlStore() override;
  SqlStore(const SqlStore&) = delete;
  SqlStore& operator=(const SqlStore&) = delete;

  Outcome<Player> create_player(const std::string& name, const std::string& token_hash) override;
  void create_player(const std::string& name, const std::string& token_hash,
                     PlayerCreated created) override;
  Outcome<std::optional<Player>> player_by_token_hash(const std::string& hash) override;
  Outcome<std::optional<Player>> player(std::int64_t id) override;
  void rename_player(std::int64_t id, const std::string& name, Done done) override;

  void create_account(const NewAccount& account, AccountCreated created) override;
  Outcome<std::optional<Account>> account_by_key(const std::string& name_key) override;
  Outcome<std::optional<Account>> account(std::int64_t player) override;
  Outcome<std::optional<SignedIn>> signed_in(const std::string& token_hash) override;
  void add_session(std::int64_t player, const std::string& token_hash, const std::string& label,
                   int most, SessionAdded added) override;
  void touch_session(std::int64_t session, std::int64_t used_ms, Done done) override;
  Outcome<std::vector<Session>> sessions(std::int64_t player) override;
  void revoke_sessions(const Revocation& r, SessionsRevoked revoked) override;
  void set_account_disabled(std::int64_t player, std::int64_t disabled_ms, Done done) override;

  Outcome<std::int64_t> create_match(const Match& m) override;
  void create_match(const Match& m, Created created) override;
  void append_action(const Action& a, Done done) override;
  void finish_match(std::int64_t id, MatchStatus status, const std::string& result_json,
                    std::int64_t ended_ms, Done done) override;
  void replace_seat(std::int64_t match, const Seat& seat, Done done) override;
  void mark_seat_gone(std::int64_t match, int seat, bool gone, Done done) override;
  void rate_match(std::int64_t match, const std::string& game, std::vector<RatingChange> placings,
                  Rate rate, Rated rated) override;
  Outcome<RebuildReport> rebuild_ratings(Replay replay) override;
  void append_chat(const ChatLine& line, Done done) override;
  // Correspondence play: sql_store_correspondence.hpp.
  void save_correspondence(const CorrespondenceClocks& clocks, Done done) override;
  void save_vacation(std::int64_t player, const Vacation& vacation, Done done) override;
  Outcome<std::optional<CorrespondenceClocks>> correspondence(std::int64_t match) override;
  Outcome<std::vector<DueClock>> correspondence_due(std::int64_t by_ms, int limit) override;
  Outcome<Vacation> vacation(std::int64_t player) override;
  // Calling players back: sql_store_notifications.hpp.
  Outcome<std::optional<NotificationSettings>> notification_settings(std::int64_t player) override;
  Outcome<void> save_notification_settings(const NotificationSettings& s) override;
  Outcome<void> add_notification_token(const NotificationToken& t) override;
  Outcome<std::optional<Redeemed>> redeem_notification_token(const std::string& hash,
                                                             std::int64_t now_ms) override;
  Outcome<std::int64_t> queue_notification(const OutboxMessage& m) override;
  Outcome<std::vector<OutboxMessage>> claim_notifications(const std::string& owner,
                                                          std::int64_t now_ms,
                                                          std::int64_t lease_ms,
                                                          int limit) override;
  Outcome<bool> settle_notification(std::int64_t id, const std::string& owner,
                                    const Settlement& s) override;
  Outcome<std::vector<OutboxMessage>> outbox(std::int64_t player) override;
  Outcome<OutboxCounts> outbox_counts() override;
  Outcome<std::int64_t> prune_notifications(std::int64_t keep_ms, std::int64_t now_ms) override;
  Outcome<void> add_digest_entry(const DigestEntry& e) override;
  Outcome<void> remove_digest_entry(std::int64_t player, std::int64_t match) override;
  Outcome<std::vector<std::int64_t>> digests_due(std::int64_t gathered_before_ms,
                                                 std::int64_t last_before_ms, int limit) override;
  Outcome<int> take_digest(std::int64_t player, std::int64_t now_ms, std::int64_t last_before_ms,
                           const ComposeDigest& compose) override;
  void flush() override;

  void record_admin_action(const AdminAction& a, Done done) override;
  Outcome<std::vector<AdminAction>> admin_actions(int limit,
                                                  std::optional<std::int64_t> before_id) override;
  bool ping() override;
  void probe_write(Done done) override;

  Outcome<std::vector<Match>> list_matches(const MatchFilter& f) override;
  Outcome<std::optional<Match>> match(std::int64_t id) override;
  Outcome<std::vector<Action>> actions(std::int64_t match) override;
  Outcome<std::vector<Match>> unfinished_matches() override;
  Outcome<std::vector<ChatLine>> chat(std::int64_t match) override;
  // Ratings: sql_store_ratings.hpp.
  Outcome<std::vector<MatchToRate>> matches_to_rate(std::optional<std::int64_t> match) override;
  Outcome<std::vector<RatingEntry>> leaderboard(const std::string& game, int limit,
                                                std::int64_t offset) override;
  Outcome<std::vector<RatingEntry>> player_ratings(std::int64_t player) override;
  Outcome<std::vector<RatingPoint>> rating_history(std::int64_t player, const std::string& game,
                                                   int limit) override;
  Outcome<FinishRecord> finish_record(std::int64_t player) override;
  Outcome<std::vector<Player>> players_named(const std::string& prefix, int limit) override;

  WriterStats stats() const;

  // The schema version this build writes.
  static constexpr int kSchemaVersion = SchemaVersion;

  // The read pool and the writer, on the connections the backend opened (and migrated); defined
  // in sql_store_impl.hpp.
  struct Parts;

 private:
  // The backend's: opens the connections, migrates, and hands them over with its savepoint
  // policy. Throws as the constructor does.
  static std::unique_ptr<Parts> open(const std::string& where, const Options& options);

  std::unique_ptr<Parts> parts_;
};

}  // namespace tortuga::store
