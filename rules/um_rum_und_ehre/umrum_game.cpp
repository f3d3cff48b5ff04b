#include "rules/um_rum_und_ehre/umrum_game.hpp"

#include "rules/um_rum_und_ehre/chance_events.hpp"
#include "rules/um_rum_und_ehre/smart_bot.hpp"
#include "rules/um_rum_und_ehre/stack_data.hpp"
#include "rules/um_rum_und_ehre/town.hpp"
#include "rules/um_rum_und_ehre/umrum_state.hpp"

namespace tortuga::umrum {

const GameInfo& UmRumGame::info() const {
  static const GameInfo info{"um-rum-und-ehre", "Um Rum & Ehre", 2, 5};
  return info;
}

Json UmRumGame::option_schema() const {
  return {
      {"arrangement",
       {{"type", "array"},
        {"default", nullptr},
        {"description",
         "the nine town tiles as [{\"tile\": 1..9, \"rotation\": 0..3}, ...] for the positions "
         "of the 3x3 square in reading order (rotation in quarter turns clockwise); null for a "
         "random arrangement"}}},
      {"tiles",
       {{"type", "array"},
        {"default", nullptr},
        {"description",
         "the nine town tiles' contents as in town_tiles.json: [{\"number\": 1..9, \"spaces\": "
         "[four kinds clockwise from the top-left], \"alleys\": [top, right, bottom, left "
         "segments 1..3], \"stubs\": [eight segments 1..2 clockwise from the top edge's left "
         "end]}, ...]; null for ours"}}},
      {"stacks",
       {{"type", "object"},
        {"default", nullptr},
        {"description",
         "the values of the tiles in the dispenser, any part of them, in the shape of "
         "tile_stacks.json (taverns, maps, goods, encounters, chests, scorpions, small_guards, "
         "big_guards, ropes, hammocks, bunks); null for ours"}}},
      {"decision_s",
       {{"type", "integer"},
        {"default", 0},
        {"min", 0},
        {"max", 86400},
        {"description",
         "seconds each question (a turn, a drink, a roll, rum) waits for its player before the "
         "default answer is applied; 0 waits for ever"}}},
  };
}

Refusal UmRumGame::check_options(const Json& options) const {
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

std::span<const ChanceEventInfo> UmRumGame::chance_events() const {
  return umrum::chance_events();
}

std::unique_ptr<State> UmRumGame::new_state(const Json& options, Chance chance) const {
  return std::make_unique<UmRumState>(options, std::move(chance));
}

std::unique_ptr<Bot> UmRumGame::make_bot(std::string_view kind) const {
  if (kind == "smart") return std::make_unique<SmartBot>();
  return std::make_unique<RandomBot>();
}

const Game& um_rum_und_ehre() {
  static const UmRumGame game;
  return game;
}

}  // namespace tortuga::umrum
