// The PostgreSQL backend's options: the writer's. How durable a commit is is the database server's
// setting (synchronous_commit), not the store's.
#pragma once

#include "persistence/store/writer_options.hpp"

namespace tortuga::store {

struct PgOptions {
  WriterOptions writer;
};

}  // namespace tortuga::store
