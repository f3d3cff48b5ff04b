#include "server/api/http_api.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "persistence/token.hpp"
#include "protocol/codes.hpp"
#include "protocol/command.hpp"
#include "protocol/schema.hpp"
#include "server/api/http_target.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

namespace fs = std::filesystem;

int status_of(const Error& e) {
  if (e.code == code::kNoSuchMatch || e.code == code::kNoSuchPlayer || e.code == code::kUnknownGame)
    return 404;
  if (e.code == code::kNotYourSeat || e.code == "match_running") return 403;
  if (e.code == code::kBadField) return 400;
  if (e.code == code::kBadToken) return 401;
  if (e.code == code::kReplayRateLimited) return 429;
  if (e.code == code::kReplayBusy || e.code == code::kStoreUnavailable) return 503;
  return 500;
}

HttpReply refusal(const Error& e) {
  return error_reply(status_of(e), e.code, e.message);
}

// Who asks: the player an "Authorization: Bearer TOKEN" header names (the token `hello`
// answered with), and a private match's join code given as ?code=; a stranger without either.
Expected<Viewer> viewer_of(store::Store& store, const std::string& authorization,
                           const std::map<std::string, std::string>& query) {
  Viewer viewer;
  if (auto it = query.find("code"); it != query.end() && !it->second.empty())
    viewer.code = it->second;
  if (authorization.empty()) return viewer;
  const std::string scheme = "Bearer ";
  if (authorization.rfind(scheme, 0) != 0 || authorization.size() == scheme.size())
    return Error{code::kBadToken, "the Authorization header must be \"Bearer TOKEN\""};
  auto player =
      store.player_by_token_hash(store::hash_token(authorization.substr(scheme.size()))).value();
  if (!player) return Error{code::kBadToken, "that token belongs to no player"};
  viewer.player = player->id;
  return viewer;
}

// The filters of GET /api/matches, read as list_matches reads the same fields, so that both
// answer alike. A value that cannot be meant (a status no match has, a limit of 0, a word where
// an id belongs) is refused naming the parameter: read quietly, it would turn into an empty list
// or some other filter, and the caller would not learn that the request was wrong. An empty
// value is not given, as a form sends a field left blank (and as null is on the WebSocket).
Expected<store::MatchFilter> match_filter(const std::map<std::string, std::string>& query) {
  auto given = [&](const char* name) -> const std::string* {
    auto it = query.find(name);
    return it == query.end() || it->second.empty() ? nullptr : &it->second;
  };
  auto refuse = [](const char* name, const std::string& expected, const std::string& value) {
    return Error{code::kBadField, std::string("parameter \"") + name + "\" must be " + expected +
                                      ", not " + quote(value)};
  };
  store::MatchFilter filter;
  filter.limit = protocol::kDefaultMatchLimit;
  if (const std::string* game = given("game")) filter.game = *game;
  if (const std::string* player = given("player")) {
    filter.player = integer(*player);
    if (!filter.player || *filter.player < 1)
      return refuse("player", "a player id (an integer from 1)", *player);
  }
  if (const std::string* status = given("status")) {
    for (std::string_view s : protocol::kMatchStatuses)
      if (s == *status) filter.status = store::status_named(s);
    if (!filter.status)
      return refuse("status", "one of " + quote_list(protocol::kMatchStatuses), *status);
  }
  if (const std::string* text = given("limit")) {
    auto limit = integer(*text);
    if (!limit || *limit < 1 || *limit > protocol::kMaxMatchLimit)
      return refuse("limit", "an integer from 1 to " + std::to_string(protocol::kMaxMatchLimit),
                    *text);
    filter.limit = static_cast<int>(*limit);
  }
  if (const std::string* before = given("before")) {
    filter.before_id = integer(*before);
    if (!filter.before_id || *filter.before_id < 1)
      return refuse("before", "a match id (an integer from 1)", *before);
  }
  return filter;
}

const char* mime_of(const std::string& path) {
  auto ends = [&](const char* ext) {
    std::string e(ext);
    return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".json")) return "application/json";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".jpg") || ends(".jpeg")) return "image/jpeg";
  if (ends(".webp")) return "image/webp";
  if (ends(".woff2")) return "font/woff2";
  if (ends(".txt") || ends(".md")) return "text/plain; charset=utf-8";
  if (ends(".webmanifest")) return "application/manifest+json";
  return "application/octet-stream";
}

// A file below `folder`, for a GET of `target_path` ("/js/app.js").
HttpReply static_file(const std::string& folder, const std::string& target_path) {
  const auto not_found = [] { return error_reply(404, "not_found", "no such resource"); };
  // Only plain names below the folder: every segment made of letters, digits, '-', '_' and
  // '.', never starting with '.' (no "..", no hidden files), and a regular file at the end.
  const std::string path = target_path == "/" ? "/index.html" : decode_path(target_path);
  if (path.size() < 2 || path[0] != '/' || path.back() == '/') return not_found();
  std::istringstream segments(path.substr(1));
  for (std::string segment; std::getline(segments, segment, '/');) {
    if (segment.empty() || segment[0] == '.') return not_found();
    for (unsigned char c : segment)
      if (!std::isalnum(c) && c != '-' && c != '_' && c != '.') return not_found();
  }
  std::error_code ec;
  const fs::path root = fs::canonical(folder, ec);
  if (ec) return not_found();
  const fs::path file = fs::canonical(root / path.substr(1), ec);
  // A symbolic link may not lead out of the folder.
  if (ec || !fs::is_regular_file(file, ec)) return not_found();
  auto [end, _] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (end != root.end()) return not_found();
  std::ifstream in(file, std::ios::binary);
  if (!in) return not_found();
  std::ostringstream body;
  body << in.rdbuf();
  return {200, mime_of(file.string()), body.str()};
}

// The languages of the catalogs in `folder` ("en" for en.json), sorted: those a browser may
// choose. A name that static_file would not serve is no language.
HttpReply languages(const fs::path& folder) {
  std::vector<std::string> codes;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json" || name[0] == '.' || !entry.is_regular_file(ec))
      continue;
    const std::string code = entry.path().stem().string();
    if (std::all_of(code.begin(), code.end(),
                    [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; }))
      codes.push_back(code);
  }
  std::sort(codes.begin(), codes.end());
  return json_reply(200, {{"languages", codes}});
}

}  // namespace

fs::path sdk_root_beside(const fs::path& web_root) {
  // "web/" and "web" alike: the folder above the web root, then sdk/js.
  return (web_root / "..").lexically_normal() / "sdk" / "js";
}

fs::path plot_root_beside(const fs::path& web_root) {
  return (web_root / "..").lexically_normal() / "node_modules" / "uplot" / "dist";
}

HttpApi::HttpApi(store::Store& store, std::string web_root, const Drain* drain, Replays* replays,
                 StoreHealth* health)
    : store_(store),
      web_root_(std::move(web_root)),
      sdk_root_(sdk_root_beside(web_root_).string()),
      plot_root_(plot_root_beside(web_root_).string()),
      drain_(drain),
      own_replays_(replays ? nullptr : std::make_unique<Replays>(store, ReplayLimits{})),
      replays_(replays ? replays : own_replays_.get()),
      health_(health) {}

HttpReply HttpApi::get(const HttpRequest& request) const {
  std::promise<HttpReply> answered;
  auto reply = answered.get_future();
  answer(request, [&answered](HttpReply r) { answered.set_value(std::move(r)); });
  return reply.get();
}

void HttpApi::answer(const HttpRequest& request, Reply reply) const {
  try {
    route(request, reply);
  } catch (const store::Unavailable& e) {
    // No verdict on what was asked for: a match not found would be one.
    if (health_) health_->failed(e.what());
    reply(refusal({code::kStoreUnavailable, "the store cannot be reached now; try again shortly"}));
  }
}

void HttpApi::route(const HttpRequest& request, const Reply& reply) const {
  const auto [path, query] = parse_target(request.target);

  if (path == "/healthz") return reply(json_reply(200, {{"status", "ok"}}));
  if (path == "/readyz") return reply(readiness());
  if (path == "/metrics") return reply({200, metrics::kContentType, server_metrics().text()});
  if (path == "/api/schema")
    return reply({200, "application/schema+json", std::string(protocol::schema_text())});

  if (path == "/api/matches" || path.rfind("/api/matches/", 0) == 0) {
    auto viewer = viewer_of(store_, request.authorization, query);
    if (!viewer) return reply(refusal(viewer.error()));
    return matches(path, query, *viewer, request.address, reply);
  }

  if (path.rfind("/api/leaderboard/", 0) == 0 || path == "/api/players" ||
      path.rfind("/api/players/", 0) == 0) {
    if (auto wait = rating_reads_.use(request.address, Allowance::Clock::now())) {
      server_metrics().limit_refused(Limit::rating_reads_per_address);
      HttpReply refused = error_reply(429, code::kRateLimited,
                                      "too many ratings read from this address: wait a moment");
      refused.headers.emplace_back("Retry-After", std::to_string(wait->count() / 1000 + 1));
      return reply(std::move(refused));
    }
    auto viewer = viewer_of(store_, request.authorization, query);
    if (!viewer) return reply(refusal(viewer.error()));
    return reply(ratings(path, query, *viewer));
  }

  if (path == kLocalesPath) return reply(languages(fs::path(web_root_) / "locales"));
  if (path.rfind(kSdkPath, 0) == 0)
    return reply(static_file(sdk_root_, path.substr(std::string_view(kSdkPath).size() - 1)));
  if (path.rfind(kPlotPath, 0) == 0)
    return reply(static_file(plot_root_, path.substr(std::string_view(kPlotPath).size() - 1)));
  reply(static_file(web_root_, path));
}

void HttpApi::matches(const std::string& path, const std::map<std::string, std::string>& query,
                      const Viewer& viewer, const std::string& address, const Reply& reply) const {
  if (path == "/api/matches") {
    auto filter = match_filter(query);
    if (!filter) return reply(refusal(filter.error()));
    Json matches = Json::array();
    for (const auto& m : readable_matches(store_, *filter, viewer))
      matches.push_back(match_json(m));
    return reply(json_reply(200, {{"matches", matches}}));
  }

  std::string rest = path.substr(std::string_view("/api/matches/").size());
  std::string tail;
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    tail = rest.substr(slash + 1);
    rest = rest.substr(0, slash);
  }
  auto id = integer(rest);
  if (!id) return reply(error_reply(400, code::kBadField, "a match id is an integer"));
  if (tail.empty()) {
    auto match = readable_match(store_, *id, viewer);
    if (!match) return reply(refusal(match.error()));
    return reply(json_reply(200, {{"match", match_json(*match)}}));
  }
  if (tail == "replay") {
    std::optional<int> seat;
    if (auto it = query.find("seat"); it != query.end()) {
      auto s = integer(it->second);
      if (!s || *s < 0 || *s > 64)
        return reply(error_reply(400, code::kBadField, "seat must be a seat"));
      seat = static_cast<int>(*s);
    }
    // Computed on a replay thread: this one serves other connections meanwhile.
    return replays_->request(
        *id, seat, viewer, address, [reply, replays = replays_](Expected<std::string> replay) {
          if (replay) return reply({200, "application/json", std::move(*replay)});
          HttpReply refused = refusal(replay.error());
          if (refused.status == 429 || refused.status == 503)
            refused.headers.emplace_back("Retry-After",
                                         std::to_string(replays->retry_after_s(replay.error())));
          reply(std::move(refused));
        });
  }
  if (tail == "export") {
    auto file = export_json(store_, *id, viewer);
    if (!file) return reply(refusal(file.error()));
    return reply(json_reply(200, *file));
  }
  reply(error_reply(404, "not_found", "no such resource"));
}

HttpReply HttpApi::ratings(const std::string& path, const std::map<std::string, std::string>& query,
                           const Viewer& viewer) const {
  const auto number = [&](const char* name, std::int64_t fallback, std::int64_t most) {
    const auto it = query.find(name);
    if (it == query.end()) return std::optional<std::int64_t>(fallback);
    auto n = integer(it->second);
    if (!n || *n < 0 || *n > most) return std::optional<std::int64_t>();
    return n;
  };
  const std::string board = "/api/leaderboard/";
  if (path.rfind(board, 0) == 0) {
    const auto limit = number("limit", rated::kDefaultBoardLimit, rated::kMaxBoardLimit);
    const auto offset = number("offset", 0, 1'000'000'000);
    if (!limit || *limit < 1)
      return error_reply(
          400, code::kBadField,
          "limit must be an integer from 1 to " + std::to_string(rated::kMaxBoardLimit));
    if (!offset) return error_reply(400, code::kBadField, "offset must be a whole number");
    auto answer = rated::leaderboard_json(store_, path.substr(board.size()),
                                          static_cast<int>(*limit), *offset);
    if (!answer) return refusal(answer.error());
    return json_reply(200, *answer);
  }
  if (path == "/api/players") {
    const auto name = query.find("name");
    if (name == query.end() || name->second.empty() || name->second.size() > 64)
      return error_reply(400, code::kBadField, "name must be the start of a name, 1 to 64 bytes");
    return json_reply(200, rated::players_json(store_, name->second));
  }
  auto id = integer(path.substr(std::string_view("/api/players/").size()));
  if (!id) return error_reply(400, code::kBadField, "a player id is an integer");
  auto profile = rated::profile_json(store_, *id, viewer);
  if (!profile) return refusal(profile.error());
  return json_reply(200, *profile);
}

HttpReply HttpApi::readiness() const {
  // A balancer sends no new players to a node that cannot store their matches, nor to one that
  // is draining to stop. A store that answers reads may still refuse writes (a full disk, a
  // read-only file): it is asked for a write.
  if (!store_.ping()) return error_reply(503, code::kStoreUnavailable, "the store does not answer");
  std::string why;
  const bool writes =
      health_ ? health_->writable() : store_writes(store_, StoreHealth::kProbeWait, why);
  if (!writes) return error_reply(503, code::kStoreUnavailable, "the store does not write");
  if (drain_ && drain_->draining())
    return error_reply(503, code::kDraining, "the node is draining: it takes no new matches");
  return json_reply(200, {{"status", "ready"}});
}

}  // namespace tortuga
