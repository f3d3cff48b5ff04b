// What each seat sees. Public: the town, the captain, the pirates in the alleys and on the ship,
// the face-up tiles, each player's pirates, rum barrels and number of encounter tiles face down on
// the flag, the sizes of the stacks, the question being asked and every roll. Hidden from the
// others: a player's coins, the tiles under the flag, the encounter tiles on it, the article drawn
// at a goods space before it is kept or sold; hidden from everyone: the order of each stack. When
// the match is over, everything is shown.
#include "rules/um_rum_und_ehre/views.hpp"

#include "rules/um_rum_und_ehre/scoring.hpp"
#include "rules/um_rum_und_ehre/tile_json.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

std::string_view step_name(Step step) {
  switch (step) {
    case Step::kTurn:
      return "turn";
    case Step::kAfterMove:
      return "after_move";
    case Step::kHq:
      return "hq";
    case Step::kGoods:
      return "goods";
    case Step::kMap:
      return "map";
    case Step::kGuard:
      return "guard";
    case Step::kInvite:
      return "invite";
    case Step::kRoll:
      return "roll";
    case Step::kRum:
      return "rum";
    case Step::kOver:
      return "over";
  }
  return "";
}

void write_tiles(ViewWriter& out, const std::vector<Tile>& tiles) {
  out.begin_array();
  for (const Tile& t : tiles) write_tile(out, t);
  out.end_array();
}

void write_maybe_tile(ViewWriter& out, const std::optional<Tile>& tile) {
  tile ? write_tile(out, *tile) : out.null();
}

void write_crew(ViewWriter& out, int crew) {
  crew == kImaginaryCrew ? out.value("imaginary") : out.value(crew);
}

// Reuse slots (ViewWriter::reuse): the town is the same for the whole match.
constexpr std::uint32_t kTownSlot = 0;

// Every player's public counts, and what `seat` may see of its own.
void write_players(const UmRumUndEhreState& state, int seat, ViewWriter& out) {
  const bool all = seat == kEveryone || state.is_over();
  out.begin_array();
  for (int s = 0; s < state.seats(); ++s) {
    const Player& p = state.player(s);
    const bool shown = all || s == seat;
    out.begin_object();
    if (shown) out.member("coins", p.coins);
    out.member("done", p.done);
    if (shown) {
      out.key("encounters");
      write_tiles(out, p.meetings);
    }
    out.member("encounters_face_down", p.meetings.size());
    if (shown) {
      out.key("flag");
      write_tiles(out, p.flag);
    }
    out.member("office", p.office);
    if (shown) out.member("points", score_tiles(p.flag).total());
    out.member("rum", p.rum);
    out.member("seat", s);
    out.member("supply", p.supply);
    out.end_object();
  }
  out.end_array();
}

// The question under way.
void write_question(const UmRumUndEhreState& state, int seat, ViewWriter& out) {
  const bool all = seat == kEveryone || state.is_over();
  const bool rolling = state.step() == Step::kRoll || state.step() == Step::kRum;
  out.begin_object();
  if (rolling && state.dice() == Dice::kChest) out.member("chest_total", state.chest_total());
  if (state.step() == Step::kGoods && (all || seat == state.current())) {
    out.key("drawn");
    write_tile(out, *state.drawn_goods());
  }
  if (state.step() == Step::kInvite || (rolling && state.dice() == Dice::kTavern)) {
    out.key("drink");
    out.begin_object();
    out.key("drinkers");
    out.begin_array();
    for (int s : state.drink().drinkers) out.value(s);
    out.end_array();
    if (state.step() == Step::kInvite) out.member("invitee", state.drink().invitee);
    out.member("tavern", tavern_name(state.drink().tavern));
    out.end_object();
  }
  if (rolling) {
    out.key("roll");
    out.begin_object();
    out.key("crew");
    write_crew(out, state.roll().crew);
    out.member("for", state.dice() == Dice::kTavern  ? "tavern"
                      : state.dice() == Dice::kChest ? "chest"
                                                     : "brawl");
    out.member("rerolls_left", state.roll().rerolls_left);
    out.member("seat", state.roll().seat);
    out.key("value");
    state.step() == Step::kRum ? out.value(state.roll().value) : out.null();
    out.end_object();
  }
  out.end_object();
}

// What the last action did, with the secrets `seat` was told.
void write_events(const UmRumUndEhreState& state, int seat, ViewWriter& out) {
  const bool all = seat == kEveryone || state.is_over();
  out.begin_array();
  for (const UmRumUndEhreState::Event& e : state.events())
    out.value((all || seat == e.owner) && e.owner >= 0 ? e.secret : e.shown);
  out.end_array();
}

void write_board(const UmRumUndEhreState& state, int seat, ViewWriter& out) {
  const bool all = seat == kEveryone || state.is_over();
  out.begin_object();
  out.key("alley_pirates");
  out.begin_array();
  for (auto owner : state.alley_owners()) owner < 0 ? out.null() : out.value(owner);
  out.end_array();
  out.member("captain", state.captain());
  out.member("current", state.current());
  out.member("decision_s", state.decision_s());
  out.key("display");
  out.begin_object();
  out.key("bunk");
  write_maybe_tile(out, state.display().bunk);
  out.key("chest");
  write_maybe_tile(out, state.display().chest);
  out.key("hammock");
  write_maybe_tile(out, state.display().hammock);
  out.key("maps");
  write_tiles(out, state.display().maps);
  out.key("rope");
  write_maybe_tile(out, state.display().rope);
  out.key("scorpion");
  write_maybe_tile(out, state.display().scorpion);
  out.key("taverns");
  write_tiles(out, state.display().taverns);
  out.end_object();
  out.key("events");
  write_events(state, seat, out);
  out.member("first_player", state.first_player());
  out.member("game", "um-rum-und-ehre");
  out.member("moves_this_turn", state.moves_this_turn());
  out.key("players");
  write_players(state, seat, out);
  out.key("question");
  write_question(state, seat, out);
  out.member("round", state.round());
  out.member("rounds", kRounds);
  out.member("rum_supply", state.rum_supply());
  out.key("ship");
  out.begin_object();
  if (!state.ship().fighters().empty()) {
    out.key("fight");
    out.begin_object();
    out.member("column", state.ship().column());
    out.member("rolled", state.ship().rolled_count());
    out.key("rows");
    out.begin_array();
    for (int row : state.ship().fighters()) out.value(row);
    out.end_array();
    out.member("side", state.ship().side() == 0 ? "left" : "right");
    out.member("standing_roll", state.ship().standing() < 0 ? 0 : state.ship().standing_roll());
    out.member("standing_row", state.ship().standing());
    out.end_object();
  }
  out.key("rows");
  out.begin_array();
  for (const ShipRow& r : state.ship().rows()) {
    out.begin_object();
    out.key("crew");
    write_crew(out, r.crew);
    out.member("left", r.pirates[0]);
    out.member("right", r.pirates[1]);
    out.end_object();
  }
  out.end_array();
  out.end_object();
  if (all) {
    out.key("stack_order");  // top last
    out.begin_object();
    out.key("big_guards");
    write_tiles(out, state.stacks().big_guards);
    out.key("chests");
    write_tiles(out, state.stacks().chests);
    out.key("encounters");
    write_tiles(out, state.stacks().encounters);
    out.key("goods");
    write_tiles(out, state.stacks().goods);
    out.key("maps");
    write_tiles(out, state.stacks().maps);
    out.key("scorpions");
    write_tiles(out, state.stacks().scorpions);
    out.key("small_guards");
    write_tiles(out, state.stacks().small_guards);
    out.key("taverns");
    write_tiles(out, state.stacks().taverns);
    out.end_object();
  }
  out.key("stacks");
  out.begin_object();
  out.member("big_guards", state.stacks().big_guards.size());
  out.member("bunks", state.stacks().bunks.size());
  out.member("chests", state.stacks().chests.size());
  out.member("encounters", state.stacks().encounters.size());
  out.member("goods", state.stacks().goods.size());
  out.member("hammocks", state.stacks().hammocks.size());
  out.member("maps", state.stacks().maps.size());
  out.member("ropes", state.stacks().ropes.size());
  out.member("scorpions", state.stacks().scorpions.size());
  out.member("small_guards", state.stacks().small_guards.size());
  out.member("taverns", state.stacks().taverns.size());
  out.end_object();
  out.member("stage", step_name(state.step()));
  out.key("town");
  if (!out.reuse(kTownSlot, 1)) out.value(state.town().json());
  out.end_object();
}

// A seat's own coins and tiles, the tile it drew, and the events' secrets it was told.
constexpr UmRumUndEhreObserver::Member kPrivate[] = {
    {"events", write_events}, {"players", write_players}, {"question", write_question}};

}  // namespace

UmRumUndEhreObserver::UmRumUndEhreObserver() : ObserverOf(um_rum_und_ehre::write_board, kPrivate) {}

Json UmRumUndEhreState::seat_view(int seat) const {
  return UmRumUndEhreObserver().board(*this, seat);
}

}  // namespace tortuga::um_rum_und_ehre
