// Rooms made again (lobby.hpp: recover, rebuild, reopen): a node alone rebuilds its unfinished
// matches at its start, exactly as a cluster node rebuilds those it takes over; a cluster node
// also makes again the open rooms a stopping node left.
#include <stdexcept>
#include <utility>
#include <vector>

#include "persistence/now.hpp"
#include "rules/core/registry.hpp"
#include "server/history/match_file.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {

std::shared_ptr<Room> Lobby::rebuild(const store::Match& m, std::int64_t room_id,
                                     Ownership ownership) {
  const Game* game = find_game(m.game);
  auto replayed = game ? replay(match_file_of(m, store_.actions(m.id).value()))
                       : Expected<std::unique_ptr<State>>(Error{"", "unknown game " + m.game});
  if (!replayed) {
    TORTUGA_LOG_AT(
        error, log::Context("match_aborted").match(m.id).field("game", m.game),
        "match " << m.id << " cannot be rebuilt, marked aborted: " << replayed.error().message);
    store_.finish_match(m.id, store::MatchStatus::aborted, "null", store::now_ms(), nullptr);
    server_metrics().game(m.game).matches_abandoned->add();
    return nullptr;
  }
  std::unique_ptr<State> state = std::move(*replayed);
  if (state->is_over()) {  // the last action was stored, the result not yet
    store_.finish_match(m.id, store::MatchStatus::finished, state->result().dump(), store::now_ms(),
                        nullptr);
    return nullptr;
  }
  auto room = std::make_shared<Room>(io_, store_, *this, settings_, room_id, *game, m,
                                     std::move(state), ownership);
  // A match played by correspondence goes on with its clocks as stored: its deadlines as they were.
  if (auto clocks = store_.correspondence(m.id).value()) room->resume_clocks(std::move(*clocks));
  // Running before anything can end it: a rebuilt match counts whether the node drains or not.
  drain_.resumed(room_id);
  room->resume_timers();
  std::vector<std::int64_t> seated;
  for (const auto& s : m.seats)
    if (s.player_id) seated.push_back(*s.player_id);
  rooms_.add(room, m.id, seated);
  return room;
}

bool Lobby::keep_dormant(const store::Match& m, std::int64_t room_id, Ownership ownership) {
  const Game* game = find_game(m.game);
  if (!game || !limits_.dormancy.on()) return false;
  const std::optional<store::CorrespondenceClocks> clocks = store_.correspondence(m.id).value();
  if (!clocks) return false;  // played live: its clocks are the room's, in memory only
  std::optional<DormantRoom> dormant = dormant_as_stored(
      *game, m, *clocks, settings_, limits_.dormancy, room_id, ownership, store::now_ms());
  if (!dormant) return false;
  // Listed as the rebuilt room would list itself.
  room_summary(room_id, Json::parse(dormant->summary));
  rooms_.add_dormant(std::move(*dormant));
  return true;
}

int Lobby::recover() {
  int recovered = 0;
  for (const store::Match& m : store_.unfinished_matches().value()) {
    const std::int64_t room_id = rooms_.next_id();
    // A match a cluster once ran carries its last epoch, which its appends must name.
    const Ownership ownership{false, m.epoch};
    // Nobody can be connected yet: a match that would fall dormant at once is not built at all,
    // so that a store of many waiting matches neither slows the start nor fills memory.
    if (keep_dormant(m, room_id, ownership) || rebuild(m, room_id, ownership)) ++recovered;
  }
  store_.flush();
  return recovered;
}

std::shared_ptr<Room> Lobby::reopen(const store::ClaimedRoom& c) {
  const Json state = Json::parse(c.open_state, nullptr, false);
  try {
    const Game* game = find_game(state.at("game").get<std::string>());
    if (!game) throw std::runtime_error("no game " + state.at("game").dump());
    auto options = game->normalize_stored_options(state.at("options"));
    if (!options) throw std::runtime_error(options.error().message);
    const bool is_private = state.value("private", false);
    const std::string code = is_private ? state.at("code").get<std::string>() : "";
    RoomSettings settings = settings_;
    settings.public_when_over = state.value("public_when_over", false);
    // An open room by correspondence stays one: its pace is in its summary.
    if (const Json& pace = state.value("correspondence", Json()); pace.is_object())
      settings.correspondence = store::CorrespondencePace{pace.at("days_per_move").get<int>(),
                                                          pace.at("bank_extra_hours").get<int>(),
                                                          pace.at("bank_cap_days").get<int>()};
    auto room = std::make_shared<Room>(io_, store_, *this, settings, c.room, code, *game,
                                       std::move(*options), is_private, Ownership{true, c.epoch});
    room->restore_open(state);
    std::vector<std::int64_t> seated;
    for (const Json& seat : state.at("seats"))
      if (seat.at("player").is_object())
        seated.push_back(seat["player"].at("id").get<std::int64_t>());
    rooms_.add(room, 0, seated);
    return room;
  } catch (const std::exception& e) {
    TORTUGA_LOG_AT(warn, log::Context("room_not_reopened").room(c.room),
                   "open room " << c.room << " cannot be made again: " << e.what());
    return nullptr;
  }
}

}  // namespace tortuga
