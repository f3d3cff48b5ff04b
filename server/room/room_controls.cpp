// The room's controls from outside its table (room.hpp: close, remove): what an operator does
// through the admin API, and what a host will do from the table. And the room's own: once nobody
// has been in it for a while, it closes by itself, through the same path as the host's
// close_room, so that a table abandoned mid-match is stored as aborted and leaves the lobby rather
// than waiting there for ever. A room whose match has not started waits less: its host has gone
// and nobody waits in it, and rooms made and left behind would otherwise fill the lobby and the
// server (docs/security.md).
#include <set>

#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace event = protocol::event;

namespace {

// The kind of bot a removed player's seat goes to: the one that plays the game properly.
constexpr const char* kReplacementBot = "smart";

const protocol::Reason kLeftEmpty{"nobody was left in the room", "room.reason.left_empty"};

Message message_of(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

}  // namespace

void Room::close(protocol::Reason reason, Answer done, std::string by) {
  if (closed_) return done(kHasClosed);
  closed_ = true;
  timers_.stop();
  // A match whose last action is being stored ends by that action, as finished; any other that
  // runs ends here, as aborted. A match still being stored is aborted once it is (started()).
  const bool aborting = status_ == Status::playing && match_.started() && !match_.over();
  set_status(Status::over);
  if (aborting) metrics_.matches_abandoned->add();
  // The reason is the operator's own text: the admin action's log line carries it, as JSON.
  TORTUGA_LOG(info, "room " << id_ << " closed" << (aborting ? ", its match aborted" : ""));
  auto tell = [self = shared_from_this(), reason = std::move(reason), match = match_id_, aborting,
               done = std::move(done), by = std::move(by)] {
    // The members learn of the match only if this ended it.
    self->dismiss_everyone(reason, aborting ? std::optional(match) : std::nullopt, by);
    done(Json{{"room", self->id_},
              {"match", match ? Json(match) : Json(nullptr)},
              {"aborted", aborting}});
  };
  if (!aborting) return tell();
  // Stored before anybody is told, as every other end of a match.
  store_.finish_match(match_id_, store::MatchStatus::aborted, "null", store::now_ms(),
                      [self = shared_from_this(), match = match_id_, tell,
                       told = seated_players()](const store::Outcome<void>& written) {
                        if (!written)
                          TORTUGA_LOG(error, "match " << match << " not stored as aborted: "
                                                      << written.failure().why);
                        // Those seated lose the match from their lists.
                        self->post([self, tell, told] {
                          self->directory_.matches_changed(told);
                          tell();
                        });
                      });
}

void Room::dismiss_everyone(const protocol::Reason& reason, std::optional<std::int64_t> match,
                            const std::string& by) {
  const Message closed = message_of(event::room_closed(id_, match, reason, by));
  for (const auto& [key, member] : members_) member.client->send(closed);
  members_.clear();
  waiting_for_state_.clear();
  for (const auto& s : seating_.seats())
    if (s.player) directory_.seat_released(*s.player, id_);
  publish_summary(room_json());
  directory_.room_closed(id_, match_id_);
}

void Room::remove(std::int64_t player, SeatAfter after, protocol::Reason reason, Answer done,
                  std::string by) {
  if (closed_) return done(kHasClosed);
  const auto held = seating_.seat_of(player);
  if (!held)
    return done(Error{code::kNotInRoom, "player " + std::to_string(player) +
                                            " holds no seat in room " + std::to_string(id_)});
  const int seat = *held;
  if (status_ == Status::starting)
    return done(Error{code::kAlreadyStarted, "the match is being started; try again"});
  if (status_ == Status::playing && after == SeatAfter::open)
    return done(
        Error{"match_running", "a running match waits for every seat: give the seat to a bot"});

  seating_.ban(player, seating_[seat].name);
  // Every connection of the player goes, the seat's and any watching: the player is out.
  detach_player(player, event::removed(id_, seat, reason, by), nullptr, nullptr);
  directory_.seat_released(player, id_);
  TORTUGA_LOG(info, "room " << id_ << ": player " << player << " removed from seat " << seat
                            << (after == SeatAfter::bot ? ", a bot takes it" : ", left open"));

  // A finished match's seats are its history: they stay as they were, but the player has given
  // the seat up as by leaving it, and no rematch can gather the same seats again.
  if (status_ == Status::over) seating_.give_up(player);
  if (status_ == Status::open)
    seating_[seat] = after == SeatAfter::bot ? bot_seat(seat, kReplacementBot) : RoomSeat{};
  if (status_ == Status::playing) {
    seating_[seat] = bot_seat(seat, kReplacementBot);
    bots_[seat] = game_.make_bot(kReplacementBot);
    timers_.arm_absent(seat);  // cancelled: a bot's for good, nobody is away from it
    const RoomSeat& s = seating_[seat];
    std::vector<std::int64_t> told = seated_players();
    told.push_back(player);  // the match is no longer theirs
    store_.replace_seat(match_id_, {seat, std::nullopt, s.name, s.bot},
                        [self = shared_from_this(), match = match_id_, seat,
                         told = std::move(told)](const store::Outcome<void>& written) {
                          if (!written)
                            TORTUGA_LOG(error, "match "
                                                   << match << ": the bot at seat " << seat
                                                   << " not stored: " << written.failure().why);
                          self->post([self, told] { self->directory_.matches_changed(told); });
                        });
    // The bot plays at once if the rules wait for this seat; with actions still being stored,
    // after_settled arms it.
    if (match_.settled() && !match_.over()) timers_.arm_bot();
  }
  if (seating_.host() == player && pass_host_on()) return done(room_json());
  send_room_to_all();
  const Json room = room_json();
  close_if_abandoned();
  done(room);
}

// ---- the room's other ends: its host gone, its players gone, another node's, the server's -------

bool Room::pass_host_on() {
  if (seating_.pass_host_on() || status_ != Status::open) return false;
  closed_ = true;
  for (const auto& [key, member] : members_) member.client->send(event::left(Json(), id_));
  members_.clear();
  directory_.room_closed(id_, match_id_);
  return true;
}

void Room::close_if_abandoned() {
  if (status_ != Status::over || !members_.empty() || closed_) return;
  closed_ = true;
  for (const auto& s : seating_.seats())
    if (s.player) directory_.seat_released(*s.player, id_);
  directory_.room_closed(id_, match_id_);
}

void Room::hand_over(const std::string& url) {
  if (closed_) return;
  closed_ = true;
  timers_.pause_match();
  const std::string why = "moved: another node serves this room now";
  // What was applied but not stored is dropped unsent: the new owner rebuilt from the log. Whoever
  // sent one of those actions has its request answered so.
  std::set<const Client*> answered;
  for (const Pending& p : match_.drop())
    if (p.by && !p.re.is_null()) {
      p.by->send(event::elsewhere(p.re, why, url, id_, match_id_));
      answered.insert(p.by.get());
    }
  waiting_for_state_.clear();
  TORTUGA_LOG_AT(warn, log_context("room_moved").field("url", url),
                 "room " << id_ << " (match " << match_id_ << ") is another node's now"
                         << (url.empty() ? std::string() : ", at " + url));
  const Message moved =
      std::make_shared<const std::string>(event::elsewhere(nullptr, why, url, id_, match_id_));
  for (const auto& [key, member] : members_)
    if (!answered.count(key)) member.client->send(moved);
  members_.clear();
  for (const auto& s : seating_.seats())
    if (s.player) directory_.seat_released(*s.player, id_);
  directory_.room_closed(id_, match_id_);
}

void Room::shutdown() {
  closed_ = true;
  timers_.stop();
}

std::optional<int> Room::close_when_empty_after_s() const {
  // An open room cannot start while empty: the wait chosen when it empties holds until then.
  const int timeout_s = status_ == Status::open ? settings_.empty_open_room_timeout_s
                                                : settings_.empty_room_timeout_s;
  if (!members_.empty() || closed_ || timeout_s <= 0) return std::nullopt;
  // A running match by correspondence waits for its players for weeks (out of memory, dormant).
  // Once it is over, its room is left as any other: a match ended by a clock while nobody was
  // there would otherwise hold its room in memory for good.
  if (settings_.correspondence && status_ == Status::playing) return std::nullopt;
  return timeout_s;
}

void Room::close_left_empty(int after_s) {
  TORTUGA_LOG_AT(info, log_context("room_left_empty"),
                 "room " << id_ << ": nobody in it for " << after_s << " s, closing");
  close(
      kLeftEmpty, [](Expected<Json>) {}, "server");
}

}  // namespace tortuga
