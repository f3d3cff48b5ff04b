// The PostgreSQL backend's statements on the chat table: the lines said in a room while its match
// ran.
#include "persistence/now.hpp"
#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {

void insert_chat_line(Connection& db, const ChatLine& line) {
  db.query(
      "INSERT INTO chat (match_id, step, seat, player_id, name, text, time_ms) "
      "VALUES ($1, $2, $3::integer, $4, $5, $6, $7)",
      line.match, line.step, line.seat, line.player, line.name, line.text,
      line.time_ms ? line.time_ms : now_ms());
}

std::vector<ChatLine> select_chat(Connection& db, std::int64_t match) {
  const Result r = db.query(
      "SELECT step, seat, player_id, name, text, time_ms FROM chat WHERE match_id = $1 "
      "ORDER BY id",
      match);
  std::vector<ChatLine> out;
  for (int i = 0; i < r.rows(); ++i) {
    ChatLine line;
    line.match = match;
    line.step = r.int64(i, 0);
    if (!r.null(i, 1)) line.seat = static_cast<int>(r.int64(i, 1));
    if (!r.null(i, 2)) line.player = r.int64(i, 2);
    line.name = r.text(i, 3);
    line.text = r.text(i, 4);
    line.time_ms = r.int64(i, 5);
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace tortuga::store::postgres
