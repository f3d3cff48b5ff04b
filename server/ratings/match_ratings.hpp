// Rates finished rated matches exactly once: the one that just ended, and at a start or after a
// takeover every one a stopped node left unrated. The store records each match under a unique key
// in the same transaction as the new ratings, so a match rated twice (by two nodes, or again after
// a restart) changes nothing the second time. Thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "persistence/store.hpp"
#include "ratings/weng_lin.hpp"

namespace tortuga::rated {

class MatchRatings {
 public:
  explicit MatchRatings(store::Store& store, ratings::Model model = {})
      : store_(store), model_(model) {}

  // Rates `match` if it is a finished rated match not yet rated. Does not wait: the store
  // answers on its writer thread, which then tells the listeners.
  void rate(std::int64_t match);
  // Every finished rated match not yet rated, oldest first; waits for each. Returns how many it
  // rated now, or -1 if the store could not be read.
  int rate_pending();

  // Called with a game's id once a match of it has changed ratings (for the leaderboard's
  // watchers), on the store's writer thread: keep it short.
  void on_rated(std::function<void(const std::string& game)> listener);

 private:
  // Hands one match to the store; `rated` is told whether it was rated now.
  void rate_one(const store::MatchToRate& match, std::function<void(bool)> rated);
  void tell(const std::string& game);

  store::Store& store_;
  const ratings::Model model_;
  std::mutex mutex_;
  std::vector<std::function<void(const std::string&)>> listeners_;
};

}  // namespace tortuga::rated
