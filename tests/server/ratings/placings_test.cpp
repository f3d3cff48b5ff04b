// A finished match's places for ratings: the game's ranking, with whoever did not finish placed
// last and alone; and the update and the replay the store runs, which must agree bit for bit.
#include <doctest/doctest.h>

#include <map>
#include <utility>
#include <vector>

#include "server/ratings/placings.hpp"

namespace {

using tortuga::store::MatchToRate;
using tortuga::store::RatingChange;

MatchToRate raft(bool first_finished) {
  MatchToRate m;
  m.match = 1;
  m.game = "raft-and-scupper";
  m.result_json = R"({"winners":[0],"reason":"rafted_up"})";
  m.seats = {{0, 10, first_finished}, {1, 11, true}};
  return m;
}

}  // namespace

TEST_CASE("the winner of Raft & Scupper is placed first") {
  const auto places = tortuga::rated::placings(raft(true));
  REQUIRE(places);
  REQUIRE(places->size() == 2);
  CHECK((*places)[0].player == 10);
  CHECK((*places)[0].place == 0);
  CHECK((*places)[1].place == 1);
}

TEST_CASE("a winner who did not finish the match ranks last, the other first") {
  const auto places = tortuga::rated::placings(raft(false));
  REQUIRE(places);
  CHECK((*places)[0].player == 10);
  CHECK((*places)[0].place == 1);
  CHECK((*places)[1].place == 0);
}

TEST_CASE("a leaver leaves their alliance's team and ranks last, the alliance keeps its place") {
  MatchToRate m;
  m.game = "scalawag";
  m.result_json =
      R"({"winners":[0,2],"reason":"last_team","eliminated":[1,2,3],"teams":{"english":[0,2],"french":[1,3]}})";
  for (int s = 0; s < 4; ++s) m.seats.push_back({s, 20 + s, s != 2});
  const auto places = tortuga::rated::placings(m);
  REQUIRE(places);
  int team_of_0 = -1, team_of_2 = -1;
  for (const auto& c : *places) {
    if (c.player == 20) {
      CHECK(c.place == 0);
      team_of_0 = c.team;
    }
    if (c.player == 22) {
      CHECK(c.place == 2);
      team_of_2 = c.team;
    }
    if (c.player == 21 || c.player == 23) CHECK(c.place == 1);
  }
  CHECK(team_of_0 != team_of_2);
}

TEST_CASE("Colpaccio's solo duel and an unreadable result give no places") {
  MatchToRate solo;
  solo.game = "colpaccio";
  solo.result_json = R"({"winners":[0],"reason":"duel_won","scores":[7]})";
  solo.seats = {{0, 5, true}};
  CHECK_FALSE(tortuga::rated::placings(solo));
  MatchToRate broken = raft(true);
  broken.result_json = "not json";
  CHECK_FALSE(tortuga::rated::placings(broken));
}

TEST_CASE("a replay of rated matches finds the very figures the updates stored") {
  std::vector<tortuga::store::RatedMatch> history;
  std::map<std::int64_t, std::pair<double, double>> now;
  for (int m = 0; m < 20; ++m) {
    std::vector<RatingChange> changes(3);
    for (int p = 0; p < 3; ++p) {
      changes[p].player = p + 1;
      changes[p].team = p;
      changes[p].place = (p + m) % 3;
      if (now.count(p + 1)) {
        changes[p].mu_before = now[p + 1].first;
        changes[p].sigma_before = now[p + 1].second;
      }
    }
    tortuga::rated::rate(changes);
    for (const auto& c : changes) now[c.player] = {c.mu, c.sigma};
    history.push_back({m + 1, m + 1, "scalawag", 0, changes});
  }
  auto replayed = history;
  for (auto& m : replayed)
    for (auto& c : m.changes) c.mu = c.sigma = 0;
  tortuga::rated::replay(replayed);
  for (std::size_t m = 0; m < history.size(); ++m)
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(replayed[m].changes[i].mu == history[m].changes[i].mu);
      CHECK(replayed[m].changes[i].sigma == history[m].changes[i].sigma);
      CHECK(replayed[m].changes[i].mu_before == history[m].changes[i].mu_before);
    }
}
