// The Config as each part of the server takes it: the store's options, the lobby's limits, each
// room's settings. `serve` starts the parts through these, and the config test checks them, so
// that a setting read from the file or a flag is known to reach the part it is for.
#pragma once

#include "persistence/open_store.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/config.hpp"
#include "server/room/room.hpp"

namespace tortuga {

inline store::StoreOptions store_options(const Config& c) {
  store::StoreOptions options;
  options.sqlite.synchronous_full = c.synchronous_full;
  options.sqlite.writer.commit_delay_us = c.commit_delay_us;
  options.postgres.writer.commit_delay_us = c.commit_delay_us;
  return options;
}

inline ReplayLimits replay_limits(const Config& c) {
  return ReplayLimits{c.limits.replay_threads, c.limits.replay_queue, c.limits.replay_cache_bytes,
                      c.limits.replays_per_minute, c.limits.replay_burst};
}

inline LobbyLimits lobby_limits(const Config& c) {
  LobbyLimits limits{c.limits.max_rooms,
                     std::chrono::milliseconds(Config::kLobbyGatherMs),
                     c.limits.max_options_bytes,
                     replay_limits(c),
                     c.limits.max_rooms_per_player,
                     c.limits.max_rooms_per_address,
                     c.limits.new_players_per_address_per_hour,
                     {c.limits.free_guesses, c.limits.guess_backoff_max_s, c.limits.guess_report_s},
                     limits_for_clients(c.limits)};
  limits.max_sessions_per_player = c.limits.max_sessions_per_player;
  limits.dormancy = {std::chrono::seconds(c.limits.dormant_after_s),
                     std::chrono::seconds(c.limits.dormant_lookahead_s)};
  return limits;
}

inline RoomSettings room_settings(const Config& c) {
  RoomSettings settings{c.bot_delay_ms,
                        nullptr,
                        c.limits.empty_room_timeout_s,
                        c.absent_bot_s,
                        c.limits.empty_open_room_timeout_s,
                        c.limits.max_mutes_per_member};
  settings.correspondence_rules = c.correspondence;
  return settings;
}

}  // namespace tortuga
