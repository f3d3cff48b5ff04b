// GET /metrics on a server under load, read by a real parser of the format (prometheus_client's,
// run as a python3 child): every family has HELP and TYPE, counters move exactly as the test's
// own load says they must, and no counter ever goes back between two scrapes.
#include <cstdio>
#include <map>
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

#ifndef TORTUGA_SOURCE_DIR
#error "TORTUGA_SOURCE_DIR must name the source tree, where the parser script is"
#endif

namespace tortuga::integration {
namespace {

// Debian's python3-prometheus-client installs for the system's interpreter, whatever else is
// first on the PATH.
constexpr const char* kPython = "/usr/bin/python3";

struct Scrape {
  Json families;                          // as parse_metrics.py prints them
  std::map<std::string, double> samples;  // by `name{label="value",...}`, labels sorted
};

std::string sample_key(const Json& sample) {
  std::string key = sample.at("name").get<std::string>() + "{";
  bool first = true;
  for (const auto& [name, value] : sample.at("labels").items()) {  // nlohmann sorts keys
    key += (first ? "" : ",") + name + "=\"" + value.get<std::string>() + "\"";
    first = false;
  }
  return key + "}";
}

Scrape scrape(std::uint16_t port, const TempDir& dir) {
  const HttpReply reply = http_get(port, "/metrics");
  REQUIRE(reply.status == 200);
  const auto text_file = dir / "metrics.txt";
  write_file(text_file, reply.body);
  const std::string command = std::string(kPython) + " " + TORTUGA_SOURCE_DIR +
                              "/tests/integration/parse_metrics.py " + text_file.string();
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  // Also when the parser is missing: scripts/deps.sh --tests installs it.
  REQUIRE_MESSAGE(status == 0, "python3-prometheus-client's parser failed on:\n" << reply.body);
  Scrape s;
  s.families = Json::parse(out).at("families");
  for (const Json& family : s.families)
    for (const Json& sample : family.at("samples"))
      if (sample.at("value").is_number()) s.samples[sample_key(sample)] = sample.at("value");
  return s;
}

double value(const Scrape& s, const std::string& key) {
  auto it = s.samples.find(key);
  REQUIRE_MESSAGE(it != s.samples.end(), "no sample " << key);
  return it->second;
}

// Every sample of a counter or a histogram in `before` is in `after`, not smaller.
void check_monotone(const Scrape& before, const Scrape& after) {
  for (const Json& family : before.families) {
    const std::string type = family.at("type");
    if (type != "counter" && type != "histogram") continue;
    for (const Json& sample : family.at("samples")) {
      if (!sample.at("value").is_number()) continue;
      const std::string key = sample_key(sample);
      CHECK_MESSAGE(value(after, key) >= sample.at("value").get<double>(), key << " went back");
    }
  }
}

TEST_CASE("metrics under load parse, and counters move as the load says") {
  TempDir dir;
  // A bucket large enough for the players, so that only the burst below is rate limited.
  ServerProcess server(
      dir / "tortuga.db", dir.path(),
      limits_config(dir.path(), "limits", R"({"messages_per_second": 200, "message_burst": 200})"));
  const Scrape idle = scrape(server.port(), dir);
  CHECK(value(idle, "tortuga_connections_accepted_total{}") == 0);

  std::map<std::string, int> families_seen;
  for (const Json& family : idle.families) {
    const std::string name = family.at("name");
    CAPTURE(name);
    CHECK(!family.at("help").get<std::string>().empty());
    const std::string type = family.at("type");  // "unknown" when no TYPE line names it
    CHECK((type == "counter" || type == "gauge" || type == "histogram"));
    CHECK((name.rfind("tortuga_", 0) == 0 || name.rfind("process_", 0) == 0));
    for (const Json& sample : family.at("samples"))
      for (const auto& [label, _] : sample.at("labels").items())
        CHECK_MESSAGE(label.find("id") == std::string::npos, "an id as a label: " << label);
    ++families_seen[family.at("type")];
  }
  CHECK(families_seen["counter"] >= 10);
  CHECK(families_seen["histogram"] >= 5);

  // Two matches against a bot, played to their end.
  auto rng = seeded_rng();
  TestClient host(server.port(), "host");
  host.hello("Anne");
  int mine = 0;
  std::int64_t versions = 0;
  for (int i = 0; i < 2; ++i) {
    const Table table = open_bot_table(host, kRaft, Json::object(), {"smart"});
    mine += play_random(table.match, {&host}, {}, rng);
    REQUIRE(is_over(host, table.match));
    versions += host.match(table.match)->version;  // one version per action applied
  }

  // Errors provoked on purpose.
  TestClient pat(server.port(), "pat");
  pat.send_text("{\"type\": ");
  pat.wait_for_type("error");
  pat.hello("Pat");
  pat.request({{"type", "fly"}});
  pat.request({{"type", "fly"}});
  pat.request({{"type", "join_room"}, {"room", 999}});

  // A burst past the connection's bucket (200): some pings are answered, the rest rate limited.
  // Fewer than limits.max_write_queue (1024), so that the answers it does not read while it sends
  // cannot make it a client too far behind, disconnected, on a busy machine.
  constexpr int kBurst = 600;
  TestClient burst(server.port(), "burst");
  for (int i = 0; i < kBurst; ++i) burst.send_text(R"({"type": "ping"})");
  int pongs = 0;
  for (int answers = 0; answers < kBurst; ++answers) {
    const auto answer = burst.receive(kWait);
    REQUIRE(answer.has_value());
    if (answer->at("type") == "pong") ++pongs;
  }

  std::map<std::string, int> provoked;
  for (const TestClient* c : {&host, &pat, &burst})
    for (const Json& e : c->errors()) ++provoked[e.at("code").get<std::string>()];
  CHECK(provoked["bad_json"] == 1);
  CHECK(provoked["unknown_type"] == 2);
  CHECK(provoked["no_such_room"] == 1);
  CHECK(provoked["rate_limited"] > 0);
  CHECK(pongs + provoked["rate_limited"] == kBurst);

  const Scrape loaded = scrape(server.port(), dir);
  const std::string raft = "game=\"raft-and-scupper\"";
  CHECK(value(loaded, "tortuga_connections_accepted_total{}") == 3);
  CHECK(value(loaded, "tortuga_connections_open{}") == 3);
  for (const Json& family : loaded.families)
    if (family.at("name") == "tortuga_errors_sent")
      for (const Json& sample : family.at("samples")) {
        const std::string code = sample.at("labels").at("code");
        CAPTURE(code);
        CHECK(sample.at("value").get<double>() == provoked[code]);
      }
  CHECK(value(loaded, "tortuga_messages_rate_limited_total{}") == provoked["rate_limited"]);
  CHECK(value(loaded, "tortuga_messages_received_total{type=\"ping\"}") == pongs);
  // Refused unread or unparsed: the rate limited, the broken JSON and the unknown types.
  CHECK(value(loaded, "tortuga_messages_received_total{type=\"other\"}") ==
        provoked["rate_limited"] + 3);
  CHECK(value(loaded, "tortuga_messages_received_total{type=\"hello\"}") == 2);
  CHECK(value(loaded, "tortuga_messages_received_total{type=\"start\"}") == 2);
  CHECK(value(loaded, "tortuga_messages_received_total{type=\"action\"}") == mine);

  const double actions = value(loaded, "tortuga_actions_applied_total{" + raft + "}");
  CHECK(actions == versions);
  CHECK(actions > mine);
  const double bot_moves = value(loaded, "tortuga_bot_moves_total{" + raft + "}");
  CHECK(bot_moves >= 1);
  CHECK(bot_moves <= actions - mine);
  CHECK(value(loaded, "tortuga_timers_fired_total{timer=\"bot\"}") >= bot_moves);
  CHECK(value(loaded, "tortuga_matches_started_total{" + raft + "}") == 2);
  CHECK(value(loaded, "tortuga_matches_finished_total{" + raft + "}") == 2);
  CHECK(value(loaded, "tortuga_matches_abandoned_total{" + raft + "}") == 0);
  CHECK(value(loaded, "tortuga_rooms{" + raft + ",status=\"over\"}") == 2);
  CHECK(value(loaded, "tortuga_rooms{" + raft + ",status=\"playing\"}") == 0);
  CHECK(value(loaded, "tortuga_action_apply_seconds_count{" + raft + "}") == actions);
  CHECK(value(loaded, "tortuga_action_apply_seconds_bucket{" + raft + ",le=\"+Inf\"}") == actions);
  // The rules' part of each apply: every action went through them once, none refused.
  CHECK(value(loaded, "tortuga_action_rules_seconds_count{" + raft + "}") == actions);
  CHECK(value(loaded, "tortuga_action_rules_seconds_sum{" + raft + "}") > 0);
  CHECK(value(loaded, "tortuga_action_rules_seconds_sum{" + raft + "}") <=
        value(loaded, "tortuga_action_apply_seconds_sum{" + raft + "}"));
  CHECK(value(loaded, "tortuga_action_to_patch_seconds_count{}") == actions);
  CHECK(value(loaded, "tortuga_action_commit_wait_seconds_count{}") == actions);
  // Every action is one write, besides the players, the matches and their results.
  CHECK(value(loaded, "tortuga_store_batch_writes_sum{}") >= actions + 2 + 2 + 2);
  CHECK(value(loaded, "tortuga_store_batch_commit_seconds_count{}") >= 1);
  CHECK(value(loaded, "tortuga_write_queue_messages{}") >= 0);
  CHECK(value(loaded, "process_resident_memory_bytes{}") > 0);
  CHECK(value(loaded, "process_open_fds{}") >= 4);  // the listener, three clients, the database
  CHECK(value(loaded, "process_start_time_seconds{}") > 1.5e9);
  check_monotone(idle, loaded);

  // A client that goes away is counted as closed by the client.
  {
    TestClient gone(server.port(), "gone");
    gone.send({{"type", "ping"}});
    gone.wait_for_type("pong");
  }
  Scrape after = loaded;
  eventually(
      [&] {
        after = scrape(server.port(), dir);
        return value(after, "tortuga_connections_closed_total{reason=\"client_close\"}") == 1;
      },
      "the closed connection to be counted");
  CHECK(value(after, "tortuga_connections_accepted_total{}") == 4);
  CHECK(value(after, "tortuga_connections_open{}") == 3);
  check_monotone(loaded, after);
}

}  // namespace
}  // namespace tortuga::integration
