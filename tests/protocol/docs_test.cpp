// docs/protocol.md is the contract client authors read: it must keep up with the code.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"

using namespace tortuga::protocol;

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
  for (const char* type : {"hello", "list_rooms", "create_room", "join_room", "watch_room",
                           "add_bot", "leave_room", "start", "action", "sync", "list_matches",
                           "get_match", "get_replay", "ping", "room", "state", "patch", "error"}) {
    INFO(type);
    CHECK(mentions(doc, "\n### " + std::string(type) + "\n"));
  }
  for (const char* reply : {"welcome", "rooms", "left", "matches", "match", "replay", "pong"}) {
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
}
