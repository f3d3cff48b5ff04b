#include "server/room/room.hpp"

#include <map>
#include <mutex>
#include <utility>

#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"

namespace tortuga {

namespace event = protocol::event;

namespace {

const char* status_name(Room::Status s) {
  switch (s) {
    case Room::Status::open:
      return "open";
    case Room::Status::starting:
      return "starting";
    case Room::Status::playing:
      return "playing";
    case Room::Status::over:
      return "over";
  }
  return "open";
}

}  // namespace

Json played_options(const Game& game, const std::string& stored) {
  // Normalizing builds the game's whole option schema: three quarters of a start's time over many
  // stored matches, whose options are mostly a few texts a game. Remembered for a while, by text.
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, Json> seen;
  constexpr std::size_t kMostSeen = 1024;
  std::pair<std::string, std::string> key{game.info().id, stored};
  {
    std::lock_guard lock(mutex);
    if (auto it = seen.find(key); it != seen.end()) return it->second;
  }
  const Json parsed = Json::parse(stored, nullptr, false);
  auto options = game.normalize_stored_options(parsed);
  Json played = options ? std::move(*options) : parsed;
  std::lock_guard lock(mutex);
  if (seen.size() >= kMostSeen) seen.clear();  // custom decks and layouts: each text its own
  seen.emplace(std::move(key), played);
  return played;
}

Json listed_summary(Json room, std::int64_t created_ms, bool host_online) {
  room["created_ms"] = created_ms;
  room["host_online"] = host_online;
  // A listing is read long after it was written: a wait counted from then would be wrong.
  for (Json& seat : room["seats"]) {
    seat.erase("stand_in_after_ms");
    if (seat["clock"].is_object()) seat["clock"].erase("left_ms");
  }
  // Whom the host removed is the room's own business, not the lobby's.
  room.erase("banned");
  return room;
}

const Error Room::kHasClosed{code::kNoSuchRoom, "that room has closed"};

Room::Room(boost::asio::io_context& io, store::Store& store, RoomDirectory& directory,
           RoomSettings settings, std::int64_t id, std::string code, const Game& game, Json options,
           bool is_private, Ownership ownership)
    : io_(io),
      strand_(boost::asio::make_strand(io)),
      store_(store),
      directory_(directory),
      settings_(settings),
      id_(id),
      code_(std::move(code)),
      game_(game),
      metrics_(server_metrics().game(game.info().id)),
      options_(std::move(options)),
      private_(is_private),
      seating_(options_.at("players").get<int>()),
      match_(seating_.size(), game.make_observer()),
      bot_chance_(fresh_seed()),
      timers_(*this, clock(), strand_, seating_.size(), settings_.bot_delay_ms),
      ownership_(ownership) {
  // A match that lasts weeks is not played out by the absent bot (nor closed when empty while it
  // runs: close_when_empty_after_s).
  if (settings_.correspondence) settings_.absent_bot_s = 0;
  metrics_.rooms[static_cast<std::size_t>(status_)]->add();
  server_metrics().rooms_in_memory(1);
  publish_summary(room_json());
}

Room::Room(boost::asio::io_context& io, store::Store& store, RoomDirectory& directory,
           RoomSettings settings, std::int64_t id, const Game& game, const store::Match& match,
           std::unique_ptr<State> state, Ownership ownership)
    : Room(io, store, directory, settings, id, match.private_code, game,
           played_options(game, match.options_json), !match.private_code.empty(), ownership) {
  match_id_ = match.id;
  seed_ = match.seed;
  settings_.public_when_over = match.public_when_over;
  rated_ = match.rated;
  created_ms_ = match.created_ms;
  set_status(Status::playing);
  match_.reset(std::move(state));
  bots_.resize(seating_.size());
  for (const auto& s : match.seats) {
    if (!seating_.has(s.seat)) continue;
    seating_[s.seat] = {.player = s.player_id, .name = s.name, .bot = s.bot, .gone = std::nullopt};
    if (!s.bot.empty()) bots_[s.seat] = game_.make_bot(s.bot);
    // Nobody is back yet: every player is away from the moment the match is rebuilt.
    if (s.player_id) seating_[s.seat].away_at = clock().now_ms();
    if (s.player_id && !seating_.host()) seating_.set_host(*s.player_id);
  }
  publish_summary(room_json());
}

void Room::resume_timers() {
  post([self = shared_from_this()] {
    self->after_settled();
    self->timers_.arm_absent_all();
  });
}

void Room::restore_open(const Json& state) {
  const Json& seats = state.at("seats");
  for (int i = 0; i < static_cast<int>(seats.size()) && seating_.has(i); ++i) {
    const Json& s = seats[i];
    if (s.at("player").is_object())
      seating_[i] = RoomSeat{.player = s["player"].at("id").get<std::int64_t>(),
                             .name = s["player"].at("name").get<std::string>()};
    else if (s.at("bot").is_string())
      seating_[i] = bot_seat(i, s["bot"].get<std::string>());
  }
  if (state.at("host").is_number_integer()) seating_.set_host(state["host"].get<std::int64_t>());
  spectator_chat_ = state.value("spectator_chat", false);
  publish_summary(room_json());
}

Room::~Room() {
  metrics_.rooms[static_cast<std::size_t>(status_)]->sub();
  server_metrics().rooms_in_memory(-1);
  if (waiting_for_store_) server_metrics().room_waits_for_store(-1);
}

void Room::set_status(Status status) {
  static_assert(static_cast<std::size_t>(Status::over) + 1 ==
                std::tuple_size_v<decltype(metrics_.rooms)>);
  metrics_.rooms[static_cast<std::size_t>(status_)]->sub();
  metrics_.rooms[static_cast<std::size_t>(status)]->add();
  status_ = status;
}

// ---- the room as others see it ---------------------------------------------------------------

protocol::RoomInfo Room::info() const {
  protocol::RoomInfo room;
  room.id = id_;
  room.game = game_.info().id;
  room.options = options_;
  room.is_private = private_;
  room.host = seating_.host();
  room.status = status_name(status_);
  room.match = match_id_;
  room.spectator_chat = spectator_chat_;
  room.absent_bot_s = settings_.absent_bot_s;
  room.public_when_over = private_ && settings_.public_when_over;
  // An open room asked to be rated will be: only accounts may take its seats, and every seat
  // is taken before the start. Otherwise the seats as taken now say it.
  room.rated = status_ == Status::open ? settings_.rated == true || match_rated() : rated_;
  if (const auto& pace = settings_.correspondence)
    room.correspondence = {{"days_per_move", pace->days_per_move},
                           {"bank_extra_hours", pace->bank_extra_hours},
                           {"bank_cap_days", pace->bank_cap_days}};
  for (int i = 0; i < seating_.size(); ++i) {
    const RoomSeat& s = seating_[i];
    protocol::SeatInfo& seat = room.seats.emplace_back();
    seat.name = s.name;
    seat.player = s.player;
    if (s.player) {
      seat.connected = has_members(i);
      seat.stand_in = s.stand_in;
      add_presence(i, seat);
      add_clock(i, seat);
    } else if (!s.bot.empty()) {
      seat.bot = s.bot;
      seat.connected = true;
    }
  }
  for (const auto& [key, member] : members_)
    if (member.audience == spectators()) ++room.spectators;
  if (const auto& offer = seating_.rematch())
    room.rematch = protocol::RoomInfo::Rematch{
        offer->by, std::vector<std::int64_t>(offer->accepted.begin(), offer->accepted.end())};
  for (const auto& [player, name] : seating_.banned_players())
    room.banned.emplace_back(player, name);
  return room;
}

void Room::publish_summary(Json room) {
  const Json summary = listed_summary(std::move(room), created_ms_, host_present());
  {
    std::lock_guard lock(summary_mutex_);
    summary_ = summary;
    connections_ = members_.size();
  }
  if (!members_.empty())
    empty_since_ms_.reset();
  else if (!empty_since_ms_)
    empty_since_ms_ = clock().now_ms();
  directory_.room_summary(id_, summary);
  timers_.members_changed();
}

Json Room::summary() const {
  std::lock_guard lock(summary_mutex_);
  return summary_;
}

Json Room::operator_summary() const {
  std::lock_guard lock(summary_mutex_);
  Json room = summary_;
  if (private_) room["code"] = code_;
  room["connections"] = connections_;
  return room;
}

void Room::send_room_to_all(const Client* asker, const Json& re) {
  Json room = room_json();
  publish_summary(room);
  if (private_) room["code"] = code_;  // for members only, never in the lobby's list
  // Written once: the members' messages differ only in `re` and `you`.
  const std::string text = event::text_of(room);
  for (const auto& [key, member] : members_) {
    const bool watching = member.audience == spectators();
    member.client->send(event::room_of_text(
        key == asker ? re : Json(), text,
        watching ? std::nullopt : std::optional<int>(member.audience), watching));
  }
}

// ---- members ---------------------------------------------------------------------------------

bool Room::belongs(const Member& member) const {
  return member.audience == spectators() ||
         seating_.holds(member.audience, member.client->player());
}

int Room::audience_of(const std::shared_ptr<Client>& client) const {
  auto it = members_.find(client.get());
  return it == members_.end() || !belongs(it->second) ? -1 : it->second.audience;
}

bool Room::has_members(int audience) const {
  for (const auto& [key, member] : members_)
    if (member.audience == audience && belongs(member)) return true;
  return false;
}

void Room::detach_player(std::int64_t player, const std::string& told, const Client* asker,
                         const Json& re) {
  const Message message = std::make_shared<const std::string>(told);
  for (auto it = members_.begin(); it != members_.end();) {
    const std::shared_ptr<Client> client = it->second.client;
    if (client->player() != player) {
      ++it;
      continue;
    }
    for (const auto& [waiting, sync] : waiting_for_state_)
      if (waiting == client && !sync.is_null())
        client->refuse(sync, {code::kNotInRoom, "out of the room before the state was sent"});
    std::erase_if(waiting_for_state_, [&](const auto& w) { return w.first == client; });
    if (it->first == asker)
      client->send(event::answering(re, told));
    else
      client->send(message);
    it = members_.erase(it);
  }
}

void Room::attach(std::shared_ptr<Client> client, int audience) {
  const Client* key = client.get();
  members_[key] = Member{std::move(client), audience, false};
}

void Room::welcome_member(const std::shared_ptr<Client>& client) {
  send_chat_log(client);
  if (status_ != Status::open) send_state(client, nullptr);
}

// ---- coming and going ------------------------------------------------------------------------

void Room::join(std::shared_ptr<Client> client, std::optional<int> wanted, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  const std::int64_t player = client->player();
  if (seating_.banned(player))
    return client->refuse(re, {code::kBanned, "the host removed you from this room"});
  if (auto held = seating_.seat_of(player)) {  // joining again: a second tab, or back after leaving
    attach(client, *held);
    seat_returned(*held);
    send_room_to_all(client.get(), re);
    return welcome_member(client);
  }
  if (status_ != Status::open)
    return client->refuse(
        re, {code::kAlreadyStarted, "the match has started; watch_room follows it as a spectator"});
  if (settings_.rated == true && !client->account())
    return client->refuse(re, {code::kNotRated, "the room is rated: only accounts sit there"});
  auto free = seating_.free_seat(wanted);
  if (!free) return client->refuse(re, free.error());
  seating_.seat_person(*free, player, client->name(), client->account());
  directory_.seat_taken(player, id_);
  attach(client, *free);
  send_room_to_all(client.get(), re);
  welcome_member(client);
}

void Room::watch(std::shared_ptr<Client> client, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (seating_.banned(client->player()))
    return client->refuse(re, {code::kBanned, "the host removed you from this room"});
  if (auto held = seating_.seat_of(client->player()))
    return join(std::move(client), held, std::move(re));
  attach(client, spectators());
  send_room_to_all(client.get(), re);
  welcome_member(client);
}

void Room::add_bot(std::shared_ptr<Client> client, std::optional<int> wanted, std::string kind,
                   Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (audience_of(client) < 0) return client->refuse(re, {code::kNotInRoom, "not in that room"});
  if (client->player() != seating_.host())
    return client->refuse(re, {code::kNotHost, "only the host adds bots"});
  if (status_ != Status::open)
    return client->refuse(re, {code::kAlreadyStarted, "bots join before the match starts"});
  if (auto refused = refused_bot(kind)) return client->refuse(re, *refused);
  if (settings_.rated == true)
    return client->refuse(re, {code::kNotRated, "the room is rated: no bot sits there"});
  auto free = seating_.free_seat(wanted);
  if (!free) return client->refuse(re, free.error());
  seating_[*free] = bot_seat(*free, kind);
  send_room_to_all(client.get(), re);
}

void Room::leave(std::shared_ptr<Client> client, Json re) {
  if (!members_.count(client.get()))
    return client->refuse(re, {code::kNotInRoom, "not in that room"});
  const std::int64_t player = client->player();
  // The player leaves, not only this connection: none of theirs may stay at a seat that can be
  // another player's next (a second tab would be shown the next holder's hand).
  detach_player(player, event::left(nullptr, id_), client.get(), re);
  auto held = seating_.seat_of(player);
  if (status_ == Status::open && held) {
    // Before the start a seat is free to take again; the host's role passes on.
    seating_[*held] = RoomSeat{};
    directory_.seat_released(player, id_);
    if (seating_.host() == player && pass_host_on()) return;
  } else if (status_ == Status::over && held) {
    directory_.seat_released(player, id_);
    // Leaving a finished match declines a rematch: its seats can no longer be the same.
    seating_.give_up(player);
  }
  // A player who leaves a running match keeps the seat and may come back (away meanwhile), but
  // is gone from it until then; a host who leaves hands the role to someone who is here.
  if (held && status_ == Status::playing) mark_gone(*held, true);
  if (held) member_gone(*held);
  pass_host_if_gone();
  send_room_to_all();
  close_if_abandoned();
}

void Room::resume(std::shared_ptr<Client> client) {
  auto held = seating_.seat_of(client->player());
  if (!held || closed_) return;
  attach(client, *held);
  seat_returned(*held);
  send_room_to_all();
  welcome_member(client);
}

void Room::disconnected(std::shared_ptr<Client> client) {
  const int audience = audience_of(client);
  if (members_.erase(client.get()) == 0) return;
  std::erase_if(waiting_for_state_, [&](const auto& w) { return w.first == client; });
  member_gone(audience);
  send_room_to_all();
  close_if_abandoned();
}

}  // namespace tortuga
