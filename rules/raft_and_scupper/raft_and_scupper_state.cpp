#include "rules/raft_and_scupper/raft_and_scupper_state.hpp"

#include <string>

#include "rules/core/result_words.hpp"
#include "rules/raft_and_scupper/deal.hpp"

namespace tortuga::raft_and_scupper {
namespace {

bool option_bool(const Json& options, const char* name) {
  auto it = options.find(name);
  return it != options.end() && it->is_boolean() && it->get<bool>();
}

int option_seconds(const Json& options, const char* name) {
  auto it = options.find(name);
  if (it == options.end() || !it->is_number_integer()) return 0;
  const long long n = it->get<long long>();
  return n > 0 && n <= 86400 ? static_cast<int>(n) : 0;
}

std::shared_ptr<const Layout> layout_for(const Json& options, bool short_game) {
  auto it = options.find("layout");
  if (it != options.end() && !it->is_null()) {
    auto custom = parse_layout(*it, short_game ? kShortShips : kFullShips);
    if (custom) return std::make_shared<const Layout>(std::move(*custom));
  }
  return standard_layout(short_game);
}

Position dealt(const Layout& layout, Chance& chance) {
  Position position;
  position.board = Board(layout.width, layout.height);
  const auto kinds = deal(ship_tiles(static_cast<int>(layout.positions.size())), chance);
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const auto [x, y] = layout.positions[k];
    position.board.place(static_cast<int>(k + 1), kinds[k], position.board.cell_at(x, y));
  }
  return position;
}

Json traits_json(std::uint8_t bits) {
  Json names = Json::array();
  for (Trait trait : kAllTraits)
    if (bits >> static_cast<int>(trait) & 1) names.push_back(trait_name(trait));
  return names;
}

std::string traits_text(std::uint8_t bits) {
  std::string text;
  for (Trait trait : kAllTraits) {
    if (!(bits >> static_cast<int>(trait) & 1)) continue;
    text += (text.empty() ? "" : " and ") + std::string(flotilla_name(trait));
  }
  return text;
}

std::string_view trigger_name(Vengeance trigger) {
  switch (trigger) {
    case Vengeance::kBothRaftedUp:
      return "both_rafted_up";
    case Vengeance::kBothPassed:
      return "both_passed";
    case Vengeance::kFourPasses:
      return "four_passes";
    case Vengeance::kNone:
      break;
  }
  return "";
}

}  // namespace

RaftAndScupperState::RaftAndScupperState(std::shared_ptr<const Layout> layout, Position position,
                                         Chance chance)
    : State(2, std::move(chance)), layout_(std::move(layout)), position_(std::move(position)) {}

RaftAndScupperState::RaftAndScupperState(const Json& options, Chance chance)
    : State(2, std::move(chance)) {
  short_game_ = option_bool(options, "short_game");
  turn_clock_s_ = option_seconds(options, "turn_clock_s");
  layout_ = layout_for(options, short_game_);
  position_ = dealt(*layout_, State::chance());
  phase_ = position_.rafted_traits_any() ? Phase::kSwitching : Phase::kPlacing;
}

std::unique_ptr<RaftAndScupperState> RaftAndScupperState::in_play(Position position,
                                                                  int yellowbeards_seat,
                                                                  int turn_clock_s) {
  auto layout = std::make_shared<Layout>();
  layout->width = position.board.width();
  layout->height = position.board.height();
  std::unique_ptr<RaftAndScupperState> state(
      new RaftAndScupperState(std::move(layout), std::move(position), Chance()));
  state->short_game_ = state->position_.board.max_id() <= kShortShips;
  state->yellowbeards_seat_ = static_cast<std::int8_t>(yellowbeards_seat == 1 ? 1 : 0);
  state->turn_clock_s_ = turn_clock_s;
  state->phase_ = state->position_.over() ? Phase::kOver : Phase::kPlaying;
  return state;
}

int RaftAndScupperState::seat_of(Crew crew) const {
  if (yellowbeards_seat_ < 0) return -1;
  return crew == Crew::kYellowbeards ? yellowbeards_seat_ : 1 - yellowbeards_seat_;
}

std::optional<Crew> RaftAndScupperState::crew_of(int seat) const {
  if (yellowbeards_seat_ < 0 || seat < 0 || seat > 1) return std::nullopt;
  return seat == yellowbeards_seat_ ? Crew::kYellowbeards : Crew::kBlackbeards;
}

int RaftAndScupperState::placed(Crew crew) const {
  const int first = first_pirate(crew);
  return (position_.pirates[first] != kNoCell) + (position_.pirates[first + 1] != kNoCell);
}

std::vector<int> RaftAndScupperState::actors() const {
  switch (phase_) {
    case Phase::kSwitching:
    case Phase::kPlacing:
      return {kPiratePlacer};
    case Phase::kChoosing:
      return {kCrewChooser};
    case Phase::kPlaying:
      return {seat_of(position_.to_move)};
    case Phase::kOver:
      break;
  }
  return {};
}

std::optional<Deadline> RaftAndScupperState::deadline() const {
  if (phase_ != Phase::kPlaying || turn_clock_s_ <= 0) return std::nullopt;
  return Deadline{turn_clock_s_ * 1000LL, {seat_of(position_.to_move)}};
}

Refusal RaftAndScupperState::setup_refusal(int seat, const ParsedAction& action) const {
  const bool setup_action = action.type == ActionType::kSwitchPair ||
                            action.type == ActionType::kPlacePirate ||
                            action.type == ActionType::kChooseCrew;
  if (phase_ == Phase::kPlaying)
    return setup_action ? Refusal(illegal("the setup is over: the pirates are at sea"))
                        : std::nullopt;
  if (!setup_action) return illegal("the pirates are not at sea yet: the setup is not finished");
  if (phase_ == Phase::kSwitching && action.type != ActionType::kSwitchPair)
    return illegal("first switch paired tiles: all the " +
                   traits_text(position_.rafted_traits_any()) +
                   " ships are connected, and no cargo or rigging may start rafted up");
  if (phase_ != Phase::kSwitching && action.type == ActionType::kSwitchPair)
    return illegal("no switch is needed: no cargo or rigging has all its ships connected");
  if (phase_ == Phase::kChoosing && action.type == ActionType::kPlacePirate)
    return illegal("all four pirates are placed");
  if (phase_ == Phase::kPlacing && action.type == ActionType::kChooseCrew)
    return illegal("the crews are chosen once all four pirates are placed");
  return std::nullopt;
}

Refusal RaftAndScupperState::act(int seat, const Json& action) {
  auto parsed = parse_action(action);
  if (!parsed) return parsed.error();
  if (auto refused = setup_refusal(seat, *parsed)) return refused;
  Board& board = position_.board;
  const bool needs_cell = parsed->type != ActionType::kSwitchPair &&
                          parsed->type != ActionType::kChooseCrew &&
                          parsed->type != ActionType::kPass;
  // A cell may be any integers: beyond the grid there is only open water (see board.hpp).
  const Cell cell = needs_cell && board.contains(parsed->x, parsed->y)
                        ? board.cell_at(parsed->x, parsed->y)
                        : kNoCell;

  switch (parsed->type) {
    case ActionType::kSwitchPair: {
      const int pairs = board.max_id() / 2;
      if (parsed->pair < 1 || parsed->pair > pairs)
        return illegal("there is no pair " + std::to_string(parsed->pair) +
                       ": pairs run from 1 to " + std::to_string(pairs));
      const int odd = static_cast<int>(parsed->pair) * 2 - 1;
      const Kind kind = board.kind_of(odd);
      board.set_kind(odd, board.kind_of(odd + 1));
      board.set_kind(odd + 1, kind);
      if (!position_.rafted_traits_any()) phase_ = Phase::kPlacing;
      break;
    }
    case ActionType::kPlacePirate: {
      const Crew crew = parsed->crew;
      if (cell == kNoCell || !board.has_ship(cell))
        return illegal("there is no ship at " + cell_text(parsed->x, parsed->y));
      if (position_.pirate_at(cell) >= 0)
        return illegal("the ship at " + cell_text(board, cell) + " already has a pirate aboard");
      if (!favours(crew, board.kind_at(cell)))
        return illegal("a " + std::string(figure_name(crew)) + " may only be placed on a " +
                       favoured_ships(crew) + " ship");
      const int count = placed(crew);
      if (count == 2)
        return illegal("both " + std::string(crew_title(crew)) + " are aboard already");
      position_.pirates[first_pirate(crew) + count] = cell;
      if (placed(Crew::kYellowbeards) + placed(Crew::kBlackbeards) == kPirates)
        phase_ = Phase::kChoosing;
      break;
    }
    case ActionType::kChooseCrew:
      yellowbeards_seat_ =
          static_cast<std::int8_t>(parsed->crew == Crew::kYellowbeards ? seat : 1 - seat);
      position_.to_move = Crew::kYellowbeards;
      phase_ = Phase::kPlaying;
      break;
    case ActionType::kJump:
    case ActionType::kSail:
    case ActionType::kScupper:
    case ActionType::kPass: {
      Move move;
      move.type = parsed->type == ActionType::kJump      ? MoveType::kJump
                  : parsed->type == ActionType::kSail    ? MoveType::kSail
                  : parsed->type == ActionType::kScupper ? MoveType::kScupper
                                                         : MoveType::kPass;
      move.pirate = static_cast<std::int8_t>(parsed->pirate);
      // Refused here whatever the cell, on the grid or beyond it; a legal move's cell is on it.
      if (auto why = position_.why_illegal(move.type, move.pirate, parsed->x, parsed->y);
          !why.empty())
        return illegal(why);
      move.to = cell;
      play(move);
      break;
    }
  }
  last_action_ = LastAction{*parsed, seat, false};
  return std::nullopt;
}

void RaftAndScupperState::play(const Move& move) {
  if (move.type == MoveType::kScupper)
    sunk_.emplace_back(static_cast<std::uint8_t>(position_.board.ship_at(move.to)),
                       position_.to_move);
  position_.play(move);
  if (position_.over()) phase_ = Phase::kOver;
}

Refusal RaftAndScupperState::on_timeout() {
  // Only a correspondence room's clock runs during the setup, which the live clock leaves alone:
  // the seat makes the first setup step offered.
  if (phase_ != Phase::kPlaying) {
    const int seat = actors().front();
    return act(seat, legal(seat).front());
  }
  // The player who let the clock run out passes; the pass counts toward vengeance like any other.
  const int seat = seat_of(position_.to_move);
  play(Move{});
  last_action_ = LastAction{ParsedAction{.type = ActionType::kPass}, seat, true};
  return std::nullopt;
}

Json RaftAndScupperState::result() const {
  if (!is_over()) return nullptr;
  const Ending& ending = position_.ending;
  const Crew winner = ending.winner;
  const Crew loser = rival(winner);
  // The game names its players by their crews, in the result as on the board.
  const std::string who(crew_title(winner));
  const auto crew_words = [](Crew crew) {
    return result_words::words("games.raft-and-scupper.crew." + std::string(crew_name(crew)));
  };
  const std::string words = "games.raft-and-scupper.result.";
  Json detail;
  std::string key;
  Json params = Json::object();
  std::string message;
  switch (ending.reason) {
    case EndReason::kRaftedUp: {
      const std::uint8_t rafted = ending.rafted[index(winner)];
      detail = {{"crew", crew_name(winner)}, {"rafted", traits_json(rafted)}};
      Json traits = Json::array();
      std::vector<std::string> flotillas;
      for (Trait trait : kAllTraits) {
        if (!(rafted >> static_cast<int>(trait) & 1)) continue;
        traits.push_back(
            result_words::words("games.raft-and-scupper.trait." + std::string(trait_name(trait))));
        flotillas.emplace_back(flotilla_name(trait));
      }
      key = words + "rafted_up";
      params = {{"crew", crew_words(winner)}, {"traits", std::move(traits)}};
      message = "The " + who + " rafted up all their remaining " +
                result_words::and_list(flotillas) + " ships.";
      break;
    }
    case EndReason::kScupperedFour:
      detail = {{"crew", crew_name(winner)}, {"scuppered_since", kScuppersToWin}};
      key = words + "scuppered_four";
      params = {{"crew", crew_words(winner)}, {"other", crew_words(loser)}};
      message = "The " + who + " scuppered four ships while the " + std::string(crew_title(loser)) +
                " sank none.";
      break;
    case EndReason::kVengeance: {
      const bool any_sunk = position_.last_scupperer >= 0;
      const std::string trigger(trigger_name(ending.trigger));
      detail = {{"trigger", trigger},
                {"last_scupper", any_sunk ? Json(crew_name(winner)) : Json(nullptr)}};
      key = words + "vengeance." + trigger + (any_sunk ? "" : "_none");
      if (any_sunk) params = {{"crew", crew_words(winner)}};
      message = ending.trigger == Vengeance::kBothRaftedUp
                    ? "Vengeance: both crews rafted up at once; "
                : ending.trigger == Vengeance::kBothPassed
                    ? "Vengeance: both players passed in turn; "
                    : "Vengeance: a player passed four turns in a row; ";
      message += any_sunk ? "the " + who + " sank the last ship and win."
                          : "no ship was sunk, so the Yellowbeards win.";
      break;
    }
    case EndReason::kNone:
      break;
  }
  const std::string_view reason = ending.reason == EndReason::kRaftedUp        ? "rafted_up"
                                  : ending.reason == EndReason::kScupperedFour ? "scuppered_four"
                                                                               : "vengeance";
  return result_words::said({{"winners", {seat_of(winner)}},
                             {"reason", reason},
                             {"detail", std::move(detail)},
                             {"winning_crew", crew_name(winner)},
                             {"crews",
                              {{"yellowbeards", seat_of(Crew::kYellowbeards)},
                               {"blackbeards", seat_of(Crew::kBlackbeards)}}}},
                            std::move(key), std::move(params), std::move(message));
}

}  // namespace tortuga::raft_and_scupper
