// A room's chat: who hears a line, who may speak, muting, the rate limit, the recent lines a
// newcomer gets, and the lines kept with the match.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "server/history/history.hpp"
#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

// A third person, who watches.
struct Watched : Table {
  std::shared_ptr<FakeClient> cy = std::make_shared<FakeClient>();
  Watched() {
    cy->welcome(sqlite->create_player("Cy", "h3").value().id, "Cy");
    on_room([&] { room->join(anne, std::nullopt, 1); });
    on_room([&] { room->join(ben, std::nullopt, 2); });
    on_room([&] { room->watch(cy, 3); });
  }
  void say(const std::shared_ptr<FakeClient>& who, const std::string& text, Json id = 20) {
    on_room([&] { room->chat(who, text, id); });
  }
};

std::vector<std::string> texts(const FakeClient& c) {
  std::vector<std::string> out;
  for (const Json& m : c.of_type("chat")) out.push_back(m["line"]["text"]);
  return out;
}

Json last_error(const FakeClient& c) {
  auto errors = c.of_type("error");
  return errors.empty() ? Json() : errors.back();
}

}  // namespace

TEST_CASE("a chat line reaches everyone in the room, and answers its speaker's request") {
  Watched t;
  t.say(t.anne, "<img src=x onerror=alert(1)>", 5);
  const auto anne = t.anne->of_type("chat");
  REQUIRE(anne.size() == 1);
  CHECK(anne[0]["re"] == 5);
  CHECK(anne[0]["room"] == 1);
  const Json line = anne[0]["line"];
  CHECK(line["player"] == t.anne->player());
  CHECK(line["name"] == "Anne");
  CHECK(line["seat"] == 0);
  CHECK(line["match"].is_null());  // said before any match: nothing to store it with
  CHECK(line["step"].is_null());
  CHECK(line["text"] == "<img src=x onerror=alert(1)>");  // verbatim; clients show it as text
  for (const auto& other : {t.ben, t.cy}) {
    const auto got = other->of_type("chat");
    REQUIRE(got.size() == 1);
    CHECK_FALSE(got[0].contains("re"));
    CHECK(got[0]["line"] == line);
  }
}

TEST_CASE("spectators chat only once the host opens the chat to them, and only the host may") {
  Watched t;
  t.say(t.cy, "may I?", 6);
  CHECK(last_error(*t.cy)["code"] == "chat_closed");
  CHECK(last_error(*t.cy)["re"] == 6);
  CHECK(texts(*t.anne).empty());

  t.on_room([&] { t.room->set_spectator_chat(t.ben, true, 7); });
  CHECK(last_error(*t.ben)["code"] == "not_host");
  t.on_room([&] { t.room->set_spectator_chat(t.anne, true, 8); });
  const Json room = t.cy->of_type("room").back();
  CHECK(room["room"]["spectator_chat"] == true);
  CHECK(t.anne->of_type("room").back()["re"] == 8);

  t.say(t.cy, "thank you");
  REQUIRE(texts(*t.ben) == std::vector<std::string>{"thank you"});
  CHECK(t.ben->of_type("chat").back()["line"]["seat"].is_null());

  t.on_room([&] { t.room->set_spectator_chat(t.anne, false, 9); });
  t.say(t.cy, "again");
  CHECK(last_error(*t.cy)["code"] == "chat_closed");
}

TEST_CASE("a muted speaker's lines stop reaching the one who muted, and no one else") {
  Watched t;
  const std::int64_t anne = t.anne->player();
  t.on_room([&] { t.room->mute(t.ben, anne, true, 4); });
  const auto mutes = t.ben->of_type("mutes");
  REQUIRE(mutes.size() == 1);
  CHECK(mutes[0]["re"] == 4);
  CHECK(mutes[0]["muted"] == Json::array({anne}));

  t.say(t.anne, "you cannot hear me");
  CHECK(texts(*t.ben).empty());
  CHECK(texts(*t.cy) == std::vector<std::string>{"you cannot hear me"});
  CHECK(texts(*t.anne) == std::vector<std::string>{"you cannot hear me"});

  // A second connection of Ben's, coming in now, is not given her earlier line either.
  auto ben_again = std::make_shared<FakeClient>();
  ben_again->welcome(t.ben->player(), "Ben");
  t.on_room([&] { t.room->join(ben_again, std::nullopt, 1); });
  CHECK(ben_again->of_type("chat_log").empty());

  t.on_room([&] { t.room->mute(t.ben, anne, false, 5); });
  CHECK(t.ben->of_type("mutes").back()["muted"] == Json::array());
  t.say(t.anne, "and now?");
  CHECK(texts(*t.ben) == std::vector<std::string>{"and now?"});

  t.on_room([&] { t.room->mute(t.ben, t.ben->player(), true, 6); });
  CHECK(last_error(*t.ben)["code"] == "bad_field");
  auto stranger = std::make_shared<FakeClient>();
  stranger->welcome(99, "Stranger");
  t.on_room([&] { t.room->mute(stranger, anne, true, 7); });
  CHECK(last_error(*stranger)["code"] == "not_in_room");
}

TEST_CASE("a player's lines beyond the burst are refused with chat_rate_limited; others speak on") {
  Watched t;
  for (int i = 0; i < ChatLog::kBurst; ++i) t.say(t.anne, "line " + std::to_string(i));
  CHECK(t.anne->of_type("error").empty());
  t.say(t.anne, "one too many", 11);
  CHECK(last_error(*t.anne)["code"] == "chat_rate_limited");
  CHECK(last_error(*t.anne)["re"] == 11);
  CHECK(texts(*t.ben).size() == static_cast<std::size_t>(ChatLog::kBurst));
  t.say(t.ben, "my turn");
  CHECK(t.ben->of_type("error").empty());
  CHECK(texts(*t.anne).back() == "my turn");
}

TEST_CASE("the allowance grows back one line per refill period, up to the burst") {
  ChatLog log;
  const auto t0 = ChatLog::Clock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < ChatLog::kBurst; ++i) CHECK(log.admit(1, t0));
  CHECK_FALSE(log.admit(1, t0));
  CHECK(log.admit(2, t0));  // each player has an allowance of their own
  CHECK_FALSE(log.admit(1, t0 + ChatLog::kRefill / 2));
  CHECK(log.admit(1, t0 + ChatLog::kRefill));
  CHECK_FALSE(log.admit(1, t0 + ChatLog::kRefill));
  const auto later = t0 + ChatLog::kRefill * 100;
  for (int i = 0; i < ChatLog::kBurst; ++i) CHECK(log.admit(1, later));
  CHECK_FALSE(log.admit(1, later));
}

TEST_CASE("a newcomer is given the room's latest lines, at most kRecentLines of them") {
  ChatLog log;
  for (int i = 0; i < 60; ++i) log.said({{"player", i % 2 + 1}, {"text", std::to_string(i)}});
  const Json recent = log.recent_for(7);
  REQUIRE(recent.size() == ChatLog::kRecentLines);
  CHECK(recent.front()["text"] == "10");
  CHECK(recent.back()["text"] == "59");
  log.set_muted(7, 1, true);
  CHECK(log.recent_for(7).size() == ChatLog::kRecentLines / 2);
  CHECK(log.recent_for(8).size() == ChatLog::kRecentLines);

  Watched t;
  t.say(t.anne, "first");
  t.say(t.ben, "second");
  auto late = std::make_shared<FakeClient>();
  late->welcome(t.sqlite->create_player("Dee", "h4").value().id, "Dee");
  t.on_room([&] { t.room->watch(late, 1); });
  const auto logs = late->of_type("chat_log");
  REQUIRE(logs.size() == 1);
  REQUIRE(logs[0]["lines"].size() == 2);
  CHECK(logs[0]["lines"][0]["text"] == "first");
  CHECK(logs[0]["lines"][1]["text"] == "second");
  // The room comes first, so that a client knows where the lines belong.
  CHECK(late->received().front()["type"] == "room");

  // A player coming back (hello with its token) gets them too.
  auto anne_back = std::make_shared<FakeClient>();
  anne_back->welcome(t.anne->player(), "Anne");
  t.on_room([&] { t.room->disconnected(t.anne); });
  t.on_room([&] { t.room->resume(anne_back); });
  REQUIRE(anne_back->of_type("chat_log").size() == 1);
  CHECK(anne_back->of_type("chat_log")[0]["lines"].size() == 2);
}

TEST_CASE(
    "lines said during a match are stored at the step everybody saw, and come with its replay") {
  Watched t;
  t.on_room([&] { t.room->set_spectator_chat(t.anne, true, 1); });
  t.start_and_wait();
  const std::int64_t match = t.anne->of_type("state").back()["match"];
  t.say(t.ben, "good luck");
  t.act(t.anne, {{"type", "add"}, {"n", 2}});
  // Held by the store: nobody has seen step 1 yet, so a line now answers step 0.
  t.say(t.cy, "careful");
  t.commit_all();
  t.say(t.anne, "done");
  CHECK(t.cy->of_type("chat").back()["line"]["step"] == 1);
  CHECK(t.cy->of_type("chat").back()["line"]["match"] == match);
  t.store->flush();

  const auto stored = t.store->chat(match).value();
  REQUIRE(stored.size() == 3);
  CHECK(stored[0].text == "good luck");
  CHECK(stored[0].step == 0);
  CHECK(stored[0].seat == 1);
  CHECK(stored[1].text == "careful");
  CHECK(stored[1].step == 0);
  CHECK_FALSE(stored[1].seat.has_value());
  CHECK(stored[2].step == 1);
  CHECK(stored[2].player == t.anne->player());

  // As the replay (over HTTP too) gives it; Tally is no hosted game, so the replay itself is the
  // integration tests' to check.
  const Json chat = chat_json(stored);
  REQUIRE(chat.size() == 3);
  CHECK(chat[2] == Json{{"step", 1},
                        {"seat", 0},
                        {"player", t.anne->player()},
                        {"name", "Anne"},
                        {"text", "done"},
                        {"time_ms", stored[2].time_ms}});
}

}  // namespace tortuga::testing

namespace tortuga::testing {

TEST_CASE("docs/protocol.md states the chat allowance and the recent lines the room keeps") {
  std::ifstream in(std::string(TORTUGA_SOURCE_DIR) + "/docs/protocol.md");
  REQUIRE(in);
  std::ostringstream doc;
  doc << in.rdbuf();
  const std::string allowance = std::to_string(ChatLog::kBurst) +
                                " lines at once, then one more every " +
                                std::to_string(ChatLog::kRefill.count() / 1000) + " s";
  CHECK(doc.str().find(allowance) != std::string::npos);
  CHECK(doc.str().find("at most its last " + std::to_string(ChatLog::kRecentLines) + " lines") !=
        std::string::npos);
}

}  // namespace tortuga::testing
