// Where the web client is served from does not depend on where the server was started: a relative
// web_root is found from the binary, or from the config file that names it; only --web-root, a
// command-line path, is taken from the working directory. The log says which folder it is.
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "bench/child_process.hpp"
#include "tests/integration/server_process.hpp"

#ifndef TORTUGA_SOURCE_DIR
#error "TORTUGA_SOURCE_DIR must name the source tree"
#endif

namespace tortuga::integration {
namespace {

namespace fs = std::filesystem;

// A folder under `dir` holding an index.html that says `text`.
fs::path site(const fs::path& dir, const std::string& text) {
  fs::create_directories(dir);
  write_file(dir / "index.html", text);
  return dir;
}

void check_serves(const ServerProcess& server, const std::string& index, const fs::path& from) {
  INFO("the server's log:\n" << server.log());
  const HttpReply reply = http_get(server.port(), "/");
  CHECK(reply.status == 200);
  CHECK(reply.body == index);
  CHECK(server.log().find("serving the web client from " + from.string() + "\n") !=
        std::string::npos);
}

TEST_CASE("started from another folder, the server still serves the repository's web client") {
  TempDir dir;
  // Elsewhere is a web/ of its own, which a server reading web/ from its working directory
  // would serve instead.
  const fs::path elsewhere = dir / "elsewhere";
  site(elsewhere / "web", "not the client");
  ServerProcess server(dir / "tortuga.db", dir.path(), {}, BotDelay::none, elsewhere);
  const fs::path web = fs::path(TORTUGA_SOURCE_DIR) / "web";
  check_serves(server, process::read_file(web / "index.html"), web.lexically_normal());
}

TEST_CASE("a config file's relative web_root is taken from the file's folder") {
  TempDir dir;
  site(dir / "etc/site", "the config's site");
  site(dir / "elsewhere/site", "the working directory's site");
  write_file(dir / "etc/tortuga.json", R"({"web_root": "site"})");
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       {"--config", (dir / "etc/tortuga.json").string()}, BotDelay::none,
                       dir / "elsewhere");
  check_serves(server, "the config's site", dir / "etc/site");
}

TEST_CASE("--web-root is taken from the working directory, over the config file's") {
  TempDir dir;
  site(dir / "etc/site", "the config's site");
  site(dir / "elsewhere/site", "the working directory's site");
  write_file(dir / "etc/tortuga.json", R"({"web_root": "site"})");
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       {"--config", (dir / "etc/tortuga.json").string(), "--web-root", "site"},
                       BotDelay::none, dir / "elsewhere");
  check_serves(server, "the working directory's site", dir / "elsewhere/site");
}

TEST_CASE("a web root without an index.html is warned about at the start") {
  TempDir dir;
  fs::create_directories(dir / "empty");
  ServerProcess server(dir / "tortuga.db", dir.path(), {"--web-root", (dir / "empty").string()});
  INFO("the server's log:\n" << server.log());
  CHECK(http_get(server.port(), "/").status == 404);
  CHECK(server.log().find("no index.html in " + (dir / "empty").string()) != std::string::npos);
}

}  // namespace
}  // namespace tortuga::integration
