// The match in its room (room.hpp): starting it, and the order of every action: the rules apply
// it, MatchPipeline makes every audience's message of the new version, the store appends it, and
// only once the store has committed it are the messages sent. Then the version has settled, and
// the room's timers arm what it owes: a deadline, a bot's move.
#include <algorithm>
#include <mutex>
#include <random>
#include <tuple>

#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/ops/store_health.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace event = protocol::event;

std::uint64_t Room::fresh_seed() {
  // One device per thread: making one probes the processor (cpuid), which a virtual machine
  // traps, and rooms are made and started many times a second.
  thread_local std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

// ---- starting --------------------------------------------------------------------------------

void Room::start(std::shared_ptr<Client> client, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (audience_of(client) < 0) return client->refuse(re, {code::kNotInRoom, "not in that room"});
  if (client->player() != seating_.host())
    return client->refuse(re, {code::kNotHost, "only the host starts"});
  if (status_ != Status::open)
    return client->refuse(re, {code::kAlreadyStarted, "already started"});
  if (auto empty = seating_.empty_seat())
    return client->refuse(
        re, {code::kNotEnoughPlayers,
             "seat " + std::to_string(*empty) + " is empty: a player or a bot must take it"});
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
  record.rated = rated_ = match_rated();
  for (int i = 0; i < seating_.size(); ++i)
    record.seats.push_back({i, seating_[i].player, seating_[i].name, seating_[i].bot});
  // The first state, made now so that the match is stored with the seats it awaits first.
  first_state_ = game_.new_state(options_, Chance(seed_));
  std::tie(record.awaiting, record.awaiting_due_ms) = awaited(*first_state_);
  // The room's thread serves other rooms while the store commits.
  set_status(Status::starting);
  store_.create_match(
      record, [self = shared_from_this(), client, re](const store::Outcome<std::int64_t>& match) {
        self->post([self, client, re, match] { self->started(match, client, re); });
      });
}

void Room::started(const store::Outcome<std::int64_t>& match, const std::shared_ptr<Client>& client,
                   const Json& re) {
  if (status_ == Status::over) {  // closed while the match was being stored
    if (match)
      store_.finish_match(*match, store::MatchStatus::aborted, "null", store::now_ms(), nullptr);
    return;
  }
  if (!match) {
    if (auto url = directory_.moved_to(id_)) return hand_over(*url);
    set_status(started_from_);
    directory_.match_ended(id_);
    store_health().failed("a new match could not be stored");
    return client->refuse(
        re, {code::kStoreUnavailable,
             "the match could not be stored now: nothing was started; start again shortly"});
  }
  match_id_ = *match;
  // A rematch starts its versions afresh, as its match does.
  match_.reset(std::move(first_state_));
  // A match by correspondence begins once its clocks are stored too: from then on every node
  // counts it against its players' most running matches by correspondence.
  if (settings_.correspondence)
    return start_clocks([self = shared_from_this(), client, re] {
      self->post([self, client, re] { self->began(client, re); });
    });
  began(client, re);
}

void Room::began(const std::shared_ptr<Client>& client, const Json& re) {
  if (closed_) return;
  timers_.pause_match();
  seating_.new_match();
  set_status(Status::playing);
  bots_.clear();
  bots_.resize(seating_.size());
  for (int i = 0; i < seating_.size(); ++i) {
    seating_[i].gone = false;
    if (!seating_[i].bot.empty()) bots_[i] = game_.make_bot(seating_[i].bot);
  }
  directory_.match_started(match_id_, id_);
  metrics_.matches_started->add();
  TORTUGA_LOG_AT(info, log_context("match_started").field("game", game_.info().id),
                 "room " << id_ << " started match " << match_id_ << " of " << game_.info().id);

  timers_.arm_absent_all();  // for players who went away before the start
  send_room_to_all(client.get(), re);
  for (const auto& [key, member] : members_) send_state(member.client, nullptr);
  after_settled();
  directory_.matches_changed(seated_players());
}

// ---- the state, to members -------------------------------------------------------------------

void Room::send_state(const std::shared_ptr<Client>& client, const Json& re) {
  auto it = members_.find(client.get());
  if (it == members_.end() || !belongs(it->second) || !match_.started()) return;
  if (waiting_for_store_) {
    // The state comes to every member once the store is back (store_back).
    it->second.awaiting_state = true;
    told_match_waits(client, re);
    return;
  }
  if (!match_.settled()) {
    // The state may be ahead of what is stored: answer once the store has caught up.
    it->second.awaiting_state = true;
    waiting_for_state_.emplace_back(client, re);
    return;
  }
  // Nothing is pending, so the state is exactly at the committed version, where the views were
  // left: this view is the base of the audience's next patch.
  it->second.awaiting_state = false;
  client->send(event::state_of_text(re, match_id_, match_.committed(),
                                    match_.view_text(it->second.audience)));
}

void Room::sync(std::shared_ptr<Client> client, Json re) {
  if (audience_of(client) < 0)
    return client->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  send_state(client, re);
}

// ---- an action, from its sender to every audience --------------------------------------------

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
  auto refused = match_.play(seat, std::move(action));
  metrics_.rules_seconds->observe(ServerMetrics::seconds(std::chrono::steady_clock::now() - began));
  if (refused) {
    if (by) by->refuse(re, *refused);
    return;
  }
  clocks_after(seat, by != nullptr);
  const std::int64_t version =
      match_.pend(match_id_, by, re, began, [this](int a) { return has_members(a); }).version;
  const auto handed = std::chrono::steady_clock::now();
  metrics_.apply_seconds->observe(ServerMetrics::seconds(handed - began));
  store_version(seat, version, handed);
}

void Room::store_version(int seat, std::int64_t version,
                         std::chrono::steady_clock::time_point handed) {
  auto self = shared_from_this();
  auto done = [self, version, handed](const store::Outcome<void>& written) {
    server_metrics().commit_waited(std::chrono::steady_clock::now() - handed);
    self->post([self, version, written] {
      self->committed(version, written.ok(), written ? std::string() : written.failure().why);
    });
  };
  const State& state = match_.state();
  store::Action record{match_id_,       version,         seat, state.history().back().action.dump(),
                       store::now_ms(), ownership_.epoch};
  std::tie(record.awaiting, record.awaiting_due_ms) = awaited(state);
  if (!state.is_over()) {
    if (!clocks_) return store_.append_action(record, std::move(done));
    // The clocks the action changed, in the same batch: the version is committed once both are
    // stored, or the room waits for its store and reads both again.
    struct Both {
      std::mutex mutex;
      int left = 2;
      store::Outcome<void> written;
    };
    auto both = std::make_shared<Both>();
    auto one_written = [both, done](const store::Outcome<void>& written) {
      std::unique_lock lock(both->mutex);
      if (!written && both->written) both->written = written;
      if (--both->left > 0) return;
      lock.unlock();
      done(both->written);
    };
    store_.append_action(record, one_written);
    return store_.save_correspondence(stored_clocks(), one_written);
  }
  // The last action and the result are both stored before anybody learns the match is over, so
  // that history never lists as running a match a player has seen end.
  store_.append_action(record, [this, self, done, result = state.result().dump()](
                                   const store::Outcome<void>& written) {
    if (!written) return done(written);
    store_.finish_match(match_id_, store::MatchStatus::finished, result, store::now_ms(), done);
  });
}

void Room::committed(std::int64_t version, bool ok, const std::string& error) {
  // A version not next was dropped as the room began to wait for its store.
  if (!match_.next_to_commit(version)) return;
  if (!ok) {
    // On a cluster the refusal may be the fence: another node runs the match now.
    if (auto url = directory_.moved_to(id_)) return hand_over(*url);
    return wait_for_store("an action was not stored: " + error);
  }
  const Pending done = *match_.commit(version);
  metrics_.actions_applied->add();
  send_version(done);
  server_metrics().patch_sent(std::chrono::steady_clock::now() - done.applied_at);
  // Each seat's clock is in the room message: a correspondence player sees every deadline.
  if (clocks_) send_room_to_all();
  // The seats awaited, the clocks, or the match's end: each seated player's list moved.
  directory_.matches_changed(seated_players());
  if (done.over) match_over();
  if (match_.settled()) after_settled();
}

void Room::send_version(const Pending& done) {
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
  if (asked && !answered) done.by->send(event::applied(done.re, match_id_, done.version));
}

void Room::match_over() {
  set_status(Status::over);
  metrics_.matches_finished->add();
  timers_.pause_match();
  timers_.arm_absent_all();  // cancels them: nobody is owed a bot once the match is over
  TORTUGA_LOG_AT(info, log_context("match_over").field("game", game_.info().id),
                 "match " << match_id_ << " over: " << match_.state().result().dump());
  send_room_to_all();
  directory_.match_ended(id_);
  if (rated_) directory_.rated_match_finished(match_id_);
}

bool Room::match_rated() const {
  if (settings_.rated == false || seating_.size() < 2) return false;
  for (const RoomSeat& s : seating_.seats())
    if (!s.player || !s.account || !s.bot.empty()) return false;
  return true;
}

void Room::after_settled() {
  auto waiting = std::move(waiting_for_state_);
  waiting_for_state_.clear();
  for (auto& [client, re] : waiting) send_state(client, re);
  if (!match_.started() || match_.over() || closed_) return;
  timers_.settled();
}

std::vector<std::int64_t> Room::seated_players() const {
  std::vector<std::int64_t> players;
  for (const RoomSeat& s : seating_.seats())
    if (s.player) players.push_back(*s.player);
  return players;
}

std::pair<std::vector<int>, std::int64_t> Room::awaited(const State& state) const {
  if (state.is_over()) return {};
  // By correspondence the deadlines are the clocks', stored with them.
  const auto deadline = settings_.correspondence ? std::nullopt : state.deadline();
  return {state.actors(), deadline ? wall_ms() + deadline->after_ms : 0};
}

// ---- what the timers do (RoomTimers::Owner) --------------------------------------------------

std::optional<std::chrono::milliseconds> Room::deadline() const {
  // By correspondence every wait of the rules is the clocks', the game's own windows too.
  if (clocks_) {
    const auto due = clocks_->timeout_due_ms();
    if (!due) return std::nullopt;
    return std::chrono::milliseconds(std::max<std::int64_t>(0, *due - wall_ms()));
  }
  const auto deadline = match_.state().deadline();
  if (!deadline) return std::nullopt;
  return std::chrono::milliseconds(deadline->after_ms);
}

void Room::timeout() {
  if (clocks_) return correspondence_timeout();
  apply(kSystem, Json{{"type", "timeout"}}, nullptr, nullptr);
}

}  // namespace tortuga
