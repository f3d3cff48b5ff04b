#include "rules/core/state.hpp"

#include <algorithm>
#include <string>

namespace tortuga {

bool State::may_act(int seat) const {
  if (is_over()) return false;
  auto who = actors();
  return std::find(who.begin(), who.end(), seat) != who.end();
}

Json State::legal_actions(int seat) const {
  if (!may_act(seat)) return Json::array();
  return legal(seat);
}

// A timeout is the room's: {"type":"timeout"} from the game's own clock, accepted while
// deadline() is set; {"type":"timeout","clock":"correspondence"} from a correspondence room's
// clock, accepted whenever the rules wait for someone, so that on_timeout answers every wait.
Refusal State::apply(int seat, Json action) {
  if (!action.is_object()) return not_an_object();
  auto type = action.find("type");
  if (type == action.end()) return missing_field("type");
  if (!type->is_string()) return field_must_be("type", "a string");
  if (is_over()) return Error{code::kMatchOver, "the match is over"};

  Refusal refused;
  if (seat == kSystem) {
    if (*type != "timeout") return bad_action("the room may only apply a timeout");
    // A correspondence room's clock is the room's, not the game's (docs/correspondence.md): its
    // timeout answers any wait of the rules, with or without the game's own clock option.
    const bool by_correspondence = action.value("clock", "") == "correspondence";
    if (by_correspondence ? actors().empty() : !deadline())
      return illegal("nothing is waiting on a deadline");
    refused = on_timeout();
  } else {
    if (seat < 0 || seat >= seats_) return Error{code::kNotYourTurn, "not a seat of this match"};
    if (!may_act(seat))
      return Error{code::kNotYourTurn, "seat " + std::to_string(seat) + " may not act now"};
    refused = act(seat, action);
  }
  if (!refused) history_.push_back({seat, std::move(action)});
  return refused;
}

Refusal State::on_timeout() {
  return illegal("this game has no deadlines");
}

Json State::view(int seat) const {
  return with_common_fields(seat_view(seat), seat);
}

Json State::full_view() const {
  Json view = with_common_fields(seat_view(kEveryone), kEveryone);
  Json by_seat = Json::array();
  for (int seat = 0; seat < seats_; ++seat) by_seat.push_back(legal_actions(seat));
  view["legal_by_seat"] = std::move(by_seat);
  return view;
}

Json State::common_fields(int seat) const {
  const bool over = is_over();
  auto wait = over ? std::nullopt : deadline();
  return {{"deadline", wait ? Json{{"after_ms", wait->after_ms}, {"seats", wait->seats}} : Json()},
          {"legal", legal_actions(seat)},
          {"over", over},
          {"result", over ? result() : Json()},
          {"seat", seat >= 0 ? Json(seat) : Json()},
          {"step", history_.size()},
          {"to_act", over ? std::vector<int>() : actors()}};
}

Json State::with_common_fields(Json board, int seat) const {
  if (!board.is_object()) board = Json{{"board", std::move(board)}};
  Json common = common_fields(seat);
  for (auto it = common.begin(); it != common.end(); ++it) board[it.key()] = std::move(*it);
  return board;
}

}  // namespace tortuga
