#include "persistence/sqlite/writer.hpp"

#include <exception>
#include <string>

#include "persistence/sqlite/log.hpp"

namespace tortuga::store::sqlite {

std::uint64_t commit_batch(Connection& db, std::vector<Write>& batch) {
  std::vector<std::string> errors(batch.size());
  std::vector<char> ok(batch.size(), 0);
  auto fail_all = [&](const std::string& why) {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (errors[i].empty()) errors[i] = why;
      ok[i] = 0;
    }
  };
  try {
    db.run("BEGIN IMMEDIATE");
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const bool guarded = batch[i].own_savepoint;
      if (guarded) db.run("SAVEPOINT w");
      try {
        if (batch[i].apply)
          batch[i].apply(db);
        else
          append_to_log(db, batch[i].action);
        if (guarded) db.run("RELEASE w");
        ok[i] = 1;
      } catch (const std::exception& e) {
        errors[i] = e.what();
        if (!db.in_transaction()) throw SqlError(std::string("transaction lost: ") + e.what());
        if (guarded) {
          db.run("ROLLBACK TO w");
          db.run("RELEASE w");
        }
      }
    }
    db.run("COMMIT");
  } catch (const std::exception& e) {
    db.rollback_if_open();
    fail_all(std::string("not committed: ") + e.what());
  }
  std::uint64_t failed = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    failed += !ok[i];
    answer(batch[i].done, ok[i], errors[i]);
  }
  return failed;
}

}  // namespace tortuga::store::sqlite
