#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "server/ops/config.hpp"

namespace tortuga::testing {

namespace fs = std::filesystem;

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

TEST_CASE("the admin token comes from the file, the environment or a token file, never short") {
  const std::string dir = "/tmp/tortuga-admin-config-" + std::to_string(::getpid());
  fs::create_directories(dir);
  std::ofstream(dir + "/token") << "token-from-its-file-01\n";
  std::ofstream(dir + "/short") << "short\n";
  std::ofstream(dir + "/inline.json") << R"({"admin": {"token": "token-in-the-config-01"}})";
  std::ofstream(dir + "/by-file.json") << R"({"admin": {"token_file": "token"}})";
  std::ofstream(dir + "/too-short.json") << R"({"admin": {"token": "abc"}})";
  const auto no_variable = [](const char*) -> const char* { return nullptr; };
  const auto variable = [](const char* name) -> const char* {
    return std::string(name) == "TORTUGA_ADMIN_TOKEN" ? "token-from-the-environment" : nullptr;
  };

  CHECK(config_from_args({}, no_variable)->admin.token.empty());  // off by default
  CHECK(config_from_args({"--config", dir + "/inline.json"}, no_variable)->admin.token ==
        "token-in-the-config-01");
  // A token_file is taken from the config file's folder, its first line without the line's end.
  CHECK(config_from_args({"--config", dir + "/by-file.json"}, no_variable)->admin.token ==
        "token-from-its-file-01");
  // The environment overrides the file, and the flag both.
  CHECK(config_from_args({"--config", dir + "/inline.json"}, variable)->admin.token ==
        "token-from-the-environment");
  CHECK(config_from_args({"--config", dir + "/inline.json", "--admin-token-file", dir + "/token"},
                         variable)
            ->admin.token == "token-from-its-file-01");

  auto too_short = config_from_args({"--config", dir + "/too-short.json"}, no_variable);
  REQUIRE(!too_short);
  CHECK(too_short.error().message.find("at least 16 characters") != std::string::npos);
  CHECK(!config_from_args({"--admin-token-file", dir + "/short"}, no_variable));
  CHECK(!config_from_args({"--admin-token-file", dir + "/missing"}, no_variable));
  CHECK(!config_from_args({}, [](const char*) -> const char* { return "short"; }));
  fs::remove_all(dir);
}

TEST_CASE("the shipped config file is valid and matches the documented defaults") {
  auto c = load_config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json");
  REQUIRE(c);
  Config defaults;
  CHECK(c->address == defaults.address);
  CHECK(c->port == defaults.port);
  CHECK(c->db == defaults.db);
  CHECK(c->log_format == defaults.log_format);
  CHECK(c->node == defaults.node);
  CHECK(c->limits.max_message_bytes == defaults.limits.max_message_bytes);
  CHECK(c->limits.messages_per_second == defaults.limits.messages_per_second);
  CHECK(c->limits.idle_timeout_s == defaults.limits.idle_timeout_s);
  CHECK(c->limits.shutdown_grace_ms == defaults.limits.shutdown_grace_ms);
  CHECK(c->limits.max_connections_per_address == defaults.limits.max_connections_per_address);
  CHECK(c->limits.hello_timeout_s == defaults.limits.hello_timeout_s);
  CHECK(c->limits.max_rooms_per_player == defaults.limits.max_rooms_per_player);
  CHECK(c->limits.max_rooms_per_address == defaults.limits.max_rooms_per_address);
  CHECK(c->limits.new_players_per_address_per_hour ==
        defaults.limits.new_players_per_address_per_hour);
  CHECK(c->limits.max_mutes_per_member == defaults.limits.max_mutes_per_member);
  CHECK(c->limits.empty_open_room_timeout_s == defaults.limits.empty_open_room_timeout_s);
  CHECK(c->limits.max_write_queue_bytes == defaults.limits.max_write_queue_bytes);
  CHECK(c->limits.free_guesses == defaults.limits.free_guesses);
  CHECK(c->limits.guess_backoff_max_s == defaults.limits.guess_backoff_max_s);
  CHECK(c->limits.guess_report_s == defaults.limits.guess_report_s);
  CHECK(c->trusted_proxies.empty());
  CHECK(c->allowed_origins.empty());
  CHECK(c->synchronous_full == defaults.synchronous_full);
  CHECK(c->commit_delay_us == defaults.commit_delay_us);
  CHECK(c->correspondence.on == defaults.correspondence.on);
  CHECK(c->correspondence.vacation_days == defaults.correspondence.vacation_days);
  CHECK(c->correspondence.stand_in_after == defaults.correspondence.stand_in_after);
  CHECK(c->correspondence.max_matches_per_player == defaults.correspondence.max_matches_per_player);
  // Its web root is named from the file's own folder, so that it holds wherever the server starts.
  CHECK(c->web_root == (fs::path(TORTUGA_SOURCE_DIR) / "web").lexically_normal().string());
}

TEST_CASE("every limit of the shipped config file is described in docs/operations.md") {
  std::ifstream config(std::string(TORTUGA_SOURCE_DIR) + "/config/tortuga.json");
  std::ifstream docs_file(std::string(TORTUGA_SOURCE_DIR) + "/docs/operations.md");
  REQUIRE(config);
  REQUIRE(docs_file);
  const auto shipped = nlohmann::json::parse(config);
  const std::string docs{std::istreambuf_iterator<char>(docs_file), {}};
  int limits = 0;
  for (const auto& [key, value] : shipped.at("limits").items()) {
    CAPTURE(key);
    CHECK(docs.find("`" + key + "`") != std::string::npos);
    ++limits;
  }
  CHECK(limits >= 25);
  for (const char* key : {"trusted_proxies", "allowed_origins"})
    CHECK(docs.find(key) != std::string::npos);
}

TEST_CASE(
    "the limits per address and per player are read from the file, and refused out of range") {
  const std::string path = "/tmp/tortuga-config-limits-" + std::to_string(::getpid()) + ".json";
  auto load = [&](const std::string& text) {
    std::ofstream(path) << text;
    auto c = load_config(path);
    std::remove(path.c_str());
    return c;
  };
  auto c = load(R"({"limits": {"max_connections_per_address": 5, "max_rooms_per_player": 2,
                   "max_write_queue_bytes": 100000, "free_guesses": 0},
                   "trusted_proxies": ["10.0.0.0/8"], "allowed_origins": ["https://x.org"]})");
  REQUIRE(c);
  CHECK(c->limits.max_connections_per_address == 5);
  CHECK(c->limits.max_rooms_per_player == 2);
  CHECK(c->limits.max_write_queue_bytes == 100000);
  CHECK(c->limits.free_guesses == 0);
  CHECK(c->trusted_proxies == std::vector<std::string>{"10.0.0.0/8"});
  CHECK(c->allowed_origins == std::vector<std::string>{"https://x.org"});
  for (const char* bad :
       {R"({"limits": {"max_rooms_per_address": 0}})", R"({"limits": {"hello_timeout_s": 0}})",
        R"({"limits": {"max_write_queue_bytes": 10}})",
        R"({"trusted_proxies": ["not an address"]})",
        R"({"allowed_origins": ["play.example.org"]})"}) {
    CAPTURE(bad);
    CHECK_FALSE(load(bad));
  }
}

TEST_CASE("the log format is text or json, from the file or the flag; anything else is refused") {
  CHECK(Config{}.log_format == "text");
  auto json = config_from_args({"--log-format", "json"});
  REQUIRE(json);
  CHECK(json->log_format == "json");
  auto bad = config_from_args({"--log-format", "yaml"});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == "bad_config");
  CHECK(bad.error().message.find("--log-format") != std::string::npos);

  const std::string path =
      (fs::temp_directory_path() / ("tortuga-log-format-" + std::to_string(::getpid()) + ".json"))
          .string();
  std::ofstream(path) << R"({"log_format": "json", "node": "deck-1"})";
  auto from_file = config_from_args({"--config", path});
  REQUIRE(from_file);
  CHECK(from_file->log_format == "json");
  CHECK(from_file->node == "deck-1");
  std::ofstream(path) << R"({"log_format": "xml"})";
  auto refused = load_config(path);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("log_format") != std::string::npos);
  std::remove(path.c_str());
}

// A folder tree under the temporary directory, removed with everything in it.
struct Tree {
  fs::path root = fs::temp_directory_path() / ("tortuga-web-root-" + std::to_string(::getpid()));
  Tree() { fs::create_directories(root); }
  ~Tree() { fs::remove_all(root); }
  fs::path folder(const std::string& path) const {
    fs::create_directories(root / path);
    return root / path;
  }
  // A folder holding an index.html.
  fs::path site(const std::string& path) const {
    std::ofstream(folder(path) / "index.html") << "<!doctype html>";
    return root / path;
  }
};

TEST_CASE("a relative web_root is taken from the config file's folder, or the working directory") {
  Tree tree;
  const fs::path file = tree.folder("etc") / "tortuga.json";
  std::ofstream(file) << R"({"web_root": "../site"})";
  auto c = load_config(file.string());
  REQUIRE(c);
  CHECK(c->web_root == (tree.root / "site").string());

  std::ofstream(file) << R"({"web_root": "/srv/tortuga/web"})";
  CHECK(load_config(file.string())->web_root == "/srv/tortuga/web");

  // A file that names no web_root leaves the default, relative, for locate_web_root.
  std::ofstream(file) << R"({"port": 9000})";
  CHECK(load_config(file.string())->web_root == "web");

  // The flag is a command-line path: relative to the working directory, and it wins over the file.
  std::ofstream(file) << R"({"web_root": "../site"})";
  auto flagged = config_from_args({"--web-root", "pages", "--config", file.string()});
  REQUIRE(flagged);
  CHECK(flagged->web_root == (fs::current_path() / "pages").string());
}

TEST_CASE("the default web root is found from the binary, else in the source tree") {
  Tree tree;
  const fs::path binary = tree.folder("repo/build/server") / "tortuga";
  const fs::path source = tree.folder("source");

  // The build's server/tortuga finds the repository's web/, two folders up; a web/ without an
  // index.html on the way does not stop the search.
  tree.folder("repo/build/server/web");
  tree.site("repo/web");
  CHECK(locate_web_root("web", binary, source) == tree.root / "repo/web");
  // The nearest one wins.
  tree.site("repo/build/web");
  CHECK(locate_web_root("web", binary, source) == tree.root / "repo/build/web");
  // None anywhere: the binary's folder's, for the server to warn about.
  CHECK(locate_web_root("client", binary, source) == tree.root / "repo/build/server/client");
  // None above the binary, but one in the source tree: a build elsewhere still finds it.
  tree.site("source/client");
  CHECK(locate_web_root("client", binary, source) == tree.root / "source/client");
  CHECK(locate_web_root("client", binary, "") == tree.root / "repo/build/server/client");
  // An absolute web root is taken as it is, found or not.
  CHECK(locate_web_root("/srv/tortuga/web", binary, source) == "/srv/tortuga/web");
}

}  // namespace tortuga::testing
