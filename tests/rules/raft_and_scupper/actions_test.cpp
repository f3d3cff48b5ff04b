// Every malformed action is refused as bad_action with a precise message, every well-formed but
// forbidden one as illegal_action, apply() never throws whatever the JSON, and a refused action
// leaves the state exactly as it was.
#include "tests/rules/raft_and_scupper/support.hpp"

#include <limits>

using namespace raft_and_scupper_test;

namespace {

const std::vector<std::string> kBoard = {".   Gs  .",   //
                                         "Sr  Gr0 Ss",  //
                                         ".   Ss2 Gr1"};

}  // namespace

TEST_CASE("malformed actions are refused as bad_action, saying what is wrong") {
  auto state = at_sea(kBoard);
  check_malformed(*state, nullptr, "JSON object");
  check_malformed(*state, 42, "JSON object");
  check_malformed(*state, "pass", "JSON object");
  check_malformed(*state, Json::array({pass()}), "JSON object");
  check_malformed(*state, Json::object(), "\"type\"");
  check_malformed(*state, {{"type", 5}}, "\"type\"");
  check_malformed(*state, {{"type", "fly"}}, "unknown action type \"fly\"");
  check_malformed(*state, {{"type", "timeout"}}, "unknown action type");
  // A client's bytes come back JSON-escaped and short, whatever they were.
  const Error odd = refuse(*state, {{"type", std::string("\xff\x01") + std::string(100, 'x')}});
  CHECK(odd.message.find("\"\\ufffd\\u0001xxxx") != std::string::npos);
  CHECK(odd.message.find("xxx\"...") != std::string::npos);
  CHECK_NOTHROW(Json(odd.message).dump());
  check_malformed(*state, {{"type", "pass"}, {"pirate", 0}}, "unexpected field \"pirate\"");
  check_malformed(*state, {{"type", "jump"}, {"pirate", 0}}, "missing \"to\"");
  check_malformed(*state, {{"type", "jump"}, {"to", at(1, 0)}}, "missing \"pirate\"");
  check_malformed(*state, {{"type", "scupper"}, {"at", at(1, 0)}, {"by", "me"}},
                  "unexpected field \"by\"");
  for (Json pirate : {Json("0"), Json(0.5), Json(-1), Json(4), Json(1e30), Json(nullptr),
                      Json(true), Json::array({0}), Json(std::numeric_limits<std::uint64_t>::max()),
                      Json(std::numeric_limits<std::int64_t>::min())})
    check_malformed(*state, {{"type", "jump"}, {"pirate", pirate}, {"to", at(1, 0)}},
                    "\"pirate\" must be an integer from 0 to 3");
  for (Json cell : {Json(nullptr), Json(3), Json::array({1}), Json::array({1, 2, 3}),
                    Json::array({"1", "0"}), Json::array({1.0, 0}), Json::array({1e300, 0}),
                    Json{{"x", 1}, {"y", 0}}, Json::array({Json::array({1}), 0})})
    check_malformed(*state, {{"type", "scupper"}, {"at", cell}},
                    "\"at\" must be an array of 2 integers");
  check_malformed(*state, {{"type", "switch_pair"}, {"pair", "1"}}, "\"pair\" must be an integer");
  check_malformed(*state, {{"type", "choose_crew"}, {"crew", "pirates"}},
                  "\"crew\" must be one of \"yellowbeards\", \"blackbeards\"");
  check_malformed(*state, {{"type", "place_pirate"}, {"figure", "Yellowbeard"}, {"at", at(0, 0)}},
                  "\"figure\" must be");
}

TEST_CASE("well-formed actions the rules forbid are refused as illegal_action") {
  auto state = at_sea(kBoard);
  // Huge coordinates are well formed: there is simply no ship there (the rules have no board's
  // edge: water is everywhere).
  for (Json cell :
       {at(-1, 0), at(3, 0), at(0, 3), Json::array({std::numeric_limits<std::int64_t>::max(), 0}),
        Json::array({0, std::numeric_limits<std::uint64_t>::max()}),
        Json::array({std::numeric_limits<std::int64_t>::min(), -1})})
    check_illegal(*state, {{"type", "scupper"}, {"at", cell}}, "there is no ship at [");
  check_illegal(*state, jump(0, 5000000, 0), "there is no ship at [5000000,0]");
  check_illegal(*state, {{"type", "switch_pair"}, {"pair", 1}}, "setup is over");
  check_illegal(*state, {{"type", "place_pirate"}, {"figure", "blackbeard"}, {"at", at(1, 0)}},
                "setup is over");
  check_illegal(*state, {{"type", "choose_crew"}, {"crew", "blackbeards"}}, "setup is over");
  check_illegal(*state, sail(3, 2, 0), "not one of the Yellowbeards");
}

TEST_CASE("actions of a seat that is not to act, or of no seat, are refused") {
  auto state = at_sea(kBoard);
  CHECK(refuse(*state, pass(), 1).code == "not_your_turn");
  CHECK(refuse(*state, pass(), 2).code == "not_your_turn");
  CHECK(refuse(*state, pass(), -7).code == "not_your_turn");
  CHECK(refuse(*state, pass(), tortuga::kSpectator).code == "not_your_turn");
  CHECK(refuse(*state, {{"type", "timeout"}}, tortuga::kSystem).code == "illegal_action");
  CHECK(refuse(*state, pass(), tortuga::kSystem).code == "bad_action");
}

TEST_CASE("moves during the setup are refused until the pirates are at sea") {
  auto options = raft_and_scupper().normalize_options(Json::object());
  REQUIRE(options.ok());
  auto state = raft_and_scupper().new_state(*options, Chance(11));
  check_illegal(*state, pass(), "not at sea yet");
  check_illegal(*state, jump(0, 0, 0), "not at sea yet");
  check_illegal(*state, scupper(0, 0), "not at sea yet");
}

TEST_CASE("apply never throws, whatever the JSON, and refusals change nothing") {
  auto state = at_sea(kBoard);
  Chance rng(99);
  const std::vector<Json> values = {nullptr,
                                    true,
                                    -1,
                                    0,
                                    1,
                                    2,
                                    3,
                                    4,
                                    1e308,
                                    -0.0,
                                    std::numeric_limits<std::uint64_t>::max(),
                                    std::numeric_limits<std::int64_t>::min(),
                                    "",
                                    "jump",
                                    "yellowbeard",
                                    "yellowbeards",
                                    Json::array(),
                                    at(1, 0),
                                    at(0, 1),
                                    Json::array({at(1, 0)}),
                                    Json::object(),
                                    Json{{"to", at(1, 0)}},
                                    Json::binary({1, 2, 3})};
  const std::vector<std::string> keys = {"type", "pirate", "to",   "at",   "pair",
                                         "crew", "figure", "seat", "TYPE", ""};
  const std::vector<std::string> types = {"jump",        "sail",        "scupper",
                                          "pass",        "switch_pair", "place_pirate",
                                          "choose_crew", "timeout",     "JUMP"};
  int refused = 0;
  for (int i = 0; i < 3000; ++i) {
    Json action = Json::object();
    if (rng.below(10) > 0) action["type"] = types[rng.below(types.size())];
    for (int f = rng.below(4); f > 0; --f)
      action[keys[rng.below(keys.size())]] = values[rng.below(values.size())];
    auto copy = state->clone();
    const Json before = all_views(*copy);
    tortuga::Refusal result;
    CHECK_NOTHROW(result = copy->apply(0, action));
    if (result) {
      ++refused;
      CHECK((result->code == "bad_action" || result->code == "illegal_action"));
      CHECK_FALSE(result->message.empty());
      CHECK(all_views(*copy) == before);
    }
  }
  CHECK(refused > 2500);
}
