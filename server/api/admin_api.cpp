#include "server/api/admin_api.hpp"

#include <memory>
#include <optional>
#include <sstream>
#include <vector>

#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/api/http_target.hpp"
#include "server/ops/log.hpp"

namespace tortuga {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kPrefix = "/api/admin";
constexpr std::size_t kMaxReasonBytes = 200;
constexpr std::size_t kMaxNoticeBytes = 500;
constexpr int kDefaultActionLimit = 50;
constexpr int kMaxActionLimit = 200;

HttpReply not_found() {
  return error_reply(404, "not_found", "no such resource");
}

HttpReply unauthorized(const char* why) {
  HttpReply reply = error_reply(401, "unauthorized", why);
  reply.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"tortuga admin\"");
  return reply;
}

HttpReply method_not_allowed(const char* allowed) {
  HttpReply reply = error_reply(405, "method_not_allowed", std::string(allowed) + " only");
  reply.headers.emplace_back("Allow", allowed);
  return reply;
}

int status_of(const Error& e) {
  if (e.code == code::kNoSuchRoom || e.code == code::kNotInRoom) return 404;
  if (e.code == code::kBadField || e.code == code::kBadJson) return 400;
  if (e.code == "match_running" || e.code == code::kAlreadyStarted) return 409;
  return 500;
}

HttpReply refusal(const Error& e) {
  return error_reply(status_of(e), e.code, e.message);
}

Error bad_field(const std::string& message) {
  return {code::kBadField, message};
}

std::vector<std::string> segments_of(std::string_view path) {
  std::vector<std::string> out;
  std::istringstream in{std::string(path)};
  for (std::string segment; std::getline(in, segment, '/');)
    if (!segment.empty()) out.push_back(segment);
  return out;
}

// A POST's JSON object; an empty body is an empty object, as every field may then be left out.
Expected<Json> body_of(const std::string& text) {
  if (text.empty()) return Json::object();
  Json body = Json::parse(text, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    return Error{code::kBadJson, "the body must be a JSON object"};
  return body;
}

// A field the route does not know is refused, not ignored: a misspelt "reason" must not pass
// for an absent one.
std::optional<Error> unknown_field(const Json& body,
                                   std::initializer_list<std::string_view> known) {
  for (auto it = body.begin(); it != body.end(); ++it) {
    bool found = false;
    for (std::string_view k : known) found = found || it.key() == k;
    if (!found) return bad_field("unexpected field " + quote(it.key()));
  }
  return std::nullopt;
}

// An optional text field of at most `max_bytes`, `fallback` when left out.
Expected<std::string> text_field(const Json& body, const char* name, std::size_t max_bytes,
                                 std::optional<std::string> fallback) {
  if (!body.contains(name) || body[name].is_null()) {
    if (fallback) return *fallback;
    return bad_field(std::string("missing \"") + name + "\"");
  }
  const Json& value = body[name];
  if (!value.is_string() || value.get<std::string>().empty() ||
      value.get<std::string>().size() > max_bytes)
    return bad_field(std::string("\"") + name + "\" must be a text of 1 to " +
                     std::to_string(max_bytes) + " bytes");
  return value.get<std::string>();
}

// The admin API's URL for `path` (below /api/admin/) on the node whose WebSocket URL is `ws_url`
// (its cluster.public_url): http for ws, https for wss, on the same host and port, with the
// path's last "/ws" replaced. Null when the node does not answer (no URL).
Json admin_url(const std::string& ws_url, const std::string& path) {
  std::string base = ws_url;
  if (base.rfind("wss://", 0) == 0)
    base = "https://" + base.substr(6);
  else if (base.rfind("ws://", 0) == 0)
    base = "http://" + base.substr(5);
  else
    return nullptr;
  if (base.size() >= 3 && base.compare(base.size() - 3, 3, "/ws") == 0)
    base.resize(base.size() - 3);
  return base + std::string(kPrefix) + "/" + path;
}

Json url_or_null(const std::string& url) {
  return url.empty() ? Json(nullptr) : Json(url);
}

Json report_json(const DrainReport& r) {
  return {{"draining", r.draining}, {"running_matches", r.running}, {"empty", r.empty()}};
}

// The operator's reason for closing a room or removing a player, in the operator's words; when
// none is given, the server's own.
Expected<protocol::Reason> reason_field(const Json& body) {
  if (!body.contains("reason") || body["reason"].is_null()) return kNoReasonGiven;
  auto text = text_field(body, "reason", kMaxReasonBytes, std::nullopt);
  if (!text) return text.error();
  return protocol::Reason{std::move(*text), ""};
}

// A dormant room the operator acts on is woken from the store, which may not answer.
HttpReply unwakeable(std::int64_t room) {
  return error_reply(503, "store_unavailable",
                     "room " + std::to_string(room) +
                         " is dormant, and the database cannot be read to wake it: try again");
}

}  // namespace

AdminApi::AdminApi(Lobby& lobby, store::Store& store, const AdminSettings& settings,
                   SendToAll send_to_all, store::Cluster* cluster)
    : lobby_(lobby),
      store_(store),
      token_(settings.token),
      send_to_all_(std::move(send_to_all)),
      cluster_(cluster) {}

bool AdminApi::serves(std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  return path.substr(0, kPrefix.size()) == kPrefix &&
         (path.size() == kPrefix.size() || path[kPrefix.size()] == '/');
}

void AdminApi::handle(const AdminRequest& request, AdminReply reply) {
  // Without a token the API does not exist, as far as anybody can tell.
  if (!token_.configured()) return reply(not_found());
  if (request.authorization.empty()) return reply(unauthorized("an admin token is needed"));
  // Wrong tokens are guesses: past a few, an address waits longer and longer to be heard, and
  // they are logged as one line a minute (guesses.hpp), not one each.
  Guesses& guesses = lobby_.guesses();
  if (auto wait = guesses.barred(Guesses::Kind::admin_token, request.address)) {
    const std::int64_t ms = wait->count();
    HttpReply refused = json_reply(429, {{"code", code::kTooManyGuesses},
                                         {"message", "too many wrong admin tokens: try again in " +
                                                         std::to_string((ms + 999) / 1000) + " s"},
                                         {"retry_after_ms", ms}});
    refused.headers.emplace_back("Retry-After", std::to_string((ms + 999) / 1000));
    return reply(std::move(refused));
  }
  if (!token_.admits(request.authorization)) {
    guesses.failed(Guesses::Kind::admin_token, request.address);
    return reply(unauthorized("that is not the admin token"));
  }
  const Target target = parse_target(request.target);
  const std::vector<std::string> path = segments_of(target.path.substr(kPrefix.size()));
  const bool get = request.method == "GET" || request.method == "HEAD";
  const bool post = request.method == "POST";
  auto with_body = [&](auto&& then) {
    auto body = body_of(request.body);
    if (!body) return reply(refusal(body.error()));
    then(*body);
  };

  if (path == std::vector<std::string>{"rooms"}) {
    if (!get) return reply(method_not_allowed("GET"));
    return reply(rooms());
  }
  if (path.size() == 3 && path[0] == "rooms" && (path[2] == "close" || path[2] == "remove")) {
    if (!post) return reply(method_not_allowed("POST"));
    const auto room = integer(path[1]);
    if (!room || *room < 1)
      return reply(refusal(bad_field("a room id is an integer from 1, not " + quote(path[1]))));
    return with_body([&](const Json& body) {
      if (path[2] == "close") return close_room(*room, body, std::move(reply));
      remove_player(*room, body, std::move(reply));
    });
  }
  if (path.size() == 3 && path[0] == "accounts" &&
      (path[2] == "password" || path[2] == "disable" || path[2] == "enable")) {
    if (!post) return reply(method_not_allowed("POST"));
    const auto player = integer(path[1]);
    if (!player || *player < 1)
      return reply(refusal(bad_field("a player id is an integer from 1, not " + quote(path[1]))));
    return with_body([&](const Json& body) { account(*player, path[2], body, std::move(reply)); });
  }
  if (path == std::vector<std::string>{"notice"}) {
    if (!post) return reply(method_not_allowed("POST"));
    return with_body([&](const Json& body) { notice(body, std::move(reply)); });
  }
  if (path == std::vector<std::string>{"drain"}) {
    if (get) return reply(json_reply(200, report_json(lobby_.drain().report())));
    if (!post) return reply(method_not_allowed("GET, POST"));
    return with_body([&](const Json& body) {
      if (auto refused = unknown_field(body, {})) return reply(refusal(*refused));
      drain(std::move(reply));
    });
  }
  if (path == std::vector<std::string>{"actions"}) {
    if (!get) return reply(method_not_allowed("GET"));
    return reply(actions(target.query));
  }
  reply(not_found());
}

void AdminApi::close_room(std::int64_t id, const Json& body, AdminReply reply) {
  if (auto refused = unknown_field(body, {"reason"})) return reply(refusal(*refused));
  auto reason = reason_field(body);
  if (!reason) return reply(refusal(reason.error()));
  std::shared_ptr<Room> room;
  try {
    room = lobby_.room_for_operator(id);
  } catch (const std::exception&) {
    return reply(unwakeable(id));
  }
  if (!room) return reply(not_here(id, "close"));
  room->post([this, room, reason = *reason, reply = std::move(reply)]() mutable {
    room->close(reason, [this, reason, reply = std::move(reply)](Expected<Json> closed) {
      if (!closed) return reply(refusal(closed.error()));
      Json detail = *closed;
      detail["reason"] = reason.text;
      record("close_room", std::move(detail), json_reply(200, *closed), reply);
    });
  });
}

void AdminApi::remove_player(std::int64_t id, const Json& body, AdminReply reply) {
  if (auto refused = unknown_field(body, {"player", "seat", "reason"}))
    return reply(refusal(*refused));
  const Json player = body.value("player", Json());
  if (!player.is_number_integer() || player.get<std::int64_t>() < 1)
    return reply(refusal(bad_field("\"player\" must be a player id (an integer from 1)")));
  const Json seat = body.value("seat", Json());
  if (seat != "bot" && seat != "open")
    return reply(refusal(bad_field("\"seat\" must be \"bot\" or \"open\"")));
  auto reason = reason_field(body);
  if (!reason) return reply(refusal(reason.error()));
  std::shared_ptr<Room> room;
  try {
    room = lobby_.room_for_operator(id);
  } catch (const std::exception&) {
    return reply(unwakeable(id));
  }
  if (!room) return reply(not_here(id, "remove"));
  const auto after = seat == "bot" ? Room::SeatAfter::bot : Room::SeatAfter::open;
  Json detail = {{"room", id}, {"player", player}, {"seat", seat}, {"reason", reason->text}};
  room->post([this, room, player = player.get<std::int64_t>(), after, reason = *reason,
              detail = std::move(detail), reply = std::move(reply)]() mutable {
    room->remove(player, after, reason,
                 [this, detail = std::move(detail), reply = std::move(reply)](Expected<Json> room) {
                   if (!room) return reply(refusal(room.error()));
                   record("remove_player", detail, json_reply(200, {{"room", *room}}), reply);
                 });
  });
}

void AdminApi::notice(const Json& body, AdminReply reply) {
  if (auto refused = unknown_field(body, {"text"})) return reply(refusal(*refused));
  auto text = text_field(body, "text", kMaxNoticeBytes, std::nullopt);
  if (!text) return reply(refusal(text.error()));
  const std::size_t sent =
      send_to_all_(std::make_shared<const std::string>(protocol::event::notice(*text)));
  Json answer = {{"connections", sent}};
  if (cluster_) {
    // The other nodes' connections are theirs to reach: the operator is told which.
    answer["node"] = cluster_->node();
    try {
      Json others = Json::array();
      for (const store::NodePlace& n : cluster_->nodes_elsewhere())
        others.push_back({{"node", n.node}, {"admin_url", admin_url(n.url, "notice")}});
      answer["others"] = std::move(others);
    } catch (const std::exception&) {
      answer["others"] = nullptr;  // the database cannot say which nodes answer
    }
  }
  record("notice", {{"text", *text}, {"connections", sent}}, json_reply(200, answer),
         std::move(reply));
}

HttpReply AdminApi::rooms() const {
  Json answer = {{"rooms", lobby_.rooms_for_operator()}};
  if (!cluster_) return json_reply(200, answer);
  answer["node"] = cluster_->node();
  for (Json& room : answer["rooms"]) room["node"] = cluster_->node();
  try {
    Json elsewhere = Json::array();
    for (const store::RoomElsewhere& r : cluster_->rooms_elsewhere()) {
      const std::string room_path = "rooms/" + std::to_string(r.place.room);
      Json listed = Json::parse(r.listing, nullptr, false);
      elsewhere.push_back({{"id", r.place.room},
                           {"node", r.place.node},
                           {"url", url_or_null(r.place.url)},
                           {"admin_url", admin_url(r.place.url, room_path)},
                           {"match", r.place.match ? Json(r.place.match) : Json(nullptr)},
                           {"private", r.is_private},
                           {"room", listed.is_object() ? listed : Json(nullptr)}});
    }
    answer["elsewhere"] = std::move(elsewhere);
  } catch (const std::exception& e) {
    TORTUGA_LOG(warn, "admin API: the other nodes' rooms are unknown: " << e.what());
    answer["elsewhere"] = nullptr;  // the database cannot say
  }
  return json_reply(200, answer);
}

HttpReply AdminApi::not_here(std::int64_t room, const std::string& route) const {
  const std::string id = std::to_string(room);
  const HttpReply none = refusal({code::kNoSuchRoom, "no room " + id});
  if (!cluster_) return none;
  std::optional<store::RoomPlace> place;
  try {
    place = cluster_->owner(room);
  } catch (const std::exception&) {
    return error_reply(503, "store_unavailable",
                       "room " + id +
                           " is not on this node, and the database cannot say which "
                           "node has it: try again");
  }
  if (!place || place->node == cluster_->node()) return none;
  const bool answers = !place->url.empty();
  return json_reply(
      421, {{"code", code::kElsewhere},
            {"message", "room " + id + " is on node " + place->node +
                            (answers ? ": make this call there"
                                     : ", which does not answer now: another node takes its "
                                       "rooms over within a lease; try again then")},
            {"room", room},
            {"node", place->node},
            {"url", url_or_null(place->url)},
            {"admin_url", admin_url(place->url, "rooms/" + id + "/" + route)}});
}

void AdminApi::drain(AdminReply reply) {
  const DrainReport report = lobby_.drain().begin();
  record("drain", {{"running_matches", report.running}}, json_reply(200, report_json(report)),
         std::move(reply));
}

HttpReply AdminApi::actions(const std::map<std::string, std::string>& query) const {
  int limit = kDefaultActionLimit;
  std::optional<std::int64_t> before;
  if (auto it = query.find("limit"); it != query.end() && !it->second.empty()) {
    const auto n = integer(it->second);
    if (!n || *n < 1 || *n > kMaxActionLimit)
      return refusal(bad_field("parameter \"limit\" must be an integer from 1 to " +
                               std::to_string(kMaxActionLimit) + ", not " + quote(it->second)));
    limit = static_cast<int>(*n);
  }
  if (auto it = query.find("before"); it != query.end() && !it->second.empty()) {
    before = integer(it->second);
    if (!before || *before < 1)
      return refusal(
          bad_field("parameter \"before\" must be an action id (an integer from 1), "
                    "not " +
                    quote(it->second)));
  }
  Json list = Json::array();
  for (const store::AdminAction& a : store_.admin_actions(limit, before).value())
    list.push_back({{"id", a.id},
                    {"time_ms", a.time_ms},
                    {"who", a.who},
                    {"action", a.action},
                    {"detail", Json::parse(a.detail_json, nullptr, false)}});
  return json_reply(200, {{"actions", list}});
}

void AdminApi::record(const std::string& action, Json detail, HttpReply answer, AdminReply reply) {
  const std::string detail_text = detail.dump();
  TORTUGA_LOG(info, "admin action by " << token_.who() << ": " << action << " " << detail_text);
  store_.record_admin_action(
      {0, store::now_ms(), token_.who(), action, detail_text},
      [action, answer = std::move(answer),
       reply = std::move(reply)](const store::Outcome<void>& written) {
        // The action is done either way: the operator learns so, and the log
        // keeps the record.
        if (!written)
          TORTUGA_LOG(error, "admin action " << action << " not stored: " << written.failure().why);
        reply(answer);
      });
}

}  // namespace tortuga
