// What each seat sees. Public: the town, the captain, the pirates in the alleys and on the ship,
// the face-up tiles, each player's pirates, rum barrels and number of encounter tiles face down on
// the flag, the sizes of the stacks, the question being asked and every roll. Hidden from the
// others: a player's coins, the tiles under the flag, the encounter tiles on it, the article drawn
// at a goods space before it is kept or sold; hidden from everyone: the order of each stack. When
// the match is over, everything is shown.
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

}  // namespace

std::span<const std::string_view> UmRumUndEhreState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"events", "players", "question"};
  return kPrivate;
}

Json UmRumUndEhreState::private_view(int seat) const {
  JsonWriter out;
  write_private_view(seat, out);
  return out.take();
}

void UmRumUndEhreState::write_private_view(int seat, ViewWriter& out) const {
  out.begin_object();
  out.key("events");
  write_events(seat, out);
  out.key("players");
  write_players(seat, out);
  out.key("question");
  write_question(seat, out);
  out.end_object();
}

void UmRumUndEhreState::write_players(int seat, ViewWriter& out) const {
  const bool all = seat == kEveryone || is_over();
  out.begin_array();
  for (int s = 0; s < seats(); ++s) {
    const Player& p = players_[s];
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
void UmRumUndEhreState::write_question(int seat, ViewWriter& out) const {
  const bool all = seat == kEveryone || is_over();
  const bool rolling = step_ == Step::kRoll || step_ == Step::kRum;
  out.begin_object();
  if (rolling && dice_ == Dice::kChest) out.member("chest_total", chest_total_);
  if (step_ == Step::kGoods && (all || seat == current_)) {
    out.key("drawn");
    write_tile(out, *drawn_);
  }
  if (step_ == Step::kInvite || (rolling && dice_ == Dice::kTavern)) {
    out.key("drink");
    out.begin_object();
    out.key("drinkers");
    out.begin_array();
    for (int s : drink_.drinkers) out.value(s);
    out.end_array();
    if (step_ == Step::kInvite) out.member("invitee", drink_.invitee);
    out.member("tavern", tavern_name(drink_.tavern));
    out.end_object();
  }
  if (rolling) {
    out.key("roll");
    out.begin_object();
    out.key("crew");
    write_crew(out, roll_.crew);
    out.member("for", dice_ == Dice::kTavern  ? "tavern"
                      : dice_ == Dice::kChest ? "chest"
                                              : "brawl");
    out.member("rerolls_left", roll_.rerolls_left);
    out.member("seat", roll_.seat);
    out.key("value");
    step_ == Step::kRum ? out.value(roll_.value) : out.null();
    out.end_object();
  }
  out.end_object();
}

void UmRumUndEhreState::write_events(int seat, ViewWriter& out) const {
  const bool all = seat == kEveryone || is_over();
  out.begin_array();
  for (const Event& e : events_)
    out.value((all || seat == e.owner) && e.owner >= 0 ? e.secret : e.shown);
  out.end_array();
}

Json UmRumUndEhreState::seat_view(int seat) const {
  JsonWriter out;
  write_seat_view(seat, out);
  return out.take();
}

void UmRumUndEhreState::write_seat_view(int seat, ViewWriter& out) const {
  const bool all = seat == kEveryone || is_over();
  out.begin_object();
  out.key("alley_pirates");
  out.begin_array();
  for (auto owner : alley_owner_) owner < 0 ? out.null() : out.value(owner);
  out.end_array();
  out.member("captain", captain_);
  out.member("current", current_);
  out.member("decision_s", decision_s_);
  out.key("display");
  out.begin_object();
  out.key("bunk");
  write_maybe_tile(out, display_.bunk);
  out.key("chest");
  write_maybe_tile(out, display_.chest);
  out.key("hammock");
  write_maybe_tile(out, display_.hammock);
  out.key("maps");
  write_tiles(out, display_.maps);
  out.key("rope");
  write_maybe_tile(out, display_.rope);
  out.key("scorpion");
  write_maybe_tile(out, display_.scorpion);
  out.key("taverns");
  write_tiles(out, display_.taverns);
  out.end_object();
  out.key("events");
  write_events(seat, out);
  out.member("first_player", first_player_);
  out.member("game", "um-rum-und-ehre");
  out.member("moves_this_turn", moves_);
  out.key("players");
  write_players(seat, out);
  out.key("question");
  write_question(seat, out);
  out.member("round", round_);
  out.member("rounds", kRounds);
  out.member("rum_supply", rum_supply_);
  out.key("ship");
  out.begin_object();
  if (!ship_.fighters().empty()) {
    out.key("fight");
    out.begin_object();
    out.member("column", ship_.column());
    out.member("rolled", ship_.rolled_count());
    out.key("rows");
    out.begin_array();
    for (int row : ship_.fighters()) out.value(row);
    out.end_array();
    out.member("side", ship_.side() == 0 ? "left" : "right");
    out.member("standing_roll", ship_.standing() < 0 ? 0 : ship_.standing_roll());
    out.member("standing_row", ship_.standing());
    out.end_object();
  }
  out.key("rows");
  out.begin_array();
  for (const ShipRow& r : ship_.rows()) {
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
    write_tiles(out, stacks_.big_guards);
    out.key("chests");
    write_tiles(out, stacks_.chests);
    out.key("encounters");
    write_tiles(out, stacks_.encounters);
    out.key("goods");
    write_tiles(out, stacks_.goods);
    out.key("maps");
    write_tiles(out, stacks_.maps);
    out.key("scorpions");
    write_tiles(out, stacks_.scorpions);
    out.key("small_guards");
    write_tiles(out, stacks_.small_guards);
    out.key("taverns");
    write_tiles(out, stacks_.taverns);
    out.end_object();
  }
  out.key("stacks");
  out.begin_object();
  out.member("big_guards", stacks_.big_guards.size());
  out.member("bunks", stacks_.bunks.size());
  out.member("chests", stacks_.chests.size());
  out.member("encounters", stacks_.encounters.size());
  out.member("goods", stacks_.goods.size());
  out.member("hammocks", stacks_.hammocks.size());
  out.member("maps", stacks_.maps.size());
  out.member("ropes", stacks_.ropes.size());
  out.member("scorpions", stacks_.scorpions.size());
  out.member("small_guards", stacks_.small_guards.size());
  out.member("taverns", stacks_.taverns.size());
  out.end_object();
  out.member("stage", step_name(step_));
  out.key("town");
  if (!out.reuse(kTownSlot, 1)) out.value(town_->json());
  out.end_object();
}

}  // namespace tortuga::um_rum_und_ehre
