// How SqliteStore opens: it checks the path, opens the file and migrates it, then hands the
// connections, and SQLite's savepoint policy, to the shared store, compiled here for SQLite.
#include "persistence/sqlite/sqlite_store.hpp"

#include <exception>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <utility>

#include "persistence/sqlite/connection.hpp"
#include "persistence/sqlite/statements.hpp"
#include "persistence/store/sql_store_correspondence.hpp"
#include "persistence/store/sql_store_impl.hpp"
#include "persistence/store/sql_store_notifications.hpp"
#include "persistence/store/sql_store_ratings.hpp"

namespace tortuga::store {

namespace {

// SQLite undoes a failed statement by itself and its transaction goes on, so a write of one
// statement needs no savepoint. A match is several (the match, then each seat), and so are a
// player (and its first session), an account, a revocation, a match rated and the ratings
// rebuilt: each is stored whole or not at all.
constexpr SavepointPolicy kSavepoints{WriteKind::new_match,
                                      WriteKind::new_player,
                                      WriteKind::new_account,
                                      WriteKind::sessions_revoked,
                                      WriteKind::match_rated,
                                      WriteKind::ratings_rebuilt,
                                      WriteKind::correspondence_saved,
                                      WriteKind::notification_token,
                                      WriteKind::digest_taken};

}  // namespace

template <>
std::unique_ptr<SqliteStore::Parts> SqliteStore::open(const std::string& path,
                                                      const SqliteOptions& options) {
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
    return std::make_unique<Parts>("SqliteStore", kSavepoints, std::move(db), options.writer,
                                   [path, timeout = options.busy_timeout_ms] {
                                     return sqlite::open_reader_connection(path, timeout);
                                   });
  } catch (const std::exception& e) {
    throw fail(e.what());
  }
}

template class SqlStore<sqlite::Connection, SqliteOptions, SqliteStore::kSchemaVersion>;

}  // namespace tortuga::store
