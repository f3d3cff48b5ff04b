// The SQLite backend's statements on match logs: an action appended, and a match's log read back.
//
// The actions table is in arrival order, each action naming the one before it in its match
// (`prev`), and `logs` holds each match's last action and count (see schema.cpp for why). Its
// triggers refuse an action out of its log's order, so an append is one INSERT; only a refused one
// looks further, to say why. A log is read from its end back along `prev`, and a log whose links
// were broken (a file edited by hand) is still read whole, by a scan of the table.
#include <algorithm>
#include <optional>
#include <string>

#include "persistence/sqlite/statements.hpp"
#include "persistence/store/awaiting_column.hpp"
#include "persistence/store/log_refusal.hpp"
#include "persistence/store/status_column.hpp"

namespace tortuga::store::sqlite {
namespace {

// Where the log of the refused action's match stands; empty for an unknown match.
std::optional<LogEnd> log_end(Connection& db, std::int64_t match) {
  LogEnd end;
  {
    auto q = db.query("SELECT status FROM matches WHERE id = ?1");
    q.bind(1, match);
    if (!q.step()) return std::nullopt;
    end.status = status_from_column(q.text(0));
  }
  auto q = db.query("SELECT actions FROM logs WHERE match_id = ?1");
  q.bind(1, match);
  if (q.step()) end.last_seq = q.int64(0);
  return end;
}

// Reads a match's log from its last action back along `prev`, into `out` in seq order. False if
// the chain does not hold: a link to another match's action, a seq out of step, a missing link.
bool read_log_chain(Connection& db, std::int64_t match, std::vector<Action>& out) {
  std::optional<std::int64_t> at;
  std::int64_t count = 0;
  {
    auto q = db.query("SELECT last_action, actions FROM logs WHERE match_id = ?1");
    q.bind(1, match);
    if (!q.step()) return true;  // no actions yet
    at = q.int64(0);
    count = q.int64(1);
  }
  out.resize(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
  for (std::int64_t seq = count; seq >= 1; --seq) {
    if (!at) return false;
    auto q =
        db.query("SELECT match_id, seq, seat, action, time_ms, prev FROM actions WHERE id = ?1");
    q.bind(1, *at);
    if (!q.step() || q.int64(0) != match || q.int64(1) != seq) return false;
    out[static_cast<std::size_t>(seq - 1)] = {match, seq, static_cast<int>(q.int64(2)), q.text(3),
                                              q.int64(4)};
    at = q.null(5) ? std::nullopt : std::optional<std::int64_t>(q.int64(5));
  }
  return !at;
}

}  // namespace

// One statement (its triggers are part of it): a refusal leaves nothing behind.
void insert_action(Connection& db, const Action& a) {
  try {
    db.query(
          "INSERT INTO actions (match_id, seq, seat, action, time_ms, prev) VALUES (?1, ?2, ?3, "
          "?4, ?5, (SELECT last_action FROM logs WHERE match_id = ?1))")
        .bind(1, a.match)
        .bind(2, a.seq)
        .bind(3, std::int64_t{a.seat})
        .bind(4, a.action_json)
        .bind(5, a.time_ms)
        .run();
    // Past the trigger, which refuses an action out of order or of a match that is over: the
    // match runs, and its row takes what it awaits now, in the action's transaction.
    db.query("UPDATE matches SET awaiting = ?1, awaiting_due_ms = ?2 WHERE id = ?3")
        .bind(1, awaiting_column(a.awaiting))
        .bind(2, a.awaiting_due_ms)
        .bind(3, a.match)
        .run();
  } catch (const SqlError& e) {
    if (!db.in_transaction()) throw;  // not a refusal: the transaction itself is lost
    throw SqlError(log_refusal(a, log_end(db, a.match)));
  }
}

std::vector<Action> select_log(Connection& db, std::int64_t match) {
  std::vector<Action> out;
  if (read_log_chain(db, match, out)) return out;
  // A chain that does not hold (a file edited by hand): the whole table, read in order.
  out.clear();
  auto q = db.query(
      "SELECT seq, seat, action, time_ms FROM actions WHERE match_id = ?1 ORDER BY seq, id");
  q.bind(1, match);
  while (q.step())
    out.push_back({match, q.int64(0), static_cast<int>(q.int64(1)), q.text(2), q.int64(3)});
  return out;
}

}  // namespace tortuga::store::sqlite
