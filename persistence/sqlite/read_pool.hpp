// The read-only connections the store's reads run on. Each is used by one thread at a time and
// keeps its own prepared statements; WAL lets them read the last committed state while the writer
// writes, so concurrent reads wait neither for each other nor for the writer. A read takes an idle
// connection (opening one when none is idle, so the pool grows to the most reads ever at once) and
// gives it back afterwards.
#pragma once

#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "persistence/sqlite/connection.hpp"

namespace tortuga::store::sqlite {

class ReadPool {
 public:
  // Opens a first connection at once, so that a file readers cannot open fails the store's start
  // rather than its first read. Throws SqlError.
  ReadPool(std::string path, int busy_timeout_ms);

  // Runs `read_fn(Connection&)` inside one read transaction, so that everything it reads comes
  // from one snapshot (a match and its seats). Never throws: a failed read gives `fallback`.
  template <class R, class F>
  R read(R fallback, F&& read_fn) {
    std::unique_ptr<Connection> c = take();
    R result = std::move(fallback);
    try {
      if (!c) c = open();
      c->run("BEGIN");
      result = read_fn(*c);
      c->run("COMMIT");
    } catch (const std::exception&) {
      if (c) c->rollback_if_open();
    }
    if (c) give_back(std::move(c));
    return result;
  }

 private:
  std::unique_ptr<Connection> open() const;
  std::unique_ptr<Connection> take();  // an idle connection, or none
  void give_back(std::unique_ptr<Connection> c);

  const std::string path_;
  const int busy_timeout_ms_;
  std::mutex mu_;  // guards idle_
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace tortuga::store::sqlite
