// The host's controls as the parser reads them.
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

}  // namespace

TEST_CASE("transfer_host and remove_player name a room and a player") {
  auto t = parse({{"type", "transfer_host"}, {"room", 3}, {"player", 9}});
  REQUIRE(t.command);
  CHECK(std::get<TransferHost>(*t.command).player == 9);
  auto r = parse({{"type", "remove_player"}, {"room", 3}, {"player", 9}});
  REQUIRE(r.command);
  CHECK(std::get<RemovePlayer>(*r.command).room == 3);
  for (const char* type : {"transfer_host", "remove_player"}) {
    INFO(type);
    CHECK(parse({{"type", type}, {"room", 3}}).command.error().code == code::kBadField);
    CHECK(parse({{"type", type}, {"room", 3}, {"player", "9"}}).command.error().code ==
          code::kBadField);
  }
}

TEST_CASE("close_room takes an optional reason of one line, at most 200 characters") {
  auto bare = parse({{"type", "close_room"}, {"room", 3}});
  REQUIRE(bare.command);
  CHECK_FALSE(std::get<CloseRoom>(*bare.command).reason.has_value());
  auto said = parse({{"type", "close_room"}, {"room", 3}, {"reason", "time for bed"}});
  REQUIRE(said.command);
  CHECK(std::get<CloseRoom>(*said.command).reason == "time for bed");
  CHECK(parse({{"type", "close_room"}, {"room", 3}, {"reason", std::string(kMaxReasonLength, 'z')}})
            .command);
  for (const std::string reason : {std::string(kMaxReasonLength + 1, 'z'), std::string("a\nb")}) {
    auto p = parse({{"type", "close_room"}, {"room", 3}, {"reason", reason}});
    REQUIRE_FALSE(p.command);
    CHECK(p.command.error().code == code::kBadField);
  }
}

TEST_CASE("stand_in names a seat, and a bot kind that defaults to smart") {
  auto p = parse({{"type", "stand_in"}, {"room", 3}, {"seat", 1}});
  REQUIRE(p.command);
  CHECK(std::get<StandIn>(*p.command).seat == 1);
  CHECK(std::get<StandIn>(*p.command).bot == "smart");
  auto random = parse({{"type", "stand_in"}, {"room", 3}, {"seat", 0}, {"bot", "random"}});
  REQUIRE(random.command);
  CHECK(std::get<StandIn>(*random.command).bot == "random");
  CHECK(parse({{"type", "stand_in"}, {"room", 3}}).command.error().code == code::kBadField);
  CHECK(parse({{"type", "stand_in"}, {"room", 3}, {"seat", -1}}).command.error().code ==
        code::kBadField);
  CHECK(parse({{"type", "stand_in"}, {"room", 3}, {"seat", 0}, {"bot", "clever"}})
            .command.error()
            .code == code::kBadField);
}
