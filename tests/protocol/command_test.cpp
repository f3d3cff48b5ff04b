#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "protocol/command.hpp"

using namespace tortuga;
using namespace tortuga::protocol;

namespace {

template <class T>
T parse_as(const std::string& text) {
  INFO(text);
  auto parsed = parse_command(text);
  if (!parsed.command) FAIL(parsed.command.error().code << ": " << parsed.command.error().message);
  REQUIRE(std::holds_alternative<T>(*parsed.command));
  return std::get<T>(*parsed.command);
}

Error refusal(const std::string& text) {
  auto parsed = parse_command(text);
  REQUIRE_FALSE(parsed.command.ok());
  return parsed.command.error();
}

// The refusal has this code and its message names this field (quoted, as the messages write it).
void check_refused(const std::string& text, const char* code, const std::string& field) {
  INFO(text);
  auto e = refusal(text);
  CHECK(e.code == code);
  if (!field.empty())
    CHECK_MESSAGE(e.message.find("\"" + field + "\"") != std::string::npos, e.message);
}

}  // namespace

TEST_CASE("hello parses its name, trimmed, and its optional token") {
  auto h = parse_as<Hello>(R"({"type":"hello","name":"  Anne Bonny\t"})");
  CHECK(h.name == "Anne Bonny");
  CHECK_FALSE(h.token);
  h = parse_as<Hello>(R"({"type":"hello","name":"Mary","token":"abc123"})");
  CHECK(h.name == "Mary");
  REQUIRE(h.token);
  CHECK(*h.token == "abc123");
  h = parse_as<Hello>(R"({"type":"hello","name":"Mary","token":null})");
  CHECK_FALSE(h.token);
}

TEST_CASE("a name's length is counted in characters, not bytes") {
  std::string e_acute = "\xc3\xa9";
  std::string name32, name33;
  for (int i = 0; i < 32; ++i) name32 += e_acute;
  name33 = name32 + e_acute;
  CHECK(parse_as<Hello>(R"({"type":"hello","name":")" + name32 + "\"}").name == name32);
  check_refused(R"({"type":"hello","name":")" + name33 + "\"}", code::kBadField, "name");
  // Ideographic spaces around the name are trimmed too.
  CHECK(parse_as<Hello>("{\"type\":\"hello\",\"name\":\"\xe3\x80\x80"
                        "Ching Shih\xe3\x80\x80\"}")
            .name == "Ching Shih");
}

TEST_CASE("list_rooms parses an optional game filter") {
  CHECK_FALSE(parse_as<ListRooms>(R"({"type":"list_rooms"})").game);
  CHECK(*parse_as<ListRooms>(R"({"type":"list_rooms","game":"scalawag"})").game == "scalawag");
}

TEST_CASE("watch_lobby parses an optional game filter; unwatch_lobby has no fields") {
  CHECK_FALSE(parse_as<WatchLobby>(R"({"type":"watch_lobby"})").game);
  CHECK_FALSE(parse_as<WatchLobby>(R"({"type":"watch_lobby","game":null})").game);
  CHECK(*parse_as<WatchLobby>(R"({"type":"watch_lobby","game":"colpaccio"})").game == "colpaccio");
  parse_as<UnwatchLobby>(R"({"type":"unwatch_lobby","id":3})");
}

TEST_CASE("create_room parses game, options and private, with defaults") {
  auto c = parse_as<CreateRoom>(
      R"({"type":"create_room","game":"scalawag","options":{"players":4},"private":true})");
  CHECK(c.game == "scalawag");
  CHECK(c.options == Json{{"players", 4}});
  CHECK(c.is_private);
  c = parse_as<CreateRoom>(R"({"type":"create_room","game":"riff-raff"})");
  CHECK(c.options == Json::object());
  CHECK_FALSE(c.is_private);
  CHECK_FALSE(c.absent_bot_s);  // the server's default
  CHECK(*parse_as<CreateRoom>(R"({"type":"create_room","game":"riff-raff","absent_bot_s":0})")
             .absent_bot_s == 0);
  CHECK(*parse_as<CreateRoom>(R"({"type":"create_room","game":"riff-raff","absent_bot_s":3600})")
             .absent_bot_s == 3600);
}

TEST_CASE("create_room plays by correspondence when asked, with the bank's defaults") {
  CHECK_FALSE(parse_as<CreateRoom>(R"({"type":"create_room","game":"scalawag"})").correspondence);
  CHECK_FALSE(
      parse_as<CreateRoom>(R"({"type":"create_room","game":"scalawag","correspondence":null})")
          .correspondence);
  auto c = parse_as<CreateRoom>(
      R"({"type":"create_room","game":"scalawag","correspondence":{"days_per_move":3}})");
  CHECK(c.correspondence == Correspondence{3, 12, 7});
  c = parse_as<CreateRoom>(R"({"type":"create_room","game":"scalawag","correspondence":)"
                           R"({"days_per_move":14,"bank_extra_hours":0,"bank_cap_days":28}})");
  CHECK(c.correspondence == Correspondence{14, 0, 28});
}

TEST_CASE("join_room and watch_room take a room id or a join code") {
  auto j = parse_as<JoinRoom>(R"({"type":"join_room","room":17,"seat":2})");
  CHECK(std::get<std::int64_t>(j.room) == 17);
  CHECK(*j.seat == 2);
  j = parse_as<JoinRoom>(R"({"type":"join_room","room":"K7QX"})");
  CHECK(std::get<std::string>(j.room) == "K7QX");
  CHECK_FALSE(j.seat);
  CHECK(std::get<std::int64_t>(parse_as<WatchRoom>(R"({"type":"watch_room","room":3})").room) == 3);
  CHECK(std::get<std::string>(parse_as<WatchRoom>(R"({"type":"watch_room","room":"AB"})").room) ==
        "AB");
}

TEST_CASE("add_bot parses room, seat and bot kind, defaulting to the smart bot") {
  auto b = parse_as<AddBot>(R"({"type":"add_bot","room":5,"seat":1,"bot":"random"})");
  CHECK(b.room == 5);
  CHECK(*b.seat == 1);
  CHECK(b.bot == "random");
  b = parse_as<AddBot>(R"({"type":"add_bot","room":5})");
  CHECK_FALSE(b.seat);
  CHECK(b.bot == "smart");
  // Every level a game may offer is read here; the room refuses one its game does not make.
  CHECK(parse_as<AddBot>(R"({"type":"add_bot","room":5,"bot":"strong"})").bot == "strong");
  CHECK(parse_as<StandIn>(R"({"type":"stand_in","room":5,"seat":1,"bot":"strong"})").bot ==
        "strong");
}

TEST_CASE("leave_room, start, sync and get_match parse their ids") {
  CHECK(parse_as<LeaveRoom>(R"({"type":"leave_room","room":8})").room == 8);
  CHECK(parse_as<Start>(R"({"type":"start","room":9})").room == 9);
  CHECK(parse_as<Sync>(R"({"type":"sync","match":10})").match == 10);
  CHECK(parse_as<GetMatch>(R"({"type":"get_match","match":9223372036854775807})").match ==
        9223372036854775807LL);
}

TEST_CASE("action parses the match and keeps the action object as sent") {
  auto a = parse_as<Act>(
      R"({"type":"action","match":12,"action":{"type":"jump","from":3,"to":[1,"x"]}})");
  CHECK(a.match == 12);
  CHECK(a.action == Json{{"type", "jump"}, {"from", 3}, {"to", {1, "x"}}});
}

TEST_CASE("list_matches parses every filter, and limit defaults to 50") {
  auto l = parse_as<ListMatches>(
      R"({"type":"list_matches","game":"colpaccio","player":4,"status":"finished","limit":200,"before":99})");
  CHECK(*l.game == "colpaccio");
  CHECK(*l.player == 4);
  CHECK(*l.status == "finished");
  CHECK(l.limit == 200);
  CHECK(*l.before == 99);
  l = parse_as<ListMatches>(R"({"type":"list_matches"})");
  CHECK_FALSE(l.game);
  CHECK_FALSE(l.player);
  CHECK_FALSE(l.status);
  CHECK(l.limit == kDefaultMatchLimit);
  CHECK_FALSE(l.before);
}

TEST_CASE("get_replay parses the match and an optional seat") {
  auto r = parse_as<GetReplay>(R"({"type":"get_replay","match":3,"seat":0})");
  CHECK(r.match == 3);
  CHECK(*r.seat == 0);
  CHECK_FALSE(parse_as<GetReplay>(R"({"type":"get_replay","match":3})").seat);
}

TEST_CASE("ping parses, and unknown extra fields are ignored everywhere") {
  parse_as<Ping>(R"({"type":"ping"})");
  parse_as<Ping>(R"({"type":"ping","colour":"red","n":[1,2]})");
  CHECK(parse_as<Sync>(R"({"type":"sync","match":1,"extra":{"a":1}})").match == 1);
}

TEST_CASE("type_name gives each command's wire type") {
  CHECK(type_name(*parse_command(R"({"type":"action","match":1,"action":{}})").command) ==
        "action");
  CHECK(type_name(*parse_command(R"({"type":"get_replay","match":1})").command) == "get_replay");
  CHECK(type_name(*parse_command(R"({"type":"hello","name":"x"})").command) == "hello");
  CHECK(type_name(*parse_command(R"({"type":"ping"})").command) == "ping");
}

TEST_CASE("text that is not a JSON object is bad_json") {
  for (const char* text : {"", " ", "hello", "{", "{\"type\":\"ping\"", "{\"type\":\"ping\"} x",
                           "[]", "[{\"type\":\"ping\"}]", "\"ping\"", "42", "null", "true",
                           "{'type':'ping'}", "{\"type\":\"ping\",}", "{\"type\":\"ping\"}{}",
                           "/* c */{\"type\":\"ping\"}", "{\"type\":\"p\\u00\"}"}) {
    INFO(text);
    CHECK(refusal(text).code == code::kBadJson);
  }
}

TEST_CASE("invalid UTF-8 and lone surrogates are bad_json") {
  for (std::string text : {std::string("{\"type\":\"hello\",\"name\":\"\xff\"}"),
                           std::string("{\"type\":\"hello\",\"name\":\"\xc3\"}"),
                           std::string("{\"type\":\"hello\",\"name\":\"\xed\xa0\x80\"}"),
                           std::string("{\"type\":\"hello\",\"name\":\"\\ud800\"}"),
                           std::string("{\"type\":\"hello\",\"name\":\"\\udc00x\"}"),
                           std::string("{\"type\":\"hello\",\"na\0me\":\"x\"}", 28)}) {
    INFO(text);
    CHECK(refusal(text).code == code::kBadJson);
  }
}

TEST_CASE("a key given twice is bad_json, at any depth, and names the key") {
  auto e = refusal(R"({"type":"ping","type":"hello","name":"x"})");
  CHECK(e.code == code::kBadJson);
  CHECK(e.message.find("\"type\"") != std::string::npos);
  CHECK(refusal(R"({"type":"action","match":1,"action":{"type":"a","type":"b"}})").code ==
        code::kBadJson);
  // The same key in sibling objects is fine.
  parse_as<Act>(R"({"type":"action","match":1,"action":{"a":{"k":1},"b":{"k":2}}})");
}

TEST_CASE("nesting is accepted up to kMaxDepth levels and refused past it") {
  auto nested = [](int levels) {  // the message object, the action object, then arrays
    std::string text = R"({"type":"action","match":1,"action":{"deep":)";
    for (int i = 2; i < levels; ++i) text += "[";
    text += "0";
    for (int i = 2; i < levels; ++i) text += "]";
    return text + "}}";
  };
  parse_as<Act>(nested(kMaxDepth));
  auto e = refusal(nested(kMaxDepth + 1));
  CHECK(e.code == code::kBadJson);
  CHECK(e.message.find("nested") != std::string::npos);
  // Far deeper than any stack would allow, and unterminated.
  CHECK(refusal(std::string(1000000, '[')).code == code::kBadJson);
  CHECK(refusal("{\"a\":" + std::string(500000, '{')).code == code::kBadJson);
}

TEST_CASE("a missing or non-string type is bad_field naming type") {
  check_refused(R"({})", code::kBadField, "type");
  check_refused(R"({"name":"x"})", code::kBadField, "type");
  check_refused(R"({"type":7})", code::kBadField, "type");
  check_refused(R"({"type":null})", code::kBadField, "type");
  check_refused(R"({"type":["ping"]})", code::kBadField, "type");
}

TEST_CASE("an unknown type is unknown_type and quotes it, shortened if long") {
  auto e = refusal(R"({"type":"dance"})");
  CHECK(e.code == code::kUnknownType);
  CHECK(e.message.find("\"dance\"") != std::string::npos);
  CHECK(refusal(R"({"type":"Ping"})").code == code::kUnknownType);
  CHECK(refusal(R"({"type":""})").code == code::kUnknownType);
  e = refusal("{\"type\":\"" + std::string(5000, 'x') + "\"}");
  CHECK(e.code == code::kUnknownType);
  CHECK(e.message.size() < 200);
}

TEST_CASE("every malformed field is bad_field and the message names the field") {
  struct Case {
    const char* text;
    const char* field;
  };
  const Case cases[] = {
      // hello
      {R"({"type":"hello"})", "name"},
      {R"({"type":"hello","name":5})", "name"},
      {R"({"type":"hello","name":null})", "name"},
      {R"({"type":"hello","name":""})", "name"},
      {R"({"type":"hello","name":"   "})", "name"},
      {R"({"type":"hello","name":"123456789012345678901234567890123"})", "name"},
      {R"({"type":"hello","name":"Anne\u0000Bonny"})", "name"},
      {R"({"type":"hello","name":"Anne\nBonny"})", "name"},
      {R"({"type":"hello","name":"Anne\u007fBonny"})", "name"},
      {R"({"type":"hello","name":"Anne\u0085Bonny"})", "name"},
      {R"({"type":"hello","name":"\u202eynnoB"})", "name"},
      {R"({"type":"hello","name":"\u061cAnne"})", "name"},
      {R"({"type":"hello","name":"\u200b"})", "name"},
      {R"({"type":"hello","name":"Anne","token":5})", "token"},
      {R"({"type":"hello","name":"Anne","token":{}})", "token"},
      // list_rooms
      {R"({"type":"list_rooms","game":1})", "game"},
      // watch_lobby
      {R"({"type":"watch_lobby","game":true})", "game"},
      {R"({"type":"watch_lobby","game":["scalawag"]})", "game"},
      // create_room
      {R"({"type":"create_room"})", "game"},
      {R"({"type":"create_room","game":""})", "game"},
      {R"({"type":"create_room","game":["scalawag"]})", "game"},
      {R"({"type":"create_room","game":"scalawag","options":[]})", "options"},
      {R"({"type":"create_room","game":"scalawag","options":"players=4"})", "options"},
      {R"({"type":"create_room","game":"scalawag","private":"yes"})", "private"},
      {R"({"type":"create_room","game":"scalawag","private":1})", "private"},
      {R"({"type":"create_room","game":"scalawag","absent_bot_s":-1})", "absent_bot_s"},
      {R"({"type":"create_room","game":"scalawag","absent_bot_s":3601})", "absent_bot_s"},
      {R"({"type":"create_room","game":"scalawag","absent_bot_s":1.5})", "absent_bot_s"},
      {R"({"type":"create_room","game":"scalawag","absent_bot_s":"30"})", "absent_bot_s"},
      {R"({"type":"create_room","game":"scalawag","correspondence":3})", "correspondence"},
      {R"({"type":"create_room","game":"scalawag","correspondence":{}})",
       "correspondence.days_per_move"},
      {R"({"type":"create_room","game":"scalawag","correspondence":{"days_per_move":0}})",
       "correspondence.days_per_move"},
      {R"({"type":"create_room","game":"scalawag","correspondence":{"days_per_move":15}})",
       "correspondence.days_per_move"},
      {R"({"type":"create_room","game":"scalawag","correspondence":{"days_per_move":1.5}})",
       "correspondence.days_per_move"},
      {R"({"type":"create_room","game":"scalawag","correspondence":)"
       R"({"days_per_move":2,"bank_extra_hours":169}})",
       "correspondence.bank_extra_hours"},
      {R"({"type":"create_room","game":"scalawag","correspondence":)"
       R"({"days_per_move":2,"bank_cap_days":-1}})",
       "correspondence.bank_cap_days"},
      {R"({"type":"create_room","game":"scalawag","correspondence":)"
       R"({"days_per_move":2,"hours_per_move":5}})",
       "hours_per_move"},
      // join_room, watch_room
      {R"({"type":"join_room"})", "room"},
      {R"({"type":"join_room","room":null})", "room"},
      {R"({"type":"join_room","room":true})", "room"},
      {R"({"type":"join_room","room":0})", "room"},
      {R"({"type":"join_room","room":-1})", "room"},
      {R"({"type":"join_room","room":1.5})", "room"},
      {R"({"type":"join_room","room":""})", "room"},
      {R"({"type":"join_room","room":{"id":1}})", "room"},
      {R"({"type":"join_room","room":1,"seat":-1})", "seat"},
      {R"({"type":"join_room","room":1,"seat":"1"})", "seat"},
      {R"({"type":"join_room","room":1,"seat":2147483648})", "seat"},
      {R"({"type":"join_room","room":1,"seat":1.0})", "seat"},
      {R"({"type":"join_room","room":1,"seat":1e0})", "seat"},
      {R"({"type":"watch_room"})", "room"},
      {R"({"type":"watch_room","room":[1]})", "room"},
      // add_bot
      {R"({"type":"add_bot"})", "room"},
      {R"({"type":"add_bot","room":"K7QX"})", "room"},
      {R"({"type":"add_bot","room":1,"seat":-3})", "seat"},
      {R"({"type":"add_bot","room":1,"bot":"clever"})", "bot"},
      {R"({"type":"add_bot","room":1,"bot":1})", "bot"},
      // leave_room, start
      {R"({"type":"leave_room"})", "room"},
      {R"({"type":"leave_room","room":"1"})", "room"},
      {R"({"type":"start"})", "room"},
      {R"({"type":"start","room":0})", "room"},
      // action
      {R"({"type":"action","action":{"type":"pass"}})", "match"},
      {R"({"type":"action","match":1})", "action"},
      {R"({"type":"action","match":"1","action":{}})", "match"},
      // sync, numbers at and past the edges of 64 bits
      {R"({"type":"sync"})", "match"},
      {R"({"type":"sync","match":0})", "match"},
      {R"({"type":"sync","match":-5})", "match"},
      {R"({"type":"sync","match":-9223372036854775808})", "match"},
      {R"({"type":"sync","match":9223372036854775808})", "match"},
      {R"({"type":"sync","match":18446744073709551615})", "match"},
      {R"({"type":"sync","match":99999999999999999999999})", "match"},
      {R"({"type":"sync","match":1e-400})", "match"},
      {R"({"type":"sync","match":0.5})", "match"},
      {R"({"type":"sync","match":false})", "match"},
      // list_matches
      {R"({"type":"list_matches","game":7})", "game"},
      {R"({"type":"list_matches","player":0})", "player"},
      {R"({"type":"list_matches","player":"4"})", "player"},
      {R"({"type":"list_matches","status":"done"})", "status"},
      {R"({"type":"list_matches","status":"RUNNING"})", "status"},
      {R"({"type":"list_matches","limit":0})", "limit"},
      {R"({"type":"list_matches","limit":201})", "limit"},
      {R"({"type":"list_matches","limit":10.5})", "limit"},
      {R"({"type":"list_matches","before":0})", "before"},
      {R"({"type":"list_matches","before":[]})", "before"},
      // get_match, get_replay
      {R"({"type":"get_match"})", "match"},
      {R"({"type":"get_match","match":{}})", "match"},
      {R"({"type":"get_replay"})", "match"},
      {R"({"type":"get_replay","match":1,"seat":-1})", "seat"},
      {R"({"type":"get_replay","match":1,"seat":true})", "seat"},
      // id
      {R"({"type":"ping","id":{"n":1}})", "id"},
      {R"({"type":"ping","id":[1]})", "id"},
      {R"({"type":"ping","id":true})", "id"},
  };
  for (const auto& c : cases) check_refused(c.text, code::kBadField, c.field);
}

TEST_CASE("an action that is not an object is bad_action, in the words of every game's refusal") {
  // The same code and wording as the games give an action without a type or with a field too
  // many (rules/core/error.hpp), so that every mistake inside an action reads alike.
  for (const char* text : {R"({"type":"action","match":1,"action":null})",
                           R"({"type":"action","match":1,"action":"pass"})",
                           R"({"type":"action","match":1,"action":7})",
                           R"({"type":"action","match":1,"action":[{"type":"pass"}]})"}) {
    INFO(text);
    const Error e = refusal(text);
    CHECK(e.code == code::kBadAction);
    CHECK(e.message == not_an_object().message);
    CHECK(e.message == "an action must be a JSON object");
  }
  // The message's own fields are still the message's: a missing action is a missing field.
  check_refused(R"({"type":"action","match":1})", code::kBadField, "action");
}

TEST_CASE("number errors say what is wrong with the number") {
  CHECK(refusal(R"({"type":"sync","match":0.5})").message.find("fraction") != std::string::npos);
  CHECK(refusal(R"({"type":"sync","match":1e30})").message.find("at most 9223372036854775807") !=
        std::string::npos);
  // Past the range of a double the JSON parser itself refuses the number, without echoing it.
  auto e = refusal(R"({"type":"sync","match":1e400})");
  CHECK(e.code == code::kBadJson);
  CHECK(e.message.find("too large") != std::string::npos);
  CHECK(e.message.find("1e400") == std::string::npos);
  CHECK(refusal(R"({"type":"ping","id":-1e400})").code == code::kBadJson);
  CHECK(refusal(R"({"type":"sync","match":3.0})").message.find("without a fraction") !=
        std::string::npos);
  CHECK(refusal(R"({"type":"list_matches","limit":500})").message.find("at most 200") !=
        std::string::npos);
  CHECK(refusal(R"({"type":"sync","match":-3})").message.find("at least 1") != std::string::npos);
  CHECK(refusal(R"({"type":"sync","match":9223372036854775808})").message.find("at most") !=
        std::string::npos);
  CHECK(refusal(R"({"type":"sync","match":"1"})").message.find("not a string") !=
        std::string::npos);
}

TEST_CASE("the id is echoed, whatever the fate of the command, when it can be read") {
  CHECK(parse_command(R"({"type":"ping","id":"r-1"})").id == "r-1");
  CHECK(parse_command(R"({"type":"ping","id":42})").id == 42);
  CHECK(parse_command(R"({"type":"ping","id":-7})").id == -7);
  CHECK(parse_command(R"({"type":"ping","id":2.5})").id == 2.5);
  CHECK(parse_command(R"({"type":"ping","id":18446744073709551615})").id.dump() ==
        "18446744073709551615");
  CHECK(parse_command(R"({"type":"ping","id":""})").id == "");
  // Absent or null: nothing to echo.
  CHECK(parse_command(R"({"type":"ping"})").id.is_null());
  CHECK(parse_command(R"({"type":"ping","id":null})").id.is_null());
  // Echoed with every kind of refusal that comes after the id was read.
  auto p = parse_command(R"({"id":9,"type":"sync","match":"x"})");
  CHECK(p.id == 9);
  CHECK(p.command.error().code == code::kBadField);
  p = parse_command(R"({"id":"a","type":"sail"})");
  CHECK(p.id == "a");
  CHECK(p.command.error().code == code::kUnknownType);
  p = parse_command(R"({"id":"b"})");
  CHECK(p.id == "b");
  CHECK(p.command.error().code == code::kBadField);
  // Unreadable: not JSON, or an id that is neither string nor number.
  CHECK(parse_command(R"({"id":5,"type":"ping")").id.is_null());
  CHECK(parse_command(R"({"id":{"x":1},"type":"ping"})").id.is_null());
}

TEST_CASE("peek_id reads the top-level id of a message that is not parsed") {
  constexpr std::size_t kAll = 1 << 20;
  CHECK(peek_id(R"({"type":"ping","id":"r-1"})", kAll) == "r-1");
  CHECK(peek_id(R"({"id":42,"type":"ping"})", kAll) == 42);
  CHECK(peek_id(R"({"id":-7})", kAll) == -7);
  CHECK(peek_id(R"({"id":2.5})", kAll) == 2.5);
  CHECK(peek_id(R"({"id":18446744073709551615})", kAll).dump() == "18446744073709551615");
  // The same id parse_command would echo, also behind values of every kind.
  const std::string late = R"({"action":{"type":"jump","to":[1,2],"id":"inner"},"list":[{"id":3}],)"
                           R"("flag":true,"none":null,"n":1e3,"id":"outer","type":"action"})";
  CHECK(peek_id(late, kAll) == "outer");
  CHECK(peek_id(late, kAll) == parse_command(late).id);
  // Nothing is read past the id: what follows it may be cut off or not JSON at all.
  CHECK(peek_id(R"({"id":"early","pad":"xxxxxxxx)", kAll) == "early");
  CHECK(peek_id(R"({"id":9,}}}]]] not json)", kAll) == 9);
}

TEST_CASE("peek_id finds no id where there is none to echo") {
  constexpr std::size_t kAll = 1 << 20;
  // An "id" inside another value is not the message's.
  CHECK(peek_id(R"({"action":{"id":5},"type":"action"})", kAll).is_null());
  CHECK(peek_id(R"({"list":[{"id":5}],"type":"ping"})", kAll).is_null());
  CHECK(peek_id(R"([{"id":5}])", kAll).is_null());
  CHECK(peek_id(R"("id")", kAll).is_null());
  // An id that is neither string nor number, and no id at all.
  CHECK(peek_id(R"({"id":{"id":5}})", kAll).is_null());
  CHECK(peek_id(R"({"id":[5]})", kAll).is_null());
  CHECK(peek_id(R"({"id":true})", kAll).is_null());
  CHECK(peek_id(R"({"id":null})", kAll).is_null());
  CHECK(peek_id(R"({"type":"ping"})", kAll).is_null());
  // The text stops being JSON before the id.
  CHECK(peek_id(R"({"type":"ping",,"id":5})", kAll).is_null());
  CHECK(peek_id("{\"pad\":\"\xff\",\"id\":5}", kAll).is_null());
  CHECK(peek_id("not json", kAll).is_null());
  CHECK(peek_id("", kAll).is_null());
  // Nesting past kMaxDepth before the id, as parse_command refuses it.
  const std::string deep =
      R"({"pad":)" + std::string(kMaxDepth, '[') + std::string(kMaxDepth, ']') + R"(,"id":5})";
  CHECK(peek_id(deep, kAll).is_null());
  CHECK(parse_command(deep).id.is_null());
  const std::string shallow = R"({"pad":)" + std::string(kMaxDepth - 1, '[') +
                              std::string(kMaxDepth - 1, ']') + R"(,"id":5})";
  CHECK(peek_id(shallow, kAll) == 5);
  CHECK(parse_command(shallow).id == 5);
}

TEST_CASE("peek_id looks no further than max_bytes, and never reads an id cut short") {
  const std::string text = R"({"type":"ping","id":"abc","pad":"xxxx"})";
  const std::size_t id_end = text.find("\"abc\"") + 5;
  CHECK(peek_id(text, id_end) == "abc");
  CHECK(peek_id(text, id_end - 1).is_null());  // the string's closing quote is past the limit
  CHECK(peek_id(text, text.find("\"id\"")).is_null());

  // A number cut at the limit would read as a smaller one: it is not read at all.
  const std::string number = R"({"id":12345,"type":"ping"})";
  const std::size_t digits = number.find("12345");
  for (std::size_t limit = digits; limit <= digits + 5; ++limit) {
    INFO("limit " << limit);
    CHECK(peek_id(number, limit).is_null());
  }
  CHECK(peek_id(number, digits + 6) == 12345);
  CHECK(peek_id(R"({"id":-1.5e3,"type":"ping"})", 12).is_null());
  CHECK(peek_id(R"({"id":-1.5e3 ,"type":"ping"})", 13) == -1500.0);
  CHECK(peek_id(R"({"id":-1.5e3,"type":"ping"})", 13) == -1500.0);
}
