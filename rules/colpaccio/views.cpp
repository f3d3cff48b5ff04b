// What each seat sees, and the result. Everything here is public except where said: the deck
// shows its size and whether a threat's back is on top (threats are told from the ship side by a
// spyglass); the personal areas show how many ships they hold; the set-aside threat shows only to
// those who looked, until the two others have both been revealed.
#include <algorithm>
#include <array>
#include <string>

#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/core/result_words.hpp"

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

}  // namespace

namespace {

// The goods in the order of their names, as an object keyed by them holds them.
const std::array<int, kGoods>& goods_by_name() {
  static const std::array<int, kGoods> order = [] {
    std::array<int, kGoods> goods;
    for (int g = 0; g < kGoods; ++g) goods[g] = g;
    std::sort(goods.begin(), goods.end(),
              [](int a, int b) { return good_name(good_at(a)) < good_name(good_at(b)); });
    return goods;
  }();
  return order;
}

}  // namespace

void ColpaccioState::write_cards(const std::vector<int>& cards, ViewWriter& out) const {
  out.begin_array();
  for (int card : cards) write_card(out, deck(), card);
  out.end_array();
}

void ColpaccioState::write_area(const Area& area, bool reveal, int seat, ViewWriter& out) const {
  out.begin_object();
  out.member("cannonballs", cannonballs(area));
  out.member("doubloons", area.doubloons);
  out.key("goods");
  out.begin_object();
  for (int g : goods_by_name()) {
    out.key(good_name(good_at(g)));
    write_cards(area.columns[g], out);
  }
  out.end_object();
  out.member("penalty", area.penalty);
  if (seat >= 0) out.member("seat", seat);
  if (reveal) {
    out.key("ship_cards");
    write_cards(area.ships, out);
  }
  out.member("ships", area.ships.size());
  out.member("spyglass", area.looked);
  out.member("turns", area.turns);
  out.end_object();
}

std::span<const std::string_view> ColpaccioState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"looking", "threats"};
  return kPrivate;
}

Json ColpaccioState::private_view(int seat) const {
  JsonWriter out;
  write_private_view(seat, out);
  return out.take();
}

void ColpaccioState::write_private_view(int seat, ViewWriter& out) const {
  out.begin_object();
  out.key("looking");
  write_looking(seat, out);
  out.key("threats");
  write_threats(seat, out);
  out.end_object();
}

void ColpaccioState::write_threats(int seat, ViewWriter& out) const {
  const bool everything = seat == kEveryone;
  const bool looked = seat >= 0 && table_.players[seat].looked;
  out.begin_object();
  out.member("resolved", resolved_);
  out.key("revealed");
  out.begin_array();
  for (Threat threat : revealed_) out.value(threat_name(threat));
  out.end_array();
  out.key("set_aside");
  everything || looked || set_aside_known() ? out.value(threat_name(table_.set_aside)) : out.null();
  out.member("waiting", frozen_.size());
  if (everything) {
    out.key("waiting_threats");
    out.begin_array();
    for (Threat threat : frozen_) out.value(threat_name(threat));
    out.end_array();
  }
  out.end_object();
}

void ColpaccioState::write_looking(int seat, ViewWriter& out) const {
  // The owner looks at all the ships of the personal area only while choosing what to reveal.
  phase_ == Phase::kParrotPact&& seat == turn_ ? write_cards(mine().ships, out) : out.null();
}

Json ColpaccioState::seat_view(int seat) const {
  JsonWriter out;
  write_seat_view(seat, out);
  return out.take();
}

void ColpaccioState::write_seat_view(int seat, ViewWriter& out) const {
  const bool everything = seat == kEveryone;
  const Table& t = table_;
  out.begin_object();
  out.key("convoy");
  write_cards(t.convoy, out);
  out.key("corsairs");
  t.solo ? write_area(t.corsairs, everything, -1, out) : out.null();
  out.key("deck");
  out.begin_object();
  out.member("count", t.pile.size());
  if (everything) {
    out.key("order");  // top first
    out.begin_array();
    for (auto e = t.pile.rbegin(); e != t.pile.rend(); ++e) {
      if (*e >= 0) {
        write_card(out, deck(), *e);
        continue;
      }
      out.begin_object();
      out.member("threat", threat_name(entry_threat(*e)));
      out.end_object();
    }
    out.end_array();
    out.key("removed");
    write_cards(t.removed, out);
  }
  out.member("threat_on_top", !t.pile.empty() && t.pile.back() < 0);
  out.member("threats_inside", threats_in_pile());
  out.end_object();
  out.member("first_player", t.first_player);
  out.member("game", "colpaccio");
  out.key("ghost_ship");
  if (phase_ == Phase::kGhostShip) {
    out.begin_object();
    out.key("choices");
    out.begin_array();
    for (int s : choosing_) {
      out.begin_object();
      out.key("goods");
      out.begin_array();
      for (Good good : most_held(t.players[s])) out.value(good_name(good));
      out.end_array();
      out.member("seat", s);
      out.end_object();
    }
    out.end_array();
    out.key("choosing");
    out.begin_array();
    for (int s : choosing_) out.value(s);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.member("log", log_);
  out.key("looking");
  write_looking(seat, out);
  out.key("lost_goods");
  write_cards(t.lost_goods, out);
  out.member("phase", phase_name(phase_));
  out.key("players");
  out.begin_array();
  for (int s = 0; s < seats(); ++s) write_area(t.players[s], everything, s, out);
  out.end_array();
  out.member("removed", t.removed.size());
  out.member("solo", t.solo);
  out.key("solo_difficulty");
  t.solo ? out.value(difficulty_name(t.difficulty)) : out.null();
  out.key("sunk_ships");
  everything ? write_cards(t.sunk_ships, out) : out.value(t.sunk_ships.size());
  out.key("this_turn");
  out.begin_object();
  out.member("main_action_done", main_done_);
  out.member("rogue_action_done", rogue_done_);
  out.end_object();
  out.key("threats");
  write_threats(seat, out);
  out.key("turn");
  if (is_over())
    out.null();
  else
    corsairs_turn_ ? out.value("corsairs") : out.value(turn_);
  out.member("turn_clock_s", turn_clock_s_);
  out.end_object();
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
