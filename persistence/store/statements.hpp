// The statements every backend has, declared once for both: each backend writes them in its own
// SQL (sqlite/*.cpp, postgres/*.cpp) and declares them by including this file inside its own
// namespace (sqlite/statements.hpp, postgres/statements.hpp), where `Connection` is its
// connection. The shared store (sql_store_impl.hpp) calls them unqualified, so that the
// backend's are found by its Connection (argument-dependent lookup); their names are not the
// Store's, whose members would hide them.
//
// Writes run inside the writer's transaction, reads inside a read pool's. Each throws on a failed
// statement, and a write throws too, in words a caller can act on, when the database refuses it.
//
// No #pragma once: it is included once in each backend's namespace. It includes nothing; the
// backend's header includes what it needs (persistence/store.hpp, its connection) first.

// Players. insert_player returns the new id (p.id is ignored) and throws if another player has
// that token hash (the store adds its first session, insert_session); update_player_name is
// false for a player that does not exist. select_player_by_token_hash finds the player through
// the token's session, none for a disabled account.
std::int64_t insert_player(Connection& db, const Player& p);
bool update_player_name(Connection& db, std::int64_t id, const std::string& name);
std::optional<Player> select_player_by_token_hash(Connection& db, const std::string& hash);
std::optional<Player> select_player(Connection& db, std::int64_t id);

// Accounts and sessions (accounts.cpp). insert_account answers name_taken or has_account without
// storing anything (a savepoint covers the rest); insert_session returns the new session's id and
// throws for a token hash another session has. delete_sessions returns the ids it deleted;
// update_password and update_account_disabled are false for a player without an account.
Registered insert_account(Connection& db, const NewAccount& a, std::int64_t now);
std::optional<Account> select_account_by_key(Connection& db, const std::string& name_key);
std::optional<Account> select_account(Connection& db, std::int64_t player);
std::optional<SignedIn> select_signed_in(Connection& db, const std::string& token_hash);
std::int64_t insert_session(Connection& db, std::int64_t player, const std::string& token_hash,
                            const std::string& label, std::int64_t now);
bool update_session_used(Connection& db, std::int64_t session, std::int64_t used_ms);
std::vector<Session> select_sessions(Connection& db, std::int64_t player);
Revoked delete_sessions(Connection& db, const Revocation& r);
bool update_password(Connection& db, std::int64_t player, const std::string& password_hash);
bool update_account_disabled(Connection& db, std::int64_t player, std::int64_t disabled_ms);

// Matches and their seats. insert_match stores the match with its seats and returns its id (m.id
// and m.action_count are ignored; a created_ms of 0 means now). update_match_end ends a running
// match, false if there is no running match with that id; update_seat gives seat.seat of a running
// match to seat's player or bot, false if there is no such seat of a running match. A read gives
// each match its seats and its action count.
std::int64_t insert_match(Connection& db, const Match& m);
bool update_match_end(Connection& db, std::int64_t id, MatchStatus status,
                      const std::string& result_json, std::int64_t ended_ms);
bool update_seat(Connection& db, std::int64_t match, const Seat& seat);
std::optional<MatchStatus> select_match_status(Connection& db, std::int64_t id);
std::vector<Match> select_matches(Connection& db, const MatchFilter& f);  // newest first
std::optional<Match> select_match(Connection& db, std::int64_t id);
std::vector<Match> select_running_matches(Connection& db);  // oldest first

// Logs. insert_action appends an action if it is the next of its match's log, and the match is
// still running (and, on PostgreSQL, still at the action's epoch); it throws otherwise, saying why
// (log_refusal.hpp). It needs no savepoint in either backend. select_log is a match's actions in
// seq order, none for an unknown match.
void insert_action(Connection& db, const Action& a);
std::vector<Action> select_log(Connection& db, std::int64_t match);

// Chat. A time_ms of 0 means now; insert_chat_line throws (a foreign key) for a match or player
// that does not exist. select_chat is in the order the lines were said.
void insert_chat_line(Connection& db, const ChatLine& line);
std::vector<ChatLine> select_chat(Connection& db, std::int64_t match);

// Ratings (ratings.cpp). update_seat_gone is false for no such seat of a running match.
// insert_rated_match records a match as rated and returns its seq, none if it was rated before.
// lock_skills fills each change's skill before (none for a first rating in the game), making a
// row for a player who has none and holding every row until the transaction ends, so that two
// nodes rating matches of one player take turns. store_rating_change writes a change into the
// history and the player's rating (a match more, a win for place 0); select_rated_matches is the
// whole history in seq order; restore_rating_change writes a replayed change over its row.
bool update_seat_gone(Connection& db, std::int64_t match, int seat, bool gone);
std::optional<std::int64_t> insert_rated_match(Connection& db, std::int64_t match,
                                               const std::string& game, std::int64_t time_ms);
void lock_skills(Connection& db, const std::string& game, std::vector<RatingChange>& changes);
void store_rating_change(Connection& db, std::int64_t seq, const std::string& game,
                         const RatingChange& c);
std::vector<RatedMatch> select_rated_matches(Connection& db);
void delete_ratings(Connection& db);
void restore_rating_change(Connection& db, std::int64_t seq, const std::string& game,
                           const RatingChange& c);
std::vector<MatchToRate> select_matches_to_rate(Connection& db, std::optional<std::int64_t> match);
std::vector<RatingEntry> select_leaderboard(Connection& db, const std::string& game, int limit,
                                            std::int64_t offset);
std::vector<RatingEntry> select_player_ratings(Connection& db, std::int64_t player);
std::vector<RatingPoint> select_rating_history(Connection& db, std::int64_t player,
                                               const std::string& game, int limit);
FinishRecord select_finish_record(Connection& db, std::int64_t player);
std::vector<Player> select_players_named(Connection& db, const std::string& prefix, int limit);

// Correspondence play (correspondence.cpp). replace_correspondence writes a match's pace and
// clocks over what was stored, false (nothing written) for a match that is not running;
// select_correspondence_due is the running matches' clocks due by `by_ms`, earliest first.
bool replace_correspondence(Connection& db, const CorrespondenceClocks& clocks);
std::optional<CorrespondenceClocks> select_correspondence(Connection& db, std::int64_t match);
std::vector<DueClock> select_correspondence_due(Connection& db, std::int64_t by_ms, int limit);
void upsert_vacation(Connection& db, std::int64_t player, const Vacation& v);
std::optional<Vacation> select_vacation(Connection& db, std::int64_t player);

// Calling players back (notifications.cpp). upsert_notification_settings is false for a player
// without an account; take_notification_token deletes a verification token as it reads it (used
// once), keeps an unsubscribe token, and is none for an unknown or expired one.
// claim_notification_rows leases the queued messages due by `now_ms` whose lease has expired,
// earliest first; settle_notification_row is false unless `owner` still holds the lease.
// mark_digest_taken is false unless the player's last digest was before `last_before_ms`; it then
// records `now_ms` as the last.
std::optional<NotificationSettings> select_notification_settings(Connection& db,
                                                                 std::int64_t player);
bool upsert_notification_settings(Connection& db, const NotificationSettings& s);
void insert_notification_token(Connection& db, const NotificationToken& t);
std::optional<NotificationToken> take_notification_token(Connection& db, const std::string& hash,
                                                         std::int64_t now_ms);
std::int64_t insert_outbox_message(Connection& db, const OutboxMessage& m, std::int64_t now_ms);
std::vector<OutboxMessage> claim_notification_rows(Connection& db, const std::string& owner,
                                                   std::int64_t now_ms, std::int64_t lease_ms,
                                                   int limit);
bool settle_notification_row(Connection& db, std::int64_t id, const std::string& owner,
                             const Settlement& s);
std::vector<OutboxMessage> select_outbox(Connection& db, std::int64_t player);
OutboxCounts select_outbox_counts(Connection& db);
// Each answers how many rows it deleted.
std::int64_t delete_settled_outbox(Connection& db, std::int64_t created_before_ms);
std::int64_t delete_expired_tokens(Connection& db, std::int64_t now_ms);
void upsert_digest_entry(Connection& db, const DigestEntry& e);
void delete_digest_entry(Connection& db, std::int64_t player, std::int64_t match);
std::vector<std::int64_t> select_digests_due(Connection& db, std::int64_t gathered_before_ms,
                                             std::int64_t last_before_ms, int limit);
bool mark_digest_taken(Connection& db, std::int64_t player, std::int64_t now_ms,
                       std::int64_t last_before_ms);
std::vector<DigestEntry> take_digest_entries(Connection& db, std::int64_t player);

// What operators did. a.id is ignored; a time_ms of 0 means now. Newest first, at most `limit`,
// ids below `before_id` if given.
void insert_admin_action(Connection& db, const AdminAction& a);
std::vector<AdminAction> select_admin_actions(Connection& db, int limit,
                                              std::optional<std::int64_t> before_id);

// The schema. migrate brings the database up to the backend's schema version in one transaction:
// every migration it lacks, or none of them (migrate.hpp); it throws, leaving the database as it
// was, if a migration fails or the database's schema is newer than this build's. It starts with
// begin_migration, which opens the transaction (and on PostgreSQL takes the lock that stores
// starting at once on one database migrate in turn), and ends with set_schema_version.
void migrate(Connection& db);
void begin_migration(Connection& db);
void set_schema_version(Connection& db, int version);
// The schema's version, as the database holds it: 0 for a database without the store's tables.
// Reading it reaches the database's own storage, as SELECT 1 would not: for Store::ping.
int select_schema_version(Connection& db);
// Writes the schema's version again as it is: a real write that keeps nothing, for
// Store::probe_write. Throws if the database cannot write.
void rewrite_schema_version(Connection& db);
