// What each seat sees and may send. Everything is public but two things: the cards in a hand,
// and a card chosen face down before the reveal; those reach only their owner (and full_view).
#include <algorithm>
#include <cmath>

#include "rules/riff_raff/riff_state.hpp"

namespace tortuga::riff {
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

std::pair<float, float> RiffState::x_bounds(int kind, float angle_deg) const {
  const Area& area = spec_->areas[loading_area() - 1];
  const auto [lo, hi] = extent_x(spec_->kinds[kind], angle_deg * kPi / 180);
  const float from = area.open_from ? area.from : std::max(area.from, area.from - lo);
  const float to = area.open_to ? area.to : std::min(area.to, area.to - hi);
  return {from, to};
}

Placement RiffState::sample_placement(int kind) const {
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

Json RiffState::legal(int seat) const {
  Json out = Json::array();
  switch (phase_) {
    case Phase::kChoosing:
      for (int card : players_[seat].hand) out.push_back({{"type", "choose"}, {"card", card}});
      break;
    case Phase::kAppointing:
      for (int s : tied_highest()) out.push_back({{"type", "appoint"}, {"seat", s}});
      break;
    case Phase::kLoading:
      // Templates: any x, angle and drop within the view's "placement" bounds is legal too.
      for (int kind = 0; kind < kKinds; ++kind) {
        if (players_[seat].supply[kind] == 0) continue;
        const Placement p = sample_placement(kind);
        Json action = {{"type", "load"},
                       {"piece", kKindNames[kind]},
                       {"x", rounded(p.x)},
                       {"angle", p.angle_deg},
                       {"drop", p.drop}};
        if (!may_announce_two()) {
          out.push_back(action);
          continue;
        }
        for (int pieces : {1, 2}) {
          action["pieces"] = pieces;
          out.push_back(action);
        }
      }
      break;
    case Phase::kCatching:
      // Templates too: a grab names a falling piece and the frame the hand closes at.
      out.push_back({{"type", "catch"}, {"grabs", Json::array()}});
      for (const Fall& fall : motion_.falls)
        out.push_back({{"type", "catch"}, {"grabs", {{{"piece", fall.id}, {"frame", 0}}}}});
      break;
    case Phase::kOver:
      break;
  }
  return out;
}

Json RiffState::player_view(int seat, int viewer) const {
  const Player& p = players_[seat];
  Json supply = Json::object();
  for (int k = 0; k < kKinds; ++k) supply[kKindNames[k]] = p.supply[k];
  Json view = {{"pieces", p.pieces()}, {"supply", supply},        {"cards_left", p.hand.size()},
               {"played", p.played},   {"chosen", p.chosen != 0}, {"caught", p.caught}};
  if (viewer == seat || viewer == kEveryone) {
    view["hand"] = p.hand;
    view["card"] = p.chosen == 0 ? Json(nullptr) : Json(p.chosen);
  }
  return view;
}

Json RiffState::world_view() const {
  Json cargo = Json::array();
  for (const Cargo& c : world_.cargo)
    cargo.push_back({{"id", c.id},
                     {"kind", kKindNames[c.kind]},
                     {"x", rounded(c.pose.x)},
                     {"y", rounded(c.pose.y)},
                     {"angle", rounded(c.pose.angle)},
                     {"area", area_of(*spec_, world_, c)}});
  return {{"ship",
           {{"x", rounded(world_.ship.x)},
            {"y", rounded(world_.ship.y)},
            {"angle", rounded(world_.ship.angle)}}},
          {"cargo", cargo}};
}

Json RiffState::motion_view() const {
  if (last_load_.is_null()) return nullptr;
  const Physics& ph = spec_->physics;
  Json tracks = Json::object();
  for (const auto& [id, track] : motion_.tracks) tracks[std::to_string(id)] = track;
  Json falls = Json::array();
  for (const Fall& f : motion_.falls) falls.push_back({{"id", f.id}, {"kind", kKindNames[f.kind]}});
  return {{"load", last_load_},
          {"frame_ms", ph.frame_every * 1000.0 / ph.step_hz},
          {"frames", motion_.frames},
          {"settled", motion_.settled},
          {"ship", motion_.ship},
          {"tracks", tracks},
          {"falls", falls}};
}

Json RiffState::players_view(int viewer) const {
  Json players = Json::array();
  for (int s = 0; s < seats(); ++s) players.push_back(player_view(s, viewer));
  return players;
}

std::span<const std::string_view> RiffState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"players"};
  return kPrivate;
}

Json RiffState::private_view(int seat) const {
  return {{"players", players_view(seat)}};
}

Json RiffState::seat_view(int seat) const {
  const Json players = players_view(seat);
  Json view = {
      {"phase", phase_name(phase_)}, {"round", round_},           {"rounds", rounds_},
      {"captain", captain_},         {"players", players},        {"world", world_view()},
      {"motion", motion_view()},     {"last_catch", last_catch_}, {"model", spec_->source}};
  view["order"] = phase_ == Phase::kChoosing ? Json::array() : Json(order_);
  view["turn"] = nullptr;
  if (loader() >= 0) {
    view["turn"] = {{"seat", loader()},
                    {"area", loading_area()},
                    {"announced", announced_},
                    {"loaded", loaded_ids_},
                    {"may_announce_two", may_announce_two()}};
  }
  if (phase_ == Phase::kLoading) {
    const Area& area = spec_->areas[loading_area() - 1];
    view["placement"] = {{"area", area.number},
                         {"x", {rounded(area.from), rounded(area.to)}},
                         {"angle", {-180, 180}},
                         {"drop", {0, rounded(spec_->physics.max_drop)}},
                         {"overhang", {{"from", area.open_from}, {"to", area.open_to}}}};
  } else {
    view["placement"] = nullptr;
  }
  view["catch"] = nullptr;
  if (phase_ == Phase::kCatching) {
    Json pieces = Json::array();
    for (const Fall& f : motion_.falls) pieces.push_back(f.id);
    view["catch"] = {{"pieces", pieces}, {"hands", kHands}, {"frames", motion_.frames}};
  }
  return view;
}

}  // namespace tortuga::riff
