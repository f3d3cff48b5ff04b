// SqliteStore's front: it checks the path and opens the file, then hands each call of the Store
// interface to the part that does it. Writes are queued on the writer (sqlite/writer.hpp), reads
// run on the read pool (read_pool.hpp), and the SQL itself is in the statement files
// (sqlite/players.hpp, sqlite/matches.hpp, sqlite/log.hpp), so that what is asynchronous and what
// is SQL can be read, and changed, apart.
#include "persistence/sqlite/sqlite_store.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/sqlite/admin_actions.hpp"
#include "persistence/sqlite/chat.hpp"
#include "persistence/sqlite/connection.hpp"
#include "persistence/sqlite/log.hpp"
#include "persistence/sqlite/matches.hpp"
#include "persistence/sqlite/players.hpp"
#include "persistence/sqlite/schema.hpp"
#include "persistence/sqlite/writer.hpp"
#include "persistence/store/read_pool.hpp"

namespace tortuga::store {

using sqlite::Connection;

struct SqliteStore::Impl {
  Impl(const std::string& path, const Options& options, std::unique_ptr<Connection> writer_db)
      : readers([path, timeout = options.busy_timeout_ms] {
          return sqlite::open_reader_connection(path, timeout);
        }),
        writer("SqliteStore", std::move(writer_db), options, &sqlite::commit_batch) {}

  ReadPool<Connection> readers;
  sqlite::Writer writer;  // last: stopped first, with every queued write answered
};

SqliteStore::SqliteStore(const std::string& path, Options options) {
  auto fail = [&](const std::string& why) {
    return std::runtime_error("cannot open the match store at '" + path + "': " + why);
  };
  if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0)
    throw fail("a file path is needed (the store shares one database between connections)");

  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) throw fail("cannot create directory '" + parent.string() + "': " + ec.message());
  }

  try {
    auto db =
        sqlite::open_writer_connection(path, options.synchronous_full, options.busy_timeout_ms);
    sqlite::migrate(*db);
    impl_ = std::make_unique<Impl>(path, options, std::move(db));
  } catch (const sqlite::SqlError& e) {
    throw fail(e.what());
  }
}

SqliteStore::~SqliteStore() = default;

Player SqliteStore::create_player(const std::string& name, const std::string& token_hash) {
  Player p{0, name, token_hash, now_ms()};
  std::int64_t id = 0;
  bool ok = impl_->writer.write_and_wait(
      "create_player", [&](Connection& db) { id = sqlite::insert_player(db, p); });
  p.id = ok ? id : 0;
  return p;
}

void SqliteStore::create_player(const std::string& name, const std::string& token_hash,
                                PlayerCreated created) {
  auto p = std::make_shared<Player>(Player{0, name, token_hash, now_ms()});
  auto id = std::make_shared<std::int64_t>(0);
  impl_->writer.enqueue({[p, id](Connection& db) { *id = sqlite::insert_player(db, *p); },
                         [p, id, created = std::move(created)](bool ok, const std::string&) {
                           p->id = ok ? *id : 0;
                           created(*p);
                         }});
}

std::optional<Player> SqliteStore::player_by_token_hash(const std::string& hash) {
  return impl_->readers.read(
      [&](Connection& db) { return sqlite::player_by_token_hash(db, hash); });
}

std::optional<Player> SqliteStore::player(std::int64_t id) {
  return impl_->readers.read([&](Connection& db) { return sqlite::player_by_id(db, id); });
}

void SqliteStore::rename_player(std::int64_t id, const std::string& name, Done done) {
  impl_->writer.enqueue(
      {[id, name](Connection& db) { sqlite::rename_player(db, id, name); }, std::move(done)});
}

std::int64_t SqliteStore::create_match(const Match& m) {
  std::int64_t id = 0;
  bool ok = impl_->writer.write_and_wait("create_match",
                                         [&](Connection& db) { id = sqlite::insert_match(db, m); });
  return ok ? id : 0;
}

void SqliteStore::create_match(const Match& m, Created created) {
  auto id = std::make_shared<std::int64_t>(0);
  impl_->writer.enqueue(
      {[m, id](Connection& db) { *id = sqlite::insert_match(db, m); },
       [id, created = std::move(created)](bool ok, const std::string&) { created(ok ? *id : 0); }});
}

void SqliteStore::append_action(const Action& a, Done done) {
  impl_->writer.enqueue({a, std::move(done)});
}

void SqliteStore::finish_match(std::int64_t id, const std::string& status,
                               const std::string& result_json, std::int64_t ended_ms, Done done) {
  impl_->writer.enqueue({[id, status, result_json, ended_ms](Connection& db) {
                           sqlite::finish_match(db, id, status, result_json, ended_ms);
                         },
                         std::move(done), /*own_savepoint=*/false});
}

void SqliteStore::replace_seat(std::int64_t match, const Seat& seat, Done done) {
  impl_->writer.enqueue({[match, seat](Connection& db) { sqlite::replace_seat(db, match, seat); },
                         std::move(done), /*own_savepoint=*/false});
}

void SqliteStore::append_chat(const ChatLine& line, Done done) {
  impl_->writer.enqueue({[line](Connection& db) { sqlite::insert_chat_line(db, line); },
                         std::move(done), /*one_statement=*/true});
}

std::vector<ChatLine> SqliteStore::chat(std::int64_t match) {
  return impl_->readers.read([&](Connection& db) { return sqlite::chat_of_match(db, match); });
}

void SqliteStore::record_admin_action(const AdminAction& a, Done done) {
  impl_->writer.enqueue({[a](Connection& db) { sqlite::insert_admin_action(db, a); },
                         std::move(done), /*own_savepoint=*/false});
}

std::vector<AdminAction> SqliteStore::admin_actions(int limit,
                                                    std::optional<std::int64_t> before_id) {
  return impl_->readers.read([&](Connection& db) {
    return sqlite::admin_actions(db, std::clamp(limit, 1, kMaxListLimit), before_id);
  });
}

bool SqliteStore::ping() {
  try {
    return impl_->readers.read([](Connection& db) { return sqlite::answers(db); });
  } catch (const Unavailable&) {
    return false;
  }
}

void SqliteStore::probe_write(Done done) {
  impl_->writer.enqueue({[](Connection& db) { sqlite::rewrite_version(db); }, std::move(done),
                         /*own_savepoint=*/false});
}

void SqliteStore::flush() {
  impl_->writer.flush();
}

std::vector<Match> SqliteStore::list_matches(const MatchFilter& f) {
  return impl_->readers.read([&](Connection& db) { return sqlite::list_matches(db, f); });
}

std::optional<Match> SqliteStore::match(std::int64_t id) {
  return impl_->readers.read([&](Connection& db) { return sqlite::match_by_id(db, id); });
}

std::vector<Action> SqliteStore::actions(std::int64_t match) {
  return impl_->readers.read([&](Connection& db) { return sqlite::read_log(db, match); });
}

std::vector<Match> SqliteStore::unfinished_matches() {
  return impl_->readers.read([&](Connection& db) { return sqlite::unfinished_matches(db); });
}

WriterStats SqliteStore::stats() const {
  return impl_->writer.stats();
}

}  // namespace tortuga::store
