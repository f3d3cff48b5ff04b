// Rooms played by correspondence through the lobby, on a clock the test moves by days and on
// both stores: who may make them, the most running matches a player may have, take_vacation
// standing still the player's clocks in every room of theirs, and a restart that keeps the
// deadlines as they were.
#include "server/lobby/vacation.hpp"
#include "tests/server/lobby/lobby_server.hpp"
#include "tests/server/manual_clock.hpp"

namespace tortuga::testing {
namespace {

using store::kDayMs;

const Json kByPost{{"type", "create_room"},
                   {"game", "raft-and-scupper"},
                   {"correspondence", {{"days_per_move", 3}, {"bank_cap_days", 2}}}};

// An account: hello, then made one as register would.
std::shared_ptr<FakeClient> account(auto& s, const std::string& name) {
  auto c = std::make_shared<FakeClient>();
  s.send(c, {{"type", "hello"}, {"name", name}});
  c->welcome(c->player(), name, 0, true);
  return c;
}

// The last room message about `room`.
Json room_of(const FakeClient& c, std::int64_t room) {
  Json found;
  for (const Json& m : c.of_type("room"))
    if (m["room"]["id"] == room) found = m["room"];
  return found;
}

// Anne makes a room by correspondence, Ben joins it, Anne starts it: the room's id.
std::int64_t correspondence_match(auto& s, const std::shared_ptr<FakeClient>& anne,
                                  const std::shared_ptr<FakeClient>& ben) {
  s.send(anne, kByPost);
  const std::int64_t room = last(*anne, "room")["room"]["id"];
  s.send(ben, {{"type", "join_room"}, {"room", room}});
  s.send(anne, {{"type", "start"}, {"room", room}});
  REQUIRE(s.run([&] { return room_of(*anne, room)["status"] == "playing"; }));
  return room;
}

// The seat `room` waits for, as the room message says it; null when none.
Json waited_seat(const FakeClient& c, std::int64_t room) {
  const Json of = room_of(c, room);
  for (const Json& seat : of["seats"])
    if (seat["clock"].is_object() && seat["clock"]["due_ms"].is_number()) return seat;
  return nullptr;
}

// Its deadline (-1: none), and its player.
std::int64_t due_in(const FakeClient& c, std::int64_t room) {
  const Json seat = waited_seat(c, room);
  return seat.is_null() ? -1 : seat["clock"]["due_ms"].get<std::int64_t>();
}
std::int64_t waited_player(const FakeClient& c, std::int64_t room) {
  return waited_seat(c, room).at("player").at("id");
}

// A lobby whose rooms run on a clock the test moves, and two accounts, Anne and Ben.
template <class Backend>
struct OnClock {
  OnClock() {
    s.close();
    s.settings.clock = &clock;
    s.open();
    anne = account(s, "Anne");
    ben = account(s, "Ben");
  }
  ManualClock clock;
  Server<Backend> s;
  std::shared_ptr<FakeClient> anne, ben;
};

}  // namespace

STORE_TEST("rooms by correspondence are an account's, on a server that hosts them") {
  Server<Backend> s;
  auto guest = std::make_shared<FakeClient>();
  s.send(guest, {{"type", "hello"}, {"name", "Guest"}});
  s.send(guest, kByPost);
  CHECK(last(*guest, "error")["code"] == "no_correspondence");
  CHECK(last(*guest, "error")["message"] == "only an account may play by correspondence");
  CHECK(guest->of_type("room").empty());

  auto anne = account(s, "Anne");
  s.send(anne, kByPost);
  const Json room = last(*anne, "room")["room"];
  CHECK(room["correspondence"] ==
        Json{{"days_per_move", 3}, {"bank_extra_hours", 12}, {"bank_cap_days", 2}});
  CHECK(room["absent_bot_s"] == 0);  // the absent bot never plays a match of weeks
  // A guest may not sit there either.
  s.send(guest, {{"type", "join_room"}, {"room", room["id"]}});
  CHECK(last(*guest, "error")["code"] == "no_correspondence");
  // Out of bounds is a bad field, as every other; the connection carries on.
  s.send(anne, {{"type", "create_room"},
                {"game", "raft-and-scupper"},
                {"correspondence", {{"days_per_move", 15}}}});
  CHECK(last(*anne, "error")["code"] == "bad_field");

  s.close();
  s.settings.correspondence_rules.on = false;
  s.open();
  auto ben = account(s, "Ben");
  s.send(ben, kByPost);
  CHECK(last(*ben, "error")["code"] == "no_correspondence");
  CHECK(last(*ben, "error")["message"] ==
        "this server does not host rooms played by correspondence");
}

STORE_TEST("a player plays at most max_matches_per_player matches by correspondence") {
  Server<Backend> s;
  s.close();
  s.settings.correspondence_rules.max_matches_per_player = 1;
  s.open();
  auto anne = account(s, "Anne");
  auto ben = account(s, "Ben");
  auto cleo = account(s, "Cleo");
  correspondence_match(s, anne, ben);
  s.send(anne, kByPost);
  CHECK(last(*anne, "error")["code"] == "too_many_correspondence_matches");
  // Counted in the store: a restart changes nothing.
  s.restart();
  s.send(ben, kByPost);
  CHECK(last(*ben, "error")["code"] == "too_many_correspondence_matches");
  // Nor may a player sit in one more.
  s.send(cleo, kByPost);
  const std::int64_t room = last(*cleo, "room")["room"]["id"];
  s.send(ben, {{"type", "join_room"}, {"room", room}});
  CHECK(last(*ben, "error")["code"] == "too_many_correspondence_matches");
  // A live room is no such match.
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  CHECK(last(*anne, "room")["room"]["correspondence"].is_null());
}

STORE_TEST("take_vacation stands still the player's clocks in every room of theirs") {
  OnClock<Backend> t;
  auto& [clock, s, anne, ben] = t;
  const std::int64_t first = correspondence_match(s, anne, ben);
  const std::int64_t second = correspondence_match(s, anne, ben);
  // Each room waits for the same seat: three days and a bank of two.
  REQUIRE(due_in(*anne, first) == 5 * kDayMs);
  REQUIRE(due_in(*anne, second) == 5 * kDayMs);
  const auto& away = waited_player(*anne, first) == anne->player() ? anne : ben;
  // Its player goes on vacation for two days from day 1: both clocks stand still.
  clock.advance_to(kDayMs);
  s.send(away, {{"type", "take_vacation"}, {"id", 1}, {"days", 2}});
  const Json vacation = last(*away, "vacation");
  CHECK(vacation["re"] == 1);
  CHECK(vacation["from_ms"] == kDayMs);
  CHECK(vacation["until_ms"] == 3 * kDayMs);
  CHECK(vacation["days_left"] == 12);
  CHECK(due_in(*anne, first) == 7 * kDayMs);
  CHECK(due_in(*anne, second) == 7 * kDayMs);
  s.store->flush();
  for (std::int64_t room : {first, second}) {
    const auto clocks = s.store->correspondence(room_of(*anne, room)["match"]).value().value();
    for (const auto& seat : clocks.seats)
      if (seat.waiting) CHECK(seat.due_ms == 7 * kDayMs);
  }
  CHECK(clock.next_due() == 7 * kDayMs);
  s.send(away, {{"type", "take_vacation"}, {"days", 13}});
  CHECK(last(*away, "error")["code"] == "too_many_vacation_days");
  CHECK(s.store->vacation(away->player()).value().days_used == 2);
  auto guest = std::make_shared<FakeClient>();
  s.send(guest, {{"type", "hello"}, {"name", "Guest"}});
  s.send(guest, {{"type", "take_vacation"}, {"days", 1}});
  CHECK(last(*guest, "error")["code"] == "no_correspondence");
}

STORE_TEST("a match by correspondence keeps its deadline across a restart") {
  OnClock<Backend> t;
  auto& [clock, s, anne, ben] = t;
  const std::int64_t room = correspondence_match(s, anne, ben);
  const std::int64_t match = room_of(*anne, room)["match"];
  REQUIRE(due_in(*anne, room) == 5 * kDayMs);
  const std::int64_t waited = waited_player(*anne, room);
  clock.advance_to(2 * kDayMs);  // two days on, the server stops and starts again
  s.restart();
  CHECK(s.recovered == 1);
  // The rebuilt room arms its deadline as stored, not five days from the restart.
  REQUIRE(s.run([&] { return clock.armed() > 0; }));
  CHECK(clock.next_due() == 5 * kDayMs);
  // It falls due then: the waited player's first vacation day (14 a year by default) is spent,
  // and the clock is due a day later, as stored.
  REQUIRE(clock.fire_next());
  CHECK(clock.now_ms() == 5 * kDayMs);
  REQUIRE(s.run([&] {
    s.store->flush();
    const auto clocks = s.store->correspondence(match).value();
    return clocks &&
           (clocks->seats[0].due_ms == 6 * kDayMs || clocks->seats[1].due_ms == 6 * kDayMs);
  }));
  CHECK(s.store->vacation(waited).value().days_used == 1);
  CHECK(s.store->actions(match).value().empty());
}

}  // namespace tortuga::testing
