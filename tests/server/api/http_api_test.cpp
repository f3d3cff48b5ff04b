#include <doctest/doctest.h>

#include <filesystem>

#include <unistd.h>
#include <fstream>

#include <nlohmann/json.hpp>

#include "protocol/command.hpp"
#include "server/api/http_api.hpp"
#include "server/history/match_file.hpp"
#include "tests/persistence/helpers.hpp"
#include "tests/server/gated_store.hpp"

namespace tortuga::testing {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Stored matches, on either backend, and a web root beside them.
template <class Backend = store::test::OnSqlite>
struct Archive {
  fs::path dir = fs::temp_directory_path() / ("tortuga-http-" + std::to_string(::getpid()));
  Backend db;
  std::unique_ptr<store::Store> store;
  std::int64_t finished = 0, running = 0;
  std::int64_t anne_id = 0;

  Archive() {
    fs::create_directories(dir / "web");
    std::ofstream(dir / "web" / "index.html") << "<h1>hi</h1>";
    std::ofstream(dir / "secret.txt") << "no";
    store = db.open();
    auto anne = store->create_player("Anne", "h1").value();
    anne_id = anne.id;
    // A short match of Raft & Scupper, played by its first legal actions, stored as a room would.
    for (bool finish : {true, false}) {
      store::Match m;
      m.game = "raft-and-scupper";
      m.options_json = R"({"short_game":true})";
      m.seed = 11;
      m.seats = {{0, anne.id, "Anne", ""}, {1, std::nullopt, "Bot", "random"}};
      auto id = store->create_match(m).value();
      MatchFile file;
      file.game = m.game;
      file.options = Json::parse(m.options_json);
      file.seed = m.seed;
      auto state = replay(file);
      for (int seq = 1; seq <= 6; ++seq) {
        int seat = (*state)->actors()[0];
        Json action = (*state)->legal_actions(seat)[0];
        REQUIRE_FALSE((*state)->apply(seat, action));
        store->append_action({id, seq, seat, action.dump(), 0}, nullptr);
      }
      if (finish)
        store->finish_match(id, store::MatchStatus::finished, R"({"winners":[0]})", 5, nullptr);
      (finish ? finished : running) = id;
    }
    store->flush();
  }
  ~Archive() {
    store.reset();
    fs::remove_all(dir);
  }
};

}  // namespace

STORE_TEST("the HTTP API lists, describes, replays and exports stored matches") {
  Archive<Backend> a;
  HttpApi api(*a.store, (a.dir / "web").string());
  CHECK(Json::parse(api.get("/healthz").body)["status"] == "ok");

  Json all = Json::parse(api.get("/api/matches").body)["matches"];
  CHECK(all.size() == 2);
  Json done = Json::parse(api.get("/api/matches?status=finished&game=raft-and-scupper").body);
  REQUIRE(done["matches"].size() == 1);
  CHECK(done["matches"][0]["id"] == a.finished);
  CHECK(done["matches"][0]["actions"] == 6);

  auto one = api.get("/api/matches/" + std::to_string(a.finished));
  CHECK(one.status == 200);
  CHECK(Json::parse(one.body)["match"]["seats"][1]["bot"] == "random");
  CHECK(api.get("/api/matches/424242").status == 404);
  CHECK(api.get("/api/matches/abc").status == 400);

  Json replay = Json::parse(api.get("/api/matches/" + std::to_string(a.finished) + "/replay").body);
  CHECK(replay["revealed"] == true);
  CHECK(replay["steps"].size() == 7);
  CHECK(replay["steps"][3]["step"] == 3);
  CHECK(replay["steps"][3]["view"]["step"] == 3);
}

namespace {

// The ids of the matches a listing answers with, in its order.
std::vector<std::int64_t> listed(HttpApi& api, const std::string& query) {
  auto reply = api.get("/api/matches" + query);
  INFO(query << " -> " << reply.body);
  REQUIRE(reply.status == 200);
  const Json body = Json::parse(reply.body);
  std::vector<std::int64_t> ids;
  for (const Json& m : body.at("matches")) ids.push_back(m.at("id"));
  return ids;
}

}  // namespace

STORE_TEST("the HTTP match list filters by each parameter, newest first") {
  Archive<Backend> a;
  HttpApi api(*a.store, (a.dir / "web").string());
  const std::vector<std::int64_t> both = {a.running, a.finished};  // the running one is newer
  REQUIRE(a.running > a.finished);
  CHECK(listed(api, "") == both);
  CHECK(listed(api, "?game=raft-and-scupper") == both);
  CHECK(listed(api, "?game=scalawag").empty());  // a game id is any text: none stored, none listed
  CHECK(listed(api, "?status=running") == std::vector<std::int64_t>{a.running});
  CHECK(listed(api, "?status=finished") == std::vector<std::int64_t>{a.finished});
  CHECK(listed(api, "?status=aborted").empty());
  CHECK(listed(api, "?player=" + std::to_string(a.anne_id)) == both);
  CHECK(listed(api, "?player=" + std::to_string(a.anne_id + 1000)).empty());
  CHECK(listed(api, "?limit=1") == std::vector<std::int64_t>{a.running});
  CHECK(listed(api, "?limit=" + std::to_string(protocol::kMaxMatchLimit)) == both);
  CHECK(listed(api, "?before=" + std::to_string(a.running)) ==
        std::vector<std::int64_t>{a.finished});
  CHECK(listed(api, "?before=" + std::to_string(a.finished)).empty());
  // The next page: the last id of one page as `before`.
  CHECK(listed(api, "?limit=1&before=" + std::to_string(a.running)) ==
        std::vector<std::int64_t>{a.finished});
  // A blank value is not given, as a form sends a field left empty.
  CHECK(listed(api, "?game=&player=&status=&limit=&before=") == both);
  // Parameters the list does not know are ignored, like unknown fields of a message.
  CHECK(listed(api, "?colour=red") == both);
}

TEST_CASE("the HTTP match list refuses a filter that cannot be meant, naming the parameter") {
  Archive a;
  HttpApi api(*a.store, (a.dir / "web").string());
  const std::string too_many = std::to_string(protocol::kMaxMatchLimit + 1);
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"status", "done"}, {"status", "Finished"}, {"status", "running,finished"},
      {"limit", "0"},     {"limit", "-1"},        {"limit", too_many},
      {"limit", "ten"},   {"limit", "2.5"},       {"limit", "99999999999999999999"},
      {"player", "0"},    {"player", "-3"},       {"player", "Anne"},
      {"before", "0"},    {"before", "-1"},       {"before", "12x"},
  };
  for (const auto& [name, value] : refused) {
    auto reply = api.get("/api/matches?" + name + "=" + value);
    INFO(name << "=" << value << " -> " << reply.body);
    CHECK(reply.status == 400);
    CHECK(reply.content_type == "application/json");
    Json body = Json::parse(reply.body);
    CHECK(body["code"] == "bad_field");
    CHECK(body["message"].get<std::string>().find("parameter \"" + name + "\"") !=
          std::string::npos);
  }
  // One bad filter among good ones still refuses the whole request.
  CHECK(api.get("/api/matches?game=raft-and-scupper&limit=0").status == 400);
}

TEST_CASE("the HTTP match list and list_matches refuse the same values") {
  // What HTTP refuses, the WebSocket's list_matches refuses too, and what one takes the other
  // takes: a client moving from one to the other meets no surprise.
  auto ws_takes = [](const std::string& name, const Json& value) {
    Json message = {{"type", "list_matches"}, {name, value}};
    return protocol::parse_command(message.dump()).command.ok();
  };
  Archive a;
  HttpApi api(*a.store, (a.dir / "web").string());
  const std::vector<std::pair<std::string, Json>> values = {
      {"limit", 0},
      {"limit", 1},
      {"limit", protocol::kMaxMatchLimit},
      {"limit", protocol::kMaxMatchLimit + 1},
      {"limit", -5},
      {"player", 0},
      {"player", 1},
      {"before", 0},
      {"before", 1},
      {"status", "running"},
      {"status", "finished"},
      {"status", "aborted"},
      {"status", "over"},
      {"status", "open"},
  };
  for (const auto& [name, value] : values) {
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    INFO(name << "=" << text);
    CHECK((api.get("/api/matches?" + name + "=" + text).status == 200) == ws_takes(name, value));
  }
}

STORE_TEST("a running match's seats and export are not given to anonymous HTTP readers") {
  Archive<Backend> a;
  HttpApi api(*a.store, (a.dir / "web").string());
  const std::string running = "/api/matches/" + std::to_string(a.running);
  CHECK(api.get(running + "/replay?seat=0").status == 403);
  CHECK(api.get(running + "/export").status == 403);
  Json spectators = Json::parse(api.get(running + "/replay").body);
  CHECK(spectators["revealed"] == false);
  // Other seats' actions stay hidden while the match runs.
  for (const Json& step : spectators["steps"]) CHECK(step["action"].is_null());
}

STORE_TEST("an exported match file replays to the same result") {
  Archive<Backend> a;
  HttpApi api(*a.store, (a.dir / "web").string());
  auto exported = api.get("/api/matches/" + std::to_string(a.finished) + "/export");
  REQUIRE(exported.status == 200);
  auto file = parse_match_file(Json::parse(exported.body));
  REQUIRE(file);
  CHECK(file->actions.size() == 6);
  CHECK(file->seed == 11);
  auto state = replay(*file);
  REQUIRE(state);
  CHECK((*state)->history().size() == 6);
  // A tampered log is refused, not replayed into a different match.
  file->actions[2].action = {{"type", "scupper"}, {"at", {99, 99}}};
  CHECK_FALSE(replay(*file));
}

TEST_CASE("static files are served from the web root and nothing outside it") {
  Archive a;
  HttpApi api(*a.store, (a.dir / "web").string());
  auto index = api.get("/");
  CHECK(index.status == 200);
  CHECK(index.content_type.rfind("text/html", 0) == 0);
  CHECK(index.body == "<h1>hi</h1>");
  CHECK(api.get("/index.html?v=2").body == "<h1>hi</h1>");
  CHECK(api.get("/../secret.txt").status == 404);
  CHECK(api.get("/%2e%2e/secret.txt").status == 404);
  CHECK(api.get("/boards/%2e%2e/%2e%2e/secret.txt").status == 404);
  CHECK(api.get("/boards%2f..%2f..%2fsecret.txt").status == 404);
  CHECK(api.get("/nope.js").status == 404);
  CHECK(api.get("//etc/passwd").status == 404);
  CHECK(api.get("/index.html%00.png").status == 404);
}

TEST_CASE(
    "static files: nested folders, content types, no directories, hidden files or links out") {
  Archive a;
  const auto web = a.dir / "web";
  fs::create_directories(web / "boards");
  fs::create_directories(web / "js");
  std::ofstream(web / "boards" / "raft-and-scupper.js") << "export default {};";
  std::ofstream(web / "js" / "app.js") << "import './x.js';";
  std::ofstream(web / "style.css") << "body{}";
  std::ofstream(web / "pic.svg") << "<svg/>";
  std::ofstream(web / "shot.png") << "PNG";
  std::ofstream(web / ".env") << "secret";
  std::ofstream(web / "no-type") << "?";
  fs::create_symlink(a.dir / "secret.txt", web / "out.txt");
  fs::create_directory_symlink(a.dir, web / "up");
  HttpApi api(*a.store, web.string());

  auto board = api.get("/boards/raft-and-scupper.js");
  CHECK(board.status == 200);
  CHECK(board.body == "export default {};");
  CHECK(board.content_type == "text/javascript; charset=utf-8");
  CHECK(api.get("/js/app.js").content_type == "text/javascript; charset=utf-8");
  CHECK(api.get("/style.css").content_type == "text/css; charset=utf-8");
  CHECK(api.get("/pic.svg").content_type == "image/svg+xml");
  CHECK(api.get("/shot.png").content_type == "image/png");
  CHECK(api.get("/no-type").content_type == "application/octet-stream");
  // A percent-encoded name means the same file.
  CHECK(api.get("/boards/raft%2Dand-scupper.js").body == "export default {};");

  CHECK(api.get("/boards").status == 404);  // a directory is not a file
  CHECK(api.get("/boards/").status == 404);
  CHECK(api.get("/.env").status == 404);  // nor is a hidden file served
  CHECK(api.get("/%2eenv").status == 404);
  CHECK(api.get("/out.txt").status == 404);  // links may not lead out of the web root
  CHECK(api.get("/up/secret.txt").status == 404);
  CHECK(api.get("/js/app.js\\..\\x").status == 404);
}

TEST_CASE("the SDK's modules are served at /sdk/ from sdk/js beside the web root") {
  Archive a;
  const auto sdk = a.dir / "sdk" / "js";
  fs::create_directories(sdk);
  std::ofstream(sdk / "index.js") << "export {TortugaClient} from './client.js';";
  std::ofstream(sdk / "index.d.ts") << "export {};";
  std::ofstream(a.dir / "sdk" / "secret.txt") << "no";
  std::ofstream(a.dir / "web" / "index.js") << "web's own";
  fs::create_symlink(a.dir / "secret.txt", sdk / "out.txt");
  // The web root as a setting may end with a slash, or not.
  for (const fs::path& web : {a.dir / "web", a.dir / "web" / ""}) {
    CAPTURE(web);
    CHECK(sdk_root_beside(web) == sdk);
    HttpApi api(*a.store, web.string());
    auto index = api.get("/sdk/index.js");
    CHECK(index.status == 200);
    CHECK(index.content_type == "text/javascript; charset=utf-8");
    CHECK(index.body == "export {TortugaClient} from './client.js';");
    CHECK(api.get("/index.js").body == "web's own");  // the web root's own file, not the SDK's
    CHECK(api.get("/sdk/").status == 404);
    CHECK(api.get("/sdk").status == 404);
    CHECK(api.get("/sdk/../secret.txt").status == 404);
    CHECK(api.get("/sdk/%2e%2e/secret.txt").status == 404);
    CHECK(api.get("/sdk/out.txt").status == 404);  // nor may a link lead out of sdk/js
    CHECK(api.get("/sdk/nope.js").status == 404);
  }
}

TEST_CASE("uPlot is served at /vendor/uplot/ from node_modules/uplot/dist beside the web root") {
  Archive a;
  const auto dist = a.dir / "node_modules" / "uplot" / "dist";
  fs::create_directories(dist);
  std::ofstream(dist / "uPlot.esm.js") << "export default function uPlot() {}";
  std::ofstream(dist / "uPlot.min.css") << ".uplot {}";
  std::ofstream(a.dir / "node_modules" / "uplot" / "package.json") << "{}";
  std::ofstream(a.dir / "node_modules" / "other.js") << "not uPlot's";
  CHECK(plot_root_beside(a.dir / "web") == dist);
  HttpApi api(*a.store, (a.dir / "web").string());
  auto module = api.get("/vendor/uplot/uPlot.esm.js");
  CHECK(module.status == 200);
  CHECK(module.content_type == "text/javascript; charset=utf-8");
  CHECK(module.body == "export default function uPlot() {}");
  CHECK(api.get("/vendor/uplot/uPlot.min.css").content_type == "text/css; charset=utf-8");
  // Only uPlot's dist/: nothing else of node_modules, nor its package's other files.
  CHECK(api.get("/vendor/uplot/../package.json").status == 404);
  CHECK(api.get("/vendor/uplot/%2e%2e/package.json").status == 404);
  CHECK(api.get("/vendor/other.js").status == 404);
  CHECK(api.get("/vendor/uplot/").status == 404);
}

TEST_CASE("/locales/ lists the languages of the web client's catalogs, each a file of its own") {
  Archive a;
  HttpApi api(*a.store, (a.dir / "web").string());
  // No folder of catalogs: no language to offer, and the page keeps to its English.
  CHECK(Json::parse(api.get("/locales/").body) == Json{{"languages", Json::array()}});
  const auto locales = a.dir / "web" / "locales";
  fs::create_directories(locales / "de.json");  // a folder is no catalog
  std::ofstream(locales / "it.json") << "{}";
  std::ofstream(locales / "en.json") << "{}";
  std::ofstream(locales / "pt-BR.json") << "{}";
  std::ofstream(locales / ".fr.json") << "{}";
  std::ofstream(locales / "README.md") << "how to translate";
  auto list = api.get("/locales/");
  CHECK(list.status == 200);
  CHECK(list.content_type == "application/json");
  CHECK(Json::parse(list.body) == Json{{"languages", {"en", "it", "pt-BR"}}});
  // Each catalog is a static file of the web root.
  CHECK(api.get("/locales/it.json").body == "{}");
  CHECK(api.get("/locales").status == 404);
}

TEST_CASE("/readyz answers 200 only while the store answers and the node does not drain") {
  Archive a;
  GatedStore store(*a.store);
  Drain drain;
  HttpApi api(store, (a.dir / "web").string(), &drain);
  CHECK(api.get("/readyz").status == 200);
  CHECK(Json::parse(api.get("/readyz").body) == Json{{"status", "ready"}});

  store.down = true;
  auto down = api.get("/readyz");
  CHECK(down.status == 503);
  CHECK(Json::parse(down.body).at("code") == "store_unavailable");
  CHECK(api.get("/healthz").status == 200);  // the process still answers

  store.down = false;
  drain.begin();
  auto draining = api.get("/readyz");
  CHECK(draining.status == 503);
  CHECK(Json::parse(draining.body).at("code") == "draining");
  // Without a drain to ask, as a node that never drains.
  CHECK(HttpApi(store, (a.dir / "web").string()).get("/readyz").status == 200);
}

TEST_CASE("GET /metrics answers the Prometheus text format with its content type") {
  Archive a;
  HttpApi api(*a.store, (a.dir / "web").string());
  const HttpReply reply = api.get("/metrics?scrape=1");
  CHECK(reply.status == 200);
  CHECK(reply.content_type == "text/plain; version=0.0.4; charset=utf-8");
  CHECK(reply.body.find("# TYPE tortuga_actions_applied_total counter\n") != std::string::npos);
  CHECK(reply.body.find("tortuga_actions_applied_total{game=\"raft-and-scupper\"} ") !=
        std::string::npos);
  CHECK(reply.body.find("# TYPE process_cpu_seconds_total counter\n") != std::string::npos);
}

TEST_CASE("GET /api/schema answers the protocol's JSON Schema, every message of both sides") {
  Archive a;
  HttpApi api(*a.store, (a.dir / "web").string());
  const HttpReply reply = api.get("/api/schema");
  CHECK(reply.status == 200);
  CHECK(reply.content_type == "application/schema+json");
  const Json schema = Json::parse(reply.body);
  CHECK(schema.at("$schema") == "https://json-schema.org/draft/2020-12/schema");
  const Json& defs = schema.at("$defs");
  CHECK(defs.at("client_message").at("properties").at("type").at("enum").size() >= 22);
  CHECK(defs.contains("server.welcome"));
  CHECK(defs.contains("games.scalawag.view"));
}

}  // namespace tortuga::testing
