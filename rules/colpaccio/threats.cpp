// The flow between turns: the threats frozen during a turn strike at its end, the convoy is
// refilled (a threat drawn then strikes at once), the solo Corsairs answer the player, and the
// match ends once the second threat is resolved and everyone has had as many turns.
#include <algorithm>

#include "rules/colpaccio/chance_events.hpp"
#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/colpaccio/convoy.hpp"

namespace tortuga::colpaccio {
namespace {

constexpr int kThreatsToEnd = 2;
constexpr int kKrakenShips = 2;

}  // namespace

int ColpaccioState::draw_ship(const Json& who) {
  auto& pile = table_.pile;
  while (!pile.empty()) {
    const int top = pile.back();
    pile.pop_back();
    if (top >= 0) return top;
    // A threat met in the middle of a turn waits face down until the turn's end.
    frozen_.push_back(entry_threat(top));
    log_.push_back({{"event", "threat_drawn"}, {"by", who}});
  }
  return -1;
}

void ColpaccioState::end_turn() {
  phase_ = Phase::kEnding;
  stage_ = Stage::kFrozen;
  advance();
}

bool ColpaccioState::finished() const {
  // The second threat resolved ends the match; a table laid out with fewer threats ends once none
  // is left to come.
  const bool threats_done =
      resolved_ >= kThreatsToEnd || (threats_in_pile() == 0 && frozen_.empty());
  if (!threats_done) return false;
  const int turns = table_.players[0].turns;
  for (const Area& area : table_.players)
    if (area.turns != turns) return false;
  return !table_.solo || table_.corsairs.turns == turns;
}

void ColpaccioState::advance() {
  auto& convoy = table_.convoy;
  auto& pile = table_.pile;
  for (;;) {
    if (phase_ == Phase::kGhostShip) return;
    switch (stage_) {
      case Stage::kFrozen:
        if (!frozen_.empty()) {
          const Threat threat = frozen_.front();
          frozen_.erase(frozen_.begin());
          strike(threat);
        } else {
          stage_ = Stage::kRefill;
        }
        break;
      case Stage::kRefill:
        if (convoy.size() < kConvoySize && !pile.empty()) {
          const int top = pile.back();
          pile.pop_back();
          if (top < 0)
            strike(entry_threat(top));
          else
            convoy.push_back(top);
        } else {
          stage_ = Stage::kNextTurn;
        }
        break;
      case Stage::kNextTurn:
        ++area_in_turn().turns;
        if (finished()) {
          phase_ = Phase::kOver;
          stage_ = Stage::kNone;
          return;
        }
        if (table_.solo && !corsairs_turn_) {
          corsairs_turn_ = true;
          corsairs_raid();
          stage_ = Stage::kFrozen;
          break;
        }
        corsairs_turn_ = false;
        turn_ = table_.solo ? 0 : (turn_ + 1) % seats();
        main_done_ = rogue_done_ = false;
        phase_ = Phase::kTurn;
        stage_ = Stage::kNone;
        if (may_go_on()) return;
        // Nothing to take and nothing to pay for: the turn passes by itself.
        log_.push_back({{"event", "turn_passed"}, {"seat", turn_}});
        phase_ = Phase::kEnding;
        stage_ = Stage::kFrozen;
        break;
      case Stage::kNone:
        return;
    }
  }
}

void ColpaccioState::strike(Threat threat) {
  revealed_.push_back(threat);
  const std::vector<int> beaten = defeated();
  log_.push_back({{"event", "threat"}, {"threat", threat_name(threat)}, {"defeated", beaten}});
  Area& corsairs = table_.corsairs;
  for (int seat : beaten) {
    Area& area = table_.players[seat];
    switch (threat) {
      case Threat::kCorsairs:
        if (area.doubloons > 0) {
          log_.push_back(
              {{"event", "lost_doubloons"}, {"seat", seat}, {"doubloons", area.doubloons}});
          if (table_.solo) corsairs.doubloons += area.doubloons;
          area.doubloons = 0;
        } else {
          area.penalty += kCorsairsPenalty;
          log_.push_back(
              {{"event", "lost_prestige"}, {"seat", seat}, {"prestige", kCorsairsPenalty}});
        }
        break;
      case Threat::kKraken: {
        int sunk = 0;
        for (; sunk < kKrakenShips && !area.ships.empty(); ++sunk) {
          const auto pick = tortuga::pick(chance(), kKrakenEvent, area.ships, card_name);
          const int ship = area.ships[pick];
          area.ships.erase(area.ships.begin() + pick);
          (table_.solo ? corsairs.ships : table_.sunk_ships).push_back(ship);
        }
        log_.push_back({{"event", "lost_ships"}, {"seat", seat}, {"ships", sunk}});
        break;
      }
      case Threat::kGhostShip: {
        const auto goods = most_held(area);
        if (goods.size() == 1)
          lose_last(area, goods[0], seat);
        else if (goods.size() > 1)
          choosing_.push_back(seat);
        break;
      }
    }
  }
  if (!choosing_.empty()) {
    phase_ = Phase::kGhostShip;
    return;
  }
  ++resolved_;
}

void ColpaccioState::lose_last(Area& from, Good good, int seat) {
  auto& column = from.columns[index(good)];
  const int card = column.back();
  column.pop_back();
  if (table_.solo)
    place(table_.corsairs, card);
  else
    table_.lost_goods.push_back(card);
  log_.push_back({{"event", "lost_good"}, {"seat", seat}, {"card", card_json(deck(), card)}});
}

Refusal ColpaccioState::lose_good(int seat, Good good) {
  Area& area = table_.players[seat];
  const auto goods = most_held(area);
  if (std::find(goods.begin(), goods.end(), good) == goods.end()) {
    std::string names;
    for (Good g : goods) names += (names.empty() ? "" : " or ") + std::string(good_name(g));
    return illegal("the ghost ship takes a good you hold most of: " + names);
  }
  log_ = Json::array();
  lose_last(area, good, seat);
  choosing_.erase(std::find(choosing_.begin(), choosing_.end(), seat));
  if (choosing_.empty()) finish_ghost_ship();
  return std::nullopt;
}

void ColpaccioState::finish_ghost_ship() {
  ++resolved_;
  phase_ = Phase::kEnding;
  advance();
}

void ColpaccioState::corsairs_raid() {
  const CorsairsRaid raid = colpaccio::corsairs_raid(deck(), table_.convoy);
  Json taken = Json::array();
  take_from_convoy(raid.positions, table_.corsairs, taken);
  const bool bonus = !raid.positions.empty() && raid.adjacent;
  log_.push_back(
      {{"event", "corsairs_raid"},
       {"location", raid.positions.empty() ? Json() : Json(location_name(raid.location))},
       {"cards", std::move(taken)},
       {"bonus_ship", bonus}});
  if (!bonus) return;
  const int ship = draw_ship("corsairs");
  if (ship >= 0) table_.corsairs.ships.push_back(ship);
}

}  // namespace tortuga::colpaccio
