// Match files: raw scripts replay as they always did; named chance events reach each game's state
// as written (seen through its views) or are refused with what is wrong; a replay may go on past
// refused actions; the full view lists every seat's legal actions; and the worked examples of
// docs/match-files.md replay to what the docs say.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "rules/core/registry.hpp"
#include "server/cli/commands.hpp"
#include "server/history/match_file.hpp"

namespace tortuga::testing {
namespace {

using Json = nlohmann::json;

std::string source_path(const std::string& relative) {
  return std::string(TORTUGA_SOURCE_DIR) + "/" + relative;
}

std::string read_text(const std::string& relative) {
  std::ifstream in(source_path(relative));
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Json file_with(const std::string& game, Json options, Json script, Json actions = Json::array()) {
  return {{"format", kMatchFileFormat},
          {"game", game},
          {"options", std::move(options)},
          {"seed", 5},
          {"script", script},
          {"actions", std::move(actions)}};
}

Expected<std::unique_ptr<State>> replayed(const Json& j) {
  auto file = parse_match_file(j);
  if (!file) return file.error();
  return replay(*file);
}

std::unique_ptr<State> replayed_ok(const Json& j) {
  auto state = replayed(j);
  if (!state) FAIL(state.error().message);
  return std::move(*state);
}

// The message of a file's refusal, which must be a bad_chance_event.
std::string refusal_of(const Json& j) {
  auto state = replayed(j);
  REQUIRE_FALSE(state.ok());
  CHECK(state.error().code == kBadChanceEvent);
  return state.error().message;
}

Json read_example(const std::string& game) {
  return Json::parse(read_text("docs/examples/" + game + ".json"));
}

bool mentions(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

const Json kRaftShips = {"spice-square", "gold-round", "gold-square", "spice-round",
                         "spice-square", "gold-round", "gold-square", "spice-round",
                         "spice-square", "gold-round", "gold-square", "spice-round",
                         "spice-square", "gold-round", "gold-square", "spice-round"};

}  // namespace

TEST_CASE("a raw script replays exactly as the chance source it always made") {
  const Game& game = *find_game("scalawag");
  auto options = game.normalize_options({{"players", 4}});
  REQUIRE(options.ok());
  const std::vector<std::uint32_t> script = {3, 1, 4, 1, 5, 9, 2, 6};
  auto direct = game.new_state(*options, Chance(17, script));
  Json j = file_with("scalawag", *options, Json(script));
  j["seed"] = 17;
  auto state = replayed_ok(j);
  CHECK(state->full_view() == direct->full_view());
  // And the file writes it back in the same raw form.
  CHECK(to_json(*parse_match_file(j))["script"] == Json(script));
}

TEST_CASE("a file that names no turn clock was played without one, and replays so") {
  // Files and stored matches from before the clocks were on by default do not name them.
  for (const auto& [game, clock] :
       {std::pair{"raft-and-scupper", "turn_clock_s"}, std::pair{"scalawag", "turn_clock_s"},
        std::pair{"um-rum-und-ehre", "decision_s"}, std::pair{"riff-raff", "turn_clock_s"},
        std::pair{"colpaccio", "turn_clock_s"}}) {
    CAPTURE(game);
    const Json players = {{"players", 3}};
    auto unclocked = replayed_ok(file_with(
        game, game == std::string("raft-and-scupper") ? Json::object() : players, Json::array()));
    CHECK(unclocked->view(0)["deadline"].is_null());
    const Game& rules = *find_game(game);
    const Json named = *rules.normalize_options(Json::object());
    CHECK(named[clock].get<int>() > 0);  // on by default for a room made now
    auto clocked = replayed_ok(file_with(game, named, Json::array()));
    CHECK(clocked->full_view()["deadline"].is_null() ==
          (std::string(game) == "raft-and-scupper"));  // Raft's clock waits for the sea
  }
}

TEST_CASE("a script is raw draws or named events, not both, and nothing else") {
  auto error_of = [](Json script) {
    auto file = parse_match_file(file_with("riff-raff", Json::object(), std::move(script)));
    REQUIRE_FALSE(file.ok());
    return file.error().message;
  };
  CHECK(mentions(error_of(Json::parse(R"([1, {"event": "captain", "seat": 0}])")),
                 "mixes raw draws and named chance events"));
  CHECK(mentions(error_of(Json::parse(R"(["captain"])")), "not \"captain\""));
  CHECK(mentions(error_of(Json::parse(R"([-1])")), "raw draws (whole numbers"));
}

TEST_CASE("a game refuses chance events it does not name, and events never asked for") {
  CHECK(refusal_of(file_with("riff-raff", Json::object(),
                             Json::parse(R"([{"event": "dice", "faces": [3]}])"))) ==
        "script entry 1: unknown chance event \"dice\"; its events are \"captain\"");
  // Um Rum & Ehre's imaginary crew sails only with two players: with three its die is never
  // rolled, and a file that writes it has a mistake in it.
  CHECK(refusal_of(file_with("um-rum-und-ehre", {{"players", 3}},
                             Json::parse(R"([{"event": "imaginary_crew", "pirates": [4]}])"))) ==
        "named chance events never asked for: \"imaginary_crew\" (1 left)");
}

TEST_CASE("Raft & Scupper: the ships event is the deal, checked as the rulebook deals") {
  auto state = replayed_ok(file_with("raft-and-scupper", {{"short_game", true}},
                                     Json::array({{{"event", "ships"}, {"kinds", kRaftShips}}})));
  const Json view = state->view(1);
  REQUIRE(view["ships"].size() == 16);
  for (std::size_t k = 0; k < 16; ++k) {
    const Json& ship = view["ships"][k];
    CHECK(ship["id"] == k + 1);
    CHECK(ship["cargo"].get<std::string>() + "-" + ship["rigging"].get<std::string>() ==
          kRaftShips[k]);
  }
  CHECK(view["phase"] == "switching");  // all the gold is connected, as written

  auto refused = [](Json kinds) {
    return refusal_of(file_with("raft-and-scupper", {{"short_game", true}},
                                Json::array({{{"event", "ships"}, {"kinds", std::move(kinds)}}})));
  };
  Json swapped = kRaftShips;
  std::swap(swapped[1], swapped[2]);  // pair 1 becomes spice-square, gold-square
  CHECK(refused(swapped) ==
        "at the start: chance event \"ships\": the ship at position 2 is gold-square, but a "
        "pair's second ship has the other cargo and rigging of its first (position 1, "
        "spice-square): gold-round");
  Json short_of_one = kRaftShips;
  short_of_one.erase(15);
  CHECK(mentions(refused(short_of_one), "gives 15 where there are 16: write them all"));
  Json stranger = kRaftShips;
  stranger[0] = "rum-round";
  CHECK(mentions(refused(stranger), "\"rum-round\" is not one of them"));
  Json twice = kRaftShips;
  twice[4] = "gold-round";  // a fifth gold-round in a game of four
  CHECK(mentions(refused(twice), "\"gold-round\" is written more often than the 4 there are"));
}

TEST_CASE("Scalawag!: flags, hands, the fog die and the draws are the ones written") {
  const Json script = Json::parse(R"([
    {"event": "flags", "flags": ["griffin", "crown", "eagle"]},
    {"event": "hands", "hands": [["pilot", "pilot", "sailor"], ["lookout", "marine", "gunner"],
                                 ["mutineer", "mutineer", "lookout"]]},
    {"event": "fog_die", "faces": [3]}])");
  auto state = replayed_ok(file_with("scalawag", {{"players", 3}}, script));
  // A hand is shown sorted by kind, whatever order it was dealt in.
  CHECK(state->view(0)["you"]["hand"] == Json({"sailor", "pilot", "pilot"}));
  CHECK(state->view(1)["you"]["hand"] == Json({"gunner", "marine", "lookout"}));
  CHECK(state->view(2)["you"]["hand"] == Json({"mutineer", "mutineer", "lookout"}));
  const Json view = state->spectator_view();
  CHECK(view["ring"] == Json({1, 2, 0}));  // the crown's seat first, then eagle, griffin
  CHECK(view["to_act"] == Json({1}));
  CHECK(view["fog"] == Json({2, 0}));  // face 3 shows symbol 2: after the second player

  auto refused = [](const char* hands) {
    return refusal_of(
        file_with("scalawag", {{"players", 3}},
                  Json::array({{{"event", "hands"}, {"hands", Json::parse(hands)}}})));
  };
  CHECK(mentions(refused(R"([["pilot", "pilot", "pilot"], ["sailor", "sailor", "sailor"],
                             ["gunner", "gunner", "gunner"]])"),
                 "\"pilot\" is written more often than the 2 there are"));
  CHECK(mentions(refused(R"([["captain", "pilot", "sailor"], ["sailor", "sailor", "gunner"],
                             ["gunner", "gunner", "marine"]])"),
                 "\"captain\" is not one of them; write one of \"sailor\""));
  CHECK(mentions(refused(R"([["pilot", "sailor"], ["sailor", "sailor", "gunner"],
                             ["gunner", "gunner", "marine"]])"),
                 "seat 0's hand must be 3 crew cards"));
  CHECK(mentions(refused(R"([["pilot", "sailor", "gunner"]])"),
                 "write one hand for each of the 3 seats"));
}

TEST_CASE("Colpaccio: the deck's top, the threats and the first player are the ones written") {
  const Json script = Json::parse(R"([
    {"event": "deck", "cards": [40, 3, 12, 59, 0, 17]},
    {"event": "threats", "order": ["ghost_ship", "kraken", "corsairs"]},
    {"event": "first_player", "seat": 2}])");
  auto state = replayed_ok(file_with("colpaccio", {{"players", 3}}, script));
  const Json view = state->full_view();
  Json convoy = Json::array();
  for (const Json& card : view["convoy"]) convoy.push_back(card["id"]);
  CHECK(convoy == Json({40, 3, 12, 59, 0}));
  CHECK(view["deck"]["order"][0]["id"] == 17);
  CHECK(view["threats"]["set_aside"] == "ghost_ship");
  CHECK(view["to_act"] == Json({2}));
  // The kraken's threat lies seventh from the bottom, the Corsairs' higher up.
  const Json& order = view["deck"]["order"];
  CHECK(order[order.size() - 7]["threat"] == "kraken");

  auto refused = [](const char* event) {
    return refusal_of(file_with("colpaccio", {{"players", 2}}, Json::array({Json::parse(event)})));
  };
  CHECK(mentions(refused(R"({"event": "deck", "cards": [3, 3]})"),
                 "\"3\" is written more often than the 1 there is"));
  CHECK(mentions(refused(R"({"event": "deck", "cards": [60]})"), "\"60\" is not one of them"));
  CHECK(mentions(refused(R"({"event": "threats", "order": ["kraken", "corsairs"]})"),
                 "gives 2 where there are 3: write them all"));
  CHECK(mentions(refused(R"({"event": "first_player", "seat": 2})"),
                 "2 is not a whole number from 0 to 1"));
}

TEST_CASE("Um Rum & Ehre: a stack's top, the imaginary crew and the die are the ones written") {
  const Json script = Json::parse(R"([
    {"event": "maps", "tiles": ["green-6", "pink-3", "yellow-5", "green-3"]},
    {"event": "scorpions", "tiles": [21]},
    {"event": "imaginary_crew", "pirates": [6]}])");
  auto state = replayed_ok(file_with("um-rum-und-ehre", {{"players", 2}}, script));
  const Json view = state->spectator_view();
  Json maps = Json::array();
  for (const Json& tile : view["display"]["maps"])
    maps.push_back(tile["colour"].get<std::string>() + "-" +
                   std::to_string(tile["value"].get<int>()));
  CHECK(maps == Json({"green-6", "pink-3", "yellow-5", "green-3"}));
  CHECK(view["display"]["scorpion"]["threshold"] == 21);
  CHECK(view["ship"]["rows"][0] == Json({{"crew", "imaginary"}, {"left", 6}, {"right", 0}}));

  CHECK(mentions(refusal_of(file_with("um-rum-und-ehre", {{"players", 2}},
                                      Json::parse(R"([{"event": "maps", "tiles": ["green-7"]}])"))),
                 "\"green-7\" is not one of them; write one of \"yellow-3\""));
  CHECK(mentions(
      refusal_of(file_with("um-rum-und-ehre", {{"players", 2}},
                           Json::parse(R"([{"event": "imaginary_crew", "pirates": [0]}])"))),
      "chance event \"imaginary_crew\": 0 is not a whole number from 1 to 6"));
}

TEST_CASE("Riff Raff: the first captain is the one written") {
  auto state = replayed_ok(file_with("riff-raff", {{"players", 4}},
                                     Json::parse(R"([{"event": "captain", "seat": 3}])")));
  CHECK(state->spectator_view()["captain"] == 3);
  CHECK(mentions(refusal_of(file_with("riff-raff", {{"players", 2}},
                                      Json::parse(R"([{"event": "captain", "seat": 2}])"))),
                 "chance event \"captain\": 2 is not a whole number from 0 to 1"));
}

TEST_CASE("a refused named event mid-match stops the replay at the action that asked for it") {
  Json j = file_with("um-rum-und-ehre", {{"players", 2}},
                     Json::parse(R"([{"event": "dice", "faces": [9]}])"),
                     Json::parse(R"([{"seat": 0, "action": {"type": "move", "alley": 39}},
                                     {"seat": 1, "action": {"type": "join"}},
                                     {"seat": 0, "action": {"type": "roll"}}])"));
  j["seed"] = 0;
  CHECK(refusal_of(j) ==
        "after action 3: chance event \"dice\": 9 is not a whole number from 1 to 6");
}

TEST_CASE("with on_refused, a replay reports every refused action and goes on") {
  Json j = read_example("riff-raff");
  Json& actions = j["actions"];
  // Seat 1 tries to choose before anyone, a card it does not have, then Jack appoints himself.
  actions.insert(actions.begin(),
                 Json{{"seat", 1}, {"action", {{"type", "choose"}, {"card", 11}}}});
  actions.push_back(Json{{"seat", 2}, {"action", {{"type", "appoint"}, {"seat", 2}}}});
  auto file = parse_match_file(j);
  REQUIRE(file.ok());
  CHECK_FALSE(replay(*file).ok());  // without it, the first refusal ends the replay

  std::vector<std::pair<std::size_t, Error>> refused;
  std::size_t last_step = 0;
  auto state = replay(
      *file, [&](std::size_t step, const State&) { last_step = step; },
      [&](std::size_t step, const AppliedAction& a, const Error& e) {
        CHECK(a.action == file->actions[step - 1].action);
        refused.push_back({step, e});
      });
  REQUIRE(state.ok());
  REQUIRE(refused.size() == 2);
  CHECK(refused[0].first == 1);
  CHECK(refused[0].second.code == "illegal_action");
  CHECK(refused[1].first == 6);
  CHECK(refused[1].second.code == "not_your_turn");
  CHECK(last_step == 5);
  CHECK((*state)->spectator_view()["captain"] == 1);  // the example's appointment stands
}

TEST_CASE("tortuga replay --keep-going prints each refusal as a line and finishes") {
  Json j = read_example("scalawag");
  j["actions"].insert(j["actions"].begin() + 1,
                      Json{{"seat", 0}, {"action", {{"type", "challenge"}}}});
  j["actions"].push_back(Json{{"seat", 1}, {"action", {{"type", "fly"}}}});
  const std::string path = "/tmp/tortuga-keep-going-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << j.dump();
  std::stringstream out, err;
  auto* old_out = std::cout.rdbuf(out.rdbuf());
  auto* old_err = std::cerr.rdbuf(err.rdbuf());
  const int plain = replay_command({path});
  const std::string plain_err = err.str();
  err.str("");
  out.str("");
  const int going = replay_command({path, "--keep-going"});
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  std::remove(path.c_str());

  CHECK(plain == 1);
  CHECK(mentions(plain_err, "action 2 refused"));
  CHECK(going == 1);
  std::vector<Json> lines;
  std::string line;
  while (std::getline(err, line))
    if (!line.empty() && line[0] == '{') lines.push_back(Json::parse(line));
  REQUIRE(lines.size() == 2);
  CHECK(lines[0]["refused"]["step"] == 2);
  CHECK(lines[0]["refused"]["seat"] == 0);
  CHECK(lines[0]["refused"]["code"] == "not_your_turn");
  CHECK(lines[1]["refused"]["step"] == 5);
  CHECK(lines[1]["refused"]["action"] == Json({{"type", "fly"}}));
  CHECK(lines[1]["refused"]["code"] == "bad_action");
  CHECK(mentions(lines[1]["refused"]["message"].get<std::string>(), "unknown action type"));
  CHECK(mentions(err.str(), "2 actions refused"));
  // The final view is printed all the same: the example's end.
  const Json final_view = Json::parse(out.str());
  CHECK(final_view["players"][0]["compass"] == 7);
}

// Runs `tortuga replay` on `file`, its output kept from the test's; returns its exit status.
int replay_file(const Json& file) {
  const std::string path = "/tmp/tortuga-replay-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << file.dump();
  std::stringstream out, err;
  auto* old_out = std::cout.rdbuf(out.rdbuf());
  auto* old_err = std::cerr.rdbuf(err.rdbuf());
  const int status = replay_command({path});
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  std::remove(path.c_str());
  return status;
}

TEST_CASE("tortuga replay holds the ending to the file's, not the words the file tells it in") {
  const Game& game = *find_game("raft-and-scupper");
  auto options = game.normalize_options({{"short_game", true}});
  REQUIRE(options.ok());
  auto state = game.new_state(*options, Chance(5, {}));
  const auto bot = game.make_bot("random");
  Chance choices(11);
  Json actions = Json::array();
  while (!state->is_over()) {
    const int seat = state->actors().front();
    const Json action = bot->choose(*state, seat, choices);
    REQUIRE_FALSE(state->apply(seat, action));
    actions.push_back({{"seat", seat}, {"action", action}});
  }
  Json file = file_with("raft-and-scupper", *options, Json::array(), actions);
  file["result"] = state->result();
  CHECK(replay_file(file) == 0);
  // A file written before results carried their words tells the same ending.
  for (const char* words : {"key", "params", "message"}) file["result"].erase(words);
  CHECK(replay_file(file) == 0);
  // Another ending is another ending.
  file["result"]["winners"] = {1 - state->result()["winners"][0].get<int>()};
  CHECK(replay_file(file) == 1);
}

TEST_CASE("the full view lists every seat's legal actions; a seat's view only its own") {
  auto state = replayed_ok(read_example("scalawag"));
  const Json full = state->full_view();
  REQUIRE(full["legal_by_seat"].size() == 3);
  for (int seat = 0; seat < 3; ++seat) {
    CHECK(full["legal_by_seat"][seat] == state->legal_actions(seat));
    CHECK_FALSE(state->view(seat).contains("legal_by_seat"));
  }
  CHECK_FALSE(state->spectator_view().contains("legal_by_seat"));
  CHECK_FALSE(full["legal_by_seat"][1].empty());  // Steve is to give his order
}

// docs/match-files.md states what each example shows; these are those statements.
TEST_CASE("the worked examples replay to what docs/match-files.md says") {
  const std::string doc = read_text("docs/match-files.md");
  for (const Game* game : all_games()) {
    INFO(game->info().id);
    CHECK(mentions(doc, "docs/examples/" + game->info().id + ".json"));
    const std::string page = read_text("docs/games/" + game->info().id + ".md");
    for (const ChanceEventInfo& event : game->chance_events())
      CHECK(mentions(page, std::string("`").append(event.name).append("`")));
  }

  std::vector<Json> steps;
  auto steps_of = [&](const char* game) {
    steps.clear();
    auto file = parse_match_file(read_example(game));
    REQUIRE(file.ok());
    auto state =
        replay(*file, [&](std::size_t, const State& s) { steps.push_back(s.full_view()); });
    if (!state) FAIL(state.error().message);
  };

  steps_of("raft-and-scupper");
  CHECK(steps[0]["phase"] == "switching");
  CHECK(steps[0]["connected"] == Json({"gold"}));
  CHECK(steps[0]["legal_by_seat"][0].size() == 8);
  CHECK(steps[1]["phase"] == "placing");
  CHECK(steps[1]["connected"].empty());
  CHECK(steps[1]["ships"][6]["cargo"] == "spice");

  steps_of("scalawag");
  CHECK(steps[0]["fog"] == Json({0, 1}));
  CHECK(steps[1]["legal_by_seat"][1] ==
        Json::parse(R"([{"type": "challenge"}, {"type": "decline"}])"));
  CHECK(steps[2]["players"][0]["hand"] == Json({"sailor", "sailor", "gunner"}));
  CHECK(steps[3]["players"][0]["hand"] == Json({"gunner", "pilot", "lookout"}));
  CHECK(steps[3]["players"][0]["compass"] == 7);
  CHECK(steps[3]["players"][1]["damage"] == 1);
  CHECK(steps[3]["to_act"] == Json({1}));

  steps_of("um-rum-und-ehre");
  CHECK(steps[0]["ship"]["rows"][0]["left"] == 4);
  CHECK(steps[1]["legal_by_seat"][1] == Json::parse(R"([{"type": "join"}, {"type": "decline"}])"));
  CHECK(steps[3]["players"][0]["flag"] ==
        Json::parse(R"([{"kind": "tavern", "tavern": "jolly_roger", "value": 2}])"));
  CHECK(steps[3]["players"][0]["coins"] == 3);
  CHECK(steps[3]["players"][1]["coins"] == 1);

  steps_of("colpaccio");
  CHECK(steps[0]["to_act"] == Json({1}));
  CHECK(steps[0]["threats"]["set_aside"] == "kraken");
  CHECK(steps[1]["players"][1]["ship_cards"][0]["id"] == 12);
  CHECK(steps[1]["convoy"][3]["id"] == 0);
  CHECK(steps[1]["convoy"][4]["id"] == 2);
  CHECK(steps[2]["players"][0]["doubloons"] == 0);
  CHECK(steps[2]["players"][0]["goods"]["silverware"][0]["id"] == 13);

  steps_of("riff-raff");
  CHECK(steps[0]["captain"] == 2);
  CHECK(steps[3]["phase"] == "appointing");
  CHECK(steps[3]["legal_by_seat"][2] ==
        Json::parse(R"([{"seat": 0, "type": "appoint"}, {"seat": 1, "type": "appoint"}])"));
  CHECK(steps[4]["captain"] == 1);
  CHECK(steps[4]["order"] == Json({1, 0, 2}));
}

}  // namespace tortuga::testing
