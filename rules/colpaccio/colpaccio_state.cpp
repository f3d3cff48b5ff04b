#include "rules/colpaccio/colpaccio_state.hpp"

#include <algorithm>
#include <string>

#include "rules/colpaccio/chance_events.hpp"
#include "rules/colpaccio/convoy.hpp"
#include "rules/core/result_words.hpp"

namespace tortuga::colpaccio {
namespace {

constexpr int kSoloRemoved = 10;
constexpr int kThreatFromBottom = 7;

std::shared_ptr<const Deck> deck_for(const Json& options) {
  auto it = options.find("deck");
  if (it != options.end() && !it->is_null()) {
    auto custom = parse_deck(*it);
    if (custom) return std::make_shared<const Deck>(std::move(*custom));
  }
  return standard_deck();
}

SoloDifficulty difficulty_of(const Json& options) {
  const std::string name = options.value("solo_difficulty", "standard");
  if (name == "easy") return SoloDifficulty::kEasy;
  if (name == "medium") return SoloDifficulty::kMedium;
  if (name == "hard") return SoloDifficulty::kHard;
  return SoloDifficulty::kStandard;
}

int pop(std::vector<int>& pile) {
  const int top = pile.back();
  pile.pop_back();
  return top;
}

Json score_json(const Score& score, const Holding& holding) {
  Json goods = Json::object();
  for (int g = 0; g < kGoods; ++g) goods[std::string(good_name(good_at(g)))] = score.majorities[g];
  return {{"goods", std::move(goods)},      {"ships", score.ships},
          {"penalty", score.penalty},       {"total", score.total},
          {"doubloons", holding.doubloons}, {"goods_cards", holding.goods_total()}};
}

}  // namespace

ColpaccioState::ColpaccioState(Table table, Chance chance)
    : State(static_cast<int>(table.players.size()), std::move(chance)), table_(std::move(table)) {}

ColpaccioState::ColpaccioState(const Json& options, Chance chance)
    : State(std::max(1, options.value("players", 1)), std::move(chance)) {
  Table& t = table_;
  t.deck = deck_for(options);
  t.solo = seats() == 1;
  t.difficulty = t.solo ? difficulty_of(options) : SoloDifficulty::kStandard;
  t.players.resize(seats());
  for (int id = 0; id < static_cast<int>(t.deck->size()); ++id) t.pile.push_back(id);
  order_pile(State::chance(), kDeckEvent, t.pile, card_name);
  if (t.solo)
    for (int i = 0; i < kSoloRemoved; ++i) t.removed.push_back(pop(t.pile));
  for (int i = 0; i < kConvoySize; ++i) t.convoy.push_back(pop(t.pile));

  int doubloons = 1;
  if (t.solo) {
    doubloons = t.difficulty == SoloDifficulty::kStandard ? 0
                : t.difficulty == SoloDifficulty::kHard   ? 3
                                                          : 1;
    // The seasoned Corsairs' two ships come before the threats go in, so they are never threats.
    if (t.difficulty == SoloDifficulty::kMedium)
      for (int i = 0; i < 2; ++i) t.corsairs.ships.push_back(pop(t.pile));
  }
  for (Area& area : t.players) area.doubloons = doubloons;

  std::vector<int> threats = {0, 1, 2};
  order(State::chance(), kThreatsEvent, threats,
        [](int threat) { return threat_name(static_cast<Threat>(threat)); });
  t.set_aside = static_cast<Threat>(threats[0]);
  t.pile.insert(t.pile.begin() + (kThreatFromBottom - 1), threat_entry(Threat(threats[1])));
  const std::size_t above = (t.pile.size() - kThreatFromBottom) / 2;
  t.pile.insert(t.pile.end() - static_cast<std::ptrdiff_t>(above),
                threat_entry(Threat(threats[2])));

  t.first_player = t.solo ? 0 : number(State::chance(), kFirstPlayerEvent, 0, seats() - 1);
  turn_ = t.first_player;
  turn_clock_s_ = options.value("turn_clock_s", 0);
}

std::unique_ptr<ColpaccioState> ColpaccioState::from_table(Table table, Chance chance,
                                                           std::vector<Threat> revealed,
                                                           int turn_clock_s) {
  if (!table.deck) table.deck = standard_deck();
  table.solo = table.players.size() == 1;
  std::unique_ptr<ColpaccioState> state(new ColpaccioState(std::move(table), std::move(chance)));
  state->turn_ = state->table_.first_player;
  state->resolved_ = static_cast<int>(revealed.size());
  state->revealed_ = std::move(revealed);
  state->turn_clock_s_ = turn_clock_s;
  return state;
}

int ColpaccioState::threats_in_pile() const {
  return static_cast<int>(
      std::count_if(table_.pile.begin(), table_.pile.end(), [](int e) { return e < 0; }));
}

int ColpaccioState::goods_in_pile() const {
  return static_cast<int>(table_.pile.size()) - threats_in_pile();
}

int ColpaccioState::cannonballs(const Area& area) const {
  int count = 0;
  for (const auto& column : area.columns)
    for (int card : column) count += deck()[card].cannonball;
  return count;
}

Holding ColpaccioState::holding(const Area& area) const {
  Holding h;
  for (int g = 0; g < kGoods; ++g) h.goods[g] = static_cast<int>(area.columns[g].size());
  h.ships = static_cast<int>(area.ships.size());
  h.doubloons = area.doubloons;
  h.penalty = area.penalty;
  return h;
}

std::vector<Good> ColpaccioState::most_held(const Area& area) const {
  std::size_t most = 0;
  for (const auto& column : area.columns) most = std::max(most, column.size());
  std::vector<Good> goods;
  if (most == 0) return goods;
  for (int g = 0; g < kGoods; ++g)
    if (area.columns[g].size() == most) goods.push_back(good_at(g));
  return goods;
}

std::vector<int> ColpaccioState::defeated() const {
  if (table_.solo)
    return cannonballs(table_.players[0]) < cannonballs(table_.corsairs) ? std::vector<int>{0}
                                                                         : std::vector<int>{};
  std::vector<int> counts;
  for (const Area& area : table_.players) counts.push_back(cannonballs(area));
  const auto [least, most] = std::minmax_element(counts.begin(), counts.end());
  std::vector<int> seats;
  if (*least == *most) return seats;
  for (int s = 0; s < static_cast<int>(counts.size()); ++s)
    if (counts[s] == *least) seats.push_back(s);
  return seats;
}

std::vector<int> ColpaccioState::actors() const {
  switch (phase_) {
    case Phase::kTurn:
    case Phase::kParrotPact:
      return {turn_};
    case Phase::kGhostShip:
      return choosing_;
    case Phase::kEnding:
    case Phase::kOver:
      break;
  }
  return {};
}

std::optional<Deadline> ColpaccioState::deadline() const {
  if (turn_clock_s_ <= 0 || phase_ == Phase::kOver) return std::nullopt;
  auto asked = actors();
  if (asked.empty()) return std::nullopt;
  return Deadline{turn_clock_s_ * 1000LL, std::move(asked)};
}

bool ColpaccioState::can_secret_chest() const {
  return mine().doubloons >= kSecretChestCost && goods_in_pile() > 0;
}
bool ColpaccioState::can_parrot_pact() const {
  return mine().doubloons >= kParrotPactCost && (goods_in_pile() > 0 || !mine().ships.empty());
}
bool ColpaccioState::can_letter_of_marque() const {
  return mine().doubloons >= kLetterOfMarqueCost && table_.convoy.size() >= 2;
}

bool ColpaccioState::may_go_on() const {
  if (!main_done_ && !table_.convoy.empty()) return true;
  return !rogue_done_ && (can_secret_chest() || can_parrot_pact() || can_letter_of_marque());
}

Json ColpaccioState::turn_actions() const {
  Json actions = Json::array();
  const auto& convoy = table_.convoy;
  if (!main_done_) {
    for (const auto& group : raidable_groups(deck(), convoy)) {
      if (group.size() == 3 && mine().doubloons < 1) continue;
      std::vector<int> cards;
      for (int p : group) cards.push_back(convoy[p]);
      actions.push_back(raid_json(cards));
    }
  }
  if (!rogue_done_) {
    if (can_secret_chest()) actions.push_back(plain_json("secret_chest"));
    if (can_parrot_pact()) actions.push_back(plain_json("parrot_pact"));
    if (can_letter_of_marque())
      for (std::size_t a = 0; a < convoy.size(); ++a)
        for (std::size_t b = a + 1; b < convoy.size(); ++b)
          actions.push_back(letter_json(convoy[a], convoy[b]));
  }
  if (main_done_ || convoy.empty()) actions.push_back(plain_json("end_turn"));
  return actions;
}

Json ColpaccioState::legal(int seat) const {
  Json actions = Json::array();
  switch (phase_) {
    case Phase::kTurn:
      return turn_actions();
    case Phase::kParrotPact: {
      const auto& ships = mine().ships;
      actions.push_back(reveal_json({}));
      for (std::size_t a = 0; a < ships.size(); ++a) actions.push_back(reveal_json({ships[a]}));
      for (std::size_t a = 0; a < ships.size(); ++a)
        for (std::size_t b = a + 1; b < ships.size(); ++b)
          actions.push_back(reveal_json({ships[a], ships[b]}));
      break;
    }
    case Phase::kGhostShip:
      for (Good good : most_held(table_.players[seat])) actions.push_back(lose_good_json(good));
      break;
    case Phase::kEnding:
    case Phase::kOver:
      break;
  }
  return actions;
}

Refusal ColpaccioState::turn_refusal(const ParsedAction& action) const {
  switch (action.type) {
    case ActionType::kRevealShips:
      return illegal("reveal_ships follows a parrot pact, and you have not made one now");
    case ActionType::kLoseGood:
      return illegal("the ghost ship is not asking anyone for a good");
    case ActionType::kRaid:
      if (main_done_) return illegal("you have made your main action this turn");
      return std::nullopt;
    case ActionType::kEndTurn:
      if (!main_done_ && !table_.convoy.empty())
        return illegal("make your main action first: raid one good, or two or three adjacent ones");
      return std::nullopt;
    case ActionType::kSecretChest:
    case ActionType::kParrotPact:
    case ActionType::kLetterOfMarque:
      if (rogue_done_) return illegal("you have made your rogue action this turn");
      return std::nullopt;
  }
  return std::nullopt;
}

Refusal ColpaccioState::act(int seat, const Json& action) {
  auto parsed = parse_action(action);
  if (!parsed) return parsed.error();
  if (phase_ == Phase::kGhostShip) {
    if (parsed->type != ActionType::kLoseGood)
      return illegal("the ghost ship has struck: choose which of your most held goods it takes");
    return lose_good(seat, parsed->good);
  }
  if (phase_ == Phase::kParrotPact) {
    if (parsed->type != ActionType::kRevealShips)
      return illegal("finish the parrot pact first: reveal up to two of your ships (none is fine)");
    return reveal_ships(parsed->cards);
  }
  if (auto refused = turn_refusal(*parsed)) return refused;
  switch (parsed->type) {
    case ActionType::kRaid:
      return raid(parsed->cards);
    case ActionType::kSecretChest:
      return secret_chest();
    case ActionType::kParrotPact:
      return parrot_pact();
    case ActionType::kLetterOfMarque:
      return letter_of_marque(parsed->cards);
    case ActionType::kEndTurn:
      log_ = Json::array({Json{{"event", "end_turn"}, {"seat", turn_}}});
      end_turn();
      return std::nullopt;
    case ActionType::kRevealShips:
    case ActionType::kLoseGood:
      break;
  }
  return std::nullopt;
}

Json ColpaccioState::result() const {
  if (!is_over()) return nullptr;
  const Table& t = table_;
  if (t.solo) {
    const Holding player = holding(t.players[0]), corsairs = holding(t.corsairs);
    const SoloScore solo = solo_prestige(player, corsairs, t.difficulty == SoloDifficulty::kHard);
    const std::string mine = std::to_string(solo.player.total);
    const std::string theirs = std::to_string(solo.corsairs.total);
    const std::string reason = solo.won ? "duel_won" : "duel_lost";
    return result_words::said(
        {{"winners", solo.won ? Json::array({0}) : Json::array()},
         {"reason", reason},
         {"scores", {solo.player.total}},
         {"corsairs_score", solo.corsairs.total},
         {"prestige", {score_json(solo.player, player)}},
         {"corsairs", score_json(solo.corsairs, corsairs)}},
        "games.colpaccio.result." + reason,
        {{"player", result_words::player(0)},
         {"prestige", solo.player.total},
         {"corsairs", solo.corsairs.total}},
        solo.won
            ? result_words::seat_text(0) + " beat the Corsairs, " + mine + " to " + theirs + "."
            : "The Corsairs won the duel, " + theirs + " to " + mine + ".");
  }
  std::vector<Holding> holdings;
  for (const Area& area : t.players) holdings.push_back(holding(area));
  const auto scores = prestige(holdings);
  const auto places = placings(holdings, scores);
  Json totals = Json::array(), breakdown = Json::array();
  for (int s = 0; s < seats(); ++s) {
    totals.push_back(scores[s].total);
    Json entry = score_json(scores[s], holdings[s]);
    entry["seat"] = s;
    breakdown.push_back(std::move(entry));
  }
  const auto& winners = places.front();
  const int best = scores[winners.front()].total;
  const std::string who = result_words::seats_text(winners);
  const std::string prestige_text = std::to_string(best) + " prestige";
  const bool alone = winners.size() == 1;
  return result_words::said(
      {{"winners", winners},
       {"reason", "prestige"},
       {"scores", std::move(totals)},
       {"places", places},
       {"prestige", std::move(breakdown)}},
      alone ? "games.colpaccio.result.colpaccio" : "games.colpaccio.result.shared",
      {{"winners", result_words::players(winners)}, {"prestige", best}},
      alone ? who + " made the Colpaccio with " + prestige_text + "."
            : who + " share the victory with " + prestige_text + ": a toast with a glass of rum.");
}

}  // namespace tortuga::colpaccio
