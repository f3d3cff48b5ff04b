// Clients that send every kind of message, sensible, out of turn or broken, in random order, at
// rooms and matches that exist and some that do not: each is answered in turn, never with the
// server's own failure (`internal`), every connection stays, and the matches they played are
// stored whole (their replays have one step per action the players saw applied).
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/protocol/message_types.hpp"

namespace tortuga::integration {
namespace {

// What the clients have heard of: the rooms (with their codes), matches and players, from any
// message the server sent any of them.
struct Known {
  std::set<std::int64_t> rooms, matches, players;
  std::set<std::string> codes;
  std::map<std::int64_t, std::string> match_codes;  // a private room's match: the room's code
  std::map<std::string, std::int64_t> last_room;    // by client: the room it last heard of

  void learn(const TestClient& by, const Json& m) {
    const std::string type = m.value("type", "");
    if (type == "room" && m.at("room").is_object()) {
      const Json& room = m.at("room");
      rooms.insert(room.at("id").get<std::int64_t>());
      last_room[by.label()] = room.at("id").get<std::int64_t>();
      if (room.contains("code")) codes.insert(room.at("code").get<std::string>());
      if (room.value("match", Json()).is_number()) {
        matches.insert(room.at("match").get<std::int64_t>());
        if (room.contains("code"))
          match_codes[room.at("match").get<std::int64_t>()] = room.at("code").get<std::string>();
      }
      for (const Json& seat : room.at("seats"))
        if (seat.value("player", Json()).is_object())
          players.insert(seat.at("player").at("id").get<std::int64_t>());
    }
    if (type == "state" || type == "patch") matches.insert(m.at("match").get<std::int64_t>());
    if (type == "rooms")
      for (const Json& room : m.at("rooms")) rooms.insert(room.at("id").get<std::int64_t>());
  }
};

class Chaos {
 public:
  Chaos(std::mt19937_64& rng, const Known& known) : rng_(rng), known_(known) {}

  // A message of `type`: as a client would write it, about what is known, most of the time;
  // otherwise with one field broken, missing or added.
  Json message(const std::string& type, const TestClient& sender) {
    sender_ = &sender;
    Json m = sensible(type, sender);
    m["type"] = type;
    if (chance(35)) break_one(m);
    return m;
  }

 private:
  bool chance(int percent) { return static_cast<int>(rng_() % 100) < percent; }
  template <class T>
  T pick(const std::vector<T>& from) {
    return from[rng_() % from.size()];
  }
  template <class T>
  Json pick_known(const std::set<T>& from, Json otherwise) {
    if (from.empty() || chance(15)) return otherwise;
    return *std::next(from.begin(), static_cast<long>(rng_() % from.size()));
  }

  // The sender's own room most of the time, so that tables fill and start.
  Json room() {
    if (auto own = known_.last_room.find(sender_->label());
        own != known_.last_room.end() && chance(60))
      return own->second;
    return pick_known(known_.rooms, Json(999999));
  }
  Json match() { return pick_known(known_.matches, Json(888888)); }
  Json player() { return pick_known(known_.players, Json(777777)); }
  Json seat() { return static_cast<int>(rng_() % 6); }
  Json game() {
    return pick<std::string>(
        {"raft-and-scupper", "um-rum-und-ehre", "scalawag", "colpaccio", "riff-raff", "chess"});
  }
  Json bot() { return chance(80) ? Json(pick<std::string>({"random", "smart"})) : Json("kraken"); }

  // A legal action of the sender's view of a match when it has one, or something like an action.
  Json action(const TestClient& sender, Json& match_id) {
    std::vector<std::int64_t> mine;
    for (std::int64_t id : known_.matches)
      if (const MatchView* v = sender.match(id); v && !v->view.value("legal", Json()).empty())
        mine.push_back(id);
    if (!mine.empty() && chance(85)) {
      match_id = pick(mine);
      const Json& legal = sender.match(match_id.get<std::int64_t>())->view.at("legal");
      return legal[rng_() % legal.size()];
    }
    match_id = match();
    return pick<Json>({Json{{"type", "pass"}}, Json{{"type", "place"}, {"at", {1, 2}}},
                       Json::object(), Json("pass")});
  }

  Json sensible(const std::string& type, const TestClient& sender) {
    if (type == "hello") return {{"name", pick<std::string>({"Anne", "Mary Read", ""})}};
    if (type == "ping" || type == "unwatch_lobby" || type == "unwatch_leaderboard" ||
        type == "watch_my_matches" || type == "unwatch_my_matches")
      return Json::object();
    if (type == "get_leaderboard" || type == "watch_leaderboard") {
      Json m = {{"game", game()}};
      if (chance(30)) m["limit"] = static_cast<int>(rng_() % 250);
      if (type == "get_leaderboard" && chance(20)) m["offset"] = static_cast<int>(rng_() % 5);
      return m;
    }
    if (type == "list_rooms" || type == "watch_lobby")
      return chance(50) ? Json::object() : Json{{"game", game()}};
    if (type == "create_room") {
      Json m = {{"game", game()}};
      if (chance(30)) m["private"] = true;
      if (chance(20)) m["options"] = {{"players", static_cast<int>(rng_() % 9)}};
      if (chance(10)) m["absent_bot_s"] = static_cast<int>(rng_() % 100);
      if (chance(10)) m["rated"] = chance(50);
      if (chance(10)) m["correspondence"] = {{"days_per_move", static_cast<int>(rng_() % 16)}};
      return m;
    }
    if (type == "join_room" || type == "watch_room") {
      Json m = {{"room", !known_.codes.empty() && chance(20)
                             ? Json(*std::next(known_.codes.begin(),
                                               static_cast<long>(rng_() % known_.codes.size())))
                             : room()}};
      if (type == "join_room" && chance(50)) m["seat"] = seat();
      return m;
    }
    if (type == "add_bot") return {{"room", room()}, {"seat", seat()}, {"bot", bot()}};
    if (type == "stand_in") return {{"room", room()}, {"seat", seat()}, {"bot", bot()}};
    if (type == "leave_room" || type == "start" || type == "rematch") return {{"room", room()}};
    if (type == "close_room") return {{"room", room()}, {"reason", "closing time"}};
    if (type == "chat")
      return {{"room", room()}, {"text", pick<std::string>({"ahoy", "<b>x</b>", ""})}};
    if (type == "spectator_chat") return {{"room", room()}, {"allowed", chance(50)}};
    if (type == "mute") return {{"room", room()}, {"player", player()}, {"muted", chance(70)}};
    if (type == "remove_player" || type == "transfer_host" || type == "allow_player")
      return {{"room", room()}, {"player", player()}};
    if (type == "action") {
      Json id;
      Json a = action(sender, id);
      return {{"match", id}, {"action", a}};
    }
    if (type == "sync" || type == "get_match") return {{"match", match()}};
    if (type == "get_replay") {
      Json m = {{"match", match()}};
      if (chance(50)) m["seat"] = seat();
      return m;
    }
    if (type == "list_matches") {
      Json m = Json::object();
      if (chance(50)) m["status"] = pick<std::string>({"running", "finished", "lost"});
      if (chance(30)) m["limit"] = static_cast<int>(rng_() % 300) - 50;
      return m;
    }
    // Accounts: names another may have taken, wrong passwords, sessions not the sender's; never
    // its own session revoked, which would end the connection the test goes on with.
    if (type == "register")
      return {{"name", pick<std::string>({"Anne Bonny", "Mary Read"})},
              {"password", pick<std::string>({"short", "barbary coast 1720"})}};
    if (type == "login")
      return {{"name", pick<std::string>({"Anne Bonny", "Nobody"})}, {"password", "not the one"}};
    if (type == "list_sessions" || type == "revoke_other_sessions") return Json::object();
    if (type == "revoke_session") return {{"session", 999999}};
    if (type == "take_vacation") return {{"days", static_cast<int>(rng_() % 20)}};
    if (type == "get_vacation") return Json::object();
    if (type == "change_password")
      return {{"password", "not the one"}, {"new_password", "a parrot named Flint"}};
    // Notifications: from guests and accounts alike, addresses good and bad, webhooks public and
    // private (the server calls none: there is no SMTP server, and no match waits for anyone).
    if (type == "get_notifications") return Json::object();
    if (type == "set_notifications") {
      Json m = Json::object();
      if (chance(50)) m["email"] = pick<std::string>({"anne@example.org", "", "not an address"});
      if (chance(50))
        m["webhook_url"] = pick<std::string>(
            {"https://hooks.example.org/x", "", "https://127.0.0.1/x", "ftp://x"});
      if (chance(50)) m["mode"] = pick<std::string>({"digest", "immediate", "off", "hourly"});
      if (chance(30)) m["language"] = pick<std::string>({"en", "it", "xx"});
      return m;
    }
    FAIL("no sensible " << type << " message: write one in Chaos::sensible");
    return Json::object();
  }

  void break_one(Json& m) {
    const std::vector<Json> odd = {nullptr,
                                   -1,
                                   0,
                                   9007199254740993LL,
                                   1.5,
                                   "",
                                   "room",
                                   true,
                                   Json::array(),
                                   Json::object(),
                                   {{"a", 1}},
                                   {1, 2, 3},
                                   std::string(3000, 'x')};
    std::vector<std::string> keys;
    for (const auto& [key, _] : m.items())
      if (key != "type") keys.push_back(key);
    switch (rng_() % 3) {
      case 0:  // a field's value of another kind
        if (!keys.empty()) m[pick(keys)] = pick(odd);
        break;
      case 1:  // a field missing
        if (!keys.empty()) m.erase(pick(keys));
        break;
      default:  // a field nobody asked for, or the type itself odd
        if (chance(50))
          m[pick<std::string>({"x", "seat", "room", "\"quoted\"", ""})] = pick(odd);
        else
          m["type"] = pick(odd);
    }
  }

  std::mt19937_64& rng_;
  const Known& known_;
  const TestClient* sender_ = nullptr;
};

TEST_CASE(
    "random clients: every message answered in turn, no internal error, matches stored whole") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  std::vector<std::unique_ptr<TestClient>> clients;
  for (const char* name : {"anne", "bill", "cora", "dirk"}) {
    clients.push_back(std::make_unique<TestClient>(server.port(), name));
    clients.back()->hello(name);
  }
  const std::vector<std::string> types = protocol::client_message_types();
  Known known;
  Chaos chaos(rng, known);

  // A table of two people, which moves only when they do: whatever the dice below say, there is a
  // match to play (a table of bots may never start, or end before the dice come to it).
  auto heard = [&](TestClient& c, const std::string& type) {
    return c.wait_for(
        [&](const Json& m) {
          known.learn(c, m);
          return m.value("type", "") == type;
        },
        type);
  };
  TestClient& anne = *clients[0];
  TestClient& bill = *clients[1];
  anne.send({{"type", "create_room"}, {"game", "raft-and-scupper"}, {"id", "table"}});
  const Json table = heard(anne, "room").at("room").at("id");
  bill.send({{"type", "join_room"}, {"room", table}, {"id", "sit"}});
  heard(bill, "room");
  anne.send({{"type", "start"}, {"room", table}, {"id", "go"}});
  heard(anne, "state");
  heard(bill, "state");
  std::map<std::string, int> sent, answered_by_error;

  constexpr int kMessages = 3000;
  for (int i = 0; i < kMessages; ++i) {
    TestClient& c = *clients[rng() % clients.size()];
    // Half of the time a message that moves a table on, so that matches start and are played.
    const std::string type =
        rng() % 2 ? types[rng() % types.size()]
                  : std::vector<std::string>{"create_room", "add_bot", "start",
                                             "action",      "action",  "join_room"}[rng() % 6];
    Json m = chaos.message(type, c);
    m["id"] = "chaos-" + std::to_string(i);  // never one of the client's own request ids
    CAPTURE(m.dump().substr(0, 300));
    ++sent[type];
    const std::size_t errors_before = c.errors().size();
    c.send_text(m.dump());  // not always a message the schema describes: sent as raw text
    // The messages of a connection are handled in order: the ping after it is answered after it.
    const std::string ping = "after-" + std::to_string(i);
    c.send(Json{{"type", "ping"}, {"id", ping}});
    c.wait_for(
        [&](const Json& heard) {
          known.learn(c, heard);
          return heard.value("type", "") == "pong" && heard.value("re", Json()) == ping;
        },
        "the pong after " + type);
    for (std::size_t e = errors_before; e < c.errors().size(); ++e) {
      const std::string code = c.errors()[e].value("code", "");
      CAPTURE(c.errors()[e].dump());
      CHECK(code != code::kInternal);
      CHECK(std::find(std::begin(protocol::kAllCodes), std::end(protocol::kAllCodes), code) !=
            std::end(protocol::kAllCodes));
      ++answered_by_error[type];
    }
  }
  // Every kind of message was sent, and not all of any kind refused: the table was really played
  // at, not only knocked on.
  for (const std::string& type : types) {
    CAPTURE(type);
    CHECK(sent[type] > 0);
  }
  for (const char* type : {"create_room", "join_room", "add_bot", "start", "action", "chat"}) {
    CAPTURE(type);
    CHECK(answered_by_error[type] < sent[type]);
  }
  CHECK(known.matches.size() >= 1);

  // Every connection is still there, and the matches are stored as the clients saw them.
  for (auto& c : clients) {
    CHECK_FALSE(c->closed());
    CHECK(c->request({{"type", "ping"}}).at("type") == "pong");
  }
  int compared = 0;
  for (std::int64_t id : known.matches) {
    if (id == 888888) continue;
    std::int64_t seen = -1;
    for (auto& c : clients)
      if (const MatchView* v = c->match(id)) seen = std::max(seen, v->version);
    if (seen < 0) continue;
    // A private room's match is read with its code: the first client may hold no seat there.
    Json get_match = {{"type", "get_match"}, {"match", id}};
    std::string code;
    if (auto it = known.match_codes.find(id); it != known.match_codes.end()) {
      get_match["code"] = it->second;
      code = "?code=" + it->second;
    }
    const Json stored = clients[0]->request(get_match);
    REQUIRE(stored.at("type") == "match");
    CHECK(stored.at("match").at("actions").get<std::int64_t>() >= seen);
    if (stored.at("match").at("status") == "aborted") continue;
    const HttpReply replay =
        http_get(server.port(), "/api/matches/" + std::to_string(id) + "/replay" + code);
    REQUIRE(replay.status == 200);
    // Bots may have played on since get_match.
    CHECK(Json::parse(replay.body).at("steps").size() >=
          stored.at("match").at("actions").get<std::size_t>() + 1);
    ++compared;
  }
  CHECK(compared >= 1);
  // Nothing a client sent made the server log a failure of its own.
  const std::string log = server.log();
  std::size_t line_start = 0;
  while (line_start < log.size()) {
    const std::size_t end = std::min(log.find('\n', line_start), log.size());
    const std::string line = log.substr(line_start, end - line_start);
    CHECK_MESSAGE(line.find(" error ") == std::string::npos, line);
    line_start = end + 1;
  }
  MESSAGE("sent " << kMessages << " messages; " << known.rooms.size() << " rooms and "
                  << known.matches.size() << " matches heard of, " << compared << " replayed");
}

}  // namespace
}  // namespace tortuga::integration
