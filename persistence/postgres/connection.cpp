#include "persistence/postgres/connection.hpp"

#include <charconv>
#include <utility>

namespace tortuga::store::postgres {
namespace {

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// Checks a statement's result: anything but a finished command or rows is an error, and its
// message says what PostgreSQL said.
Result checked(PGconn* conn, PGresult* r) {
  Result result(r);
  const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    throw PgError(trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(conn)));
  return result;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  throw PgError("a BYTEA value that is not hex");
}

}  // namespace

std::int64_t Result::changed() const {
  const char* n = PQcmdTuples(r_.get());
  std::int64_t v = 0;
  std::from_chars(n, n + std::char_traits<char>::length(n), v);
  return v;
}

std::int64_t Result::int64(int row, int col) const {
  const char* p = PQgetvalue(r_.get(), row, col);
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(p, p + PQgetlength(r_.get(), row, col), v);
  if (ec != std::errc()) throw PgError(std::string("not an integer: ") + p);
  return v;
}

double Result::real(int row, int col) const {
  const char* p = PQgetvalue(r_.get(), row, col);
  double v = 0;
  auto [end, ec] = std::from_chars(p, p + PQgetlength(r_.get(), row, col), v);
  if (ec != std::errc()) throw PgError(std::string("not a number: ") + p);
  return v;
}

std::string Result::bytes(int row, int col) const {
  // bytea_output is hex (the default, and set_up() makes sure): "\x" and two digits a byte.
  const std::string hex = text(row, col);
  if (hex.size() < 2 || hex[0] != '\\' || hex[1] != 'x' || hex.size() % 2 != 0)
    throw PgError("a BYTEA value that is not in hex format");
  std::string out((hex.size() - 2) / 2, '\0');
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<char>(hex_value(hex[2 + 2 * i]) * 16 + hex_value(hex[3 + 2 * i]));
  return out;
}

Connection::Connection(const std::string& url) : conn_(PQconnectdb(url.c_str())) {
  if (!conn_) throw PgError("out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string message = trimmed(PQerrorMessage(conn_));
    PQfinish(conn_);
    throw PgError(message);
  }
  set_up();
}

Connection::~Connection() {
  PQfinish(conn_);
}

void Connection::set_up() {
  // CREATE ... IF NOT EXISTS and the like send notices, which libpq would print on stderr.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  exec("SET client_encoding = 'UTF8'; SET bytea_output = 'hex'");
}

void Connection::reconnect() {
  prepared_.clear();
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) throw PgError(trimmed(PQerrorMessage(conn_)));
  set_up();
}

bool Connection::alive() {
  // libpq's socket never blocks: this reads only what has already arrived. A server that ends
  // the connection sends why, then closes it; one read takes the why, and only the next finds
  // the end (libpq then marks the connection broken).
  for (int read = 0; read < 2 && !broken(); ++read)
    if (PQconsumeInput(conn_) == 0) break;
  return !broken();
}

void Connection::begin_write() {
  if (!alive()) reconnect();
  try {
    exec("BEGIN");
  } catch (const PgError&) {
    if (!broken()) throw;
    reconnect();
    exec("BEGIN");
  }
}

void Connection::exec(const char* sql) {
  checked(conn_, PQexec(conn_, sql));
}

bool Connection::in_transaction() const {
  const auto s = PQtransactionStatus(conn_);
  return s == PQTRANS_INTRANS || s == PQTRANS_INERROR || s == PQTRANS_ACTIVE;
}

void Connection::rollback_if_open() noexcept {
  if (!broken() && in_transaction()) PQclear(PQexec(conn_, "ROLLBACK"));
}

void Connection::Params::add(std::int64_t v) {
  text.push_back(std::to_string(v));
  values.push_back(text.back().c_str());
  lengths.push_back(0);
  formats.push_back(0);
}

void Connection::Params::add(const std::string& v) {
  // Text parameters end at their NUL; PostgreSQL's TEXT holds none, so nothing is cut short.
  values.push_back(v.c_str());
  lengths.push_back(0);
  formats.push_back(0);
}

void Connection::Params::add(const std::optional<std::int64_t>& v) {
  if (v) return add(*v);
  values.push_back(nullptr);
  lengths.push_back(0);
  formats.push_back(0);
}

void Connection::Params::add(double v) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  text.emplace_back(buffer, end);
  values.push_back(text.back().c_str());
  lengths.push_back(0);
  formats.push_back(0);
}

void Connection::Params::add(const Bytes& v) {
  values.push_back(v.data.data());
  lengths.push_back(static_cast<int>(v.data.size()));
  formats.push_back(1);
}

Result Connection::run_prepared(const std::string& sql, Params& p) {
  auto it = prepared_.find(sql);
  if (it == prepared_.end()) {
    // Appended rather than "s" + ...: GCC 12 warns of an overlapping copy in that (its bug
    // 105329).
    std::string name = "s";
    name += std::to_string(prepared_.size());
    checked(conn_, PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
    it = prepared_.emplace(sql, std::move(name)).first;
  }
  return checked(conn_, PQexecPrepared(conn_, it->second.c_str(), static_cast<int>(p.values.size()),
                                       p.values.data(), p.lengths.data(), p.formats.data(), 0));
}

std::string without_password(std::string_view url) {
  std::string out(url);
  // postgresql://user:password@host/...: the password is between the first ':' after the scheme
  // and the '@' that ends the user part.
  if (const auto scheme = out.find("://"); scheme != std::string::npos) {
    const auto start = scheme + 3;
    const auto at = out.find('@', start);
    const auto end = out.find_first_of("/?", start);
    const auto colon = out.find(':', start);
    if (at != std::string::npos && (end == std::string::npos || at < end) && colon < at)
      out.replace(colon + 1, at - colon - 1, "***");
  }
  // ...?password=secret&...
  for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p)) {
    p += 9;
    const auto end = out.find('&', p);
    out.replace(p, (end == std::string::npos ? out.size() : end) - p, "***");
  }
  return out;
}

}  // namespace tortuga::store::postgres
