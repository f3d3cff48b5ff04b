// Whether the store can write, as readiness and a room waiting for its store ask it: a probe
// write commits through the same queue as every other write and keeps nothing; on a file that
// cannot be written (a read-only file, as `chattr +i` makes it; a full disk fails the same way)
// the probe fails with the writes, while reads go on.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::await;
using tortuga::store::test::OnSqlite;
using tortuga::store::test::sample_match;
using tortuga::store::test::Written;

STORE_TEST("a probe write commits, and keeps nothing") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);
  for (int i = 0; i < 3; ++i) CHECK(await([&](Done d) { store->probe_write(d); }).ok);
  CHECK(store->actions(id).value().size() == 1);
  CHECK(store->list_matches({}).value().size() == 1);
  // The schema's version, which the probe writes again, is as it was: the store opens again.
  store.reset();
  CHECK(db.open()->match(id).value()->action_count == 1);
}

namespace {

// `chattr +i` (or -i) on the store's files: nothing can write them, even through descriptors
// opened before.
void set_immutable(const OnSqlite& db, bool on) {
  for (const std::string file : {db.where(), db.where() + "-wal"})
    REQUIRE(std::system(("chattr " + std::string(on ? "+i " : "-i ") + file).c_str()) == 0);
}

}  // namespace

TEST_CASE("a SQLite file that cannot be written fails writes and probes; reads go on") {
  if (::geteuid() != 0) {
    MESSAGE("skipped: chattr +i needs root");
    return;
  }
  OnSqlite db;
  auto store = db.open();
  const Player anne = store->create_player("Anne", hash_token("anne")).value();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);

  set_immutable(db, true);
  struct Mutable {
    const OnSqlite& db;
    ~Mutable() { set_immutable(db, false); }
  } writable_again{db};
  CHECK_FALSE(await([&](Done d) { store->probe_write(d); }).ok);
  const Written unwritten = await([&](Done d) { store->append_action(action(id, 2), d); });
  CHECK_FALSE(unwritten.ok);
  // The store could not write it: the action was not refused, and may be written again.
  CHECK(unwritten.kind == Failure::Kind::unavailable);
  // Reads answer, as before: the ping too (readiness needs the probe to know).
  CHECK(store->ping());
  CHECK(store->player_by_token_hash(hash_token("anne")).value()->id == anne.id);
  CHECK(store->actions(id).value().size() == 1);

  set_immutable(db, false);
  CHECK(await([&](Done d) { store->probe_write(d); }).ok);
  CHECK(await([&](Done d) { store->append_action(action(id, 2), d); }).ok);
  CHECK(store->actions(id).value().size() == 2);
}
