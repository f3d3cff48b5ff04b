#include "server/lobby/lobby.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/token.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "rules/core/registry.hpp"
#include "server/history/history.hpp"
#include "server/history/match_file.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/ops/store_health.hpp"

namespace tortuga {
namespace {

// Every game as welcome describes it, written once: about 23 KB, the same for every player, and
// asked for by every hello.
const std::string& games_text() {
  static const std::string text = [] {
    Json games = Json::array();
    for (const Game* g : all_games()) games.push_back(g->describe());
    return protocol::event::text_of(games);
  }();
  return text;
}

// Another node's room as its owner published it, if the lobby lists it; else null.
Json listed_elsewhere(const std::string& listing) {
  Json room = Json::parse(listing, nullptr, false);
  if (!room.is_object() || !room.contains("id") || !listed_in_lobby(room)) return nullptr;
  return room;
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, store::Store& store, RoomSettings settings,
             LobbyLimits limits, store::Cluster* cluster)
    : io_(io),
      store_(store),
      settings_(settings),
      limits_(limits),
      replays_(store, limits.replays),
      feed_(std::make_shared<LobbyFeed>(io, settings.clock, limits.gather)),
      cluster_(cluster),
      rooms_per_player_(limits.max_rooms_per_player),
      rooms_per_address_(limits.max_rooms_per_address),
      new_players_(limits.new_players_per_address_per_hour, std::chrono::hours(1)),
      guesses_(io, limits.guesses) {}

// ---- recovery -------------------------------------------------------------------------------

std::shared_ptr<Room> Lobby::rebuild(const store::Match& m, std::int64_t room_id,
                                     Ownership ownership) {
  const Game* game = find_game(m.game);
  auto replayed = game ? replay(match_file_of(m, store_.actions(m.id)))
                       : Expected<std::unique_ptr<State>>(Error{"", "unknown game " + m.game});
  if (!replayed) {
    TORTUGA_LOG_AT(
        error, log::Context("match_aborted").match(m.id).field("game", m.game),
        "match " << m.id << " cannot be rebuilt, marked aborted: " << replayed.error().message);
    store_.finish_match(m.id, "aborted", "null", store::now_ms(), [](bool, const std::string&) {});
    server_metrics().game(m.game).matches_abandoned->add();
    return nullptr;
  }
  std::unique_ptr<State> state = std::move(*replayed);
  if (state->is_over()) {  // the last action was stored, the result not yet
    store_.finish_match(m.id, "finished", state->result().dump(), store::now_ms(),
                        [](bool, const std::string&) {});
    return nullptr;
  }
  auto room = std::make_shared<Room>(io_, store_, *this, settings_, room_id, *game, m,
                                     std::move(state), ownership);
  room->resume_timers();
  {
    std::lock_guard lock(mutex_);
    rooms_[room_id] = room;
    if (room->is_private()) codes_[room->code()] = room_id;
    match_rooms_[m.id] = room;
    for (const auto& s : m.seats)
      if (s.player_id) player_rooms_[*s.player_id].insert(room_id);
    drain_.resumed(room_id);
  }
  welcome_back(room);
  return room;
}

int Lobby::recover() {
  int recovered = 0;
  for (const store::Match& m : store_.unfinished_matches()) {
    std::int64_t id = 0;
    {
      std::lock_guard lock(mutex_);
      id = next_room_++;
    }
    // A match a cluster once ran carries its last epoch, which its appends must name.
    if (rebuild(m, id, Ownership{false, m.epoch})) ++recovered;
  }
  store_.flush();
  return recovered;
}

int Lobby::take_over(const std::vector<store::ClaimedRoom>& claimed) {
  // The rooms claimed earlier whose matches could not be read then come first: they are this
  // node's, and nobody else will rebuild them.
  std::vector<store::ClaimedRoom> rooms = std::exchange(unread_claims_, {});
  rooms.insert(rooms.end(), claimed.begin(), claimed.end());
  int taken = 0;
  for (const store::ClaimedRoom& c : rooms) {
    if (c.match == 0) {
      if (reopen(c)) {
        ++taken;
        TORTUGA_LOG_AT(info, log::Context("room_taken_over").room(c.room).field("from", c.from),
                       "took over open room " << c.room << " from node " << c.from);
      } else {
        cluster_->forget_room(c.room);
      }
      continue;
    }
    std::optional<store::Match> m;
    std::shared_ptr<Room> room;
    try {
      m = store_.match(c.match);
      if (m && m->status == "running") room = rebuild(*m, c.room, Ownership{true, c.epoch});
    } catch (const store::Unavailable& e) {
      // Not a room to forget: its match is there, only unread. The next beat tries again.
      TORTUGA_LOG_AT(warn, log::Context("match_not_read").room(c.room).match(c.match),
                     "room " << c.room << " claimed, its match not read yet: " << e.what());
      unread_claims_.push_back(c);
      continue;
    }
    if (room) {
      ++taken;
      TORTUGA_LOG_AT(info,
                     log::Context("match_taken_over")
                         .room(c.room)
                         .match(c.match)
                         .field("from", c.from)
                         .field("epoch", c.epoch),
                     "took over room " << c.room << " (match " << c.match << ") from node "
                                       << (c.from.empty() ? "(none)" : c.from) << " at epoch "
                                       << c.epoch);
      continue;
    }
    cluster_->forget_room(c.room);
  }
  store_.flush();
  return taken;
}

std::shared_ptr<Room> Lobby::reopen(const store::ClaimedRoom& c) {
  const Json state = Json::parse(c.open_state, nullptr, false);
  try {
    const Game* game = find_game(state.at("game").get<std::string>());
    if (!game) throw std::runtime_error("no game " + state.at("game").dump());
    auto options = game->normalize_stored_options(state.at("options"));
    if (!options) throw std::runtime_error(options.error().message);
    const bool is_private = state.value("private", false);
    const std::string code = is_private ? state.at("code").get<std::string>() : "";
    RoomSettings settings = settings_;
    settings.public_when_over = state.value("public_when_over", false);
    auto room = std::make_shared<Room>(io_, store_, *this, settings, c.room, code, *game,
                                       std::move(*options), is_private, Ownership{true, c.epoch});
    room->restore_open(state);
    {
      std::lock_guard lock(mutex_);
      rooms_[c.room] = room;
      if (is_private) codes_[code] = c.room;
      for (const Json& seat : state.at("seats"))
        if (seat.at("player").is_object())
          player_rooms_[seat["player"].at("id").get<std::int64_t>()].insert(c.room);
    }
    welcome_back(room);
    return room;
  } catch (const std::exception& e) {
    TORTUGA_LOG_AT(warn, log::Context("room_not_reopened").room(c.room),
                   "open room " << c.room << " cannot be made again: " << e.what());
    return nullptr;
  }
}

std::vector<std::pair<std::int64_t, std::string>> Lobby::open_states() const {
  std::vector<std::pair<std::int64_t, std::string>> out;
  std::lock_guard lock(mutex_);
  for (const auto& [id, room] : rooms_) {
    Json state = room->summary();
    if (state.value("status", "") != "open") continue;
    if (room->is_private()) state["code"] = room->code();
    out.emplace_back(id, state.dump());
  }
  return out;
}

void Lobby::lost(const std::vector<std::int64_t>& ids) {
  for (std::int64_t id : ids) {
    auto room = room_by_id(id);
    if (!room) continue;
    std::string url;
    try {
      if (auto place = cluster_->owner(id)) url = place->url;
    } catch (const std::exception&) {
      // Its new owner's URL is unknown: the clients are told to try any node.
    }
    room->post([room, url = std::move(url)] { room->hand_over(url); });
  }
}

std::vector<std::pair<std::int64_t, std::string>> Lobby::listings() const {
  std::vector<std::pair<std::int64_t, std::string>> out;
  std::lock_guard lock(mutex_);
  for (const auto& [id, room] : rooms_)
    out.emplace_back(id, room->is_private() ? "null" : lobby_listing(room->summary()).dump());
  return out;
}

void Lobby::listings_elsewhere(const std::vector<std::string>& listings) {
  std::map<std::int64_t, std::string> now;
  for (const std::string& text : listings) {
    const Json room = listed_elsewhere(text);
    if (room.is_null()) continue;
    const auto id = room.at("id").get<std::int64_t>();
    if (auto it = listed_elsewhere_.find(id); it == listed_elsewhere_.end() || it->second != text)
      feed_->update(id, room);
    now.emplace(id, text);
  }
  for (const auto& [id, text] : listed_elsewhere_) {
    if (now.count(id)) continue;
    // Gone from the other nodes: closed, over, or taken over by this one, whose own summary
    // tells the feed then.
    std::lock_guard lock(mutex_);
    if (!rooms_.count(id)) feed_->update(id, nullptr);
  }
  listed_elsewhere_ = std::move(now);
}

std::vector<std::int64_t> Lobby::room_ids() const {
  std::vector<std::int64_t> out;
  std::lock_guard lock(mutex_);
  for (const auto& [id, room] : rooms_) out.push_back(id);
  return out;
}

std::optional<std::string> Lobby::moved_to(std::int64_t room) {
  if (!cluster_) return std::nullopt;
  try {
    auto place = cluster_->owner(room);
    if (place && place->node == cluster_->node()) return std::nullopt;
    return place ? place->url : "";
  } catch (const std::exception& e) {
    // The database cannot say: the room stays, and waits for its store. The outage is logged
    // once, by the store's health, not by every room it reaches.
    if (settings_.store_health) settings_.store_health->failed(e.what());
    TORTUGA_LOG_AT(debug, log::Context("owner_unknown").room(room),
                   "room " << room << ": cannot tell its owner: " << e.what());
    return std::nullopt;
  }
}

bool Lobby::sent_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                           const std::optional<store::RoomPlace>& place) {
  if (!place || place->node == cluster_->node()) return false;
  if (place->url.empty() && nudge_) nudge_();
  c->send(counted_error(code::kElsewhere,
                        protocol::event::elsewhere(re, "moved: that room is on another node",
                                                   place->url, place->room, place->match)));
  return true;
}

// ---- dispatch -------------------------------------------------------------------------------

void Lobby::handle(const std::shared_ptr<Client>& client, protocol::Parsed parsed,
                   std::function<void()> next) {
  if (parsed.command && client->player() == 0)
    if (const auto* hello = std::get_if<protocol::Hello>(&*parsed.command); hello && !hello->token)
      return welcome_new_player(client, parsed.id, hello->name, std::move(next));
  dispatch(client, parsed);
  next();
}

void Lobby::dispatch(const std::shared_ptr<Client>& client, protocol::Parsed& parsed) {
  if (!parsed.command) {
    return client->refuse(parsed.id, parsed.command.error());
  }
  protocol::Command& command = *parsed.command;
  const bool welcomed = client->player() != 0;
  if (!welcomed && !std::holds_alternative<protocol::Hello>(command) &&
      !std::holds_alternative<protocol::Ping>(command))
    return client->refuse(parsed.id, {code::kNotWelcomed, "send hello first"});
  try {
    // Each command is handed over, not copied: an action goes on into the match's history.
    std::visit([&](auto& m) { on(client, parsed.id, std::move(m)); }, command);
  } catch (const store::Unavailable& e) {
    // A read the database did not answer: no verdict on what was asked (a token, a room, a
    // match), which the client asks again for later. The outage is logged once, not each.
    if (settings_.store_health) settings_.store_health->failed(e.what());
    TORTUGA_LOG_AT(debug,
                   log::Context("store_unavailable_answered")
                       .player(client->player())
                       .field("type", protocol::type_name(command)),
                   protocol::type_name(command) << " not answered: " << e.what());
    client->refuse(parsed.id,
                   {code::kStoreUnavailable,
                    "the store cannot be reached now: nothing was changed; try again shortly"});
  } catch (const std::exception& e) {
    // A bug is the only way here; the client learns no more than that.
    TORTUGA_LOG_AT(error,
                   log::Context("command_failed")
                       .player(client->player())
                       .field("type", protocol::type_name(command)),
                   protocol::type_name(command) << " failed: " << e.what());
    client->refuse(parsed.id, {code::kInternal, "the server could not complete that request"});
  }
}

// The store commits the new player on its own thread while this connection's thread serves
// others; the answer comes from the store's thread, so it only welcomes and sends (both
// thread-safe) before letting the connection read on.
Json Lobby::room_defaults() const {
  return {{"absent_bot_s", settings_.absent_bot_s}};
}

void Lobby::welcome_new_player(const std::shared_ptr<Client>& c, const Json& re,
                               const std::string& name, std::function<void()> next) {
  if (auto wait = new_players_.use(c->address(), Allowance::Clock::now())) {
    server_metrics().limit_refused(Limit::players_per_address);
    c->send(counted_error(
        code::kTooManyPlayers,
        protocol::event::retry_later(
            re, code::kTooManyPlayers,
            "at most " + std::to_string(new_players_.most()) +
                " new players an hour from one address; resend the token of a player you have",
            wait->count())));
    return next();
  }
  std::string token = store::new_token();
  const std::string hash = store::hash_token(token);
  store_.create_player(
      name, hash,
      [c, re, token = std::move(token), next = std::move(next), defaults = room_defaults(),
       limits = limits_.for_clients, health = settings_.store_health](store::Player player) {
        if (player.id == 0) {
          if (health) health->failed("a new player could not be stored");
          // A new token is never taken: only the store failing leaves the player unstored.
          c->refuse(re, {code::kStoreUnavailable,
                         "the player could not be stored now: send hello again shortly"});
        } else {
          c->welcome(player.id, player.name);
          c->send(protocol::event::welcome(re, {{"id", player.id}, {"name", player.name}}, token,
                                           games_text(), defaults, limits));
        }
        next();
      });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Hello& m) {
  // Without a token this connection already has a player (welcome_new_player made the others).
  if (!m.token)
    return c->refuse(re, {code::kBadToken, "this connection has a player: resend its token"});
  auto found = store_.player_by_token_hash(store::hash_token(*m.token));
  if (!found) return c->refuse(re, {code::kBadToken, "that token belongs to no player"});
  if (c->player() != 0 && c->player() != found->id)
    return c->refuse(re, {code::kBadToken, "this connection already speaks for another player"});
  store::Player player = *found;
  if (player.name != m.name) {
    store_.rename_player(player.id, m.name, [](bool, const std::string&) {});
    player.name = m.name;
  }
  c->welcome(player.id, player.name);
  c->send(protocol::event::welcome(re, {{"id", player.id}, {"name", player.name}}, *m.token,
                                   games_text(), room_defaults(), limits_.for_clients));
  // Resume every seat this player holds.
  std::vector<std::shared_ptr<Room>> held;
  {
    std::lock_guard lock(mutex_);
    for (std::int64_t id : player_rooms_[player.id])
      if (auto it = rooms_.find(id); it != rooms_.end()) {
        held.push_back(it->second);
        client_rooms_[c.get()].insert(id);
      }
  }
  for (auto& room : held) room->post([room, c] { room->resume(c); });
  // On a cluster the player's other seats are on other nodes, or claimed here and being rebuilt.
  if (!cluster_) return;
  std::set<std::int64_t> ids;
  for (const auto& room : held) ids.insert(room->id());
  try {
    seats_in_cluster(c, player.id, ids);
  } catch (const store::Unavailable& e) {
    // The hello is answered already; the seats elsewhere are named at the player's next one.
    TORTUGA_LOG_AT(warn, log::Context("seats_elsewhere_unknown").player(player.id),
                   "player " << player.id << ": seats on other nodes not read: " << e.what());
  }
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListRooms& m) {
  Json rooms = Json::array();
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, room] : rooms_)
      if (!m.game || room->game().info().id == *m.game)
        if (Json summary = room->summary(); listed_in_lobby(summary))
          rooms.push_back(lobby_listing(std::move(summary)));
  }
  if (cluster_) {
    // Every other live node's public rooms, as their owners last published them.
    for (const std::string& listing : cluster_->listings_elsewhere()) {
      Json room = listed_elsewhere(listing);
      if (!room.is_null() && (!m.game || room.value("game", "") == *m.game))
        rooms.push_back(std::move(room));
    }
    std::sort(rooms.begin(), rooms.end(), [](const Json& a, const Json& b) {
      return a.value("id", std::int64_t{0}) < b.value("id", std::int64_t{0});
    });
  }
  c->send(protocol::event::rooms(re, rooms, store::now_ms()));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::WatchLobby m) {
  feed_->watch(c, re, std::move(m.game));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::UnwatchLobby&) {
  feed_->unwatch(c, re);
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::CreateRoom& m) {
  const Game* game = find_game(m.game);
  if (!game) return c->refuse(re, {code::kUnknownGame, "no game " + m.game});
  // Every room message carries the options, and its listing their summary: their size is
  // bounded before anything reads further into them.
  if (const std::size_t bytes = m.options.dump().size(); bytes > limits_.max_options_bytes)
    return c->refuse(re, {code::kOptionsTooLarge,
                          "options of " + std::to_string(bytes) + " bytes; at most " +
                              std::to_string(limits_.max_options_bytes) + " are accepted"});
  auto options = game->normalize_options(m.options);
  if (!options) return c->refuse(re, Error{code::kBadOptions, options.error().message});
  if (drain_.draining())
    return c->refuse(
        re, {code::kDraining, "the server is draining: it makes no new rooms; try again later"});
  if (room_count() >= static_cast<std::size_t>(limits_.max_rooms))
    return c->refuse(re, {code::kServerFull, "the server hosts as many rooms as it may"});
  if (!made_by(c, re)) return;
  // Counted from here on; every refusal below gives it back.
  auto refuse_made = [&](const char* code, const std::string& message) {
    rooms_per_player_.give_back(c->player());
    rooms_per_address_.give_back(c->address());
    c->refuse(re, {code, message});
  };
  // On a cluster the room's id, and a private room's code, are the cluster's: its row is made
  // first, with a new code until one is free on every node.
  std::int64_t cluster_id = 0;
  std::string cluster_code;
  if (cluster_) {
    for (int attempt = 0; attempt < 100 && cluster_id == 0; ++attempt) {
      if (m.is_private) {
        std::lock_guard lock(mutex_);
        cluster_code = new_code();
      }
      if (auto id = cluster_->new_room(cluster_code, m.is_private)) cluster_id = *id;
    }
    if (cluster_id == 0) return refuse_made(code::kInternal, "the room could not be stored");
  }
  std::shared_ptr<Room> room;
  {
    std::unique_lock lock(mutex_);
    if (static_cast<int>(rooms_.size()) >= limits_.max_rooms) {
      lock.unlock();
      if (cluster_) cluster_->forget_room(cluster_id);
      return refuse_made(code::kServerFull, "the server hosts as many rooms as it may");
    }
    const std::int64_t id = cluster_ ? cluster_id : next_room_++;
    std::string code = cluster_ ? cluster_code : m.is_private ? new_code() : "";
    RoomSettings settings = settings_;
    if (m.absent_bot_s) settings.absent_bot_s = *m.absent_bot_s;
    settings.public_when_over = m.is_private && m.public_when_over;
    room =
        std::make_shared<Room>(io_, store_, *this, settings, id, code, *game, std::move(*options),
                               m.is_private, Ownership{cluster_ != nullptr, cluster_ ? 1 : 0});
    rooms_[id] = room;
    if (m.is_private) codes_[code] = id;
    makers_[id] = Maker{c->player(), c->address()};
    enter_locked(c.get(), id);
  }
  room->post([room, c, re] { room->join(c, 0, re); });
}

bool Lobby::made_by(const std::shared_ptr<Client>& c, const Json& re) {
  if (!rooms_per_player_.take(c->player())) {
    server_metrics().limit_refused(Limit::rooms_per_player);
    c->refuse(re, {code::kTooManyRooms, "a player may have at most " +
                                            std::to_string(rooms_per_player_.ceiling()) +
                                            " rooms at a time; close or leave one first"});
    return false;
  }
  if (!rooms_per_address_.take(c->address())) {
    rooms_per_player_.give_back(c->player());
    server_metrics().limit_refused(Limit::rooms_per_address);
    c->refuse(re, {code::kTooManyRooms, "the players of one address may have at most " +
                                            std::to_string(rooms_per_address_.ceiling()) +
                                            " rooms at a time; close or leave one first"});
    return false;
  }
  return true;
}

void Lobby::unmade(std::int64_t room) {
  // With mutex_ held: makers_ is the lobby's.
  auto it = makers_.find(room);
  if (it == makers_.end()) return;
  rooms_per_player_.give_back(it->second.player);
  rooms_per_address_.give_back(it->second.address);
  makers_.erase(it);
}

bool Lobby::refused_guessing(const std::shared_ptr<Client>& c, const Json& re,
                             const protocol::RoomRef& ref) {
  if (!std::holds_alternative<std::string>(ref)) return false;
  const auto wait = guesses_.barred(Guesses::Kind::join_code, c->address());
  if (!wait) return false;
  c->send(counted_error(
      code::kTooManyGuesses,
      protocol::event::retry_later(re, code::kTooManyGuesses,
                                   "too many join codes that named no room: try again in " +
                                       std::to_string((wait->count() + 999) / 1000) + " s",
                                   wait->count())));
  return true;
}

void Lobby::guessed_wrong(const std::shared_ptr<Client>& c, const protocol::RoomRef& ref) {
  if (std::holds_alternative<std::string>(ref))
    guesses_.failed(Guesses::Kind::join_code, c->address());
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::JoinRoom& m) {
  if (refused_guessing(c, re, m.room)) return;
  auto room = find_room(m.room);
  if (!room && cluster_ && sent_elsewhere(c, re, place_of(m.room))) return;
  if (!room) {
    guessed_wrong(c, m.room);
    return c->refuse(re, {code::kNoSuchRoom, "no such room"});
  }
  enter(c, room->id());
  room->post([room, c, re, seat = m.seat] { room->join(c, seat, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::WatchRoom& m) {
  if (refused_guessing(c, re, m.room)) return;
  auto room = find_room(m.room);
  if (!room && cluster_ && sent_elsewhere(c, re, place_of(m.room))) return;
  if (!room) {
    guessed_wrong(c, m.room);
    return c->refuse(re, {code::kNoSuchRoom, "no such room"});
  }
  enter(c, room->id());
  room->post([room, c, re] { room->watch(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::AddBot& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re, seat = m.seat, bot = m.bot] { room->add_bot(c, seat, bot, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::LeaveRoom& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "not in that room"});
  {
    std::lock_guard lock(mutex_);
    client_rooms_[c.get()].erase(m.room);
  }
  room->post([room, c, re] { room->leave(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Start& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re] { room->start(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::Act m) {
  auto room = room_of_match(m.match);
  if (!room && cluster_ && sent_elsewhere(c, re, cluster_->match_place(m.match))) return;
  if (!room) {
    auto stored = store_.match(m.match);
    if (stored && stored->status != "running")
      return c->refuse(re, {code::kMatchOver, "the match is over"});
    return c->refuse(re, {code::kNoSuchMatch, "no running match " + std::to_string(m.match)});
  }
  // An action is played at once on this thread when its room is free: handing it to the other
  // thread would cost a wake-up and a trip between the cores' caches on every move.
  room->dispatch([room, c, re, action = std::move(m.action)]() mutable {
    room->act(c, std::move(action), re);
  });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Sync& m) {
  auto room = room_of_match(m.match);
  if (!room && cluster_ && sent_elsewhere(c, re, cluster_->match_place(m.match))) return;
  if (!room) return c->refuse(re, {code::kNoSuchMatch, "no live match " + std::to_string(m.match)});
  room->post([room, c, re] { room->sync(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListMatches& m) {
  store::MatchFilter filter;
  filter.game = m.game;
  filter.player = m.player;
  filter.status = m.status;
  filter.limit = m.limit;
  filter.before_id = m.before;
  Json matches = Json::array();
  for (const auto& match : readable_matches(store_, filter, Viewer{c->player()}))
    matches.push_back(match_json(match));
  c->send(protocol::event::matches(re, matches));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetMatch& m) {
  auto match = readable_match(store_, m.match, Viewer{c->player(), m.code});
  if (!match) return c->refuse(re, match.error());
  c->send(protocol::event::match(re, match_json(*match)));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetReplay& m) {
  // Computed away from this thread, which serves other connections meanwhile.
  replays_.request(m.match, m.seat, Viewer{c->player(), m.code}, c->address(),
                   [c, re](Expected<std::string> replay) {
                     if (!replay) return c->refuse(re, replay.error());
                     c->send(protocol::event::replay_of_text(re, *replay));
                   });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Ping&) {
  c->send(protocol::event::pong(re));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::Chat m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  room->post(
      [room, c, re, text = std::move(m.text)]() mutable { room->chat(c, std::move(text), re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Mute& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  room->post([room, c, re, m] { room->mute(c, m.player, m.muted, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::SpectatorChat& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  room->post([room, c, re, allowed = m.allowed] { room->set_spectator_chat(c, allowed, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::TransferHost& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re, player = m.player] { room->transfer_host(c, player, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::RemovePlayer& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re, player = m.player] { room->remove_player(c, player, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::AllowPlayer& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re, player = m.player] { room->allow_player(c, player, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::CloseRoom m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re, reason = std::move(m.reason)]() mutable {
    room->close_room(c, std::move(reason), re);
  });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::StandIn m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re, seat = m.seat, bot = std::move(m.bot)]() mutable {
    room->stand_in(c, seat, std::move(bot), re);
  });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Rematch& m) {
  auto room = member_room(c, m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "join the room first"});
  room->post([room, c, re] { room->rematch(c, re); });
}

// ---- bookkeeping ----------------------------------------------------------------------------

std::shared_ptr<Room> Lobby::find_room(const protocol::RoomRef& ref) const {
  std::lock_guard lock(mutex_);
  std::int64_t id = 0;
  if (const auto* code = std::get_if<std::string>(&ref)) {
    auto it = codes_.find(*code);
    if (it == codes_.end()) return nullptr;
    id = it->second;
  } else {
    id = std::get<std::int64_t>(ref);
  }
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return nullptr;
  // A private room is reached by its code only.
  if (it->second->is_private() && std::holds_alternative<std::int64_t>(ref)) return nullptr;
  return it->second;
}

std::optional<store::RoomPlace> Lobby::place_of(const protocol::RoomRef& ref) const {
  if (const auto* code = std::get_if<std::string>(&ref)) return cluster_->code_place(*code);
  return cluster_->room_place(std::get<std::int64_t>(ref));
}

std::shared_ptr<Room> Lobby::room_of_match(std::int64_t match) const {
  std::lock_guard lock(mutex_);
  auto it = match_rooms_.find(match);
  return it == match_rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> Lobby::member_room(const std::shared_ptr<Client>& c, std::int64_t id) const {
  std::lock_guard lock(mutex_);
  auto in = client_rooms_.find(c.get());
  if (in == client_rooms_.end() || !in->second.count(id)) return nullptr;
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

void Lobby::enter(const std::shared_ptr<Client>& c, std::int64_t room) {
  std::lock_guard lock(mutex_);
  enter_locked(c.get(), room);
}

void Lobby::enter_locked(const Client* c, std::int64_t room) {
  // Rooms closed since the client entered them are forgotten here, not when they close: a
  // closing room would otherwise look through every connection's rooms.
  auto& rooms = client_rooms_[c];
  std::erase_if(rooms, [this](std::int64_t id) { return !rooms_.count(id); });
  rooms.insert(room);
}

void Lobby::disconnected(const std::shared_ptr<Client>& c) {
  feed_->forget(c);
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mutex_);
    for (auto& [room, waiting] : returning_)
      std::erase_if(waiting, [&](const std::weak_ptr<Client>& w) { return w.lock() == c; });
    auto it = client_rooms_.find(c.get());
    if (it == client_rooms_.end()) return;
    for (std::int64_t id : it->second)
      if (auto r = rooms_.find(id); r != rooms_.end()) rooms.push_back(r->second);
    client_rooms_.erase(it);
  }
  for (auto& room : rooms) room->post([room, c] { room->disconnected(c); });
}

void Lobby::seat_taken(std::int64_t player, std::int64_t room) {
  std::lock_guard lock(mutex_);
  player_rooms_[player].insert(room);
}

void Lobby::seat_released(std::int64_t player, std::int64_t room) {
  std::lock_guard lock(mutex_);
  auto it = player_rooms_.find(player);
  if (it == player_rooms_.end()) return;
  it->second.erase(room);
  if (it->second.empty()) player_rooms_.erase(it);
}

bool Lobby::begin_match(std::int64_t room) {
  return drain_.admit(room);
}

void Lobby::match_started(std::int64_t match, std::int64_t room) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(room);
  if (it == rooms_.end()) return;
  // A rematch: the room's earlier match is over and stored; an action or sync naming it must not
  // reach the room's new one.
  std::erase_if(match_rooms_, [&](const auto& entry) { return entry.second == it->second; });
  match_rooms_[match] = it->second;
}

void Lobby::match_ended(std::int64_t room) {
  drain_.ended(room);
}

void Lobby::room_closed(std::int64_t id, std::int64_t match) {
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    if (!it->second->code().empty()) codes_.erase(it->second->code());
    match_rooms_.erase(match);
    rooms_.erase(it);
    unmade(id);
    drain_.ended(id);
  }
  feed_->update(id, nullptr);
  if (cluster_) {
    try {
      cluster_->forget_room(id);
    } catch (const std::exception& e) {
      // The other nodes would list and route to it for good: the heartbeat tries again.
      TORTUGA_LOG_AT(
          warn, log::Context("room_not_forgotten").room(id),
          "room " << id << " closed, but its row stays until the database is back: " << e.what());
      std::lock_guard lock(mutex_);
      closed_rows_.insert(id);
    }
  }
}

// From the room's strand (or its constructor, under mutex_): the feed takes it on its own strand,
// in the order the room made its changes.
void Lobby::room_summary(std::int64_t room, const Json& summary) {
  feed_->update(room, listed_in_lobby(summary) ? lobby_listing(summary) : Json());
}

void Lobby::release_rooms() {
  // The replays waiting hold connections, which must go before the io_context does.
  replays_.stop();
  feed_->release();
  guesses_.release();
  std::lock_guard lock(mutex_);
  rooms_.clear();
  codes_.clear();
  match_rooms_.clear();
  client_rooms_.clear();
}

std::size_t Lobby::room_count() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

Json Lobby::rooms_for_operator() const {
  Json rooms = Json::array();
  std::lock_guard lock(mutex_);
  for (const auto& [id, room] : rooms_) rooms.push_back(room->operator_summary());
  return rooms;
}

std::shared_ptr<Room> Lobby::room_by_id(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::string Lobby::new_code() {
  // Six characters with no look-alikes (no 0/O, 1/I/L), easy to read out at a table.
  static const char kAlphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  thread_local std::random_device device;  // one per thread, as for seeds (room.cpp)
  std::string code;
  do {
    code.clear();
    for (int i = 0; i < 6; ++i) code += kAlphabet[device() % (sizeof kAlphabet - 1)];
  } while (codes_.count(code));
  return code;
}

void Lobby::shutdown() {
  feed_->shutdown();
  std::lock_guard lock(mutex_);
  for (auto& [id, room] : rooms_) room->post([room = room] { room->shutdown(); });
}

}  // namespace tortuga
