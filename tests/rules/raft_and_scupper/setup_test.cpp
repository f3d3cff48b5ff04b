// The setup: the layouts, the deal (each even position the opposite of the odd one before it, in
// both cargo and rigging), switching paired tiles while a cargo or rigging is all connected,
// placing the pirates on ships they favour, and choosing the crews; the Yellowbeards move first.
#include "tests/rules/raft_and_scupper/support.hpp"
#include "tests/why.hpp"

#include <limits>
#include <map>

using namespace raft_and_scupper_test;

namespace {

const Kind GR = kGoldRound, SR = kSpiceRound, GS = kGoldSquare, SS = kSpiceSquare;

std::map<Kind, int> count_kinds(const std::vector<Kind>& tiles) {
  std::map<Kind, int> counts;
  for (Kind kind : tiles) counts[kind]++;
  return counts;
}

// The kinds at positions 1..n as a view shows them (ship ids are position numbers).
std::vector<Kind> dealt_kinds(const tortuga::State& state) {
  const Position& position = raft(state).position();
  std::vector<Kind> kinds;
  for (int id = 1; id <= position.board.max_id(); ++id) kinds.push_back(position.board.kind_of(id));
  return kinds;
}

bool side_by_side(std::pair<int, int> a, std::pair<int, int> b) {
  return std::abs(a.first - b.first) + std::abs(a.second - b.second) == 1;
}

}  // namespace

TEST_CASE("the standard layouts are connected oblique squares of side-by-side pairs") {
  for (bool short_game : {false, true}) {
    const Layout& layout = *standard_layout(short_game);
    const int side = short_game ? 4 : 6;
    REQUIRE(layout.positions.size() == static_cast<std::size_t>(side * side));
    for (std::size_t k = 0; k < layout.positions.size(); k += 2)
      CHECK(side_by_side(layout.positions[k], layout.positions[k + 1]));
    // Row y holds positions y*side+1 .. y*side+side at x = y .. y+side-1.
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x) CHECK(layout.positions[y * side + x] == std::pair{y + x, y});
    // parse_layout checks connectedness: the shipped data passes it.
    CHECK(parse_layout(layout_json(layout), side * side).ok());
  }
}

TEST_CASE("every deal pairs each odd position with the opposite cargo and rigging") {
  for (bool short_game : {false, true}) {
    const int ships = short_game ? kShortShips : kFullShips;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      Chance chance(seed);
      const auto kinds = deal(ship_tiles(ships), chance);
      REQUIRE(kinds.size() == static_cast<std::size_t>(ships));
      for (int k = 0; k < ships; k += 2) {
        CHECK(has_trait(kinds[k], Trait::kGold) != has_trait(kinds[k + 1], Trait::kGold));
        CHECK(has_trait(kinds[k], Trait::kRound) != has_trait(kinds[k + 1], Trait::kRound));
      }
      for (auto [kind, n] : count_kinds(kinds)) CHECK(n == ships / 4);
    }
  }
}

TEST_CASE("the short game has four ships of each kind, the full game nine") {
  for (bool short_game : {false, true}) {
    auto options = raft_and_scupper().normalize_options(Json{{"short_game", short_game}});
    REQUIRE(options.ok());
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      auto state = raft_and_scupper().new_state(*options, Chance(seed));
      const auto counts = count_kinds(dealt_kinds(*state));
      REQUIRE(counts.size() == 4);
      for (auto [kind, n] : counts) CHECK(n == (short_game ? 4 : 9));
      CHECK(state->view(0)["ships"].size() == (short_game ? 16u : 36u));
    }
  }
}

TEST_CASE("the deal turns tiles aside until it finds the opposite, and remixes when out") {
  // A face-down pile in kind order, four of each: gold/round, spice/round, gold/square, then
  // spice/square. Position 1 takes gold/round; position 2 wants spice/square, so eleven tiles
  // are turned aside before one turns up; position 3 takes the next face-down tile (spice/square,
  // not one of the tiles turned aside); position 4 wants gold/round, and after turning the last
  // two tiles the pile is empty: the 13 unplaced tiles are mixed again (here in the order they
  // lie, by a scripted chance) and the deal goes on from them.
  std::vector<std::uint32_t> script;
  for (std::uint32_t i = 12; i >= 1; --i) script.push_back(i);  // keep the 13 in order
  Chance chance(3, script);
  const auto kinds = deal_from_pile(ship_tiles(kShortShips), chance);
  CHECK(std::vector<Kind>(kinds.begin(), kinds.begin() + 7) ==
        std::vector<Kind>{GR, SS, SS, GR, GR, SS, SS});
  CHECK(chance.scripted_left() == 0);
  for (auto [kind, n] : count_kinds(kinds)) CHECK(n == 4);
  for (int k = 0; k < kShortShips; k += 2) CHECK(kinds[k + 1] == opposite(kinds[k]));
}

TEST_CASE("a scripted deal lays the tiles exactly where we want them") {
  const std::vector<Kind> tiles = {SR, GS, GR, SS, SR, GS, GR, SS, GR, SS, SR, GS, GR, SS, SR, GS};
  auto state = dealt(tiles);
  CHECK(dealt_kinds(*state) == tiles);
}

TEST_CASE("while one cargo or rigging is all connected, seat 0 must switch paired tiles") {
  // The short layout with gold on a staircase (1,0) (2,0) (2,1) (3,1) (3,2) (4,2) (4,3) (5,3):
  // all eight gold ships connected.
  const std::vector<Kind> tiles = {SR, GS, GR, SS, SR, GS, GR, SS, SR, GS, GR, SS, SR, GS, GR, SS};
  auto state = dealt(tiles);
  CHECK(raft(*state).phase() == Phase::kSwitching);
  CHECK(state->actors() == std::vector<int>{0});
  Json view = state->view(0);
  CHECK(view["phase"] == "switching");
  CHECK(std::find(view["connected"].begin(), view["connected"].end(), "gold") !=
        view["connected"].end());
  CHECK(state->legal_actions(0).size() == 8);
  CHECK(state->legal_actions(0)[0] == Json{{"type", "switch_pair"}, {"pair", 1}});
  check_illegal(*state, {{"type", "place_pirate"}, {"figure", "yellowbeard"}, {"at", at(1, 0)}},
                "first switch paired tiles");
  check_illegal(*state, {{"type", "switch_pair"}, {"pair", 9}}, "no pair 9");
  check_illegal(*state, {{"type", "switch_pair"}, {"pair", 0}}, "no pair 0");
  CHECK(refuse(*state, {{"type", "switch_pair"}, {"pair", 1}}, 1).code == "not_your_turn");

  // Switching pair 1 swaps positions 1 and 2.
  play(*state, {{"type", "switch_pair"}, {"pair", 1}});
  auto kinds = dealt_kinds(*state);
  CHECK(kinds[0] == GS);
  CHECK(kinds[1] == SR);
  // Switch until no cargo or rigging is all connected: then the pirates are placed.
  for (int pair = 2; raft(*state).phase() == Phase::kSwitching && pair <= 8; ++pair)
    play(*state, {{"type", "switch_pair"}, {"pair", pair}});
  REQUIRE(raft(*state).phase() == Phase::kPlacing);
  CHECK(raft(*state).position().rafted_traits_any() == 0);
  check_illegal(*state, {{"type", "switch_pair"}, {"pair", 1}}, "no switch is needed");
}

TEST_CASE("a deal with nothing connected goes straight to placing the pirates") {
  int switching = 0, placing = 0;
  auto options = raft_and_scupper().normalize_options(Json{{"short_game", true}});
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    auto state = raft_and_scupper().new_state(*options, Chance(seed));
    const bool connected = raft(*state).position().rafted_traits_any() != 0;
    CHECK(raft(*state).phase() == (connected ? Phase::kSwitching : Phase::kPlacing));
    (connected ? switching : placing)++;
  }
  CHECK(switching > 0);
  CHECK(placing > 0);
}

TEST_CASE("seat 0 places each pirate on an unoccupied ship it favours") {
  // Nothing connected: gold/round and spice/square alternate along each row, and rows shift.
  const std::vector<Kind> tiles = {GR, SS, SR, GS, SS, GR, GS, SR, GR, SS, SR, GS, SS, GR, GS, SR};
  auto state = dealt(tiles);
  REQUIRE(raft(*state).phase() == Phase::kPlacing);
  CHECK(state->actors() == std::vector<int>{0});
  auto place = [](const char* figure, int x, int y) {
    return Json{{"type", "place_pirate"}, {"figure", figure}, {"at", at(x, y)}};
  };
  // 12 ships are gold or round, 12 spice or square: 24 placements offered.
  CHECK(state->legal_actions(0).size() == 24);
  check_illegal(*state, place("yellowbeard", 1, 0), "only be placed on a gold or round-rigged");
  check_illegal(*state, place("blackbeard", 0, 0), "only be placed on a spice or square-rigged");
  check_illegal(*state, place("yellowbeard", 6, 0), "no ship at [6,0]");
  check_illegal(*state, place("yellowbeard", 40, 0), "no ship at [40,0]");
  CHECK(refuse(*state, place("yellowbeard", 0, 0), 1).code == "not_your_turn");
  check_illegal(*state, {{"type", "choose_crew"}, {"crew", "yellowbeards"}},
                "once all four pirates are placed");

  play(*state, place("yellowbeard", 0, 0));
  check_illegal(*state, place("yellowbeard", 0, 0), "already has a pirate aboard");
  play(*state, place("yellowbeard", 2, 0));  // spice/round: round is enough
  check_illegal(*state, place("yellowbeard", 2, 1), "both Yellowbeards are aboard already");
  play(*state, place("blackbeard", 1, 0));
  CHECK(state->view(0)["pirates"][2]["cell"] == at(1, 0));
  play(*state, place("blackbeard", 3, 0));  // gold/square: square is enough
  CHECK(raft(*state).phase() == Phase::kChoosing);
  CHECK(state->actors() == std::vector<int>{1});
  const Json view = state->view(1);
  CHECK(view["pirates"] ==
        Json::array({
            {{"id", 0}, {"figure", "yellowbeard"}, {"crew", "yellowbeards"}, {"cell", at(0, 0)}},
            {{"id", 1}, {"figure", "yellowbeard"}, {"crew", "yellowbeards"}, {"cell", at(2, 0)}},
            {{"id", 2}, {"figure", "blackbeard"}, {"crew", "blackbeards"}, {"cell", at(1, 0)}},
            {{"id", 3}, {"figure", "blackbeard"}, {"crew", "blackbeards"}, {"cell", at(3, 0)}},
        }));
}

TEST_CASE("seat 1 chooses a crew, and the Yellowbeards move first") {
  const std::vector<Kind> tiles = {GR, SS, SR, GS, SS, GR, GS, SR, GR, SS, SR, GS, SS, GR, GS, SR};
  for (const char* crew : {"yellowbeards", "blackbeards"}) {
    auto state = dealt(tiles);
    const std::vector<std::pair<const char*, int>> placements = {
        {"yellowbeard", 0}, {"yellowbeard", 2}, {"blackbeard", 1}, {"blackbeard", 3}};
    for (auto [figure, x] : placements)
      play(*state, {{"type", "place_pirate"}, {"figure", figure}, {"at", at(x, 0)}});
    CHECK(state->legal_actions(1) ==
          Json::array({{{"type", "choose_crew"}, {"crew", "yellowbeards"}},
                       {{"type", "choose_crew"}, {"crew", "blackbeards"}}}));
    CHECK(refuse(*state, {{"type", "choose_crew"}, {"crew", "yellowbeards"}}, 0).code ==
          "not_your_turn");
    play(*state, {{"type", "choose_crew"}, {"crew", crew}});
    const int yellow_seat = std::string(crew) == "yellowbeards" ? 1 : 0;
    CHECK(raft(*state).phase() == Phase::kPlaying);
    CHECK(state->actors() == std::vector<int>{yellow_seat});
    const Json view = state->view(0);
    CHECK(view["turn"] == "yellowbeards");
    CHECK(view["crews"]["yellowbeards"]["seat"] == yellow_seat);
    CHECK(view["crews"]["blackbeards"]["seat"] == 1 - yellow_seat);
    CHECK(view["seats"][yellow_seat]["crew"] == "yellowbeards");
    check_illegal(*state, {{"type", "choose_crew"}, {"crew", "blackbeards"}}, "setup is over");
  }
}

TEST_CASE("a custom layout is accepted when valid and refused with a reason otherwise") {
  const tortuga::Game& game = raft_and_scupper();
  // Four rows of four, straight: pairs side by side in each row.
  Json square = Json::array();
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) square.push_back({x + 10, y - 3});
  auto options = game.normalize_options({{"short_game", true}, {"layout", square}});
  REQUIRE_MESSAGE(options.ok(), tortuga::why(options));
  auto state = game.new_state(*options, Chance(5));
  CHECK(state->view(0)["board"] == Json{{"width", 4}, {"height", 4}});
  CHECK(state->view(0)["layout"][0] == at(0, 0));  // moved to start at [0,0]

  auto refused = [&](Json layout, bool short_game, const std::string& words) {
    auto result = game.normalize_options({{"short_game", short_game}, {"layout", layout}});
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().code == "bad_options");
    CHECK_MESSAGE(tortuga::why(result).find(words) != std::string::npos, tortuga::why(result));
  };
  refused(square, false, "exactly 36 positions");
  refused(Json{{"a", 1}}, true, "must be an array");
  Json repeated = square;
  repeated[5] = repeated[4];
  refused(repeated, true, "repeats the cell");
  Json apart = square;
  std::swap(apart[1], apart[2]);  // positions 1 and 2 now two cells apart
  refused(apart, true, "positions 1 and 2 must be side by side");
  Json island = square;
  island[14] = {50, 50};
  island[15] = {51, 50};
  refused(island, true, "connected by sides");
  Json words = square;
  words[3] = "here";
  refused(words, true, "position 4 must be an [x, y] pair of integers");
  Json far = square;
  far[0] = {1e300, 0};
  refused(far, true, "position 1 must be an [x, y] pair of integers");
  far[0] = {std::numeric_limits<long long>::max(), 0};
  refused(far, true, "beyond");
}

TEST_CASE("unknown or mistyped options are refused") {
  const tortuga::Game& game = raft_and_scupper();
  CHECK_FALSE(game.normalize_options({{"short_game", "yes"}}).ok());
  CHECK_FALSE(game.normalize_options({{"turn_clock_s", -1}}).ok());
  CHECK_FALSE(game.normalize_options({{"turn_clock_s", 1.5}}).ok());
  CHECK_FALSE(game.normalize_options({{"flotillas", 3}}).ok());
  auto defaults = game.normalize_options(nullptr);
  REQUIRE(defaults.ok());
  CHECK((*defaults)["short_game"] == false);
  CHECK((*defaults)["layout"] == nullptr);
  CHECK((*defaults)["turn_clock_s"] == 60);  // a minute a turn at sea, unless the host says
  CHECK((*game.normalize_options({{"turn_clock_s", 0}}))["turn_clock_s"] == 0);  // no clock
  CHECK((*defaults)["players"] == 2);
}
