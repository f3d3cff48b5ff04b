// SqlStore's members (sql_store.hpp): each call of the Store interface handed to the part that does
// it. Writes are queued on the writer with the backend's savepoint policy for their kind, reads run
// on the read pool, and the SQL itself is the backend's statements (statements.hpp), so that what
// is asynchronous and what is SQL can be read, and changed, apart.
//
// Included by a backend's store only (sqlite_store.cpp, pg_store.cpp), after its statements, and
// followed there by its open() and the explicit instantiation of its SqlStore.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/store/commit_batch.hpp"
#include "persistence/store/group_commit.hpp"
#include "persistence/store/read_pool.hpp"
#include "persistence/store/savepoint.hpp"
#include "persistence/store/sql_store.hpp"

namespace tortuga::store {

template <class Connection, class Options, int SchemaVersion>
struct SqlStore<Connection, Options, SchemaVersion>::Parts {
  // `store` names the store in errors; `savepoints` is the backend's policy. Opens a first reader
  // (throwing what `open_reader` throws), then starts the writer on `writer_db`.
  Parts(const char* store, SavepointPolicy savepoints, std::unique_ptr<Connection> writer_db,
        const WriterOptions& options, typename ReadPool<Connection>::Open open_reader)
      : savepoints(savepoints),
        readers(std::move(open_reader)),
        writer(store, std::move(writer_db), options, &commit_batch<Connection>) {}

  // A write of `kind`, run inside a batch under the backend's savepoint policy for that kind.
  void enqueue(WriteKind kind, std::function<void(Connection&)> apply, Done done) {
    writer.enqueue({std::move(apply), std::move(done), savepoints(kind)});
  }
  // The same, waiting for its commit; `what` names the method, for the error of one called on the
  // writer thread.
  Outcome<void> write_and_wait(const char* what, WriteKind kind,
                               std::function<void(Connection&)> apply) {
    return writer.write_and_wait(what, std::move(apply), savepoints(kind));
  }

  const SavepointPolicy savepoints;
  ReadPool<Connection> readers;
  GroupCommit<Connection> writer;  // last: stopped first, with every queued write answered
};

template <class Connection, class Options, int SchemaVersion>
SqlStore<Connection, Options, SchemaVersion>::SqlStore(const std::string& where, Options options)
    : parts_(open(where, options)) {}

template <class Connection, class Options, int SchemaVersion>
SqlStore<Connection, Options, SchemaVersion>::~SqlStore() = default;

template <class Connection, class Options, int SchemaVersion>
Outcome<Player> SqlStore<Connection, Options, SchemaVersion>::create_player(
    const std::string& name, const std::string& token_hash) {
  Player p{0, name, token_hash, now_ms()};
  std::int64_t id = 0;
  std::int64_t session = 0;
  Outcome<void> written =
      parts_->write_and_wait("create_player", WriteKind::new_player, [&](Connection& db) {
        id = insert_player(db, p);
        session = insert_session(db, id, p.token_hash, "", p.created_ms);
      });
  if (!written) return written.failure();
  p.id = id;
  p.session = session;
  return p;
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::create_player(const std::string& name,
                                                                 const std::string& token_hash,
                                                                 PlayerCreated created) {
  auto p = std::make_shared<Player>(Player{0, name, token_hash, now_ms()});
  parts_->enqueue(
      WriteKind::new_player,
      [p](Connection& db) {
        p->id = insert_player(db, *p);
        p->session = insert_session(db, p->id, p->token_hash, "", p->created_ms);
      },
      [p, created = std::move(created)](const Outcome<void>& written) {
        created(written ? Outcome<Player>(*p) : Outcome<Player>(written.failure()));
      });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<Player>> SqlStore<Connection, Options, SchemaVersion>::player_by_token_hash(
    const std::string& hash) {
  return parts_->readers.read(
      [&](Connection& db) { return select_player_by_token_hash(db, hash); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<Player>> SqlStore<Connection, Options, SchemaVersion>::player(
    std::int64_t id) {
  return parts_->readers.read([&](Connection& db) { return select_player(db, id); });
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::rename_player(std::int64_t id,
                                                                 const std::string& name,
                                                                 Done done) {
  parts_->enqueue(
      WriteKind::player_renamed,
      [id, name](Connection& db) {
        if (!update_player_name(db, id, name))
          throw std::runtime_error("no player " + std::to_string(id));
      },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::int64_t> SqlStore<Connection, Options, SchemaVersion>::create_match(const Match& m) {
  std::int64_t id = 0;
  Outcome<void> written = parts_->write_and_wait("create_match", WriteKind::new_match,
                                                 [&](Connection& db) { id = insert_match(db, m); });
  if (!written) return written.failure();
  return id;
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::create_match(const Match& m, Created created) {
  auto id = std::make_shared<std::int64_t>(0);
  parts_->enqueue(
      WriteKind::new_match, [m, id](Connection& db) { *id = insert_match(db, m); },
      [id, created = std::move(created)](const Outcome<void>& written) {
        created(written ? Outcome<std::int64_t>(*id) : Outcome<std::int64_t>(written.failure()));
      });
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::append_action(const Action& a, Done done) {
  parts_->writer.enqueue({a, std::move(done)});
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::finish_match(std::int64_t id, MatchStatus status,
                                                                const std::string& result_json,
                                                                std::int64_t ended_ms, Done done) {
  parts_->enqueue(
      WriteKind::match_ended,
      [id, status, result_json, ended_ms](Connection& db) {
        const std::string what = "finish_match(" + std::to_string(id) + "): ";
        if (status == MatchStatus::running)
          throw std::invalid_argument(
              what + "status must be \"finished\" or \"aborted\", not \"running\"");
        if (update_match_end(db, id, status, result_json, ended_ms)) return;
        const std::optional<MatchStatus> now = select_match_status(db, id);
        if (!now) throw std::runtime_error(what + "no such match");
        throw std::runtime_error(what + "the match is already " + std::string(status_name(*now)));
      },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::replace_seat(std::int64_t match,
                                                                const Seat& seat, Done done) {
  parts_->enqueue(
      WriteKind::seat_replaced,
      [match, seat](Connection& db) {
        if (!update_seat(db, match, seat))
          throw std::runtime_error("replace_seat(" + std::to_string(match) + ", " +
                                   std::to_string(seat.seat) +
                                   "): no such seat of a running match");
      },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::append_chat(const ChatLine& line, Done done) {
  parts_->enqueue(
      WriteKind::chat_line, [line](Connection& db) { insert_chat_line(db, line); },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::flush() {
  parts_->writer.flush();
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::record_admin_action(const AdminAction& a,
                                                                       Done done) {
  parts_->enqueue(
      WriteKind::admin_action, [a](Connection& db) { insert_admin_action(db, a); },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<AdminAction>> SqlStore<Connection, Options, SchemaVersion>::admin_actions(
    int limit, std::optional<std::int64_t> before_id) {
  return parts_->readers.read([&](Connection& db) {
    return select_admin_actions(db, std::clamp(limit, 1, kMaxListLimit), before_id);
  });
}

template <class Connection, class Options, int SchemaVersion>
bool SqlStore<Connection, Options, SchemaVersion>::ping() {
  const Outcome<int> version =
      parts_->readers.read([](Connection& db) { return select_schema_version(db); });
  return version && *version != 0;
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::probe_write(Done done) {
  parts_->enqueue(
      WriteKind::probe, [](Connection& db) { rewrite_schema_version(db); }, std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<Match>> SqlStore<Connection, Options, SchemaVersion>::list_matches(
    const MatchFilter& f) {
  return parts_->readers.read([&](Connection& db) { return select_matches(db, f); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<Match>> SqlStore<Connection, Options, SchemaVersion>::match(std::int64_t id) {
  return parts_->readers.read([&](Connection& db) { return select_match(db, id); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<Action>> SqlStore<Connection, Options, SchemaVersion>::actions(
    std::int64_t match) {
  return parts_->readers.read([&](Connection& db) { return select_log(db, match); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<Match>> SqlStore<Connection, Options, SchemaVersion>::unfinished_matches() {
  return parts_->readers.read([](Connection& db) { return select_running_matches(db); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<ChatLine>> SqlStore<Connection, Options, SchemaVersion>::chat(
    std::int64_t match) {
  return parts_->readers.read([&](Connection& db) { return select_chat(db, match); });
}

template <class Connection, class Options, int SchemaVersion>
WriterStats SqlStore<Connection, Options, SchemaVersion>::stats() const {
  return parts_->writer.stats();
}

}  // namespace tortuga::store

// The members for accounts and sessions.
#include "persistence/store/sql_store_accounts.hpp"  // IWYU pragma: keep
