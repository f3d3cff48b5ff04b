// Colpaccio through the server: a person plays a whole match against a smart and a random bot
// while someone watches, a person plays the solo duel against the Corsairs (the rules' own
// automaton, not a seat), and options the game refuses are refused through the server.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

constexpr const char* kColpaccio = "colpaccio";

// What nobody may see in a seat's or the spectators' view: the faces of face-down ships.
void check_ships_face_down(const Json& view) {
  for (const Json& player : view.at("players")) {
    CHECK(player.at("ships").is_number_integer());
    CHECK_FALSE(player.contains("ship_cards"));
  }
  CHECK_FALSE(view.at("deck").contains("order"));
}

TEST_CASE("colpaccio: a person plays a whole match against two bots, watched") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), sam(server.port(), "sam");
  anne.hello("Anne");
  sam.hello("Sam");

  const std::int64_t match =
      open_bot_table(anne, kColpaccio, {{"players", 3}}, {"smart", "random"}, {&sam}).match;
  CHECK(anne.match(match)->view.at("convoy").size() == 5);
  CHECK(anne.match(match)->view.at("players").size() == 3);

  const int mine = play_random(match, {&anne}, {&sam}, rng);
  CHECK(mine > 0);
  const MatchView& m = *anne.match(match);
  CHECK(m.view.at("over") == true);
  const Json result = m.view.at("result");
  CHECK(result.at("reason") == "prestige");
  CHECK(result.at("scores").size() == 3);
  CHECK(result.at("places").is_array());
  CHECK(m.version > mine);  // the bots played too
  CHECK(anne.errors().empty());
  check_ships_face_down(m.view);
  check_ships_face_down(sam.match(match)->view);
  CHECK(sam.match(match)->view.at("result") == result);

  Json stored;
  eventually(
      [&] {
        stored = anne.request({{"type", "get_match"}, {"match", match}}).at("match");
        return stored.at("status") != "running";
      },
      "the match stored as finished");
  CHECK(stored.at("status") == "finished");
  CHECK(stored.at("result") == result);
  CHECK(stored.at("actions") == m.version);
}

TEST_CASE("colpaccio: a person plays the solo duel against the Corsairs") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const std::int64_t match =
      open_bot_table(anne, kColpaccio, {{"players", 1}, {"solo_difficulty", "medium"}}, {}).match;
  const Json first = anne.match(match)->view;
  CHECK(first.at("solo") == true);
  CHECK(first.at("corsairs").at("ships") == 2);  // the seasoned Corsairs' head start
  CHECK(first.at("players").at(0).at("doubloons") == 1);

  play_random(match, {&anne}, {}, rng);
  const MatchView& m = *anne.match(match);
  CHECK(m.view.at("over") == true);
  const Json result = m.view.at("result");
  CHECK((result.at("reason") == "duel_won" || result.at("reason") == "duel_lost"));
  CHECK(result.at("corsairs_score").is_number_integer());
  CHECK(m.view.at("corsairs").at("turns") == m.view.at("players").at(0).at("turns"));
  CHECK(anne.errors().empty());
  check_ships_face_down(m.view);
  CHECK_FALSE(m.view.at("corsairs").contains("ship_cards"));
}

TEST_CASE("colpaccio: options the game refuses: a deck off the counts, a solo variant for three") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  Json deck = Json::array();
  for (int i = 0; i < 60; ++i)
    deck.push_back(
        {{"good", "gems"}, {"location", "inn"}, {"prize", nullptr}, {"cannonball", false}});
  const Json refused = anne.request({{"type", "create_room"},
                                     {"game", kColpaccio},
                                     {"options", {{"players", 2}, {"deck", deck}}}});
  CHECK(refused.at("type") == "error");
  CHECK(refused.at("code") == "bad_options");
  CHECK(refused.at("message").get<std::string>().find("needs 8 gems cards, got 60") !=
        std::string::npos);
  const Json variant = anne.request({{"type", "create_room"},
                                     {"game", kColpaccio},
                                     {"options", {{"players", 3}, {"solo_difficulty", "hard"}}}});
  CHECK(variant.at("type") == "error");
  CHECK(variant.at("code") == "bad_options");
}

}  // namespace
}  // namespace tortuga::integration
