// What the server counts, served at GET /metrics: connections, messages, errors, rooms, matches,
// actions and their timings, the store's batches, bots and timers, and the process itself.
// docs/operations.md says what each metric means.
//
// One instance for the process (server_metrics()), as a Prometheus client library keeps one
// default registry: the counting happens deep in rooms, sessions and the store's writer, and
// threading a reference through every one of them would say nothing more. Label values are fixed
// here, from the games, the message types and the error codes the server knows, plus "other":
// never a room, match or player id.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "server/ops/metrics.hpp"

namespace tortuga {

// Why a WebSocket connection ended.
enum class CloseReason {
  client_close,   // the client closed it, with a close frame or without
  idle_timeout,   // nothing heard, not even a pong, for limits.idle_timeout_s
  slow_client,    // its write queue reached limits.max_write_queue or max_write_queue_bytes
  limit,          // over limits.max_connections or max_connections_per_address
  hello_timeout,  // no hello within limits.hello_timeout_s
  shutdown,       // the server was stopping
  error,          // the socket failed or was reset
  signed_out,     // its session was revoked, or its account disabled
};

// The reason's label value: "client_close", "idle_timeout", ...
const char* close_reason_name(CloseReason reason);

enum class TimerKind { deadline, bot, empty_room, absent_bot };

// Why a dormant room was woken (docs/operations.md, "Dormant rooms").
// `operator_call`: the admin API closing a dormant room or removing a player from it;
// `vacation`: a player's vacation standing its clocks still.
enum class WakeCause { join, watch, sync, act, deadline, operator_call, vacation };

// A limit per player, per address or per member that refused something (docs/operations.md).
enum class Limit {
  connections_per_address,   // a WebSocket over limits.max_connections_per_address
  rooms_per_player,          // create_room over limits.max_rooms_per_player
  rooms_per_address,         // create_room over limits.max_rooms_per_address
  players_per_address,       // a new player over limits.new_players_per_address_per_hour
  mutes_per_member,          // mute over limits.max_mutes_per_member
  rating_reads_per_address,  // the ratings' HTTP reads over rated::kRatingReadsPerMinute
  correspondence_matches,    // a correspondence room over max_matches_per_player
  my_matches_watches,        // watch_my_matches over MyMatchesSettings::watches_per_minute
};

// What became of a request for a replay (server/history/replays.hpp).
enum class ReplayOutcome {
  computed,      // played again from the log, on a replay thread
  kept,          // answered from the cache
  shared,        // answered by a computation another request had started
  busy,          // refused: the queue was full
  rate_limited,  // refused: its address had spent its budget
};

// How a bot's job ended on a thread of the bot pool (server/bots/bot_pool.hpp).
enum class BotOutcome { answered, failed };
// Why a bot's job was dropped: the pool's queue was full (the room asks again after its bot
// pause), its choice came after the match had moved on (the room asks again for the move owed
// now), or the server stopped before it was thought.
enum class BotDrop { queue_full, late, stopped };

// How one try of a notification ended (server/notify/outbox_worker.hpp): sent, to be tried again,
// or given up.
enum class NotificationOutcome { sent, retried, failed };

// What failed for want of the store: a read or a write something needed, or a probe of a store
// known to be failing (StoreHealth).
enum class StoreFailure { read_or_write, probe };

// A game's metrics, looked up once per room.
struct GameMetrics {
  metrics::Counter* actions_applied;  // once stored: the store has committed them
  metrics::Counter* actions_not_stored;
  metrics::Counter* bot_moves;
  metrics::Counter* matches_started;
  metrics::Counter* matches_finished;
  metrics::Counter* matches_abandoned;
  metrics::Histogram* apply_seconds;
  metrics::Histogram* rules_seconds;
  // Rooms of this game by status, in the order of Room::Status: open, starting, playing, over.
  std::array<metrics::Gauge*, 4> rooms;
};

class ServerMetrics {
 public:
  ServerMetrics();

  // The exposition text, served with metrics::kContentType.
  std::string text() const { return registry_.text(); }

  // The game with id `game`, or "other" for an id no game has.
  const GameMetrics& game(std::string_view game) const;

  void connection_accepted() {
    accepted_->add();
    open_->add();
  }
  void connection_closed(CloseReason reason) {
    closed_[static_cast<std::size_t>(reason)]->add();
    open_->sub();
  }
  // `command_index`: the parsed command's index in protocol::Command; any other value (a message
  // refused unread, or one that did not parse) counts as "other".
  void message_received(std::size_t command_index);
  static constexpr std::size_t kUnparsed = static_cast<std::size_t>(-1);
  void error_sent(std::string_view code);
  void rate_limited() { rate_limited_->add(); }
  void queued(std::int64_t messages) { write_queue_->add(messages); }
  void dequeued(std::int64_t messages) { write_queue_->sub(messages); }
  void slow_client_dropped() { slow_clients_->add(); }
  void sessions_ended_by_login(std::size_t n) { sessions_ended_by_login_->add(n); }
  void queued_bytes(std::int64_t bytes) { write_queue_bytes_->add(bytes); }
  void dequeued_bytes(std::int64_t bytes) { write_queue_bytes_->sub(bytes); }
  void limit_refused(Limit limit) { limits_[static_cast<std::size_t>(limit)]->add(); }
  // `secret`: Guesses::Kind's index (join code, admin token).
  void guess_failed(std::size_t secret) { guesses_failed_[secret]->add(); }
  void guess_refused(std::size_t secret) { guesses_refused_[secret]->add(); }
  void origin_refused() { origins_refused_->add(); }
  void timer_fired(TimerKind kind) { timers_[static_cast<std::size_t>(kind)]->add(); }
  void commit_waited(std::chrono::steady_clock::duration wait) {
    commit_wait_->observe(seconds(wait));
  }
  void patch_sent(std::chrono::steady_clock::duration since_action) {
    action_to_patch_->observe(seconds(since_action));
  }
  void replay(ReplayOutcome outcome) { replays_[static_cast<std::size_t>(outcome)]->add(); }
  void replay_computed(std::chrono::steady_clock::duration took) {
    replay_seconds_->observe(seconds(took));
  }
  void replays_now(int running, int queued, std::size_t cached_bytes) {
    replays_running_->set(running);
    replays_queued_->set(queued);
    replay_cache_bytes_->set(static_cast<std::int64_t>(cached_bytes));
  }
  void bot_thought(BotOutcome outcome, std::chrono::steady_clock::duration took) {
    bot_jobs_[static_cast<std::size_t>(outcome)]->add();
    bot_think_seconds_->observe(seconds(took));
  }
  void bot_dropped(BotDrop why) { bot_drops_[static_cast<std::size_t>(why)]->add(); }
  void bots_now(int thinking, int queued) {
    bots_thinking_->set(thinking);
    bots_queued_->set(queued);
  }
  // A history request (entry, replay, match file) for a private match from someone outside it.
  void private_match_hidden() { private_hidden_->add(); }
  void leaderboard_watchers(std::int64_t now) { leaderboard_watchers_->set(now); }
  void my_matches_watchers(std::int64_t now) { my_matches_watchers_->set(now); }
  void match_rated() { matches_rated_->add(); }
  void store_failed(StoreFailure what) { store_failures_[static_cast<std::size_t>(what)]->add(); }
  void store_outage_began() {
    store_outages_->add();
    store_unavailable_->set(1);
  }
  void store_outage_ended() { store_unavailable_->set(0); }
  // A room begins (+1) or ends (-1) waiting for its store.
  void room_waits_for_store(int change) { rooms_waiting_->add(change); }
  // Rooms made (+1) or gone (-1) from memory; dormant rooms kept (+1) or woken or forgotten (-1).
  void rooms_in_memory(int change) { rooms_in_memory_->add(change); }
  void rooms_dormant(int change) { rooms_dormant_->add(change); }
  void room_woken(WakeCause cause) { wakeups_[static_cast<std::size_t>(cause)]->add(); }
  void store_batch(std::size_t writes, std::chrono::steady_clock::duration commit) {
    batch_size_->observe(static_cast<double>(writes));
    batch_commit_->observe(seconds(commit));
  }

  // Notifications (server/notify/): a message queued, a try's outcome, the outbox's rows.
  void notification_queued(bool webhook) { notifications_queued_[webhook]->add(); }
  void notification(bool webhook, NotificationOutcome outcome) {
    notifications_[webhook * 3 + static_cast<std::size_t>(outcome)]->add();
  }
  void notifications_in_outbox(std::int64_t queued, std::int64_t failed) {
    outbox_queued_->set(queued);
    outbox_failed_->set(failed);
  }

  static double seconds(std::chrono::steady_clock::duration d) {
    return std::chrono::duration<double>(d).count();
  }

 private:
  // The families of metrics, registered in the constructor's order.
  void add_connections_metrics(metrics::Registry& r);
  void add_games_metrics(metrics::Registry& r);
  void add_flow_metrics(metrics::Registry& r);
  void add_replays_metrics(metrics::Registry& r);
  void add_bots_metrics(metrics::Registry& r);
  void add_store_metrics(metrics::Registry& r);
  void add_notification_metrics(metrics::Registry& r);
  metrics::Registry registry_;
  std::vector<std::pair<std::string, GameMetrics>> games_;  // the last is "other"
  metrics::Counter* accepted_;
  metrics::Gauge* open_;
  std::vector<metrics::Counter*> closed_;    // by CloseReason
  std::vector<metrics::Counter*> received_;  // by command index, then "other"
  metrics::Family<metrics::Counter>* errors_;
  metrics::Counter* other_error_;
  metrics::Counter* rate_limited_;
  metrics::Gauge* write_queue_;
  metrics::Counter* slow_clients_;
  metrics::Counter* sessions_ended_by_login_;
  metrics::Gauge* write_queue_bytes_;
  std::vector<metrics::Counter*> limits_;  // by Limit
  std::vector<metrics::Counter*> guesses_failed_;
  std::vector<metrics::Counter*> guesses_refused_;
  metrics::Counter* origins_refused_;
  std::vector<metrics::Counter*> timers_;  // by TimerKind
  metrics::Histogram* commit_wait_;
  metrics::Histogram* action_to_patch_;
  metrics::Histogram* batch_size_;
  metrics::Histogram* batch_commit_;
  std::vector<metrics::Counter*> replays_;  // by ReplayOutcome
  metrics::Histogram* replay_seconds_;
  metrics::Gauge* replays_running_;
  metrics::Gauge* leaderboard_watchers_;
  metrics::Gauge* my_matches_watchers_;
  metrics::Counter* matches_rated_;
  metrics::Gauge* replays_queued_;
  metrics::Gauge* replay_cache_bytes_;
  metrics::Counter* private_hidden_;
  std::vector<metrics::Counter*> bot_jobs_;   // by BotOutcome
  std::vector<metrics::Counter*> bot_drops_;  // by BotDrop
  metrics::Histogram* bot_think_seconds_;
  metrics::Gauge* bots_thinking_;
  metrics::Gauge* bots_queued_;
  std::vector<metrics::Counter*> store_failures_;  // by StoreFailure
  metrics::Counter* store_outages_;
  metrics::Gauge* store_unavailable_;
  metrics::Gauge* rooms_waiting_;
  std::vector<metrics::Counter*> notifications_queued_;  // email, webhook
  std::vector<metrics::Counter*> notifications_;  // email's by NotificationOutcome, then webhook's
  metrics::Gauge* outbox_queued_;
  metrics::Gauge* outbox_failed_;
  metrics::Gauge* rooms_in_memory_;
  metrics::Gauge* rooms_dormant_;
  std::vector<metrics::Counter*> wakeups_;  // by WakeCause
};

ServerMetrics& server_metrics();

}  // namespace tortuga
