// A room owns one match and runs on its own strand: the only place a match changes. It orders
// things: for each action, the rules validate and apply it, MatchViews makes every audience's
// message of the new version, the store appends the action, and only once the store has committed
// it are the messages sent.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "persistence/now.hpp"
#include "persistence/store.hpp"
#include "protocol/event.hpp"
#include "protocol/room.hpp"
#include "rules/core/game.hpp"
#include "server/bots/bot_pool.hpp"
#include "server/ops/config.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/room/chat_log.hpp"
#include "server/room/client.hpp"
#include "server/room/correspondence_clock.hpp"
#include "server/room/dormancy.hpp"
#include "server/room/match_pipeline.hpp"
#include "server/room/room_timers.hpp"
#include "server/room/seating.hpp"

namespace tortuga {

class RoomDirectory;  // the lobby's bookkeeping of who sits where
class StoreHealth;    // the store's outages (store_health.hpp)
namespace notify {
class Notifier;  // calls players back (server/notify/notifier.hpp)
}

struct RoomSettings {
  int bot_delay_ms = Config::kDefaultBotDelayMs;
  RoomClock* clock = nullptr;  // what the room's timers run on; none: the steady clock
  int empty_room_timeout_s = Limits{}.empty_room_timeout_s;  // 0: an empty room stays
  // Seconds a running match waits for a person who went away before a bot plays their seat;
  // 0: never (the host may still put a stand-in there).
  int absent_bot_s = Config::kDefaultAbsentBotS;
  // The same as empty_room_timeout_s for a room whose match has not started; 0: it stays.
  int empty_open_room_timeout_s = Limits{}.empty_open_room_timeout_s;
  int max_mutes_per_member = Limits{}.max_mutes_per_member;
  // A private room's matches become everyone's to review once over (create_room's
  // public_when_over); otherwise their history stays their players' and theirs with the code.
  bool public_when_over = false;
  // Whether the room's matches are rated (create_room's rated): true, each is (only accounts sit
  // there, no bot); false, none is; none, a match is rated when every seat is an account's.
  std::optional<bool> rated = std::nullopt;
  // The server's, which tells a room waiting for its store when it writes again; none: the room
  // keeps one of its own (on its clock).
  StoreHealth* store_health = nullptr;
  // Where the room's bots think: the server's bot pool; none: at once, on the room's strand (for
  // tests that order every step themselves).
  BotThinkers* bots = nullptr;
  // Play by correspondence, as the operator set it; and this room's pace, when it is played so
  // (docs/correspondence.md): none, it is played live, on the game's own clock.
  CorrespondenceSettings correspondence_rules = {};
  std::optional<store::CorrespondencePace> correspondence = std::nullopt;
  // The server's, which calls players back when a match waits for them (notifier.hpp: your_turn,
  // turn_taken; it returns at once); none: nobody is called (tests, tools).
  notify::Notifier* notifier = nullptr;
};

// A room closed or a player removed without a word from whoever did it: room_closed and removed
// say so in the server's own words, which carry their key.
inline const protocol::Reason kNoReasonGiven{"no reason given", "room.reason.none"};

// Which node may write a room's match: on a cluster, the room's ownership epoch, which every
// append to its log names so that the store refuses it once another node has taken the room over
// (fencing); alone, the epoch the match was stored at (0 unless a cluster once ran it).
struct Ownership {
  bool cluster = false;  // the room is a row of the cluster's rooms, by the same id
  std::int64_t epoch = 0;
};

// The options a stored match was played with (its state was rebuilt with the same), so that a
// rebuild from the log and a rematch keep them: a clock it was stored without stays off.
Json played_options(const Game& game, const std::string& stored);
// A room's summary as the lobby lists it: `room` (room_json) with its age and whether its host is
// here, without what goes stale or is the room's own business.
Json listed_summary(Json room, std::int64_t created_ms, bool host_online);

// A stored correspondence match kept dormant without building its room, when the room rebuilt
// from it would fall dormant at once (room_dormancy.cpp): nobody can be connected yet (a node's
// start, a takeover), no bot or stand-in is waited for, and no stored deadline falls due within
// the look-ahead. Its summary is the one the rebuilt room would list. None when the room must be
// rebuilt.
std::optional<DormantRoom> dormant_as_stored(const Game& game, const store::Match& match,
                                             const store::CorrespondenceClocks& clocks,
                                             const RoomSettings& settings,
                                             const DormancySettings& dormancy, std::int64_t room,
                                             Ownership ownership, std::int64_t now_ms);

class Room : public std::enable_shared_from_this<Room>, private RoomTimers::Owner {
 public:
  using Strand = RoomStrand;
  // `starting`: the match is being stored; the seats are final but nothing can be played yet.
  enum class Status { open, starting, playing, over };

  // A new open room; the host takes seat 0.
  Room(boost::asio::io_context& io, store::Store& store, RoomDirectory& directory,
       RoomSettings settings, std::int64_t id, std::string code, const Game& game, Json options,
       bool is_private, Ownership ownership = {});

  // A running match rebuilt from the store after a restart (state already replayed). Its clock,
  // bots and waits for absent players start with resume_timers(), once the room is shared.
  Room(boost::asio::io_context& io, store::Store& store, RoomDirectory& directory,
       RoomSettings settings, std::int64_t id, const Game& game, const store::Match& match,
       std::unique_ptr<State> state, Ownership ownership = {});
  ~Room();

  // For a rebuilt match, owned by a shared_ptr: its deadline, bots and absent players' waits
  // start again. The constructor cannot: a timer holds the room (shared_from_this), and another
  // thread may run what it posts before the shared_ptr owns the room.
  void resume_timers();
  // For a rebuilt match played by correspondence, before resume_timers: its clocks as stored,
  // and the stand-ins its timeouts in a row owe.
  void resume_clocks(store::CorrespondenceClocks clocks);
  // Every correspondence clock of `player`'s here stands still from `from_ms` until `until_ms`
  // (wall clock): a vacation of theirs, taken on request or a day spent by a clock in another
  // room. From its start, not from when the room hears of it.
  void vacation(std::int64_t player, std::int64_t from_ms, std::int64_t until_ms);

  // An open room another node left as it stopped, made again from `state` (its summary as that
  // node published it): its seats and host. Before the room is shared with anyone.
  void restore_open(const Json& state);

  std::int64_t id() const { return id_; }
  const std::string& code() const { return code_; }
  bool is_private() const { return private_; }
  const Game& game() const { return game_; }

  // A snapshot for listings, safe from any thread.
  Json summary() const;
  // The same for the server's operator: with a private room's code, and how many connections
  // are in the room (players and spectators).
  Json operator_summary() const;

  // Runs f on the room's strand. Everything below must be called that way.
  template <class F>
  void post(F&& f) {
    boost::asio::post(strand_, std::forward<F>(f));
  }
  // The same, but at once on this thread when the strand is free.
  template <class F>
  void dispatch(F&& f) {
    boost::asio::dispatch(strand_, std::forward<F>(f));
  }

  void join(std::shared_ptr<Client> client, std::optional<int> seat, Json re);
  void watch(std::shared_ptr<Client> client, Json re);
  void add_bot(std::shared_ptr<Client> client, std::optional<int> seat, std::string kind, Json re);
  void leave(std::shared_ptr<Client> client, Json re);
  void start(std::shared_ptr<Client> client, Json re);
  void act(std::shared_ptr<Client> client, Json action, Json re);
  void sync(std::shared_ptr<Client> client, Json re);
  // A player's connection came back (hello with its token): attach it to its seat.
  void resume(std::shared_ptr<Client> client);
  void disconnected(std::shared_ptr<Client> client);
  void shutdown();  // cancels timers
  // On a cluster, another node owns the room now (it took it over while this one was paused or
  // cut off): the room stops, tells each member where it went (`url`; empty when unknown) with
  // an elsewhere error, and is gone from this node. Nothing it holds unstored is ever sent.
  void hand_over(const std::string& url);

  // Dormancy (room_dormancy.cpp). The room falls dormant if it is idle as `settings` say: a running
  // match, nobody in it for `settings.after`, no action being stored, no bot to move, no live
  // clock running (its deadline is in memory only). Its last writes are committed first; then the
  // directory, which knows the stored deadlines, takes it out of memory unless one is due within
  // `settings.lookahead` (RoomDirectory::room_dormant), and the room does nothing more.
  void fall_dormant_if_idle(DormancySettings settings);
  // Whether the room fell dormant: a command posted to it before then is for the room woken in
  // its place.
  bool dormant() const { return dormant_; }

  // Chat (room_chat.cpp). A line goes to every member but those who muted its speaker; said while
  // a match runs, it is stored with the match at the step everybody has seen.
  void chat(std::shared_ptr<Client> client, std::string text, Json re);
  void mute(std::shared_ptr<Client> client, std::int64_t player, bool muted, Json re);
  // The host's switch: whether spectators may chat too (players always may).
  void set_spectator_chat(std::shared_ptr<Client> client, bool allowed, Json re);

  // The controls over a room from outside its table: the operator's through the admin API now,
  // the host's later. Each answers through `done`, on the room's strand, with the room as it is
  // afterwards (room_json) or why it refused.
  using Answer = std::function<void(Expected<Json>)>;
  // What becomes of a removed player's seat.
  enum class SeatAfter { bot, open };
  // Closes the room: a running match ends as aborted, stored before anybody is told; everyone in
  // the room then receives room_closed with `reason`, and the room is gone.
  // `by` ("operator" or "host") is told to everyone with the reason.
  void close(protocol::Reason reason, Answer done, std::string by = "operator");
  // Takes `player`'s seat away and sends the player's connections `removed` with `reason`; the
  // seat goes to a smart bot or stays open (before the start only: a running match waits for
  // every seat). The bot is stored with the match, so that a restart keeps it. The player is
  // kept out of the room from then on, until the host allows them again (allow_player).
  void remove(std::int64_t player, SeatAfter after, protocol::Reason reason, Answer done,
              std::string by = "operator");

  // The host's controls (room_host.cpp), each refused with not_host to anyone else. The host
  // passes the role to a seated person; removes a player (a bot takes a running match's seat,
  // an open room's seat is freed); closes the room as the operator would; or puts a stand-in bot
  // in the seat of a player who is absent from a running match, which the player gets back on
  // returning.
  void transfer_host(std::shared_ptr<Client> client, std::int64_t player, Json re);
  void remove_player(std::shared_ptr<Client> client, std::int64_t player, Json re);
  // A removed player is kept out of the room (join_room and watch_room refused with `banned`)
  // until the host lets them in again with this.
  void allow_player(std::shared_ptr<Client> client, std::int64_t player, Json re);
  void close_room(std::shared_ptr<Client> client, std::optional<std::string> reason, Json re);
  void stand_in(std::shared_ptr<Client> client, int seat, std::string kind, Json re);

  // A rematch (room_rematch.cpp): once the match is over, a seated person offers the same seats
  // and options again, which counts as accepting; each other seated person accepts the same way,
  // or leaves, which withdraws the offer. Bots stay. When every seated person has accepted, a new
  // match starts in the room.
  void rematch(std::shared_ptr<Client> client, Json re);

 private:
  struct Member {
    std::shared_ptr<Client> client;
    int audience;                 // a seat, or spectators()
    bool awaiting_state = false;  // no patches until its state has been sent
  };
  using Pending = MatchPipeline::Pending;

  // What a request to a room that has closed is answered.
  static const Error kHasClosed;

  int spectators() const { return match_.spectators(); }
  // The room as its message describes it (protocol/room.hpp), and as JSON.
  protocol::RoomInfo info() const;
  Json room_json() const { return protocol::room_json(info()); }
  // A log line's context: this room and its match.
  log::Context log_context(const char* event) const {
    return log::Context(event).room(id_).match(match_id_);
  }
  void set_status(Status status);  // and the rooms' gauge
  // Publishes the summary and sends `room` to every member, with `re` for the one who asked.
  void send_room_to_all(const Client* asker = nullptr, const Json& re = nullptr);
  // Keeps `summary` (with the room's age and whether its host is here) for listings and tells
  // the directory; then arms or disarms closing the room if nobody is in it.
  void publish_summary(Json summary);

  // Members: the connections in the room, each in an audience (a seat, or the spectators).
  // Whether `member` is in its audience by right: a spectator, or a connection of its seat's
  // player. A seat belongs to a player, never to a connection.
  bool belongs(const Member& member) const;
  // The audience `client` is in (a seat, or spectators()); -1 when it is not in the room, or when
  // its seat is not its player's: every per-seat request asks here, so it is checked against the
  // seat's player at the moment it is made.
  int audience_of(const std::shared_ptr<Client>& client) const;
  // Whether anyone is in `audience` by right (belongs).
  bool has_members(int audience) const;
  // Takes every connection of `player` out of the room, each sent `told`; `asker`'s copy answers
  // its request `re`. A state one of them waits for is refused instead (not_in_room).
  void detach_player(std::int64_t player, const std::string& told, const Client* asker,
                     const Json& re);
  void attach(std::shared_ptr<Client> client, int audience);
  // A member who came in (again) is sent the recent chat and, once a match has started, its state.
  void welcome_member(const std::shared_ptr<Client>& client);
  void send_state(const std::shared_ptr<Client>& client, const Json& re);
  // The recent chat, to a member who has just come in; nothing when nothing was said.
  void send_chat_log(const std::shared_ptr<Client>& client);

  // Play by correspondence (room_correspondence.cpp). The time as the store keeps deadlines.
  std::int64_t wall_ms() const { return clock().wall_ms(); }
  // A new match's clocks: every bank full, the seats the rules wait for counting (from the end of
  // a vacation under way); `stored` is called once the store has answered (written or not: a
  // store that fails makes the match's first action wait for it).
  void start_clocks(std::function<void()> stored);
  // An action was applied for `seat` (`own`: by its player): the clocks follow what the rules
  // wait for now, and a stand-in playing the seat gives it back on its player's own move.
  void clocks_after(int seat, bool own);
  // The clocks wait for the seats the rules wait for now; each player the match begins to wait
  // for is called back (the notifier: a mail, a webhook, or a line of their digest), unless they
  // have the room open, and each it no longer waits for is taken off their digest.
  void wait_for_actors(std::int64_t now_ms);
  // A Done for a write of the clocks alone: once stored, the seated players' lists moved.
  store::Done clocks_told();
  // The clocks as the store keeps them, with the match's id.
  store::CorrespondenceClocks stored_clocks() const;
  // The room's timeout on a correspondence clock: a vacation day, else the game's timeout for
  // every seat still silent, and a stand-in for a seat out of time too often in a row.
  void correspondence_timeout();
  // The seat's clock in the room message.
  void add_clock(int seat, protocol::SeatInfo& out) const;

  // A seed for a match, or for the room's bots: from the system's entropy.
  static std::uint64_t fresh_seed();

  // The match (room_match.cpp). Stores a new match of the seats as they are, then starts it
  // (started); from start or rematch.
  void store_new_match(const std::shared_ptr<Client>& client, const Json& re);
  // The second half of store_new_match, once the store has answered with the match id (or its
  // failure).
  void started(const store::Outcome<std::int64_t>& match, const std::shared_ptr<Client>& host,
               const Json& re);
  // The match stored (and its clocks, by correspondence): it runs, and everyone is told.
  void began(const std::shared_ptr<Client>& host, const Json& re);
  void apply(int seat, Json action, const std::shared_ptr<Client>& by, const Json& re);
  // Hands the store the version just applied; committed() is called once it has answered.
  void store_version(int seat, std::int64_t version, std::chrono::steady_clock::time_point handed);
  void committed(std::int64_t version, bool ok, const std::string& error);
  // Sends a committed version's messages, each audience its own, the sender's copy answering its
  // request.
  void send_version(const Pending& done);
  // Every change of version ends here once the store has caught up with it (or a rebuild has
  // dropped it): the states asked for meanwhile are sent, and the timers arm what the new version
  // owes.
  void after_settled();
  // The room's bots (room_bots.cpp). Why the game offers no bot of `kind`, if it does not.
  Refusal refused_bot(const std::string& kind) const;
  // The bot asked at `version` for `seat`'s move chose: played if still owed.
  void bot_chose(int seat, std::int64_t version, const std::shared_ptr<const Bot>& bot,
                 Expected<Json> choice);
  // What the bot at `seat` plays now: its choice, or if the rules refuse that (or it has none),
  // the first legal action they accept; null when there is none.
  Json checked_choice(int seat, Expected<Json> choice);
  // The match is over, as the store has it: the room says so (from committed, or store_back).
  void match_over();

  // The store (room_store.cpp). A write of the match's failed: what was applied and not stored is
  // dropped unsent, each of its senders told so; every member learns that the match waits; no
  // bot, clock or person plays until the store writes again. Then store_back rebuilds the match
  // from what the store holds and sends everyone its state.
  void wait_for_store(const std::string& why);
  void store_back();
  // Whether the match waits for its store; if so, tells `client` (answering `re`) and returns
  // true.
  bool told_match_waits(const std::shared_ptr<Client>& client, const Json& re);
  StoreHealth& store_health();

  void close_if_abandoned();
  // The host's role passes to another seated player; an open room with none left closes (its
  // members receive `left`). Returns whether the room closed.
  bool pass_host_on();
  // Sends room_closed to every member and forgets them, their seats and the room (close's end).
  void dismiss_everyone(const protocol::Reason& reason, std::optional<std::int64_t> match,
                        const std::string& by);
  // Whether the host has a connection in the room.
  bool host_present() const;
  // When the host has gone (left, or lost every connection), the role passes by itself to the
  // next seated person who is here, in seat order after the host's; nobody here: it stays.
  void pass_host_if_gone();
  // The host's guard: the room is open for business and `client` is its host; else it answers.
  bool refused_unless_host(const std::shared_ptr<Client>& client, const Json& re);

  // Presence (room_presence.cpp). The player of `seat` is back: the seat is no longer away, and
  // a stand-in bot gives it back.
  void seat_returned(int seat);
  // A member of `audience` has gone (disconnected, or left a match): if it was the last one of a
  // person's seat, the seat is away from now, and the absent bot is armed for it.
  void member_gone(int audience);
  // Whether a player of a seat other than `seat` is in the room: someone the table would freeze
  // for.
  bool another_player_here(int seat) const;
  // Whether the player who began the match at `seat` is gone from it (left it, or a stand-in
  // plays for them), as the store keeps it for ratings and finish rates.
  void mark_gone(int seat, bool gone);
  // Whether the match about to start is rated: the room's option, every seat an account's, and
  // more than one seat.
  bool match_rated() const;
  // A bot of `kind` plays `seat` for its absent player (the host's stand_in, or the absent bot).
  void put_stand_in(int seat, const std::string& kind, const Client* asker, const Json& re);
  // The seat's presence as the room message shows it: away_since_ms and stand_in_after_ms.
  void add_presence(int seat, protocol::SeatInfo& out) const;
  RoomClock& clock() const { return settings_.clock ? *settings_.clock : steady_room_clock(); }

  // RoomTimers::Owner: what the room owes, as its timers ask (room_match.cpp, room_presence.cpp,
  // room_controls.cpp).
  std::shared_ptr<void> hold() override { return shared_from_this(); }
  bool closed() const override { return closed_; }
  std::int64_t version() const override { return match_.applied(); }
  bool settling() const override { return !match_.settled(); }
  std::optional<std::chrono::milliseconds> deadline() const override;
  // What a match at `state` awaits, as the store keeps it with its actions
  // (store::Match::awaiting): the seats the rules wait for, and when the rules' own wait runs out
  // (0: none, and always none by correspondence, whose deadlines are its clocks').
  std::pair<std::vector<int>, std::int64_t> awaited(const State& state) const;
  // The players seated, for RoomDirectory::matches_changed.
  std::vector<std::int64_t> seated_players() const;
  std::optional<int> bot_to_move() const override;
  bool has_bot(int seat) const override { return bots_[seat] != nullptr; }
  // How long until the absent bot takes `seat`, as of now; none when it is not coming (the
  // room's option is off, no match runs, the player is here, a bot plays there already, or no
  // other player is here to be kept waiting).
  std::optional<std::int64_t> absent_bot_after_ms(int seat) const override;
  // A room nobody is in closes by itself after settings_.empty_room_timeout_s (the open room's
  // wait for one whose match has not started), as the host's close_room would close it: a match
  // under way ends as aborted (never one by correspondence: only once it is over). Somebody
  // coming in stops it.
  std::optional<int> close_when_empty_after_s() const override;
  void timeout() override;
  void bot_move(int seat) override;
  void stand_in_for_absent(int seat) override;
  void close_left_empty(int after_s) override;

  boost::asio::io_context& io_;
  Strand strand_;
  store::Store& store_;
  RoomDirectory& directory_;
  RoomSettings settings_;
  std::int64_t id_;
  std::string code_;
  const Game& game_;
  const GameMetrics& metrics_;
  Json options_;
  bool private_;
  Status status_ = Status::open;
  Status started_from_ = Status::open;  // where a match that fails to be stored goes back to
  Seating seating_;
  std::map<const Client*, Member> members_;
  ChatLog chat_;
  bool spectator_chat_ = false;

  std::int64_t match_id_ = 0;
  std::uint64_t seed_ = 0;
  // The state a match being stored begins from (store_new_match), until it has begun.
  std::unique_ptr<State> first_state_;
  bool rated_ = false;  // the match's
  MatchPipeline match_;
  std::vector<std::pair<std::shared_ptr<Client>, Json>> waiting_for_state_;
  // Per seat, null for people; shared with the jobs of theirs that think meanwhile.
  std::vector<std::shared_ptr<const Bot>> bots_;
  // The match's correspondence clocks, in a room played by correspondence once a match started.
  std::optional<CorrespondenceClock> clocks_;
  Chance bot_chance_;  // seeds each bot move's own randomness
  RoomTimers timers_;
  bool closed_ = false;
  std::int64_t created_ms_ = store::now_ms();  // a resumed match's room: when the match began
  Ownership ownership_;
  bool waiting_for_store_ = false;           // wait_for_store until store_back
  std::shared_ptr<StoreHealth> own_health_;  // when the settings give none
  // Dormancy (room_dormancy.cpp): since when nobody is in the room, and whether it fell dormant.
  std::optional<std::int64_t> empty_since_ms_;
  bool dormant_ = false;
  // Whether the room is idle enough to fall dormant; its next deadline's time if so.
  std::optional<DormantRoom> idle_as_dormant(const DormancySettings& settings) const;

  mutable std::mutex summary_mutex_;
  Json summary_;
  std::size_t connections_ = 0;  // members_.size() as of summary_
};

// What a room tells the lobby so that players can be found again and rooms listed.
class RoomDirectory {
 public:
  virtual ~RoomDirectory() = default;
  virtual void seat_taken(std::int64_t player, std::int64_t room) = 0;
  virtual void seat_released(std::int64_t player, std::int64_t room) = 0;
  // Whether the room may begin a new match now (not while the server drains); if so, the room's
  // match counts as running until match_ended.
  virtual bool begin_match(std::int64_t room) = 0;
  virtual void match_started(std::int64_t match, std::int64_t room) = 0;
  // The room's match ended, or failed to start.
  virtual void match_ended(std::int64_t room) = 0;
  // A rated match finished and its result is stored: it is to be rated (docs/ratings.md).
  virtual void rated_match_finished(std::int64_t /*match*/) {}
  // The room is gone, with its match if it started one (0 if not).
  virtual void room_closed(std::int64_t room, std::int64_t match) = 0;
  // The room's summary (Room::summary) changed: for the lobby's list and its watchers. From the
  // room's strand, or its constructor.
  virtual void room_summary(std::int64_t /*room*/, const Json& /*summary*/) {}
  // On a cluster, after the store refused a write of the room's: the URL of the node that owns
  // the room now ("" if none is known yet), or none while it is still this node's. Alone, none.
  virtual std::optional<std::string> moved_to(std::int64_t /*room*/) { return std::nullopt; }
  // Play by correspondence. A day of `player`'s vacation, spent from `at_ms` as a clock of theirs
  // runs out: until when (every correspondence clock of theirs then stands still), or none when
  // no day is left this year. And when their vacation under way ends, if they are on one.
  virtual std::optional<std::int64_t> vacation_day(std::int64_t /*player*/,
                                                   std::int64_t /*at_ms*/) {
    return std::nullopt;
  }
  virtual std::optional<std::int64_t> on_vacation_until(std::int64_t /*player*/,
                                                        std::int64_t /*now_ms*/) {
    return std::nullopt;
  }
  // The room, idle with its writes committed, may leave memory as `dormant` says: whether it did
  // (the room then does nothing more). From the room's strand.
  virtual bool room_dormant(const std::shared_ptr<Room>& /*room*/, const DormantRoom& /*dormant*/) {
    return false;
  }
  // The running matches of these players changed (a match began, moved on, ended, or its clocks
  // changed), and the store has the change: for their "my matches". From any thread.
  virtual void matches_changed(const std::vector<std::int64_t>& /*players*/) {}
};

}  // namespace tortuga
