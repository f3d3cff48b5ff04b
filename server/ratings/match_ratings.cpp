#include "server/ratings/match_ratings.hpp"

#include <future>
#include <memory>
#include <utility>

#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/ratings/placings.hpp"

namespace tortuga::rated {

void MatchRatings::rate(std::int64_t match) {
  const auto found = store_.matches_to_rate(match);
  if (!found) {
    TORTUGA_LOG_AT(warn, log::Context("rating").match(match),
                   "match " << match << " not rated now: " << found.failure().why);
    return;
  }
  for (const auto& m : *found) rate_one(m, nullptr);
}

int MatchRatings::rate_pending() {
  const auto found = store_.matches_to_rate(std::nullopt);
  if (!found) return -1;
  int rated = 0;
  for (const auto& m : *found) {
    auto done = std::make_shared<std::promise<bool>>();
    auto answered = done->get_future();
    rate_one(m, [done](bool now) { done->set_value(now); });
    rated += answered.get() ? 1 : 0;
  }
  return rated;
}

void MatchRatings::on_rated(std::function<void(const std::string&)> listener) {
  std::lock_guard lock(mutex_);
  listeners_.push_back(std::move(listener));
}

void MatchRatings::rate_one(const store::MatchToRate& match, std::function<void(bool)> rated) {
  // A match the game cannot rank is recorded all the same, with nobody's rating changed, so that
  // it is not found unrated again at every start.
  std::vector<store::RatingChange> places =
      placings(match).value_or(std::vector<store::RatingChange>{});
  const ratings::Model model = model_;
  store_.rate_match(
      match.match, match.game, std::move(places),
      [model](std::vector<store::RatingChange>& changes) {
        if (!changes.empty()) rated::rate(changes, model);
      },
      [this, id = match.match, game = match.game,
       rated = std::move(rated)](const store::Outcome<bool>& now) {
        if (!now)
          TORTUGA_LOG_AT(warn, log::Context("rating").match(id),
                         "match " << id << " not rated: " << now.failure().why);
        else if (*now) {
          server_metrics().match_rated();
          tell(game);
        }
        if (rated) rated(now && *now);
      });
}

void MatchRatings::tell(const std::string& game) {
  std::vector<std::function<void(const std::string&)>> listeners;
  {
    std::lock_guard lock(mutex_);
    listeners = listeners_;
  }
  for (const auto& l : listeners) l(game);
}

}  // namespace tortuga::rated
