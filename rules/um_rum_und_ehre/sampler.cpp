#include "rules/um_rum_und_ehre/sampler.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "rules/um_rum_und_ehre/smart_bot.hpp"
#include "rules/um_rum_und_ehre/stack_data.hpp"
#include "rules/um_rum_und_ehre/tile_json.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

constexpr int kTileKinds = static_cast<int>(TileKind::kBunk) + 1;

Stack& stack_of(Stacks& s, TileKind kind) {
  switch (kind) {
    case TileKind::kTavern:
      return s.taverns;
    case TileKind::kMap:
      return s.maps;
    case TileKind::kGoods:
      return s.goods;
    case TileKind::kEncounter:
      return s.encounters;
    case TileKind::kChest:
      return s.chests;
    case TileKind::kScorpion:
      return s.scorpions;
    case TileKind::kSmallGuard:
      return s.small_guards;
    case TileKind::kBigGuard:
      return s.big_guards;
    case TileKind::kRope:
      return s.ropes;
    case TileKind::kHammock:
      return s.hammocks;
    case TileKind::kBunk:
      return s.bunks;
  }
  return s.taverns;
}

// The stacks' sizes as the view names them.
constexpr std::array<const char*, kTileKinds> kStackNames = {
    "taverns",      "maps",       "goods", "encounters", "chests", "scorpions",
    "small_guards", "big_guards", "ropes", "hammocks",   "bunks"};

bool is_sleeping_place(TileKind kind) {
  return kind == TileKind::kRope || kind == TileKind::kHammock || kind == TileKind::kBunk;
}

// The match's tiles the seat has not seen yet, by kind: every tile of the dispenser, less each
// one the view shows.
class Unseen {
 public:
  explicit Unseen(Stacks all) {
    for (int k = 0; k < kTileKinds; ++k) pools_[k] = std::move(stack_of(all, TileKind(k)));
  }
  // The tile `shown` describes, taken out of the unseen ones; none when no such tile is left.
  std::optional<Tile> see(const Json& shown) {
    for (Stack& pool : pools_)
      for (auto it = pool.begin(); it != pool.end(); ++it)
        if (tile_json(*it) == shown) {
          const Tile tile = *it;
          pool.erase(it);
          return tile;
        }
    return std::nullopt;
  }
  bool see_all(const Json& shown, std::vector<Tile>& into) {
    for (const Json& t : shown) {
      auto tile = see(t);
      if (!tile) return false;
      into.push_back(*tile);
    }
    return true;
  }
  void shuffle(Chance& rng) {
    for (Stack& pool : pools_) rng.shuffle(pool);
  }
  Stack& pool(TileKind kind) { return pools_[static_cast<int>(kind)]; }
  // Moves `count` tiles of `kind` into `into`; false when fewer are left.
  bool deal(TileKind kind, int count, std::vector<Tile>& into) {
    Stack& from = pool(kind);
    if (count > static_cast<int>(from.size())) return false;
    into.insert(into.end(), from.end() - count, from.end());
    from.resize(from.size() - count);
    return true;
  }

 private:
  std::array<Stack, kTileKinds> pools_;
};

std::optional<Tile> maybe_see(Unseen& unseen, const Json& shown, bool& ok) {
  if (shown.is_null()) return std::nullopt;
  auto tile = unseen.see(shown);
  ok = ok && tile.has_value();
  return tile;
}

Step step_named(const Json& name) {
  static constexpr std::array<const char*, 10> kNames = {
      "turn", "after_move", "hq", "goods", "map", "guard", "invite", "roll", "rum", "over"};
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (name == kNames[i]) return static_cast<Step>(i);
  return Step::kTurn;
}

int tavern_named(const Json& name) {
  for (int t = 0; t < kTaverns; ++t)
    if (name == tavern_name(t)) return t;
  return 0;
}

int crew_of(const Json& crew) {
  return crew.is_number() ? crew.get<int>() : kImaginaryCrew;
}

}  // namespace

std::unique_ptr<State> Sampler::sample(const Sight& sight, Chance& rng) const {
  const Json& view = sight.view;
  if (!sight.options.is_object()) return nullptr;
  const Json& players = view.at("players");
  const int seats = static_cast<int>(players.size());
  const Json options = {{"players", seats},
                        {"arrangement", sight.options.at("arrangement")},
                        {"tiles", sight.options.value("tiles", Json())},
                        {"stacks", sight.options.value("stacks", Json())},
                        {"decision_s", view.at("decision_s")}};
  auto state = std::make_unique<UmRumUndEhreState>(options, Chance(rng.below(1u << 31)));
  UmRumUndEhreState& s = *state;

  // Every tile of the match, less what the seat sees: the display, its own tiles, its drawn
  // article.
  Stacks all = standard_stacks();
  if (const Json& own = options["stacks"]; !own.is_null()) {
    auto given = parse_stacks(own);
    if (!given) return nullptr;
    all = *given;
  }
  Unseen unseen(std::move(all));
  bool ok = true;
  const Json& display = view.at("display");
  s.display_ = Display();
  ok = ok && unseen.see_all(display.at("taverns"), s.display_.taverns);
  ok = ok && unseen.see_all(display.at("maps"), s.display_.maps);
  s.display_.chest = maybe_see(unseen, display.at("chest"), ok);
  s.display_.scorpion = maybe_see(unseen, display.at("scorpion"), ok);
  s.display_.rope = maybe_see(unseen, display.at("rope"), ok);
  s.display_.hammock = maybe_see(unseen, display.at("hammock"), ok);
  s.display_.bunk = maybe_see(unseen, display.at("bunk"), ok);
  for (int seat = 0; seat < seats; ++seat) {
    const Json& seen = players[seat];
    Player& p = s.players_[seat];
    p = Player();
    p.supply = seen.at("supply").get<int>();
    p.office = seen.at("office").get<int>();
    p.rum = seen.at("rum").get<int>();
    p.done = seen.at("done").get<bool>();
    if (seen.contains("coins")) {
      p.coins = seen.at("coins").get<int>();
      ok = ok && unseen.see_all(seen.at("flag"), p.flag);
      ok = ok && unseen.see_all(seen.at("encounters"), p.meetings);
    }
  }
  const Json& question = view.at("question");
  const Step step = step_named(view.at("stage"));
  s.drawn_.reset();
  if (question.contains("drawn")) s.drawn_ = maybe_see(unseen, question.at("drawn"), ok);
  if (!ok) return nullptr;

  // What the seat cannot see, dealt at random from the rest: the stacks first (their sizes are
  // public), then the article another player is looking at, the others' encounters face down,
  // and what is left under the others' flags.
  unseen.shuffle(rng);
  const Json& sizes = view.at("stacks");
  for (int k = 0; k < kTileKinds; ++k) {
    Stack& stack = stack_of(s.stacks_, TileKind(k));
    stack.clear();
    if (!unseen.deal(TileKind(k), sizes.at(kStackNames[k]).get<int>(), stack)) return nullptr;
  }
  if (step == Step::kGoods && !s.drawn_) {
    std::vector<Tile> drawn;
    if (!unseen.deal(TileKind::kGoods, 1, drawn)) return nullptr;
    s.drawn_ = drawn.front();
  }
  std::vector<int> others;
  for (int seat = 0; seat < seats; ++seat) {
    if (players[seat].contains("coins")) continue;
    others.push_back(seat);
    const int face_down = players[seat].at("encounters_face_down").get<int>();
    if (!unseen.deal(TileKind::kEncounter, face_down, s.players_[seat].meetings)) return nullptr;
  }
  // Every tile left went from the dispenser to somebody's flag (a sold article or a guard that
  // won goes back under its stack, which the stacks' sizes count), but for the sleeping places
  // nobody won, which leave the game with the next brawl's. Who won which is known only from
  // events the sight no longer holds, so each tile goes to another player at random, and a
  // sleeping place to the game's box as often as to a flag.
  for (int k = 0; k < kTileKinds && !others.empty(); ++k) {
    for (const Tile& tile : unseen.pool(TileKind(k))) {
      if (is_sleeping_place(TileKind(k)) && rng.below(2) == 0) continue;
      const int to = others[rng.below(static_cast<std::uint32_t>(others.size()))];
      s.players_[to].flag.push_back(tile);
    }
  }
  // The others' coins: a coin space, a sold article and a guard pay in secret, and moves and
  // drinks are paid in public, so the sight bounds them without telling them. They are drawn
  // plausibly instead, around what the seat itself holds at the same point of the match.
  const int own_coins = players[sight.seat].value("coins", kStartCoins);
  for (int seat : others)
    s.players_[seat].coins = std::max(0, own_coins + static_cast<int>(rng.below(5)) - 2);

  // The town and the ship as the view shows them.
  const Json& alleys = view.at("alley_pirates");
  if (alleys.size() != s.alley_owner_.size()) return nullptr;
  for (std::size_t a = 0; a < alleys.size(); ++a)
    s.alley_owner_[a] = static_cast<std::int8_t>(alleys[a].is_null() ? -1 : alleys[a].get<int>());
  s.captain_ = view.at("captain").get<int>();
  s.current_ = view.at("current").get<int>();
  s.first_player_ = view.at("first_player").get<int>();
  s.moves_ = view.at("moves_this_turn").get<int>();
  s.round_ = view.at("round").get<int>();
  s.rum_supply_ = view.at("rum_supply").get<int>();
  s.step_ = step;
  Ship ship;
  for (const Json& row : view.at("ship").at("rows"))
    ship.rows_.push_back(
        {crew_of(row.at("crew")), {row.at("left").get<int>(), row.at("right").get<int>()}});
  if (const auto fight = view.at("ship").find("fight"); fight != view.at("ship").end()) {
    ship.side_ = fight->at("side") == "left" ? 0 : 1;
    ship.column_ = fight->at("column").get<int>();
    ship.fighters_ = fight->at("rows").get<std::vector<int>>();
    ship.next_ = fight->at("rolled").get<int>();
    ship.standing_ = fight->at("standing_row").get<int>();
    ship.standing_roll_ = fight->at("standing_roll").get<int>();
  }
  s.ship_ = std::move(ship);

  // The question under way.
  s.drink_ = Drink();
  if (const auto drink = question.find("drink"); drink != question.end()) {
    s.drink_.tavern = tavern_named(drink->at("tavern"));
    s.drink_.drinkers = drink->at("drinkers").get<std::vector<int>>();
    s.drink_.invitee = drink->value("invitee", -1);
  }
  s.roll_ = Roll();
  if (const auto roll = question.find("roll"); roll != question.end()) {
    s.roll_.seat = roll->at("seat").get<int>();
    s.roll_.crew = crew_of(roll->at("crew"));
    s.roll_.value = roll->at("value").is_number() ? roll->at("value").get<int>() : 0;
    s.roll_.rerolls_left = roll->at("rerolls_left").get<int>();
    const Json& purpose = roll->at("for");
    s.dice_ = purpose == "tavern"  ? Dice::kTavern
              : purpose == "chest" ? Dice::kChest
                                   : Dice::kBrawl;
    const auto& drinkers = s.drink_.drinkers;
    s.drink_.next = static_cast<int>(std::find(drinkers.begin(), drinkers.end(), s.roll_.seat) -
                                     drinkers.begin());
    if (s.drink_.next == static_cast<int>(drinkers.size())) s.drink_.next = 0;
    s.chest_next_ = s.roll_.seat;
  }
  s.chest_total_ = question.value("chest_total", 0);
  s.events_.clear();
  for (const Json& event : view.at("events")) s.events_.push_back({event, -1, nullptr});
  return state;
}

// The win first; a tenth for the points against the best player's (win_then_score).
double Sampler::outcome(const State& state, int seat) const {
  return win_then_score(state.result(), seat);
}

Json Sampler::rollout_action(const State& state, int seat, Chance& rng) const {
  return SmartBot().choose(state, seat, rng);
}

}  // namespace tortuga::um_rum_und_ehre
