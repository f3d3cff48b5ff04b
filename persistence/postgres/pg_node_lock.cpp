#include "persistence/postgres/pg_node_lock.hpp"

#include <pthread.h>

#include <chrono>
#include <stdexcept>
#include <utility>

#include "persistence/postgres/connection.hpp"

namespace tortuga::store {

using postgres::Connection;
using postgres::PgError;

namespace {

// The lock's key: two integers, a key space apart from the single-integer one that migrations
// lock (postgres/schema.cpp). Any constants, the same in every build.
#define TORTUGA_KEY_CLASS "7046"
#define TORTUGA_KEY_ID "1"
#define TORTUGA_NODE_LOCK TORTUGA_KEY_CLASS ", " TORTUGA_KEY_ID

// Who holds the lock now: "alone", "cluster", or "" (nobody, or the holder has just gone).
std::string holder(Connection& db) {
  const postgres::Result r = db.query(
      "SELECT l.mode FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
      "WHERE d.datname = current_database() AND l.locktype = 'advisory' "
      "AND l.classid = " TORTUGA_KEY_CLASS " AND l.objid = " TORTUGA_KEY_ID
      " AND l.objsubid = 2 AND l.granted LIMIT 1");
  if (r.rows() == 0) return "";
  return r.text(0, 0) == "ExclusiveLock" ? "alone" : "cluster";
}

std::string live_nodes(Connection& db) {
  const postgres::Result r = db.query(
      "SELECT COALESCE(string_agg(id, ', ' ORDER BY id), '') FROM nodes "
      "WHERE lease_until > clock_timestamp()");
  return r.rows() ? r.text(0, 0) : "";
}

// Why a node of `mode` may not run beside the holder.
std::string refusal(Connection& db, PgNodeLock::Mode mode, const std::string& held_by) {
  if (held_by == "alone")
    return mode == PgNodeLock::Mode::alone
               ? "another node runs alone on this database (tortuga serve without --node-id): "
                 "two nodes alone would both resume and play every match. Stop it first, or run "
                 "every node as a cluster, each with its own --node-id (docs/scaling.md)"
               : "a node runs alone on this database (tortuga serve without --node-id), and "
                 "plays every match itself: stop it, then start the cluster's nodes, each with "
                 "its --node-id (docs/scaling.md)";
  const std::string nodes = live_nodes(db);
  return "the nodes of a cluster run on this database" +
         (nodes.empty() ? std::string() : " (" + nodes + ")") +
         ": a node alone would resume and play their matches too. Start this one with "
         "--node-id to join them (docs/scaling.md)";
}

// False, with `why` saying who holds the lock; throws if nobody does (the holder went between
// the try and the look, or another error), for the caller to try again.
bool refused(Connection& db, PgNodeLock::Mode mode, std::string& why) {
  const std::string held_by = holder(db);
  if (held_by.empty()) throw PgError("the node lock could not be taken, and nobody holds it");
  why = refusal(db, mode, held_by);
  return false;
}

// Takes the lock: at a node's start waiting up to 2 s for a holder that is going (a node
// killed a moment ago, whose connection the database has not yet closed), later without waiting.
// False if another node holds it, with `why` saying who.
bool take(Connection& db, PgNodeLock::Mode mode, bool wait, std::string& why) {
  // A node whose machine is lost holds the lock until the database notices its connection is
  // dead: these make that about 25 s rather than the system's default of hours (TCP only).
  db.exec(
      "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; "
      "SET tcp_keepalives_count = 3");
  const bool alone = mode == PgNodeLock::Mode::alone;
  auto try_now = [&] {
    return db.query(alone ? "SELECT pg_try_advisory_lock(" TORTUGA_NODE_LOCK ")"
                          : "SELECT pg_try_advisory_lock_shared(" TORTUGA_NODE_LOCK ")")
               .text(0, 0) == "t";
  };
  if (wait) {
    try {
      db.exec("SET lock_timeout = '2s'");
      db.query(alone ? "SELECT pg_advisory_lock(" TORTUGA_NODE_LOCK ")"
                     : "SELECT pg_advisory_lock_shared(" TORTUGA_NODE_LOCK ")");
      db.exec("SET lock_timeout = 0");
      return true;
    } catch (const PgError&) {
      if (db.broken()) throw;
      db.exec("SET lock_timeout = 0");  // the wait timed out
    }
  }
  // Taken at once, or refused, saying who holds it; if nobody does, the holder went between the
  // try and the look: one more try.
  return try_now() || (holder(db).empty() && try_now()) || refused(db, mode, why);
}

#undef TORTUGA_NODE_LOCK
#undef TORTUGA_KEY_ID
#undef TORTUGA_KEY_CLASS

}  // namespace

PgNodeLock::PgNodeLock(const std::string& db_url, Mode mode, OnLost on_lost)
    : url_(db_url), mode_(mode), on_lost_(std::move(on_lost)) {
  std::string why;
  try {
    db_ = std::make_unique<Connection>(url_);
    if (!take(*db_, mode_, /*wait=*/true, why)) throw std::runtime_error(why);
  } catch (const PgError& e) {
    throw std::runtime_error("cannot take the database's node lock at '" +
                             postgres::without_password(url_) + "': " + e.what());
  }
  keeper_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "node lock");
    keep();
  });
}

PgNodeLock::~PgNodeLock() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (keeper_.joinable()) keeper_.join();
}

void PgNodeLock::keep() {
  bool held = true;
  bool told = false;  // on_lost is called once for each time the lock is lost to another node
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; })) {
    lock.unlock();
    try {
      if (held) db_->query("SELECT 1");  // a connection that broke while idle says so here
    } catch (const PgError&) {
      held = false;
    }
    if (!held) {
      try {
        // Without waiting: the lock is free unless another node took it while this one's
        // connection was down.
        if (db_->broken()) db_->reconnect();
        std::string why;
        held = take(*db_, mode_, /*wait=*/false, why);
        if (!held && !told && on_lost_)
          on_lost_(
              "another node took the database's node lock while this one's connection was "
              "down: " +
              why);
        told = !held;
      } catch (const PgError&) {
        // The database is still away: tried again in a second.
      }
    }
    lock.lock();
  }
}

}  // namespace tortuga::store
