#include "rules/riff_raff/riff_state.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace tortuga::riff {
namespace {

// The number in `field` of an action, or why there is none.
Expected<double> number_field(const Json& action, const char* field) {
  auto it = action.find(field);
  if (it == action.end() || !it->is_number())
    return bad_action(std::string("field \"") + field + "\" must be a number");
  return it->get<double>();
}

Refusal only_fields(const Json& action, std::initializer_list<const char*> allowed) {
  for (auto it = action.begin(); it != action.end(); ++it)
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* f) { return it.key() == f; }))
      return bad_action("unexpected field \"" + it.key() + "\" in a " +
                        action["type"].get<std::string>() + " action");
  return std::nullopt;
}

}  // namespace

int Player::pieces() const { return std::accumulate(supply.begin(), supply.end(), 0); }

RiffState::RiffState(const Json& options, Chance chance)
    : State(options.at("players").get<int>(), std::move(chance)) {
  auto spec = load_spec(options.value("model", Json()));
  assert(spec.ok());  // RiffGame::check_options refused any model that does not load
  spec_ = *spec;
  world_ = upright_ship(*spec_);
  catch_ms_ = options.value("catch_ms", 3000);
  // Two players get two sets each and go twice through their cards.
  const int sets = seats() == 2 ? 2 : 1;
  rounds_ = seats() == 2 ? 2 * kCards : kCards;
  players_.resize(seats());
  for (Player& p : players_) {
    p.supply.fill(sets);
    for (int card = 1; card <= kCards; ++card) p.hand.push_back(card);
  }
  captain_ = static_cast<int>(this->chance().below(static_cast<std::uint32_t>(seats())));
}

void RiffState::set_scene(World world, std::vector<std::array<int, kKinds>> supplies,
                          int round) {
  assert(phase_ == Phase::kChoosing && static_cast<int>(supplies.size()) == seats());
  assert(round >= 1 && round <= rounds_);
  world_ = std::move(world);
  for (const Cargo& c : world_.cargo) next_id_ = std::max(next_id_, c.id + 1);
  for (int s = 0; s < seats(); ++s) players_[s].supply = supplies[s];
  round_ = round;
}

std::vector<int> RiffState::actors() const {
  switch (phase_) {
    case Phase::kChoosing: {
      std::vector<int> who;
      for (int s = 0; s < seats(); ++s)
        if (players_[s].chosen == 0) who.push_back(s);
      return who;
    }
    case Phase::kAppointing: return {captain_};
    case Phase::kLoading:
    case Phase::kCatching: return {loader()};
    case Phase::kOver: return {};
  }
  return {};
}

int RiffState::loader() const {
  if (phase_ != Phase::kLoading && phase_ != Phase::kCatching) return -1;
  return order_[turn_];
}

int RiffState::loading_area() const {
  const int seat = loader();
  return seat < 0 ? 0 : players_[seat].played.back();
}

bool RiffState::may_announce_two() const {
  return phase_ == Phase::kLoading && two_allowed_ && loaded_ids_.empty();
}

std::optional<Deadline> RiffState::deadline() const {
  if (phase_ != Phase::kCatching) return std::nullopt;
  const Physics& ph = spec_->physics;
  const std::int64_t playback =
      static_cast<std::int64_t>(motion_.frames) * ph.frame_every * 1000 / ph.step_hz;
  return Deadline{playback + catch_ms_, {loader()}};
}

Json RiffState::result() const {
  if (phase_ != Phase::kOver) return nullptr;
  Json scores = Json::array();
  for (const Player& p : players_) scores.push_back(p.pieces());
  return {{"winners", winners_}, {"reason", reason_}, {"scores", scores}};
}

Refusal RiffState::act(int seat, const Json& action) {
  const std::string type = action["type"];
  switch (phase_) {
    case Phase::kChoosing:
      if (type == "choose") return choose(seat, action);
      return illegal("every player now chooses a card: send {\"type\": \"choose\", \"card\": n}");
    case Phase::kAppointing:
      if (type == "appoint") return appoint(action);
      return illegal("the captain now appoints the new captain among the tied highest cards");
    case Phase::kLoading:
      if (type == "load") return load(seat, action);
      return illegal("it is time to load a piece: send a load action");
    case Phase::kCatching:
      if (type == "catch") return catch_pieces(action);
      return illegal("cargo fell: send a catch action (an empty grabs list lets it all go)");
    case Phase::kOver: break;
  }
  return Error{code::kMatchOver, "the match is over"};
}

Refusal RiffState::on_timeout() {
  // Time ran out on the catch: the hands stayed still, nothing was caught.
  return catch_pieces({{"type", "catch"}, {"grabs", Json::array()}});
}

Refusal RiffState::choose(int seat, const Json& action) {
  if (auto bad = only_fields(action, {"type", "card"})) return bad;
  auto card = action.find("card");
  if (card == action.end() || !card->is_number_integer())
    return bad_action("field \"card\" must be an integer");
  Player& p = players_[seat];
  const long long n = card->get<long long>();
  if (std::find(p.hand.begin(), p.hand.end(), n) == p.hand.end())
    return illegal("card " + std::to_string(n) + " is not in your hand");
  p.chosen = static_cast<int>(n);
  if (actors().empty()) reveal();
  return std::nullopt;
}

std::vector<int> RiffState::tied_highest() const {
  int high = 0;
  for (const Player& p : players_) high = std::max(high, p.played.back());
  std::vector<int> tied;
  for (int s = 0; s < seats(); ++s)
    if (players_[s].played.back() == high) tied.push_back(s);
  return tied;
}

void RiffState::reveal() {
  for (Player& p : players_) {
    p.played.push_back(p.chosen);
    p.hand.erase(std::find(p.hand.begin(), p.hand.end(), p.chosen));
    p.chosen = 0;
  }
  last_catch_ = nullptr;
  const auto tied = tied_highest();
  if (tied.size() > 1) {
    phase_ = Phase::kAppointing;  // the captain in office settles the tie
    return;
  }
  captain_ = tied.front();
  begin_loading();
}

Refusal RiffState::appoint(const Json& action) {
  if (auto bad = only_fields(action, {"type", "seat"})) return bad;
  auto seat = action.find("seat");
  if (seat == action.end() || !seat->is_number_integer())
    return bad_action("field \"seat\" must be an integer");
  const auto tied = tied_highest();
  const long long s = seat->get<long long>();
  if (std::find(tied.begin(), tied.end(), s) == tied.end())
    return illegal("seat " + std::to_string(s) + " did not play the highest card");
  captain_ = static_cast<int>(s);
  begin_loading();
  return std::nullopt;
}

void RiffState::begin_loading() {
  // Descending cards; equal cards load from the captain on, clockwise.
  const int n = seats();
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0);
  auto key = [&](int s) {
    return std::pair{-players_[s].played.back(), (s - captain_ + n) % n};
  };
  std::sort(order_.begin(), order_.end(), [&](int a, int b) { return key(a) < key(b); });
  turn_ = 0;
  start_turn();
}

void RiffState::start_turn() {
  phase_ = Phase::kLoading;
  announced_ = 1;
  loaded_ids_.clear();
  const int area = loading_area();
  bool holds_cargo = false;
  for (const Cargo& c : world_.cargo) holds_cargo = holds_cargo || area_of(*spec_, world_, c) == area;
  two_allowed_ = area >= kFirstYardArea && holds_cargo && players_[loader()].pieces() >= 2;
}

void RiffState::end_turn() {
  const int seat = loader();
  if (players_[seat].pieces() == 0) {
    winners_ = {seat};
    reason_ = "emptied";  // no pieces left at the end of a turn: the round stops at once
    phase_ = Phase::kOver;
    return;
  }
  if (++turn_ < static_cast<int>(order_.size())) return start_turn();
  if (round_ == rounds_) {
    int fewest = players_[0].pieces();
    for (const Player& p : players_) fewest = std::min(fewest, p.pieces());
    for (int s = 0; s < seats(); ++s)
      if (players_[s].pieces() == fewest) winners_.push_back(s);
    reason_ = "fewest pieces";
    phase_ = Phase::kOver;
    return;
  }
  ++round_;
  for (Player& p : players_)
    if (p.hand.empty())  // two players take their cards back for a second pass
      for (int card = 1; card <= kCards; ++card) p.hand.push_back(card);
  phase_ = Phase::kChoosing;
}

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
  motion_ = simulate(*spec_, world_);
  last_load_ = {{"seat", seat},       {"piece", kKindNames[kind]}, {"id", id},
                {"area", placement.area}, {"x", placement.x},        {"angle", placement.angle_deg},
                {"drop", placement.drop}};
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
  last_catch_ = {{"seat", loader()}, {"caught", caught}, {"out", out}, {"returned", returned},
                 {"counted", !caught.empty() && !only_own}};
}

}  // namespace tortuga::riff
