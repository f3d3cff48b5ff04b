// The legal actions of Raft & Scupper's seat to act, written one by one (see views.hpp).
#include "rules/raft_and_scupper/actions.hpp"
#include "rules/raft_and_scupper/views.hpp"

namespace tortuga::raft_and_scupper {

void write_legal(const RaftAndScupperState& state, ViewWriter& out) {
  const Position& position = state.position();
  const Board& board = position.board;
  out.begin_array();  // each action's members in ascending order of their keys
  switch (state.phase()) {
    case Phase::kSwitching:
      for (int pair = 1; pair <= board.max_id() / 2; ++pair) {
        out.begin_object();
        out.member("pair", pair);
        out.member("type", "switch_pair");
        out.end_object();
      }
      break;
    case Phase::kPlacing:
      for (Crew crew : {Crew::kYellowbeards, Crew::kBlackbeards}) {
        if (state.placed(crew) == 2) continue;
        for (Cell cell = 0; cell < board.cell_count(); ++cell) {
          if (!board.has_ship(cell) || position.pirate_at(cell) >= 0 ||
              !favours(crew, board.kind_at(cell)))
            continue;
          out.begin_object();
          out.key("at");
          write_cell(out, board, cell);
          out.member("figure", figure_name(crew));
          out.member("type", "place_pirate");
          out.end_object();
        }
      }
      break;
    case Phase::kChoosing:
      for (Crew crew : {Crew::kYellowbeards, Crew::kBlackbeards}) {
        out.begin_object();
        out.member("crew", crew_name(crew));
        out.member("type", "choose_crew");
        out.end_object();
      }
      break;
    case Phase::kPlaying: {
      std::vector<Move> moves;
      position.legal_moves(moves);
      for (const Move& move : moves) write_move(out, move, board);
      break;
    }
    case Phase::kOver:
      break;
  }
  out.end_array();
}

}  // namespace tortuga::raft_and_scupper
