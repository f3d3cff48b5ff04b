#include "server/room/chat_log.hpp"

#include <algorithm>

namespace tortuga {

bool ChatLog::admit(std::int64_t player, Clock::time_point now) {
  auto [it, fresh] = allowances_.try_emplace(player, Allowance{kBurst, now});
  Allowance& a = it->second;
  if (!fresh) {
    // A token bucket: the allowance grows back by one line every kRefill, up to kBurst.
    const std::chrono::duration<double, std::milli> since = now - a.at;
    a.lines = std::min<double>(kBurst, a.lines + since.count() / kRefill.count());
    a.at = now;
  }
  if (a.lines < 1) return false;
  a.lines -= 1;
  return true;
}

void ChatLog::said(Json line) {
  recent_.push_back(std::move(line));
  if (recent_.size() > kRecentLines) recent_.pop_front();
}

Json ChatLog::recent_for(std::int64_t listener) const {
  Json lines = Json::array();
  for (const Json& line : recent_) {
    const Json& speaker = line["player"];
    if (speaker.is_number_integer() && muted(listener, speaker.get<std::int64_t>())) continue;
    lines.push_back(line);
  }
  return lines;
}

bool ChatLog::spoke(std::int64_t player) const {
  return std::any_of(recent_.begin(), recent_.end(),
                     [&](const Json& line) { return line["player"] == player; });
}

std::size_t ChatLog::mutes_of(std::int64_t listener) const {
  auto it = mutes_.find(listener);
  return it == mutes_.end() ? 0 : it->second.size();
}

bool ChatLog::muted(std::int64_t listener, std::int64_t speaker) const {
  auto it = mutes_.find(listener);
  return it != mutes_.end() && it->second.count(speaker);
}

void ChatLog::set_muted(std::int64_t listener, std::int64_t speaker, bool muted) {
  if (muted) return void(mutes_[listener].insert(speaker));
  auto it = mutes_.find(listener);
  if (it == mutes_.end()) return;
  it->second.erase(speaker);
  if (it->second.empty()) mutes_.erase(it);
}

Json ChatLog::muted_by(std::int64_t listener) const {
  Json out = Json::array();
  if (auto it = mutes_.find(listener); it != mutes_.end())
    for (std::int64_t speaker : it->second) out.push_back(speaker);
  return out;
}

}  // namespace tortuga
