// A room's chat as the room keeps it: the recent lines a newcomer is given, who has muted whom,
// and how fast each player may speak. Plain bookkeeping on the room's strand: the room decides
// who is told what, and what is stored.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

namespace tortuga {

using Json = nlohmann::json;

class ChatLog {
 public:
  using Clock = std::chrono::steady_clock;
  // A newcomer gets this many of the latest lines: enough to follow the talk, and a bound on what
  // one join costs however long the room has chatted.
  static constexpr std::size_t kRecentLines = 50;
  // Each player may say kBurst lines at once, then one more every kRefill: a table's talk passes,
  // a flood does not. Apart from the connection's own message rate, which is far higher.
  static constexpr int kBurst = 5;
  static constexpr std::chrono::milliseconds kRefill{2000};

  // Whether `player` may say a line at `now`; if so, the line is counted against its allowance.
  bool admit(std::int64_t player, Clock::time_point now);
  // Keeps a line said (as the chat message carries it: "player" names its speaker).
  void said(Json line);
  // The recent lines, oldest first, without those of speakers `listener` has muted.
  Json recent_for(std::int64_t listener) const;

  // Whether `player` said one of the recent lines (a newcomer sees them, and may mute the speaker).
  bool spoke(std::int64_t player) const;
  bool muted(std::int64_t listener, std::int64_t speaker) const;
  std::size_t mutes_of(std::int64_t listener) const;
  void set_muted(std::int64_t listener, std::int64_t speaker, bool muted);
  // The players `listener` has muted, in id order.
  Json muted_by(std::int64_t listener) const;

 private:
  struct Allowance {
    double lines = kBurst;
    Clock::time_point at;
  };
  std::deque<Json> recent_;
  std::map<std::int64_t, std::set<std::int64_t>> mutes_;  // listener -> speakers
  std::map<std::int64_t, Allowance> allowances_;
};

}  // namespace tortuga
