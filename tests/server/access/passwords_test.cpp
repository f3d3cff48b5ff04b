// Passwords: the rule a new one must meet, Argon2id hashes that check the password they were made
// of and no other, and a queue that refuses past its bound rather than growing.
#include <doctest/doctest.h>

#include <future>
#include <string>

#include "server/access/passwords.hpp"

namespace tortuga::testing {
namespace {

std::string hashed(Passwords& passwords, const std::string& password) {
  std::promise<std::string> out;
  REQUIRE(passwords.hash(password, [&](std::string h) { out.set_value(std::move(h)); }));
  return out.get_future().get();
}

bool verified(Passwords& passwords, std::optional<std::string> hash, const std::string& password) {
  std::promise<bool> out;
  REQUIRE(passwords.verify(std::move(hash), password, [&](bool ok) { out.set_value(ok); }));
  return out.get_future().get();
}

}  // namespace

TEST_CASE("the rule: at least 8 characters, at most 128, and not the account's name") {
  CHECK(weak_password("seven77", "Anne"));
  CHECK_FALSE(weak_password("eight888", "Anne"));
  CHECK_FALSE(weak_password("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9",
                            "Anne"));                        // eight characters of two bytes each
  CHECK(weak_password("\xC3\xA9\xC3\xA9\xC3\xA9", "Anne"));  // six bytes, three characters
  CHECK(weak_password(std::string(129, 'x'), "Anne"));
  CHECK_FALSE(weak_password(std::string(128, 'x'), "Anne"));
  CHECK(weak_password("Anne Bonny", "Anne Bonny"));
  CHECK(weak_password("ANNE BONNY", "Anne Bonny"));  // under the name's key
  CHECK(*weak_password("Anne Bonny", "Anne Bonny") == "a password may not be the account's name");
}

TEST_CASE("an Argon2id hash checks the password it was made of, and no other") {
  Passwords passwords;
  const std::string hash = hashed(passwords, "correct horse");
  CHECK(hash.rfind("$argon2id$", 0) == 0);
  CHECK(hash.find("correct horse") == std::string::npos);
  CHECK(hashed(passwords, "correct horse") != hash);  // salted
  CHECK(verified(passwords, hash, "correct horse"));
  CHECK_FALSE(verified(passwords, hash, "correct horse "));
  CHECK_FALSE(verified(passwords, hash, "Correct horse"));
  // No account: a stand-in is checked, and nothing matches it.
  CHECK_FALSE(verified(passwords, std::nullopt, "correct horse"));
  CHECK_FALSE(verified(passwords, std::nullopt, "a password nobody has"));
}

TEST_CASE("past its bound the queue refuses at once, and what it took is answered") {
  Passwords passwords({.threads = 1, .queued = 2});
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::promise<void> started;
  // The one thread is held by the first job; two more wait; the fourth is refused.
  REQUIRE(passwords.hash("first password", [&](std::string) {
    started.set_value();
    released.wait();
  }));
  started.get_future().wait();
  std::promise<bool> second, third;
  CHECK(passwords.verify(std::nullopt, "x", [&](bool ok) { second.set_value(ok); }));
  CHECK(passwords.verify(std::nullopt, "y", [&](bool ok) { third.set_value(ok); }));
  CHECK(passwords.waiting() == 2);
  CHECK_FALSE(passwords.hash("refused", [](std::string) { FAIL("a refused job ran"); }));
  release.set_value();
  CHECK_FALSE(second.get_future().get());
  CHECK_FALSE(third.get_future().get());
}

}  // namespace tortuga::testing
