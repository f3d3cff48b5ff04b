#include "rules/um_rum_und_ehre/stack_data.hpp"

#include <string>

#include "rules/um_rum_und_ehre/tile_stacks_data.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

using nlohmann::json;

Error refuse(std::string message) {
  return {code::kBadOptions, "option stacks: " + std::move(message)};
}

struct Part {
  const char* name;
  std::size_t count;  // tiles per list
  int lo, hi;         // value range (the threshold's for scorpions)
};

// Reads `count` values in [lo, hi] into tiles of `kind` and `sort`, appended to `stack`.
Refusal read_list(const json& list, const std::string& where, const Part& part, TileKind kind,
                  int sort, Stack& stack) {
  if (!list.is_array() || list.size() != part.count)
    return refuse(where + " must list " + std::to_string(part.count) + " values");
  for (const json& v : list) {
    if (!v.is_number_integer() || v.get<long long>() < part.lo || v.get<long long>() > part.hi)
      return refuse(where + " values must be " + std::to_string(part.lo) + ".." +
                    std::to_string(part.hi));
    const int n = v.get<int>();
    Tile tile{kind, static_cast<std::int8_t>(sort), static_cast<std::int8_t>(n), 0};
    if (kind == TileKind::kScorpion) tile = {kind, 0, -2, static_cast<std::int8_t>(n)};
    stack.push_back(tile);
  }
  return std::nullopt;
}

// A part split by sort (taverns by tavern, ...): an object with exactly these names.
template <class NameOf>
Refusal read_sorted(const json& given, const Part& part, int sorts, NameOf name_of, TileKind kind,
                    Stack& stack) {
  if (!given.is_object() || given.size() != static_cast<std::size_t>(sorts))
    return refuse(std::string(part.name) + " must be an object of " + std::to_string(sorts) +
                  " lists");
  stack.clear();
  for (int s = 0; s < sorts; ++s) {
    const std::string name(name_of(s));
    if (!given.contains(name)) return refuse(std::string(part.name) + " lacks " + name);
    if (auto bad =
            read_list(given[name], std::string(part.name) + "." + name, part, kind, s, stack))
      return bad;
  }
  return std::nullopt;
}

Refusal read_part(const std::string& key, const json& given, Stacks& out) {
  if (key == "taverns")
    return read_sorted(given, {"taverns", 10, 2, 5}, kTaverns, tavern_name, TileKind::kTavern,
                       out.taverns);
  if (key == "maps")
    return read_sorted(given, {"maps", 10, 3, 6}, kColours, colour_name, TileKind::kMap, out.maps);
  if (key == "goods")
    return read_sorted(given, {"goods", 5, 2, 5}, kArticles, article_name, TileKind::kGoods,
                       out.goods);
  if (key == "encounters")
    return read_sorted(
        given, {"encounters", 2, 4, 6}, kMeetings,
        [](int m) { return meeting_name(static_cast<Meeting>(m)); }, TileKind::kEncounter,
        out.encounters);
  struct Plain {
    const char* name;
    Part part;
    TileKind kind;
    Stack Stacks::*stack;
  };
  static const Plain plain[] = {
      {"chests", {"chests", 12, 4, 6}, TileKind::kChest, &Stacks::chests},
      {"scorpions", {"scorpions", 12, 10, 21}, TileKind::kScorpion, &Stacks::scorpions},
      {"small_guards", {"small_guards", 9, 1, 3}, TileKind::kSmallGuard, &Stacks::small_guards},
      {"big_guards", {"big_guards", 9, 4, 6}, TileKind::kBigGuard, &Stacks::big_guards},
      {"ropes", {"ropes", 5, 1, 2}, TileKind::kRope, &Stacks::ropes},
      {"hammocks", {"hammocks", 5, 3, 5}, TileKind::kHammock, &Stacks::hammocks},
      {"bunks", {"bunks", 5, 6, 8}, TileKind::kBunk, &Stacks::bunks},
  };
  for (const Plain& p : plain) {
    if (key != p.name) continue;
    (out.*p.stack).clear();
    return read_list(given, key, p.part, p.kind, 0, out.*p.stack);
  }
  return refuse("unknown part " + key);
}

Expected<Stacks> parse_over(const json& given, Stacks base) {
  if (!given.is_object()) return refuse("must be an object of stacks by name");
  for (auto it = given.begin(); it != given.end(); ++it) {
    if (it.key() == "about") continue;
    if (auto bad = read_part(it.key(), it.value(), base)) return *bad;
  }
  return base;
}

}  // namespace

const Stacks& standard_stacks() {
  static const Stacks stacks = [] {
    auto parsed = parse_over(json::parse(kTileStacksJson), Stacks{});
    return parsed.ok() ? *parsed : Stacks{};
  }();
  return stacks;
}

Expected<Stacks> parse_stacks(const json& given) {
  return parse_over(given, standard_stacks());
}

}  // namespace tortuga::um_rum_und_ehre
