// The PostgreSQL backend's statements on the admin_actions table, the record of what operators did
// through the admin API.
#include <limits>

#include "persistence/now.hpp"
#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {

void insert_admin_action(Connection& db, const AdminAction& a) {
  db.query("INSERT INTO admin_actions (time_ms, who, action, detail) VALUES ($1, $2, $3, $4)",
           a.time_ms ? a.time_ms : now_ms(), a.who, a.action, a.detail_json);
}

std::vector<AdminAction> select_admin_actions(Connection& db, int limit,
                                              std::optional<std::int64_t> before_id) {
  const Result r = db.query(
      "SELECT id, time_ms, who, action, detail FROM admin_actions WHERE id < $1 "
      "ORDER BY id DESC LIMIT $2",
      before_id.value_or(std::numeric_limits<std::int64_t>::max()), limit);
  std::vector<AdminAction> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), r.int64(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4)});
  return out;
}

}  // namespace tortuga::store::postgres
