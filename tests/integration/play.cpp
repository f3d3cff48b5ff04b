#include "tests/integration/play.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

#include <doctest/doctest.h>

namespace tortuga::integration {

std::mt19937_64 seeded_rng() {
  std::uint64_t seed = std::random_device{}();
  if (const char* given = std::getenv("TORTUGA_TEST_SEED"))
    seed = std::strtoull(given, nullptr, 10);
  MESSAGE("random seed " << seed << " (set TORTUGA_TEST_SEED to replay)");
  return std::mt19937_64(seed);
}

namespace {

Json expect(const Json& message, const std::string& type, const std::string& after) {
  if (message.value("type", "") != type)
    throw std::runtime_error(after + " was answered with " + message.dump() + ", not " + type);
  return message;
}

// `host` sends `create`; `guest` joins, `watchers` watch, the host starts: open_table's steps.
Table open_made(TestClient& host, TestClient& guest, const std::vector<TestClient*>& watchers,
                const Json& create) {
  Table table;
  Json created = expect(host.request(create), "room", "create_room");
  table.room = created.at("room").at("id").get<std::int64_t>();
  CHECK(created.at("you").at("seat") == 0);
  Json joined =
      expect(guest.request({{"type", "join_room"}, {"room", table.room}}), "room", "join_room");
  CHECK(joined.at("you").at("seat") == 1);
  for (TestClient* w : watchers) {
    Json watching =
        expect(w->request({{"type", "watch_room"}, {"room", table.room}}), "room", "watch_room");
    CHECK(watching.at("you").at("spectator") == true);
  }
  Json started = expect(host.request({{"type", "start"}, {"room", table.room}}), "room", "start");
  CHECK(started.at("room").at("status") == "playing");
  table.match = started.at("room").at("match").get<std::int64_t>();
  for (TestClient* c : {&host, &guest}) c->wait_version(table.match, 0);
  for (TestClient* w : watchers) w->wait_version(table.match, 0);
  table.started = std::move(started);
  return table;
}

}  // namespace

Json register_account(TestClient& c, const std::string& name, Millis timeout) {
  return expect(
      c.request({{"type", "register"}, {"name", name}, {"password", "barbary coast 1720"}},
                timeout),
      "welcome", "register");
}

Table open_table(TestClient& host, TestClient& guest, const std::vector<TestClient*>& watchers,
                 const Json& options) {
  return open_made(host, guest, watchers,
                   {{"type", "create_room"}, {"game", kRaft}, {"options", options}});
}

Table open_by_post(TestClient& host, TestClient& guest, int days_per_move) {
  return open_made(host, guest, {},
                   {{"type", "create_room"},
                    {"game", kRaft},
                    {"correspondence", {{"days_per_move", days_per_move}}}});
}

Table open_bot_table(TestClient& host, const std::string& game, const Json& options,
                     const std::vector<std::string>& bots,
                     const std::vector<TestClient*>& watchers) {
  Table table;
  Json created =
      expect(host.request({{"type", "create_room"}, {"game", game}, {"options", options}}), "room",
             "create_room");
  table.room = created.at("room").at("id").get<std::int64_t>();
  CHECK(created.at("room").at("seats").size() == bots.size() + 1);
  for (std::size_t i = 0; i < bots.size(); ++i) {
    Json with_bot =
        expect(host.request({{"type", "add_bot"}, {"room", table.room}, {"bot", bots[i]}}), "room",
               "add_bot");
    CHECK(with_bot.at("room").at("seats").at(i + 1).at("bot") == bots[i]);
  }
  for (TestClient* w : watchers)
    expect(w->request({{"type", "watch_room"}, {"room", table.room}}), "room", "watch_room");
  Json started = expect(host.request({{"type", "start"}, {"room", table.room}}), "room", "start");
  table.match = started.at("room").at("match").get<std::int64_t>();
  host.wait_version(table.match, 0);
  for (TestClient* w : watchers) w->wait_version(table.match, 0);
  return table;
}

bool is_over(const TestClient& client, std::int64_t match) {
  const MatchView* m = client.match(match);
  return m && m->view.value("over", false);
}

int play_random(std::int64_t match, const std::vector<TestClient*>& players,
                const std::vector<TestClient*>& watchers, std::mt19937_64& rng, int max_actions) {
  int played = 0;
  while (played < max_actions) {
    TestClient* actor = nullptr;
    bool over = true;
    for (TestClient* p : players) {
      const MatchView* m = p->match(match);
      if (!m)
        throw std::runtime_error(p->label() + " has no view of match " + std::to_string(match));
      over = over && m->view.value("over", false);
      if (!actor && !m->view.at("legal").empty()) actor = p;
    }
    if (over) break;
    const std::int64_t version = players.front()->match(match)->version;
    if (actor) {
      const Json& legal = actor->match(match)->view.at("legal");
      const Json action = legal[rng() % legal.size()];
      // Answered by the patch that carries it (where several seats act at once, others' patches
      // may come first) or by a refusal.
      const Json answer =
          actor->request({{"type", "action"}, {"match", match}, {"action", action}});
      if (answer.at("type") != "patch")
        throw std::runtime_error(actor->label() + "'s legal action " + action.dump() +
                                 " was refused: " + answer.dump());
      ++played;
    }
    // Someone else (a bot, a timer) acts when no player may.
    for (TestClient* p : players) p->wait_version(match, version + 1);
    for (TestClient* w : watchers) w->wait_version(match, version + 1);
  }
  return played;
}

bool pass_in_raft(std::int64_t match, TestClient& a, TestClient& b, std::mt19937_64& rng,
                  int max_actions) {
  for (int played = 0; played <= max_actions && !is_over(a, match); ++played) {
    for (TestClient* c : {&a, &b}) {
      const Json& legal = c->match(match)->view.at("legal");
      if (std::find(legal.begin(), legal.end(), Json{{"type", "pass"}}) == legal.end()) continue;
      const std::int64_t next = c->match(match)->version + 1;
      c->send({{"type", "action"}, {"match", match}, {"action", {{"type", "pass"}}}});
      a.wait_version(match, next);
      b.wait_version(match, next);
      return !is_over(a, match);
    }
    play_random(match, {&a, &b}, {}, rng, 1);
  }
  return false;
}

void eventually(const std::function<bool()>& done, const std::string& what, Millis timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline)
      throw std::runtime_error("timed out waiting for " + what);
    std::this_thread::sleep_for(Millis(5));
  }
}

Json as_public(Json view) {
  view["seat"] = nullptr;
  view["legal"] = Json::array();
  return view;
}

}  // namespace tortuga::integration
