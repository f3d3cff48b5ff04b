#include "rules/riff_raff/riff_raff_state.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

#include "rules/core/action_reader.hpp"
#include "rules/core/named_chance.hpp"
#include "rules/core/result_words.hpp"

namespace tortuga::riff_raff {

int Player::pieces() const {
  return std::accumulate(supply.begin(), supply.end(), 0);
}

RiffRaffState::RiffRaffState(const Json& options, Chance chance)
    : State(options.at("players").get<int>(), std::move(chance)) {
  auto spec = load_spec(options.value("model", Json()));
  assert(spec.ok());  // RiffRaffGame::check_options refused any model that does not load
  spec_ = *spec;
  world_ = upright_ship(*spec_);
  catch_ms_ = options.value("catch_ms", 3000);
  turn_clock_s_ = options.value("turn_clock_s", 0);
  // Two players get two sets each and go twice through their cards.
  const int sets = seats() == 2 ? 2 : 1;
  rounds_ = seats() == 2 ? 2 * kCards : kCards;
  players_.resize(seats());
  for (Player& p : players_) {
    p.supply.fill(sets);
    for (int card = 1; card <= kCards; ++card) p.hand.push_back(card);
  }
  captain_ = number(this->chance(), kCaptainEvent, 0, seats() - 1);
}

void RiffRaffState::set_scene(World world, std::vector<std::array<int, kKinds>> supplies,
                              int round) {
  assert(phase_ == Phase::kChoosing && static_cast<int>(supplies.size()) == seats());
  assert(round >= 1 && round <= rounds_);
  world_ = std::move(world);
  for (const Cargo& c : world_.cargo) next_id_ = std::max(next_id_, c.id + 1);
  ++scenes_;
  for (int s = 0; s < seats(); ++s) players_[s].supply = supplies[s];
  round_ = round;
}

std::vector<int> RiffRaffState::actors() const {
  switch (phase_) {
    case Phase::kChoosing: {
      std::vector<int> who;
      for (int s = 0; s < seats(); ++s)
        if (players_[s].chosen == 0) who.push_back(s);
      return who;
    }
    case Phase::kAppointing:
      return {captain_};
    case Phase::kLoading:
    case Phase::kCatching:
      return {loader()};
    case Phase::kOver:
      return {};
  }
  return {};
}

int RiffRaffState::loader() const {
  if (phase_ != Phase::kLoading && phase_ != Phase::kCatching) return -1;
  return order_[turn_];
}

int RiffRaffState::loading_area() const {
  const int seat = loader();
  return seat < 0 ? 0 : players_[seat].played.back();
}

bool RiffRaffState::may_announce_two() const {
  return phase_ == Phase::kLoading && two_allowed_ && loaded_ids_.empty();
}

std::optional<Deadline> RiffRaffState::deadline() const {
  if (phase_ == Phase::kCatching) {
    const Physics& ph = spec_->physics;
    const std::int64_t playback =
        static_cast<std::int64_t>(motion_.frames) * ph.frame_every * 1000 / ph.step_hz;
    return Deadline{playback + catch_ms_, {loader()}};
  }
  if (turn_clock_s_ <= 0 || phase_ == Phase::kOver) return std::nullopt;
  return Deadline{turn_clock_s_ * 1000LL, actors()};
}

Json RiffRaffState::result() const {
  if (phase_ != Phase::kOver) return nullptr;
  Json scores = Json::array();
  for (const Player& p : players_) scores.push_back(p.pieces());
  const bool alone = winners_.size() == 1;
  const std::string who = result_words::seats_text(winners_);
  Json params = {{"winners", result_words::players(winners_)}, {"count", winners_.size()}};
  std::string message;
  if (reason_ == "emptied") {
    message = who + " loaded every piece and " + (alone ? "wins" : "win") + " at once.";
  } else {
    // Fewer pieces left is better: the count says so beside the winners.
    const int pieces = players_[winners_.front()].pieces();
    params["pieces"] = pieces;
    message = "Every card is played: " + who +
              (alone ? " has the fewest pieces left (" + std::to_string(pieces) + ") and wins."
                     : " have the fewest pieces left (" + std::to_string(pieces) +
                           " each) and share the win.");
  }
  return result_words::said({{"winners", winners_}, {"reason", reason_}, {"scores", scores}},
                            "games.riff-raff.result." + reason_, std::move(params),
                            std::move(message));
}

Refusal RiffRaffState::act(int seat, const Json& action) {
  // A type the game never has is malformed; one it has but not now is refused by the phase.
  static constexpr std::string_view kTypes[] = {"choose", "appoint", "load", "catch"};
  if (auto bad = expect_type(action, kTypes)) return bad;
  const std::string& type = action["type"].get_ref<const std::string&>();
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
    case Phase::kOver:
      break;
  }
  return Error{code::kMatchOver, "the match is over"};
}

Refusal RiffRaffState::on_timeout() {
  switch (phase_) {
    case Phase::kChoosing:
      // The lowest card: the deck, and the last to load. Every late player at once.
      for (int seat : actors())
        if (auto refused =
                choose(seat, {{"type", "choose"}, {"card", players_[seat].hand.front()}}))
          return refused;
      return std::nullopt;
    case Phase::kAppointing: {
      const int n = seats();
      int pick = -1;
      for (int seat : tied_highest())  // the first tied player clockwise from the captain
        if (pick < 0 || (seat - captain_ + n) % n < (pick - captain_ + n) % n) pick = seat;
      return appoint({{"type", "appoint"}, {"seat", pick}});
    }
    case Phase::kLoading:
      return load(loader(), legal(loader()).front());  // set down gently, mid-area
    case Phase::kCatching:
      // Time ran out on the catch: the hands stayed still, nothing was caught.
      return catch_pieces({{"type", "catch"}, {"grabs", Json::array()}});
    case Phase::kOver:
      break;
  }
  return illegal("nothing is waiting on a deadline");
}

Refusal RiffRaffState::choose(int seat, const Json& action) {
  ActionReader read(action, {"card"});
  const long long n = read.integer("card");
  if (auto bad = read.refusal()) return bad;
  Player& p = players_[seat];
  if (std::find(p.hand.begin(), p.hand.end(), n) == p.hand.end())
    return illegal("card " + std::to_string(n) + " is not in your hand");
  p.chosen = static_cast<int>(n);
  if (actors().empty()) reveal();
  return std::nullopt;
}

std::vector<int> RiffRaffState::tied_highest() const {
  int high = 0;
  for (const Player& p : players_) high = std::max(high, p.played.back());
  std::vector<int> tied;
  for (int s = 0; s < seats(); ++s)
    if (players_[s].played.back() == high) tied.push_back(s);
  return tied;
}

void RiffRaffState::reveal() {
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

Refusal RiffRaffState::appoint(const Json& action) {
  ActionReader read(action, {"seat"});
  const long long s = read.integer("seat");
  if (auto bad = read.refusal()) return bad;
  const auto tied = tied_highest();
  if (std::find(tied.begin(), tied.end(), s) == tied.end())
    return illegal("seat " + std::to_string(s) + " did not play the highest card");
  captain_ = static_cast<int>(s);
  begin_loading();
  return std::nullopt;
}

void RiffRaffState::begin_loading() {
  // Descending cards; equal cards load from the captain on, clockwise.
  const int n = seats();
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0);
  auto key = [&](int s) { return std::pair{-players_[s].played.back(), (s - captain_ + n) % n}; };
  std::sort(order_.begin(), order_.end(), [&](int a, int b) { return key(a) < key(b); });
  turn_ = 0;
  start_turn();
}

void RiffRaffState::start_turn() {
  phase_ = Phase::kLoading;
  announced_ = 1;
  loaded_ids_.clear();
  const int area = loading_area();
  bool holds_cargo = false;
  for (const Cargo& c : world_.cargo)
    holds_cargo = holds_cargo || area_of(*spec_, world_, c) == area;
  two_allowed_ = area >= kFirstYardArea && holds_cargo && players_[loader()].pieces() >= 2;
}

void RiffRaffState::end_turn() {
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
    reason_ = "fewest_pieces";
    phase_ = Phase::kOver;
    return;
  }
  ++round_;
  for (Player& p : players_)
    if (p.hand.empty())  // two players take their cards back for a second pass
      for (int card = 1; card <= kCards; ++card) p.hand.push_back(card);
  phase_ = Phase::kChoosing;
}

}  // namespace tortuga::riff_raff
