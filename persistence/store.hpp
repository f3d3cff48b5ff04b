// The match store: players, matches and their action logs, behind an interface with two backends
// (SQLite, for a node alone; PostgreSQL, for several nodes), so that rooms and rules never know
// which.
//
// The store knows matches and actions, not games: options, scripts, actions and results are JSON
// text that it keeps verbatim. Options + seed + script + action log reproduce a match exactly.
//
// Every call is answered with an Outcome (outcome.hpp): what was asked for, or a Failure saying
// why not. Writes go through one ordered queue. Asynchronous writes answer through a callback
// that runs on the store's writer thread only after the transaction holding the write has
// committed (or with the write's Failure): a room that waits for its Done before sending never
// shows anybody an effect that is not yet stored. Keep these callbacks short (post to a strand);
// they must not throw and must not call the store's blocking methods or flush(). Blocking writes
// take the same queue, so every write is applied in the order it was queued. Every method may be
// called from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/accounts.hpp"
#include "persistence/correspondence.hpp"
#include "persistence/notifications.hpp"
#include "persistence/outcome.hpp"
#include "persistence/rating_records.hpp"

namespace tortuga::store {

enum class MatchStatus { running, finished, aborted };

// A status as the tables, the history and its filters write it: "running", "finished",
// "aborted"; and back, none for a word that is not a status.
constexpr std::string_view status_name(MatchStatus status) {
  switch (status) {
    case MatchStatus::running:
      return "running";
    case MatchStatus::finished:
      return "finished";
    case MatchStatus::aborted:
      return "aborted";
  }
  return "running";
}
constexpr std::optional<MatchStatus> status_named(std::string_view name) {
  for (MatchStatus s : {MatchStatus::running, MatchStatus::finished, MatchStatus::aborted})
    if (status_name(s) == name) return s;
  return std::nullopt;
}

struct Player {
  std::int64_t id = 0;
  std::string name;
  // hash_token() of the player's secret token; the token is never stored. Made with the player,
  // the player's first session; read by a token, that token's.
  std::string token_hash;
  std::int64_t created_ms = 0;
  std::int64_t session = 0;  // made with the player: its first session's id
  // Whether the player is an account (the accounts table has it), not a guest: only accounts'
  // matches are rated.
  bool account = false;
};

// Whom a token speaks for: the player, the token's session, and the player's account if any.
struct SignedIn {
  Player player;
  Session session;
  std::optional<Account> account;
};

struct Seat {
  int seat = 0;
  std::optional<std::int64_t> player_id;  // empty for a bot or a guest
  std::string name;
  std::string bot;  // "" for a person, else the bot kind, e.g. "random" or "smart"
};

struct Match {
  std::int64_t id = 0;
  std::string game;
  std::string options_json = "{}";
  std::uint64_t seed = 0;
  std::string script_json = "[]";
  std::vector<Seat> seats;
  MatchStatus status = MatchStatus::running;
  std::string result_json = "null";
  std::int64_t created_ms = 0;
  std::int64_t ended_ms = 0;
  std::int64_t action_count = 0;  // filled on reads
  // A private room's code, so that a match resumed after a restart stays private and its code
  // still finds it; empty for a public room. A private match's history (its entry, replay and
  // chat) is its players' and those who give the code, unless public_when_over says its room
  // made it everyone's once it is over.
  std::string private_code;
  bool public_when_over = false;
  // Whether the match is rated (docs/ratings.md): once it has finished, its ranking updates its
  // players' ratings, exactly once.
  bool rated = false;
  // On a cluster (several nodes on one PostgreSQL): the room the match is played in, which
  // create_match makes the room's match in the same transaction, and the room's ownership epoch,
  // which every append to the match's log must name (Action::epoch). 0 and 0 for a node alone;
  // SQLite ignores both.
  std::int64_t room = 0;
  std::int64_t epoch = 0;
  // The seats the rules wait for now, and when the rules' own wait for them runs out (ms since
  // the epoch; 0 for none): written by create_match and by each append_action (Action::awaiting),
  // so that "my matches" (docs/protocol.md#watch_my_matches) is read from the store, whether the
  // match's room is in memory, dormant or another node's. A correspondence match's deadlines are
  // its clocks' (correspondence.hpp), not awaiting_due_ms.
  std::vector<int> awaiting = {};
  std::int64_t awaiting_due_ms = 0;
};

struct Action {
  std::int64_t match = 0;
  std::int64_t seq = 0;  // 1, 2, 3... per match, without gaps
  int seat = 0;
  std::string action_json;
  std::int64_t time_ms = 0;
  // The ownership epoch of the node that appends (Match::epoch): PostgreSQL refuses the append
  // unless the match's epoch is still this one, so that a node whose rooms were taken over can
  // never write again (fencing). SQLite, with one node, ignores it.
  std::int64_t epoch = 0;
  // What the match awaits after this action (Match::awaiting, Match::awaiting_due_ms), written
  // with it in the same transaction; not read back with the log.
  std::vector<int> awaiting = {};
  std::int64_t awaiting_due_ms = 0;
};

// A line said in a room while a match ran there, kept with the match for its history: at which
// step (the number of actions applied when it was said), by whom, and the text as it was sent.
struct ChatLine {
  std::int64_t match = 0;
  std::int64_t step = 0;
  std::optional<int> seat;             // empty for a spectator
  std::optional<std::int64_t> player;  // the speaker's player id
  std::string name;                    // the speaker's name when it was said
  std::string text;
  std::int64_t time_ms = 0;
};

// What an operator did through the admin API, kept for review: who (the admin, named by a
// fingerprint of the token used), when, what, and its details as JSON text.
struct AdminAction {
  std::int64_t id = 0;  // filled on reads
  std::int64_t time_ms = 0;
  std::string who;     // "admin:" and the token's fingerprint
  std::string action;  // "close_room", "remove_player", "notice", "drain"
  std::string detail_json = "{}";
};

struct MatchFilter {
  std::optional<std::string> game;
  std::optional<std::int64_t> player;  // matches where this player holds a seat
  std::optional<MatchStatus> status;
  int limit = 50;                         // clamped to [1, kMaxListLimit]
  std::optional<std::int64_t> before_id;  // paging: only ids lower than this
  // Whose list it is. A private match (Match::private_code) is listed only to a player seated in
  // it (`reader`), or to anyone once it is over if it is public_when_over; with `with_private`,
  // every match is (for the operator).
  std::optional<std::int64_t> reader;
  bool with_private = false;
};

inline constexpr int kMaxListLimit = 1000;

// Called once per asynchronous write, on the writer thread, after its transaction committed, or
// with the write's Failure.
using Done = std::function<void(const Outcome<void>& written)>;
// The same for a new match, with its id, and a new player, with theirs.
using Created = std::function<void(const Outcome<std::int64_t>& match)>;
using PlayerCreated = std::function<void(const Outcome<Player>& player)>;
// ... a new account, a new session, and sessions revoked.
using AccountCreated = std::function<void(const Outcome<Registered>& registered)>;
using SessionAdded = std::function<void(const Outcome<NewSession>& session)>;
using SessionsRevoked = std::function<void(const Outcome<Revoked>& revoked)>;

class Store {
 public:
  virtual ~Store() = default;

  // Blocking: returns after commit, with the player's id.
  virtual Outcome<Player> create_player(const std::string& name, const std::string& token_hash) = 0;
  // The same, without waiting: for a thread that serves others meanwhile (a connection's).
  virtual void create_player(const std::string& name, const std::string& token_hash,
                             PlayerCreated created) = 0;
  // The player whose session holds that token, none for a revoked token or a disabled account.
  virtual Outcome<std::optional<Player>> player_by_token_hash(const std::string& hash) = 0;
  virtual Outcome<std::optional<Player>> player(std::int64_t id) = 0;
  // Refused for a player that does not exist.
  virtual void rename_player(std::int64_t id, const std::string& name, Done done) = 0;

  // Accounts and sessions (accounts.hpp). create_account makes the account, and its device's
  // session, in one transaction; answered name_taken when another account has the name's key,
  // has_account when the player has one already (nothing is stored then), and refused for a
  // player that does not exist.
  virtual void create_account(const NewAccount& account, AccountCreated created) = 0;
  virtual Outcome<std::optional<Account>> account_by_key(const std::string& name_key) = 0;
  virtual Outcome<std::optional<Account>> account(std::int64_t player) = 0;
  // Whom a token speaks for (a disabled account's too: the caller says why it is refused).
  virtual Outcome<std::optional<SignedIn>> signed_in(const std::string& token_hash) = 0;
  // A new session (a login on a device); refused for a player that does not exist. Should the
  // player then hold more than `most` sessions (0: no bound), those used longest ago (by
  // last_used_ms, then the oldest) are deleted in the same transaction, and answered as ended.
  virtual void add_session(std::int64_t player, const std::string& token_hash,
                           const std::string& label, int most, SessionAdded added) = 0;
  // The session was used (a hello with its token) at `used_ms`.
  virtual void touch_session(std::int64_t session, std::int64_t used_ms, Done done) = 0;
  // The player's sessions, oldest first.
  virtual Outcome<std::vector<Session>> sessions(std::int64_t player) = 0;
  // Deletes sessions (and changes the password) as `r` says; answers the ids deleted. A password
  // change for a player without an account is refused.
  virtual void revoke_sessions(const Revocation& r, SessionsRevoked revoked) = 0;
  // Disables (a time, not 0) or enables (0) an account; refused for a player without one.
  virtual void set_account_disabled(std::int64_t player, std::int64_t disabled_ms, Done done) = 0;

  // Blocking: returns the new id after commit (seats included). m.id and m.action_count are
  // ignored; a created_ms of 0 means now.
  virtual Outcome<std::int64_t> create_match(const Match& m) = 0;
  // The same, without waiting: for a thread that serves others meanwhile (a room's).
  virtual void create_match(const Match& m, Created created) = 0;
  // Group commit. Refused (alone) for a duplicate (match, seq), a gap in seq, an unknown match, a
  // match that has ended, or (PostgreSQL) a match whose epoch is no longer a.epoch.
  virtual void append_action(const Action& a, Done done) = 0;
  // Ends a running match as finished or aborted; refused if the match is unknown or no longer
  // running, or if `status` is running.
  virtual void finish_match(std::int64_t id, MatchStatus status, const std::string& result_json,
                            std::int64_t ended_ms, Done done) = 0;
  // Gives a seat of a running match to someone else (a bot, when a player was removed), so that
  // a restart rebuilds the match with the seat as it is now. Refused if the match is not running
  // or has no such seat.
  virtual void replace_seat(std::int64_t match, const Seat& seat, Done done) = 0;
  // Whether the player who began the match at `seat` is gone from it (left, a stand-in playing
  // for them) or back: a seat gone when its match finishes ranks last in a rated match, and
  // counts against its player's finish rate. Refused if the match is not running or has no
  // such seat.
  virtual void mark_seat_gone(std::int64_t match, int seat, bool gone, Done done) = 0;
  // Rates a finished match once: in one transaction, records the match (unique by match id),
  // reads each player's skill in `game` before, lets `rate` fill the changes, and stores the new
  // ratings and the history. Answers false, changing nothing, if the match was rated before.
  virtual void rate_match(std::int64_t match, const std::string& game,
                          std::vector<RatingChange> placings, Rate rate, Rated rated) = 0;
  // Recomputes every rating from the stored history: `replay` refills every rated match's
  // changes, in the order they were rated, and the ratings become its final figures; blocking.
  virtual Outcome<RebuildReport> rebuild_ratings(Replay replay) = 0;
  // Correspondence play (correspondence.hpp). Writes a match's pace and every seat's clock,
  // replacing what was stored of them; refused for a match that is not running.
  virtual void save_correspondence(const CorrespondenceClocks& clocks, Done done) = 0;
  // Writes a player's vacation; refused for a player that does not exist.
  virtual void save_vacation(std::int64_t player, const Vacation& vacation, Done done) = 0;
  // Calling players back (notifications.hpp); blocking, for threads of their own (the
  // notifier's, a settings request's). Settings are an account's: saving them is refused for a
  // player without one.
  virtual Outcome<std::optional<NotificationSettings>> notification_settings(
      std::int64_t player) = 0;
  virtual Outcome<void> save_notification_settings(const NotificationSettings& s) = 0;
  virtual Outcome<void> add_notification_token(const NotificationToken& t) = 0;
  // Redeems a link's token unexpired at `now_ms`, in one transaction with its effect: a
  // verification (used once) marks its address verified if the account still has it; an
  // unsubscribe marks the account's address unsubscribed. None for an unknown, used or expired
  // token, or one whose address the account no longer has.
  virtual Outcome<std::optional<Redeemed>> redeem_notification_token(const std::string& hash,
                                                                     std::int64_t now_ms) = 0;
  // Queues a message (m.id, tries and state ignored); answers its id.
  virtual Outcome<std::int64_t> queue_notification(const OutboxMessage& m) = 0;
  // Leases to `owner`, until now + lease_ms, at most `limit` queued messages due by `now_ms`
  // that nobody holds (their lease expired), counting a try for each; earliest due first. On a
  // cluster two nodes never hold the same message at once.
  virtual Outcome<std::vector<OutboxMessage>> claim_notifications(const std::string& owner,
                                                                  std::int64_t now_ms,
                                                                  std::int64_t lease_ms,
                                                                  int limit) = 0;
  // Settles a claimed message; false (nothing written) if `owner` no longer holds its lease.
  virtual Outcome<bool> settle_notification(std::int64_t id, const std::string& owner,
                                            const Settlement& s) = 0;
  // A player's messages, oldest first (for the operator and the tests).
  virtual Outcome<std::vector<OutboxMessage>> outbox(std::int64_t player) = 0;
  virtual Outcome<OutboxCounts> outbox_counts() = 0;
  // Forgets what is done with: messages settled (sent or given up) queued more than `keep_ms`
  // ago (by the store's clock, which stamps them), and links' tokens expired by `now_ms`.
  // Answers how many rows went.
  virtual Outcome<std::int64_t> prune_notifications(std::int64_t keep_ms, std::int64_t now_ms) = 0;
  // A match waiting for a player, for their next digest (replacing what was kept of it), and
  // one that no longer waits for them.
  virtual Outcome<void> add_digest_entry(const DigestEntry& e) = 0;
  virtual Outcome<void> remove_digest_entry(std::int64_t player, std::int64_t match) = 0;
  // Players with an entry added before `gathered_before_ms` whose last digest was before
  // `last_before_ms`; at most `limit`.
  virtual Outcome<std::vector<std::int64_t>> digests_due(std::int64_t gathered_before_ms,
                                                         std::int64_t last_before_ms,
                                                         int limit) = 0;
  // In one transaction, if the player's last digest is still before `last_before_ms`: records
  // `now_ms` as their last, takes their entries and queues what `compose` makes of them. Answers
  // how many messages were queued; 0 when another node took the digest first.
  virtual Outcome<int> take_digest(std::int64_t player, std::int64_t now_ms,
                                   std::int64_t last_before_ms, const ComposeDigest& compose) = 0;
  // Keeps a chat line with its match. Refused if the match is unknown.
  virtual void append_chat(const ChatLine& line, Done done) = 0;
  // Blocks until every write queued before the call has committed and its Done has run.
  virtual void flush() = 0;

  virtual void record_admin_action(const AdminAction& a, Done done) = 0;
  // Newest first; at most `limit` (clamped to [1, kMaxListLimit]), ids below `before_id` if given.
  virtual Outcome<std::vector<AdminAction>> admin_actions(
      int limit, std::optional<std::int64_t> before_id) = 0;

  // A cheap query that reaches the database: whether the store answers now. For readiness.
  virtual bool ping() = 0;
  // A write that keeps nothing (it writes the schema's version again, as it is), queued and
  // committed as every other write is: whether the store can write now. A database that answers
  // reads may still refuse writes (a full disk, a read-only file), and readiness, or a room
  // waiting for its store, needs to know that.
  virtual void probe_write(Done done) = 0;

  // Reads see committed writes only. A read that fails is a Failure (Failure::unavailable), so
  // that an empty answer always means that nothing is stored.
  virtual Outcome<std::vector<Match>> list_matches(const MatchFilter& f) = 0;  // newest first
  virtual Outcome<std::optional<Match>> match(std::int64_t id) = 0;
  virtual Outcome<std::vector<Action>> actions(std::int64_t match) = 0;  // in seq order
  // Status running, oldest first.
  virtual Outcome<std::vector<Match>> unfinished_matches() = 0;
  virtual Outcome<std::vector<ChatLine>> chat(std::int64_t match) = 0;  // in the order said
  // A match's clocks, seats in order; none for a match not played by correspondence.
  virtual Outcome<std::optional<CorrespondenceClocks>> correspondence(std::int64_t match) = 0;
  // The clocks of running matches that run out by `by_ms`, earliest first (then by match and
  // seat), at most `limit` (clamped to [1, kMaxListLimit]).
  virtual Outcome<std::vector<DueClock>> correspondence_due(std::int64_t by_ms, int limit) = 0;
  // A player's vacation; all zero for one who never took any.
  virtual Outcome<Vacation> vacation(std::int64_t player) = 0;

  // Ratings. The finished rated matches not yet rated, oldest first (or only `match`).
  virtual Outcome<std::vector<MatchToRate>> matches_to_rate(std::optional<std::int64_t> match) = 0;
  // A game's ratings best first (settled before provisional, then by rating, then by player);
  // limit clamped to [1, kMaxListLimit].
  virtual Outcome<std::vector<RatingEntry>> leaderboard(const std::string& game, int limit,
                                                        std::int64_t offset) = 0;
  virtual Outcome<std::vector<RatingEntry>> player_ratings(std::int64_t player) = 0;
  // The player's rating in `game` after each rated match, oldest first, the latest `limit`.
  virtual Outcome<std::vector<RatingPoint>> rating_history(std::int64_t player,
                                                           const std::string& game, int limit) = 0;
  virtual Outcome<FinishRecord> finish_record(std::int64_t player) = 0;
  // Players whose name begins with `prefix` (case-insensitive for ASCII), by name; at most
  // `limit` (clamped to [1, kMaxListLimit]).
  virtual Outcome<std::vector<Player>> players_named(const std::string& prefix, int limit) = 0;
};

}  // namespace tortuga::store
