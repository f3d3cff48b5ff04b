#include "rules/raft_and_scupper/smart_bot.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <vector>

#include "rules/raft_and_scupper/actions.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_state.hpp"

namespace tortuga::raft_and_scupper {
namespace {

constexpr double kWin = 1e9;

// How far a crew is from rafting up: flotillas beyond one of its closer trait, with a little of
// the other trait so that progress on either counts. `flotillas` as Board::flotilla_counts gives
// them.
double raft_distance(const std::array<int, 4>& flotillas, Crew crew) {
  const int cargo = flotillas[static_cast<int>(cargo_trait(crew))];
  const int rigging = flotillas[static_cast<int>(rigging_trait(crew))];
  return std::min(cargo, rigging) - 1 + 0.25 * (std::max(cargo, rigging) - 1);
}

// Ships this crew's pirates could sink next turn, not counting whether the rest stays connected.
int threats(const Position& position, Crew crew) {
  const Board& board = position.board;
  std::array<Cell, 4> around;
  int count = 0;
  for (int p = first_pirate(crew); p < first_pirate(crew) + 2; ++p) {
    if (position.pirates[p] == kNoCell) continue;
    const int n = board.neighbours(position.pirates[p], around);
    for (int i = 0; i < n; ++i)
      count += board.has_ship(around[i]) && position.pirate_at(around[i]) < 0 &&
               board.open_edges(around[i]) > 0;
  }
  return count;
}

// A move from the match's history, if it is a move at sea.
std::optional<Move> move_of(const Json& action, const Board& board) {
  static const std::pair<const char*, MoveType> kTypes[] = {{"jump", MoveType::kJump},
                                                            {"sail", MoveType::kSail},
                                                            {"scupper", MoveType::kScupper},
                                                            {"pass", MoveType::kPass}};
  Move move;
  bool known = false;
  for (auto [name, type] : kTypes)
    if (action.value("type", "") == name) move.type = type, known = true;
  if (!known) return std::nullopt;
  if (action.contains("pirate"))
    move.pirate = static_cast<std::int8_t>(action["pirate"].get<int>());
  const Json& cell = action.contains("to")   ? action["to"]
                     : action.contains("at") ? action["at"]
                                             : Json();
  if (cell.is_array()) move.to = board.cell_at(cell[0].get<int>(), cell[1].get<int>());
  return move;
}

double outcome(const Position& position, Crew crew) {
  return position.ending.winner == crew ? kWin : -kWin;
}

}  // namespace

double SmartBot::evaluate(const Position& position, Crew crew) {
  if (position.over()) return outcome(position, crew);
  const Crew them = rival(crew);
  const Board& board = position.board;
  const auto flotillas = board.flotilla_counts();  // all four traits in one walk
  double score = 10.0 * (raft_distance(flotillas, them) - raft_distance(flotillas, crew));
  score +=
      6.0 * position.scuppered_since[index(crew)] - 6.0 * position.scuppered_since[index(them)];
  if (position.last_scupperer >= 0) score += position.last_scupperer == index(crew) ? 3.0 : -3.0;
  // The crew vengeance would favour gains by passing: four passes in a row end the game in its
  // favour, which forces the other crew to make progress instead of shuffling pirates forever.
  const Crew favourite =
      position.last_scupperer >= 0 ? Crew(position.last_scupperer) : Crew::kYellowbeards;
  if (favourite == crew) score += 2.5 * position.passes_in_row[index(crew)];
  score += 0.5 * threats(position, crew) - 0.75 * threats(position, them);
  return score;
}

bool SmartBot::can_win_now(const Position& position) {
  std::vector<Move> moves;
  position.legal_moves(moves);
  const Crew crew = position.to_move;
  for (const Move& move : moves) {
    if (move.type == MoveType::kJump) continue;  // a jump moves no ship: it cannot end the game
    Position next = position;
    next.play(move);
    if (next.over() && next.ending.winner == crew) return true;
  }
  return false;
}

Move SmartBot::best_move(const Position& position, Chance& rng, const std::vector<Move>& stale) {
  std::vector<Move> moves;
  position.legal_moves(moves);
  const Crew crew = position.to_move;
  struct Scored {
    double score;
    Move move;
    Position next;
  };
  std::vector<Scored> scored;
  scored.reserve(moves.size());
  for (const Move& move : moves) {
    Position next = position;
    next.play(move);
    if (next.over() && next.ending.winner == crew) return move;
    // A little noise breaks ties between equal moves so that games do not repeat.
    double score = evaluate(next, crew) + rng.below(1000) * 1e-4;
    if (std::find(stale.begin(), stale.end(), move) != stale.end()) score -= 4.0;
    scored.push_back({score, move, next});
  }
  std::sort(scored.begin(), scored.end(),
            [](const Scored& a, const Scored& b) { return a.score > b.score; });
  // The best move that leaves the opponent no immediate win.
  for (const Scored& s : scored) {
    if (s.next.over()) continue;  // a loss
    if (!can_win_now(s.next)) return s.move;
  }
  return scored.front().move;
}

Json SmartBot::choose(const State& state, int seat, Chance& rng) const {
  const auto* raft = dynamic_cast<const RaftAndScupperState*>(&state);
  if (raft == nullptr || !raft->may_act(seat)) return RandomBot().choose(state, seat, rng);
  const Position& position = raft->position();
  switch (raft->phase()) {
    case Phase::kSwitching: {
      // A switch that ends the switching if there is one.
      const Json legal = raft->legal_actions(seat);
      for (const Json& action : legal) {
        auto copy = raft->clone();
        copy->apply(seat, action);
        if (static_cast<const RaftAndScupperState&>(*copy).phase() != Phase::kSwitching)
          return action;
      }
      return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    }
    case Phase::kChoosing: {
      // Take the crew whose position looks better with the Yellowbeards to move.
      const bool yellow =
          evaluate(position, Crew::kYellowbeards) >= evaluate(position, Crew::kBlackbeards);
      return {{"type", "choose_crew"},
              {"crew", crew_name(yellow ? Crew::kYellowbeards : Crew::kBlackbeards)}};
    }
    case Phase::kPlaying: {
      // This seat's moves of the last few turns but one: when ships shuffle round in a cycle,
      // the move now repeats one of them.
      std::vector<Move> stale;
      const auto& history = raft->history();
      for (std::size_t back = 4; back <= 12; back += 2) {
        if (history.size() < back) break;
        const auto& past = history[history.size() - back];
        if (past.seat != seat) continue;
        if (auto move = move_of(past.action, position.board)) stale.push_back(*move);
      }
      return move_json(best_move(position, rng, stale), position.board);
    }
    case Phase::kPlacing:
    case Phase::kOver:
      break;
  }
  return RandomBot().choose(state, seat, rng);
}

}  // namespace tortuga::raft_and_scupper
