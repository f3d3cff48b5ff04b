// Views written by each game's observer (Observer::write_board, write_common_fields) against the
// same views the match's state builds as trees, for every game at every step of random matches:
// the written shape is the tree's, node for node, and its text the tree's dump; the diffs a room
// computes from written shapes are the tree diff's ops, byte for byte, and take each view to the
// next; and the changes an observer names (Observer::write_board_changes) take each board to the
// next.
#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "protocol/changes_text.hpp"
#include "protocol/patch.hpp"
#include "rules/core/registry.hpp"
#include "tests/protocol/tree_diff.hpp"

using namespace tortuga;
using namespace tortuga::protocol;

namespace {

// Empty when `written` is shape_of(tree) node for node, but that a value written whole
// (ViewWriter::whole) is one node, with its text and no nodes below it; else where they first
// differ.
std::string mismatch(const Shape& written, const Json& tree) {
  const Shape built = shape_of(tree);
  if (written.text() != tree.dump()) return "text: " + std::string(written.text());
  // Where each node of `built` is in `written`: the nodes below a whole value have no place.
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> at(built.size() + 1, kNone);
  std::size_t w = 0;
  for (std::size_t n = 0; n < built.size(); ++w) {
    if (w >= written.size()) return "node count";
    at[n] = w;
    n += written[w].whole ? built[n].size : 1;
  }
  at[built.size()] = w;
  if (w != written.size()) return "node count";
  for (std::size_t n = 0; n < built.size(); ++n) {
    if (at[n] == kNone) continue;
    const auto &x = written[at[n]], &b = built[n];
    if (!written.same(at[n], built, n) || x.size != at[n + b.size] - at[n] ||
        x.count != (x.whole ? 0 : b.count) || x.at != b.at || x.text != b.text ||
        x.type != b.type || written.key(at[n]) != built.key(n))
      return "node " + std::to_string(n) + " (key \"" + std::string(built.key(n)) + "\")";
  }
  return "";
}

// The pointers of the values `shape` holds whole.
void add_wholes(const Shape& shape, std::size_t node, std::string& path,
                std::set<std::string>& out) {
  if (shape[node].whole) out.insert(path);
  const bool object = shape[node].type == Json::value_t::object;
  std::size_t child = node + 1;
  for (std::uint32_t i = 0; i < shape[node].count; ++i) {
    const std::size_t size = path.size();
    append_segment(path, object ? shape.key(child) : std::to_string(i));
    add_wholes(shape, child, path, out);
    path.resize(size);
    child += shape[child].size;
  }
}
std::set<std::string> wholes(const Shape& a, const Shape& b) {
  std::set<std::string> out;
  std::string path;
  add_wholes(a, 0, path, out);
  add_wholes(b, 0, path, out);
  return out;
}

// What `write` writes into a shape (against `last`, as rooms write a board after an action).
Shape written(const std::function<void(ViewWriter&)>& write, const Shape* last = nullptr) {
  Shape shape;
  ShapeWriter out(shape, last);
  write(out);
  return shape;
}

Shape written_board(Observer& observer, const State& state, int seat, const Shape* last = nullptr) {
  return written([&](ViewWriter& out) { observer.write_board(state, seat, out); }, last);
}
Shape written_common_fields(Observer& observer, const State& state, int seat) {
  return written([&](ViewWriter& out) { observer.write_common_fields(state, seat, out); });
}
Shape written_shared_part(Observer& observer, const State& state) {
  return written([&](ViewWriter& out) { observer.write_shared_part(state, out); });
}
Shape written_own_part(Observer& observer, const State& state, int seat) {
  return written([&](ViewWriter& out) { observer.write_own_part(state, seat, out); });
}

// An audience's own part as a tree: the common fields, and its private members, each of which
// must be a member of its view that no common field shares a name with.
Json own_part(Observer& observer, const State& state, int seat) {
  Json own = state.common_fields(seat);
  const Json members = observer.private_view(state, seat);
  CHECK(members.size() == observer.private_members(state).size());
  for (std::string_view name : observer.private_members(state)) {
    CHECK_FALSE(own.contains(name));
    own[std::string(name)] = members.at(std::string(name));
  }
  return own;
}

// The diff a room sends, from written shapes, against the tree diff of the same two values.
void check_diff(const Shape& from_shape, const Json& from, const Shape& to_shape, const Json& to,
                bool members) {
  const std::string ops =
      members ? diff_members_text(from_shape, to_shape) : diff_text(from_shape, to_shape);
  // What either shape holds whole, the reference diff replaces whole too.
  const std::set<std::string> whole = wholes(from_shape, to_shape);
  const Json by_tree =
      members ? testing::tree_diff_members(from, to, whole) : testing::tree_diff(from, to, whole);
  CHECK(ops == by_tree.dump());
  auto patched = apply_patch(from, Json::parse(ops));
  REQUIRE(patched.ok());
  // Equal as text too: a diff takes 0.0 and -0.0 as one number (see patch.hpp), so no view may
  // hold a -0.0, which a client's patched copy would show as 0.0.
  CHECK(patched->dump() == to.dump());
}

// The changes the observer names since it last wrote `last_board`, if it names them, applied to
// `last_board`: they must give exactly `board`, the board as the state builds it now. Returns the
// ops (null when none are named).
Json check_named_changes(Observer& observer, const State& state, const Json& last_board,
                         const Json& board) {
  ChangesText named;
  if (!observer.write_board_changes(state, named)) return nullptr;
  CHECK(observer.one_board_for_all(state));
  const std::string text = named.take();
  const Json ops = Json::parse(text);
  CHECK(ops.dump() == text);  // written as Json::dump() writes them
  auto patched = apply_patch(last_board, ops);
  if (!patched.ok())
    FAIL_CHECK(patched.error().message);
  else
    CHECK(patched->dump() == board.dump());
  return ops;
}

}  // namespace

TEST_CASE("written views are the views' trees, and their diffs the tree diffs, in every game") {
  for (const Game* game : all_games()) {
    const Json options = *game->normalize_options(Json::object());
    const int seats = options.at("players").get<int>();
    Chance choices(7);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = game->new_state(options, Chance(seed));
      auto observer = game->make_observer();
      Json last_board = state->seat_view(kSpectator);
      Shape last_shape = written_board(*observer, *state, kSpectator);
      Json last_view = state->view(0);
      Json last_shared = Json::object();  // the shared part of a game with private members
      Shape last_shared_shape = shape_of(last_shared);
      if (!observer->private_members(*state).empty()) {
        last_shared_shape = written_shared_part(*observer, *state);
        last_shared = Json::parse(last_shared_shape.text());
      }
      std::vector<Shape> last_own(static_cast<std::size_t>(seats) + 1);  // by audience
      for (int step = 0; step < 300 && !state->is_over(); ++step) {
        INFO(game->info().id << " seed " << seed << " step " << step);
        for (int seat = kSpectator; seat < seats; ++seat) {
          CHECK(mismatch(written_board(*observer, *state, seat), state->seat_view(seat)) == "");
          CHECK(mismatch(written_common_fields(*observer, *state, seat),
                         state->common_fields(seat)) == "");
          // A state message's view, as a room writes it: the shared part with the audience's own.
          if (observer->shares_board(*state)) {
            const Shape own = written_own_part(*observer, *state, seat);
            CHECK(mismatch(own, own_part(*observer, *state, seat)) == "");
            CHECK(merged_object_text(written_shared_part(*observer, *state), own) ==
                  state->view(seat).dump());
            // Written against the audience's last own part, as rooms write it: what is copied is
            // what moved not.
            Shape& last = last_own[static_cast<std::size_t>(seat + 1)];
            Shape again = written(
                [&](ViewWriter& out) { observer->write_own_part(*state, seat, out); }, &last);
            CHECK(mismatch(again, own_part(*observer, *state, seat)) == "");
            last = std::move(again);
          }
        }
        const int seat = state->actors().front();
        const Json legal = state->legal_actions(seat);
        if (legal.empty()) break;
        if (state->apply(seat, legal[choices.below(static_cast<std::uint32_t>(legal.size()))]))
          break;  // a template the client fills in: random play stops here
        const Json board = state->seat_view(kSpectator);
        // Named against the observer's last write, before it writes this board.
        check_named_changes(*observer, *state, last_board, board);
        const Shape shape = written_board(*observer, *state, kSpectator);
        // Written against the last board, as rooms write it: what is copied is what moved not.
        CHECK(mismatch(written_board(*observer, *state, kSpectator, &last_shape), board) == "");
        if (observer->one_board_for_all(*state))
          check_diff(last_shape, last_board, shape, board, true);
        if (!observer->private_members(*state).empty()) {
          Json shared = board;
          for (std::string_view name : observer->private_members(*state))
            shared.erase(std::string(name));
          const Shape shared_shape = written_shared_part(*observer, *state);
          CHECK(mismatch(shared_shape, shared) == "");
          check_diff(last_shared_shape, last_shared, shared_shape, shared, true);
          last_shared = shared;
          last_shared_shape = shared_shape;
        }
        const Json view = state->view(0);
        check_diff(shape_of(last_view), last_view, shape_of(view), view, false);
        last_board = board;
        last_shape = shape;
        last_view = view;
      }
    }
  }
}

TEST_CASE("Raft & Scupper names the changes of every move of play, and only of play") {
  // Whole random matches, full and short, with the turn clock's timeouts among the moves: each
  // move's named changes take the board before it to the board after it, and name what moved
  // rather than rewrite the board's lists.
  const Game& game = *find_game("raft-and-scupper");
  Chance choices(5);
  int named = 0, timeouts = 0, scuppers = 0, endings = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const Json options =
        *game.normalize_options({{"short_game", seed % 2 == 0}, {"turn_clock_s", 30}});
    auto state = game.new_state(options, Chance(seed));
    auto observer = game.make_observer();
    // The observer names changes from its last write: where it names none, the board is written
    // again, as a room writes it to diff it.
    auto write_board = [&] {
      Shape shape;
      ShapeWriter out(shape);
      observer->write_board(*state, kSpectator, out);
    };
    write_board();
    Json last_board = state->seat_view(kSpectator);
    while (!state->is_over()) {
      INFO("seed " << seed << " step " << state->history().size());
      const bool at_sea = last_board["phase"] == "playing";
      if (at_sea && choices.below(16) == 0) {
        REQUIRE_FALSE(state->apply(kSystem, {{"type", "timeout"}}));
        ++timeouts;
      } else {
        const int seat = state->actors().front();
        const Json legal = state->legal_actions(seat);
        const Json action = legal[choices.below(static_cast<std::uint32_t>(legal.size()))];
        scuppers += action["type"] == "scupper";
        REQUIRE_FALSE(state->apply(seat, action));
      }
      const Json board = state->seat_view(kSpectator);
      const Json ops = check_named_changes(*observer, *state, last_board, board);
      CHECK(ops.is_null() == !at_sea);  // a setup action's changes are left to the diff
      if (ops.is_null())
        write_board();
      else
        ++named;
      for (const Json& op : ops.is_null() ? Json::array() : ops)
        for (const char* whole : {"/ships", "/pirates", "/crews", "/sunk", "/layout"})
          CHECK(op["path"] != whole);
      last_board = board;
    }
    endings += state->is_over();
  }
  // The matches went through every kind of change and to their ends.
  CHECK(named > 600);
  CHECK(timeouts > 20);
  CHECK(scuppers > 48);
  CHECK(endings == 24);
}

namespace {

// A document with two values offered for reuse under slots 1 and 2, stamped by their contents,
// and a third that never changes.
void write_fleet(ViewWriter& out, int first, int second) {
  out.begin_object();
  out.key("flag");
  if (!out.reuse(3, 0)) out.value("jolly roger");
  out.key("fleet");
  out.begin_array();
  for (auto [slot, n] : {std::pair{1, first}, std::pair{2, second}}) {
    if (out.reuse(static_cast<std::uint32_t>(slot), static_cast<std::uint64_t>(n))) continue;
    out.begin_object();
    out.member("guns", n);
    out.key("name");
    out.value(std::string(static_cast<std::size_t>(n), 'x'));
    out.end_object();
  }
  out.end_array();
  out.end_object();
}

Json fleet_tree(int first, int second) {
  JsonWriter out;
  write_fleet(out, first, second);
  return out.take();
}

}  // namespace

TEST_CASE("a writer copies from its last shape exactly the values whose slot and stamp match") {
  Shape first, second, third;
  {
    ShapeWriter out(first);  // no last shape: everything written, every slot marked
    write_fleet(out, 3, 5);
  }
  CHECK(mismatch(first, fleet_tree(3, 5)) == "");
  {
    ShapeWriter out(second, &first);  // slot 1 changed, 2 and 3 copied
    write_fleet(out, 4, 5);
  }
  CHECK(mismatch(second, fleet_tree(4, 5)) == "");
  {
    ShapeWriter out(third, &second);  // slot 2 copied from a copy
    write_fleet(out, 4, 6);
  }
  CHECK(mismatch(third, fleet_tree(4, 6)) == "");
  // What is written next to a copied value is still checked: a key out of order after it.
  Shape bad;
  ShapeWriter out(bad, &third);
  out.begin_object();
  out.key("flag");
  CHECK(out.reuse(3, 0));
  CHECK_THROWS_AS(out.key("anchor"), std::logic_error);
  CHECK_THROWS_AS(ShapeWriter(third, &third), std::logic_error);
}
