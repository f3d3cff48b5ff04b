// The SQLite backend's statements on the admin_actions table, the record of what operators did
// through the admin API.
#include <limits>

#include "persistence/now.hpp"
#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {

void insert_admin_action(Connection& db, const AdminAction& a) {
  db.query("INSERT INTO admin_actions (time_ms, who, action, detail) VALUES (?1, ?2, ?3, ?4)")
      .bind(1, a.time_ms ? a.time_ms : now_ms())
      .bind(2, a.who)
      .bind(3, a.action)
      .bind(4, a.detail_json)
      .run();
}

std::vector<AdminAction> select_admin_actions(Connection& db, int limit,
                                              std::optional<std::int64_t> before_id) {
  auto q = db.query(
      "SELECT id, time_ms, who, action, detail FROM admin_actions WHERE id < ?1 "
      "ORDER BY id DESC LIMIT ?2");
  q.bind(1, before_id.value_or(std::numeric_limits<std::int64_t>::max()))
      .bind(2, static_cast<std::int64_t>(limit));
  std::vector<AdminAction> out;
  while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3), q.text(4)});
  return out;
}

}  // namespace tortuga::store::sqlite
