// docs/protocol.md is the contract client authors read: it must keep up with the code. Its
// examples are held to the protocol's JSON Schema by tests/schema/docs_examples.test.mjs.
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"
#include "rules/core/registry.hpp"
#include "tests/protocol/message_types.hpp"

using namespace tortuga::protocol;
using tortuga::all_games;
using tortuga::find_game;
using tortuga::Game;

namespace {

std::string protocol_doc() {
  std::ifstream in(std::string(TORTUGA_SOURCE_DIR) + "/docs/protocol.md");
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool mentions(const std::string& doc, const std::string& what) {
  return doc.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("every error code is in the error table of docs/protocol.md") {
  const std::string doc = protocol_doc();
  for (auto code : kAllCodes) {
    INFO(code);
    CHECK(mentions(doc, "| `" + std::string(code) + "` |"));
  }
}

TEST_CASE("every client message and every server message has its section in docs/protocol.md") {
  const std::string doc = protocol_doc();
  const auto client_types = client_message_types();
  CHECK(client_types.size() >= 24);
  for (const std::string& type : client_types) {
    INFO(type);
    CHECK(mentions(doc, "\n### " + type + "\n"));
  }
  for (const char* type : {"room", "state", "patch", "rooms_changed", "room_closed", "removed",
                           "notice", "chat", "chat_log", "error"}) {
    INFO(type);
    CHECK(mentions(doc, "\n### " + std::string(type) + "\n"));
  }
  for (const char* reply : {"welcome", "rooms", "left", "matches", "match", "replay", "pong",
                            "mutes", "chat", "lobby_unwatched", "rooms_changed"}) {
    INFO(reply);
    CHECK(mentions(doc, "{\"type\": \"" + std::string(reply) + "\""));
  }
}

TEST_CASE("the limits docs/protocol.md states are the ones the parser applies") {
  const std::string doc = protocol_doc();
  CHECK(mentions(doc, "nest at most " + std::to_string(kMaxDepth) + " levels"));
  CHECK(mentions(doc, "1 to " + std::to_string(kMaxNameLength) + " characters"));
  CHECK(mentions(doc, "`limit` | integer 1.." + std::to_string(kMaxMatchLimit) +
                          ", optional | at most this many; default " +
                          std::to_string(kDefaultMatchLimit)));
  CHECK(mentions(doc, "at most " + std::to_string(kMaxChatLength) + " characters"));
}

TEST_CASE("every option that may be null has its row in docs/protocol.md, and no other has one") {
  // A client cannot tell from the schema what a null default stands for or what an array option
  // holds: the table under hello says it, so a game adding such an option must add its row.
  const std::string doc = protocol_doc();
  for (const Game* game : all_games()) {
    const std::string id = game->info().id;
    const Json schema = game->describe()["options"];
    for (auto it = schema.begin(); it != schema.end(); ++it) {
      const bool nullable = it->contains("default") && (*it)["default"].is_null();
      const std::string row = "| `" + id + "` | `" + it.key() + "` | " +
                              (*it)["type"].get<std::string>() + " or `null` |";
      INFO(row);
      CHECK(mentions(doc, row) == nullable);
      // What the table promises: such an option takes null, and no other option does.
      CHECK(game->normalize_options(Json{{it.key(), nullptr}}).ok() == nullable);
    }
  }
}

TEST_CASE("the table of null options in docs/protocol.md names only options that may be null") {
  // The other way round: a row left behind by a renamed or removed option would mislead.
  const std::string doc = protocol_doc();
  const std::regex row(R"(\n\| `([a-z-]+)` \| `([a-z_]+)` \| [a-z]+ or `null` \|)");
  int rows = 0;
  for (std::sregex_iterator it(doc.begin(), doc.end(), row), end; it != end; ++it, ++rows) {
    const std::string game_id = (*it)[1], option = (*it)[2];
    INFO(game_id << " " << option);
    const Game* game = find_game(game_id);
    REQUIRE(game);
    const Json schema = game->describe()["options"];
    REQUIRE(schema.contains(option));
    CHECK(schema[option]["default"].is_null());
  }
  CHECK(rows > 0);
}
