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

Refusal State::apply(int seat, Json action) {
  if (!action.is_object()) return not_an_object();
  auto type = action.find("type");
  if (type == action.end()) return missing_field("type");
  if (!type->is_string()) return field_must_be("type", "a string");
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
  return with_common_fields(seat_view(kEveryone), kEveryone);
}

Json State::common_fields(int seat) const {
  JsonWriter out;
  write_common_fields(seat, out);
  return out.take();
}

void State::write_common_fields(int seat, ViewWriter& out) const {
  const bool over = is_over();
  auto wait = over ? std::nullopt : deadline();
  out.begin_object();  // members in ascending order of their keys
  out.key("deadline");
  if (wait) {
    out.begin_object();
    out.member("after_ms", wait->after_ms);
    out.key("seats");
    out.begin_array();
    for (int s : wait->seats) out.value(s);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.key("legal");
  if (seat >= 0 && may_act(seat)) {  // legal_actions(seat), without the tree
    write_legal(seat, out);
  } else {
    out.begin_array();
    out.end_array();
  }
  out.member("over", over);
  out.key("result");
  if (over)
    out.value(result());
  else
    out.null();
  out.key("seat");
  if (seat >= 0)
    out.value(seat);
  else
    out.null();
  out.member("step", history_.size());
  out.key("to_act");
  out.begin_array();
  if (!over)
    for (int s : actors()) out.value(s);
  out.end_array();
  out.end_object();
}

Json State::with_common_fields(Json board, int seat) const {
  if (!board.is_object()) board = Json{{"board", std::move(board)}};
  Json common = common_fields(seat);
  for (auto it = common.begin(); it != common.end(); ++it) board[it.key()] = std::move(*it);
  return board;
}

}  // namespace tortuga
