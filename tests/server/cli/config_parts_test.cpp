// The Config as the server's parts receive it: each part's own defaults are the server's, each
// part is started with what the config file says, and the HTTP limits are read and bounded.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

#include "persistence/open_store.hpp"
#include "server/cli/config_parts.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/config.hpp"
#include "server/room/room.hpp"

namespace tortuga::testing {

TEST_CASE("a store, lobby or room built with its own defaults has the server's") {
  const Config defaults;
  CHECK(store::SqliteOptions{}.writer.commit_delay_us == defaults.commit_delay_us);
  CHECK(store::PgOptions{}.writer.commit_delay_us == defaults.commit_delay_us);
  CHECK(store::SqliteOptions{}.synchronous_full == defaults.synchronous_full);
  CHECK(LobbyLimits{}.max_rooms == defaults.limits.max_rooms);
  CHECK(RoomSettings{}.bot_delay_ms == defaults.bot_delay_ms);
  CHECK(RoomSettings{}.empty_room_timeout_s == defaults.limits.empty_room_timeout_s);
  CHECK(LobbyLimits{}.gather == std::chrono::milliseconds(Config::kLobbyGatherMs));
  CHECK(RoomSettings{}.absent_bot_s == defaults.absent_bot_s);
  CHECK(LobbyLimits{}.max_options_bytes == defaults.limits.max_options_bytes);
  CHECK(ReplayLimits{}.threads == defaults.limits.replay_threads);
  CHECK(ReplayLimits{}.queue == defaults.limits.replay_queue);
  CHECK(ReplayLimits{}.cache_bytes == defaults.limits.replay_cache_bytes);
  CHECK(ReplayLimits{}.per_minute == defaults.limits.replays_per_minute);
  CHECK(ReplayLimits{}.burst == defaults.limits.replay_burst);
  CHECK(RoomSettings{}.empty_open_room_timeout_s == defaults.limits.empty_open_room_timeout_s);
  CHECK(RoomSettings{}.max_mutes_per_member == defaults.limits.max_mutes_per_member);
  CHECK(RoomSettings{}.correspondence_rules.on == defaults.correspondence.on);
  CHECK(RoomSettings{}.correspondence_rules.vacation_days == 14);
  CHECK(RoomSettings{}.correspondence_rules.stand_in_after == 3);
  CHECK(RoomSettings{}.correspondence_rules.max_matches_per_player == 50);
  CHECK(LobbyLimits{}.max_rooms_per_player == defaults.limits.max_rooms_per_player);
  CHECK(LobbyLimits{}.max_rooms_per_address == defaults.limits.max_rooms_per_address);
  CHECK(LobbyLimits{}.new_players_per_address_per_hour ==
        defaults.limits.new_players_per_address_per_hour);
  CHECK(LobbyLimits{}.guesses.free_failures == defaults.limits.free_guesses);
  CHECK(LobbyLimits{}.guesses.max_backoff_s == defaults.limits.guess_backoff_max_s);
  CHECK(LobbyLimits{}.guesses.report_every_s == defaults.limits.guess_report_s);
  CHECK(LobbyLimits{}.for_clients == limits_for_clients(defaults.limits));
}

TEST_CASE("the store, the lobby and each room are started with the config's settings") {
  SUBCASE("its defaults") {
    const Config c;
    CHECK(store_options(c).sqlite.writer.commit_delay_us == c.commit_delay_us);
    CHECK(store_options(c).postgres.writer.commit_delay_us == c.commit_delay_us);
    CHECK(store_options(c).sqlite.synchronous_full == c.synchronous_full);
    CHECK(lobby_limits(c).max_rooms == c.limits.max_rooms);
    CHECK(room_settings(c).bot_delay_ms == c.bot_delay_ms);
    CHECK(room_settings(c).empty_room_timeout_s == c.limits.empty_room_timeout_s);
    CHECK(room_settings(c).absent_bot_s == c.absent_bot_s);
    CHECK(room_settings(c).empty_open_room_timeout_s == c.limits.empty_open_room_timeout_s);
    CHECK(room_settings(c).max_mutes_per_member == c.limits.max_mutes_per_member);
  }
  SUBCASE("settings that differ from every default") {
    const std::string path = "/tmp/tortuga-config-parts-" + std::to_string(::getpid()) + ".json";
    std::ofstream(path)
        << R"({"limits": {"max_rooms": 3, "empty_room_timeout_s": 0, "max_options_bytes": 2048,
                                         "replay_threads": 2, "replay_queue": 5,
                                         "replay_cache_bytes": 1000, "replays_per_minute": 6,
                                         "replay_burst": 4, "max_rooms_per_player": 2,
                                         "max_rooms_per_address": 6, "empty_open_room_timeout_s": 9,
                                         "new_players_per_address_per_hour": 7,
                                         "max_mutes_per_member": 8, "free_guesses": 1,
                                         "guess_backoff_max_s": 11, "guess_report_s": 12},
                               "bots": {"delay_ms": 7, "absent_bot_s": 5},
                               "store": {"synchronous_full": false, "commit_delay_us": 250},
                               "correspondence": {"on": false, "vacation_days": 21,
                                                  "stand_in_after": 2,
                                                  "max_matches_per_player": 20}})";
    auto c = config_from_args({"--config", path});
    std::remove(path.c_str());
    REQUIRE(c);
    CHECK(store_options(*c).sqlite.writer.commit_delay_us == 250);
    CHECK(store_options(*c).postgres.writer.commit_delay_us == 250);
    CHECK(store_options(*c).sqlite.synchronous_full == false);
    CHECK(lobby_limits(*c).max_rooms == 3);
    CHECK(lobby_limits(*c).max_options_bytes == 2048);
    const ReplayLimits replays = lobby_limits(*c).replays;
    CHECK(replays.threads == 2);
    CHECK(replays.queue == 5);
    CHECK(replays.cache_bytes == 1000);
    CHECK(replays.per_minute == 6);
    CHECK(replays.burst == 4);
    CHECK(room_settings(*c).bot_delay_ms == 7);
    CHECK(room_settings(*c).empty_room_timeout_s == 0);
    CHECK(room_settings(*c).absent_bot_s == 5);
    CHECK(room_settings(*c).empty_open_room_timeout_s == 9);
    CHECK(room_settings(*c).max_mutes_per_member == 8);
    CHECK(room_settings(*c).correspondence_rules.on == false);
    CHECK(room_settings(*c).correspondence_rules.vacation_days == 21);
    CHECK(room_settings(*c).correspondence_rules.stand_in_after == 2);
    CHECK(room_settings(*c).correspondence_rules.max_matches_per_player == 20);
    CHECK(lobby_limits(*c).max_rooms_per_player == 2);
    CHECK(lobby_limits(*c).max_rooms_per_address == 6);
    CHECK(lobby_limits(*c).new_players_per_address_per_hour == 7);
    CHECK(lobby_limits(*c).guesses.free_failures == 1);
    CHECK(lobby_limits(*c).guesses.max_backoff_s == 11);
    CHECK(lobby_limits(*c).guesses.report_every_s == 12);
    CHECK(lobby_limits(*c).for_clients.at("max_rooms_per_player") == 2);
  }
}

TEST_CASE("correspondence settings out of range are refused, naming the key") {
  const std::string path = "/tmp/tortuga-config-post-" + std::to_string(::getpid()) + ".json";
  auto load = [&](const std::string& correspondence) {
    std::ofstream(path) << R"({"correspondence": )" << correspondence << "}";
    return load_config(path);
  };
  CHECK(load(R"({"vacation_days": 0, "stand_in_after": 0})"));
  for (const char* bad : {R"({"vacation_days": 366})", R"({"stand_in_after": -1})",
                          R"({"max_matches_per_player": 0})"}) {
    auto c = load(bad);
    REQUIRE_FALSE(c);
    CHECK(c.error().message.find("correspondence") != std::string::npos);
  }
  std::remove(path.c_str());
}

TEST_CASE("an empty room's timeout is read from the config file, and refused out of range") {
  const std::string path = "/tmp/tortuga-config-empty-" + std::to_string(::getpid()) + ".json";
  auto load = [&](const std::string& value) {
    std::ofstream(path) << R"({"limits": {"empty_room_timeout_s": )" << value << "}}";
    return load_config(path);
  };
  CHECK(Config{}.limits.empty_room_timeout_s == 300);
  auto c = load("90");
  REQUIRE(c);
  CHECK(c->limits.empty_room_timeout_s == 90);
  CHECK(load("604800"));
  CHECK_FALSE(load("-1"));
  auto refused = load("604801");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("limits.empty_room_timeout_s must be 0..604800") !=
        std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("the replays' and the options' limits are refused out of their ranges") {
  const std::string path = "/tmp/tortuga-config-replays-" + std::to_string(::getpid()) + ".json";
  auto refusal = [&](const std::string& limits) {
    std::ofstream(path) << R"({"limits": )" << limits << "}";
    auto c = load_config(path);
    return c ? std::string() : c.error().message;
  };
  // Replays need a thread, and an address at least one request at once.
  CHECK(refusal(R"({"replay_threads": 0})").find("limits.replay_threads must be 1..64") !=
        std::string::npos);
  CHECK(refusal(R"({"replay_burst": 0})").find("limits.replay_burst") != std::string::npos);
  CHECK(refusal(R"({"replays_per_minute": -1})").find("limits.replays_per_minute") !=
        std::string::npos);
  CHECK(refusal(R"({"max_options_bytes": 100})").find("limits.max_options_bytes") !=
        std::string::npos);
  CHECK(refusal(R"({"replay_threads": 4, "replay_queue": 0, "max_options_bytes": 4096})").empty());
  std::remove(path.c_str());
}

TEST_CASE("a room's wait for an absent player is read from the file or a flag, within 0..3600") {
  const std::string path = "/tmp/tortuga-config-absent-" + std::to_string(::getpid()) + ".json";
  auto load = [&](const std::string& bots) {
    std::ofstream(path) << R"({"bots": )" << bots << "}";
    return load_config(path);
  };
  CHECK(load(R"({"absent_bot_s": 0})")->absent_bot_s == 0);
  CHECK(load(R"({"absent_bot_s": 3600})")->absent_bot_s == 3600);
  for (const char* bad : {R"({"absent_bot_s": -1})", R"({"absent_bot_s": 3601})"}) {
    CAPTURE(bad);
    auto refused = load(bad);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find("bots.absent_bot_s") != std::string::npos);
  }
  std::remove(path.c_str());
  CHECK(config_from_args({"--absent-bot-s", "90"})->absent_bot_s == 90);
  CHECK_FALSE(config_from_args({"--absent-bot-s", "-1"}));
  CHECK_FALSE(config_from_args({"--absent-bot-s", "soon"}));
  // The shipped file holds the default.
  auto shipped = load_config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json");
  REQUIRE(shipped);
  CHECK(shipped->absent_bot_s == Config{}.absent_bot_s);
}

TEST_CASE("the HTTP limits are read from the config file, and refused out of range") {
  const std::string path = "/tmp/tortuga-config-http-" + std::to_string(::getpid()) + ".json";
  auto load = [&](const std::string& limits) {
    std::ofstream(path) << R"({"limits": )" << limits << "}";
    return load_config(path);
  };
  auto c = load(R"({"http_read_timeout_s": 3, "max_http_body_bytes": 1000})");
  REQUIRE(c);
  CHECK(c->limits.http_read_timeout_s == 3);
  CHECK(c->limits.max_http_body_bytes == 1000);
  // The bounds themselves are taken.
  CHECK(load(R"({"http_read_timeout_s": 1, "max_http_body_bytes": 0})"));
  CHECK(load(R"({"http_read_timeout_s": 3600, "max_http_body_bytes": 1048576})"));

  for (const char* bad :
       {R"({"http_read_timeout_s": 0})", R"({"http_read_timeout_s": -5})",
        R"({"http_read_timeout_s": 3601})", R"({"max_http_body_bytes": -1})",
        R"({"max_http_body_bytes": 1048577})", R"({"http_read_timeout_s": "ten"})"}) {
    CAPTURE(bad);
    auto refused = load(bad);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find(path) != std::string::npos);
  }
  std::remove(path.c_str());

  // The shipped file holds both, at their defaults: read over other values, it sets them back.
  Config other;
  other.limits.http_read_timeout_s = 99;
  other.limits.max_http_body_bytes = 99;
  auto shipped = load_config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json", other);
  REQUIRE(shipped);
  const Limits defaults;
  CHECK(shipped->limits.http_read_timeout_s == defaults.http_read_timeout_s);
  CHECK(shipped->limits.max_http_body_bytes == defaults.max_http_body_bytes);
}

}  // namespace tortuga::testing

namespace tortuga::testing {

TEST_CASE("the deflate limits are read from the config file, and refused out of range") {
  const std::string path = "/tmp/tortuga-config-deflate-" + std::to_string(::getpid()) + ".json";
  auto load = [&](const std::string& limits) {
    std::ofstream(path) << R"({"limits": )" << limits << "}";
    return load_config(path);
  };
  auto c = load(R"({"deflate": false, "deflate_window_bits": 15, "deflate_level": 9,
                    "deflate_min_bytes": 0})");
  REQUIRE(c);
  CHECK_FALSE(c->limits.deflate);
  CHECK(c->limits.deflate_window_bits == 15);
  CHECK(c->limits.deflate_level == 9);
  CHECK(c->limits.deflate_min_bytes == 0);
  for (const char* bad :
       {R"({"deflate_window_bits": 8})", R"({"deflate_window_bits": 16})",
        R"({"deflate_level": 0})", R"({"deflate_level": 10})", R"({"deflate": "yes"})"}) {
    CAPTURE(bad);
    auto refused = load(bad);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find(path) != std::string::npos);
  }
  std::remove(path.c_str());

  // The shipped file holds them at their defaults.
  auto shipped = load_config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json", *c);
  REQUIRE(shipped);
  const Limits defaults;
  CHECK(shipped->limits.deflate == defaults.deflate);
  CHECK(shipped->limits.deflate_window_bits == defaults.deflate_window_bits);
  CHECK(shipped->limits.deflate_level == defaults.deflate_level);
  CHECK(shipped->limits.deflate_min_bytes == defaults.deflate_min_bytes);
}

}  // namespace tortuga::testing

namespace tortuga::testing {

TEST_CASE("the cluster's settings are read from the file and the flags; the lease within range") {
  const std::string path = "/tmp/tortuga-config-cluster-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << R"({"cluster": {"node_id": "node-2", "public_url": "wss://n2.example/ws",
                                          "lease_ms": 5000}})";
  auto c = load_config(path);
  REQUIRE(c);
  CHECK(c->cluster.on());
  CHECK(c->cluster.node_id == "node-2");
  CHECK(c->cluster.public_url == "wss://n2.example/ws");
  CHECK(c->cluster.lease_ms == 5000);
  std::ofstream(path) << R"({"cluster": {"lease_ms": 299}})";
  REQUIRE_FALSE(load_config(path));
  std::remove(path.c_str());

  auto flags = config_from_args(
      {"--node-id", "node-3", "--public-url", "ws://h:1/ws", "--lease-ms", "1500"});
  REQUIRE(flags);
  CHECK(flags->cluster.node_id == "node-3");
  CHECK(flags->cluster.public_url == "ws://h:1/ws");
  CHECK(flags->cluster.lease_ms == 1500);
  CHECK_FALSE(config_from_args({"--lease-ms", "600001"}));

  // Alone by default, and the shipped file says so.
  CHECK_FALSE(Config{}.cluster.on());
  auto shipped = load_config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json", *c);
  REQUIRE(shipped);
  CHECK_FALSE(shipped->cluster.on());
  CHECK(shipped->cluster.lease_ms == ClusterSettings{}.lease_ms);
  CHECK(shipped->cluster.public_url.empty());
}

}  // namespace tortuga::testing
