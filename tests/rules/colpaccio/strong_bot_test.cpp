// The strong bot in Colpaccio: its sampler lays out the table each seat sees and deals only what
// it cannot see, it plays only legal actions, a seed and a budget decide its choice, and two
// tables that differ only in face-down cards get the same choice.
#include "tests/rules/colpaccio/support.hpp"
#include "tests/rules/strong_checks.hpp"

using namespace colpaccio_test;
using namespace tortuga::testing;

namespace {

// The standard deck's cards in the opposite order: a custom deck the views never list whole.
Json reversed_deck() {
  const Deck& deck = *standard_deck();
  Json cards = Json::array();
  for (int id = static_cast<int>(deck.size()) - 1; id >= 0; --id) {
    Json card = card_json(deck, id);
    card.erase("id");
    cards.push_back(std::move(card));
  }
  return cards;
}

void check_matches(const Json& options, int steps_to) {
  for (std::uint64_t seed : {1u, 2u}) {
    for (int steps = 0; steps <= steps_to; steps += 3) {
      auto state = played(colpaccio(), options, seed, steps);
      if (state->is_over()) break;
      for (int seat : state->actors()) check_samples_match_sight(colpaccio(), *state, seat, 2);
    }
  }
}

}  // namespace

TEST_CASE("the sampler deals tables each seat cannot tell from the real one") {
  check_matches({{"players", 2}}, 60);
  check_matches({{"players", 3}}, 60);
  check_matches({{"players", 5}}, 60);
  check_matches({{"players", 1}}, 60);
  check_matches({{"players", 1}, {"solo_difficulty", "medium"}}, 30);
  check_matches({{"players", 2}, {"deck", reversed_deck()}}, 30);
}

TEST_CASE("the strong bot plays only legal actions, alone and at a table") {
  check_strong_plays_legally(colpaccio(), {{"players", 2}}, 3, 30);
  check_strong_plays_legally(colpaccio(), {{"players", 1}}, 4, 30);
  check_strong_plays_legally(colpaccio(), {{"players", 4}}, 5, 30);
}

TEST_CASE("a seed and an iteration budget decide the strong bot's choice") {
  auto state = played(colpaccio(), {{"players", 3}}, 8, 9);
  REQUIRE(!state->is_over());
  const int seat = state->actors().front();
  const Json first = strong_choice(colpaccio(), *state, seat, 21, 300);
  CHECK(strong_choice(colpaccio(), *state, seat, 21, 300) == first);
}

TEST_CASE("the strong bot never peeks: face-down cards dealt otherwise change nothing") {
  // A real table at the start of a turn, and its twin with the deck's ship cards and the face-down
  // ships of every personal area dealt in another order.
  auto played_state = played(colpaccio(), {{"players", 2}}, 6, 12);
  auto& real = static_cast<ColpaccioState&>(*played_state);
  auto random = colpaccio().make_bot("random");
  Chance rng(1);
  while (real.phase() != Phase::kTurn || real.main_done() || real.rogue_done()) {
    const int seat = real.actors().front();
    REQUIRE(!real.apply(seat, random->choose(real, seat, rng)));
  }
  Table table = real.table();
  table.first_player = real.turn();
  Table twin = table;
  std::vector<int*> hidden;
  for (int& entry : twin.pile)
    if (entry >= 0) hidden.push_back(&entry);
  for (Area& area : twin.players)
    for (int& ship : area.ships) hidden.push_back(&ship);
  REQUIRE(hidden.size() >= 3);
  std::vector<int> cards;
  for (int* card : hidden) cards.push_back(*card);
  std::rotate(cards.begin(), cards.begin() + 1, cards.end());
  for (std::size_t i = 0; i < hidden.size(); ++i) *hidden[i] = cards[i];
  auto a = ColpaccioState::from_table(table, Chance(1), real.revealed());
  auto b = ColpaccioState::from_table(twin, Chance(2), real.revealed());
  const int seat = real.turn();
  REQUIRE(a->view(seat) == b->view(seat));
  REQUIRE(a->full_view() != b->full_view());
  CHECK(strong_choice(colpaccio(), *a, seat, 5, 400) ==
        strong_choice(colpaccio(), *b, seat, 5, 400));
}
