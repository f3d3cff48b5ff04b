#include "persistence/postgres/admin_actions.hpp"

#include <limits>

#include "persistence/now.hpp"

namespace tortuga::store::postgres {

void insert_admin_action(Connection& db, const AdminAction& a) {
  db.query("INSERT INTO admin_actions (time_ms, who, action, detail) VALUES ($1, $2, $3, $4)",
           a.time_ms ? a.time_ms : now_ms(), a.who, a.action, a.detail_json);
}

std::vector<AdminAction> admin_actions(Connection& db, int limit,
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

bool answers(Connection& db) {
  // A table of the store's own, not SELECT 1: the database answers and holds the schema.
  return db.query("SELECT version FROM schema_version").rows() == 1;
}

void rewrite_version(Connection& db) {
  db.query("UPDATE schema_version SET version = version");
}

}  // namespace tortuga::store::postgres
