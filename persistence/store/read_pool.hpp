// The connections a store's reads run on, for either backend. Each is used by one thread at a
// time and keeps its own prepared statements, so concurrent reads wait neither for each other nor
// for the writer (SQLite's WAL, PostgreSQL's MVCC). A read takes an idle connection (opening one
// when none is idle, so the pool grows to the most reads ever at once) and gives it back
// afterwards, unless the connection broke (a database server restarted): then it is closed, and
// the read tried once more on a new one. A read that still fails is a Failure::unavailable.
//
// A Connection here has begin_read() (a read-only transaction, one snapshot), commit(),
// rollback_if_open(), broken() and alive() (postgres/connection.hpp).
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "persistence/outcome.hpp"

namespace tortuga::store {

template <class Connection>
class ReadPool {
 public:
  using Open = std::function<std::unique_ptr<Connection>()>;

  // Opens a first connection at once, so that a database readers cannot open fails the store's
  // start rather than its first read. Throws what `open` throws.
  explicit ReadPool(Open open) : open_(std::move(open)) { idle_.push_back(open_()); }

  // Runs `read_fn(Connection&)` inside one read transaction, so that everything it reads comes
  // from one snapshot (a match and its seats). A read that fails is a Failure with the reason: an
  // empty answer is for what is not stored, never for a database that did not answer.
  template <class F>
  auto read(F&& read_fn) -> Outcome<decltype(read_fn(std::declval<Connection&>()))> {
    std::unique_ptr<Connection> c = take();
    // One that broke while idle (its server restarted, and said so as it closed it) is found
    // so before it is used, and replaced.
    if (c && !c->alive()) c.reset();
    std::string why;
    // A connection that broke while idle (the database server restarted since its last read)
    // fails its next statement: the read is tried once more on a new one.
    for (int attempt = 0; attempt < 2; ++attempt) {
      try {
        if (!c) c = open_();
        c->begin_read();
        auto result = read_fn(*c);
        c->commit();
        give_back(std::move(c));
        return result;
      } catch (const std::exception& e) {
        why = e.what();
        if (!c) break;  // cannot connect: no second try
        if (!c->broken()) {
          c->rollback_if_open();
          give_back(std::move(c));
          break;
        }
        c.reset();
      }
    }
    return Failure{Failure::Kind::unavailable, "the store could not be read: " + why};
  }

 private:
  std::unique_ptr<Connection> take() {  // an idle connection, or none
    std::lock_guard lock(mu_);
    if (idle_.empty()) return nullptr;
    std::unique_ptr<Connection> c = std::move(idle_.back());
    idle_.pop_back();
    return c;
  }
  void give_back(std::unique_ptr<Connection> c) {
    std::lock_guard lock(mu_);
    idle_.push_back(std::move(c));
  }

  const Open open_;
  std::mutex mu_;  // guards idle_
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace tortuga::store
