#include "server/history/history.hpp"

#include "protocol/codes.hpp"
#include "server/history/match_file.hpp"
#include "server/ops/server_metrics.hpp"

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
          {"status", std::string(store::status_name(m.status))},
          {"result", parsed(m.result_json)},
          {"created_ms", m.created_ms},
          {"ended_ms", m.ended_ms ? Json(m.ended_ms) : Json(nullptr)},
          {"actions", m.action_count}};
}

bool may_read(const store::Match& m, const Viewer& viewer) {
  if (m.private_code.empty()) return true;
  if (m.public_when_over && m.status != store::MatchStatus::running) return true;
  if (viewer.code && *viewer.code == m.private_code) return true;
  if (!viewer.player) return false;
  for (const auto& s : m.seats)
    if (s.player_id == viewer.player) return true;
  return false;
}

Expected<store::Match> readable_match(store::Store& store, std::int64_t id, const Viewer& viewer) {
  auto match = store.match(id).value();
  if (!match) return no_such_match(id);
  if (!may_read(*match, viewer)) {
    server_metrics().private_match_hidden();
    return no_such_match(id);
  }
  return std::move(*match);
}

std::vector<store::Match> readable_matches(store::Store& store, store::MatchFilter filter,
                                           const Viewer& viewer) {
  filter.reader = viewer.player;
  filter.with_private = false;
  return store.list_matches(filter).value();
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

Refusal refused_seat(const store::Match& match, std::optional<int> seat, const Viewer& viewer) {
  if (!seat) return std::nullopt;
  if (*seat < 0 || *seat >= static_cast<int>(match.seats.size()))
    return Error{code::kBadField, "seat must be 0.." + std::to_string(match.seats.size() - 1)};
  if (match.status != store::MatchStatus::running) return std::nullopt;
  for (const auto& s : match.seats)
    if (s.seat == *seat && s.player_id && viewer.player == s.player_id) return std::nullopt;
  return Error{code::kNotYourSeat, "while a match runs, only its holder sees a seat's view"};
}

bool replay_revealed(const store::Match& match, std::optional<int> seat) {
  return match.status != store::MatchStatus::running && !seat;
}

Expected<Json> replay_steps(const store::Match& match, const std::vector<store::Action>& actions,
                            std::optional<int> seat) {
  const bool over = match.status != store::MatchStatus::running;
  const bool reveal = replay_revealed(match, seat);
  // Over: no secrets are left, every action is shown.
  Json steps = Json::array();
  MatchFile file = match_file_of(match, actions);
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
  return steps;
}

std::string replay_text(const store::Match& match, std::optional<int> seat,
                        const std::string& steps, const Json& chat) {
  // Written around the steps' text, which may be megabytes: never parsed again.
  std::string text = Json{{"match", match.id},
                          {"seat", seat ? Json(*seat) : Json(nullptr)},
                          {"revealed", replay_revealed(match, seat)}}
                         .dump();
  text.pop_back();
  text.reserve(text.size() + steps.size() + 64);
  text += ",\"steps\":";
  text += steps;
  text += ",\"chat\":";
  text += chat.dump();
  text += '}';
  return text;
}

Expected<Json> export_json(store::Store& store, std::int64_t id, const Viewer& viewer) {
  auto match = readable_match(store, id, viewer);
  if (!match) return match.error();
  if (match->status == store::MatchStatus::running)
    return Error{"match_running", "a running match is exported once it is over"};
  return to_json(match_file_of(*match, store.actions(id).value()));
}

}  // namespace tortuga
