#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>

#include <unistd.h>

#include "server/config.hpp"

namespace tortuga::testing {

TEST_CASE("flags override the config file, which overrides the defaults") {
  const std::string path = "/tmp/tortuga-config-test-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << R"({"port": 9001, "db": "x.db", "limits": {"max_message_bytes": 512},
                             "store": {"commit_delay_us": 250}})";
  auto c = config_from_args({"--port", "9100", "--config", path});
  REQUIRE(c);
  CHECK(c->port == 9100);                     // the flag wins, wherever it stands
  CHECK(c->db == "x.db");                     // from the file
  CHECK(c->limits.max_message_bytes == 512);  // from the file
  CHECK(c->commit_delay_us == 250);           // from the file
  CHECK(c->address == "127.0.0.1");           // the default
  std::remove(path.c_str());
}

TEST_CASE("the shipped config file is valid and matches the documented defaults") {
  auto c = load_config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json");
  REQUIRE(c);
  Config defaults;
  CHECK(c->address == defaults.address);
  CHECK(c->port == defaults.port);
  CHECK(c->db == defaults.db);
  CHECK(c->limits.max_message_bytes == defaults.limits.max_message_bytes);
  CHECK(c->limits.messages_per_second == defaults.limits.messages_per_second);
  CHECK(c->limits.idle_timeout_s == defaults.limits.idle_timeout_s);
  CHECK(c->limits.shutdown_grace_ms == defaults.limits.shutdown_grace_ms);
  CHECK(c->synchronous_full == defaults.synchronous_full);
  CHECK(c->commit_delay_us == defaults.commit_delay_us);
}

TEST_CASE("bad flags and bad files are refused with a reason") {
  CHECK_FALSE(config_from_args({"--port", "70000"}));
  CHECK_FALSE(config_from_args({"--port", "eighty"}));
  CHECK_FALSE(config_from_args({"--colour", "blue"}));
  CHECK_FALSE(config_from_args({"--db"}));
  CHECK_FALSE(config_from_args({"--config", "/nonexistent/tortuga.json"}));
  const std::string path = "/tmp/tortuga-config-bad-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << R"({"port": "high"})";
  auto c = load_config(path);
  REQUIRE_FALSE(c);
  CHECK(c.error().message.find(path) != std::string::npos);
  std::ofstream(path) << R"({"store": {"commit_delay_us": -1}})";
  CHECK_FALSE(load_config(path));
  std::ofstream(path) << R"({"store": {"commit_delay_us": 100001}})";
  CHECK_FALSE(load_config(path));
  std::remove(path.c_str());
}

}  // namespace tortuga::testing
