#include "rules/colpaccio/colpaccio_game.hpp"

#include "rules/colpaccio/cards.hpp"
#include "rules/colpaccio/chance_events.hpp"
#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/colpaccio/deck_data.hpp"
#include "rules/colpaccio/sampler.hpp"
#include "rules/colpaccio/smart_bot.hpp"
#include "rules/colpaccio/views.hpp"
#include "rules/core/option_shape.hpp"

namespace tortuga::colpaccio {
namespace {

using namespace option_shape;

// A ship card, goods side up, as deck.json and a custom `deck` list them.
Json card_shape() {
  return record(
      "Ship card",
      {{"good", one_of("Good", {"gems", "silverware", "fabrics", "rum", "pistols", "sabres"})},
       {"location", one_of("Location", {"inn", "tower", "dock", "beach"})},
       {"prize", one_of("Prize", {nullptr, "doubloon", "two_doubloons", "ship", "spyglass"})},
       {"cannonball", boolean("Cannonball")}});
}

}  // namespace

const GameInfo& ColpaccioGame::info() const {
  static const GameInfo info{"colpaccio", "Colpaccio", 1, 5, 2};
  return info;
}

Json ColpaccioGame::option_schema() const {
  return {
      {"deck",
       {{"type", "array"},
        {"title", "The deck of ship cards"},
        {"if_null", "the standard deck"},
        {"items", card_shape()},
        {"min_length", 60},
        {"max_length", 60},
        {"standard", Json::parse(kDeckJson)["cards"]},
        {"default", nullptr},
        {"description",
         "The 60 ship cards: 8 gems, 8 silverware, 10 fine fabrics, 10 rum barrels, 12 "
         "pistols, 12 sabres, 15 of each location."}}},
      {"solo_difficulty",
       {{"type", "enum"},
        {"title", "Solo duel: difficulty"},
        {"values", {"standard", "easy", "medium", "hard"}},
        {"default", "standard"},
        {"players", {1}},
        {"description",
         "The solo duel's variant: standard (no doubloon), easy (the holed coin: 1 doubloon), "
         "medium (they are seasoned: 1 doubloon, the Corsairs start with 2 ships), hard (the "
         "captain's nightmare: 3 doubloons, and the Corsairs score tied goods too). With more "
         "than one player, standard only."}}},
      {"turn_clock_s",
       {{"type", "integer"},
        {"title", "Clock for each choice, in seconds"},
        {"default", 90},
        {"min", 0},
        {"max", 86400},
        {"description",
         "Time for each choice (a turn, the ships to reveal after a parrot pact, the good for "
         "the ghost ship); when it runs out, the simplest one is made for the player. 0: no "
         "clock."}}},
  };
}

// Colpaccio had no clock: a match stored before it was added goes on without one.
Json ColpaccioGame::earlier_defaults() const {
  return {{"turn_clock_s", 0}};
}

Refusal ColpaccioGame::check_options(const Json& options) const {
  if (options.value("players", 1) != 1 &&
      options.value("solo_difficulty", "standard") != "standard")
    return Error{code::kBadOptions,
                 "option solo_difficulty: the variants are for the solo duel (players 1)"};
  auto deck = options.find("deck");
  if (deck == options.end() || deck->is_null()) return std::nullopt;
  auto parsed = parse_deck(*deck);
  if (!parsed) return parsed.error();
  return std::nullopt;
}

std::span<const ChanceEventInfo> ColpaccioGame::chance_events() const {
  return colpaccio::chance_events();
}

std::unique_ptr<State> ColpaccioGame::new_state(const Json& options, Chance chance) const {
  return std::make_unique<ColpaccioState>(options, std::move(chance));
}

std::unique_ptr<Bot> ColpaccioGame::make_bot(std::string_view kind) const {
  if (kind == "smart") return std::make_unique<SmartBot>();
  if (kind == "strong") return make_strong_bot();
  return std::make_unique<RandomBot>();
}

std::shared_ptr<const Determinizer> ColpaccioGame::determinizer() const {
  return std::make_shared<Sampler>();
}

// A random match to the end costs well under a millisecond: rollouts play out whole.
SearchBudget ColpaccioGame::search_budget() const {
  return {.iterations = 4000, .time_ms = 900};
}

Json ColpaccioGame::public_options(const State& state) const {
  const Deck& deck = static_cast<const ColpaccioState&>(state).deck();
  if (&deck == standard_deck().get()) return nullptr;
  Json cards = Json::array();
  for (int id = 0; id < static_cast<int>(deck.size()); ++id) {
    Json card = card_json(deck, id);
    card.erase("id");
    cards.push_back(std::move(card));
  }
  return {{"deck", std::move(cards)}};
}

std::unique_ptr<Observer> ColpaccioGame::make_observer() const {
  return std::make_unique<ColpaccioObserver>();
}

const Game& colpaccio() {
  static const ColpaccioGame game;
  return game;
}

}  // namespace tortuga::colpaccio
