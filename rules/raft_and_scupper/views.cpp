// The board of a Raft & Scupper view, written member by member, and the observer that writes it
// (see views.hpp).
#include "rules/raft_and_scupper/views.hpp"

#include <initializer_list>
#include <string>
#include <utility>

#include "rules/raft_and_scupper/actions.hpp"

namespace tortuga::raft_and_scupper {
namespace {

void write_cell_or_null(ViewWriter& out, const Board& board, Cell cell) {
  if (cell == kNoCell) return out.null();
  write_cell(out, board, cell);
}

void write_traits(ViewWriter& out, std::uint8_t bits) {
  out.begin_array();
  for (Trait trait : kAllTraits)
    if (bits >> static_cast<int>(trait) & 1) out.value(trait_name(trait));
  out.end_array();
}

// Slots for ViewWriter::reuse: the layout, each ship by its id, then the board's other parts.
// Each stamp is made of everything its value is written from: a ship's object of its id, its
// kind, its cell and the pirate aboard; the layout of its positions; and so on below.
constexpr std::uint32_t kLayoutSlot = 0;
constexpr std::uint32_t kAreaSlot = kMaxShips + 1;
constexpr std::uint32_t kPiratesSlot = kMaxShips + 2;
constexpr std::uint32_t kSeatsSlot = kMaxShips + 3;
constexpr std::uint32_t kSunkSlot = kMaxShips + 4;
constexpr std::uint32_t kCrewSlot = kMaxShips + 5;  // and the next, one per crew

// Small integers, `bits` each (of 64 in all): grid coordinates, counts.
std::uint64_t pack(std::initializer_list<int> values, int bits = 16) {
  std::uint64_t stamp = 0;
  for (int v : values)
    stamp = stamp << bits | (static_cast<std::uint64_t>(v) & ((std::uint64_t{1} << bits) - 1));
  return stamp;
}

std::uint64_t layout_stamp(const Layout& layout) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a over the coordinates
  for (const auto& [x, y] : layout.positions)
    for (int v : {x, y}) h = (h ^ static_cast<std::uint32_t>(v)) * 1099511628211ull;
  return h;
}

// `flotillas` as Board::flotilla_counts gives them.
void write_crew(ViewWriter& out, const RaftAndScupperState& state, Crew crew,
                const std::array<int, 4>& flotillas) {
  const Position& position = state.position();
  const int i = index(crew);
  const int seat = state.seat_of(crew);
  // The favours and the order of the flotillas' keys follow from the crew, the slot's own.
  if (out.reuse(kCrewSlot + static_cast<std::uint32_t>(i),
                pack({flotillas[static_cast<int>(cargo_trait(crew))],
                      flotillas[static_cast<int>(rigging_trait(crew))], position.passes_in_row[i],
                      position.scuppered_since[i], position.scuppered_total[i], seat},
                     10)))
    return;
  out.begin_object();
  out.key("favours");
  out.begin_array();
  out.value(trait_name(cargo_trait(crew)));
  out.value(trait_name(rigging_trait(crew)));
  out.end_array();
  out.key("flotillas");
  out.begin_object();
  std::pair<Trait, Trait> traits{cargo_trait(crew), rigging_trait(crew)};
  if (trait_name(traits.second) < trait_name(traits.first)) std::swap(traits.first, traits.second);
  for (Trait trait : {traits.first, traits.second})
    out.member(trait_name(trait), flotillas[static_cast<int>(trait)]);
  out.end_object();
  out.member("passes_in_row", position.passes_in_row[i]);
  out.member("scuppered_since", position.scuppered_since[i]);
  out.member("scuppered_total", position.scuppered_total[i]);
  out.key("seat");
  seat < 0 ? out.null() : out.value(seat);
  out.end_object();
}

// Every state a Raft & Scupper observer sees is one: RaftAndScupperGame makes both.
const RaftAndScupperState& raft(const State& state) {
  return static_cast<const RaftAndScupperState&>(state);
}

}  // namespace

void RaftAndScupperObserver::write_board(const State& state, int, ViewWriter& out) {
  shown_ = raft_and_scupper::write_board(raft(state), out);
}

void RaftAndScupperObserver::write_legal(const State& state, int, ViewWriter& out) {
  raft_and_scupper::write_legal(raft(state), out);
}

Json RaftAndScupperState::seat_view(int seat) const {
  return RaftAndScupperObserver().board(*this, seat);
}

Json RaftAndScupperState::legal(int seat) const {
  return RaftAndScupperObserver().legal(*this, seat);
}

Shown Shown::of(const RaftAndScupperState& state, const Box& area,
                const std::array<int, 4>& flotillas) {
  const Position& position = state.position();
  return {.step = state.history().size(),
          .phase = state.phase(),
          .area = area,
          .flotillas = flotillas,
          .pirates = position.pirates,
          .passes_in_row = position.passes_in_row,
          .scuppered_since = position.scuppered_since,
          .scuppered_total = position.scuppered_total,
          .last_scupperer = position.last_scupperer,
          .sunk = state.sunk().size()};
}

Shown write_board(const RaftAndScupperState& state, ViewWriter& out) {
  const Position& position = state.position();
  const Board& board = position.board;
  const Layout& layout = state.layout();
  const Phase phase = state.phase();
  const Box area = board.area();
  const bool at_sea = phase == Phase::kPlaying || phase == Phase::kOver;
  out.begin_object();

  out.key("area");
  if (!out.reuse(kAreaSlot, pack({area.x0, area.y0, area.x1, area.y1}))) write_area(out, area);

  out.key("board");
  out.begin_object();
  out.member("height", board.height());
  out.member("width", board.width());
  out.end_object();

  out.key("connected");
  write_traits(out, at_sea ? 0 : position.rafted_traits_any());

  out.key("crews");  // by name: "blackbeards" comes first
  out.begin_object();
  const auto flotillas = board.flotilla_counts();
  for (Crew crew : {Crew::kBlackbeards, Crew::kYellowbeards}) {
    out.key(crew_name(crew));
    write_crew(out, state, crew, flotillas);
  }
  out.end_object();

  out.member("game", "raft-and-scupper");
  out.key("last_action");
  write_last_action(out, state);
  out.key("last_scupper");
  if (position.last_scupperer < 0)
    out.null();
  else
    out.value(crew_name(static_cast<Crew>(position.last_scupperer)));
  out.key("layout");
  if (!out.reuse(kLayoutSlot, layout_stamp(layout))) {
    out.begin_array();
    for (const auto& [x, y] : layout.positions) {
      out.begin_array();
      out.value(x);
      out.value(y);
      out.end_array();
    }
    out.end_array();
  }
  out.member("phase", phase_name(phase));

  out.key("pirates");
  static_assert(kPirates == 4, "a pirate's cell is 16 bits of the stamp");
  const auto& aboard = position.pirates;
  if (!out.reuse(kPiratesSlot, pack({aboard[0], aboard[1], aboard[2], aboard[3]}))) {
    out.begin_array();
    for (int p = 0; p < kPirates; ++p) {
      const Crew crew = crew_of_pirate(p);
      out.begin_object();
      out.key("cell");
      write_cell_or_null(out, board, aboard[p]);
      out.member("crew", crew_name(crew));
      out.member("figure", figure_name(crew));
      out.member("id", p);
      out.end_object();
    }
    out.end_array();
  }

  out.key("seats");
  if (!out.reuse(kSeatsSlot, pack({state.seat_of(Crew::kYellowbeards)}))) {
    out.begin_array();
    for (int seat = 0; seat < 2; ++seat) {
      const auto crew = state.crew_of(seat);
      out.begin_object();
      out.key("crew");
      crew ? out.value(crew_name(*crew)) : out.null();
      out.member("seat", seat);
      out.member("setup_role", seat == kPiratePlacer ? "places_pirates" : "chooses_crew");
      out.end_object();
    }
    out.end_array();
  }

  out.key("ships");
  out.begin_array();
  for (int id = 1; id <= board.max_id(); ++id) {
    const Cell cell = board.cell_of(id);
    if (cell == kNoCell) continue;
    const int pirate = position.pirate_at(cell);
    if (out.reuse(static_cast<std::uint32_t>(id), pack({id, board.kind_of(id), cell, pirate})))
      continue;
    write_ship(out, state, id);
  }
  out.end_array();

  out.member("short_game", state.short_game());

  out.key("sunk");
  // Only ever grows, in play, when kinds no longer change: its length is its stamp.
  const auto& sunk = state.sunk();
  if (!out.reuse(kSunkSlot, sunk.size())) {
    out.begin_array();
    for (auto [id, crew] : sunk) write_sunk(out, state, id, crew);
    out.end_array();
  }

  out.key("turn");
  write_turn(out, state);
  out.member("turn_clock_s", state.turn_clock_s());
  out.end_object();
  return Shown::of(state, area, flotillas);
}

void write_area(ViewWriter& out, const Box& area) {
  out.begin_object();
  out.member("height", area.height());
  out.member("width", area.width());
  out.member("x", area.x0);
  out.member("y", area.y0);
  out.end_object();
}

void write_ship(ViewWriter& out, const RaftAndScupperState& state, int id) {
  const Position& position = state.position();
  const Board& board = position.board;
  const Kind kind = board.kind_of(id);
  const Cell cell = board.cell_of(id);
  const int pirate = position.pirate_at(cell);
  out.begin_object();
  out.member("cargo", cargo_name(kind));
  out.key("cell");
  write_cell(out, board, cell);
  out.member("id", id);
  out.key("pirate");
  pirate < 0 ? out.null() : out.value(figure_name(crew_of_pirate(pirate)));
  out.key("pirate_id");
  pirate < 0 ? out.null() : out.value(pirate);
  out.member("rigging", rigging_name(kind));
  out.end_object();
}

void write_sunk(ViewWriter& out, const RaftAndScupperState& state, int id, Crew by) {
  const Kind kind = state.position().board.kind_of(id);
  out.begin_object();
  out.member("by", crew_name(by));
  out.member("cargo", cargo_name(kind));
  out.member("id", id);
  out.member("rigging", rigging_name(kind));
  out.end_object();
}

void write_last_action(ViewWriter& out, const RaftAndScupperState& state) {
  const auto& last = state.last_action();
  if (!last) return out.null();
  out.begin_object();
  out.key("action");
  write_action(out, last->action);
  out.member("seat", last->seat);
  if (last->timeout) out.member("timeout", true);
  out.end_object();
}

// Whose turn it is: a crew in play, nobody before or after.
void write_turn(ViewWriter& out, const RaftAndScupperState& state) {
  state.phase() == Phase::kPlaying ? out.value(crew_name(state.position().to_move)) : out.null();
}

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::kSwitching:
      return "switching";
    case Phase::kPlacing:
      return "placing";
    case Phase::kChoosing:
      return "choosing";
    case Phase::kPlaying:
      return "playing";
    case Phase::kOver:
      return "over";
  }
  return "";
}

}  // namespace tortuga::raft_and_scupper
