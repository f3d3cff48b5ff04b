// The SQLite backend's statements on the chat table: the lines said in a room while its match ran.
#include "persistence/now.hpp"
#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {

void insert_chat_line(Connection& db, const ChatLine& line) {
  db.query(
        "INSERT INTO chat (match_id, step, seat, player_id, name, text, time_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
      .bind(1, line.match)
      .bind(2, line.step)
      .bind(3, line.seat)
      .bind(4, line.player)
      .bind(5, line.name)
      .bind(6, line.text)
      .bind(7, line.time_ms ? line.time_ms : now_ms())
      .run();
}

std::vector<ChatLine> select_chat(Connection& db, std::int64_t match) {
  auto q = db.query(
      "SELECT step, seat, player_id, name, text, time_ms FROM chat WHERE match_id = ?1 "
      "ORDER BY id");
  q.bind(1, match);
  std::vector<ChatLine> out;
  while (q.step()) {
    ChatLine line;
    line.match = match;
    line.step = q.int64(0);
    if (!q.null(1)) line.seat = static_cast<int>(q.int64(1));
    if (!q.null(2)) line.player = q.int64(2);
    line.name = q.text(3);
    line.text = q.text(4);
    line.time_ms = q.int64(5);
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace tortuga::store::sqlite
