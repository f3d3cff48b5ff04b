// The tables both backends hold, written once: players, matches, seats, the first form of the
// action log, the history's indexes, the operators' record and the chat. Each backend's migrations
// (its schema.cpp) put them in its own dialect, which fills in the few words the two databases
// say differently: how a table and an index are made (PostgreSQL completes a database somebody
// prepared by hand, so it makes only what is missing), an id that the database assigns, a 64-bit
// integer, bytes kept as they are, and a table stored in the order of its primary key.
//
// These are parts of migrations already run on every database: append only, as the migrations
// are. A table changes by a new migration of each backend, never here.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace tortuga::store {

struct Dialect {
  std::string_view create_table;  // {create_table}
  std::string_view create_index;  // {create_index}
  std::string_view id;            // {id}: an integer key the database assigns
  std::string_view int64;         // {int64}
  std::string_view bytes;         // {bytes}: an action's text, byte for byte
  std::string_view clustered;     // {clustered}: after a table stored in its key's order
  std::string_view real;          // {real}: a 64-bit floating-point number
};

// `sql` with each {word} of the dialect put in.
inline std::string in_dialect(std::string_view sql, const Dialect& d) {
  const std::pair<std::string_view, std::string_view> words[] = {{"{create_table}", d.create_table},
                                                                 {"{create_index}", d.create_index},
                                                                 {"{id}", d.id},
                                                                 {"{int64}", d.int64},
                                                                 {"{bytes}", d.bytes},
                                                                 {"{clustered}", d.clustered},
                                                                 {"{real}", d.real}};
  std::string out(sql);
  for (const auto& [word, said] : words)
    for (auto at = out.find(word); at != std::string::npos; at = out.find(word, at + said.size()))
      out.replace(at, word.size(), said);
  return out;
}

// The parts of one migration, one after the other, each in the dialect.
inline std::string in_dialect(std::initializer_list<std::string_view> parts, const Dialect& d) {
  std::string out;
  for (std::string_view part : parts) out += in_dialect(part, d);
  return out;
}

namespace tables {

inline constexpr std::string_view kPlayers = R"sql(
{create_table} players (
  id {id},
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_ms {int64} NOT NULL
);)sql";

inline constexpr std::string_view kMatches = R"sql(
{create_table} matches (
  id {id},
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed {int64} NOT NULL,  -- the uint64 seed's bits as a signed 64-bit integer
  script TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'aborted')),
  result TEXT NOT NULL,
  created_ms {int64} NOT NULL,
  ended_ms {int64} NOT NULL DEFAULT 0
);)sql";

inline constexpr std::string_view kSeats = R"sql(
{create_table} seats (
  match_id {int64} NOT NULL REFERENCES matches (id),
  seat INTEGER NOT NULL,
  player_id {int64} REFERENCES players (id),
  name TEXT NOT NULL,
  bot TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)
){clustered};)sql";

// The log as both backends first kept it, one table keyed by (match, seq).
inline constexpr std::string_view kActions = R"sql(
{create_table} actions (
  match_id {int64} NOT NULL REFERENCES matches (id),
  seq {int64} NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  action {bytes} NOT NULL,
  time_ms {int64} NOT NULL,
  PRIMARY KEY (match_id, seq)
){clustered};)sql";

// The history's lists, newest first, each from an index: by game, by status, by player.
inline constexpr std::string_view kHistoryIndexes = R"sql(
{create_index} matches_by_game ON matches (game, id);
{create_index} matches_by_status ON matches (status, id);
{create_index} seats_by_player ON seats (player_id, match_id);
)sql";

// What operators did through the admin API, for review: who, when, what.
inline constexpr std::string_view kAdminActions = R"sql(
{create_table} admin_actions (
  id {id},
  time_ms {int64} NOT NULL,
  who TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL
);)sql";

// What was said in a room while its match ran, for the match's history. Read by match only,
// hence the index; a line is never changed once written.
inline constexpr std::string_view kChat = R"sql(
{create_table} chat (
  id {id},
  match_id {int64} NOT NULL REFERENCES matches (id),
  step {int64} NOT NULL CHECK (step >= 0),
  seat INTEGER,
  player_id {int64} REFERENCES players (id),
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  time_ms {int64} NOT NULL
);
{create_index} chat_by_match ON chat (match_id, id);
)sql";

// Accounts and sessions (persistence/accounts.hpp). Every token is a session, one per device; the
// players' own token_hash stays as it was made, their first session's, and is no longer read.
// An account's name_key is unique: the name as the server compares names (look-alikes collide).
inline constexpr std::string_view kAccounts = R"sql(
{create_table} accounts (
  player_id {int64} PRIMARY KEY REFERENCES players (id),
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_ms {int64} NOT NULL,
  disabled_ms {int64} NOT NULL DEFAULT 0
);
{create_table} sessions (
  id {id},
  player_id {int64} NOT NULL REFERENCES players (id),
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL DEFAULT '',
  created_ms {int64} NOT NULL,
  last_used_ms {int64} NOT NULL
);
{create_index} sessions_by_player ON sessions (player_id, id);
)sql";

// Each player's token as it stood, their first session.
inline constexpr std::string_view kFirstSessions = R"sql(
INSERT INTO sessions (player_id, token_hash, label, created_ms, last_used_ms)
  SELECT id, token_hash, '', created_ms, created_ms FROM players ORDER BY id;
)sql";

// Ratings (docs/ratings.md). A match rated, and who began it in each seat and whether they are
// gone from it; each player's rating per game, its board's order in an index; every rated match
// once (unique by match), in the order rated (seq), and each player's part in it: the history, and
// what a rebuild replays.
inline constexpr std::string_view kRatings = R"sql(
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN starter_id {int64} REFERENCES players (id);
ALTER TABLE seats ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET starter_id = player_id;
{create_index} seats_by_starter ON seats (starter_id, match_id);
{create_table} ratings (
  player_id {int64} NOT NULL REFERENCES players (id),
  game TEXT NOT NULL,
  mu {real} NOT NULL,
  sigma {real} NOT NULL,
  rating {real} NOT NULL,
  provisional INTEGER NOT NULL,
  matches {int64} NOT NULL,
  wins {int64} NOT NULL,
  PRIMARY KEY (player_id, game)
);
{create_index} ratings_board ON ratings (game, provisional, rating DESC, player_id);
{create_table} rated_matches (
  seq {id},
  match_id {int64} NOT NULL UNIQUE REFERENCES matches (id),
  game TEXT NOT NULL,
  time_ms {int64} NOT NULL
);
{create_table} rating_changes (
  seq {int64} NOT NULL REFERENCES rated_matches (seq),
  player_id {int64} NOT NULL REFERENCES players (id),
  team INTEGER NOT NULL,
  place INTEGER NOT NULL,
  mu_before {real},
  sigma_before {real},
  mu {real} NOT NULL,
  sigma {real} NOT NULL,
  rating {real} NOT NULL,
  provisional INTEGER NOT NULL,
  PRIMARY KEY (seq, player_id)
);
{create_index} rating_changes_by_player ON rating_changes (player_id, seq);
)sql";

// Correspondence play (persistence/correspondence.hpp): a match's pace, each seat's clock with
// when it runs out (NULL while the rules do not wait for it), indexed so that the clocks due are
// found without holding their rooms; and each player's vacation.
inline constexpr std::string_view kCorrespondence = R"sql(
{create_table} correspondence_paces (
  match_id {int64} PRIMARY KEY REFERENCES matches (id),
  days_per_move INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
  bank_extra_hours INTEGER NOT NULL CHECK (bank_extra_hours >= 0),
  bank_cap_days INTEGER NOT NULL CHECK (bank_cap_days >= 0)
);
{create_table} correspondence_clocks (
  match_id {int64} NOT NULL REFERENCES correspondence_paces (match_id),
  seat INTEGER NOT NULL CHECK (seat >= 0),
  bank_ms {int64} NOT NULL CHECK (bank_ms >= 0),
  waiting INTEGER NOT NULL,
  used_ms {int64} NOT NULL,
  running_from_ms {int64} NOT NULL,
  timeouts INTEGER NOT NULL CHECK (timeouts >= 0),
  due_ms {int64},
  PRIMARY KEY (match_id, seat)
){clustered};
{create_index} correspondence_due ON correspondence_clocks (due_ms) WHERE due_ms IS NOT NULL;
{create_table} vacations (
  player_id {int64} PRIMARY KEY REFERENCES players (id),
  year INTEGER NOT NULL,
  days_used INTEGER NOT NULL CHECK (days_used >= 0),
  from_ms {int64} NOT NULL,
  until_ms {int64} NOT NULL
);
)sql";

// Calling players back (persistence/notifications.hpp): each account's settings, the tokens its
// links carry (hashed), the outbox with each message's lease (who claimed it, until when), and
// the matches waiting for each player's next digest.
inline constexpr std::string_view kNotifications = R"sql(
{create_table} notification_settings (
  player_id {int64} PRIMARY KEY REFERENCES players (id),
  email TEXT NOT NULL,
  email_verified INTEGER NOT NULL,
  email_unsubscribed INTEGER NOT NULL,
  webhook_url TEXT NOT NULL,
  webhook_secret TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('digest', 'immediate', 'off')),
  language TEXT NOT NULL,
  changes_since_ms {int64} NOT NULL,
  changes INTEGER NOT NULL,
  last_digest_ms {int64} NOT NULL
);
{create_table} notification_tokens (
  token_hash TEXT PRIMARY KEY,
  player_id {int64} NOT NULL REFERENCES players (id),
  purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'unsubscribe')),
  email TEXT NOT NULL,
  expires_ms {int64} NOT NULL
);
{create_index} notification_tokens_by_player ON notification_tokens (player_id);
{create_table} notification_outbox (
  id {id},
  player_id {int64} NOT NULL REFERENCES players (id),
  channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  headers TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'failed')),
  due_ms {int64} NOT NULL,
  tries INTEGER NOT NULL,
  lease_owner TEXT NOT NULL,
  lease_until_ms {int64} NOT NULL,
  last_error TEXT NOT NULL,
  created_ms {int64} NOT NULL
);
{create_index} notification_outbox_due ON notification_outbox (due_ms) WHERE state = 'queued';
{create_index} notification_outbox_failed ON notification_outbox (id) WHERE state = 'failed';
{create_index} notification_outbox_by_player ON notification_outbox (player_id);
{create_table} notification_digests (
  player_id {int64} NOT NULL REFERENCES players (id),
  match_id {int64} NOT NULL REFERENCES matches (id),
  room_id {int64} NOT NULL,
  game TEXT NOT NULL,
  deadline_ms {int64} NOT NULL,
  added_ms {int64} NOT NULL,
  PRIMARY KEY (player_id, match_id)
);
)sql";

}  // namespace tables

}  // namespace tortuga::store
