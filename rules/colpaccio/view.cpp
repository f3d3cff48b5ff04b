// What each seat sees, and the result. Everything here is public except where said: the deck
// shows its size and whether a threat's back is on top (threats are told from the ship side by a
// spyglass); the personal areas show how many ships they hold; the set-aside threat shows only to
// those who looked, until the two others have both been revealed.
#include <string>

#include "rules/colpaccio/colpaccio_state.hpp"

namespace tortuga::colpaccio {
namespace {

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::kTurn:
      return "turn";
    case Phase::kParrotPact:
      return "parrot_pact";
    case Phase::kGhostShip:
      return "ghost_ship";
    case Phase::kEnding:
      return "ending";
    case Phase::kOver:
      return "over";
  }
  return "";
}

std::string_view difficulty_name(SoloDifficulty difficulty) {
  switch (difficulty) {
    case SoloDifficulty::kStandard:
      return "standard";
    case SoloDifficulty::kEasy:
      return "easy";
    case SoloDifficulty::kMedium:
      return "medium";
    case SoloDifficulty::kHard:
      return "hard";
  }
  return "";
}

Json score_json(const Score& score, const Holding& holding) {
  Json goods = Json::object();
  for (int g = 0; g < kGoods; ++g) goods[std::string(good_name(good_at(g)))] = score.majorities[g];
  return {{"goods", std::move(goods)},      {"ships", score.ships},
          {"penalty", score.penalty},       {"total", score.total},
          {"doubloons", holding.doubloons}, {"goods_cards", holding.goods_total()}};
}

std::string seats_text(const std::vector<int>& seats) {
  std::string text = seats.size() == 1 ? "Seat " : "Seats ";
  for (std::size_t i = 0; i < seats.size(); ++i)
    text += (i == 0 ? "" : i + 1 == seats.size() ? " and " : ", ") + std::to_string(seats[i]);
  return text;
}

}  // namespace

Json ColpaccioState::cards_json(const std::vector<int>& cards) const {
  Json list = Json::array();
  list.get_ref<Json::array_t&>().reserve(cards.size());
  for (int card : cards) list.push_back(card_json(deck(), card));
  return list;
}

Json ColpaccioState::area_json(const Area& area, bool reveal) const {
  Json goods = Json::object();
  for (int g = 0; g < kGoods; ++g)
    goods[std::string(good_name(good_at(g)))] = cards_json(area.columns[g]);
  Json json = Json::object();
  json["goods"] = std::move(goods);
  json["cannonballs"] = cannonballs(area);
  json["ships"] = area.ships.size();
  json["doubloons"] = area.doubloons;
  json["penalty"] = area.penalty;
  json["turns"] = area.turns;
  json["spyglass"] = area.looked;
  if (reveal) json["ship_cards"] = cards_json(area.ships);
  return json;
}

std::span<const std::string_view> ColpaccioState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"looking", "threats"};
  return kPrivate;
}

Json ColpaccioState::private_view(int seat) const {
  return {{"looking", looking_json(seat)}, {"threats", threats_json(seat)}};
}

Json ColpaccioState::threats_json(int seat) const {
  const bool everything = seat == kEveryone;
  Json revealed = Json::array();
  for (Threat threat : revealed_) revealed.push_back(threat_name(threat));
  const bool looked = seat >= 0 && table_.players[seat].looked;
  Json threats = {
      {"revealed", std::move(revealed)},
      {"resolved", resolved_},
      {"waiting", frozen_.size()},
      {"set_aside",
       everything || looked || set_aside_known() ? Json(threat_name(table_.set_aside)) : Json()}};
  if (everything) {
    Json waiting = Json::array();
    for (Threat threat : frozen_) waiting.push_back(threat_name(threat));
    threats["waiting_threats"] = std::move(waiting);
  }
  return threats;
}

Json ColpaccioState::looking_json(int seat) const {
  // The owner looks at all the ships of the personal area only while choosing what to reveal.
  return phase_ == Phase::kParrotPact && seat == turn_ ? cards_json(mine().ships) : Json();
}

Json ColpaccioState::seat_view(int seat) const {
  const bool everything = seat == kEveryone;
  const Table& t = table_;
  Json view = Json::object();
  view["game"] = "colpaccio";
  view["phase"] = phase_name(phase_);
  view["solo"] = t.solo;
  view["solo_difficulty"] = t.solo ? Json(difficulty_name(t.difficulty)) : Json();
  view["first_player"] = t.first_player;
  view["turn"] = is_over() ? Json() : corsairs_turn_ ? Json("corsairs") : Json(turn_);
  view["this_turn"] = {{"main_action_done", main_done_}, {"rogue_action_done", rogue_done_}};
  view["convoy"] = cards_json(t.convoy);

  Json deck = {{"count", t.pile.size()},
               {"threat_on_top", !t.pile.empty() && t.pile.back() < 0},
               {"threats_inside", threats_in_pile()}};
  if (everything) {
    Json order = Json::array();  // top first
    for (auto e = t.pile.rbegin(); e != t.pile.rend(); ++e)
      order.push_back(*e >= 0 ? card_json(this->deck(), *e)
                              : Json{{"threat", threat_name(entry_threat(*e))}});
    deck["order"] = std::move(order);
    deck["removed"] = cards_json(t.removed);
  }
  view["deck"] = std::move(deck);

  view["threats"] = threats_json(seat);

  Json players = Json::array();
  for (int s = 0; s < seats(); ++s) {
    Json area = area_json(t.players[s], everything);
    area["seat"] = s;
    players.push_back(std::move(area));
  }
  view["players"] = std::move(players);
  view["corsairs"] = t.solo ? area_json(t.corsairs, everything) : Json();
  view["looking"] = looking_json(seat);
  Json ghost;
  if (phase_ == Phase::kGhostShip) {
    Json choices = Json::array();
    for (int s : choosing_) {
      Json goods = Json::array();
      for (Good good : most_held(t.players[s])) goods.push_back(good_name(good));
      choices.push_back({{"seat", s}, {"goods", std::move(goods)}});
    }
    ghost = {{"choosing", choosing_}, {"choices", std::move(choices)}};
  }
  view["ghost_ship"] = std::move(ghost);
  view["lost_goods"] = cards_json(t.lost_goods);
  view["sunk_ships"] = everything ? cards_json(t.sunk_ships) : Json(t.sunk_ships.size());
  view["removed"] = t.removed.size();
  view["log"] = log_;
  return view;
}

Json ColpaccioState::result() const {
  if (!is_over()) return nullptr;
  const Table& t = table_;
  if (t.solo) {
    const Holding player = holding(t.players[0]), corsairs = holding(t.corsairs);
    const SoloScore solo = solo_prestige(player, corsairs, t.difficulty == SoloDifficulty::kHard);
    const std::string score =
        std::to_string(solo.player.total) + " to " + std::to_string(solo.corsairs.total);
    return {{"winners", solo.won ? Json::array({0}) : Json::array()},
            {"reason", solo.won ? "duel_won" : "duel_lost"},
            {"scores", {solo.player.total}},
            {"corsairs_score", solo.corsairs.total},
            {"prestige", {score_json(solo.player, player)}},
            {"corsairs", score_json(solo.corsairs, corsairs)},
            {"message", solo.won ? "The player beat the Corsairs, " + score + "."
                                 : "The Corsairs won the duel, " + score + "."}};
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
  const std::string prestige_text = std::to_string(scores[winners.front()].total) + " prestige";
  return {{"winners", winners},
          {"reason", "prestige"},
          {"scores", std::move(totals)},
          {"places", places},
          {"prestige", std::move(breakdown)},
          {"message", winners.size() == 1
                          ? seats_text(winners) + " made the Colpaccio with " + prestige_text + "."
                          : seats_text(winners) + " share the victory with " + prestige_text +
                                ": a toast with a glass of rum."}};
}

}  // namespace tortuga::colpaccio
