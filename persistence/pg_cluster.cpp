#include "persistence/pg_cluster.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/postgres/connection.hpp"
#include "persistence/read_pool.hpp"
#include "persistence/store.hpp"

namespace tortuga::store {

using postgres::Connection;
using postgres::PgError;
using postgres::Result;

namespace {

// A node is alive while its lease is in the future, by the database's clock: the nodes' own
// clocks never enter into it.
#define TORTUGA_ALIVE "n.lease_until > clock_timestamp()"
constexpr const char* kAlive = TORTUGA_ALIVE;

// Where the rooms a query found live: (room, its running match or 0, node, the node's URL if its
// lease is alive, else "").
const std::string kPlaceColumns =
    "SELECT r.id, COALESCE(m.id, 0), r.node, CASE WHEN " TORTUGA_ALIVE
    " THEN n.url ELSE '' END FROM rooms r LEFT JOIN nodes n ON n.id = r.node "
    "LEFT JOIN matches m ON m.id = r.match_id AND m.status = 'running' ";
#undef TORTUGA_ALIVE

std::vector<RoomPlace> places(const Result& r) {
  std::vector<RoomPlace> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), r.int64(i, 1), r.text(i, 2), r.text(i, 3)});
  return out;
}

std::optional<RoomPlace> first(const Result& r) {
  auto all = places(r);
  if (all.empty()) return std::nullopt;
  return all.front();
}

// Runs `f` on `db`, connecting again first if the connection broke while idle (the database
// server restarted since its last use: found before anything is sent, so nothing is done twice);
// a failure becomes Unavailable with `what` in front.
template <class F>
auto on(Connection& db, const char* what, F&& f) {
  try {
    if (!db.alive()) db.reconnect();
    return f(db);
  } catch (const PgError& e) {
    db.rollback_if_open();
    throw Unavailable(std::string(what) + ": " + e.what());
  }
}

// The rooms with a running match, or an open state (an open room its node left as it stopped),
// that this claim takes: of nodes whose lease ran out, and with $2 this node's own. Locked as they
// are read, skipping those another node is claiming at the same moment, so that each is taken
// once; with the nodes they are taken from.
constexpr const char* kClaimable = R"sql(
SELECT r.id, r.node FROM rooms r LEFT JOIN nodes n ON n.id = r.node
WHERE (r.match_id IS NOT NULL OR r.open_state IS NOT NULL)
  AND ((r.node = $1 AND $2::boolean)
       OR (r.node <> $1 AND (n.id IS NULL OR n.lease_until <= clock_timestamp())))
ORDER BY r.id
FOR UPDATE OF r SKIP LOCKED
)sql";

// Of the rooms locked above ($2), those still worth taking (a running match, or an open state),
// now this node's at their next epoch, their matches' epochs with them. The open state stays, so
// that the room's players are routed to it until it starts.
constexpr const char* kTake = R"sql(
WITH taken AS (
  UPDATE rooms r SET node = $1, epoch = r.epoch + 1
  WHERE r.id = ANY($2::bigint[])
    AND (EXISTS (SELECT 1 FROM matches m WHERE m.id = r.match_id AND m.status = 'running')
         OR (r.match_id IS NULL AND r.open_state IS NOT NULL))
  RETURNING r.id, r.epoch, r.match_id, r.open_state),
fenced AS (
  UPDATE matches m SET epoch = t.epoch FROM taken t WHERE m.id = t.match_id RETURNING m.id)
SELECT t.id, t.epoch, COALESCE(t.match_id, 0), COALESCE(t.open_state, '') FROM taken t
ORDER BY t.id
)sql";

// Running matches in no room (stored by a node alone): each gets a room of this node. At start
// only.
constexpr const char* kAdopt = R"sql(
WITH orphans AS (
  SELECT m.id, m.epoch FROM matches m
  WHERE m.status = 'running' AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.match_id = m.id)
  FOR UPDATE OF m SKIP LOCKED),
made AS (
  INSERT INTO rooms (node, epoch, match_id) SELECT $1, o.epoch + 1, o.id FROM orphans o
  ON CONFLICT (match_id) DO NOTHING RETURNING id, epoch, match_id),
fenced AS (
  UPDATE matches m SET epoch = made.epoch FROM made WHERE m.id = made.match_id RETURNING m.id)
SELECT id, epoch, match_id FROM made ORDER BY id
)sql";

// Rooms of dead nodes (and with $2, this node's own from its last run) that hold no running
// match: open rooms, finished ones. Their people reconnect and find them gone.
constexpr const char* kForgetDead = R"sql(
DELETE FROM rooms r
WHERE ((r.node = $1 AND $2::boolean)
       OR (r.node <> $1 AND NOT EXISTS (
             SELECT 1 FROM nodes n WHERE n.id = r.node AND n.lease_until > clock_timestamp())))
  AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.id = r.match_id AND m.status = 'running')
)sql";

}  // namespace

struct PgCluster::Impl {
  explicit Impl(const std::string& url)
      : heart(url), rooms(url), readers([url] { return std::make_unique<Connection>(url); }) {}

  Connection heart;  // renew, release, claim, lost, publish: the node's heartbeat thread
  std::mutex rooms_mutex;
  Connection rooms;  // new_room, forget_room, from any thread
  ReadPool<Connection> readers;
};

PgCluster::PgCluster(const std::string& db_url, NodeSettings settings)
    : settings_(std::move(settings)) {
  try {
    impl_ = std::make_unique<Impl>(db_url);
  } catch (const PgError& e) {
    throw std::runtime_error("cannot open the cluster's tables at '" +
                             postgres::without_password(db_url) + "': " + e.what());
  }
}

PgCluster::~PgCluster() = default;

void PgCluster::renew() {
  on(impl_->heart, "renew the lease", [&](Connection& db) {
    db.query(
        "INSERT INTO nodes (id, url, lease_until, started_ms) "
        "VALUES ($1, $2, clock_timestamp() + $3::bigint * interval '1 millisecond', $4) "
        "ON CONFLICT (id) DO UPDATE SET url = excluded.url, lease_until = excluded.lease_until",
        settings_.id, settings_.url, static_cast<std::int64_t>(settings_.lease_ms), now_ms());
  });
}

void PgCluster::release() noexcept {
  try {
    on(impl_->heart, "release the lease", [&](Connection& db) {
      db.query("UPDATE nodes SET lease_until = '-infinity' WHERE id = $1", settings_.id);
    });
  } catch (const std::exception&) {
    // The lease runs out by itself.
  }
}

std::vector<ClaimedRoom> PgCluster::claim(bool own_too) {
  return on(impl_->heart, "claim rooms", [&](Connection& db) {
    const std::string own = own_too ? "true" : "false";
    std::vector<ClaimedRoom> out;
    db.exec("BEGIN");
    const Result claimable = db.query(kClaimable, settings_.id, own);
    std::map<std::int64_t, std::string> from;
    std::string ids = "{";
    for (int i = 0; i < claimable.rows(); ++i) {
      from[claimable.int64(i, 0)] = claimable.text(i, 1);
      ids += (i ? "," : "") + std::to_string(claimable.int64(i, 0));
    }
    ids += "}";
    if (!from.empty()) {
      const Result taken = db.query(kTake, settings_.id, ids);
      for (int i = 0; i < taken.rows(); ++i)
        out.push_back({taken.int64(i, 0), taken.int64(i, 1), taken.int64(i, 2),
                       from[taken.int64(i, 0)], taken.text(i, 3)});
    }
    if (own_too) {
      const Result adopted = db.query(kAdopt, settings_.id);
      for (int i = 0; i < adopted.rows(); ++i)
        out.push_back({adopted.int64(i, 0), adopted.int64(i, 1), adopted.int64(i, 2), ""});
    }
    db.query(kForgetDead, settings_.id, own);
    db.exec("COMMIT");
    return out;
  });
}

std::vector<std::int64_t> PgCluster::lost(const std::vector<std::int64_t>& rooms) {
  if (rooms.empty()) return {};
  std::string ids = "{";
  for (std::size_t i = 0; i < rooms.size(); ++i) ids += (i ? "," : "") + std::to_string(rooms[i]);
  ids += "}";
  return on(impl_->heart, "check the rooms", [&](Connection& db) {
    const Result r = db.query(
        "SELECT o.id FROM unnest($1::bigint[]) AS o(id) WHERE NOT EXISTS "
        "(SELECT 1 FROM rooms r WHERE r.id = o.id AND r.node = $2) ORDER BY o.id",
        ids, settings_.id);
    std::vector<std::int64_t> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(r.int64(i, 0));
    return out;
  });
}

std::optional<std::int64_t> PgCluster::new_room(const std::string& code, bool is_private) {
  std::lock_guard lock(impl_->rooms_mutex);
  return on(impl_->rooms, "make a room", [&](Connection& db) -> std::optional<std::int64_t> {
    const Result r = db.query(
        "INSERT INTO rooms (node, code, private) VALUES ($1, NULLIF($2, ''), $3::boolean) "
        "ON CONFLICT (code) DO NOTHING RETURNING id",
        settings_.id, code, std::string(is_private ? "true" : "false"));
    if (r.rows() == 0) return std::nullopt;
    return r.int64(0, 0);
  });
}

void PgCluster::publish(const std::vector<std::pair<std::int64_t, std::string>>& listings) {
  if (listings.empty()) return;
  on(impl_->heart, "publish listings", [&](Connection& db) {
    db.exec("BEGIN");
    for (const auto& [room, listing] : listings)
      db.query("UPDATE rooms SET listing = $1 WHERE id = $2 AND node = $3", listing, room,
               settings_.id);
    db.exec("COMMIT");
  });
}

void PgCluster::keep_open(const std::vector<std::pair<std::int64_t, std::string>>& rooms) {
  if (rooms.empty()) return;
  on(impl_->heart, "keep open rooms", [&](Connection& db) {
    db.exec("BEGIN");
    for (const auto& [room, state] : rooms)
      db.query("UPDATE rooms SET open_state = $1 WHERE id = $2 AND node = $3", state, room,
               settings_.id);
    db.exec("COMMIT");
  });
}

void PgCluster::forget_room(std::int64_t room) {
  std::lock_guard lock(impl_->rooms_mutex);
  on(impl_->rooms, "forget a room", [&](Connection& db) {
    db.query("DELETE FROM rooms WHERE id = $1 AND node = $2", room, settings_.id);
  });
}

std::optional<RoomPlace> PgCluster::room_place(std::int64_t room) {
  return impl_->readers.read([&](Connection& db) {
    return first(db.query(kPlaceColumns + "WHERE r.id = $1 AND NOT r.private", room));
  });
}

std::optional<RoomPlace> PgCluster::code_place(const std::string& code) {
  return impl_->readers.read(
      [&](Connection& db) { return first(db.query(kPlaceColumns + "WHERE r.code = $1", code)); });
}

std::optional<RoomPlace> PgCluster::match_place(std::int64_t match) {
  return impl_->readers.read([&](Connection& db) {
    return first(db.query(kPlaceColumns + "WHERE r.match_id = $1", match));
  });
}

std::optional<RoomPlace> PgCluster::owner(std::int64_t room) {
  std::lock_guard lock(impl_->rooms_mutex);
  return on(impl_->rooms, "find a room's owner", [&](Connection& db) {
    return first(db.query(kPlaceColumns + "WHERE r.id = $1", room));
  });
}

std::vector<RoomPlace> PgCluster::seats_elsewhere(std::int64_t player) {
  return impl_->readers.read([&](Connection& db) {
    // A running match's seats are rows; an open room left by a stopped node has them in its
    // open state.
    return places(db.query(
        kPlaceColumns +
            "WHERE r.node <> $2 AND ((m.id IS NOT NULL AND EXISTS (SELECT 1 FROM seats s WHERE "
            "s.match_id = m.id AND s.player_id = $1)) OR (r.open_state IS NOT NULL AND EXISTS "
            "(SELECT 1 FROM jsonb_array_elements(r.open_state::jsonb -> 'seats') AS seat "
            "WHERE (seat -> 'player' ->> 'id')::bigint = $1))) ORDER BY r.id",
        player, settings_.id));
  });
}

std::vector<std::string> PgCluster::listings_elsewhere() {
  return impl_->readers.read([&](Connection& db) {
    const Result r = db.query(std::string("SELECT r.listing FROM rooms r JOIN nodes n ON n.id = "
                                          "r.node WHERE ") +
                                  kAlive +
                                  " AND r.node <> $1 AND NOT r.private AND r.listing <> 'null' "
                                  "ORDER BY r.id",
                              settings_.id);
    std::vector<std::string> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
    return out;
  });
}

}  // namespace tortuga::store
