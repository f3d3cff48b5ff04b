// The changes of a move of play named against the board RaftAndScupperObserver last wrote (see
// views.hpp).
#include <string_view>

#include "rules/raft_and_scupper/actions.hpp"
#include "rules/raft_and_scupper/views.hpp"

namespace tortuga::raft_and_scupper {
namespace {

// A ship's place in "ships": ships are listed by id, the sunk left out.
int listed_at(const Board& board, int id) {
  int at = 0;
  for (int other = 1; other < id; ++other) at += board.cell_of(other) != kNoCell;
  return at;
}

}  // namespace

// The members a move of play may change, each named where the move changed it. The move itself
// is read from its traces: the pirate whose cell changed jumped (its old ship is still there) or
// sailed (it is not), and a ship more in "sunk" was scuppered.
bool RaftAndScupperObserver::write_board_changes(const State& s, BoardChanges& out) {
  const auto& state = static_cast<const RaftAndScupperState&>(s);  // as write_board's
  // Several moves at once could not be told apart; a setup action's changes are diffed.
  if (!shown_ || shown_->phase != Phase::kPlaying || state.history().size() != shown_->step + 1)
    return false;
  const Shown& was = *shown_;
  const Position& now = state.position();
  const Board& board = now.board;

  int moved = -1;  // the pirate that jumped or sailed
  for (int p = 0; p < kPirates; ++p)
    if (now.pirates[p] != was.pirates[p]) moved = p;
  const Cell from = moved < 0 ? kNoCell : was.pirates[moved];
  const bool jumped = moved >= 0 && board.has_ship(from);
  const bool sailed = moved >= 0 && !jumped;
  const bool scuppered = state.sunk().size() != was.sunk;
  const bool ships_moved = sailed || scuppered;

  const Box area = ships_moved ? board.area() : was.area;
  if (area != was.area) write_area(out.replace({"area"}), area);

  const auto flotillas = ships_moved ? board.flotilla_counts() : was.flotillas;
  for (Crew crew : {Crew::kBlackbeards, Crew::kYellowbeards}) {
    const std::string_view name = crew_name(crew);
    const int i = index(crew);
    for (Trait trait : {cargo_trait(crew), rigging_trait(crew)}) {
      const int t = static_cast<int>(trait);
      if (flotillas[t] != was.flotillas[t])
        out.replace({"crews", name, "flotillas", trait_name(trait)}).value(flotillas[t]);
    }
    if (now.passes_in_row[i] != was.passes_in_row[i])
      out.replace({"crews", name, "passes_in_row"}).value(now.passes_in_row[i]);
    if (now.scuppered_since[i] != was.scuppered_since[i])
      out.replace({"crews", name, "scuppered_since"}).value(now.scuppered_since[i]);
    if (now.scuppered_total[i] != was.scuppered_total[i])
      out.replace({"crews", name, "scuppered_total"}).value(now.scuppered_total[i]);
  }

  write_last_action(out.replace({"last_action"}), state);
  if (now.last_scupperer != was.last_scupperer)
    out.replace({"last_scupper"}).value(crew_name(static_cast<Crew>(now.last_scupperer)));
  if (state.phase() != was.phase) out.replace({"phase"}).value(phase_name(state.phase()));

  if (jumped) {  // the pirate leaves one ship for another
    const Cell to = now.pirates[moved];
    write_cell(out.replace({"pirates", moved, "cell"}), board, to);
    for (Cell cell : {from, to}) {
      const int id = board.ship_at(cell);
      write_ship(out.replace({"ships", listed_at(board, id)}), state, id);
    }
  } else if (sailed) {  // the ship moves with its pirate aboard
    const Cell to = now.pirates[moved];
    write_cell(out.replace({"pirates", moved, "cell"}), board, to);
    write_cell(out.replace({"ships", listed_at(board, board.ship_at(to)), "cell"}), board, to);
  } else if (scuppered) {
    const auto [id, by] = state.sunk().back();
    out.remove({"ships", listed_at(board, id)});
    write_sunk(out.add({"sunk", static_cast<int>(state.sunk().size()) - 1}), state, id, by);
  }

  write_turn(out.replace({"turn"}), state);
  shown_ = Shown::of(state, area, flotillas);
  return true;
}

}  // namespace tortuga::raft_and_scupper
