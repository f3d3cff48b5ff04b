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

Refusal State::apply(int seat, const Json& action) {
  if (!action.is_object()) return bad_action("an action must be a JSON object");
  auto type = action.find("type");
  if (type == action.end() || !type->is_string())
    return bad_action("an action needs a string field \"type\"");
  if (is_over()) return Error{code::kMatchOver, "the match is over"};

  Refusal refused;
  if (seat == kSystem) {
    if (*type != "timeout") return bad_action("the room may only apply a timeout");
    if (!deadline()) return illegal("nothing is waiting on a deadline");
    refused = on_timeout();
  } else {
    if (seat < 0 || seat >= seats_) return Error{code::kNotYourTurn, "not a seat of this match"};
    if (!may_act(seat))
      return Error{code::kNotYourTurn, "seat " + std::to_string(seat) + " may not act now"};
    refused = act(seat, action);
  }
  if (!refused) history_.push_back({seat, action});
  return refused;
}

Refusal State::on_timeout() {
  return illegal("this game has no deadlines");
}

Json State::view(int seat) const {
  return with_common_fields(seat_view(seat), seat);
}

Json State::full_view() const {
  return with_common_fields(seat_view(kEveryone), kEveryone);
}

Json State::with_common_fields(Json board, int seat) const {
  if (!board.is_object()) board = Json{{"board", std::move(board)}};
  const bool over = is_over();
  board["seat"] = seat >= 0 ? Json(seat) : Json(nullptr);
  board["to_act"] = over ? Json::array() : Json(actors());
  board["legal"] = seat >= 0 ? legal_actions(seat) : Json::array();
  board["over"] = over;
  board["result"] = over ? result() : Json(nullptr);
  auto wait = over ? std::nullopt : deadline();
  board["deadline"] =
      wait ? Json{{"after_ms", wait->after_ms}, {"seats", wait->seats}} : Json(nullptr);
  board["step"] = history_.size();
  return board;
}

}  // namespace tortuga
