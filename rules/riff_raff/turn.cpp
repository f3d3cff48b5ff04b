// A loader's turn: loading a piece (or two), the simulation, and the catch after a fall.
#include <algorithm>

#include "rules/riff_raff/action_fields.hpp"
#include "rules/riff_raff/riff_state.hpp"

namespace tortuga::riff {

Refusal RiffState::load(int seat, const Json& action) {
  if (auto bad = only_fields(action, {"type", "piece", "x", "angle", "drop", "pieces"})) return bad;
  auto piece = action.find("piece");
  if (piece == action.end() || !piece->is_string())
    return bad_action("field \"piece\" must name a kind of cargo");
  const int kind = kind_index(piece->get<std::string>());
  if (kind < 0) return bad_action("there is no cargo called \"" + piece->get<std::string>() + "\"");
  auto x = number_field(action, "x");
  if (!x) return x.error();
  auto angle = number_field(action, "angle");
  if (!angle) return angle.error();
  auto drop = number_field(action, "drop");
  if (!drop) return drop.error();
  int announced = announced_;
  if (auto pieces = action.find("pieces"); pieces != action.end()) {
    if (!pieces->is_number_integer() || (*pieces != 1 && *pieces != 2))
      return bad_action("field \"pieces\" must be 1 or 2");
    if (*pieces == 2 && !may_announce_two())
      return illegal(loaded_ids_.empty()
                         ? "two pieces may be announced only on a yard that already holds cargo, "
                           "by a player with two pieces left"
                         : "the pieces were announced with the first piece");
    if (!loaded_ids_.empty()) return illegal("the pieces were announced with the first piece");
    announced = pieces->get<int>();
  }
  Player& p = players_[seat];
  if (p.supply[kind] == 0) return illegal(std::string("you have no ") + kKindNames[kind] + " left");
  if (!(*angle >= -180 && *angle <= 180)) return illegal("angle must be within [-180, 180]");
  if (!(*drop >= 0 && *drop <= spec_->physics.max_drop))
    return illegal("drop must be within [0, " + std::to_string(spec_->physics.max_drop) + "]");
  const Placement placement{kind, loading_area(), static_cast<float>(*x),
                            static_cast<float>(*angle), static_cast<float>(*drop)};
  auto pose = release_pose(*spec_, world_, placement);
  if (!pose) return pose.error();

  announced_ = announced;
  --p.supply[kind];
  const int id = next_id_++;
  loaded_ids_.push_back(id);
  world_.cargo.push_back({id, kind, *pose});
  motion_ = simulate(*spec_, world_, step_limit_);
  last_load_ = {
      {"seat", seat}, {"piece", kKindNames[kind]}, {"id", id},     {"area", placement.area},
      {"x", *x},      {"angle", *angle},           {"drop", *drop}};
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

Refusal RiffState::catch_pieces(const Json& action) {
  if (auto bad = only_fields(action, {"type", "grabs"})) return bad;
  auto grabs = action.find("grabs");
  if (grabs == action.end() || !grabs->is_array())
    return bad_action("field \"grabs\" must be an array of {\"piece\": id, \"frame\": n}");
  if (grabs->size() > kHands) return illegal("two hands catch at most two pieces");
  std::vector<int> caught, named;
  for (const Json& grab : *grabs) {
    if (!grab.is_object() || !grab.contains("piece") || !grab.contains("frame") ||
        !grab["piece"].is_number_integer() || !grab["frame"].is_number_integer() ||
        grab.size() != 2)
      return bad_action("each grab must be {\"piece\": id, \"frame\": n}");
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

void RiffState::settle_falls(const std::vector<int>& caught) {
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

}  // namespace tortuga::riff
