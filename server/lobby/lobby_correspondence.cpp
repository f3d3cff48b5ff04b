// Play by correspondence in the lobby (lobby.hpp; docs/correspondence.md): who may play so, and
// the players' vacations, which stand still every correspondence clock of theirs in every room.
#include <boost/asio/post.hpp>

#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/ops/store_health.hpp"

namespace tortuga {

std::int64_t Lobby::wall_ms() const {
  return settings_.clock ? settings_.clock->wall_ms() : store::now_ms();
}

std::optional<Error> Lobby::refused_correspondence(const Client& c) {
  if (!c.account())
    return Error{code::kNoCorrespondence, "only an account may play by correspondence"};
  const CorrespondenceSettings& rules = settings_.correspondence_rules;
  if (!rules.on)
    return Error{code::kNoCorrespondence,
                 "this server does not host rooms played by correspondence"};
  // The player's running matches, each asked whether it is played by correspondence: a few reads
  // for a player of a few matches, and right on every node and after every restart.
  store::MatchFilter running;
  running.player = c.player();
  running.status = store::MatchStatus::running;
  running.limit = store::kMaxListLimit;
  running.with_private = true;
  int matches = 0;
  for (const store::Match& m : store_.list_matches(running).value())
    if (store_.correspondence(m.id).value()) ++matches;
  if (matches < rules.max_matches_per_player) return std::nullopt;
  server_metrics().limit_refused(Limit::correspondence_matches);
  return Error{code::kTooManyCorrespondenceMatches,
               "a player may play at most " + std::to_string(rules.max_matches_per_player) +
                   " matches by correspondence at a time; finish one first"};
}

void Lobby::pause_clocks(std::int64_t player, std::int64_t from_ms, std::int64_t until_ms) {
  const auto pause = [player, from_ms, until_ms](const std::shared_ptr<Room>& room) {
    room->post([room, player, from_ms, until_ms] { room->vacation(player, from_ms, until_ms); });
  };
  for (const auto& room : rooms_.seated(player)) pause(room);
  // A dormant match's clocks are in the store only, and its deadline would fire as if the player
  // were there: its room is woken to stand them still (off the caller's strand: each wake reads
  // the store), and falls dormant again once idle.
  std::vector<std::int64_t> dormant = rooms_.dormant_seated(player);
  if (dormant.empty()) return;
  boost::asio::post(io_, [this, dormant = std::move(dormant), pause] {
    for (std::int64_t id : dormant) {
      try {
        if (auto room = rooms_.wake(id, WakeCause::vacation)) pause(room);
      } catch (const std::exception& e) {
        // The store cannot be read: the room stays dormant, and its deadline spends a day then.
        TORTUGA_LOG(warn, "room " << id << " stays dormant through a vacation: " << e.what());
      }
    }
  });
}

// Asked by rooms, on their strands: a store that cannot answer now leaves the clock to the
// timeout, which waits for the store in its turn.
std::optional<std::int64_t> Lobby::vacation_day(std::int64_t player, std::int64_t at_ms) {
  try {
    auto day = vacations_.take(player, 1, at_ms);
    if (!day) return std::nullopt;
    pause_clocks(player, day->from_ms, day->until_ms);
    return day->until_ms;
  } catch (const std::exception& e) {
    if (settings_.store_health) settings_.store_health->failed(e.what());
    return std::nullopt;
  }
}

std::optional<std::int64_t> Lobby::on_vacation_until(std::int64_t player, std::int64_t now_ms) {
  try {
    return vacations_.until(player, now_ms);
  } catch (const std::exception& e) {
    if (settings_.store_health) settings_.store_health->failed(e.what());
    return std::nullopt;
  }
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::TakeVacation& m) {
  if (!c->account())
    return c->refuse(re, {code::kNoCorrespondence, "only an account takes vacation days"});
  const std::int64_t now = wall_ms();
  auto taken = vacations_.take(c->player(), m.days, now);
  if (!taken) {
    const int left = vacations_.days_left(c->player(), now);
    return c->refuse(
        re, {code::kTooManyVacationDays,
             std::to_string(m.days) + " days asked; " + std::to_string(left) + " left this year"});
  }
  pause_clocks(c->player(), taken->from_ms, taken->until_ms);
  c->send(protocol::event::vacation(re, taken->from_ms, taken->until_ms,
                                    vacations_.days_left(c->player(), now),
                                    vacations_.allowance()));
}

// Read as take_vacation reads, on the connection's strand: one row of the store, asked rarely (a
// page opened).
void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetVacation&) {
  if (!c->account())
    return c->refuse(re, {code::kNoCorrespondence, "only an account has vacation days"});
  const Vacations::Reading r = vacations_.read(c->player(), wall_ms());
  std::optional<std::int64_t> from, until;
  if (r.last) {
    from = r.last->from_ms;
    until = r.last->until_ms;
  }
  c->send(protocol::event::vacation(re, from, until, r.days_left, vacations_.allowance()));
}

}  // namespace tortuga
