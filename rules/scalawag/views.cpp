// What each seat sees: the public table, its own hand and allegiance, and the events it may know.
#include "rules/scalawag/views.hpp"

#include <string>

#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {
namespace {

// Reuse slots (ViewWriter::reuse): kEventSlots and up for the log's events, by their numbers.
constexpr std::uint32_t kEventSlots = 32;

const char* phase_name(Phase phase) {
  static const char* const kNames[] = {"order",     "window", "targets",       "penalty",
                                       "lose_crew", "return", "prize_discard", "over"};
  return kNames[static_cast<int>(phase)];
}

void write_ship(const ScalawagState& state, int seat, int viewer, ViewWriter& out) {
  const Ship& ship = state.table().ships[seat];
  const bool everything = viewer == kEveryone;
  out.begin_object();
  out.key("adjacent");
  out.begin_array();
  if (ship.alive)
    for (int s : state.table().neighbours(seat)) out.value(s);
  out.end_array();
  out.member("alive", ship.alive);
  if (everything) {
    out.key("allegiance");
    ship.allegiance >= 0 ? out.value(allegiance_name(ship.allegiance)) : out.null();
  }
  out.key("boarding_cost");
  ship.alive ? out.value(state.table().boarding_cost(seat)) : out.null();
  out.member("compass", ship.compass);
  out.member("crew", ship.hand.size());
  out.member("damage", ship.damage);
  out.member("flag", flag_name(ship.flag));
  if (everything) {
    out.key("hand");
    write_hand(out, ship.hand);
  }
  out.member("on_guard", ship.on_guard);
  out.member("seat", seat);
  out.end_object();
}

// A seat's own hand and allegiance; null for the spectators.
void write_you(const ScalawagState& state, int seat, ViewWriter& out) {
  if (seat < 0) return out.null();
  const Ship& own = state.table().ships[seat];
  out.begin_object();
  out.key("allegiance");
  own.allegiance >= 0 ? out.value(allegiance_name(own.allegiance)) : out.null();
  out.key("hand");
  write_hand(out, own.hand);
  int partner = -1;
  if (own.allegiance >= 0)
    for (int s = 0; s < state.table().seats(); ++s)
      if (s != seat && state.table().ships[s].allegiance == own.allegiance) partner = s;
  out.key("partner");
  partner >= 0 ? out.value(partner) : out.null();
  out.end_object();
}

// The events this seat was told.
void write_log(const ScalawagState& state, int seat, ViewWriter& out) {
  out.begin_array();
  // Events are numbered in turn from 1 and never change once logged: each is offered for copying
  // from the last view under its number (the last event is number event_count()).
  std::uint64_t n = static_cast<std::uint64_t>(state.event_count() + 1) - state.events().size();
  for (auto e = state.events().begin(); e != state.events().end(); ++e, ++n) {
    const ScalawagState::Event& event = *e;
    if (event.to >= 0 && event.to != seat && seat != kEveryone) continue;
    if (out.reuse(kEventSlots + static_cast<std::uint32_t>(n % kEventSlots), n)) continue;
    if (event.to < 0) {
      out.value(event.what);
      continue;
    }
    // The event with "to", its addressee, among its members in the order of their keys.
    out.begin_object();
    bool told = false;
    for (auto it = event.what.begin(); it != event.what.end(); ++it) {
      if (!told && it.key() >= "to") {
        out.member("to", event.to);
        told = true;
      }
      if (it.key() == "to") continue;
      out.key(it.key());
      out.value(*it);
    }
    if (!told) out.member("to", event.to);
    out.end_object();
  }
  out.end_array();
}

void write_board(const ScalawagState& state, int seat, ViewWriter& out) {
  const bool ordering = state.phase() != Phase::kOrder && state.phase() != Phase::kOver;
  out.begin_object();
  out.member("alliances", state.rules().alliances);
  out.key("asked");
  state.phase() == Phase::kLoseCrew || state.phase() == Phase::kPrizeDiscard
      ? out.value(state.asked())
      : out.null();
  out.key("claim");
  if (state.phase() == Phase::kWindow) {
    out.begin_object();
    out.member("count", state.claim().count);
    out.member("crew", crew_name(state.claim().crew));
    out.member("seat", state.current());
    out.key("waiting");
    out.begin_array();
    for (int s : state.waiting()) out.value(s);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.key("damage_boxes");
  out.begin_array();
  for (int box : state.table().boxes) out.value(box);
  out.end_array();
  out.key("fog");
  if (state.table().fog >= 0) {
    const int gaps = static_cast<int>(state.table().ring.size());
    out.begin_array();
    out.value(state.table().ring[state.table().fog]);
    out.value(state.table().ring[(state.table().fog + 1) % gaps]);
    out.end_array();
  } else {
    out.null();
  }
  out.member("fog_of_war", state.rules().fog);
  out.member("game", "scalawag");
  out.member("harbour", state.table().harbour.size());
  if (seat == kEveryone) {
    out.key("harbour_cards");
    write_hand(out, state.table().harbour);
  }
  out.member("last_action", state.last_action());
  out.key("locker");
  write_hand(out, state.table().locker);
  out.key("log");
  write_log(state, seat, out);
  out.key("order");
  if (ordering) {
    out.begin_object();
    out.member("crew", state.command().crew);
    out.member("lookout", state.command().reach);
    out.member("order", order_name(state.command().order));
    out.member("second_fire", state.command().second_fire);
    out.end_object();
  } else {
    out.null();
  }
  out.key("penalty");
  if (state.phase() == Phase::kPenalty) {
    out.begin_object();
    out.member("chooser", state.penalty().chooser);
    out.member("other", state.penalty().other);
    out.member("payer", state.penalty().payer);
    out.end_object();
  } else {
    out.null();
  }
  out.member("phase", phase_name(state.phase()));
  out.key("players");
  out.begin_array();
  for (int s = 0; s < state.table().seats(); ++s) write_ship(state, s, seat, out);
  out.end_array();
  out.key("returning");
  state.phase() == Phase::kReturn ? out.value(state.return_count()) : out.null();
  out.key("ring");
  out.begin_array();
  for (int s : state.table().ring) out.value(s);
  out.end_array();
  out.member("round", state.round());
  // Allegiances become public when the match ends.
  Json teams = nullptr;
  if (state.rules().alliances && (state.phase() == Phase::kOver || seat == kEveryone)) {
    teams = Json::object();
    for (int s = 0; s < state.table().seats(); ++s)
      teams[std::string(allegiance_name(state.table().ships[s].allegiance))].push_back(s);
  }
  out.member("teams", teams);
  out.member("turn", state.current());
  out.member("window_s", state.rules().window_ms / 1000);
  out.key("you");
  write_you(state, seat, out);
  out.end_object();
}

// A seat's own hand and allegiance, and the events only it was told.
constexpr ScalawagObserver::Member kPrivate[] = {{"log", write_log}, {"you", write_you}};

}  // namespace

ScalawagObserver::ScalawagObserver() : ObserverOf(scalawag::write_board, kPrivate) {}

Json ScalawagState::seat_view(int seat) const {
  return ScalawagObserver().board(*this, seat);
}

}  // namespace tortuga::scalawag
