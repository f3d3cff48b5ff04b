// Set sail: a pirate's ship moves through connected empty water, in any directions, without
// making the play area wider or longer than it was when the ship set off, not even in the middle
// of the move, and must end with every ship connected by sides. The rule limits the area's sizes,
// not its place; the tests below also pin what follows from it in play: the ships' connectedness
// walls off every cell beyond the area, so the area never drifts.
#include <limits>
#include <map>
#include <random>
#include <set>
#include <utility>

#include "tests/rules/raft_and_scupper/support.hpp"

using namespace raft_and_scupper_test;

TEST_CASE("a ship sails through empty water and carries its pirate") {
  auto state = at_sea({"Gr0 Ss  .",  //
                       ".   Ss2 .",  //
                       "Gr1 Sr  Ss3"});
  play(*state, sail(0, 0, 1));
  const Json view = state->view(1);
  bool found = false;
  for (const Json& ship : view["ships"]) {
    if (ship["id"] != 1) continue;  // the ship that started at (0,0)
    found = true;
    CHECK(ship["cell"] == at(0, 1));
    CHECK(ship["pirate"] == "yellowbeard");
    CHECK(ship["pirate_id"] == 0);
  }
  CHECK(found);
  CHECK(view["pirates"][0]["cell"] == at(0, 1));
}

TEST_CASE("a ship that shares its column with another may not widen the play area") {
  // The area is 4 columns by 2 rows. (0,1) keeps column 0 in the area whatever pirate 0 does, so
  // any cell beyond column 3 or before column 0 would make it 5 columns wide.
  auto state = at_sea({"Gr0 .   .   .",  //
                       "Ss  Sr  Ss  Ss2"});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 1, 0), sail(0, 2, 0), sail(0, 3, 0)});
  check_illegal(*state, sail(0, 4, 0),
                "sailing to [4,0] would make the play area wider than its 4 columns");
  check_illegal(*state, sail(0, -1, 0),
                "sailing to [-1,0] would make the play area wider than its 4 columns");
  check_illegal(*state, sail(0, 5, 3),
                "sailing to [5,3] would make the play area wider than its 4 columns and longer "
                "than its 2 rows");
  // Alone in row 0, the ship frees that row: with it at (0,2) the area would still be 2 rows
  // long. But the row of ships spans every column, and going round it would widen the area.
  check_illegal(*state, sail(0, 0, 2),
                "every way through empty water from [0,0] to [0,2] would make the play area wider "
                "than its 4 columns on the way");
}

TEST_CASE("a ship that shares its row with another may not lengthen the play area") {
  // The same, turned: the area is 2 columns by 4 rows, and (1,0) keeps row 0 in it.
  auto state = at_sea({"Gr0 Ss2",  //
                       ".   Sr",   //
                       ".   Ss",   //
                       ".   Ss3"});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 0, 1), sail(0, 0, 2), sail(0, 0, 3)});
  check_illegal(*state, sail(0, 0, 4),
                "sailing to [0,4] would make the play area longer than its 4 rows");
  check_illegal(*state, sail(0, 0, -1),
                "sailing to [0,-1] would make the play area longer than its 4 rows");
  check_illegal(*state, sail(0, 2, 0),
                "every way through empty water from [0,0] to [2,0] would make the play area longer "
                "than its 4 rows on the way");
}

TEST_CASE("a ship alone on an edge frees it, but the other ships wall off the far side") {
  // Pirate 0's ship is alone in column 0. With it gone the others span columns 1..2 only, so the
  // size rule lets it end anywhere in columns 0..3: at (3,1) the area would be columns 1..3, as
  // wide as now, and every ship would be connected. But it must keep to rows 0..2, which the
  // others, connected from top to bottom, close off. So the area cannot drift: see the tests
  // below for the same in every shape and in whole matches.
  auto state = at_sea({".   Ss  .",    //
                       "Gr0 Sr  Ss2",  //
                       ".   Ss  ."});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 0, 0), sail(0, 0, 2)});
  check_illegal(*state, sail(0, 3, 1),
                "every way through empty water from [0,1] to [3,1] would make the play area longer "
                "than its 3 rows on the way");
  check_illegal(*state, sail(0, 2, 0), "every way through empty water from [0,1] to [2,0]");
  check_illegal(*state, sail(0, 4, 1),
                "sailing to [4,1] would make the play area wider than its 3 columns");
}

TEST_CASE("a sail may not widen the play area in the middle of the move") {
  // (2,2) is empty water inside the area: with the ship there the area would be 4 columns by
  // 2 rows, smaller than now, and every ship connected. But the row of ships (1,1)..(3,1) and the
  // ships at (0,2), (1,2), (3,2) close it off, and the only ways round pass column -1, which would
  // make the area 5 columns wide on the way.
  auto state = at_sea({".   Gr0 .   .",   //
                       ".   Ss  Ss  Ss",  //
                       "Ss  Ss  .   Ss2"});
  check_illegal(*state, sail(0, 2, 2),
                "every way through empty water from [1,0] to [2,2] would make the play area wider "
                "than its 4 columns on the way");
  // (0,1) is reached down column 0, inside the area all the way.
  CHECK(offers(*state, sail(0, 0, 1)));
}

TEST_CASE("a sail may not lengthen the play area in the middle of the move") {
  // The wall of ships in column 1 spans the whole height of the area: to reach (2,0) the ship at
  // (0,0) would have to sail round it, through row -1 or row 3. (2,0) itself would keep the area's
  // sizes and every ship connected.
  auto state = at_sea({"Gr0 Ss  .   .",  //
                       ".   Ss  .   .",  //
                       ".   Sr  Ss  Ss2"});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 0, 1), sail(0, 0, 2)});
  check_illegal(*state, sail(0, 2, 0),
                "every way through empty water from [0,0] to [2,0] would make the play area longer "
                "than its 3 rows on the way");
  check_illegal(*state, sail(0, 3, 1),
                "would make the play area longer than its 3 rows on the way");
}

TEST_CASE("a sail that would make the play area longer is refused") {
  // The last row is empty water: (1,3) would touch (1,2), but the area would grow from three
  // rows to four.
  auto state = at_sea({"Gr0 Ss  .   .",    //
                       ".   Ss  .   .",    //
                       ".   Sr  Ss  Ss2",  //
                       ".   .   .   ."});
  check_illegal(*state, sail(0, 1, 3),
                "sailing to [1,3] would make the play area longer than its 3 rows");
  CHECK_FALSE(offers(*state, sail(0, 0, 3)));
}

TEST_CASE("the moving ship's own row and column belong to the play area") {
  // Pirate 0's ship alone makes the area three rows tall; it may sail along its own row, although
  // that row lies outside the box of the other ships.
  auto state = at_sea({"Gr0 .   .",  //
                       "Ss  Ss2 .",  //
                       ".   Sr  Ss3"});
  CHECK(offers(*state, sail(0, 1, 0)));
  auto tall = at_sea({"Gr0 Ss  Ss2",  //
                      ".   .   Sr",   //
                      ".   .   Ss3"});
  // Here it is alone in column 0 and passes through (0,1) on its way to (1,1).
  CHECK_FALSE(offers(*tall, sail(0, 0, 1)));  // (0,1) itself would leave it disconnected
  CHECK(offers(*tall, sail(0, 1, 1)));
}

TEST_CASE("a sail must leave every ship connected by sides") {
  // Pirate 0's ship joins (0,0)-(1,0) to the bottom row; only (1,1) joins them again.
  auto state = at_sea({"Ss2 Ss  .",  //
                       "Gr0 .   .",  //
                       "Sr  Ss  Ss3"});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 1, 1)});
  check_illegal(*state, sail(0, 2, 1), "would not all be connected");
  check_illegal(*state, sail(0, 2, 0), "would not all be connected");
}

TEST_CASE("only a ship carrying one of your pirates sails, and only into open water") {
  auto state = at_sea({"Gr0 Ss  .",  //
                       ".   Ss2 .",  //
                       "Gr1 Sr  Ss3"});
  check_illegal(*state, sail(2, 2, 0), "not one of the Yellowbeards");
  check_illegal(*state, sail(0, 1, 0), "already a ship at [1,0]");
  check_illegal(*state, sail(0, 0, 0), "already at [0,0]");
  // There is no board's edge in the rules: far cells are refused for the area's sizes.
  check_illegal(*state, sail(0, 7, 0),
                "sailing to [7,0] would make the play area wider than its 3 columns");
  check_illegal(
      *state,
      {{"type", "sail"},
       {"pirate", 0},
       {"to", Json::array({0, std::numeric_limits<std::int64_t>::min()})}},
      "sailing to [0,-9223372036854775808] would make the play area longer than its 3 rows");
}

namespace {

using Xy = std::pair<int, int>;

bool side_connected(const std::set<Xy>& cells) {
  if (cells.empty()) return true;
  std::set<Xy> left = cells;
  std::vector<Xy> stack = {*left.begin()};
  left.erase(left.begin());
  while (!stack.empty()) {
    auto [x, y] = stack.back();
    stack.pop_back();
    for (Xy next : {Xy{x - 1, y}, Xy{x + 1, y}, Xy{x, y - 1}, Xy{x, y + 1}})
      if (left.erase(next)) stack.push_back(next);
  }
  return left.empty();
}

struct Extent {
  int x0 = 1 << 20, y0 = 1 << 20, x1 = -(1 << 20), y1 = -(1 << 20);
  void add(Xy c) {
    x0 = std::min(x0, c.first), y0 = std::min(y0, c.second);
    x1 = std::max(x1, c.first), y1 = std::max(y1, c.second);
  }
};

// The rule as the rulebook words it, on water without end: the ship moves cell by cell, and with
// it at every cell on the way and at the end, the box of all ships is no wider and no longer than
// at the start; at the end all ships are connected. Returns the destinations, and in `visited`
// every cell the ship can pass.
std::set<Xy> literal_sails(const std::set<Xy>& ships, Xy from, std::set<Xy>& visited) {
  Extent all, others;
  for (Xy c : ships) {
    all.add(c);
    if (c != from) others.add(c);
  }
  const int width = all.x1 - all.x0 + 1, height = all.y1 - all.y0 + 1;
  auto keeps_sizes = [&](Xy c) {
    return std::max(others.x1, c.first) - std::min(others.x0, c.first) + 1 <= width &&
           std::max(others.y1, c.second) - std::min(others.y0, c.second) + 1 <= height;
  };
  std::set<Xy> rest = ships;
  rest.erase(from);
  std::vector<Xy> queue = {from};
  visited = {from};
  std::set<Xy> out;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    auto [x, y] = queue[i];
    for (Xy next : {Xy{x - 1, y}, Xy{x + 1, y}, Xy{x, y - 1}, Xy{x, y + 1}}) {
      if (visited.count(next) || rest.count(next) || !keeps_sizes(next)) continue;
      visited.insert(next);
      queue.push_back(next);
      std::set<Xy> after = rest;
      after.insert(next);
      if (side_connected(after)) out.insert(next);
    }
  }
  return out;
}

// Checks every ship of a connected shape as pirate 0's: the legal sails must be the ones the
// rule's words give on endless water, and every cell those words let the ship pass lies inside
// the play area (connected ships wall off the one row or column beyond it that the sizes may
// free). With `refusals`, also checks why_illegal on and around the area. Returns the sails.
int check_shape(const std::set<Xy>& ships, std::mt19937& rng, bool refusals) {
  Extent area;
  for (Xy c : ships) area.add(c);
  int sails = 0;
  for (Xy from : ships) {
    Position position;
    position.board = Board(area.x1 + 1, area.y1 + 1);
    int id = 1;
    for (Xy c : ships)
      position.board.place(id++, static_cast<Kind>(rng() % 4),
                           position.board.cell_at(c.first, c.second));
    position.pirates[0] = position.board.cell_at(from.first, from.second);
    std::vector<Cell> targets;
    position.sail_targets(0, targets);
    std::set<Xy> found;
    for (Cell cell : targets) found.insert({position.board.x_of(cell), position.board.y_of(cell)});
    std::set<Xy> visited;
    const std::set<Xy> expected = literal_sails(ships, from, visited);
    CHECK(found == expected);
    for (Xy c : visited)
      CHECK(
          (c.first >= area.x0 && c.first <= area.x1 && c.second >= area.y0 && c.second <= area.y1));
    if (refusals) {
      for (int y = area.y0 - 2; y <= area.y1 + 2; ++y)
        for (int x = area.x0 - 2; x <= area.x1 + 2; ++x)
          CHECK(position.why_illegal(MoveType::kSail, 0, x, y).empty() ==
                (expected.count({x, y}) > 0));
    }
    sails += static_cast<int>(expected.size());
  }
  return sails;
}

}  // namespace

TEST_CASE("sails are exactly those of the rule's words, in every shape of up to 8 ships") {
  // Every connected shape (up to translation) of 2..8 ships.
  std::mt19937 rng(8);
  std::set<std::set<Xy>> shapes = {{{0, 0}}};
  int checked = 0, sails = 0;
  for (int size = 2; size <= 8; ++size) {
    std::set<std::set<Xy>> bigger;
    for (const auto& shape : shapes) {
      for (auto [x, y] : shape) {
        for (Xy next : {Xy{x - 1, y}, Xy{x + 1, y}, Xy{x, y - 1}, Xy{x, y + 1}}) {
          if (shape.count(next)) continue;
          std::set<Xy> grown = shape;
          grown.insert(next);
          Extent box;
          for (Xy c : grown) box.add(c);
          std::set<Xy> moved;
          for (auto [cx, cy] : grown) moved.insert({cx - box.x0, cy - box.y0});
          bigger.insert(std::move(moved));
        }
      }
    }
    shapes = std::move(bigger);
    for (const auto& shape : shapes) sails += check_shape(shape, rng, size <= 5), ++checked;
  }
  CHECK(checked == 2 + 6 + 19 + 63 + 216 + 760 + 2725);  // fixed polyominoes of 2..8 cells
  CHECK(sails > 10000);
}

TEST_CASE("sails are exactly those of the rule's words, in random shapes of up to 16 ships") {
  std::mt19937 rng(20240611);
  int sails = 0;
  for (int round = 0; round < 400; ++round) {
    const int width = 2 + static_cast<int>(rng() % 7), height = 2 + static_cast<int>(rng() % 7);
    const int count = 9 + static_cast<int>(rng() % 8);
    std::set<Xy> ships = {{static_cast<int>(rng() % width), static_cast<int>(rng() % height)}};
    while (static_cast<int>(ships.size()) < std::min(count, width * height)) {
      auto it = ships.begin();
      std::advance(it, rng() % ships.size());
      const int dir = static_cast<int>(rng() % 4);
      const Xy next = {it->first + (dir == 0) - (dir == 1), it->second + (dir == 2) - (dir == 3)};
      if (next.first >= 0 && next.second >= 0 && next.first < width && next.second < height)
        ships.insert(next);
    }
    sails += check_shape(ships, rng, true);
  }
  CHECK(sails > 1000);
}

TEST_CASE("over whole matches the play area never drifts and cells keep their meaning") {
  // Every sail leaves the area inside the area it had before, so no ship ever leaves the setup
  // layout's box, and a ship that does not move keeps its [x, y]: the cells in views, in legal
  // actions and in the history always mean the same water.
  Chance rng(77);
  int sails = 0;
  for (int match = 0; match < 40; ++match) {
    const bool short_game = match % 2 == 1;
    auto options = raft_and_scupper().normalize_options({{"short_game", short_game}});
    REQUIRE(options.ok());
    auto state = raft_and_scupper().new_state(*options, Chance(1000 + match));
    const auto bot = raft_and_scupper().make_bot(match % 4 < 2 ? "smart" : "random");
    Json before = state->spectator_view();
    const int width = before["board"]["width"], height = before["board"]["height"];
    for (int step = 0; step < 600 && !state->is_over(); ++step) {
      const int seat = mover(*state);
      const Json action = bot->choose(*state, seat, rng);
      play(*state, action);
      const Json after = state->spectator_view();
      CHECK(after["board"] == before["board"]);
      if (action["type"] == "sail") {
        ++sails;
        const Json& a = before["area"];
        const Json& b = after["area"];
        CHECK(b["x"] >= a["x"]);
        CHECK(b["y"] >= a["y"]);
        CHECK(b["x"].get<int>() + b["width"].get<int>() <=
              a["x"].get<int>() + a["width"].get<int>());
        CHECK(b["y"].get<int>() + b["height"].get<int>() <=
              a["y"].get<int>() + a["height"].get<int>());
        // Only the sailing ship changed its cell, and it went where the action said.
        std::map<int, Json> cells;
        for (const Json& ship : before["ships"]) cells[ship["id"]] = ship["cell"];
        int moved = 0;
        for (const Json& ship : after["ships"]) {
          if (ship["cell"] == cells[ship["id"]]) continue;
          ++moved;
          CHECK(ship["cell"] == action["to"]);
        }
        CHECK(moved == 1);
      }
      for (const Json& ship : after["ships"]) {
        CHECK(ship["cell"][0] >= 0);
        CHECK(ship["cell"][1] >= 0);
        CHECK(ship["cell"][0] < width);
        CHECK(ship["cell"][1] < height);
      }
      before = after;
    }
  }
  CHECK(sails > 100);
}
