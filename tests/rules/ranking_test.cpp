// Each game's ranking for ratings, from results as each game writes them: who is placed where,
// ties, alliances as teams, and results the ranking cannot read.
#include <doctest/doctest.h>

#include "rules/core/registry.hpp"

namespace {

using tortuga::Json;
using tortuga::Place;
using tortuga::Ranking;

const tortuga::Game& game(const char* id) {
  const tortuga::Game* g = tortuga::find_game(id);
  REQUIRE(g);
  return *g;
}

}  // namespace

TEST_CASE("Raft & Scupper: the winning crew's seat first") {
  const auto r = game("raft-and-scupper").ranking({{"winners", {1}}, {"reason", "rafted_up"}}, 2);
  CHECK(r == Ranking{{{0}, 1}, {{1}, 0}});
  CHECK_FALSE(game("raft-and-scupper").ranking({{"winners", Json::array()}}, 2));
}

TEST_CASE("Scalawag!: the last ship first, then the others by how long they lasted") {
  const Json result = {
      {"winners", {2}}, {"reason", "last_ship"}, {"survivors", {2}}, {"eliminated", {3, 0, 1}}};
  const auto r = game("scalawag").ranking(result, 4);
  CHECK(r == Ranking{{{0}, 2}, {{1}, 1}, {{2}, 0}, {{3}, 3}});
}

TEST_CASE("Scalawag!: alliances are teams, placed by their last ship afloat") {
  // Seats 0 and 3 won (3 sunk on the way); 1 and 4 lasted longer than 2 and 5.
  const Json result = {{"winners", {0, 3}},
                       {"reason", "last_team"},
                       {"survivors", {0}},
                       {"eliminated", {2, 3, 5, 1, 4}},
                       {"teams", {{"english", {0, 3}}, {"french", {1, 4}}, {"spanish", {2, 5}}}}};
  const auto r = game("scalawag").ranking(result, 6);
  CHECK(r == Ranking{{{0, 3}, 0}, {{1, 4}, 1}, {{2, 5}, 2}});
}

TEST_CASE("Scalawag!: a result stored before eliminations were listed ties every loser") {
  const Json result = {{"winners", {1}}, {"reason", "last_ship"}, {"survivors", {1}}};
  CHECK(game("scalawag").ranking(result, 3) == Ranking{{{0}, 1}, {{1}, 0}, {{2}, 1}});
}

TEST_CASE("Um Rum & Ehre: by points, ties broken as the winner's, a full tie shared") {
  const auto seat = [](int s, int points, int office, int rum, int coins) {
    return Json{
        {"seat", s}, {"points", points}, {"office", office}, {"rum", rum}, {"coins", coins}};
  };
  const Json result = {{"winners", {1}},
                       {"detail",
                        {seat(0, 20, 1, 2, 3), seat(1, 20, 0, 0, 0), seat(2, 25 - 5, 1, 2, 3),
                         seat(3, 12, 0, 9, 9)}}};
  const auto r = game("um-rum-und-ehre").ranking(result, 4);
  CHECK(r == Ranking{{{0}, 1}, {{1}, 0}, {{2}, 1}, {{3}, 3}});
}

TEST_CASE("Colpaccio: the result's places; the solo duel is not rated") {
  const Json result = {{"winners", {2}}, {"places", {{2}, {0, 3}, {1}}}};
  CHECK(game("colpaccio").ranking(result, 4) == Ranking{{{2}, 0}, {{0}, 1}, {{3}, 1}, {{1}, 2}});
  const Json duel = {{"winners", {0}}, {"reason", "duel_won"}, {"scores", {5}}};
  CHECK_FALSE(game("colpaccio").ranking(duel, 1));
  CHECK_FALSE(game("colpaccio").ranking({{"winners", {2}}, {"places", {{2}, {0}}}}, 4));
}

TEST_CASE("Riff Raff: the winners first, then fewer pieces left ahead") {
  const Json result = {{"winners", {3}}, {"reason", "emptied"}, {"scores", {4, 2, 4, 0}}};
  CHECK(game("riff-raff").ranking(result, 4) == Ranking{{{0}, 2}, {{1}, 1}, {{2}, 2}, {{3}, 0}});
}
