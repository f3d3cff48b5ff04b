// What each seat sees and may send. Everything is public but two things: the cards in a hand,
// and a card chosen face down before the reveal; those reach only their owner (and full_view).
#include "rules/riff_raff/views.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "rules/riff_raff/riff_raff_state.hpp"

namespace tortuga::riff_raff {
namespace {

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kChoosing:
      return "choosing";
    case Phase::kAppointing:
      return "appointing";
    case Phase::kLoading:
      return "loading";
    case Phase::kCatching:
      return "catching";
    case Phase::kOver:
      return "over";
  }
  return "";
}

// Views carry thousandths: enough to draw, and stable to diff. Never -0.0 (adding 0.0 makes it
// 0.0): a patch cannot turn 0.0 into -0.0, so a client's patched view would differ in its text.
double rounded(float v) {
  return std::round(static_cast<double>(v) * 1000.0) / 1000.0 + 0.0;
}

void write_legal(const RiffRaffState& state, int seat, ViewWriter& out) {
  // Each action's members in ascending order of their keys (view_writer.hpp).
  out.begin_array();
  switch (state.phase()) {
    case Phase::kChoosing:
      for (int card : state.player(seat).hand) {
        out.begin_object();
        out.member("card", card);
        out.member("type", "choose");
        out.end_object();
      }
      break;
    case Phase::kAppointing:
      for (int s : state.tied_highest()) {
        out.begin_object();
        out.member("seat", s);
        out.member("type", "appoint");
        out.end_object();
      }
      break;
    case Phase::kLoading:
      // Templates: any x, angle and drop within the view's "placement" bounds is legal too.
      for (int kind = 0; kind < kKinds; ++kind) {
        if (state.player(seat).supply[kind] == 0) continue;
        const Placement p = state.sample_placement(kind);
        auto load = [&](int pieces) {
          out.begin_object();
          out.member("angle", p.angle_deg);
          out.member("drop", p.drop);
          out.member("piece", kKindNames[kind]);
          if (pieces > 0) out.member("pieces", pieces);
          out.member("type", "load");
          out.member("x", rounded(p.x));
          out.end_object();
        };
        if (!state.may_announce_two()) {
          load(0);
          continue;
        }
        for (int pieces : {1, 2}) load(pieces);
      }
      break;
    case Phase::kCatching:
      // Templates too: a grab names a falling piece and the frame the hand closes at.
      out.begin_object();
      out.key("grabs");
      out.begin_array();
      out.end_array();
      out.member("type", "catch");
      out.end_object();
      for (const Fall& fall : state.motion().falls) {
        out.begin_object();
        out.key("grabs");
        out.begin_array();
        out.begin_object();
        out.member("frame", 0);
        out.member("piece", fall.id);
        out.end_object();
        out.end_array();
        out.member("type", "catch");
        out.end_object();
      }
      break;
    case Phase::kOver:
      break;
  }
  out.end_array();
}

void write_ints(ViewWriter& out, const std::vector<int>& list) {
  out.integers(list);
}

// The kinds in the order of their names, as an object keyed by them holds them.
const std::array<int, kKinds>& kinds_by_name() {
  static const std::array<int, kKinds> order = [] {
    std::array<int, kKinds> kinds;
    for (int k = 0; k < kKinds; ++k) kinds[k] = k;
    std::sort(kinds.begin(), kinds.end(), [](int a, int b) {
      return std::string_view(kKindNames[a]) < std::string_view(kKindNames[b]);
    });
    return kinds;
  }();
  return order;
}

// Reuse slots (ViewWriter::reuse): the model is the same for the whole match, and the motion
// and the world change only with a load, which numbers a new piece (next_id()), or a scene set
// (set_scene). The model and the motion are written whole (ViewWriter::whole): a new placement's
// motion is new frames throughout, so a diff that walked into it would only find the whole of it
// changed, at the cost of comparing every frame. The players change with any action; they are
// offered only so that the part of the views every audience shares, which leaves them out (they
// are a private member), need not write them.
constexpr std::uint32_t kModelSlot = 0;
constexpr std::uint32_t kMotionSlot = 1;
constexpr std::uint32_t kWorldSlot = 2;
constexpr std::uint32_t kPlayersSlot = 3;

void write_player(const RiffRaffState& state, int seat, int viewer, ViewWriter& out) {
  const Player& p = state.player(seat);
  const bool own = viewer == seat || viewer == kEveryone;
  out.begin_object();
  if (own) {
    out.key("card");
    p.chosen == 0 ? out.null() : out.value(p.chosen);
  }
  out.member("cards_left", p.hand.size());
  out.member("caught", p.caught);
  out.member("chosen", p.chosen != 0);
  if (own) {
    out.key("hand");
    write_ints(out, p.hand);
  }
  out.member("pieces", p.pieces());
  out.key("played");
  write_ints(out, p.played);
  out.key("supply");
  out.begin_object();
  for (int k : kinds_by_name()) out.member(kKindNames[k], p.supply[k]);
  out.end_object();
  out.end_object();
}

void write_world(const RiffRaffState& state, ViewWriter& out) {
  out.begin_object();
  out.key("cargo");
  out.begin_array();
  for (const Cargo& c : state.world().cargo) {
    out.begin_object();
    out.member("angle", rounded(c.pose.angle));
    out.member("area", area_of(state.spec(), state.world(), c));
    out.member("id", c.id);
    out.member("kind", kKindNames[c.kind]);
    out.member("x", rounded(c.pose.x));
    out.member("y", rounded(c.pose.y));
    out.end_object();
  }
  out.end_array();
  out.key("ship");
  out.begin_object();
  out.member("angle", rounded(state.world().ship.angle));
  out.member("x", rounded(state.world().ship.x));
  out.member("y", rounded(state.world().ship.y));
  out.end_object();
  out.end_object();
}

void write_motion(const RiffRaffState& state, ViewWriter& out) {
  if (state.last_load().is_null()) return out.null();
  const Physics& ph = state.spec().physics;
  out.begin_object();
  out.key("falls");
  out.begin_array();
  for (const Fall& f : state.motion().falls) {
    out.begin_object();
    out.member("id", f.id);
    out.member("kind", kKindNames[f.kind]);
    out.end_object();
  }
  out.end_array();
  out.member("frame_ms", ph.frame_every * 1000.0 / ph.step_hz);
  out.member("frames", state.motion().frames);
  out.member("load", state.last_load());
  out.member("settled", state.motion().settled);
  out.key("ship");
  write_ints(out, state.motion().ship);
  // Keyed by each piece's id as text, in the order of those texts.
  std::vector<std::pair<std::string, const std::vector<int>*>> tracks;
  tracks.reserve(state.motion().tracks.size());
  for (const auto& [id, track] : state.motion().tracks)
    tracks.emplace_back(std::to_string(id), &track);
  std::sort(tracks.begin(), tracks.end());
  out.key("tracks");
  out.begin_object();
  for (const auto& [id, track] : tracks) {
    out.key(id);
    write_ints(out, *track);
  }
  out.end_object();
  out.end_object();
}

void write_players(const RiffRaffState& state, int viewer, ViewWriter& out) {
  // As they are after this many actions and scenes, seen by this viewer (a hand is seen by its
  // owner).
  const std::uint64_t stamp = (std::uint64_t{state.scenes()} << 40) |
                              (state.history().size() << 8) | static_cast<std::uint8_t>(viewer);
  if (out.reuse(kPlayersSlot, stamp)) return;
  out.begin_array();
  for (int s = 0; s < state.seats(); ++s) write_player(state, s, viewer, out);
  out.end_array();
}

void write_board(const RiffRaffState& state, int seat, ViewWriter& out) {
  out.begin_object();
  out.member("captain", state.captain());
  out.key("catch");
  if (state.phase() == Phase::kCatching) {
    out.begin_object();
    out.member("frames", state.motion().frames);
    out.member("hands", kHands);
    out.key("pieces");
    out.begin_array();
    for (const Fall& f : state.motion().falls) out.value(f.id);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.member("last_catch", state.last_catch());
  out.key("model");
  out.whole();
  if (!out.reuse(kModelSlot, 1)) out.value(state.spec().source);
  out.key("motion");
  out.whole();
  if (!out.reuse(kMotionSlot, static_cast<std::uint64_t>(state.next_id())))
    write_motion(state, out);
  out.key("order");
  state.phase() == Phase::kChoosing ? write_ints(out, {}) : write_ints(out, state.order());
  out.member("phase", phase_name(state.phase()));
  out.key("placement");
  if (state.phase() == Phase::kLoading) {
    const Area& area = state.spec().areas[state.loading_area() - 1];
    out.begin_object();
    out.key("angle");
    out.begin_array();
    out.value(-180);
    out.value(180);
    out.end_array();
    out.member("area", area.number);
    out.key("drop");
    out.begin_array();
    out.value(0);
    out.value(rounded(state.spec().physics.max_drop));
    out.end_array();
    out.key("overhang");
    out.begin_object();
    out.member("from", area.open_from);
    out.member("to", area.open_to);
    out.end_object();
    out.key("x");
    out.begin_array();
    out.value(rounded(area.from));
    out.value(rounded(area.to));
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.key("players");
  write_players(state, seat, out);
  out.member("round", state.round());
  out.member("rounds", state.rounds());
  out.key("turn");
  if (state.loader() >= 0) {
    out.begin_object();
    out.member("announced", state.announced());
    out.member("area", state.loading_area());
    out.key("loaded");
    write_ints(out, state.loaded_this_turn());
    out.member("may_announce_two", state.may_announce_two());
    out.member("seat", state.loader());
    out.end_object();
  } else {
    out.null();
  }
  out.key("world");
  if (!out.reuse(kWorldSlot, (std::uint64_t{state.scenes()} << 32) |
                                 static_cast<std::uint32_t>(state.next_id())))
    write_world(state, out);
  out.end_object();
}

// Each player's own hand and face-down card: the ship, the motion and the model, by far the
// largest part, are the same for all.
constexpr RiffRaffObserver::Member kPrivate[] = {{"players", write_players}};

}  // namespace

RiffRaffObserver::RiffRaffObserver()
    : ObserverOf(riff_raff::write_board, kPrivate, riff_raff::write_legal) {}

Json RiffRaffState::seat_view(int seat) const {
  return RiffRaffObserver().board(*this, seat);
}

Json RiffRaffState::legal(int seat) const {
  return RiffRaffObserver().legal(*this, seat);
}

}  // namespace tortuga::riff_raff
