#include "server/history.hpp"

#include "protocol/codes.hpp"
#include "server/match_file.hpp"

namespace tortuga {
namespace {

Json parsed(const std::string& text) {
  Json j = Json::parse(text, nullptr, false);
  return j.is_discarded() ? Json(nullptr) : j;
}

Error no_such_match(std::int64_t id) {
  return {code::kNoSuchMatch, "no stored match " + std::to_string(id)};
}

}  // namespace

Json match_json(const store::Match& m) {
  Json seats = Json::array();
  for (const auto& s : m.seats) {
    Json seat = {{"seat", s.seat}, {"name", s.name}, {"player", nullptr}, {"bot", nullptr}};
    if (s.player_id) seat["player"] = *s.player_id;
    if (!s.bot.empty()) seat["bot"] = s.bot;
    seats.push_back(std::move(seat));
  }
  return {{"id", m.id},
          {"game", m.game},
          {"options", parsed(m.options_json)},
          {"seats", std::move(seats)},
          {"status", m.status},
          {"result", parsed(m.result_json)},
          {"created_ms", m.created_ms},
          {"ended_ms", m.ended_ms ? Json(m.ended_ms) : Json(nullptr)},
          {"actions", m.action_count}};
}

Json chat_json(const std::vector<store::ChatLine>& lines) {
  // Said in the room for everyone there, spectators too: no audience sees less of it.
  Json out = Json::array();
  for (const auto& l : lines)
    out.push_back({{"step", l.step},
                   {"seat", l.seat ? Json(*l.seat) : Json(nullptr)},
                   {"player", l.player ? Json(*l.player) : Json(nullptr)},
                   {"name", l.name},
                   {"text", l.text},
                   {"time_ms", l.time_ms}});
  return out;
}

Expected<Json> replay_json(store::Store& store, std::int64_t id, std::optional<int> seat,
                           const Viewer& viewer) {
  auto match = store.match(id);
  if (!match) return no_such_match(id);
  const bool over = match->status != "running";
  if (seat) {
    if (*seat < 0 || *seat >= static_cast<int>(match->seats.size()))
      return Error{code::kBadField, "seat must be 0.." + std::to_string(match->seats.size() - 1)};
    bool holder = false;
    for (const auto& s : match->seats)
      if (s.seat == *seat && s.player_id && viewer.player == s.player_id) holder = true;
    if (!over && !holder)
      return Error{code::kNotYourSeat, "while a match runs, only its holder sees a seat's view"};
  }
  const bool reveal = over && !seat;
  // Over: no secrets are left, every action is shown.
  Json steps = Json::array();
  MatchFile file = match_file_of(*match, store.actions(id));
  auto replayed = replay(file, [&](std::size_t step, const State& state) {
    Json view = reveal ? state.full_view() : seat ? state.view(*seat) : state.spectator_view();
    const AppliedAction* applied = step ? &file.actions[step - 1] : nullptr;
    // An action may name what only its seat knew (a card kept): shown to that seat, or to all
    // once the match is over.
    const bool shown = applied && (over || (seat && applied->seat == *seat));
    steps.push_back({{"step", step},
                     {"seat", applied && applied->seat >= 0 ? Json(applied->seat) : Json(nullptr)},
                     {"action", shown ? applied->action : Json(nullptr)},
                     {"view", std::move(view)}});
  });
  if (!replayed) return Error{code::kInternal, replayed.error().message};
  return Json{{"match", id},
              {"seat", seat ? Json(*seat) : Json(nullptr)},
              {"revealed", reveal},
              {"steps", std::move(steps)},
              {"chat", chat_json(store.chat(id))}};
}

Expected<Json> export_json(store::Store& store, std::int64_t id) {
  auto match = store.match(id);
  if (!match) return no_such_match(id);
  if (match->status == "running")
    return Error{"match_running", "a running match is exported once it is over"};
  return to_json(match_file_of(*match, store.actions(id)));
}

}  // namespace tortuga
