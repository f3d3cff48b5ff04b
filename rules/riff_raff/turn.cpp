// A loader's turn: loading a piece (or two), the simulation, and the catch after a fall.
#include <algorithm>
#include <cmath>

#include "rules/core/action_reader.hpp"
#include "rules/riff_raff/riff_raff_state.hpp"

namespace tortuga::riff_raff {
namespace {

constexpr float kPi = 3.14159265358979f;

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

Refusal RiffRaffState::load(int seat, const Json& action) {
  ActionReader read(action, {"piece", "x", "angle", "drop"}, {"pieces"});
  const int kind = kind_index(read.one_of("piece", kKindNames));
  const double x = read.number("x"), angle = read.number("angle"), drop = read.number("drop");
  const int pieces = read.has("pieces") ? static_cast<int>(read.integer("pieces", 1, 2)) : 0;
  if (auto bad = read.refusal()) return bad;
  int announced = announced_;
  if (pieces > 0) {
    if (pieces == 2 && !may_announce_two())
      return illegal(loaded_ids_.empty()
                         ? "two pieces may be announced only on a yard that already holds cargo, "
                           "by a player with two pieces left"
                         : "the pieces were announced with the first piece");
    if (!loaded_ids_.empty()) return illegal("the pieces were announced with the first piece");
    announced = pieces;
  }
  Player& p = players_[seat];
  if (p.supply[kind] == 0) return illegal(std::string("you have no ") + kKindNames[kind] + " left");
  if (!(angle >= -180 && angle <= 180)) return illegal("angle must be within [-180, 180]");
  if (!(drop >= 0 && drop <= spec_->physics.max_drop))
    return illegal("drop must be within [0, " + std::to_string(spec_->physics.max_drop) + "]");
  const Placement placement{kind, loading_area(), static_cast<float>(x), static_cast<float>(angle),
                            static_cast<float>(drop)};
  auto pose = release_pose(*spec_, world_, placement);
  if (!pose) return pose.error();

  announced_ = announced;
  --p.supply[kind];
  const int id = next_id_++;
  loaded_ids_.push_back(id);
  world_.cargo.push_back({id, kind, *pose});
  motion_ = simulate(*spec_, world_, step_limit_);
  last_load_ = {{"seat", seat}, {"piece", kKindNames[kind]},
                {"id", id},     {"area", placement.area},
                {"x", x},       {"angle", angle},
                {"drop", drop}};
  if (!motion_.falls.empty()) {
    // Only falls of earlier cargo are worth a catch: catching just this turn's pieces never counts.
    const bool worth = std::any_of(motion_.falls.begin(), motion_.falls.end(), [&](const Fall& f) {
      return std::find(loaded_ids_.begin(), loaded_ids_.end(), f.id) == loaded_ids_.end();
    });
    if (worth) {
      phase_ = Phase::kCatching;
      return std::nullopt;
    }
    settle_falls({});
    end_turn();
    return std::nullopt;
  }
  if (static_cast<int>(loaded_ids_.size()) < announced_) return std::nullopt;  // the second piece
  end_turn();
  return std::nullopt;
}

Refusal RiffRaffState::catch_pieces(const Json& action) {
  // Any number of grabs is well formed: more than two hands can catch is a rule's refusal.
  constexpr std::size_t kAny = ActionReader::kAnyCount;
  constexpr std::string_view kGrabs = R"(objects {"piece": integer, "frame": integer})";
  ActionReader read(action, {"grabs"});
  const Json& grabs = read.array("grabs", 0, kAny, kGrabs);
  if (auto bad = read.refusal()) return bad;
  if (grabs.size() > kHands) return illegal("two hands catch at most two pieces");
  std::vector<int> caught, named;
  for (const Json& grab : grabs) {
    if (!grab.is_object() || !grab.contains("piece") || !grab.contains("frame") ||
        !grab["piece"].is_number_integer() || !grab["frame"].is_number_integer() ||
        grab.size() != 2)
      return ActionReader::must_hold("grabs", 0, kAny, kGrabs);
    const long long id = grab["piece"], frame = grab["frame"];
    auto fall = std::find_if(motion_.falls.begin(), motion_.falls.end(),
                             [&](const Fall& f) { return f.id == id; });
    if (fall == motion_.falls.end())
      return illegal("piece " + std::to_string(id) + " did not fall in this turn");
    if (std::find(named.begin(), named.end(), id) != named.end())
      return illegal("piece " + std::to_string(id) + " is grabbed twice");
    if (frame < 0 || frame >= motion_.frames)
      return illegal("frame must be within [0, " + std::to_string(motion_.frames - 1) + "]");
    named.push_back(static_cast<int>(id));
    // A hand closes on the piece if it was in free fall then, or only just hit the water.
    const int tolerance = spec_->physics.catch_tolerance_frames;
    if (frame >= fall->free_from && frame <= fall->last_frame + tolerance)
      caught.push_back(static_cast<int>(id));
  }
  settle_falls(caught);
  end_turn();
  return std::nullopt;
}

void RiffRaffState::settle_falls(const std::vector<int>& caught) {
  const bool only_own = std::all_of(caught.begin(), caught.end(), [&](int id) {
    return std::find(loaded_ids_.begin(), loaded_ids_.end(), id) != loaded_ids_.end();
  });
  Player& p = players_[loader()];
  Json returned = Json::array(), out = Json::array();
  for (const Fall& fall : motion_.falls) {
    const bool gone = !only_own && std::find(caught.begin(), caught.end(), fall.id) != caught.end();
    if (gone) {
      ++p.caught;
      out.push_back(fall.id);
    } else {
      ++p.supply[fall.kind];
      returned.push_back(fall.id);
    }
  }
  last_catch_ = {{"seat", loader()},
                 {"caught", caught},
                 {"out", out},
                 {"returned", returned},
                 {"counted", !caught.empty() && !only_own}};
}

}  // namespace tortuga::riff_raff
