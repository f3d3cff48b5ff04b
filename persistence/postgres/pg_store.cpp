// PgStore's front: it connects and migrates, then hands each call of the Store interface to the
// part that does it. Writes are queued on the writer (postgres/writer.hpp), reads run on the read
// pool (read_pool.hpp), and the SQL itself is in the statement files (postgres/players.hpp,
// postgres/matches.hpp, postgres/log.hpp), as in the SQLite backend.
#include "persistence/postgres/pg_store.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/postgres/admin_actions.hpp"
#include "persistence/postgres/chat.hpp"
#include "persistence/postgres/connection.hpp"
#include "persistence/postgres/log.hpp"
#include "persistence/postgres/matches.hpp"
#include "persistence/postgres/players.hpp"
#include "persistence/postgres/schema.hpp"
#include "persistence/postgres/writer.hpp"
#include "persistence/store/read_pool.hpp"

namespace tortuga::store {

using postgres::Connection;

struct PgStore::Impl {
  Impl(const std::string& url, const Options& options, std::unique_ptr<Connection> writer_db)
      : readers([url] { return std::make_unique<Connection>(url); }),
        writer("PgStore", std::move(writer_db), options, &postgres::commit_batch) {}

  ReadPool<Connection> readers;
  postgres::Writer writer;  // last: stopped first, with every queued write answered
};

PgStore::PgStore(const std::string& url, Options options) {
  try {
    auto db = std::make_unique<Connection>(url);
    postgres::migrate(*db);
    impl_ = std::make_unique<Impl>(url, options, std::move(db));
  } catch (const postgres::PgError& e) {
    throw std::runtime_error("cannot open the match store at '" + postgres::without_password(url) +
                             "': " + e.what());
  }
}

PgStore::~PgStore() = default;

Player PgStore::create_player(const std::string& name, const std::string& token_hash) {
  Player p{0, name, token_hash, now_ms()};
  std::int64_t id = 0;
  bool ok = impl_->writer.write_and_wait(
      "create_player", [&](Connection& db) { id = postgres::insert_player(db, p); });
  p.id = ok ? id : 0;
  return p;
}

void PgStore::create_player(const std::string& name, const std::string& token_hash,
                            PlayerCreated created) {
  auto p = std::make_shared<Player>(Player{0, name, token_hash, now_ms()});
  auto id = std::make_shared<std::int64_t>(0);
  impl_->writer.enqueue({[p, id](Connection& db) { *id = postgres::insert_player(db, *p); },
                         [p, id, created = std::move(created)](bool ok, const std::string&) {
                           p->id = ok ? *id : 0;
                           created(*p);
                         },
                         /*own_savepoint=*/false});
}

std::optional<Player> PgStore::player_by_token_hash(const std::string& hash) {
  return impl_->readers.read(
      [&](Connection& db) { return postgres::player_by_token_hash(db, hash); });
}

std::optional<Player> PgStore::player(std::int64_t id) {
  return impl_->readers.read([&](Connection& db) { return postgres::player_by_id(db, id); });
}

void PgStore::rename_player(std::int64_t id, const std::string& name, Done done) {
  impl_->writer.enqueue({[id, name](Connection& db) { postgres::rename_player(db, id, name); },
                         std::move(done), /*own_savepoint=*/false});
}

std::int64_t PgStore::create_match(const Match& m) {
  std::int64_t id = 0;
  bool ok = impl_->writer.write_and_wait(
      "create_match", [&](Connection& db) { id = postgres::insert_match(db, m); });
  return ok ? id : 0;
}

void PgStore::create_match(const Match& m, Created created) {
  auto id = std::make_shared<std::int64_t>(0);
  impl_->writer.enqueue(
      {[m, id](Connection& db) { *id = postgres::insert_match(db, m); },
       [id, created = std::move(created)](bool ok, const std::string&) { created(ok ? *id : 0); }});
}

void PgStore::append_action(const Action& a, Done done) {
  impl_->writer.enqueue({a, std::move(done)});
}

void PgStore::finish_match(std::int64_t id, const std::string& status,
                           const std::string& result_json, std::int64_t ended_ms, Done done) {
  impl_->writer.enqueue({[id, status, result_json, ended_ms](Connection& db) {
                           postgres::finish_match(db, id, status, result_json, ended_ms);
                         },
                         std::move(done), /*own_savepoint=*/false});
}

void PgStore::replace_seat(std::int64_t match, const Seat& seat, Done done) {
  // May raise: the seat may name a player who does not exist.
  impl_->writer.enqueue({[match, seat](Connection& db) { postgres::replace_seat(db, match, seat); },
                         std::move(done)});
}

void PgStore::record_admin_action(const AdminAction& a, Done done) {
  impl_->writer.enqueue({[a](Connection& db) { postgres::insert_admin_action(db, a); },
                         std::move(done), /*own_savepoint=*/false});
}

std::vector<AdminAction> PgStore::admin_actions(int limit, std::optional<std::int64_t> before_id) {
  return impl_->readers.read([&](Connection& db) {
    return postgres::admin_actions(db, std::clamp(limit, 1, kMaxListLimit), before_id);
  });
}

void PgStore::append_chat(const ChatLine& line, Done done) {
  // May raise: the line may name a match or a player that does not exist.
  impl_->writer.enqueue(
      {[line](Connection& db) { postgres::insert_chat_line(db, line); }, std::move(done)});
}

std::vector<ChatLine> PgStore::chat(std::int64_t match) {
  return impl_->readers.read([&](Connection& db) { return postgres::chat_of_match(db, match); });
}

bool PgStore::ping() {
  try {
    return impl_->readers.read([](Connection& db) { return postgres::answers(db); });
  } catch (const Unavailable&) {
    return false;
  }
}

void PgStore::probe_write(Done done) {
  impl_->writer.enqueue({[](Connection& db) { postgres::rewrite_version(db); }, std::move(done),
                         /*own_savepoint=*/false});
}

void PgStore::flush() {
  impl_->writer.flush();
}

std::vector<Match> PgStore::list_matches(const MatchFilter& f) {
  return impl_->readers.read([&](Connection& db) { return postgres::list_matches(db, f); });
}

std::optional<Match> PgStore::match(std::int64_t id) {
  return impl_->readers.read([&](Connection& db) { return postgres::match_by_id(db, id); });
}

std::vector<Action> PgStore::actions(std::int64_t match) {
  return impl_->readers.read([&](Connection& db) { return postgres::read_log(db, match); });
}

std::vector<Match> PgStore::unfinished_matches() {
  return impl_->readers.read([&](Connection& db) { return postgres::unfinished_matches(db); });
}

WriterStats PgStore::stats() const {
  return impl_->writer.stats();
}

}  // namespace tortuga::store
