#include "rules/core/observer.hpp"

namespace tortuga {

void Observer::write_board(const State& state, int seat, ViewWriter& out) {
  out.value(state.seat_view(seat));
}

void Observer::write_legal(const State& state, int seat, ViewWriter& out) {
  out.value(state.legal_actions(seat));
}

bool Observer::write_board_changes(const State&, BoardChanges&) {
  return false;
}

void Observer::write_common_fields(const State& state, int seat, ViewWriter& out) {
  const bool over = state.is_over();
  auto wait = over ? std::nullopt : state.deadline();
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
  if (seat >= 0 && state.may_act(seat)) {
    write_legal(state, seat, out);
  } else {
    out.begin_array();
    out.end_array();
  }
  out.member("over", over);
  out.key("result");
  if (over)
    out.value(state.result());
  else
    out.null();
  out.key("seat");
  if (seat >= 0)
    out.value(seat);
  else
    out.null();
  out.member("step", state.history().size());
  out.key("to_act");
  out.begin_array();
  if (!over)
    for (int s : state.actors()) out.value(s);
  out.end_array();
  out.end_object();
}

}  // namespace tortuga
