// What each seat sees. Everything here is public except where said: the deck
// shows its size and whether a threat's back is on top (threats are told from the ship side by a
// spyglass); the personal areas show how many ships they hold; the set-aside threat shows only to
// those who looked, until the two others have both been revealed.
#include "rules/colpaccio/views.hpp"

#include <algorithm>
#include <array>

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

void write_cards(const ColpaccioState& state, const std::vector<int>& cards, ViewWriter& out) {
  out.begin_array();
  for (int card : cards) write_card(out, state.deck(), card);
  out.end_array();
}

// A player's area (with its `seat`) or the Corsairs' (seat -1).
void write_area(const ColpaccioState& state, const Area& area, bool reveal, int seat,
                ViewWriter& out) {
  out.begin_object();
  out.member("cannonballs", state.cannonballs(area));
  out.member("doubloons", area.doubloons);
  out.key("goods");
  out.begin_object();
  for (int g : goods_by_name()) {
    out.key(good_name(good_at(g)));
    write_cards(state, area.columns[g], out);
  }
  out.end_object();
  out.member("penalty", area.penalty);
  if (seat >= 0) out.member("seat", seat);
  if (reveal) {
    out.key("ship_cards");
    write_cards(state, area.ships, out);
  }
  out.member("ships", area.ships.size());
  out.member("spyglass", area.looked);
  out.member("turns", area.turns);
  out.end_object();
}

// What this seat knows of the threats.
void write_threats(const ColpaccioState& state, int seat, ViewWriter& out) {
  const bool everything = seat == kEveryone;
  const bool looked = seat >= 0 && state.table().players[seat].looked;
  out.begin_object();
  out.member("resolved", state.resolved());
  out.key("revealed");
  out.begin_array();
  for (Threat threat : state.revealed()) out.value(threat_name(threat));
  out.end_array();
  out.key("set_aside");
  everything || looked || state.set_aside_known() ? out.value(threat_name(state.table().set_aside))
                                                  : out.null();
  out.member("waiting", state.waiting_threats().size());
  if (everything) {
    out.key("waiting_threats");
    out.begin_array();
    for (Threat threat : state.waiting_threats()) out.value(threat_name(threat));
    out.end_array();
  }
  out.end_object();
}

// The ships their owner looks at, choosing which to reveal after a parrot pact.
void write_looking(const ColpaccioState& state, int seat, ViewWriter& out) {
  // The owner looks at all the ships of the personal area only while choosing what to reveal.
  state.phase() == Phase::kParrotPact&& seat == state.turn()
      ? write_cards(state, state.table().players[state.turn()].ships, out)
      : out.null();
}

void write_board(const ColpaccioState& state, int seat, ViewWriter& out) {
  const bool everything = seat == kEveryone;
  const Table& t = state.table();
  out.begin_object();
  out.key("convoy");
  write_cards(state, t.convoy, out);
  out.key("corsairs");
  t.solo ? write_area(state, t.corsairs, everything, -1, out) : out.null();
  out.key("deck");
  out.begin_object();
  out.member("count", t.pile.size());
  if (everything) {
    out.key("order");  // top first
    out.begin_array();
    for (auto e = t.pile.rbegin(); e != t.pile.rend(); ++e) {
      if (*e >= 0) {
        write_card(out, state.deck(), *e);
        continue;
      }
      out.begin_object();
      out.member("threat", threat_name(entry_threat(*e)));
      out.end_object();
    }
    out.end_array();
    out.key("removed");
    write_cards(state, t.removed, out);
  }
  out.member("threat_on_top", !t.pile.empty() && t.pile.back() < 0);
  out.member("threats_inside", state.threats_in_pile());
  out.end_object();
  out.member("first_player", t.first_player);
  out.member("game", "colpaccio");
  out.key("ghost_ship");
  if (state.phase() == Phase::kGhostShip) {
    out.begin_object();
    out.key("choices");
    out.begin_array();
    for (int s : state.choosing()) {
      out.begin_object();
      out.key("goods");
      out.begin_array();
      for (Good good : state.most_held(t.players[s])) out.value(good_name(good));
      out.end_array();
      out.member("seat", s);
      out.end_object();
    }
    out.end_array();
    out.key("choosing");
    out.begin_array();
    for (int s : state.choosing()) out.value(s);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.member("log", state.log());
  out.key("looking");
  write_looking(state, seat, out);
  out.key("lost_goods");
  write_cards(state, t.lost_goods, out);
  out.member("phase", phase_name(state.phase()));
  out.key("players");
  out.begin_array();
  for (int s = 0; s < state.seats(); ++s) write_area(state, t.players[s], everything, s, out);
  out.end_array();
  out.member("removed", t.removed.size());
  out.member("solo", t.solo);
  out.key("solo_difficulty");
  t.solo ? out.value(difficulty_name(t.difficulty)) : out.null();
  out.key("sunk_ships");
  everything ? write_cards(state, t.sunk_ships, out) : out.value(t.sunk_ships.size());
  out.key("this_turn");
  out.begin_object();
  out.member("main_action_done", state.main_done());
  out.member("rogue_action_done", state.rogue_done());
  out.end_object();
  out.key("threats");
  write_threats(state, seat, out);
  out.key("turn");
  if (state.is_over())
    out.null();
  else
    state.corsairs_turn() ? out.value("corsairs") : out.value(state.turn());
  out.member("turn_clock_s", state.turn_clock_s());
  out.end_object();
}

// The ships their owner looks at, and the set-aside threat a spyglass showed.
constexpr ColpaccioObserver::Member kPrivate[] = {{"looking", write_looking},
                                                  {"threats", write_threats}};

}  // namespace

ColpaccioObserver::ColpaccioObserver() : ObserverOf(colpaccio::write_board, kPrivate) {}

Json ColpaccioState::seat_view(int seat) const {
  return ColpaccioObserver().board(*this, seat);
}

}  // namespace tortuga::colpaccio
