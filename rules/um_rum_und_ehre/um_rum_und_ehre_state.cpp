#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

#include <string>

#include "rules/core/action_reader.hpp"
#include "rules/um_rum_und_ehre/chance_events.hpp"
#include "rules/um_rum_und_ehre/stack_data.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

int option_int(const Json& options, const char* name, int fallback) {
  auto it = options.find(name);
  return it != options.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

std::shared_ptr<const Town> town_for(const Json& options, Chance& chance) {
  TownTiles tiles = standard_tiles();
  auto own = options.find("tiles");
  if (own != options.end() && !own->is_null()) {
    if (auto given = parse_tiles(*own)) tiles = *given;
  }
  auto it = options.find("arrangement");
  if (it != options.end() && !it->is_null()) {
    if (auto given = parse_arrangement(*it)) return std::make_shared<const Town>(tiles, *given);
  }
  return std::make_shared<const Town>(tiles, random_arrangement(chance));
}

}  // namespace

UmRumUndEhreState::UmRumUndEhreState(const Json& options, Chance chance)
    : State(option_int(options, "players", 2), std::move(chance)) {
  decision_s_ = option_int(options, "decision_s", 0);
  town_ = town_for(options, State::chance());
  auto given = [&](const char* name) {
    auto it = options.find(name);
    return it != options.end() ? *it : Json();
  };
  tile_options_ =
      std::make_shared<const Json>(Json{{"stacks", given("stacks")}, {"tiles", given("tiles")}});
  stacks_ = standard_stacks();
  if (auto own = options.find("stacks"); own != options.end() && !own->is_null()) {
    if (auto given = parse_stacks(*own)) stacks_ = *given;
  }
  shuffle_stacks(stacks_, State::chance());
  players_.resize(seats());
  alley_owner_.assign(town_->alleys().size(), -1);
  captain_ = town_->hq();
  refill_taverns(display_, stacks_);
  refill_chests(display_, stacks_);
  refill_maps(display_, stacks_);
  lay_out_sleeping(display_, stacks_, seats() >= 4);
  start_round();
}

Json UmRumUndEhreState::setup() const {
  Json setup = *tile_options_;
  setup["arrangement"] = arrangement_json(town_->arrangement());
  return setup;
}

void UmRumUndEhreState::start_round() {
  for (Player& p : players_) p.done = false;
  ship_ = Ship();
  if (seats() == 2) {
    // The imaginary crew takes the top row with as many pirates as a die shows.
    imaginary_pirates_ = number(State::chance(), kImaginaryCrewEvent, 1, 6);
    ship_.board(kImaginaryCrew, imaginary_pirates_);
    add_event({{"event", "imaginary_crew"}, {"pirates", imaginary_pirates_}});
  }
  add_event({{"event", "round"}, {"round", round_}, {"first_player", first_player_}});
  current_ = first_player_;
  moves_ = 0;
  step_ = Step::kTurn;
}

void UmRumUndEhreState::add_event(Json shown, int owner, Json secret) {
  events_.push_back({std::move(shown), owner, std::move(secret)});
}

std::vector<int> UmRumUndEhreState::actors() const {
  switch (step_) {
    case Step::kInvite:
      return {drink_.invitee};
    case Step::kRoll:
    case Step::kRum:
      return {roll_.seat};
    case Step::kOver:
      return {};
    default:
      return {current_};
  }
}

std::optional<Deadline> UmRumUndEhreState::deadline() const {
  if (decision_s_ <= 0 || step_ == Step::kOver) return std::nullopt;
  return Deadline{decision_s_ * 1000LL, actors()};
}

bool UmRumUndEhreState::last_ashore() const {
  int ashore = 0;
  for (const Player& p : players_) ashore += !p.done;
  return ashore == 1;
}

Json UmRumUndEhreState::legal(int seat) const {
  Json actions = Json::array();
  switch (step_) {
    case Step::kTurn:
      actions = move_actions();
      if (players_[seat].coins > 0) actions.push_back({{"type", "rest"}});
      actions.push_back({{"type", "board"}});
      break;
    case Step::kAfterMove:
      actions = move_actions();
      actions.push_back({{"type", "end_turn"}});
      break;
    case Step::kHq:
    case Step::kGoods:
    case Step::kMap:
    case Step::kGuard:
      actions = town_question_actions();
      break;
    case Step::kInvite:
      if (players_[seat].coins > 0) actions.push_back({{"type", "join"}});
      actions.push_back({{"type", "decline"}});
      break;
    case Step::kRoll:
    case Step::kRum:
      actions = dice_actions();
      break;
    case Step::kOver:
      break;
  }
  return actions;
}

Refusal UmRumUndEhreState::act(int seat, const Json& action) {
  // A type the game never has is malformed; one it has but not now is refused by the step.
  static constexpr std::string_view kTypes[] = {
      "move", "move_dark", "end_turn", "rest",  "board", "join",   "decline", "take_back",
      "keep", "sell",      "take_map", "guard", "roll",  "reroll", "rum"};
  if (auto bad = expect_type(action, kTypes)) return bad;
  // The events of the last action stay until another is accepted: a refusal changes nothing.
  auto before = std::move(events_);
  events_.clear();
  auto refused = answer(seat, action);
  if (refused) events_ = std::move(before);
  return refused;
}

Refusal UmRumUndEhreState::answer(int seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  Refusal refused;
  switch (step_) {
    case Step::kTurn:
    case Step::kAfterMove:
      refused = turn_action(seat, action);
      break;
    case Step::kHq:
    case Step::kGoods:
    case Step::kMap:
    case Step::kGuard:
      refused = town_answer(action);
      break;
    case Step::kInvite: {
      if (type != "join" && type != "decline")
        return illegal("seat " + std::to_string(seat) +
                       " is offered a drink: the answer is join or decline");
      if (auto bad = expect_fields(action, {})) return bad;
      if (type == "join") {
        if (players_[seat].coins < 1) return illegal("joining the drink costs a coin you lack");
        --players_[seat].coins;
        ++players_[current_].coins;
        drink_.drinkers.push_back(seat);
      }
      add_event({{"event", type == "join" ? "joined_drink" : "declined_drink"}, {"seat", seat}});
      ask_next_invitee();
      break;
    }
    case Step::kRoll:
    case Step::kRum:
      refused = dice_answer(action);
      break;
    case Step::kOver:
      break;
  }
  return refused;
}

Refusal UmRumUndEhreState::turn_action(int seat, const Json& action) {
  const std::string type = action["type"].get<std::string>();
  if (type == "move" || type == "move_dark") return move(action);
  if (step_ == Step::kAfterMove) {
    if (type != "end_turn")
      return illegal("after moving the captain you may move him again or end_turn");
    if (auto bad = expect_fields(action, {})) return bad;
    add_event({{"event", "end_turn"}, {"seat", seat}});
    end_turn();
    return std::nullopt;
  }
  if (type == "rest") {
    if (auto bad = expect_fields(action, {})) return bad;
    if (players_[seat].coins < 1) return illegal("resting costs a coin you lack");
    --players_[seat].coins;
    add_event({{"event", "rest"}, {"seat", seat}});
    end_turn();
    return std::nullopt;
  }
  if (type == "board") {
    if (auto bad = expect_fields(action, {})) return bad;
    Player& p = players_[seat];
    ship_.board(seat, p.supply);
    add_event({{"event", "board"},
               {"seat", seat},
               {"pirates", p.supply},
               {"row", static_cast<int>(ship_.rows().size()) - 1}});
    p.supply = 0;
    p.done = true;
    next_turn(seat);
    return std::nullopt;
  }
  return illegal("it is the start of your turn: move or move_dark the captain, rest or board");
}

void UmRumUndEhreState::end_turn() {
  Player& p = players_[current_];
  if (p.supply == 0) {
    // All his pirates are in the alleys: he cannot board, and his action phase is over.
    p.done = true;
    add_event({{"event", "ashore_without_pirates"}, {"seat", current_}});
  }
  next_turn(current_);
}

void UmRumUndEhreState::next_turn(int from) {
  const int n = seats();
  for (int k = 1; k <= n; ++k) {
    const int seat = (from + k) % n;
    if (players_[seat].done) continue;
    if (players_[seat].supply == 0) {
      players_[seat].done = true;
      add_event({{"event", "ashore_without_pirates"}, {"seat", seat}});
      continue;
    }
    current_ = seat;
    moves_ = 0;
    step_ = Step::kTurn;
    return;
  }
  start_brawl();
}

void UmRumUndEhreState::end_round() {
  for (auto& owner : alley_owner_) owner = -1;
  for (Player& p : players_) p.supply = kCrewSize + kOfficePirates - p.office;
  if (round_ == kRounds) {
    step_ = Step::kOver;
    add_event({{"event", "game_over"}});
    return;
  }
  ++round_;
  first_player_ = (first_player_ + 1) % seats();
  lay_out_sleeping(display_, stacks_, seats() >= 4);
  start_round();
}

Json UmRumUndEhreState::default_action() const {
  switch (step_) {
    case Step::kTurn:
      return {{"type", "board"}};
    case Step::kAfterMove:
      return {{"type", "end_turn"}};
    case Step::kHq:
      return {{"type", "take_back"}, {"alleys", Json::array()}};
    case Step::kGoods:
      return {{"type", "keep"}};
    case Step::kMap:
    case Step::kGuard:
      return town_question_actions().front();
    case Step::kInvite:
      return {{"type", "decline"}};
    case Step::kRoll:
      return {{"type", "roll"}};
    case Step::kRum:
      return {{"type", "keep"}};
    case Step::kOver:
      break;
  }
  return nullptr;
}

Refusal UmRumUndEhreState::on_timeout() {
  const int seat = actors().front();
  const Json action = default_action();
  auto refused = act(seat, action);
  if (!refused)
    events_.insert(events_.begin(),
                   Event{{{"event", "timeout"}, {"seat", seat}, {"action", action}}, -1, nullptr});
  return refused;
}

}  // namespace tortuga::um_rum_und_ehre
