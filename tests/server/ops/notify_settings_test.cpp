// The config file's `notify` (docs/operations.md, Notifications): read over the defaults, each
// number refused out of its range, the SMTP password from a file or the environment.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "server/ops/config.hpp"

namespace tortuga::testing {

namespace {

Expected<Config> loaded(const std::string& text) {
  const std::string path = "/tmp/tortuga-config-notify-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << text;
  auto c = load_config(path);
  std::remove(path.c_str());
  return c;
}

}  // namespace

TEST_CASE("the notify settings are read from the file, and refused out of range") {
  const NotifySettings defaults;
  CHECK(defaults.smtp_tls == "required");
  CHECK_FALSE(defaults.allow_private_webhooks);
  CHECK(defaults.lease_s > defaults.timeout_s);

  const auto c = loaded(R"({"notify": {"smtp_url": "smtps://mail.example.org:465",
      "smtp_from": "Tortuga <play@example.org>", "smtp_tls": "try",
      "public_url": "https://play.example.org/", "allow_private_webhooks": true,
      "max_tries": 3, "retry_first_s": 5, "digest_gather_s": 0, "changes_per_hour": 2}})");
  REQUIRE(c);
  CHECK(c->notify.smtp_url == "smtps://mail.example.org:465");
  CHECK(c->notify.smtp_from == "Tortuga <play@example.org>");
  CHECK(c->notify.smtp_tls == "try");
  CHECK(c->notify.public_url == "https://play.example.org");  // links add their own slash
  CHECK(c->notify.allow_private_webhooks);
  CHECK(c->notify.max_tries == 3);
  CHECK(c->notify.retry_first_s == 5);
  CHECK(c->notify.digest_gather_s == 0);
  CHECK(c->notify.changes_per_hour == 2);

  for (const char* bad :
       {R"({"notify": {"smtp_url": "http://mail.example.org"}})",
        R"({"notify": {"smtp_tls": "sometimes"}})", R"({"notify": {"threads": 0}})",
        R"({"notify": {"max_tries": 0}})", R"({"notify": {"timeout_s": 30, "lease_s": 30}})",
        R"({"notify": {"retry_first_s": 100, "retry_max_s": 50}})",
        R"({"notify": {"smtp_password_file": "/nonexistent/password"}})"}) {
    CAPTURE(bad);
    CHECK_FALSE(loaded(bad));
  }
}

TEST_CASE("the SMTP password comes from a file or the environment, never a flag") {
  const std::string file = "/tmp/tortuga-smtp-password-" + std::to_string(::getpid());
  std::ofstream(file) << "s3cret\n";
  const auto from_file = loaded(R"({"notify": {"smtp_password_file": ")" + file + R"("}})");
  REQUIRE(from_file);
  CHECK(from_file->notify.smtp_password == "s3cret");
  std::remove(file.c_str());

  const auto from_environment = config_from_args({}, [](const char* name) -> const char* {
    return std::string(name) == "TORTUGA_SMTP_PASSWORD" ? "from the environment" : nullptr;
  });
  REQUIRE(from_environment);
  CHECK(from_environment->notify.smtp_password == "from the environment");
}

}  // namespace tortuga::testing
