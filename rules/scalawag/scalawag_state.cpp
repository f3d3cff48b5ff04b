#include "rules/scalawag/scalawag_state.hpp"

#include <cctype>
#include <string>

#include "rules/core/result_words.hpp"

namespace tortuga::scalawag {
namespace {

Rules rules_or_default(const Json& options) {
  auto rules = rules_from(options);
  if (rules) return *rules;
  return *rules_from({{"players", 3}});  // options come normalized: not reached
}

}  // namespace

ScalawagState::ScalawagState(const Json& options, Chance chance)
    : State(options.value("players", 3), std::move(chance)), rules_(rules_or_default(options)) {
  table_ = deal(rules_, State::chance());
  round_ = 1;
  start_turn(table_.ring[0]);
}

ScalawagState::ScalawagState(const Rules& rules, Table table, Chance chance)
    : State(table.seats(), std::move(chance)), rules_(rules), table_(std::move(table)) {
  rules_.players = table_.seats();
  table_.boxes = rules_.boxes;
  round_ = 1;
  start_turn(table_.ring[0]);
}

std::vector<int> ScalawagState::actors() const {
  switch (phase_) {
    case Phase::kOrder:
    case Phase::kTargets:
    case Phase::kReturn:
      return {current_};
    case Phase::kWindow:
      return waiting_;
    case Phase::kPenalty:
      return {penalty_.chooser};
    case Phase::kLoseCrew:
    case Phase::kPrizeDiscard:
      return {asked_};
    case Phase::kOver:
      break;
  }
  return {};
}

std::optional<Deadline> ScalawagState::deadline() const {
  if (phase_ == Phase::kWindow) return Deadline{rules_.window_ms, waiting_};
  if (rules_.turn_clock_ms <= 0 || phase_ == Phase::kOver) return std::nullopt;
  return Deadline{rules_.turn_clock_ms, actors()};
}

Refusal ScalawagState::act(int seat, const Json& json) {
  auto parsed = parse_action(json);
  if (!parsed) return parsed.error();
  const Action& action = *parsed;
  if (auto refused = check(seat, action)) return refused;
  last_action_ = {{"seat", seat}, {"type", json["type"]}};
  switch (action.type) {
    case ActionType::kOrder:
      declare({action.order, action.crew, false, false});
      break;
    case ActionType::kSecondFire:
      command_.second_fire = true;
      open_window({Crew::kPilot, 1});
      break;
    case ActionType::kLookout:
      command_.reach = true;
      open_window({Crew::kLookout, 1});
      break;
    case ActionType::kTargets:
      attack(action.targets, action.steal);
      break;
    case ActionType::kChallenge:
      challenge(seat);
      break;
    case ActionType::kDecline:
      std::erase(waiting_, seat);
      log({{"event", "declined"}, {"seat", seat}});
      if (waiting_.empty()) close_window();
      break;
    case ActionType::kPenalty:
      pay_penalty(action.damage, action.card);
      break;
    case ActionType::kLoseCrew:
      lose_crew(seat, *action.card, current_);
      carry_on();
      break;
    case ActionType::kReturn:
      for (Crew card : action.cards) {
        remove_one(table_.ships[seat].hand, card);
        table_.harbour.push_back(card);
      }
      log({{"event", "returned"}, {"seat", seat}, {"count", action.cards.size()}});
      carry_on();
      break;
    case ActionType::kToLocker:
      remove_one(table_.ships[seat].hand, *action.card);
      table_.locker.push_back(*action.card);
      log({{"event", "crew_lost"}, {"seat", seat}, {"card", crew_name(*action.card)}});
      carry_on();
      break;
  }
  return std::nullopt;
}

Refusal ScalawagState::on_timeout() {
  const std::vector<int> silent = actors();
  log({{"event", phase_ == Phase::kWindow ? "window_timeout" : "clock_timeout"},
       {"silent", silent}});
  Refusal refused;
  switch (phase_) {
    case Phase::kWindow:  // whoever has not spoken declines
      close_window();
      break;
    case Phase::kOrder:  // the captain's hesitation: make sail with no crew, the safe order
      declare({Order::kMakeSail, 0, false, false});
      break;
    case Phase::kTargets:  // no target named in time: the order is lost
      log({{"event", "order_lost"}, {"seat", current_}, {"why", "time"}});
      end_turn();
      break;
    default:
      // A question with no safe answer: the first one offered (damage before crew for a
      // penalty, the first kind of card in the crew table's order).
      refused = act(silent.front(), legal(silent.front()).front());
  }
  last_action_ = {{"seat", nullptr}, {"type", "timeout"}};
  return refused;
}

// The result names its winners by seat and its team by allegiance, for clients to word in their
// players' names and language (result_words.hpp).
Json ScalawagState::result() const {
  if (!is_over()) return nullptr;
  // The order ships left the game, and in alliance mode every alliance (public now), give the
  // ranking that ratings read (ranking.cpp).
  Json result = {{"winners", winners_},
                 {"reason", end_reason_},
                 {"survivors", table_.alive_seats()},
                 {"eliminated", eliminated_}};
  if (end_reason_ == "last_team") {
    Json teams = Json::object();
    for (int s = 0; s < table_.seats(); ++s)
      teams[std::string(allegiance_name(table_.ships[s].allegiance))].push_back(s);
    result["teams"] = std::move(teams);
    const std::string side(allegiance_name(table_.ships[winners_.front()].allegiance));
    result["alliance"] = side;
    std::string title = side;
    if (!title.empty())  // "english": English
      title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
    return result_words::said(
        std::move(result), "games.scalawag.result.last_team",
        {{"alliance", result_words::words("games.scalawag.allegiance." + side)},
         {"winners", result_words::players(winners_)}},
        "The " + title + " alliance rules the sea: " + result_words::seats_text(winners_) + ".");
  }
  return result_words::said(
      std::move(result), "games.scalawag.result.last_ship",
      {{"winner", result_words::player(winners_.front())}},
      result_words::seat_text(winners_.front()) + " is the last ship afloat.");
}

}  // namespace tortuga::scalawag
