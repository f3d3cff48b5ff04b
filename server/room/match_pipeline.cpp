#include "server/room/match_pipeline.hpp"

namespace tortuga {

void MatchPipeline::reset(std::unique_ptr<State> state) {
  state_ = std::move(state);
  applied_ = committed_ = static_cast<std::int64_t>(state_->history().size());
  pending_.clear();
  views_.reset(*state_);
}

Refusal MatchPipeline::play(int seat, nlohmann::json action) {
  return state_->apply(seat, std::move(action));
}

const MatchPipeline::Pending& MatchPipeline::pend(
    std::int64_t match, std::shared_ptr<Client> by, nlohmann::json re,
    std::chrono::steady_clock::time_point applied_at,
    const std::function<bool(int audience)>& watched) {
  const std::int64_t version = ++applied_;
  Pending pending{version, {}, state_->is_over(), std::move(by), std::move(re), applied_at};
  for (auto& [audience, message] : views_.advance(*state_, match, version, watched))
    pending.patches.emplace_back(audience, std::make_shared<const std::string>(std::move(message)));
  pending_.push_back(std::move(pending));
  return pending_.back();
}

std::optional<MatchPipeline::Pending> MatchPipeline::commit(std::int64_t version) {
  if (!next_to_commit(version)) return std::nullopt;
  Pending done = std::move(pending_.front());
  pending_.pop_front();
  committed_ = version;
  return done;
}

std::deque<MatchPipeline::Pending> MatchPipeline::drop() {
  applied_ = committed_;
  return std::exchange(pending_, {});
}

}  // namespace tortuga
