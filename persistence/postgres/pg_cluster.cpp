#include "persistence/postgres/pg_cluster.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/postgres/connection.hpp"
#include "persistence/store.hpp"
#include "persistence/store/read_pool.hpp"

namespace tortuga::store {

using postgres::Connection;
using postgres::PgError;
using postgres::Result;

namespace {

// A node is alive while its lease is in the future, by the database's clock: the nodes' own
// clocks never enter into it.
#define TORTUGA_ALIVE "n.lease_until > clock_timestamp()"
constexpr const char* kAlive = TORTUGA_ALIVE;

// A node answers, and clients may be sent to it, while it is alive, its heartbeat is not late,
// and the connection it beats on is open: a node killed is dead to the database at once, long
// before its lease runs out, and one paused is late within two beats. (A node of an older build
// says neither: its lease alone tells.)
#define TORTUGA_ANSWERS                                                \
  TORTUGA_ALIVE                                                        \
  " AND (n.fresh_until IS NULL OR (n.fresh_until > clock_timestamp() " \
  "AND EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.backend)))"

// Where the rooms a query found live: (room, its running match or 0, node, the node's URL if it
// answers, else "").
#define TORTUGA_PLACE \
  "SELECT r.id, COALESCE(m.id, 0), r.node, CASE WHEN " TORTUGA_ANSWERS " THEN n.url ELSE '' END"
#define TORTUGA_ROOMS                                 \
  " FROM rooms r LEFT JOIN nodes n ON n.id = r.node " \
  "LEFT JOIN matches m ON m.id = r.match_id AND m.status = 'running' "
const std::string kPlaceColumns = TORTUGA_PLACE TORTUGA_ROOMS;
// The same, and whether each is private, and its listing.
const std::string kListedColumns = TORTUGA_PLACE ", r.private, r.listing" TORTUGA_ROOMS;
// The other nodes that answer: (node, URL).
const std::string kAnsweringNodes =
    "SELECT n.id, n.url FROM nodes n WHERE n.id <> $1 AND " TORTUGA_ANSWERS " ORDER BY n.id";
#undef TORTUGA_ROOMS
#undef TORTUGA_PLACE
#undef TORTUGA_ANSWERS
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

// A PostgreSQL array literal of `items`, each quoted, for a text parameter cast to an array.
std::string array_of(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += i ? ",\"" : "\"";
    for (char ch : items[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    out += '"';
  }
  return out + "}";
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
// that this claim would take: of nodes whose lease ran out, and with $2 this node's own; each with
// its owner and epoch as read. Read without locks, on one snapshot, so that the liveness of a
// room's node is judged with the room's owner of that same moment.
constexpr const char* kClaimable = R"sql(
SELECT r.id, r.node, r.epoch FROM rooms r LEFT JOIN nodes n ON n.id = r.node
WHERE (r.match_id IS NOT NULL OR r.open_state IS NOT NULL)
  AND ((r.node = $1 AND $2::boolean)
       OR (r.node <> $1 AND (n.id IS NULL OR n.lease_until <= clock_timestamp())))
ORDER BY r.id
)sql";

// Of the rooms read above, those still at the owner and epoch read ($1, $2, $3: the rooms, their
// nodes, their epochs), locked, skipping those another node is claiming at the same moment.
// The owner and epoch are compared, not the owner's lease judged again: under READ COMMITTED a
// row another node has just taken is checked again in its new version, with the nodes row of
// the old owner, so that a lease test (above all a LEFT JOIN's, which a row that joins nothing
// passes) could pass for the new owner. Every takeover bumps the epoch, so a room at the epoch
// read has not changed hands since: each room is taken once.
constexpr const char* kLockUnchanged = R"sql(
SELECT r.id FROM rooms r
JOIN unnest($1::bigint[], $2::text[], $3::bigint[]) AS seen(id, node, epoch)
  ON r.id = seen.id AND r.node = seen.node AND r.epoch = seen.epoch
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

  // A lookup on the read pool, which throws Unavailable when the database does not answer, as
  // every lookup of the Cluster's does.
  template <class F>
  auto lookup(F&& read) {
    return readers.read(std::forward<F>(read)).value();
  }
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
        "INSERT INTO nodes (id, url, lease_until, started_ms, fresh_until, backend) "
        "VALUES ($1, $2, clock_timestamp() + $3::bigint * interval '1 millisecond', $4, "
        "clock_timestamp() + $5::bigint * interval '1 millisecond', pg_backend_pid()) "
        "ON CONFLICT (id) DO UPDATE SET url = excluded.url, lease_until = excluded.lease_until, "
        "fresh_until = excluded.fresh_until, backend = excluded.backend",
        settings_.id, settings_.url, static_cast<std::int64_t>(settings_.lease_ms), now_ms(),
        static_cast<std::int64_t>(settings_.lease_ms * 2 / 3));
  });
}

void PgCluster::release() noexcept {
  try {
    on(impl_->heart, "release the lease", [&](Connection& db) {
      db.query(
          "UPDATE nodes SET lease_until = '-infinity', fresh_until = '-infinity' WHERE id = $1",
          settings_.id);
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
    std::vector<std::string> ids, nodes, epochs;
    for (int i = 0; i < claimable.rows(); ++i) {
      from[claimable.int64(i, 0)] = claimable.text(i, 1);
      ids.push_back(claimable.text(i, 0));
      nodes.push_back(claimable.text(i, 1));
      epochs.push_back(claimable.text(i, 2));
    }
    if (!from.empty()) {
      const Result locked =
          db.query(kLockUnchanged, array_of(ids), array_of(nodes), array_of(epochs));
      std::vector<std::string> unchanged;
      for (int i = 0; i < locked.rows(); ++i) unchanged.push_back(locked.text(i, 0));
      if (!unchanged.empty()) {
        const Result taken = db.query(kTake, settings_.id, array_of(unchanged));
        for (int i = 0; i < taken.rows(); ++i)
          out.push_back({taken.int64(i, 0), taken.int64(i, 1), taken.int64(i, 2),
                         from[taken.int64(i, 0)], taken.text(i, 3)});
      }
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

// Each row in a statement and transaction of its own: the store's writer names a new match in
// its room's row inside a batch's transaction, which holds the rows of the batch's other new
// matches, in whatever order they came, until it commits. A heartbeat that held one room's row
// while waiting for another's could wait for a batch that waits for it (a deadlock, which
// PostgreSQL ends by failing one of them); holding one at a time, it never does.
void PgCluster::publish(const std::vector<std::pair<std::int64_t, std::string>>& listings) {
  if (listings.empty()) return;
  on(impl_->heart, "publish listings", [&](Connection& db) {
    for (const auto& [room, listing] : listings)
      db.query("UPDATE rooms SET listing = $1 WHERE id = $2 AND node = $3", listing, room,
               settings_.id);
  });
}

// One row at a time, as publish() and for the same reason.
void PgCluster::keep_open(const std::vector<std::pair<std::int64_t, std::string>>& rooms) {
  if (rooms.empty()) return;
  on(impl_->heart, "keep open rooms", [&](Connection& db) {
    for (const auto& [room, state] : rooms)
      db.query("UPDATE rooms SET open_state = $1 WHERE id = $2 AND node = $3", state, room,
               settings_.id);
  });
}

void PgCluster::forget_room(std::int64_t room) {
  std::lock_guard lock(impl_->rooms_mutex);
  on(impl_->rooms, "forget a room", [&](Connection& db) {
    db.query("DELETE FROM rooms WHERE id = $1 AND node = $2", room, settings_.id);
  });
}

std::optional<RoomPlace> PgCluster::room_place(std::int64_t room) {
  return impl_->lookup([&](Connection& db) {
    return first(db.query(kPlaceColumns + "WHERE r.id = $1 AND NOT r.private", room));
  });
}

std::optional<RoomPlace> PgCluster::code_place(const std::string& code) {
  return impl_->lookup(
      [&](Connection& db) { return first(db.query(kPlaceColumns + "WHERE r.code = $1", code)); });
}

std::optional<RoomPlace> PgCluster::match_place(std::int64_t match) {
  return impl_->lookup([&](Connection& db) {
    return first(db.query(kPlaceColumns + "WHERE r.match_id = $1", match));
  });
}

std::optional<RoomPlace> PgCluster::owner(std::int64_t room) {
  std::lock_guard lock(impl_->rooms_mutex);
  return on(impl_->rooms, "find a room's owner", [&](Connection& db) {
    return first(db.query(kPlaceColumns + "WHERE r.id = $1", room));
  });
}

std::vector<RoomPlace> PgCluster::seats(std::int64_t player) {
  return impl_->lookup([&](Connection& db) {
    // A running match's seats are rows; an open room left by a stopped node (not started since)
    // has them in its open state.
    return places(db.query(
        kPlaceColumns +
            "WHERE (m.id IS NOT NULL AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id "
            "AND s.player_id = $1)) OR (r.match_id IS NULL AND r.open_state IS NOT NULL AND "
            "EXISTS (SELECT 1 FROM jsonb_array_elements(r.open_state::jsonb -> 'seats') AS "
            "seat "
            "WHERE (seat -> 'player' ->> 'id')::bigint = $1)) ORDER BY r.id",
        player));
  });
}

std::vector<std::string> PgCluster::listings_elsewhere() {
  return impl_->lookup([&](Connection& db) {
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

std::vector<RoomElsewhere> PgCluster::rooms_elsewhere() {
  std::lock_guard lock(impl_->rooms_mutex);
  return on(impl_->rooms, "list the other nodes' rooms", [&](Connection& db) {
    const Result r = db.query(kListedColumns + "WHERE r.node <> $1 ORDER BY r.id", settings_.id);
    std::vector<RoomElsewhere> out;
    for (int i = 0; i < r.rows(); ++i)
      out.push_back({{r.int64(i, 0), r.int64(i, 1), r.text(i, 2), r.text(i, 3)},
                     r.text(i, 4) == "t",
                     r.text(i, 5)});
    return out;
  });
}

std::vector<NodePlace> PgCluster::nodes_elsewhere() {
  std::lock_guard lock(impl_->rooms_mutex);
  return on(impl_->rooms, "list the other nodes", [&](Connection& db) {
    const Result r = db.query(kAnsweringNodes, settings_.id);
    std::vector<NodePlace> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back({r.text(i, 0), r.text(i, 1)});
    return out;
  });
}

}  // namespace tortuga::store
