// The brawl on the ship, after everyone is done ashore, and the sleeping places it hands out: the
// crew knocked out when three were left gets the rope (four or five players only), the crew
// knocked out when two were left the hammock, the last crew the bunk. With two crews aboard the
// winner also takes the rope; with one, it takes bunk and rope unopposed and the hammock leaves
// the game. In the two-player game the imaginary crew's pirate is rolled for by the other player
// and its winnings leave the game.
#include "rules/um_rum_und_ehre/tile_json.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

Json crew_json(int crew) {
  return crew == kImaginaryCrew ? Json("imaginary") : Json(crew);
}

}  // namespace

void UmRumUndEhreState::start_brawl() {
  add_event({{"event", "brawl"}, {"crews", ship_.crews_aboard()}});
  brawl_on();
}

void UmRumUndEhreState::brawl_on() {
  std::vector<ShipEvent> events;
  const int row = ship_.next_roller(events);
  for (const ShipEvent& e : events) award_sleeping(e);
  if (row < 0) {
    brawl_over();
    return;
  }
  const int crew = ship_.rows()[row].crew;
  int seat = crew;
  if (crew == kImaginaryCrew) {
    // Whoever is not rolling rolls for the imaginary crew: the player its pirate does not face.
    const auto& fighters = ship_.fighters();
    const int index = ship_.rolled_count();
    const int facing =
        index == 0 ? ship_.rows()[fighters[1]].crew : ship_.rows()[ship_.standing()].crew;
    seat = 1 - facing;
  }
  ask_roll(seat, crew, Dice::kBrawl);
}

void UmRumUndEhreState::brawl_rolled(int value) {
  std::vector<ShipEvent> events;
  ship_.rolled(value, events);
  for (const ShipEvent& e : events) award_sleeping(e);
  brawl_on();
}

void UmRumUndEhreState::award_sleeping(const ShipEvent& e) {
  if (e.what == ShipEvent::kCrossed) {
    add_event({{"event", "crossed"}, {"crew", crew_json(e.crew)}, {"row", e.row}});
    return;
  }
  if (e.crew != kImaginaryCrew) ++players_[e.crew].supply;
  add_event({{"event", "knocked_out"},
             {"crew", crew_json(e.crew)},
             {"row", e.row},
             {"crew_out", e.crew_out}});
  if (!e.crew_out) return;
  const int left = ship_.crews_aboard();
  if (left == 2) give(e.crew, display_.rope, "third");
  if (left == 1) give(e.crew, display_.hammock, "second");
}

void UmRumUndEhreState::give(int crew, std::optional<Tile>& tile, const char* why) {
  if (!tile) return;
  Json shown = {{"event", "sleeping_place"},
                {"crew", crew_json(crew)},
                {"place", why},
                {"tile", tile_json(*tile)}};
  if (crew == kImaginaryCrew)
    shown["removed"] = true;
  else
    players_[crew].flag.push_back(*tile);
  add_event(std::move(shown));
  tile.reset();
}

void UmRumUndEhreState::brawl_over() {
  const auto crews = ship_.crews();
  if (crews.size() == 1) {
    const int winner = crews[0];
    give(winner, display_.bunk, "first");
    give(winner, display_.rope, "first");  // still there only with fewer than three crews
  }
  // Whatever nobody won leaves the game: the sleeping places count the rounds.
  display_.bunk.reset();
  display_.hammock.reset();
  display_.rope.reset();
  end_round();
}

}  // namespace tortuga::um_rum_und_ehre
