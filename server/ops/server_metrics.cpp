#include "server/ops/server_metrics.hpp"

#include <utility>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"
#include "rules/core/registry.hpp"
#include "server/ops/process_metrics.hpp"

namespace tortuga {
namespace {

using metrics::Counter;
using metrics::Family;
using metrics::Gauge;
using metrics::Histogram;

constexpr const char* kOther = "other";
constexpr const char* kRoomStatuses[] = {"open", "starting", "playing", "over"};
constexpr const char* kCloseReasons[] = {"client_close", "idle_timeout",  "slow_client",
                                         "limit",        "hello_timeout", "shutdown",
                                         "error",        "signed_out"};
constexpr const char* kLimits[] = {"connections_per_address", "rooms_per_player",
                                   "rooms_per_address",       "players_per_address",
                                   "mutes_per_member",        "rating_reads_per_address",
                                   "correspondence_matches",  "my_matches_watches"};
// As Guesses::Kind (server/lobby/guesses.hpp).
constexpr const char* kSecrets[] = {"join_code", "admin_token", "password", "account_password"};
constexpr const char* kTimerKinds[] = {"deadline", "bot", "empty_room", "absent_bot"};
constexpr const char* kWakeCauses[] = {"join",     "watch",    "sync",    "act",
                                       "deadline", "operator", "vacation"};
constexpr const char* kReplayOutcomes[] = {"computed", "kept", "shared", "busy", "rate_limited"};
constexpr const char* kBotOutcomes[] = {"answered", "failed"};
constexpr const char* kBotDrops[] = {"queue_full", "late", "stopped"};
constexpr const char* kStoreFailures[] = {"read_or_write", "probe"};

// The wire name of every client message type, in the order of protocol::Command.
template <std::size_t... I>
std::vector<std::string> command_types(std::index_sequence<I...>) {
  return {std::string(protocol::type_name(protocol::Command(std::in_place_index<I>)))...};
}

template <class Metric, std::size_t N>
std::vector<Metric*> one_per(Family<Metric>& family, const char* const (&values)[N]) {
  std::vector<Metric*> series;
  for (const char* value : values) series.push_back(&family.add({value}));
  return series;
}

}  // namespace

ServerMetrics::ServerMetrics() {
  metrics::Registry& r = registry_;
  // In this order on /metrics.
  add_connections_metrics(r);
  add_games_metrics(r);
  add_flow_metrics(r);
  add_replays_metrics(r);
  add_bots_metrics(r);
  add_store_metrics(r);
  add_notification_metrics(r);
  register_process_metrics(r);
}

// Connections, and the messages they send and are sent.
void ServerMetrics::add_connections_metrics(metrics::Registry& r) {
  accepted_ = &r.counter("tortuga_connections_accepted_total",
                         "WebSocket connections accepted (upgraded), over the limit or not.");
  open_ = &r.gauge("tortuga_connections_open", "WebSocket connections open now.");
  closed_ = one_per(r.counters("tortuga_connections_closed_total",
                               "WebSocket connections closed, by reason.", {"reason"}),
                    kCloseReasons);

  auto& received =
      r.counters("tortuga_messages_received_total",
                 "Client messages received, by type; \"other\" for a message refused unread "
                 "(rate limited, too large, binary) or that did not parse.",
                 {"type"});
  for (const auto& type :
       command_types(std::make_index_sequence<std::variant_size_v<protocol::Command>>()))
    received_.push_back(&received.add({type}));
  received_.push_back(&received.add({kOther}));

  errors_ = &r.counters("tortuga_errors_sent_total", "Error messages sent to clients, by code.",
                        {"code"});
  for (std::string_view code : protocol::kAllCodes) errors_->add({std::string(code)});
  other_error_ = &errors_->add({kOther});
  rate_limited_ = &r.counter("tortuga_messages_rate_limited_total",
                             "Client messages dropped by the per-connection rate limit.");
}

// Each game's rooms, matches and actions.
void ServerMetrics::add_games_metrics(metrics::Registry& r) {
  auto& rooms = r.gauges("tortuga_rooms", "Rooms held, by game and status.", {"game", "status"});
  auto& actions = r.counters("tortuga_actions_applied_total",
                             "Actions applied to matches and stored, counted once the store has "
                             "committed them, by game: players', bots' and timeouts.",
                             {"game"});
  auto& not_stored =
      r.counters("tortuga_actions_not_stored_total",
                 "Actions applied whose write the store failed, by game: nobody was shown them, "
                 "their match waited for the store and went on from what it holds.",
                 {"game"});
  auto& bots = r.counters("tortuga_bot_moves_total", "Actions played by bots, by game.", {"game"});
  auto& started =
      r.counters("tortuga_matches_started_total", "Matches started, by game.", {"game"});
  auto& finished = r.counters("tortuga_matches_finished_total",
                              "Matches played to their end, by game.", {"game"});
  auto& abandoned =
      r.counters("tortuga_matches_abandoned_total",
                 "Matches ended without a result (stored as aborted), by game.", {"game"});
  auto& apply = r.histograms("tortuga_action_apply_seconds",
                             "Time to apply an action: the rules' check and change, and every "
                             "audience's patch. By game.",
                             {"game"});
  auto& rules = r.histograms("tortuga_action_rules_seconds",
                             "Time the rules take to check and apply an action, refused or not: "
                             "the part of tortuga_action_apply_seconds that is the game's own. "
                             "By game.",
                             {"game"});
  std::vector<std::string> games;
  for (const Game* g : all_games()) games.push_back(g->info().id);
  games.push_back(kOther);
  for (const std::string& game : games) {
    GameMetrics m{&actions.add({game}),
                  &not_stored.add({game}),
                  &bots.add({game}),
                  &started.add({game}),
                  &finished.add({game}),
                  &abandoned.add({game}),
                  &apply.add({game}, metrics::duration_buckets()),
                  &rules.add({game}, metrics::duration_buckets()),
                  {}};
    for (std::size_t s = 0; s < m.rooms.size(); ++s)
      m.rooms[s] = &rooms.add({game, kRoomStatuses[s]});
    games_.emplace_back(game, m);
  }
}

// An action's way to the store and back, the write queues, and the limits.
void ServerMetrics::add_flow_metrics(metrics::Registry& r) {
  commit_wait_ = &r.histogram("tortuga_action_commit_wait_seconds",
                              "Time from handing an action to the store to its commit.",
                              metrics::duration_buckets());
  action_to_patch_ =
      &r.histogram("tortuga_action_to_patch_seconds",
                   "Time from applying an action to handing its patches to the connections.",
                   metrics::duration_buckets());
  batch_size_ =
      &r.histogram("tortuga_store_batch_writes", "Writes per store transaction (group commit).",
                   metrics::doubling_buckets(1024));
  batch_commit_ =
      &r.histogram("tortuga_store_batch_commit_seconds",
                   "Time to run and commit one store transaction.", metrics::duration_buckets());
  write_queue_ = &r.gauge("tortuga_write_queue_messages",
                          "Messages waiting in connections' write queues, all together.");
  slow_clients_ = &r.counter("tortuga_slow_clients_dropped_total",
                             "Connections closed because their write queue was full.");
  sessions_ended_by_login_ =
      &r.counter("tortuga_sessions_ended_by_login_total",
                 "Sessions ended because their player logged in on a device more than "
                 "limits.max_sessions_per_player allow: the sessions used longest ago.");
  write_queue_bytes_ =
      &r.gauge("tortuga_write_queue_bytes",
               "Bytes of the messages waiting in connections' write queues, all together (a "
               "message shared by a broadcast counted once for each connection holding it).");
  limits_ = one_per(r.counters("tortuga_limits_refused_total",
                               "Requests and connections refused by a limit per address, per "
                               "player or per member, by limit.",
                               {"limit"}),
                    kLimits);
  guesses_failed_ = one_per(r.counters("tortuga_guesses_failed_total",
                                       "Wrong guesses of a secret: a join code that names no "
                                       "room, an admin token that is not the token, a wrong "
                                       "password (counted by address, and by account). By secret.",
                                       {"secret"}),
                            kSecrets);
  guesses_refused_ =
      one_per(r.counters("tortuga_guesses_refused_total",
                         "Guesses of a secret refused unheard, from an address made to wait "
                         "after its wrong guesses. By secret.",
                         {"secret"}),
              kSecrets);
  origins_refused_ = &r.counter("tortuga_websocket_origins_refused_total",
                                "WebSocket upgrades refused because their Origin is not allowed.");
  timers_ = one_per(r.counters("tortuga_timers_fired_total",
                               "Room timers fired, by kind: a deadline, a bot's pause, or a bot "
                               "taking an absent player's seat.",
                               {"timer"}),
                    kTimerKinds);
}

// Replays, and the history kept private.
void ServerMetrics::add_replays_metrics(metrics::Registry& r) {
  replays_ =
      one_per(r.counters("tortuga_replays_total",
                         "Replay requests (HTTP and WebSocket) by outcome: computed from the "
                         "log, kept (from the cache), shared (with a computation under "
                         "way), or refused as busy or rate_limited.",
                         {"outcome"}),
              kReplayOutcomes);
  replay_seconds_ = &r.histogram("tortuga_replay_seconds",
                                 "Time to compute one replay from a match's log, on a replay "
                                 "thread.",
                                 metrics::duration_buckets());
  replays_running_ = &r.gauge("tortuga_replays_running", "Replays being computed now.");
  replays_queued_ = &r.gauge("tortuga_replays_queued", "Replays waiting for a replay thread.");
  replay_cache_bytes_ =
      &r.gauge("tortuga_replay_cache_bytes", "Bytes of replays kept to answer again.");
  leaderboard_watchers_ = &r.gauge("tortuga_leaderboard_watchers",
                                   "Connections watching a leaderboard (one board each).");
  my_matches_watchers_ = &r.gauge("tortuga_my_matches_watchers",
                                  "Connections watching their player's running matches.");
  matches_rated_ = &r.counter("tortuga_matches_rated_total",
                              "Finished rated matches whose ratings this node stored.");
  private_hidden_ = &r.counter("tortuga_private_matches_hidden_total",
                               "History requests (entry, replay, match file) for a private match "
                               "from someone neither seated in it nor giving its code, answered "
                               "as for no such match.");
}

// The bots' thinking, on the bot pool's threads.
void ServerMetrics::add_bots_metrics(metrics::Registry& r) {
  bot_jobs_ = one_per(r.counters("tortuga_bot_jobs_total",
                                 "Bots' moves thought on the bot pool, by outcome: answered with "
                                 "a choice, or failed (the room then plays the first legal action "
                                 "the rules accept).",
                                 {"outcome"}),
                      kBotOutcomes);
  bot_drops_ = one_per(r.counters("tortuga_bot_jobs_dropped_total",
                                  "Bots' moves dropped, by reason: queue_full (refused; the room "
                                  "asks again after its bot pause), late (the match moved on "
                                  "while the bot thought; the room asks for the move owed now), "
                                  "stopped (the server stopped first).",
                                  {"reason"}),
                       kBotDrops);
  bot_think_seconds_ =
      &r.histogram("tortuga_bot_think_seconds", "Time a bot's move took to think, on a bot thread.",
                   metrics::duration_buckets());
  bots_thinking_ = &r.gauge("tortuga_bot_jobs_thinking", "Bots' moves being thought now.");
  bots_queued_ = &r.gauge("tortuga_bot_queue_depth", "Bots' moves waiting for a bot thread.");
}

// The store's outages.
void ServerMetrics::add_store_metrics(metrics::Registry& r) {
  store_failures_ =
      one_per(r.counters("tortuga_store_failures_total",
                         "Store reads and writes failed for want of the database (restarting, "
                         "stopped, out of reach, its disk full): \"read_or_write\" for those "
                         "something needed, \"probe\" for the probes of a store known to fail.",
                         {"what"}),
              kStoreFailures);
  store_outages_ = &r.counter("tortuga_store_outages_total",
                              "Outages of the store: times it began to fail, after writing.");
  store_unavailable_ = &r.gauge("tortuga_store_unavailable",
                                "1 while the store fails (an outage, until a probe write "
                                "commits), else 0.");
  rooms_waiting_ = &r.gauge("tortuga_rooms_waiting_for_store",
                            "Rooms whose match waits for the store to write again.");
  rooms_in_memory_ = &r.gauge("tortuga_rooms_in_memory",
                              "Rooms held in memory: open, playing or over, dormant ones not.");
  rooms_dormant_ = &r.gauge("tortuga_rooms_dormant",
                            "Running matches' rooms out of memory until someone asks for them or "
                            "their next deadline nears (limits.dormant_after_s).");
  wakeups_ =
      one_per(r.counters("tortuga_room_wakeups_total",
                         "Dormant rooms rebuilt from the store, by what woke them.", {"cause"}),
              kWakeCauses);
}

// Calling players back: the outbox's messages and what became of each try.
void ServerMetrics::add_notification_metrics(metrics::Registry& r) {
  auto& queued = r.counters("tortuga_notifications_queued_total",
                            "Notifications this node put in the outbox, by channel.", {"channel"});
  auto& tries = r.counters("tortuga_notifications_total",
                           "Tries to send a notification, by channel and outcome: sent, retried "
                           "(to be tried again after a pause), failed (given up).",
                           {"channel", "outcome"});
  for (const char* channel : {"email", "webhook"}) {
    notifications_queued_.push_back(&queued.add({channel}));
    for (const char* outcome : {"sent", "retried", "failed"})
      notifications_.push_back(&tries.add({channel, outcome}));
  }
  auto& outbox = r.gauges("tortuga_notifications_outbox",
                          "Messages in the outbox (every node's), by state: queued (waiting to "
                          "be sent or tried again) and failed (given up).",
                          {"state"});
  outbox_queued_ = &outbox.add({"queued"});
  outbox_failed_ = &outbox.add({"failed"});
}

const GameMetrics& ServerMetrics::game(std::string_view game) const {
  for (const auto& [id, m] : games_)
    if (id == game) return m;
  return games_.back().second;
}

void ServerMetrics::message_received(std::size_t command_index) {
  received_[std::min(command_index, received_.size() - 1)]->add();
}

void ServerMetrics::error_sent(std::string_view code) {
  Counter* counter = errors_->find({code});
  (counter ? counter : other_error_)->add();
}

const char* close_reason_name(CloseReason reason) {
  return kCloseReasons[static_cast<std::size_t>(reason)];
}

ServerMetrics& server_metrics() {
  static ServerMetrics instance;
  return instance;
}

}  // namespace tortuga
