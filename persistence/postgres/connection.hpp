// One PostgreSQL connection (libpq) and the statements prepared on it. Everything else in the
// PostgreSQL backend talks to the database through this, so that what libpq returns is checked in
// one place and a failure becomes a PgError.
//
// Parameters go as text, except bytes (an action's text, kept byte for byte: it may hold a NUL or
// bytes that are not UTF-8, which a TEXT column refuses), which go as binary BYTEA. Results come
// as text. Each distinct SQL text is prepared once per connection, as SQLite's statements are.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tortuga::store::postgres {

// A failed libpq call or statement. Inside the store only: after construction it becomes the
// Failure of a write or a read (persistence/outcome.hpp), never an exception that leaves the
// store.
struct PgError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bytes for a BYTEA parameter, sent as they are.
struct Bytes {
  const std::string& data;
};

// A statement's result: its rows as text, and how many rows it changed.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r, &PQclear) {}

  int rows() const { return PQntuples(r_.get()); }
  std::int64_t changed() const;  // rows an INSERT, UPDATE or DELETE changed
  bool null(int row, int col) const { return PQgetisnull(r_.get(), row, col); }
  std::int64_t int64(int row, int col) const;
  double real(int row, int col) const;  // as PostgreSQL writes a double: exactly (version 12 on)
  std::string text(int row, int col) const {
    return std::string(PQgetvalue(r_.get(), row, col),
                       static_cast<std::size_t>(PQgetlength(r_.get(), row, col)));
  }
  std::string bytes(int row, int col) const;  // a BYTEA column, decoded from its hex text

 private:
  std::unique_ptr<PGresult, decltype(&PQclear)> r_;
};

class Connection {
 public:
  // Connects to `url` (a postgresql:// or postgres:// URL, or any libpq connection string) and
  // sets the session up: UTF-8, no notices on stderr. Throws PgError.
  explicit Connection(const std::string& url);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql` (prepared once per connection) with the parameters in order: std::int64_t, int,
  // double, std::string (text), std::optional<std::int64_t> or std::optional<int> (NULL when empty)
  // or
  template <class... Args>
  Result query(const std::string& sql, const Args&... args) {
    Params p;
    p.text.reserve(sizeof...(Args));
    (p.add(args), ...);
    return run_prepared(sql, p);
  }
  // The same with a number of text parameters known only at run time (a list's filters).
  Result query_texts(const std::string& sql, const std::vector<std::string>& params) {
    Params p;
    for (const auto& v : params) p.add(v);
    return run_prepared(sql, p);
  }
  // Statements without parameters (the schema, BEGIN, SAVEPOINT); may hold several statements.
  // Throws PgError. run() is the same, named as SQLite's connection names it.
  void exec(const char* sql);
  void run(const char* sql) { exec(sql); }

  bool broken() const { return PQstatus(conn_) != CONNECTION_OK; }
  // Whether the connection still reaches its server, found out without sending anything: what
  // the server sent while the connection sat idle is read first (a server that stopped or
  // restarted has said so and closed it). A connection found broken here has done nothing of
  // what comes next, so that it is safe to connect again and go on.
  bool alive();
  // Inside a transaction in which a statement failed: only ROLLBACK (to a savepoint) helps.
  bool failed_transaction() const { return PQtransactionStatus(conn_) == PQTRANS_INERROR; }
  bool in_transaction() const;
  // Connects again after the connection broke (the database server restarted); the statements
  // prepared on the old one are gone with it. Throws PgError.
  void reconnect();

  // For ReadPool: a read-only transaction on one snapshot.
  void begin_read() { exec("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"); }
  void commit() { exec("COMMIT"); }
  void rollback_if_open() noexcept;

  // For the writer (store/commit_batch.hpp): a batch's transaction. A connection that broke while
  // idle (the database server restarted since the last batch) is connected again first: nothing
  // of the batch has reached the database yet, so it is safe to begin again. Throws PgError.
  void begin_write();

 private:
  struct Params {
    std::vector<std::string> text;  // reserved up front: values point into it
    std::vector<const char*> values;
    std::vector<int> lengths;
    std::vector<int> formats;
    void add(std::int64_t v);
    void add(int v) { add(static_cast<std::int64_t>(v)); }
    void add(const std::string& v);
    void add(const std::optional<std::int64_t>& v);
    void add(const std::optional<int>& v) {
      add(v ? std::optional<std::int64_t>(*v) : std::nullopt);
    }
    void add(const Bytes& v);
    void add(double v);  // written exactly: the shortest text that reads back as the same double
    void add(const std::optional<double>& v) {
      if (v) return add(*v);
      add(std::optional<std::int64_t>());
    }
  };
  Result run_prepared(const std::string& sql, Params& p);
  void set_up();

  PGconn* conn_ = nullptr;
  std::unordered_map<std::string, std::string> prepared_;  // SQL text -> statement name
};

// The URL as it may be shown (in logs, in errors): with its password, if any, left out.
std::string without_password(std::string_view url);

}  // namespace tortuga::store::postgres
