// What each seat sees and may send. Everything is public but two things: the cards in a hand,
// and a card chosen face down before the reveal; those reach only their owner (and full_view).
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "rules/riff_raff/riff_raff_state.hpp"

namespace tortuga::riff_raff {
namespace {

constexpr float kPi = 3.14159265358979f;

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

}  // namespace

std::pair<float, float> RiffRaffState::x_bounds(int kind, float angle_deg) const {
  const Area& area = spec_->areas[loading_area() - 1];
  const auto [lo, hi] = extent_x(spec_->kinds[kind], angle_deg * kPi / 180);
  const float from = area.open_from ? area.from : std::max(area.from, area.from - lo);
  const float to = area.open_to ? area.to : std::min(area.to, area.to - hi);
  return {from, to};
}

Placement RiffRaffState::sample_placement(int kind) const {
  // Level if it fits between the area's inner ends, else upright (cargo.json is checked so that
  // one of the two always fits).
  for (float angle : {0.0f, 90.0f}) {
    auto [from, to] = x_bounds(kind, angle);
    if (from <= to) {
      const float x = std::round((from + to) / 2 * 1000) / 1000 + 0.0f;  // never -0.0
      return {kind, loading_area(), std::clamp(x, from, to), angle, 0};
    }
  }
  return {kind, loading_area(), spec_->areas[loading_area() - 1].from, 0, 0};
}

Json RiffRaffState::legal(int seat) const {
  JsonWriter out;
  write_legal(seat, out);
  return out.take();
}

void RiffRaffState::write_legal(int seat, ViewWriter& out) const {
  // Each action's members in ascending order of their keys (view_writer.hpp).
  out.begin_array();
  switch (phase_) {
    case Phase::kChoosing:
      for (int card : players_[seat].hand) {
        out.begin_object();
        out.member("card", card);
        out.member("type", "choose");
        out.end_object();
      }
      break;
    case Phase::kAppointing:
      for (int s : tied_highest()) {
        out.begin_object();
        out.member("seat", s);
        out.member("type", "appoint");
        out.end_object();
      }
      break;
    case Phase::kLoading:
      // Templates: any x, angle and drop within the view's "placement" bounds is legal too.
      for (int kind = 0; kind < kKinds; ++kind) {
        if (players_[seat].supply[kind] == 0) continue;
        const Placement p = sample_placement(kind);
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
        if (!may_announce_two()) {
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
      for (const Fall& fall : motion_.falls) {
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

namespace {

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
// and the world change only with a load, which numbers a new piece (next_id_), or a scene set
// (set_scene). The model and the motion are written whole (ViewWriter::whole): a new placement's
// motion is new frames throughout, so a diff that walked into it would only find the whole of it
// changed, at the cost of comparing every frame. The players change with any action; they are
// offered only so that the part of the views every audience shares, which leaves them out (they
// are a private member), need not write them.
constexpr std::uint32_t kModelSlot = 0;
constexpr std::uint32_t kMotionSlot = 1;
constexpr std::uint32_t kWorldSlot = 2;
constexpr std::uint32_t kPlayersSlot = 3;

}  // namespace

void RiffRaffState::write_player(int seat, int viewer, ViewWriter& out) const {
  const Player& p = players_[seat];
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

void RiffRaffState::write_world(ViewWriter& out) const {
  out.begin_object();
  out.key("cargo");
  out.begin_array();
  for (const Cargo& c : world_.cargo) {
    out.begin_object();
    out.member("angle", rounded(c.pose.angle));
    out.member("area", area_of(*spec_, world_, c));
    out.member("id", c.id);
    out.member("kind", kKindNames[c.kind]);
    out.member("x", rounded(c.pose.x));
    out.member("y", rounded(c.pose.y));
    out.end_object();
  }
  out.end_array();
  out.key("ship");
  out.begin_object();
  out.member("angle", rounded(world_.ship.angle));
  out.member("x", rounded(world_.ship.x));
  out.member("y", rounded(world_.ship.y));
  out.end_object();
  out.end_object();
}

void RiffRaffState::write_motion(ViewWriter& out) const {
  if (last_load_.is_null()) return out.null();
  const Physics& ph = spec_->physics;
  out.begin_object();
  out.key("falls");
  out.begin_array();
  for (const Fall& f : motion_.falls) {
    out.begin_object();
    out.member("id", f.id);
    out.member("kind", kKindNames[f.kind]);
    out.end_object();
  }
  out.end_array();
  out.member("frame_ms", ph.frame_every * 1000.0 / ph.step_hz);
  out.member("frames", motion_.frames);
  out.member("load", last_load_);
  out.member("settled", motion_.settled);
  out.key("ship");
  write_ints(out, motion_.ship);
  // Keyed by each piece's id as text, in the order of those texts.
  std::vector<std::pair<std::string, const std::vector<int>*>> tracks;
  tracks.reserve(motion_.tracks.size());
  for (const auto& [id, track] : motion_.tracks) tracks.emplace_back(std::to_string(id), &track);
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

void RiffRaffState::write_players(int viewer, ViewWriter& out) const {
  // As they are after this many actions and scenes, seen by this viewer (a hand is seen by its
  // owner).
  const std::uint64_t stamp =
      (std::uint64_t{scenes_} << 40) | (history().size() << 8) | static_cast<std::uint8_t>(viewer);
  if (out.reuse(kPlayersSlot, stamp)) return;
  out.begin_array();
  for (int s = 0; s < seats(); ++s) write_player(s, viewer, out);
  out.end_array();
}

std::span<const std::string_view> RiffRaffState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"players"};
  return kPrivate;
}

Json RiffRaffState::private_view(int seat) const {
  JsonWriter out;
  write_private_view(seat, out);
  return out.take();
}

void RiffRaffState::write_private_view(int seat, ViewWriter& out) const {
  out.begin_object();
  out.key("players");
  write_players(seat, out);
  out.end_object();
}

Json RiffRaffState::seat_view(int seat) const {
  JsonWriter out;
  write_seat_view(seat, out);
  return out.take();
}

void RiffRaffState::write_seat_view(int seat, ViewWriter& out) const {
  out.begin_object();
  out.member("captain", captain_);
  out.key("catch");
  if (phase_ == Phase::kCatching) {
    out.begin_object();
    out.member("frames", motion_.frames);
    out.member("hands", kHands);
    out.key("pieces");
    out.begin_array();
    for (const Fall& f : motion_.falls) out.value(f.id);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.member("last_catch", last_catch_);
  out.key("model");
  out.whole();
  if (!out.reuse(kModelSlot, 1)) out.value(spec_->source);
  out.key("motion");
  out.whole();
  if (!out.reuse(kMotionSlot, static_cast<std::uint64_t>(next_id_))) write_motion(out);
  out.key("order");
  phase_ == Phase::kChoosing ? write_ints(out, {}) : write_ints(out, order_);
  out.member("phase", phase_name(phase_));
  out.key("placement");
  if (phase_ == Phase::kLoading) {
    const Area& area = spec_->areas[loading_area() - 1];
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
    out.value(rounded(spec_->physics.max_drop));
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
  write_players(seat, out);
  out.member("round", round_);
  out.member("rounds", rounds_);
  out.key("turn");
  if (loader() >= 0) {
    out.begin_object();
    out.member("announced", announced_);
    out.member("area", loading_area());
    out.key("loaded");
    write_ints(out, loaded_ids_);
    out.member("may_announce_two", may_announce_two());
    out.member("seat", loader());
    out.end_object();
  } else {
    out.null();
  }
  out.key("world");
  if (!out.reuse(kWorldSlot, (std::uint64_t{scenes_} << 32) | static_cast<std::uint32_t>(next_id_)))
    write_world(out);
  out.end_object();
}

}  // namespace tortuga::riff_raff
