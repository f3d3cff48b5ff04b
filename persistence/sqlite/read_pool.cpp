#include "persistence/sqlite/read_pool.hpp"

namespace tortuga::store::sqlite {

ReadPool::ReadPool(std::string path, int busy_timeout_ms)
    : path_(std::move(path)), busy_timeout_ms_(busy_timeout_ms) {
  idle_.push_back(open());
}

std::unique_ptr<Connection> ReadPool::open() const {
  return open_reader_connection(path_, busy_timeout_ms_);
}

std::unique_ptr<Connection> ReadPool::take() {
  std::lock_guard lock(mu_);
  if (idle_.empty()) return nullptr;
  std::unique_ptr<Connection> c = std::move(idle_.back());
  idle_.pop_back();
  return c;
}

void ReadPool::give_back(std::unique_ptr<Connection> c) {
  std::lock_guard lock(mu_);
  idle_.push_back(std::move(c));
}

}  // namespace tortuga::store::sqlite
