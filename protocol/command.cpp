#include "protocol/command.hpp"

#include "protocol/visible_text.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace tortuga::protocol {
namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
// Every level of bot any game may offer; a room refuses one its game does not (no_such_bot).
constexpr std::string_view kBotKinds[] = {"random", "smart", "strong"};

Error bad_json(std::string message) {
  return {code::kBadJson, std::move(message)};
}
Error bad_field(std::string message) {
  return {code::kBadField, std::move(message)};
}

// Builds the document from nlohmann's SAX events rather than with json::parse, to stop at the first
// nesting level past kMaxDepth (before building it) and at the first duplicate key, which
// json::parse would silently resolve to the last value while another parser might take the first.
class Builder {
 public:
  bool null() { return put(nullptr); }
  bool boolean(bool v) { return put(v); }
  bool number_integer(Json::number_integer_t v) { return put(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return put(v); }
  bool number_float(Json::number_float_t v, const std::string&) { return put(v); }
  bool string(std::string& v) { return put(std::move(v)); }
  bool binary(Json::binary_t&) { return fail("binary values are not JSON"); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    if (stack_.back()->contains(k)) return fail("the key \"" + shorten(k) + "\" appears twice");
    key_ = std::move(k);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    // what() is "[json.exception.parse_error.101] parse error at line 1, column 3: syntax error
    // while parsing value - invalid literal; last read: '...'": keep the position and the reason,
    // drop the prefix and the echo of the client's bytes.
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what.erase(0, p + 2);
    if (auto p = what.find("; last read"); p != std::string::npos) what.erase(p);
    // "number overflow parsing '1e400'" would echo the whole number.
    if (what.rfind("number overflow", 0) == 0) what = "a number is too large to represent";
    return fail("not valid JSON: " + what);
  }

  Json& root() { return root_; }
  const std::string& error() const { return error_; }

  // At most 40 bytes of a client's string, cut on a character boundary (the parser has already
  // checked that it is valid UTF-8).
  static std::string shorten(std::string_view s) {
    if (s.size() <= 40) return std::string(s);
    std::size_t n = 40;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    return std::string(s.substr(0, n)) + "...";
  }

 private:
  // Places a value where the parser is and returns it.
  Json* place(Json value) {
    if (stack_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json& parent = *stack_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    Json& slot = parent[key_];
    slot = std::move(value);
    return &slot;
  }
  bool put(Json value) {
    place(std::move(value));
    return true;
  }
  bool open(Json container) {
    if (stack_.size() >= static_cast<std::size_t>(kMaxDepth))
      return fail("arrays and objects are nested deeper than " + std::to_string(kMaxDepth) +
                  " levels");
    stack_.push_back(place(std::move(container)));
    return true;
  }
  bool close() {
    stack_.pop_back();
    return true;
  }
  bool fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
    return false;
  }

  Json root_;
  std::vector<Json*> stack_;  // the open containers; pointers stay valid while they are open
  std::string key_;
  std::string error_;
};

const char* kind(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::object:
      return "an object";
    case Json::value_t::number_float:
      return "a number with a fraction or exponent";
    default:
      return "a number";
  }
}

std::string quoted(std::string_view field) {
  return "field \"" + std::string(field) + "\"";
}

// The fields of one message, read with their checks. An optional field given as null is absent.
class Fields {
 public:
  explicit Fields(const Json& message) : m_(message) {}

  const Json* find(std::string_view name) const {
    auto it = m_.find(name);
    if (it == m_.end() || it->is_null()) return nullptr;
    return &*it;
  }
  Expected<const Json*> require(std::string_view name) const {
    auto it = m_.find(name);
    if (it == m_.end()) return bad_field(quoted(name) + " is missing");
    return &*it;
  }

  static Expected<std::int64_t> integer(const Json& v, std::string_view name, std::int64_t min,
                                        std::int64_t max) {
    auto too_small = [&] {
      return bad_field(quoted(name) + " must be at least " + std::to_string(min));
    };
    auto too_large = [&] {
      return bad_field(quoted(name) + " must be at most " + std::to_string(max));
    };
    if (v.is_number_unsigned()) {
      auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(max)) return too_large();
      if (static_cast<std::int64_t>(u) < min) return too_small();
      return static_cast<std::int64_t>(u);
    }
    if (v.is_number_integer()) {
      auto n = v.get<std::int64_t>();
      if (n < min) return too_small();
      if (n > max) return too_large();
      return n;
    }
    if (v.is_number_float()) {
      // JSON has one number type: the parser keeps integers too large for 64 bits as doubles, and
      // anything written with a fraction or an exponent.
      const double d = v.get<double>();
      if (std::isfinite(d) && d != std::floor(d))
        return bad_field(quoted(name) + " must be an integer, not a fraction");
      if (d < static_cast<double>(min)) return too_small();
      // 2^63 is the first double past int64's range.
      if (d > static_cast<double>(max) || d >= 9223372036854775808.0) return too_large();
      return bad_field(quoted(name) + " must be an integer written without a fraction or exponent");
    }
    return bad_field(quoted(name) + " must be an integer, not " + kind(v));
  }

  Expected<std::int64_t> integer(std::string_view name, std::int64_t min, std::int64_t max) const {
    auto v = require(name);
    if (!v) return v.error();
    return integer(**v, name, min, max);
  }
  Expected<std::optional<std::int64_t>> optional_integer(std::string_view name, std::int64_t min,
                                                         std::int64_t max) const {
    const Json* v = find(name);
    if (!v) return std::optional<std::int64_t>();
    auto n = integer(*v, name, min, max);
    if (!n) return n.error();
    return std::optional<std::int64_t>(*n);
  }
  Expected<std::int64_t> id(std::string_view name) const { return integer(name, 1, kInt64Max); }
  Expected<std::optional<int>> optional_seat(std::string_view name) const {
    auto n = optional_integer(name, 0, kIntMax);
    if (!n) return n.error();
    if (!*n) return std::optional<int>();
    return std::optional<int>(static_cast<int>(**n));
  }

  Expected<std::string> string(std::string_view name, bool allow_empty = false) const {
    auto v = require(name);
    if (!v) return v.error();
    return string(**v, name, allow_empty);
  }
  Expected<std::optional<std::string>> optional_string(std::string_view name,
                                                       bool allow_empty = false) const {
    const Json* v = find(name);
    if (!v) return std::optional<std::string>();
    auto s = string(*v, name, allow_empty);
    if (!s) return s.error();
    return std::optional<std::string>(std::move(*s));
  }
  static Expected<std::string> string(const Json& v, std::string_view name, bool allow_empty) {
    if (!v.is_string()) return bad_field(quoted(name) + " must be a string, not " + kind(v));
    const auto& s = v.get_ref<const std::string&>();
    if (s.empty() && !allow_empty) return bad_field(quoted(name) + " must not be empty");
    return s;
  }
  Expected<std::optional<std::string>> optional_choice(
      std::string_view name, std::span<const std::string_view> choices) const {
    auto s = optional_string(name);
    if (!s || !*s) return s;
    for (auto c : choices)
      if (**s == c) return s;
    std::string list;
    for (auto c : choices) list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
    return bad_field(quoted(name) + " must be one of " + list);
  }

  Expected<RoomRef> room_ref(std::string_view name) const {
    auto v = require(name);
    if (!v) return v.error();
    if ((*v)->is_string()) {
      auto s = string(**v, name, false);
      if (!s) return s.error();
      return RoomRef(std::move(*s));
    }
    if (!(*v)->is_number())
      return bad_field(quoted(name) +
                       " must be a room id (an integer) or a join code (a string), not " +
                       kind(**v));
    auto n = integer(**v, name, 1, kInt64Max);
    if (!n) return n.error();
    return RoomRef(*n);
  }

  Expected<bool> optional_bool(std::string_view name, bool fallback) const {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_boolean())
      return bad_field(quoted(name) + " must be true or false, not " + kind(*v));
    return v->get<bool>();
  }

  Expected<bool> boolean(std::string_view name) const {
    auto v = require(name);
    if (!v) return v.error();
    if (!(*v)->is_boolean())
      return bad_field(quoted(name) + " must be true or false, not " + kind(**v));
    return (*v)->get<bool>();
  }

  Expected<Json> object(std::string_view name) const {
    auto v = require(name);
    if (!v) return v.error();
    if (!(*v)->is_object()) return bad_field(quoted(name) + " must be an object, not " + kind(**v));
    return **v;
  }
  Expected<Json> optional_object(std::string_view name) const {
    if (!find(name)) return Json::object();
    return object(name);
  }

 private:
  const Json& m_;
};

// Why a name, chat line or reason may not be shown (visible_text.hpp), as the error that names the
// field and the character at fault; none when it may.
std::optional<Error> refused_text(std::string_view field, std::string_view text) {
  const auto fault = text_fault(text);
  if (!fault) return std::nullopt;
  if (fault->kind == TextFault::blank)
    return bad_field(quoted(field) + " must show at least one visible character");
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(fault->code_point));
  return bad_field(quoted(field) + " must not hold " + hex +
                   ": control, format, invisible, private-use and unassigned characters are "
                   "refused");
}

Expected<std::string> player_name(const Fields& f) {
  auto raw = f.string("name", true);
  if (!raw) return raw.error();
  std::string_view s = *raw;
  // Trim white space at both ends, then count and check what is left.
  std::size_t begin = 0, end = 0, i = 0;
  bool seen = false;
  while (i < s.size()) {
    std::size_t at = i;
    char32_t c = next_code_point(s, i);
    if (is_white_space(c)) continue;
    if (!seen) begin = at, seen = true;
    end = i;
  }
  std::string name(seen ? s.substr(begin, end - begin) : std::string_view());
  int length = 0;
  for (std::size_t k = 0; k < name.size(); ++length) next_code_point(name, k);
  if (length < 1 || length > kMaxNameLength)
    return bad_field("field \"name\" must have 1 to " + std::to_string(kMaxNameLength) +
                     " characters once trimmed, not " + std::to_string(length));
  if (auto refused = refused_text("name", name)) return *refused;
  return name;
}

// A chat line is shown as it was typed: nothing is trimmed, but it must say something, fit on one
// line and hide nothing (the characters refused in names are refused here too).
Expected<std::string> chat_text(const Fields& f) {
  auto raw = f.string("text", true);
  if (!raw) return raw.error();
  const std::string& text = *raw;
  int length = 0;
  for (std::size_t i = 0; i < text.size(); ++length) next_code_point(text, i);
  if (auto refused = refused_text("text", text)) return *refused;
  if (length > kMaxChatLength)
    return Error{code::kChatTooLong,
                 "field \"text\" must have at most " + std::to_string(kMaxChatLength) +
                     " characters, not " + std::to_string(length),
                 {{"max", kMaxChatLength}, {"length", length}}};
  return text;
}

// TRY(x, expr): evaluates an Expected, returns its error from the enclosing function on failure.
#define TORTUGA_TRY(var, expr)        \
  auto var##_ = (expr);               \
  if (!var##_) return var##_.error(); \
  auto var = std::move(*var##_)

Expected<Command> hello(const Fields& f) {
  TORTUGA_TRY(name, player_name(f));
  TORTUGA_TRY(token, f.optional_string("token"));
  return Command(Hello{std::move(name), std::move(token)});
}
// A password: any text of 1 to kMaxPasswordChars code points, kept as sent (nothing trimmed).
Expected<std::string> password(const Fields& f, std::string_view field) {
  auto text = f.string(field);
  if (!text) return text.error();
  int length = 0;
  for (std::size_t i = 0; i < text->size(); ++length) next_code_point(*text, i);
  if (length > kMaxPasswordChars)
    return bad_field(quoted(field) + " must have at most " + std::to_string(kMaxPasswordChars) +
                     " characters");
  return text;
}
Expected<Command> register_account(const Fields& f) {
  TORTUGA_TRY(name, player_name(f));
  TORTUGA_TRY(secret, password(f, "password"));
  return Command(Register{std::move(name), std::move(secret)});
}
Expected<Command> login(const Fields& f) {
  TORTUGA_TRY(name, player_name(f));
  TORTUGA_TRY(secret, password(f, "password"));
  return Command(Login{std::move(name), std::move(secret)});
}
Expected<Command> list_sessions(const Fields&) {
  return Command(ListSessions{});
}
Expected<Command> revoke_session(const Fields& f) {
  TORTUGA_TRY(session, f.id("session"));
  return Command(RevokeSession{session});
}
Expected<Command> revoke_other_sessions(const Fields&) {
  return Command(RevokeOtherSessions{});
}
Expected<Command> change_password(const Fields& f) {
  TORTUGA_TRY(old_secret, password(f, "password"));
  TORTUGA_TRY(new_secret, password(f, "new_password"));
  return Command(ChangePassword{std::move(old_secret), std::move(new_secret)});
}
Expected<Command> get_notifications(const Fields&) {
  return Command(GetNotifications{});
}
Expected<Command> set_notifications(const Fields& f) {
  SetNotifications out;
  // "" removes an address or a webhook.
  for (auto [name, into] : {std::pair{"email", &out.email}, {"webhook_url", &out.webhook_url}}) {
    TORTUGA_TRY(value, f.optional_string(name, true));
    if (value && value->size() > kMaxNotifyFieldBytes)
      return Error{code::kBadField, quoted(name) + " is too long", nullptr};
    *into = std::move(value);
  }
  static constexpr std::string_view kModes[] = {"digest", "immediate", "off"};
  TORTUGA_TRY(mode, f.optional_choice("mode", kModes));
  out.mode = std::move(mode);
  TORTUGA_TRY(language, f.optional_string("language"));
  if (language &&
      (language->size() > 35 ||
       language->find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != std::string::npos))
    return Error{code::kBadField, "\"language\" is a language's code, as en or pt-BR", nullptr};
  out.language = std::move(language);
  return Command(std::move(out));
}
Expected<Command> list_rooms(const Fields& f) {
  TORTUGA_TRY(game, f.optional_string("game"));
  return Command(ListRooms{std::move(game)});
}
Expected<Command> watch_lobby(const Fields& f) {
  TORTUGA_TRY(game, f.optional_string("game"));
  return Command(WatchLobby{std::move(game)});
}
Expected<Command> unwatch_lobby(const Fields&) {
  return Command(UnwatchLobby{});
}
// create_room's correspondence object, each field named as "correspondence.<field>".
Expected<std::optional<Correspondence>> correspondence(const Fields& f) {
  if (!f.find("correspondence")) return std::optional<Correspondence>();
  TORTUGA_TRY(object, f.object("correspondence"));
  Correspondence out;
  auto field = [&](const char* name, int min, int max, int& into) -> std::optional<Error> {
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    auto n = Fields::integer(*it, std::string("correspondence.") + name, min, max);
    if (!n) return n.error();
    into = static_cast<int>(*n);
    return std::nullopt;
  };
  if (!object.contains("days_per_move") || object["days_per_move"].is_null())
    return bad_field("\"correspondence.days_per_move\" is missing");
  for (const auto& [key, value] : object.items())
    if (key != "days_per_move" && key != "bank_extra_hours" && key != "bank_cap_days")
      return bad_field("\"correspondence\" has no field \"" + key + "\"");
  if (auto e = field("days_per_move", 1, kMaxDaysPerMove, out.days_per_move)) return *e;
  if (auto e = field("bank_extra_hours", 0, kMaxBankExtraHours, out.bank_extra_hours)) return *e;
  if (auto e = field("bank_cap_days", 0, kMaxBankCapDays, out.bank_cap_days)) return *e;
  return std::optional<Correspondence>(out);
}
Expected<Command> create_room(const Fields& f) {
  TORTUGA_TRY(game, f.string("game"));
  TORTUGA_TRY(options, f.optional_object("options"));
  TORTUGA_TRY(is_private, f.optional_bool("private", false));
  TORTUGA_TRY(absent_bot_s, f.optional_integer("absent_bot_s", 0, kMaxAbsentBotS));
  TORTUGA_TRY(public_when_over, f.optional_bool("public_when_over", false));
  TORTUGA_TRY(rated, f.optional_bool("rated", false));
  TORTUGA_TRY(by_correspondence, correspondence(f));
  CreateRoom command{std::move(game), std::move(options), is_private};
  if (absent_bot_s) command.absent_bot_s = static_cast<int>(*absent_bot_s);
  command.public_when_over = public_when_over;
  if (f.find("rated")) command.rated = rated;
  command.correspondence = by_correspondence;
  return Command(std::move(command));
}
Expected<Command> join_room(const Fields& f) {
  TORTUGA_TRY(room, f.room_ref("room"));
  TORTUGA_TRY(seat, f.optional_seat("seat"));
  return Command(JoinRoom{std::move(room), seat});
}
Expected<Command> watch_room(const Fields& f) {
  TORTUGA_TRY(room, f.room_ref("room"));
  return Command(WatchRoom{std::move(room)});
}
Expected<Command> add_bot(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(seat, f.optional_seat("seat"));
  TORTUGA_TRY(bot, f.optional_choice("bot", kBotKinds));
  AddBot command{room, seat};
  if (bot) command.bot = std::move(*bot);
  return Command(std::move(command));
}
Expected<Command> leave_room(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  return Command(LeaveRoom{room});
}
Expected<Command> start(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  return Command(Start{room});
}
Expected<Command> act(const Fields& f) {
  TORTUGA_TRY(match, f.id("match"));
  TORTUGA_TRY(given, f.require("action"));
  // What the action holds is the game's to judge, and a malformed one is bad_action in the game's
  // own words; one that is no object at all is refused here, in those same words, so that every
  // mistake inside an action has the one code whichever step finds it.
  if (!given->is_object()) return not_an_object();
  return Command(Act{match, *given});
}
Expected<Command> sync(const Fields& f) {
  TORTUGA_TRY(match, f.id("match"));
  return Command(Sync{match});
}
Expected<Command> list_matches(const Fields& f) {
  TORTUGA_TRY(game, f.optional_string("game"));
  TORTUGA_TRY(player, f.optional_integer("player", 1, kInt64Max));
  TORTUGA_TRY(status, f.optional_choice("status", kMatchStatuses));
  TORTUGA_TRY(limit, f.optional_integer("limit", 1, kMaxMatchLimit));
  TORTUGA_TRY(before, f.optional_integer("before", 1, kInt64Max));
  return Command(ListMatches{std::move(game), player, std::move(status),
                             limit ? static_cast<int>(*limit) : kDefaultMatchLimit, before});
}
Expected<Command> get_match(const Fields& f) {
  TORTUGA_TRY(match, f.id("match"));
  TORTUGA_TRY(code, f.optional_string("code"));
  return Command(GetMatch{match, std::move(code)});
}
Expected<Command> get_replay(const Fields& f) {
  TORTUGA_TRY(match, f.id("match"));
  TORTUGA_TRY(seat, f.optional_seat("seat"));
  TORTUGA_TRY(code, f.optional_string("code"));
  return Command(GetReplay{match, seat, std::move(code)});
}
Expected<Command> get_leaderboard(const Fields& f) {
  TORTUGA_TRY(game, f.string("game"));
  TORTUGA_TRY(limit, f.optional_integer("limit", 1, kMaxBoardLimit));
  TORTUGA_TRY(offset, f.optional_integer("offset", 0, 1'000'000'000));
  return Command(GetLeaderboard{std::move(game),
                                limit ? static_cast<int>(*limit) : kDefaultBoardLimit,
                                offset ? *offset : 0});
}
Expected<Command> watch_leaderboard(const Fields& f) {
  TORTUGA_TRY(game, f.string("game"));
  TORTUGA_TRY(limit, f.optional_integer("limit", 1, kMaxBoardLimit));
  return Command(
      WatchLeaderboard{std::move(game), limit ? static_cast<int>(*limit) : kDefaultBoardLimit});
}
Expected<Command> unwatch_leaderboard(const Fields&) {
  return Command(UnwatchLeaderboard{});
}
Expected<Command> watch_my_matches(const Fields&) {
  return Command(WatchMyMatches{});
}
Expected<Command> unwatch_my_matches(const Fields&) {
  return Command(UnwatchMyMatches{});
}
Expected<Command> ping(const Fields&) {
  return Command(Ping{});
}
Expected<Command> chat(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(text, chat_text(f));
  return Command(Chat{room, std::move(text)});
}
Expected<Command> mute(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(player, f.id("player"));
  TORTUGA_TRY(muted, f.optional_bool("muted", true));
  return Command(Mute{room, player, muted});
}
Expected<Command> transfer_host(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(player, f.id("player"));
  return Command(TransferHost{room, player});
}
Expected<Command> allow_player(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(player, f.id("player"));
  return Command(AllowPlayer{room, player});
}
Expected<Command> remove_player(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(player, f.id("player"));
  return Command(RemovePlayer{room, player});
}
Expected<Command> close_room(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(reason, f.optional_string("reason"));
  if (reason) {
    int length = 0;
    for (std::size_t i = 0; i < reason->size(); ++length) next_code_point(*reason, i);
    if (auto refused = refused_text("reason", *reason)) return *refused;
    if (length > kMaxReasonLength)
      return bad_field("field \"reason\" must have at most " + std::to_string(kMaxReasonLength) +
                       " characters");
  }
  return Command(CloseRoom{room, std::move(reason)});
}
Expected<Command> stand_in(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(seat, f.integer("seat", 0, kIntMax));
  TORTUGA_TRY(bot, f.optional_choice("bot", kBotKinds));
  StandIn command{room, static_cast<int>(seat)};
  if (bot) command.bot = std::move(*bot);
  return Command(std::move(command));
}
Expected<Command> rematch(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  return Command(Rematch{room});
}
Expected<Command> take_vacation(const Fields& f) {
  TORTUGA_TRY(days, f.integer("days", 1, kMaxVacationDays));
  return Command(TakeVacation{static_cast<int>(days)});
}
Expected<Command> get_vacation(const Fields&) {
  return Command(GetVacation{});
}
Expected<Command> spectator_chat(const Fields& f) {
  TORTUGA_TRY(room, f.id("room"));
  TORTUGA_TRY(allowed, f.boolean("allowed"));
  return Command(SpectatorChat{room, allowed});
}

#undef TORTUGA_TRY

struct Reader {
  std::string_view type;
  Expected<Command> (*read)(const Fields&);
};

// In the order of Command's alternatives, so that type_name can index it.
constexpr Reader kReaders[] = {
    {"hello", hello},
    {"list_rooms", list_rooms},
    {"create_room", create_room},
    {"join_room", join_room},
    {"watch_room", watch_room},
    {"add_bot", add_bot},
    {"leave_room", leave_room},
    {"start", start},
    {"action", act},
    {"sync", sync},
    {"list_matches", list_matches},
    {"get_match", get_match},
    {"get_replay", get_replay},
    {"ping", ping},
    {"chat", chat},
    {"mute", mute},
    {"spectator_chat", spectator_chat},
    {"transfer_host", transfer_host},
    {"remove_player", remove_player},
    {"close_room", close_room},
    {"stand_in", stand_in},
    {"rematch", rematch},
    {"watch_lobby", watch_lobby},
    {"unwatch_lobby", unwatch_lobby},
    {"allow_player", allow_player},
    {"register", register_account},
    {"login", login},
    {"list_sessions", list_sessions},
    {"revoke_session", revoke_session},
    {"revoke_other_sessions", revoke_other_sessions},
    {"change_password", change_password},
    {"get_leaderboard", get_leaderboard},
    {"watch_leaderboard", watch_leaderboard},
    {"unwatch_leaderboard", unwatch_leaderboard},
    {"take_vacation", take_vacation},
    {"get_notifications", get_notifications},
    {"set_notifications", set_notifications},
    {"get_vacation", get_vacation},
    {"watch_my_matches", watch_my_matches},
    {"unwatch_my_matches", unwatch_my_matches},
};
static_assert(std::size(kReaders) == std::variant_size_v<Command>);

// The id is echoed verbatim, so only what serializes back to the same text is accepted.
bool readable_id(const Json& id) {
  if (id.is_string() || id.is_number_integer()) return true;  // integer covers unsigned
  return id.is_number_float() && std::isfinite(id.get<double>());
}

// Follows the parser's events only as far as the message's top-level "id" (see peek_id): the
// value after that key ends the reading, whatever it is, and nothing else is kept.
class IdReader {
 public:
  bool null() { return value(nullptr); }
  bool boolean(bool v) { return value(v); }
  bool number_integer(Json::number_integer_t v) { return value(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return value(v); }
  bool number_float(Json::number_float_t v, const std::string&) { return value(v); }
  bool string(std::string& v) { return value(std::move(v)); }
  bool binary(Json::binary_t&) { return false; }
  bool start_object(std::size_t) { return open(); }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return depth_ > 0 && open(); }  // a message is an object
  bool end_array() { return close(); }
  bool key(std::string& k) {
    at_id_ = depth_ == 1 && k == "id";
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

  Json& id() { return id_; }

 private:
  template <class T>
  bool value(T&& v) {
    if (!at_id_) return true;
    Json id(std::forward<T>(v));
    if (readable_id(id)) id_ = std::move(id);
    return false;
  }
  // An object or array as the id's value is no readable id; one nested past kMaxDepth before the
  // id makes a message parse_command refuses.
  bool open() {
    if (at_id_ || depth_ >= kMaxDepth) return false;
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }

  int depth_ = 0;
  bool at_id_ = false;  // the next value is the top-level id's
  Json id_;
};

// A character that may continue a JSON number.
bool in_number(char c) {
  return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

Expected<Command> read_command(const Json& message) {
  Fields fields(message);
  auto type = message.find("type");
  if (type == message.end()) return bad_field("field \"type\" is missing");
  if (!type->is_string())
    return bad_field(std::string("field \"type\" must be a string, not ") + kind(*type));
  const auto& name = type->get_ref<const std::string&>();
  for (const auto& reader : kReaders)
    if (reader.type == name) return reader.read(fields);
  return Error{code::kUnknownType,
               "unknown message type \"" + Builder::shorten(name) + "\"; see docs/protocol.md"};
}

}  // namespace

Parsed parse_command(std::string_view text) {
  Builder builder;
  const bool parsed = Json::sax_parse(text.begin(), text.end(), &builder);
  if (!parsed)
    return {nullptr, bad_json(builder.error().empty() ? "not valid JSON" : builder.error())};
  Json& message = builder.root();
  if (!message.is_object())
    return {nullptr,
            bad_json(std::string("a message must be a JSON object, not ") + kind(message))};

  Json id;
  if (auto it = message.find("id"); it != message.end() && !it->is_null()) {
    if (!readable_id(*it))
      return {nullptr, bad_field(std::string("field \"id\" must be a string or a number, not ") +
                                 kind(*it))};
    id = *it;
  }
  return {std::move(id), read_command(message)};
}

Json peek_id(std::string_view text, std::size_t max_bytes) {
  if (text.size() > max_bytes) {
    // The parser ends a number where its input ends: a cut inside the id's digits would read a
    // shorter id. Cut after a character no number goes on from, so that every number in what is
    // read ends before the cut.
    std::size_t cut = max_bytes;
    while (cut > 0 && in_number(text[cut - 1])) --cut;
    text = text.substr(0, cut);
  }
  IdReader reader;
  Json::sax_parse(text.begin(), text.end(), &reader);
  return std::move(reader.id());
}

std::string_view type_name(const Command& command) {
  return kReaders[command.index()].type;
}

}  // namespace tortuga::protocol
