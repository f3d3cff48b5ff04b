// How PgStore opens: it connects and migrates, then hands the connections, and PostgreSQL's
// savepoint policy, to the shared store, compiled here for PostgreSQL.
#include "persistence/postgres/pg_store.hpp"

#include <exception>
#include <memory>
#include <stdexcept>
#include <utility>

#include "persistence/postgres/connection.hpp"
#include "persistence/postgres/statements.hpp"
#include "persistence/store/sql_store_correspondence.hpp"
#include "persistence/store/sql_store_impl.hpp"
#include "persistence/store/sql_store_notifications.hpp"
#include "persistence/store/sql_store_ratings.hpp"

namespace tortuga::store {

namespace {

// In PostgreSQL a statement that raises spoils its whole transaction, so a write that may raise
// gets a savepoint of its own: a match, a seat or a chat line may name a player (or a match) that
// does not exist, which a foreign key refuses; a new player (with its first session), an account,
// a session, a revocation, a match rated and the ratings rebuilt are several statements, or name a
// player. The others raise nothing (a token hash taken twice is answered, not raised; a refused
// action changes nothing) and spare the round trip; should one raise all the same, its batch is
// done again with a savepoint around every write (store/commit_batch.hpp).
constexpr SavepointPolicy kSavepoints{
    WriteKind::new_match,          WriteKind::seat_replaced,
    WriteKind::chat_line,          WriteKind::new_player,
    WriteKind::new_account,        WriteKind::session_added,
    WriteKind::sessions_revoked,   WriteKind::match_rated,
    WriteKind::ratings_rebuilt,    WriteKind::correspondence_saved,
    WriteKind::vacation_saved,     WriteKind::notification_settings_saved,
    WriteKind::notification_token, WriteKind::notification_queued,
    WriteKind::digest_entry,       WriteKind::digest_taken};

}  // namespace

template <>
std::unique_ptr<PgStore::Parts> PgStore::open(const std::string& url, const PgOptions& options) {
  try {
    auto db = std::make_unique<postgres::Connection>(url);
    postgres::migrate(*db);
    return std::make_unique<Parts>("PgStore", kSavepoints, std::move(db), options.writer,
                                   [url] { return std::make_unique<postgres::Connection>(url); });
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot open the match store at '" + postgres::without_password(url) +
                             "': " + e.what());
  }
}

template class SqlStore<postgres::Connection, PgOptions, PgStore::kSchemaVersion>;

}  // namespace tortuga::store
