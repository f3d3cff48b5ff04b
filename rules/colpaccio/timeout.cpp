// The turn clock's answers (option turn_clock_s). The rulebook has no clock, so when one runs out
// the room answers the question with the simplest continuation the rules allow, one that spends
// nothing and chooses nothing a player would have to be asked about:
//   a turn: the main action, if not made, raids the convoy's outer card (a single card may always
//           be raided, free, with its prize); then the turn ends without a rogue action;
//   a parrot pact's reveal: no ship is revealed (the rulebook's "up to two", none being allowed);
//   the ghost ship: each player still choosing gives up the first of the goods held most of, in
//           the goods' order (any of them is the rules' own choice).
// The log names who ran out of time before what it set off.
#include "rules/colpaccio/colpaccio_state.hpp"

namespace tortuga::colpaccio {

Refusal ColpaccioState::on_timeout() {
  const std::vector<int> late = actors();
  Json said = Json::array({Json{{"event", "timeout"}, {"seats", late}}});
  auto answer = [&](int seat, const Json& action) -> Refusal {
    if (auto refused = act(seat, action)) return refused;
    for (Json& event : log_) said.push_back(std::move(event));
    return std::nullopt;
  };
  Refusal refused;
  switch (phase_) {
    case Phase::kTurn: {
      const int seat = turn_;
      const int turns = table_.players[seat].turns;
      if (!main_done_ && !table_.convoy.empty())
        refused = answer(seat, raid_json({table_.convoy.front()}));
      // The same turn goes on while a rogue action is left: it ends, nothing paid.
      const bool same_turn = phase_ == Phase::kTurn && turn_ == seat && !corsairs_turn_ &&
                             table_.players[seat].turns == turns;
      if (!refused && same_turn) refused = answer(seat, plain_json("end_turn"));
      break;
    }
    case Phase::kParrotPact:
      refused = answer(turn_, reveal_json({}));
      break;
    case Phase::kGhostShip:
      for (int seat : late) {
        if (refused) break;
        refused = answer(seat, lose_good_json(most_held(table_.players[seat]).front()));
      }
      break;
    case Phase::kEnding:
    case Phase::kOver:
      return illegal("nothing is waiting on a deadline");
  }
  if (refused) return refused;
  log_ = std::move(said);
  return std::nullopt;
}

}  // namespace tortuga::colpaccio
