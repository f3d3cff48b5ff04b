// The chat messages as the parser reads them: what a line may hold, and the typed refusals.
#include <doctest/doctest.h>

#include <string>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"

using namespace tortuga::protocol;
namespace code = tortuga::code;

namespace {

Parsed parse(const Json& message) {
  return parse_command(message.dump());
}

std::string repeated(const std::string& piece, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

}  // namespace

TEST_CASE("a chat line of up to 500 code points is read as sent, nothing trimmed") {
  auto p = parse({{"type", "chat"}, {"id", 3}, {"room", 7}, {"text", "  <img src=x> ahoy  "}});
  REQUIRE(p.command);
  const auto& chat = std::get<Chat>(*p.command);
  CHECK(chat.room == 7);
  CHECK(chat.text == "  <img src=x> ahoy  ");
  // 500 two-byte characters are 1000 bytes but 500 characters: the limit counts characters.
  CHECK(parse({{"type", "chat"}, {"room", 1}, {"text", repeated("\xc3\xa9", kMaxChatLength)}})
            .command);
}

TEST_CASE("a chat line over the limit is refused with chat_too_long, echoing the id") {
  auto p =
      parse({{"type", "chat"}, {"id", "c1"}, {"room", 1}, {"text", repeated("\xc3\xa9", 501)}});
  REQUIRE_FALSE(p.command);
  CHECK(p.command.error().code == code::kChatTooLong);
  CHECK(p.command.error().message.find("500") != std::string::npos);
  CHECK(p.command.error().params == Json{{"max", 500}, {"length", 501}});
  CHECK(p.id == "c1");
}

TEST_CASE("an empty, blank, multi-line or hidden-character chat line is a bad_field") {
  for (const std::string text : {"", "   ", "one\ntwo", "bell\x07",
                                 "\xe2\x80\xae"
                                 "reversed"}) {
    INFO(text);
    auto p = parse({{"type", "chat"}, {"room", 1}, {"text", text}});
    REQUIRE_FALSE(p.command);
    CHECK(p.command.error().code == code::kBadField);
  }
  auto missing = parse({{"type", "chat"}, {"room", 1}});
  REQUIRE_FALSE(missing.command);
  CHECK(missing.command.error().code == code::kBadField);
  auto number = parse({{"type", "chat"}, {"room", 1}, {"text", 5}});
  REQUIRE_FALSE(number.command);
  CHECK(number.command.error().code == code::kBadField);
}

TEST_CASE("mute names a player and mutes unless told muted false; spectator_chat needs allowed") {
  auto on = parse({{"type", "mute"}, {"room", 1}, {"player", 4}});
  REQUIRE(on.command);
  CHECK(std::get<Mute>(*on.command).player == 4);
  CHECK(std::get<Mute>(*on.command).muted);
  auto off = parse({{"type", "mute"}, {"room", 1}, {"player", 4}, {"muted", false}});
  REQUIRE(off.command);
  CHECK_FALSE(std::get<Mute>(*off.command).muted);
  CHECK(parse({{"type", "mute"}, {"room", 1}, {"player", 0}}).command.error().code ==
        code::kBadField);
  CHECK(parse({{"type", "mute"}, {"room", 1}, {"player", 4}, {"muted", "yes"}})
            .command.error()
            .code == code::kBadField);
  auto open = parse({{"type", "spectator_chat"}, {"room", 1}, {"allowed", true}});
  REQUIRE(open.command);
  CHECK(std::get<SpectatorChat>(*open.command).allowed);
  CHECK(parse({{"type", "spectator_chat"}, {"room", 1}}).command.error().code == code::kBadField);
}
