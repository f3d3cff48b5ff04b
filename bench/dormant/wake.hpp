// The players of the dormant-match benchmark, seen from outside as any client: connections that
// sign in with their tokens and then wait, idle; and wakes, one at a time, each a seated player's
// sync of a dormant match, timed from the request to the match's full state.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench/event_loop.hpp"
#include "bench/ws_client.hpp"

namespace tortuga::bench::dormant {

class Players {
 public:
  // Connects and signs in one player per token, on a thread of its own; throws unless every one
  // is welcomed within a minute.
  Players(std::uint16_t port, const std::vector<std::string>& tokens);
  ~Players();
  Players(const Players&) = delete;
  Players& operator=(const Players&) = delete;

  // Player `who` syncs `match`: the milliseconds until its state arrives. Throws on an error
  // answer, or when none comes within 30 s.
  double wake(int who, std::int64_t match);

 private:
  struct Shared;
  std::unique_ptr<Shared> shared_;
  EventLoop loop_;
  std::vector<std::unique_ptr<WsClient>> clients_;
  std::thread thread_;
};

// The value of `series` (a metric's name with its labels) on the server's /metrics; none if it
// is not there.
std::optional<double> metric(std::uint16_t port, const std::string& series);

}  // namespace tortuga::bench::dormant
