#include "server/http_api.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"
#include "protocol/schema.hpp"
#include "server/history.hpp"
#include "server/http_target.hpp"
#include "server/server_metrics.hpp"

namespace tortuga {
namespace {

namespace fs = std::filesystem;

int status_of(const Error& e) {
  if (e.code == "no_such_match") return 404;
  if (e.code == "not_your_seat" || e.code == "match_running") return 403;
  if (e.code == "bad_field") return 400;
  return 500;
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
      if (s == *status) filter.status = *status;
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

HttpApi::HttpApi(store::Store& store, std::string web_root, const Drain* drain, StoreHealth* health)
    : store_(store),
      web_root_(std::move(web_root)),
      sdk_root_(sdk_root_beside(web_root_).string()),
      drain_(drain),
      health_(health) {}

HttpReply HttpApi::get(const std::string& target) const {
  try {
    return route(target);
  } catch (const store::Unavailable& e) {
    // No verdict on what was asked for: a match not found would be one.
    if (health_) health_->failed(e.what());
    return error_reply(503, code::kStoreUnavailable,
                       "the store cannot be reached now; try again shortly");
  }
}

HttpReply HttpApi::route(const std::string& target) const {
  const auto [path, query] = parse_target(target);

  if (path == "/healthz") return json_reply(200, {{"status", "ok"}});
  if (path == "/readyz") return readiness();
  if (path == "/metrics") return {200, metrics::kContentType, server_metrics().text()};
  if (path == "/api/schema")
    return {200, "application/schema+json", std::string(protocol::schema_text())};

  if (path == "/api/matches") {
    auto filter = match_filter(query);
    if (!filter) return error_reply(400, filter.error().code, filter.error().message);
    Json matches = Json::array();
    for (const auto& m : store_.list_matches(*filter)) matches.push_back(match_json(m));
    return json_reply(200, {{"matches", matches}});
  }

  const std::string prefix = "/api/matches/";
  if (path.rfind(prefix, 0) == 0) {
    std::string rest = path.substr(prefix.size());
    std::string tail;
    if (auto slash = rest.find('/'); slash != std::string::npos) {
      tail = rest.substr(slash + 1);
      rest = rest.substr(0, slash);
    }
    auto id = integer(rest);
    if (!id) return error_reply(400, "bad_field", "a match id is an integer");
    if (tail.empty()) {
      auto match = store_.match(*id);
      if (!match) return error_reply(404, "no_such_match", "no match " + rest);
      return json_reply(200, {{"match", match_json(*match)}});
    }
    if (tail == "replay") {
      std::optional<int> seat;
      if (auto it = query.find("seat"); it != query.end()) {
        auto s = integer(it->second);
        if (!s || *s < 0 || *s > 64) return error_reply(400, "bad_field", "seat must be a seat");
        seat = static_cast<int>(*s);
      }
      auto replay = replay_json(store_, *id, seat, Viewer{});
      if (!replay)
        return error_reply(status_of(replay.error()), replay.error().code, replay.error().message);
      return json_reply(200, *replay);
    }
    if (tail == "export") {
      auto file = export_json(store_, *id);
      if (!file)
        return error_reply(status_of(file.error()), file.error().code, file.error().message);
      return json_reply(200, *file);
    }
    return error_reply(404, "not_found", "no such resource");
  }

  if (path == kLocalesPath) return languages(fs::path(web_root_) / "locales");
  if (path.rfind(kSdkPath, 0) == 0)
    return static_file(sdk_root_, path.substr(std::string_view(kSdkPath).size() - 1));
  return static_file(web_root_, path);
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
