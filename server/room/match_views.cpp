#include "server/room/match_views.hpp"

#include "protocol/event.hpp"
#include "protocol/patch.hpp"

namespace tortuga {

namespace {

nlohmann::json without_deadline(nlohmann::json view) {
  view["deadline"] = nullptr;
  return view;
}

}  // namespace

void MatchViews::reset(const State& state) {
  for (auto& audience : audiences_) audience.fresh = false;
  if (observer_->shares_board(state)) write_board(state);
}

void MatchViews::write_own_part(const State& state, int seat, protocol::Shape& into,
                                const protocol::Shape* last) {
  protocol::ShapeWriter out(into, last);
  if (observer_->shares_board(state))
    observer_->write_own_part(state, seat, out);
  else  // a board of the audience's own: its whole view, as the state builds it
    out.value(deadlines_hidden_ ? without_deadline(state.view(seat)) : state.view(seat));
}

std::string MatchViews::advance_own_part(const State& state, int audience) {
  Audience& a = audiences_[audience];
  write_own_part(state, seat_of(audience), scratch_, &a.last);
  std::string ops = observer_->shares_board(state) ? protocol::diff_members_text(a.last, scratch_)
                                                   : protocol::diff_text(a.last, scratch_);
  std::swap(a.last, scratch_);
  return ops;
}

void MatchViews::write_board(const State& state) {
  protocol::ShapeWriter out(board_);
  observer_->write_shared_part(state, out);
  board_stale_ = false;
}

std::optional<std::string> MatchViews::board_ops(const State& state) {
  if (observer_->write_board_changes(state, changes_)) {
    board_stale_ = true;
    return changes_.take();
  }
  if (board_stale_) return std::nullopt;
  {
    protocol::ShapeWriter out(board_scratch_, &board_);  // copies what did not move
    observer_->write_shared_part(state, out);
  }
  std::string ops = protocol::diff_members_text(board_, board_scratch_);
  std::swap(board_, board_scratch_);
  return ops;
}

std::vector<std::pair<int, std::string>> MatchViews::advance(
    const State& state, std::int64_t match, std::int64_t version,
    const std::function<bool(int)>& watched) {
  const bool shared = observer_->shares_board(state);
  // A board everyone shares is changed once for all, then each audience adds its own part.
  std::optional<std::string> shared_ops = "[]";
  if (shared) shared_ops = board_ops(state);
  // Without a base for the board's diff, every audience is sent its whole view instead.
  if (!shared_ops) write_board(state);
  std::vector<std::pair<int, std::string>> messages;
  for (int a = 0; a < static_cast<int>(audiences_.size()); ++a) {
    Audience& audience = audiences_[a];
    if (!watched(a)) {
      audience.fresh = false;  // nobody to patch: rebuilt whole when someone comes
      continue;
    }
    if (!audience.fresh) continue;
    if (shared_ops) {
      messages.emplace_back(
          a, protocol::event::patch(match, version, *shared_ops, advance_own_part(state, a)));
    } else {
      write_own_part(state, seat_of(a), audience.last);
      messages.emplace_back(
          a, protocol::event::state_of_text(nullptr, match, version,
                                            protocol::merged_object_text(board_, audience.last)));
    }
  }
  return messages;
}

std::string MatchViews::view_text(const State& state, int audience) {
  const bool shared = observer_->shares_board(state);
  if (shared && board_stale_) write_board(state);
  Audience& a = audiences_[audience];
  if (!a.fresh) {
    write_own_part(state, seat_of(audience), a.last);
    a.fresh = true;
  }
  // The view's text straight from the shapes, without a tree.
  return shared ? protocol::merged_object_text(board_, a.last) : std::string(a.last.text());
}

}  // namespace tortuga
