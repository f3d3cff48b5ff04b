// The ratings over HTTP, from matches rated as the server rates them (MatchRatings, from what
// the store holds): the leaderboard's shape and order, a profile with its history and finish
// rate, a private match's point hidden from a stranger, the search, the refusals, and the reads
// one address may make.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "persistence/token.hpp"
#include "server/api/http_api.hpp"
#include "server/ratings/match_ratings.hpp"
#include "tests/persistence/helpers.hpp"

namespace tortuga::testing {
namespace {

using Json = nlohmann::json;

struct Rated {
  store::test::TempDir dir;
  store::test::OnSqlite db;
  std::unique_ptr<store::Store> store = db.open();
  std::string anne_token = store::new_token();
  std::int64_t anne = store->create_player("Anne", store::hash_token(anne_token)).value().id;
  std::int64_t ben = store->create_player("Ben", "h2").value().id;
  std::int64_t secret = 0;

  // A finished rated match of Raft & Scupper that `winner` won against `loser`.
  std::int64_t played(std::int64_t winner, std::int64_t loser, const std::string& code = "") {
    store::Match m;
    m.game = "raft-and-scupper";
    m.rated = true;
    m.private_code = code;
    m.seats = {{0, winner, "W", ""}, {1, loser, "L", ""}};
    const auto id = store->create_match(m).value();
    CHECK(store::test::await([&](store::Done d) {
            store->finish_match(id, store::MatchStatus::finished,
                                R"({"winners":[0],"reason":"rafted_up"})", 5, d);
          }).ok);
    return id;
  }

  Rated() {
    played(anne, ben);
    secret = played(anne, ben, "ABCDEF");
    rated::MatchRatings ratings(*store);
    CHECK(ratings.rate_pending() == 2);
    CHECK(ratings.rate_pending() == 0);  // nothing left: each match rated once
  }

  Json get(const HttpApi& api, const std::string& target, const std::string& token = "",
           int status = 200) {
    const HttpReply reply =
        api.get(HttpRequest{target, token.empty() ? "" : "Bearer " + token, "10.0.0.1"});
    CHECK(reply.status == status);
    return Json::parse(reply.body);
  }
};

TEST_CASE("the leaderboard lists a game's ratings best first, as the model computed them") {
  Rated r;
  HttpApi api(*r.store, (r.dir.path() / "web").string());
  const Json board = r.get(api, "/api/leaderboard/raft-and-scupper");
  CHECK(board["game"] == "raft-and-scupper");
  REQUIRE(board["entries"].size() == 2);
  const Json& first = board["entries"][0];
  CHECK(first["player"] == Json{{"id", r.anne}, {"name", "Anne"}});
  CHECK(first["matches"] == 2);
  CHECK(first["provisional"] == true);
  CHECK(first["rating"].get<double>() ==
        doctest::Approx(first["mu"].get<double>() - 3 * first["sigma"].get<double>()));
  CHECK(board["entries"][1]["mu"].get<double>() < 25);
  CHECK(r.get(api,
              "/api/leaderboard/raft-and-scupper?limit=1&offset=1")["entries"][0]["player"]["id"] ==
        r.ben);
  r.get(api, "/api/leaderboard/no-such-game", "", 404);
  r.get(api, "/api/leaderboard/raft-and-scupper?limit=0", "", 400);
  r.get(api, "/api/leaderboard/raft-and-scupper?offset=-1", "", 400);
}

TEST_CASE("a profile: ratings, history, finish rate; a private match's point is its players'") {
  Rated r;
  HttpApi api(*r.store, (r.dir.path() / "web").string());
  const Json stranger = r.get(api, "/api/players/" + std::to_string(r.anne));
  REQUIRE(stranger["games"].size() == 1);
  const Json& game = stranger["games"][0];
  CHECK(game["wins"] == 2);
  REQUIRE(game["history"].size() == 2);
  CHECK(game["history"][0]["match"].is_number());
  CHECK(game["history"][1]["match"].is_null());  // the private match, to a stranger
  CHECK(game["history"][1]["rating"] == game["rating"]);
  CHECK(stranger["finished"] == Json{{"started", 2}, {"finished", 2}, {"rate", 1.0}});
  CHECK(stranger["matches"].size() == 1);
  const Json own = r.get(api, "/api/players/" + std::to_string(r.anne), r.anne_token);
  CHECK(own["games"][0]["history"][1]["match"] == r.secret);
  CHECK(own["matches"].size() == 2);
  r.get(api, "/api/players/999", "", 404);
  r.get(api, "/api/players/x", "", 400);
}

TEST_CASE("players are found by the start of their name; an address reads so many a minute") {
  Rated r;
  HttpApi api(*r.store, (r.dir.path() / "web").string());
  const Json found = r.get(api, "/api/players?name=an");
  CHECK(found == Json{{"players", {{{"id", r.anne}, {"name", "Anne"}}}}});
  r.get(api, "/api/players?name=", "", 400);
  for (int i = 2; i < rated::kRatingReadsPerMinute; ++i) r.get(api, "/api/players?name=b");
  const HttpReply refused = api.get(HttpRequest{"/api/players?name=b", "", "10.0.0.1"});
  CHECK(refused.status == 429);
  CHECK(Json::parse(refused.body)["code"] == "rate_limited");
  CHECK(api.get(HttpRequest{"/api/players?name=b", "", "10.0.0.2"}).status == 200);
}

}  // namespace
}  // namespace tortuga::testing
