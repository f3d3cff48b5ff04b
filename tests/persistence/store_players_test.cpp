#include <doctest/doctest.h>

#include <future>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::await;
using tortuga::store::test::refused;

STORE_TEST("a player is found by the hash of their token and by id") {
  Backend db;
  auto store = db.open();
  const std::string token = new_token();
  Player anne = store->create_player("Anne Bonny", hash_token(token)).value();
  Player mary = store->create_player("Mary Read", hash_token(new_token())).value();
  REQUIRE(anne.id > 0);
  CHECK(mary.id != anne.id);
  CHECK(anne.created_ms > 0);

  auto found = store->player_by_token_hash(hash_token(token)).value();
  REQUIRE(found);
  CHECK(found->id == anne.id);
  CHECK(found->name == "Anne Bonny");
  CHECK(found->token_hash == hash_token(token));
  CHECK(found->created_ms == anne.created_ms);

  auto by_id = store->player(mary.id).value();
  REQUIRE(by_id);
  CHECK(by_id->name == "Mary Read");
}

STORE_TEST("an unknown token hash or id finds nobody") {
  Backend db;
  auto store = db.open();
  store->create_player("Anne Bonny", hash_token("secret")).value();
  CHECK_FALSE(store->player_by_token_hash(hash_token("guess")).value());
  CHECK_FALSE(
      store->player_by_token_hash("secret").value());  // the token itself is not what is stored
  CHECK_FALSE(store->player(999).value());
  CHECK_FALSE(store->player(-1).value());
}

STORE_TEST("two players cannot share a token hash: the second is not stored") {
  Backend db;
  auto store = db.open();
  CHECK(store->create_player("Anne", hash_token("same")).value().id > 0);
  CHECK(refused(store->create_player("Mary", hash_token("same"))));
  CHECK(store->player_by_token_hash(hash_token("same")).value()->name == "Anne");
}

STORE_TEST("a player created without waiting is answered once committed, or with its failure") {
  Backend db;
  auto store = db.open();
  std::promise<Outcome<Player>> first, second;
  store->create_player("Anne", "hash-a", [&](const Outcome<Player>& p) { first.set_value(p); });
  store->create_player("Anne again", "hash-a",
                       [&](const Outcome<Player>& p) { second.set_value(p); });
  const Player anne = first.get_future().get().value();
  CHECK(anne.id > 0);
  CHECK(anne.name == "Anne");
  CHECK(refused(second.get_future().get()));  // the same token hash twice
  auto found = store->player_by_token_hash("hash-a").value();
  REQUIRE(found);
  CHECK(found->id == anne.id);
  CHECK(found->created_ms == anne.created_ms);
}

STORE_TEST("a player can be renamed; renaming an unknown player fails") {
  Backend db;
  auto store = db.open();
  Player p = store->create_player("Calico Jack", hash_token("t")).value();
  auto renamed = await([&](Done d) { store->rename_player(p.id, "John Rackham", d); });
  CHECK(renamed.ok);
  CHECK(renamed.error.empty());
  CHECK(store->player(p.id).value()->name == "John Rackham");

  auto nobody = await([&](Done d) { store->rename_player(p.id + 100, "Ghost", d); });
  CHECK_FALSE(nobody.ok);
  CHECK(nobody.error.find("no player") != std::string::npos);
}
