#include "server/room/room.hpp"

#include <random>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>

#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/ops/store_health.hpp"

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

std::uint64_t fresh_seed() {
  // One device per thread: making one probes the processor (cpuid), which a virtual machine
  // traps, and rooms are made and started many times a second.
  thread_local std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

// The options a stored match was played with (its state was rebuilt with the same), so that a
// rebuild from the log and a rematch keep them: a clock it was stored without stays off.
Json played_options(const Game& game, const std::string& stored) {
  const Json parsed = Json::parse(stored, nullptr, false);
  auto options = game.normalize_stored_options(parsed);
  return options ? std::move(*options) : parsed;
}

}  // namespace

const Error Room::kHasClosed{code::kNoSuchRoom, "that room has closed"};

RoomSeat bot_seat(int seat, const std::string& kind) {
  return RoomSeat{.name = "Bot " + std::to_string(seat + 1) + " (" + kind + ")", .bot = kind};
}

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
      seats_(options_.at("players").get<int>()),
      views_(static_cast<int>(seats_.size()), game.make_observer()),
      bot_chance_(fresh_seed()),
      deadline_timer_(clock().timer(strand_)),
      bot_timer_(clock().timer(strand_)),
      ownership_(ownership) {
  for (std::size_t i = 0; i < seats_.size(); ++i) absent_timers_.push_back(clock().timer(strand_));
  metrics_.rooms[static_cast<std::size_t>(status_)]->add();
  publish_summary(room_json());
}

Room::Room(boost::asio::io_context& io, store::Store& store, RoomDirectory& directory,
           RoomSettings settings, std::int64_t id, const Game& game, const store::Match& match,
           std::unique_ptr<State> state, Ownership ownership)
    : Room(io, store, directory, settings, id, match.private_code, game,
           played_options(game, match.options_json), !match.private_code.empty(), ownership) {
  match_ = match.id;
  seed_ = match.seed;
  settings_.public_when_over = match.public_when_over;
  created_ms_ = match.created_ms;
  state_ = std::move(state);
  applied_ = committed_ = static_cast<std::int64_t>(state_->history().size());
  set_status(Status::playing);
  views_.reset(*state_);
  bots_.resize(seats_.size());
  for (const auto& s : match.seats) {
    if (s.seat < 0 || s.seat >= static_cast<int>(seats_.size())) continue;
    seats_[s.seat] = {.player = s.player_id, .name = s.name, .bot = s.bot};
    if (!s.bot.empty()) bots_[s.seat] = game_.make_bot(s.bot);
    // Nobody is back yet: every player is away from the moment the match is rebuilt.
    if (s.player_id) seats_[s.seat].away_at = clock().now_ms();
    if (s.player_id && !host_) host_ = s.player_id;
  }
  publish_summary(room_json());
}

void Room::resume_timers() {
  post([self = shared_from_this()] {
    self->after_settled();
    self->arm_absent_bots();
  });
}

void Room::restore_open(const Json& state) {
  const Json& seats = state.at("seats");
  for (std::size_t i = 0; i < seats.size() && i < seats_.size(); ++i) {
    const Json& s = seats[i];
    if (s.at("player").is_object())
      seats_[i] = RoomSeat{.player = s["player"].at("id").get<std::int64_t>(),
                           .name = s["player"].at("name").get<std::string>()};
    else if (s.at("bot").is_string())
      seats_[i] = bot_seat(static_cast<int>(i), s["bot"].get<std::string>());
  }
  if (state.at("host").is_number_integer()) host_ = state["host"].get<std::int64_t>();
  spectator_chat_ = state.value("spectator_chat", false);
  publish_summary(room_json());
}

Room::~Room() {
  metrics_.rooms[static_cast<std::size_t>(status_)]->sub();
  if (waiting_for_store_) server_metrics().room_waits_for_store(-1);
}

void Room::set_status(Status status) {
  static_assert(static_cast<std::size_t>(Status::over) + 1 ==
                std::tuple_size_v<decltype(metrics_.rooms)>);
  metrics_.rooms[static_cast<std::size_t>(status_)]->sub();
  metrics_.rooms[static_cast<std::size_t>(status)]->add();
  status_ = status;
}

// ---- room description ----------------------------------------------------------------------

Json Room::room_json() const {
  Json seats = Json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const RoomSeat& s = seats_[i];
    Json seat = {{"seat", i},           {"name", nullptr},
                 {"player", nullptr},   {"bot", nullptr},
                 {"connected", false},  {"away_since_ms", nullptr},
                 {"stand_in", nullptr}, {"stand_in_after_ms", nullptr}};
    if (s.player || !s.bot.empty()) seat["name"] = s.name;  // as logs and history name the seat
    if (s.player) {
      seat["player"] = {{"id", *s.player}, {"name", s.name}};
      seat["connected"] = has_members(static_cast<int>(i));
      if (!s.stand_in.empty()) seat["stand_in"] = s.stand_in;
      add_presence(static_cast<int>(i), seat);
    } else if (!s.bot.empty()) {
      seat["bot"] = s.bot;
      seat["connected"] = true;
    }
    seats.push_back(std::move(seat));
  }
  int watching = 0;
  for (const auto& [key, member] : members_)
    if (member.audience == spectators()) ++watching;
  Json room = {{"id", id_},
               {"game", game_.info().id},
               {"options", options_},
               {"private", private_},
               {"host", host_ ? Json(*host_) : Json(nullptr)},
               {"status", status_name(status_)},
               {"match", match_ ? Json(match_) : Json(nullptr)},
               {"seats", std::move(seats)},
               {"spectators", watching},
               {"spectator_chat", spectator_chat_},
               {"absent_bot_s", settings_.absent_bot_s},
               {"public_when_over", private_ && settings_.public_when_over},
               {"rematch", rematch_json()},
               {"banned", Json::array()}};
  for (const auto& [player, name] : banned_)
    room["banned"].push_back({{"id", player}, {"name", name}});
  return room;
}

void Room::publish_summary(Json summary) {
  summary["created_ms"] = created_ms_;
  summary["host_online"] = host_present();
  // A listing is read long after it was written: a wait counted from then would be wrong.
  for (Json& seat : summary["seats"]) seat.erase("stand_in_after_ms");
  // Whom the host removed is the room's own business, not the lobby's.
  summary.erase("banned");
  {
    std::lock_guard lock(summary_mutex_);
    summary_ = summary;
    connections_ = members_.size();
  }
  directory_.room_summary(id_, summary);
  close_when_left_empty();
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

Expected<int> Room::free_seat(std::optional<int> wanted) const {
  if (wanted) {
    if (*wanted < 0 || *wanted >= static_cast<int>(seats_.size()))
      return Error{code::kBadField, "seat must be 0.." + std::to_string(seats_.size() - 1)};
    if (seats_[*wanted].taken())
      return Error{code::kSeatTaken, "seat " + std::to_string(*wanted) + " is taken"};
    return *wanted;
  }
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!seats_[i].taken()) return static_cast<int>(i);
  return Error{code::kRoomFull, "every seat is taken"};
}

std::optional<int> Room::seat_of(std::int64_t player) const {
  if (gone_.count(player)) return std::nullopt;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].player == player) return static_cast<int>(i);
  return std::nullopt;
}

bool Room::belongs(const Member& member) const {
  if (member.audience == spectators()) return true;
  const std::int64_t player = member.client->player();
  return seats_[member.audience].player == player && !gone_.count(player);
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

// ---- lobby commands -------------------------------------------------------------------------

void Room::join(std::shared_ptr<Client> client, std::optional<int> wanted, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  const std::int64_t player = client->player();
  if (banned_.count(player))
    return client->refuse(re, {code::kBanned, "the host removed you from this room"});
  if (auto held = seat_of(player)) {  // joining again: a second tab, or back after leaving
    attach(client, *held);
    seat_returned(*held);
    send_room_to_all(client.get(), re);
    send_chat_log(client);
    if (status_ != Status::open) send_state(client, nullptr);
    return;
  }
  if (status_ != Status::open)
    return client->refuse(
        re, {code::kAlreadyStarted, "the match has started; watch_room follows it as a spectator"});
  auto free = free_seat(wanted);
  if (!free) return client->refuse(re, free.error());
  const int seat = *free;
  seats_[seat] = RoomSeat{.player = player, .name = client->name()};
  if (!host_) host_ = player;
  directory_.seat_taken(player, id_);
  attach(client, seat);
  send_room_to_all(client.get(), re);
  send_chat_log(client);
}

void Room::watch(std::shared_ptr<Client> client, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (banned_.count(client->player()))
    return client->refuse(re, {code::kBanned, "the host removed you from this room"});
  if (auto held = seat_of(client->player())) return join(std::move(client), held, std::move(re));
  attach(client, spectators());
  send_room_to_all(client.get(), re);
  send_chat_log(client);
  if (status_ != Status::open) send_state(client, nullptr);
}

void Room::add_bot(std::shared_ptr<Client> client, std::optional<int> wanted, std::string kind,
                   Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (audience_of(client) < 0) return client->refuse(re, {code::kNotInRoom, "not in that room"});
  if (client->player() != host_)
    return client->refuse(re, {code::kNotHost, "only the host adds bots"});
  if (status_ != Status::open)
    return client->refuse(re, {code::kAlreadyStarted, "bots join before the match starts"});
  if (kind != "random" && kind != "smart")
    return client->refuse(re, {code::kBadField, "bot must be \"random\" or \"smart\""});
  auto free = free_seat(wanted);
  if (!free) return client->refuse(re, free.error());
  const int seat = *free;
  seats_[seat] = bot_seat(seat, kind);
  send_room_to_all(client.get(), re);
}

void Room::leave(std::shared_ptr<Client> client, Json re) {
  if (!members_.count(client.get()))
    return client->refuse(re, {code::kNotInRoom, "not in that room"});
  const std::int64_t player = client->player();
  // The player leaves, not only this connection: none of theirs may stay at a seat that can be
  // another player's next (a second tab would be shown the next holder's hand).
  detach_player(player, event::left(nullptr, id_), client.get(), re);
  auto held = seat_of(player);
  if (status_ == Status::open && held) {
    // Before the start a seat is free to take again; the host's role passes on.
    seats_[*held] = RoomSeat{};
    directory_.seat_released(player, id_);
    if (host_ == player && pass_host_on()) return;
  } else if (status_ == Status::over && held) {
    directory_.seat_released(player, id_);
    // Leaving a finished match declines a rematch: its seats can no longer be the same.
    gone_.insert(player);
    rematch_.reset();
  }
  // A player who leaves a running match keeps the seat and may come back (away meanwhile); a
  // host who leaves hands the role to someone who is here.
  if (held) member_gone(*held);
  pass_host_if_gone();
  send_room_to_all();
  close_if_abandoned();
}

bool Room::pass_host_on() {
  host_.reset();
  for (const auto& s : seats_)
    if (s.player && !gone_.count(*s.player) && !host_) host_ = s.player;
  if (host_ || status_ != Status::open) return false;
  closed_ = true;
  for (const auto& [key, member] : members_) member.client->send(event::left(Json(), id_));
  members_.clear();
  directory_.room_closed(id_, match_);
  return true;
}

void Room::disconnected(std::shared_ptr<Client> client) {
  const int audience = audience_of(client);
  if (members_.erase(client.get()) == 0) return;
  std::erase_if(waiting_for_state_, [&](const auto& w) { return w.first == client; });
  member_gone(audience);
  send_room_to_all();
  close_if_abandoned();
}

void Room::close_if_abandoned() {
  if (status_ != Status::over || !members_.empty() || closed_) return;
  closed_ = true;
  for (const auto& s : seats_)
    if (s.player) directory_.seat_released(*s.player, id_);
  directory_.room_closed(id_, match_);
}

void Room::resume(std::shared_ptr<Client> client) {
  auto held = seat_of(client->player());
  if (!held || closed_) return;
  attach(client, *held);
  seat_returned(*held);
  send_room_to_all();
  send_chat_log(client);
  if (status_ != Status::open) send_state(client, nullptr);
}

void Room::start(std::shared_ptr<Client> client, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (audience_of(client) < 0) return client->refuse(re, {code::kNotInRoom, "not in that room"});
  if (client->player() != host_)
    return client->refuse(re, {code::kNotHost, "only the host starts"});
  if (status_ != Status::open)
    return client->refuse(re, {code::kAlreadyStarted, "already started"});
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!seats_[i].taken())
      return client->refuse(
          re, {code::kNotEnoughPlayers,
               "seat " + std::to_string(i) + " is empty: a player or a bot must take it"});
  if (!directory_.begin_match(id_))
    return client->refuse(
        re, {code::kDraining, "the server is draining: it starts no new matches; try again later"});
  store_new_match(client, re);
}

void Room::store_new_match(const std::shared_ptr<Client>& client, const Json& re) {
  started_from_ = status_;
  store::Match record;
  record.game = game_.info().id;
  record.options_json = options_.dump();
  record.seed = seed_ = fresh_seed();
  record.created_ms = store::now_ms();
  if (private_) record.private_code = code_;
  record.public_when_over = private_ && settings_.public_when_over;
  record.room = ownership_.cluster ? id_ : 0;
  record.epoch = ownership_.epoch;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    record.seats.push_back({static_cast<int>(i), seats_[i].player, seats_[i].name, seats_[i].bot});
  // The room's thread serves other rooms while the store commits.
  set_status(Status::starting);
  store_.create_match(record, [self = shared_from_this(), client, re](std::int64_t match) {
    self->post([self, client, re, match] { self->started(match, client, re); });
  });
}

void Room::started(std::int64_t match, const std::shared_ptr<Client>& client, const Json& re) {
  if (status_ == Status::over) {  // closed while the match was being stored
    if (match != 0)
      store_.finish_match(match, "aborted", "null", store::now_ms(),
                          [](bool, const std::string&) {});
    return;
  }
  if (match == 0) {
    if (auto url = directory_.moved_to(id_)) return hand_over(*url);
    set_status(started_from_);
    directory_.match_ended(id_);
    store_health().failed("a new match could not be stored");
    return client->refuse(
        re, {code::kStoreUnavailable,
             "the match could not be stored now: nothing was started; start again shortly"});
  }
  match_ = match;
  state_ = game_.new_state(options_, Chance(seed_));
  applied_ = committed_ = 0;  // a rematch starts its versions afresh, as its match does
  bot_armed_for_ = -1;
  rematch_.reset();
  for (auto& s : seats_) s.stand_in.clear();
  set_status(Status::playing);
  views_.reset(*state_);
  bots_.clear();
  bots_.resize(seats_.size());
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!seats_[i].bot.empty()) bots_[i] = game_.make_bot(seats_[i].bot);
  directory_.match_started(match_, id_);
  metrics_.matches_started->add();
  TORTUGA_LOG_AT(info, log_context("match_started").field("game", game_.info().id),
                 "room " << id_ << " started match " << match_ << " of " << game_.info().id);

  arm_absent_bots();  // for players who went away before the start
  send_room_to_all(client.get(), re);
  for (const auto& [key, member] : members_) send_state(member.client, nullptr);
  after_settled();
}

// ---- the match ------------------------------------------------------------------------------

void Room::send_state(const std::shared_ptr<Client>& client, const Json& re) {
  auto it = members_.find(client.get());
  if (it == members_.end() || !belongs(it->second) || !state_) return;
  if (waiting_for_store_) {
    // The state comes to every member once the store is back (store_back).
    it->second.awaiting_state = true;
    told_match_waits(client, re);
    return;
  }
  if (!pending_.empty()) {
    // The state may be ahead of what is stored: answer once the store has caught up.
    it->second.awaiting_state = true;
    waiting_for_state_.emplace_back(client, re);
    return;
  }
  // Nothing is pending, so the state is exactly at committed_ (applied_ == committed_), where the
  // views were left: this view is the base of the audience's next patch.
  it->second.awaiting_state = false;
  client->send(
      event::state_of_text(re, match_, committed_, views_.view_text(*state_, it->second.audience)));
}

void Room::sync(std::shared_ptr<Client> client, Json re) {
  if (audience_of(client) < 0)
    return client->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  send_state(client, re);
}

void Room::act(std::shared_ptr<Client> client, Json action, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  const int audience = audience_of(client);
  if (audience < 0) return client->refuse(re, {code::kNotInRoom, "join the room first"});
  if (audience == spectators())
    return client->refuse(re, {code::kNotYourSeat, "spectators cannot act"});
  if (status_ == Status::over) return client->refuse(re, {code::kMatchOver, "the match is over"});
  apply(audience, std::move(action), client, re);
}

void Room::apply(int seat, Json action, const std::shared_ptr<Client>& by, const Json& re) {
  // Nothing is played while the store cannot keep it: a person is told, a bot or clock waits.
  if (told_match_waits(by, re)) return;
  const auto began = std::chrono::steady_clock::now();
  auto refused = state_->apply(seat, std::move(action));
  metrics_.rules_seconds->observe(ServerMetrics::seconds(std::chrono::steady_clock::now() - began));
  if (refused) {
    if (by) by->refuse(re, *refused);
    return;
  }
  const std::int64_t version = ++applied_;
  Pending pending{version, {}, state_->is_over(), by, re, began};
  for (auto& [audience, message] :
       views_.advance(*state_, match_, version, [this](int a) { return has_members(a); }))
    pending.patches.emplace_back(audience, std::make_shared<const std::string>(std::move(message)));
  pending_.push_back(std::move(pending));
  const auto handed = std::chrono::steady_clock::now();
  metrics_.apply_seconds->observe(ServerMetrics::seconds(handed - began));

  auto self = shared_from_this();
  auto done = [self, version, handed](bool ok, const std::string& error) {
    server_metrics().commit_waited(std::chrono::steady_clock::now() - handed);
    self->post([self, version, ok, error] { self->committed(version, ok, error); });
  };
  store::Action record{
      match_,          version,         seat, state_->history().back().action.dump(),
      store::now_ms(), ownership_.epoch};
  if (!state_->is_over()) return store_.append_action(record, std::move(done));
  // The last action and the result are both stored before anybody learns the match is over, so
  // that history never lists as running a match a player has seen end.
  store_.append_action(record, [this, self, done, result = state_->result().dump()](
                                   bool ok, const std::string& error) {
    if (!ok) return done(ok, error);
    store_.finish_match(match_, "finished", result, store::now_ms(), done);
  });
}

void Room::committed(std::int64_t version, bool ok, const std::string& error) {
  // A version not at the front was dropped as the room began to wait for its store.
  if (pending_.empty() || pending_.front().version != version) return;
  if (!ok) {
    // On a cluster the refusal may be the fence: another node runs the match now.
    if (auto url = directory_.moved_to(id_)) return hand_over(*url);
    return wait_for_store("an action was not stored: " + error);
  }
  Pending done = std::move(pending_.front());
  pending_.pop_front();
  committed_ = version;
  metrics_.actions_applied->add();
  const bool asked = done.by && !done.re.is_null();
  bool answered = false;
  for (const auto& [audience, message] : done.patches)
    for (const auto& [key, member] : members_) {
      if (member.audience != audience || member.awaiting_state || !belongs(member)) continue;
      // The sender learns which patch carries its action: its own copy answers the request.
      if (asked && member.client == done.by) {
        member.client->send(
            std::make_shared<const std::string>(event::answering(done.re, *message)));
        answered = true;
      } else {
        member.client->send(message);
      }
    }
  // Every action has one answer, whatever its sender did meanwhile. One that waits for a state
  // (it sent sync, or came in again) is sent no patch before it, and one that has left the room
  // none at all: each learns where its action landed, and its view comes with its state.
  if (asked && !answered) done.by->send(event::applied(done.re, match_, version));
  server_metrics().patch_sent(std::chrono::steady_clock::now() - done.applied_at);
  if (done.over) match_over();
  if (pending_.empty()) after_settled();
}

void Room::match_over() {
  set_status(Status::over);
  metrics_.matches_finished->add();
  deadline_timer_->cancel();
  arm_absent_bots();  // cancels them: nobody is owed a bot once the match is over
  TORTUGA_LOG_AT(info, log_context("match_over").field("game", game_.info().id),
                 "match " << match_ << " over: " << state_->result().dump());
  send_room_to_all();
  directory_.match_ended(id_);
}

void Room::after_settled() {
  auto waiting = std::move(waiting_for_state_);
  waiting_for_state_.clear();
  for (auto& [client, re] : waiting) send_state(client, re);
  if (!state_ || state_->is_over() || closed_) return;
  arm_deadline();
  schedule_bot();
}

void Room::arm_deadline() {
  auto deadline = state_->deadline();
  if (!deadline) return deadline_timer_->cancel();
  deadline_timer_->arm(std::chrono::milliseconds(deadline->after_ms),
                       [self = shared_from_this(), version = applied_] {
                         server_metrics().timer_fired(TimerKind::deadline);
                         // An action applied since is settling: after_settled arms its deadline.
                         if (self->closed_ || self->applied_ != version) return;
                         self->apply(kSystem, Json{{"type", "timeout"}}, nullptr, nullptr);
                       });
}

void Room::schedule_bot() {
  int seat = -1;
  for (int s : state_->actors())
    if (s >= 0 && s < static_cast<int>(bots_.size()) && bots_[s] && seat < 0) seat = s;
  if (seat < 0) {
    bot_armed_for_ = -1;
    return bot_timer_->cancel();
  }
  // Settled twice at one version (a rebuild that dropped nothing): its move is already on its way,
  // and its pause is not made longer.
  if (bot_armed_for_ == applied_) return;
  bot_armed_for_ = applied_;
  bot_timer_->arm(std::chrono::milliseconds(settings_.bot_delay_ms),
                  [self = shared_from_this(), seat, version = applied_] {
                    server_metrics().timer_fired(TimerKind::bot);
                    self->bot_move(seat, version);
                  });
}

void Room::bot_move(int seat, std::int64_t version) {
  bot_armed_for_ = -1;
  // A person's action (or a timeout) came first and is settling: after_settled arms the move the
  // new version owes, if it owes one.
  if (closed_ || applied_ != version || !pending_.empty()) return;
  // Its player came back while it waited: the seat is the player's again, another bot may act.
  if (!bots_[seat]) return schedule_bot();
  Json action = bot_action(seat);
  if (action.is_null()) {
    TORTUGA_LOG_AT(
        error, log_context("bot_stuck").field("seat", seat),
        "match " << match_ << ": the bot at seat " << seat << " has no action the rules accept");
    return;
  }
  metrics_.bot_moves->add();
  apply(seat, std::move(action), nullptr, nullptr);
}

Json Room::bot_action(int seat) {
  Json action = bots_[seat]->choose(*state_, seat, bot_chance_);
  auto refused = state_->clone()->apply(seat, action);
  if (!refused) return action;
  // A bot must never stall a match. The refusal's message may name hidden cards: only its code
  // goes to the log.
  TORTUGA_LOG_AT(warn, log_context("bot_refused").field("seat", seat).field("code", refused->code),
                 "match " << match_ << ": the bot at seat " << seat << " chose a refused action ("
                          << refused->code << ")");
  for (Json& legal : state_->legal_actions(seat))
    if (!state_->clone()->apply(seat, legal)) return std::move(legal);
  return nullptr;
}

void Room::hand_over(const std::string& url) {
  if (closed_) return;
  closed_ = true;
  deadline_timer_->cancel();
  bot_timer_->cancel();
  const std::string why = "moved: another node serves this room now";
  // What was applied but not stored is dropped unsent: the new owner rebuilt from the log. Whoever
  // sent one of those actions has its request answered so.
  std::set<const Client*> answered;
  for (const Pending& p : pending_)
    if (p.by && !p.re.is_null()) {
      p.by->send(event::elsewhere(p.re, why, url, id_, match_));
      answered.insert(p.by.get());
    }
  pending_.clear();
  waiting_for_state_.clear();
  TORTUGA_LOG_AT(warn, log_context("room_moved").field("url", url),
                 "room " << id_ << " (match " << match_ << ") is another node's now"
                         << (url.empty() ? std::string() : ", at " + url));
  const Message moved =
      std::make_shared<const std::string>(event::elsewhere(nullptr, why, url, id_, match_));
  for (const auto& [key, member] : members_)
    if (!answered.count(key)) member.client->send(moved);
  members_.clear();
  for (const auto& s : seats_)
    if (s.player) directory_.seat_released(*s.player, id_);
  directory_.room_closed(id_, match_);
}

void Room::shutdown() {
  closed_ = true;
  deadline_timer_->cancel();
  bot_timer_->cancel();
  empty_timer_->cancel();
  for (auto& timer : absent_timers_) timer->cancel();
}

}  // namespace tortuga
