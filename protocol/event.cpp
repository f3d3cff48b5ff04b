#include "protocol/event.hpp"

#include <utility>

#include "protocol/codes.hpp"

namespace tortuga::protocol::event {

std::string text_of(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace {

// Writes one JSON object field by field into one buffer.
class Message {
 public:
  Message(std::string_view type, const Json& re) {
    out_ = "{\"type\":";
    out_ += text_of(Json(type));
    if (!re.is_null()) field("re", re);
  }
  Message& field(std::string_view key, const Json& value) {
    return text_field(key, text_of(value));
  }
  // A value already written as JSON text.
  Message& text_field(std::string_view key, std::string_view text) {
    out_ += ",\"";
    out_ += key;  // our own keys: plain ASCII, nothing to escape
    out_ += "\":";
    out_ += text;
    return *this;
  }
  std::string done() {
    out_ += '}';
    return std::move(out_);
  }

 private:
  std::string out_;
};

Json seat_or_null(std::optional<int> seat) {
  return seat ? Json(*seat) : Json(nullptr);
}

}  // namespace

std::string error(const Json& re, std::string_view code, std::string_view message,
                  const Json& params) {
  Message out("error", re);
  out.field("code", code).field("message", message);
  if (!params.is_null()) out.field("params", params);
  return out.done();
}

std::string error(const Json& re, const Error& e) {
  return error(re, e.code, e.message, e.params);
}

std::string retry_later(const Json& re, std::string_view code, std::string_view message,
                        std::int64_t retry_after_ms) {
  return Message("error", re)
      .field("code", code)
      .field("message", message)
      .field("retry_after_ms", retry_after_ms)
      .done();
}

std::string elsewhere(const Json& re, std::string_view message, std::string_view url,
                      std::int64_t room, std::int64_t match) {
  return Message("error", re)
      .field("code", "elsewhere")
      .field("message", message)
      .field("url", url.empty() ? Json(nullptr) : Json(url))
      .field("room", room ? Json(room) : Json(nullptr))
      .field("match", match ? Json(match) : Json(nullptr))
      .done();
}

std::string match_waits(const Json& re, std::string_view message, std::int64_t room,
                        std::int64_t match) {
  return Message("error", re)
      .field("code", code::kStoreUnavailable)
      .field("message", message)
      .field("room", room)
      .field("match", match)
      .done();
}

std::string welcome(const Json& re, const Json& player, bool account, std::string_view token,
                    std::string_view games, const Json& room_defaults, const Json& limits) {
  return Message("welcome", re)
      .field("player", player)
      .field("account", account)
      .field("token", token)
      .field("protocol", kProtocolVersion)
      .text_field("games", games)
      .field("room_defaults", room_defaults)
      .field("limits", limits)
      .done();
}

std::string notifications(const Json& re, const Json& settings) {
  Message out("notifications", re);
  for (const auto& [name, value] : settings.items()) out.field(name, value);
  return out.done();
}

std::string sessions(const Json& re, const Json& sessions) {
  return Message("sessions", re).field("sessions", sessions).done();
}

std::string vacation(const Json& re, std::optional<std::int64_t> from_ms,
                     std::optional<std::int64_t> until_ms, int days_left, int days_a_year) {
  const auto time_or_null = [](std::optional<std::int64_t> ms) {
    return ms ? Json(*ms) : Json(nullptr);
  };
  return Message("vacation", re)
      .field("from_ms", time_or_null(from_ms))
      .field("until_ms", time_or_null(until_ms))
      .field("days_left", days_left)
      .field("days_a_year", days_a_year)
      .done();
}

std::string rooms(const Json& re, const Json& rooms, std::int64_t now_ms) {
  return Message("rooms", re).field("rooms", rooms).field("now_ms", now_ms).done();
}

std::string rooms_changed(const Json& rooms, const Json& gone, std::int64_t now_ms) {
  return Message("rooms_changed", nullptr)
      .field("rooms", rooms)
      .field("gone", gone)
      .field("now_ms", now_ms)
      .done();
}

std::string lobby_unwatched(const Json& re) {
  return Message("lobby_unwatched", re).done();
}

std::string leaderboard(const Json& re, const Json& board) {
  return Message("leaderboard", re)
      .field("game", board.at("game"))
      .field("entries", board.at("entries"))
      .done();
}

std::string leaderboard_unwatched(const Json& re) {
  return Message("leaderboard_unwatched", re).done();
}

std::string my_matches(const Json& re, const Json& matches, std::int64_t more) {
  Message m("my_matches", re);
  m.field("matches", matches);
  if (more > 0) m.field("more", more);
  return m.done();
}

std::string my_matches_unwatched(const Json& re) {
  return Message("my_matches_unwatched", re).done();
}

std::string room(const Json& re, const Json& room, std::optional<int> seat, bool spectator) {
  return room_of_text(re, text_of(room), seat, spectator);
}

std::string room_of_text(const Json& re, std::string_view room_text, std::optional<int> seat,
                         bool spectator) {
  return Message("room", re)
      .text_field("room", room_text)
      .field("you", {{"seat", seat_or_null(seat)}, {"spectator", spectator}})
      .done();
}

std::string left(const Json& re, std::int64_t room) {
  return Message("left", re).field("room", room).done();
}

std::string state(const Json& re, std::int64_t match, std::int64_t version, const Json& view) {
  return state_of_text(re, match, version, text_of(view));
}

std::string state_of_text(const Json& re, std::int64_t match, std::int64_t version,
                          std::string_view view_text) {
  return Message("state", re)
      .field("match", match)
      .field("version", version)
      .text_field("view", view_text)
      .done();
}

std::string patch(std::int64_t match, std::int64_t version, const Json& ops) {
  return patch(match, version, text_of(ops), "[]");
}

std::string patch(std::int64_t match, std::int64_t version, std::string_view first_ops,
                  std::string_view more_ops) {
  // Two for every action and audience: written straight into one buffer of the right size.
  const std::string match_text = std::to_string(match), version_text = std::to_string(version);
  std::string out;
  out.reserve(40 + match_text.size() + version_text.size() + first_ops.size() + more_ops.size());
  out += R"({"type":"patch","match":)";
  out += match_text;
  out += R"(,"version":)";
  out += version_text;
  out += R"(,"ops":)";
  if (more_ops.size() > 2) {
    // Join the two arrays' texts: "[a,b]" and "[c]" make "[a,b,c]".
    out += first_ops.substr(0, first_ops.size() - 1);
    if (first_ops.size() > 2) out += ',';
    out += more_ops.substr(1);
  } else {
    out += first_ops;
  }
  out += '}';
  return out;
}

std::string applied(const Json& re, std::int64_t match, std::int64_t version) {
  return Message("applied", re).field("match", match).field("version", version).done();
}

std::string answering(const Json& re, std::string_view pushed) {
  if (re.is_null()) return std::string(pushed);
  // Every message opens with its type, a plain word: the first comma follows it.
  const std::size_t after_type = pushed.find(',') + 1;
  const std::string re_text = text_of(re);
  std::string answer;
  answer.reserve(pushed.size() + re_text.size() + 6);
  answer += pushed.substr(0, after_type);
  answer += R"("re":)";
  answer += re_text;
  answer += ',';
  answer += pushed.substr(after_type);
  return answer;
}

std::string matches(const Json& re, const Json& matches) {
  return Message("matches", re).field("matches", matches).done();
}

std::string match(const Json& re, const Json& match) {
  return Message("match", re).field("match", match).done();
}

std::string replay_of_text(const Json& re, std::string_view replay) {
  // A replay may be megabytes: its fields follow the type and re as they were written.
  std::string out = Message("replay", re).done();
  out.pop_back();
  if (replay.size() > 2) {  // not "{}"
    out.reserve(out.size() + replay.size());
    out += ',';
    out += replay.substr(1);
  } else {
    out += '}';
  }
  return out;
}

std::string pong(const Json& re) {
  return Message("pong", re).done();
}

namespace {

Message& with_reason(Message& message, const Reason& reason) {
  message.field("reason", reason.text);
  if (!reason.key.empty()) message.field("reason_key", reason.key);
  return message;
}

}  // namespace

std::string room_closed(std::int64_t room, std::optional<std::int64_t> match, const Reason& reason,
                        std::string_view by) {
  Message out("room_closed", nullptr);
  out.field("room", room).field("match", match ? Json(*match) : Json(nullptr));
  return with_reason(out, reason).field("by", std::string(by)).done();
}

std::string removed(std::int64_t room, int seat, const Reason& reason, std::string_view by) {
  Message out("removed", nullptr);
  out.field("room", room).field("seat", seat);
  return with_reason(out, reason).field("by", std::string(by)).done();
}

std::string notice(std::string_view text) {
  return Message("notice", nullptr).field("text", std::string(text)).done();
}

std::string chat(std::int64_t room, const Json& line) {
  return Message("chat", nullptr).field("room", room).field("line", line).done();
}

std::string chat_log(std::int64_t room, const Json& lines) {
  return Message("chat_log", nullptr).field("room", room).field("lines", lines).done();
}

std::string mutes(const Json& re, std::int64_t room, const Json& muted) {
  return Message("mutes", re).field("room", room).field("muted", muted).done();
}

}  // namespace tortuga::protocol::event
