// A game is immutable metadata plus a factory of states: its id, name, player counts, the schema
// of its options with their defaults, option validation, its bots, and the observers that write
// its views for rooms.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/bot.hpp"
#include "rules/core/bots/ismcts.hpp"
#include "rules/core/named_chance.hpp"
#include "rules/core/ranking.hpp"
#include "rules/core/state.hpp"
#include "rules/core/views/observer.hpp"

namespace tortuga {

struct GameInfo {
  std::string id;  // "raft-and-scupper", ...
  std::string name;
  int min_players;
  int max_players;
  // The seats a room gets when its options do not say: min_players unless the game sets it (a
  // game whose one-player form is a variant, like Colpaccio's solo duel, defaults to a table).
  int default_players = 0;
};

// Option schema: an object of option name -> {"type": "integer"|"boolean"|"enum"|"object"|"array",
// "default": value, "description": text, "min"/"max" for integers, "values" for enums}.
// The option "players" (the number of seats) is added to every game's schema by describe().
class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  virtual Json option_schema() const = 0;

  // {id, name, name_key, min_players, max_players, options, bots}: what the lobby tells clients,
  // with the keys of its words in the catalogs beside the English (option_keys.hpp).
  Json describe() const;
  // The options of a new match: fills defaults, refuses unknown names, wrong types and
  // out-of-range values, then runs the game's own checks, those of a match already played
  // (check_options) and those of a new one (check_new_options). The result always holds
  // "players".
  Expected<Json> normalize_options(const Json& given) const;
  // The options a match was played with, from what was stored or written of it (a match's row,
  // a match file, an open room): an option they do not name takes the value it had before its
  // default changed (earlier_defaults), not today's default; then as normalize_options but for
  // check_new_options, so that what was accepted once is played again as it was. A match stored
  // before the turn clocks were on by default goes on without one.
  Expected<Json> normalize_stored_options(const Json& stored) const;
  // `options` must come from normalize_options or normalize_stored_options.
  virtual std::unique_ptr<State> new_state(const Json& options, Chance chance) const = 0;
  // The chance events a match file may write for this game, in its own words (named_chance.hpp).
  virtual std::span<const ChanceEventInfo> chance_events() const { return {}; }
  // "random" plays any legal action; "smart" is the game's better bot (random if it has none);
  // "strong" searches (make_strong_bot) in the games that deal determinizations.
  virtual std::unique_ptr<Bot> make_bot(std::string_view kind) const;
  // The kinds of bot make_bot makes for this game, weakest first: what a room offers its host.
  // "strong" only where the game has a determinizer: elsewhere it would be the random bot.
  virtual std::vector<std::string> bot_kinds() const;
  // The strong bot: an IsmctsBot on determinizer(), behind an adapter that hands it only the
  // seat's Sight (sighted_bot.hpp). Random when the game has no determinizer.
  std::unique_ptr<Bot> make_strong_bot(SearchBudget budget) const;
  std::unique_ptr<Bot> make_strong_bot() const { return make_strong_bot(search_budget()); }
  // What the strong bot's search needs of this game; null when it has none.
  virtual std::shared_ptr<const Determinizer> determinizer() const { return nullptr; }
  // The strong bot's default budget: a move in about a second at most on a busy small machine.
  virtual SearchBudget search_budget() const { return {1000, 900}; }
  // The action applied at `step` of state's history as `seat` may see it (sight.hpp): whole
  // unless the game cuts what it shows before its time.
  virtual Json action_seen_by(const State& state, std::size_t step, int seat) const;
  // What every player knows of a match's make-up that its views do not say (a custom deck's
  // list of cards), as the strong bot's Sight carries it; null by default.
  virtual Json public_options(const State& state) const { return nullptr; }
  // What writes a match's views for its rooms, one per match (see observer.hpp): the generic
  // observer unless the game writes its views itself.
  virtual std::unique_ptr<Observer> make_observer() const;
  // The order a finished match of `seats` seats puts its players in, read from its result
  // (State::result) for ratings: in the game's ranking.cpp. None for a match that is not rated
  // (a game alone against the rules, a result it cannot read, as a match stored long ago may
  // have): the server rates no such match.
  virtual std::optional<Ranking> ranking(const Json& result, int seats) const {
    return std::nullopt;
  }

 protected:
  // The options whose default has changed, each with the default it had before; what was stored
  // without naming one was played with that value. Every game's turn clock was off by default
  // (or, in Colpaccio, absent) before it was on.
  virtual Json earlier_defaults() const { return Json::object(); }
  // Cross-field checks beyond the schema (a custom layout, say): what any match, new or stored,
  // needs of its options.
  virtual Refusal check_options(const Json& options) const { return std::nullopt; }
  // What only a new match is refused, although a match stored before may have been played with
  // it: names inside an option's value that the game does not read (a deck's card, a model's
  // part), and values that multiply what the server spends on each action past a ceiling.
  virtual Refusal check_new_options(const Json& options) const { return std::nullopt; }

 private:
  Json full_schema() const;
  // normalize_options without check_new_options.
  Expected<Json> normalized(const Json& given) const;
};

}  // namespace tortuga
