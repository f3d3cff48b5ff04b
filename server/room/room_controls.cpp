// The room's controls from outside its table (room.hpp: close, remove): what an operator does
// through the admin API, and what a host will do from the table.
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

Message message_of(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

}  // namespace

void Room::close(protocol::Reason reason, Answer done, std::string by) {
  if (closed_) return done(kHasClosed);
  closed_ = true;
  deadline_timer_->cancel();
  bot_timer_->cancel();
  for (auto& timer : absent_timers_) timer->cancel();
  // A match whose last action is being stored ends by that action, as finished; any other that
  // runs ends here, as aborted. A match still being stored is aborted once it is (started()).
  const bool aborting = status_ == Status::playing && state_ && !state_->is_over();
  set_status(Status::over);
  if (aborting) metrics_.matches_abandoned->add();
  // The reason is the operator's own text: the admin action's log line carries it, as JSON.
  TORTUGA_LOG(info, "room " << id_ << " closed" << (aborting ? ", its match aborted" : ""));
  auto tell = [self = shared_from_this(), reason = std::move(reason), match = match_, aborting,
               done = std::move(done), by = std::move(by)] {
    // The members learn of the match only if this ended it.
    self->dismiss_everyone(reason, aborting ? std::optional(match) : std::nullopt, by);
    done(Json{{"room", self->id_},
              {"match", match ? Json(match) : Json(nullptr)},
              {"aborted", aborting}});
  };
  if (!aborting) return tell();
  // Stored before anybody is told, as every other end of a match.
  store_.finish_match(
      match_, "aborted", "null", store::now_ms(),
      [self = shared_from_this(), match = match_, tell](bool ok, const std::string& error) {
        if (!ok) TORTUGA_LOG(error, "match " << match << " not stored as aborted: " << error);
        self->post(tell);
      });
}

void Room::dismiss_everyone(const protocol::Reason& reason, std::optional<std::int64_t> match,
                            const std::string& by) {
  const Message closed = message_of(event::room_closed(id_, match, reason, by));
  for (const auto& [key, member] : members_) member.client->send(closed);
  members_.clear();
  waiting_for_state_.clear();
  for (const auto& s : seats_)
    if (s.player) directory_.seat_released(*s.player, id_);
  publish_summary(room_json());
  directory_.room_closed(id_, match_);
}

void Room::remove(std::int64_t player, SeatAfter after, protocol::Reason reason, Answer done,
                  std::string by) {
  if (closed_) return done(kHasClosed);
  const auto held = seat_of(player);
  if (!held)
    return done(Error{code::kNotInRoom, "player " + std::to_string(player) +
                                            " holds no seat in room " + std::to_string(id_)});
  const int seat = *held;
  if (status_ == Status::starting)
    return done(Error{code::kAlreadyStarted, "the match is being started; try again"});
  if (status_ == Status::playing && after == SeatAfter::open)
    return done(
        Error{"match_running", "a running match waits for every seat: give the seat to a bot"});

  banned_[player] = seats_[seat].name;
  // Every connection of the player goes, the seat's and any watching: the player is out.
  detach_player(player, event::removed(id_, seat, reason, by), nullptr, nullptr);
  directory_.seat_released(player, id_);
  TORTUGA_LOG(info, "room " << id_ << ": player " << player << " removed from seat " << seat
                            << (after == SeatAfter::bot ? ", a bot takes it" : ", left open"));

  // A finished match's seats are its history: they stay as they were, but the player has given
  // the seat up as by leaving it, and no rematch can gather the same seats again.
  if (status_ == Status::over) {
    gone_.insert(player);
    rematch_.reset();
  }
  if (status_ == Status::open)
    seats_[seat] = after == SeatAfter::bot ? bot_seat(seat, kReplacementBot) : RoomSeat{};
  if (status_ == Status::playing) {
    seats_[seat] = bot_seat(seat, kReplacementBot);
    bots_[seat] = game_.make_bot(kReplacementBot);
    absent_timers_[seat]->cancel();  // a bot's for good: nobody is away from it
    const RoomSeat& s = seats_[seat];
    store_.replace_seat(match_, {seat, std::nullopt, s.name, s.bot},
                        [match = match_, seat](bool ok, const std::string& error) {
                          if (!ok)
                            TORTUGA_LOG(error, "match " << match << ": the bot at seat " << seat
                                                        << " not stored: " << error);
                        });
    // The bot plays at once if the rules wait for this seat; with actions still being stored,
    // after_settled arms it.
    if (pending_.empty() && !state_->is_over()) schedule_bot();
  }
  if (host_ == player && pass_host_on()) return done(room_json());
  send_room_to_all();
  const Json room = room_json();
  close_if_abandoned();
  done(room);
}

}  // namespace tortuga
