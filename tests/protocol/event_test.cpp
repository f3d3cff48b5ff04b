#include <doctest/doctest.h>

#include <string>

#include "protocol/command.hpp"
#include "protocol/event.hpp"

using namespace tortuga;
using namespace tortuga::protocol;

namespace {
Json read(const std::string& text) {
  return Json::parse(text);
}
}  // namespace

TEST_CASE("events put type first and re only when the request had an id") {
  auto with = event::pong(Json("r1"));
  CHECK(with == R"({"type":"pong","re":"r1"})");
  CHECK(event::pong(nullptr) == R"({"type":"pong"})");
  CHECK(event::pong(Json(7)) == R"({"type":"pong","re":7})");
}

TEST_CASE("the id a request carried comes back as re, verbatim") {
  for (const char* id : {"\"abc\"", "0", "-12", "2.5", "18446744073709551615", "\"\\u00e9\""}) {
    auto parsed = parse_command(std::string(R"({"type":"sync","match":"oops","id":)") + id + "}");
    auto reply = read(event::error(parsed.id, parsed.command.error()));
    CHECK(reply["re"] == Json::parse(id));
    CHECK(reply["code"] == code::kBadField);
  }
}

TEST_CASE("every builder gives its message with the documented fields") {
  Json game = {{"id", "scalawag"}, {"name", "Scalawag!"}};
  auto m = read(event::welcome(Json(1), {{"id", 4}, {"name", "Anne"}}, false, "tok",
                               Json::array({game}).dump(), {{"absent_bot_s", 30}},
                               {{"max_rooms_per_player", 4}}));
  CHECK(m == Json{{"type", "welcome"},
                  {"re", 1},
                  {"player", {{"id", 4}, {"name", "Anne"}}},
                  {"account", false},
                  {"token", "tok"},
                  {"protocol", kProtocolVersion},
                  {"games", {game}},
                  {"room_defaults", {{"absent_bot_s", 30}}},
                  {"limits", {{"max_rooms_per_player", 4}}}});

  CHECK(read(event::rooms(nullptr, Json::array(), 1795249339956)) ==
        Json{{"type", "rooms"}, {"rooms", Json::array()}, {"now_ms", 1795249339956}});
  CHECK(read(event::rooms_changed(Json::array({{{"id", 3}}}), Json::array({4}), 7)) ==
        Json{{"type", "rooms_changed"},
             {"rooms", Json::array({{{"id", 3}}})},
             {"gone", Json::array({4})},
             {"now_ms", 7}});
  CHECK(read(event::lobby_unwatched(Json("w"))) == Json{{"type", "lobby_unwatched"}, {"re", "w"}});

  Json room = {{"id", 3}, {"game", "scalawag"}, {"status", "open"}};
  m = read(event::room(nullptr, room, 2, false));
  CHECK(m == Json{{"type", "room"}, {"room", room}, {"you", {{"seat", 2}, {"spectator", false}}}});
  m = read(event::room(Json("x"), room, std::nullopt, true));
  CHECK(m["you"] == Json{{"seat", nullptr}, {"spectator", true}});
  CHECK(m["re"] == "x");

  CHECK(read(event::left(Json(5), 3)) == Json{{"type", "left"}, {"re", 5}, {"room", 3}});

  Json view = {{"seat", 0}, {"legal", Json::array()}};
  CHECK(read(event::state(nullptr, 9, 4, view)) ==
        Json{{"type", "state"}, {"match", 9}, {"version", 4}, {"view", view}});
  CHECK(event::state_of_text("s", 9, 4, view.dump()) ==
        R"({"type":"state","re":"s","match":9,"version":4,"view":)" + view.dump() + "}");
  CHECK(read(event::applied(Json("a"), 9, 5)) ==
        Json{{"type", "applied"}, {"re", "a"}, {"match", 9}, {"version", 5}});
  Json ops = Json::array({{{"op", "replace"}, {"path", "/step"}, {"value", 5}}});
  CHECK(
      event::patch(9, 5, ops) ==
      R"({"type":"patch","match":9,"version":5,"ops":[{"op":"replace","path":"/step","value":5}]})");

  CHECK(read(event::matches(Json(2), Json::array())) ==
        Json{{"type", "matches"}, {"re", 2}, {"matches", Json::array()}});
  CHECK(read(event::match(nullptr, {{"id", 9}})) ==
        Json{{"type", "match"}, {"match", {{"id", 9}}}});
  const Json line = {{"player", 4},     {"name", "Anne"}, {"seat", 0},   {"match", nullptr},
                     {"step", nullptr}, {"text", "ahoy"}, {"time_ms", 1}};
  const Json replayed = {{"match", 9},
                         {"seat", nullptr},
                         {"revealed", true},
                         {"steps", Json::array()},
                         {"chat", Json::array({line})}};
  Json expected = replayed;
  expected["type"] = "replay";
  expected["re"] = 4;
  CHECK(read(event::replay_of_text(4, replayed.dump())) == expected);
  CHECK(read(event::chat(3, line)) == Json{{"type", "chat"}, {"room", 3}, {"line", line}});
  CHECK(read(event::chat_log(3, Json::array({line}))) ==
        Json{{"type", "chat_log"}, {"room", 3}, {"lines", Json::array({line})}});
  CHECK(read(event::mutes(Json(5), 3, Json::array({4}))) ==
        Json{{"type", "mutes"}, {"re", 5}, {"room", 3}, {"muted", Json::array({4})}});

  m = read(event::error(nullptr, code::kRoomFull, "every seat of room 3 is taken"));
  CHECK(m == Json{{"type", "error"},
                  {"code", "room_full"},
                  {"message", "every seat of room 3 is taken"}});
  // An error whose words name values carries them as params, after the English message.
  m = read(event::error(Json("c1"),
                        Error{code::kChatTooLong, "too long", {{"max", 500}, {"length", 612}}}));
  CHECK(m == Json{{"type", "error"},
                  {"re", "c1"},
                  {"code", "chat_too_long"},
                  {"message", "too long"},
                  {"params", {{"max", 500}, {"length", 612}}}});
}

TEST_CASE("builders escape what they are given and never throw on invalid UTF-8") {
  auto m = event::error(nullptr, code::kInternal, "quote \" backslash \\ newline \n");
  CHECK(read(m)["message"] == "quote \" backslash \\ newline \n");
  std::string broken = "bad \xff byte";
  std::string out;
  CHECK_NOTHROW(out = event::error(nullptr, code::kInternal, broken));
  CHECK(read(out)["message"] == "bad \xef\xbf\xbd byte");
  CHECK_NOTHROW(out = event::state(nullptr, 1, 1, {{"name", broken}}));
  CHECK(read(out)["view"]["name"] == "bad \xef\xbf\xbd byte");
}

TEST_CASE("a patch whose ops come in a shared serialized part and an own part joins them") {
  using tortuga::protocol::Json;
  namespace event = tortuga::protocol::event;
  const Json shared = Json::parse(R"([{"op":"replace","path":"/a","value":1}])");
  const Json own = Json::parse(R"([{"op":"add","path":"/b","value":[2]}])");
  Json whole = shared;
  whole.push_back(own[0]);
  CHECK(event::patch(4, 9, shared.dump(), own.dump()) == event::patch(4, 9, whole));
  CHECK(Json::parse(event::patch(4, 9, "[]", own.dump()))["ops"] == own);
  CHECK(Json::parse(event::patch(4, 9, shared.dump(), "[]"))["ops"] == shared);
  CHECK(Json::parse(event::patch(4, 9, "[]", "[]"))["ops"] == Json::array());
}

TEST_CASE("the sender's copy of a pushed message answers its request with re after the type") {
  const std::string pushed = event::patch(4, 9, "[]", R"([{"op":"remove","path":"/a"}])");
  CHECK(event::answering(7, pushed) ==
        R"({"type":"patch","re":7,"match":4,"version":9,"ops":[{"op":"remove","path":"/a"}]})");
  // An id is the client's own value, echoed as JSON: a string is quoted and escaped.
  const Json answered = Json::parse(event::answering("a\"b", pushed));
  CHECK(answered["re"] == "a\"b");
  CHECK(answered["ops"] == Json::parse(pushed)["ops"]);
  CHECK(event::answering(nullptr, pushed) == pushed);  // no id: nothing to answer
}
