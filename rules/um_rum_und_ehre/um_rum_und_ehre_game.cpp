#include "rules/um_rum_und_ehre/um_rum_und_ehre_game.hpp"

#include "rules/core/option_shape.hpp"
#include "rules/um_rum_und_ehre/chance_events.hpp"
#include "rules/um_rum_und_ehre/sampler.hpp"
#include "rules/um_rum_und_ehre/smart_bot.hpp"
#include "rules/um_rum_und_ehre/stack_data.hpp"
#include "rules/um_rum_und_ehre/tile_stacks_data.hpp"
#include "rules/um_rum_und_ehre/town.hpp"
#include "rules/um_rum_und_ehre/town_tiles_data.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"
#include "rules/um_rum_und_ehre/views.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

using namespace option_shape;

// The shapes of the town's tiles and of the dispenser's stacks, for a form to edit them: the
// counts and ranges are those stack_data.cpp and town_tiles.cpp check.
Json tile_shape() {
  const Json kinds = {"coin",
                      "hq",
                      "pirate",
                      "goods",
                      "encounter",
                      "chest",
                      "rum",
                      "guard",
                      "map_yellow",
                      "map_pink",
                      "map_green",
                      "tavern_es_cruce",
                      "tavern_frere_jacques",
                      "tavern_jolly_roger"};
  return record(
      "Tile",
      {{"number", integer("Number", 1, 9)},
       {"spaces", list("Spaces, clockwise from the top left", one_of("Space", kinds), 4, 4)},
       {"alleys", list("Alleys: top, right, bottom, left", integer("Segments", 1, 3), 4, 4)},
       {"stubs",
        list("Stubs, clockwise from the top edge's left end", integer("Segments", 1, 2), 8, 8)}});
}

// A tile's value: the same words in every stack.
Json values(const char* title, int count, int lo, int hi) {
  return list(title, worded(integer("Value", lo, hi), "options.common.value"), count, count);
}

// Where an encounter tile lies is said where it is ("At a goods space"), not as the goods are.
constexpr const char* kEncounterWords = "games.um-rum-und-ehre.options.stacks.encounters.";

Json stacks_shape() {
  auto sorts = [](const char* title, std::vector<std::pair<std::string, std::string>> names,
                  int count, int lo, int hi, const char* words_at = nullptr) {
    std::vector<std::pair<std::string, Json>> fields;
    for (const auto& [name, words] : names) {
      Json shape = values(words.c_str(), count, lo, hi);
      if (words_at) shape = worded(std::move(shape), words_at + name + ".title");
      fields.push_back({name, std::move(shape)});
    }
    return record(title, fields);
  };
  return record(
      "Tiles in the dispenser",
      {{"taverns", sorts("Tavern tiles",
                         {{"es_cruce", "Es Cruce"},
                          {"frere_jacques", "Frère Jacques"},
                          {"jolly_roger", "Jolly Roger"}},
                         10, 2, 5)},
       {"maps",
        sorts("Maps", {{"yellow", "Yellow"}, {"pink", "Pink"}, {"green", "Green"}}, 10, 3, 6)},
       {"goods", sorts("Pirate goods",
                       {{"hook", "Hook"},
                        {"peg_leg", "Peg leg"},
                        {"eye_patch", "Eye patch"},
                        {"parrot", "Parrot"}},
                       5, 2, 5)},
       {"encounters", worded(sorts("Encounters",
                                   {{"pirate", "At a pirate space"},
                                    {"goods", "At a goods space"},
                                    {"map_yellow", "At a yellow map"},
                                    {"map_pink", "At a pink map"},
                                    {"map_green", "At a green map"},
                                    {"tavern", "At a tavern"},
                                    {"chest", "At a chest space"},
                                    {"rum", "At a rum space"},
                                    {"guard", "At a guard space"}},
                                   2, 4, 6, kEncounterWords),
                             std::string(kEncounterWords) + "title")},
       {"chests", values("Chests", 12, 4, 6)},
       {"scorpions", values("Scorpions", 12, 10, 21)},
       {"small_guards", values("Small guards", 9, 1, 3)},
       {"big_guards", values("Big guards", 9, 4, 6)},
       {"ropes", values("Ropes", 5, 1, 2)},
       {"hammocks", values("Hammocks", 5, 3, 5)},
       {"bunks", values("Bunks", 5, 6, 8)}});
}

// The tiles in order, none turned: where editing an arrangement starts, since null draws one.
Json in_order() {
  Json tiles = Json::array();
  for (int tile = 1; tile <= 9; ++tile) tiles.push_back({{"tile", tile}, {"rotation", 0}});
  return tiles;
}

Json standard_stacks_json() {
  Json stacks = Json::parse(kTileStacksJson);
  stacks.erase("about");
  return stacks;
}

}  // namespace

const GameInfo& UmRumUndEhreGame::info() const {
  static const GameInfo info{"um-rum-und-ehre", "Um Rum & Ehre", 2, 5};
  return info;
}

Json UmRumUndEhreGame::option_schema() const {
  return {
      {"arrangement",
       {{"type", "array"},
        {"title", "Arrangement of the town"},
        {"if_null", "at random"},
        {"items", record("Position", {{"tile", integer("Tile", 1, 9)},
                                      {"rotation", integer("Quarter turns clockwise", 0, 3)}})},
        {"min_length", 9},
        {"max_length", 9},
        {"start", in_order()},
        {"default", nullptr},
        {"description",
         "The nine town tiles in the square of 3 by 3, in reading order, each turned by "
         "quarter turns clockwise."}}},
      {"tiles",
       {{"type", "array"},
        {"title", "Town tiles"},
        {"if_null", "the standard tiles"},
        {"items", tile_shape()},
        {"min_length", 9},
        {"max_length", 9},
        {"standard", Json::parse(kTownTilesJson)["tiles"]},
        {"default", nullptr},
        {"description",
         "What each of the nine town tiles holds: its four spaces and the segments of its "
         "alleys."}}},
      {"stacks",
       {{"type", "object"},
        {"title", "Tiles in the dispenser"},
        {"if_null", "the standard values"},
        {"fields", stacks_shape()["fields"]},
        {"order", stacks_shape()["order"]},
        {"standard", standard_stacks_json()},
        {"default", nullptr},
        {"description", "The values of the tiles in the dispenser, any of them."}}},
      {"decision_s",
       {{"type", "integer"},
        {"title", "Clock for each choice, in seconds"},
        {"default", 60},
        {"min", 0},
        {"max", 86400},
        {"description",
         "Time for each question (a turn, a drink, a roll, rum); when it runs out, the "
         "simplest answer is given for the player. 0: no clock."}}},
  };
}

// Off until it was on by default: a match stored before that goes on without a clock.
Json UmRumUndEhreGame::earlier_defaults() const {
  return {{"decision_s", 0}};
}

Refusal UmRumUndEhreGame::check_options(const Json& options) const {
  auto tiles = options.find("tiles");
  if (tiles != options.end() && !tiles->is_null()) {
    auto parsed = parse_tiles(*tiles);
    if (!parsed) return parsed.error();
  }
  auto stacks = options.find("stacks");
  if (stacks != options.end() && !stacks->is_null()) {
    auto parsed = parse_stacks(*stacks);
    if (!parsed) return parsed.error();
  }
  auto it = options.find("arrangement");
  if (it == options.end() || it->is_null()) return std::nullopt;
  auto parsed = parse_arrangement(*it);
  if (!parsed) return parsed.error();
  return std::nullopt;
}

Refusal UmRumUndEhreGame::check_new_options(const Json& options) const {
  auto stacks = options.find("stacks");
  if (stacks != options.end() && stacks->is_object() && stacks->contains("about"))
    return Error{code::kBadOptions,
                 "option stacks: unknown part \"about\" (a note of tile_stacks.json, not a stack)"};
  return std::nullopt;
}

std::span<const ChanceEventInfo> UmRumUndEhreGame::chance_events() const {
  return um_rum_und_ehre::chance_events();
}

std::unique_ptr<State> UmRumUndEhreGame::new_state(const Json& options, Chance chance) const {
  return std::make_unique<UmRumUndEhreState>(options, std::move(chance));
}

std::unique_ptr<Bot> UmRumUndEhreGame::make_bot(std::string_view kind) const {
  if (kind == "smart") return std::make_unique<SmartBot>();
  if (kind == "strong") return make_strong_bot();
  return std::make_unique<RandomBot>();
}

std::shared_ptr<const Determinizer> UmRumUndEhreGame::determinizer() const {
  return std::make_shared<Sampler>();
}

// A match to its end is a few hundred actions: rollouts, by the smart bot, play out whole.
SearchBudget UmRumUndEhreGame::search_budget() const {
  return {.iterations = 3000, .time_ms = 900};
}

Json UmRumUndEhreGame::public_options(const State& state) const {
  return static_cast<const UmRumUndEhreState&>(state).setup();
}

std::unique_ptr<Observer> UmRumUndEhreGame::make_observer() const {
  return std::make_unique<UmRumUndEhreObserver>();
}

const Game& um_rum_und_ehre() {
  static const UmRumUndEhreGame game;
  return game;
}

}  // namespace tortuga::um_rum_und_ehre
