#include "server/lobby/my_matches.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace tortuga {
namespace {

using Json = nlohmann::json;

struct Entry {
  bool your_turn = false;
  std::optional<std::int64_t> deadline;
  std::int64_t started = 0;
  std::int64_t match = 0;
  Json json;
};

bool seated_at(const store::Match& m, std::int64_t player, int seat) {
  for (const store::Seat& s : m.seats)
    if (s.seat == seat) return s.player_id == player;
  return false;
}

Json room_ref(const store::Match& m, const RoomOfMatch& room_of) {
  // A private room is entered by its code, as every other client enters it.
  if (!m.private_code.empty()) return m.private_code;
  if (m.room != 0) return m.room;
  if (auto id = room_of(m.id)) return *id;
  return nullptr;
}

Entry entry_of(store::Store& store, const store::Match& m, std::int64_t player,
               const RoomOfMatch& room_of) {
  Entry e;
  e.match = m.id;
  e.started = m.created_ms;
  const std::optional<store::CorrespondenceClocks> clocks = store.correspondence(m.id).value();
  std::vector<int> waiting;
  if (clocks) {
    // The clocks are the correspondence match's own record of whom it waits for, and until when.
    for (const store::SeatClock& c : clocks->seats) {
      if (!c.waiting) continue;
      waiting.push_back(c.seat);
      if (seated_at(m, player, c.seat) && c.due_ms != 0)
        e.deadline = std::min(e.deadline.value_or(c.due_ms), c.due_ms);
    }
  } else {
    waiting = m.awaiting;
  }
  for (int seat : waiting)
    if (seated_at(m, player, seat)) e.your_turn = true;
  if (!clocks && e.your_turn && m.awaiting_due_ms != 0) e.deadline = m.awaiting_due_ms;

  Json players = Json::array();
  for (const store::Seat& s : m.seats) {
    Json p = {{"seat", s.seat}, {"name", s.name}, {"you", s.player_id == player}};
    if (!s.bot.empty()) p["bot"] = s.bot;
    players.push_back(std::move(p));
  }
  e.json = {{"room", room_ref(m, room_of)},
            {"match", m.id},
            {"game", m.game},
            {"correspondence", clocks.has_value()},
            {"players", std::move(players)},
            {"your_turn", e.your_turn},
            {"waiting_for", waiting},
            {"deadline", e.deadline ? Json(*e.deadline) : Json(nullptr)},
            {"started", m.created_ms}};
  return e;
}

}  // namespace

MyMatches read_my_matches(store::Store& store, std::int64_t player, const RoomOfMatch& room_of) {
  store::MatchFilter running;
  running.player = player;
  running.status = store::MatchStatus::running;
  running.limit = store::kMaxListLimit;
  running.with_private = true;  // the player's own, private or not
  std::vector<Entry> entries;
  for (const store::Match& m : store.list_matches(running).value())
    entries.push_back(entry_of(store, m, player, room_of));
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.your_turn != b.your_turn) return a.your_turn;
    if (a.deadline.has_value() != b.deadline.has_value()) return a.deadline.has_value();
    if (a.deadline && *a.deadline != *b.deadline) return *a.deadline < *b.deadline;
    if (a.started != b.started) return a.started > b.started;
    return a.match > b.match;
  });
  MyMatches out;
  for (Entry& e : entries) {
    if (static_cast<int>(out.matches.size()) == kMyMatchesShown) {
      ++out.more;
      continue;
    }
    out.matches.push_back(std::move(e.json));
  }
  return out;
}

}  // namespace tortuga
