#include "server/history/match_file.hpp"

#include <cstdint>
#include <utility>

#include "rules/core/registry.hpp"

namespace tortuga {
namespace {

Error bad_file(std::string message) {
  return {"bad_match_file", std::move(message)};
}

// A script holds raw draws (numbers) or named events (objects), not both: a raw draw's meaning
// depends on every draw before it, which named events would shift.
Refusal read_script(const Json& script, MatchFile& f) {
  if (!script.is_array()) return bad_file("script must be a list");
  bool raw = false, named = false;
  for (const Json& x : script) {
    if (x.is_number_unsigned() && x.get<std::uint64_t>() <= UINT32_MAX) {
      raw = true;
      f.script.push_back(x.get<std::uint32_t>());
    } else if (x.is_object()) {
      named = true;
      f.events.push_back(x);
    } else {
      return bad_file(
          "script entries are raw draws (whole numbers from 0 to 4294967295) or "
          "named chance events (objects), not " +
          x.dump());
    }
  }
  if (raw && named) return bad_file("script mixes raw draws and named chance events: use one form");
  return std::nullopt;
}

// The chance source's refusal of a named event, as the replay reports it.
Refusal chance_refusal(const State& state, std::size_t step) {
  const auto& refusal = state.chance().refusal();
  if (!refusal) return std::nullopt;
  return Error{refusal->code, (step ? "after action " + std::to_string(step) : "at the start") +
                                  ": " + refusal->message};
}

}  // namespace

Expected<MatchFile> parse_match_file(const Json& j) {
  if (!j.is_object()) return bad_file("a match file is a JSON object");
  if (j.value("format", std::string()) != kMatchFileFormat)
    return bad_file(std::string("format must be \"") + kMatchFileFormat + "\"");
  MatchFile f;
  try {
    f.game = j.at("game").get<std::string>();
    f.options = j.value("options", Json::object());
    f.seats = j.value("seats", Json::array());
    f.seed = j.value("seed", std::uint64_t{0});
    if (auto bad = read_script(j.value("script", Json::array()), f)) return *bad;
    for (const Json& a : j.value("actions", Json::array()))
      f.actions.push_back({a.at("seat").get<int>(), a.at("action")});
    f.result = j.value("result", Json(nullptr));
  } catch (const Json::exception& e) {
    return bad_file(e.what());
  }
  return f;
}

Json to_json(const MatchFile& f) {
  Json actions = Json::array();
  for (const auto& a : f.actions) actions.push_back({{"seat", a.seat}, {"action", a.action}});
  return {{"format", kMatchFileFormat},
          {"game", f.game},
          {"options", f.options},
          {"seats", f.seats},
          {"seed", f.seed},
          {"script", f.events.empty() ? Json(f.script) : f.events},
          {"actions", actions},
          {"result", f.result}};
}

MatchFile match_file_of(const store::Match& m, const std::vector<store::Action>& actions) {
  MatchFile f;
  f.game = m.game;
  f.options = Json::parse(m.options_json, nullptr, false);
  for (const auto& s : m.seats) {
    Json seat = {{"seat", s.seat}, {"name", s.name}};
    if (!s.bot.empty()) seat["bot"] = s.bot;
    if (s.player_id) seat["player"] = *s.player_id;
    f.seats.push_back(std::move(seat));
  }
  f.seed = m.seed;
  Json script = Json::parse(m.script_json, nullptr, false);
  if (script.is_array()) {
    for (const Json& x : script) {
      if (x.is_number_unsigned())
        f.script.push_back(x.get<std::uint32_t>());
      else if (x.is_object())
        f.events.push_back(x);
    }
  }
  for (const auto& a : actions)
    f.actions.push_back({a.seat, Json::parse(a.action_json, nullptr, false)});
  f.result = Json::parse(m.result_json, nullptr, false);
  return f;
}

Expected<std::unique_ptr<State>> replay(const MatchFile& f, const StepObserver& on_step,
                                        const RefusalObserver& on_refused) {
  const Game* game = find_game(f.game);
  if (!game) return bad_file("unknown game " + f.game);
  // As the match was played: an option its file does not name keeps its default of then.
  auto options = game->normalize_stored_options(f.options);
  if (!options) return options.error();
  std::shared_ptr<const NamedEvents> named;
  if (!f.events.empty()) {
    auto parsed = NamedEvents::parse(f.events, game->chance_events());
    if (!parsed) return parsed.error();
    named = std::make_shared<const NamedEvents>(std::move(*parsed));
  }
  auto state = game->new_state(*options, Chance(f.seed, f.script, std::move(named)));
  if (auto bad = chance_refusal(*state, 0)) return *bad;
  if (on_step) on_step(0, *state);
  for (std::size_t i = 0; i < f.actions.size(); ++i) {
    if (auto refused = state->apply(f.actions[i].seat, f.actions[i].action)) {
      if (!on_refused)
        return bad_file("action " + std::to_string(i + 1) + " refused: " + refused->message);
      on_refused(i + 1, f.actions[i], *refused);
      continue;
    }
    if (auto bad = chance_refusal(*state, i + 1)) return *bad;
    if (on_step) on_step(i + 1, *state);
  }
  if (auto left = std::as_const(*state).chance().unused(); !left.empty()) {
    std::string names;
    for (const auto& name : left) names += (names.empty() ? "" : ", ") + name;
    return Error{kBadChanceEvent, "named chance events never asked for: " + names};
  }
  return state;
}

}  // namespace tortuga
