// Who sits where (server/room/seating.hpp), as plain data: free seats, the host's role passing
// on, players who give up a finished match's seat, the removed, and the rematch offer.
#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "server/room/seating.hpp"

namespace tortuga {
namespace {

TEST_CASE("a seat asked for is given if free; else the first free one; else why not") {
  Seating seating(3);
  CHECK(*seating.free_seat(std::nullopt) == 0);
  CHECK(*seating.free_seat(2) == 2);
  seating.seat_person(2, 7, "Anne");
  CHECK(seating.free_seat(2).error().code == code::kSeatTaken);
  CHECK(seating.free_seat(3).error().code == code::kBadField);
  CHECK(seating.free_seat(-1).error().code == code::kBadField);
  seating[0] = bot_seat(0, "smart");
  CHECK(seating[0].name == "Bot 1 (smart)");
  CHECK(*seating.free_seat(std::nullopt) == 1);
  CHECK(*seating.empty_seat() == 1);
  seating.seat_person(1, 8, "Ben");
  CHECK(seating.free_seat(std::nullopt).error().code == code::kRoomFull);
  CHECK_FALSE(seating.empty_seat());
}

TEST_CASE("the first person seated hosts; the role passes to a seated player who stayed") {
  Seating seating(3);
  seating[0] = bot_seat(0, "random");
  seating.seat_person(1, 7, "Anne");
  seating.seat_person(2, 8, "Ben");
  CHECK(seating.host() == 7);
  seating[1] = RoomSeat{};  // Anne left an open room
  CHECK(seating.pass_host_on());
  CHECK(seating.host() == 8);
  seating.give_up(8);  // Ben gave up the seat of a finished match
  CHECK_FALSE(seating.pass_host_on());
  CHECK_FALSE(seating.host());
}

TEST_CASE("a host gone from the table hands the role to the next seated person here") {
  Seating seating(4);
  seating.seat_person(0, 5, "Anne");
  seating.seat_person(1, 6, "Ben");
  seating.seat_person(2, 7, "Cleo");
  seating[3] = bot_seat(3, "smart");
  seating.set_host(7);
  // After Cleo's seat, in seat order and round the table: the bot's is skipped, Anne is away.
  seating.pass_host_to([](int seat) { return seat == 1; });
  CHECK(seating.host() == 6);
  // Nobody here: the role stays.
  seating.pass_host_to([](int) { return false; });
  CHECK(seating.host() == 6);
}

TEST_CASE("a player who gives up a finished match's seat holds it no more, and ends the offer") {
  Seating seating(2);
  seating.seat_person(0, 5, "Anne");
  seating.seat_person(1, 6, "Ben");
  CHECK(seating.holds(0, 5));
  CHECK_FALSE(seating.holds(0, 6));
  CHECK_FALSE(seating.accept_rematch(5));
  REQUIRE(seating.rematch());
  CHECK(seating.rematch()->by == 5);
  CHECK_FALSE(seating.seat_given_up());
  seating.give_up(6);
  CHECK_FALSE(seating.rematch());
  CHECK_FALSE(seating.seat_of(6));
  CHECK_FALSE(seating.holds(1, 6));
  REQUIRE(seating.seat_given_up());
  CHECK(seating.seat_given_up()->name == "Ben");  // the seat keeps the name history has
}

TEST_CASE("a rematch starts once every seated person accepts; bots are not asked") {
  Seating seating(3);
  seating.seat_person(0, 5, "Anne");
  seating[1] = bot_seat(1, "smart");
  seating.seat_person(2, 6, "Ben");
  seating[2].stand_in = "smart";
  CHECK_FALSE(seating.accept_rematch(6));
  CHECK_FALSE(seating.accept_rematch(6));  // accepting twice counts once
  CHECK(seating.accept_rematch(5));
  CHECK(seating.rematch()->by == 6);
  seating.new_match();
  CHECK_FALSE(seating.rematch());
  CHECK(seating[2].stand_in.empty());
}

TEST_CASE("a removed player is kept out until allowed back") {
  Seating seating(2);
  seating.ban(9, "Mallory");
  CHECK(seating.banned(9));
  CHECK(seating.banned_players().at(9) == "Mallory");
  CHECK(seating.allow(9));
  CHECK_FALSE(seating.banned(9));
  CHECK_FALSE(seating.allow(9));
}

}  // namespace
}  // namespace tortuga
