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

namespace {

// The keys of State::common_fields, in ascending order, and their places in it.
constexpr std::string_view kCommonFields[] = {"deadline", "legal", "over",  "result",
                                              "seat",     "step",  "to_act"};
enum CommonField { kDeadline, kLegal, kOver, kResult, kSeat, kStep, kToAct, kCommonFieldCount };

}  // namespace

void Observer::write_common_fields(const State& state, int seat, ViewWriter& out) {
  out.begin_object();
  for (int field = 0; field < kCommonFieldCount; ++field)
    write_common_field(state, seat, field, out);
  out.end_object();
}

void Observer::write_shared_part(const State& state, ViewWriter& out) {
  if (state.private_members().empty()) return write_board(state, kSpectator, out);
  Json board = state.seat_view(kSpectator);
  for (std::string_view name : state.private_members()) board.erase(std::string(name));
  out.value(board);
}

void Observer::write_own_part(const State& state, int seat, ViewWriter& out) {
  if (state.private_members().empty()) return write_common_fields(state, seat, out);
  const Json own = state.private_view(seat);
  out.begin_object();
  // Both lists are in ascending order of their keys (an object's members iterate so): merged.
  auto next = own.begin();
  for (int field = 0; field < kCommonFieldCount; ++field) {
    for (; next != own.end() && next.key() < kCommonFields[field]; ++next) {
      out.key(next.key());
      out.value(*next);
    }
    write_common_field(state, seat, field, out);
  }
  for (; next != own.end(); ++next) {
    out.key(next.key());
    out.value(*next);
  }
  out.end_object();
}

void Observer::write_common_field(const State& state, int seat, int field, ViewWriter& out) {
  out.key(kCommonFields[field]);
  const bool over = state.is_over();
  switch (field) {
    case kDeadline: {
      auto wait = over ? std::nullopt : state.deadline();
      if (!wait) return out.null();
      out.begin_object();
      out.member("after_ms", wait->after_ms);
      out.key("seats");
      out.begin_array();
      for (int s : wait->seats) out.value(s);
      out.end_array();
      return out.end_object();
    }
    case kLegal:
      if (seat >= 0 && state.may_act(seat)) return write_legal(state, seat, out);
      out.begin_array();
      return out.end_array();
    case kOver:
      return out.value(over);
    case kResult:
      return over ? out.value(state.result()) : out.null();
    case kSeat:
      return seat >= 0 ? out.value(seat) : out.null();
    case kStep:
      return out.value(state.history().size());
    default:  // kToAct
      out.begin_array();
      if (!over)
        for (int s : state.actors()) out.value(s);
      out.end_array();
  }
}

}  // namespace tortuga
