// The room's bots (room.hpp): which levels its game offers, and each bot's move. A bot thinks
// away from the room's strand (server/bots/bot_pool.hpp) on a job made here from what the bot may
// use; its choice comes back here, and is played only if the match is still where the bot was
// asked (RoomTimers::bot_answered): a late choice is dropped and the move owed now asked again.
#include <algorithm>
#include <limits>

#include "protocol/codes.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

Refusal Room::refused_bot(const std::string& kind) const {
  const auto kinds = game_.bot_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) return std::nullopt;
  std::string offered;
  for (const auto& k : kinds) offered += (offered.empty() ? "" : ", ") + k;
  return Error{code::kNoSuchBot,
               game_.info().name + " has no " + quote(kind) + " bot; its bots are " + offered};
}

std::optional<int> Room::bot_to_move() const {
  for (int s : match_.state().actors())
    if (s >= 0 && s < static_cast<int>(bots_.size()) && bots_[s]) return s;
  return std::nullopt;
}

void Room::bot_move(int seat) {
  const std::shared_ptr<const Bot> bot = bots_[seat];
  const std::int64_t version = match_.applied();
  constexpr std::uint32_t kAll = std::numeric_limits<std::uint32_t>::max();
  const std::uint64_t seed =
      (static_cast<std::uint64_t>(bot_chance_.below(kAll)) << 32) | bot_chance_.below(kAll);
  BotJob job{bot->prepare(match_.state(), seat), Chance(seed),
             [self = shared_from_this(), bot, seat, version](Expected<Json> choice) {
               self->post([self, bot, seat, version, choice = std::move(choice)]() mutable {
                 self->bot_chose(seat, version, bot, std::move(choice));
               });
             }};
  BotThinkers& thinkers = settings_.bots ? *settings_.bots : thinking_at_once();
  if (!thinkers.think(job)) timers_.bot_refused(version);
}

void Room::bot_chose(int seat, std::int64_t version, const std::shared_ptr<const Bot>& bot,
                     Expected<Json> choice) {
  if (!timers_.bot_answered(version, bots_[seat] == bot)) return;
  Json action = checked_choice(seat, std::move(choice));
  if (action.is_null()) {
    TORTUGA_LOG_AT(
        error, log_context("bot_stuck").field("seat", seat),
        "match " << match_id_ << ": the bot at seat " << seat << " has no action the rules accept");
    return;
  }
  metrics_.bot_moves->add();
  apply(seat, std::move(action), nullptr, nullptr);
}

Json Room::checked_choice(int seat, Expected<Json> choice) {
  const State& state = match_.state();
  if (choice) {
    auto refused = state.clone()->apply(seat, *choice);
    if (!refused) return std::move(*choice);
    // A bot must never stall a match. The refusal's message may name hidden cards: only its code
    // goes to the log.
    TORTUGA_LOG_AT(warn,
                   log_context("bot_refused").field("seat", seat).field("code", refused->code),
                   "match " << match_id_ << ": the bot at seat " << seat
                            << " chose a refused action (" << refused->code << ")");
  } else {
    // Its words may name what the seat hides: they stay out of the log.
    TORTUGA_LOG_AT(error, log_context("bot_failed").field("seat", seat),
                   "match " << match_id_ << ": the bot at seat " << seat << " failed to choose");
  }
  for (Json& legal : state.legal_actions(seat))
    if (!state.clone()->apply(seat, legal)) return std::move(legal);
  return nullptr;
}

}  // namespace tortuga
