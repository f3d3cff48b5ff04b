#include "rules/core/bots/ismcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

namespace tortuga {
namespace {

struct Node {
  int seat = -1;    // who made the move into this node
  std::string key;  // that seat and its action, as text: the edge's name
  Json action;
  int visits = 0;
  int available = 0;  // iterations in which this move was legal at its parent
  double value = 0;   // sum of outcomes for `seat`
  std::vector<int> children;
};

std::string key_of(int seat, const Json& action) {
  return std::to_string(seat) + ':' + action.dump();
}

class Search {
 public:
  Search(const Determinizer& game, const SearchBudget& budget, int root_seat, Chance& rng)
      : game_(game), budget_(budget), root_seat_(root_seat), rng_(rng) {
    nodes_.emplace_back();
  }

  void iterate(State& state) {
    std::vector<int> path{0};
    int at = 0;
    bool expanded = false;
    while (!state.is_over() && !expanded) {
      const int seat = mover(state);
      if (seat < 0) return;  // nothing can move: a state the search cannot go on from
      const Json legal = state.legal_actions(seat);
      if (legal.empty()) return;
      std::vector<int> chosen_from;    // children offered now
      std::vector<std::size_t> fresh;  // legal actions without a child yet
      for (std::size_t i = 0; i < legal.size(); ++i) {
        const std::string key = key_of(seat, legal[i]);
        const int child = find_child(at, key);
        if (child < 0) {
          fresh.push_back(i);
        } else {
          ++nodes_[child].available;
          chosen_from.push_back(child);
        }
      }
      int next;
      if (!fresh.empty()) {
        const std::size_t pick = fresh[rng_.below(static_cast<std::uint32_t>(fresh.size()))];
        next = add_child(at, seat, legal[pick]);
        expanded = true;
      } else {
        next = select(chosen_from);
      }
      if (state.apply(seat, nodes_[next].action)) return;  // refused: drop this iteration
      path.push_back(next);
      at = next;
    }
    const auto outcomes = play_out(state);
    for (int node : path) {
      Node& n = nodes_[node];
      ++n.visits;
      if (n.seat >= 0) n.value += outcomes[n.seat];
    }
  }

  // The root's most visited move among the sight's legal actions.
  Json best(const Json& legal) const {
    int best_visits = -1;
    Json best_action = legal[0];
    for (const Json& action : legal) {
      const int child = find_child(0, key_of(root_seat_, action));
      if (child >= 0 && nodes_[child].visits > best_visits) {
        best_visits = nodes_[child].visits;
        best_action = action;
      }
    }
    return best_action;
  }

 private:
  // The seat whose move is the next node. When the thinking seat and others may act at once,
  // the others move first, by the rollout policy and outside the tree: the thinking seat cannot
  // see what they chose, so its own move must not depend on it.
  int mover(State& state) {
    auto actors = state.actors();
    while (actors.size() > 1 &&
           std::find(actors.begin(), actors.end(), root_seat_) != actors.end()) {
      const int other = actors[0] == root_seat_ ? actors[1] : actors[0];
      const Json action = game_.rollout_action(state, other, rng_);
      if (action.is_null() || state.apply(other, action)) return -1;
      actors = state.actors();
    }
    return actors.empty() ? -1 : actors[0];
  }

  std::vector<double> play_out(State& state) {
    int depth = 0;
    while (!state.is_over() && (budget_.rollout_depth < 0 || depth < budget_.rollout_depth)) {
      const auto actors = state.actors();
      if (actors.empty()) break;
      const int seat = actors[rng_.below(static_cast<std::uint32_t>(actors.size()))];
      const Json action = game_.rollout_action(state, seat, rng_);
      if (action.is_null() || state.apply(seat, action)) break;
      ++depth;
    }
    std::vector<double> outcomes(state.seats());
    const bool over = state.is_over();
    for (int seat = 0; seat < state.seats(); ++seat)
      outcomes[seat] = over ? game_.outcome(state, seat) : game_.estimate(state, seat);
    return outcomes;
  }

  int select(const std::vector<int>& offered) const {
    int best = offered[0];
    double best_score = -1;
    for (int child : offered) {
      const Node& n = nodes_[child];
      const double score =
          n.value / n.visits +
          budget_.exploration * std::sqrt(std::log(static_cast<double>(n.available)) / n.visits);
      if (score > best_score) {
        best_score = score;
        best = child;
      }
    }
    return best;
  }

  int find_child(int node, const std::string& key) const {
    for (int child : nodes_[node].children)
      if (nodes_[child].key == key) return child;
    return -1;
  }

  int add_child(int parent, int seat, const Json& action) {
    Node child;
    child.seat = seat;
    child.key = key_of(seat, action);
    child.action = action;
    child.available = 1;
    nodes_.push_back(std::move(child));
    const int index = static_cast<int>(nodes_.size()) - 1;
    nodes_[parent].children.push_back(index);
    return index;
  }

  const Determinizer& game_;
  const SearchBudget& budget_;
  int root_seat_;
  Chance& rng_;
  std::vector<Node> nodes_;
};

}  // namespace

Json IsmctsBot::choose(const Sight& sight, Chance& rng) const {
  if (!sight.legal.is_array() || sight.legal.empty()) return Json(nullptr);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto out_of_time = [&] {
    return budget_.time_ms > 0 &&
           Clock::now() - start >= std::chrono::milliseconds(budget_.time_ms);
  };
  std::unique_ptr<State> first = game_->sample(sight, rng);
  if (!first) return sight.legal[rng.below(static_cast<std::uint32_t>(sight.legal.size()))];
  Json settled = game_->settle(*first, sight.seat, rng);
  if (!settled.is_null()) return settled;
  if (sight.legal.size() == 1) return sight.legal[0];
  Search search(*game_, budget_, sight.seat, rng);
  std::vector<std::unique_ptr<State>> worlds;
  for (int i = 0; i < budget_.iterations && !out_of_time(); ++i) {
    std::unique_ptr<State> state;
    if (budget_.worlds > 0 && static_cast<int>(worlds.size()) >= budget_.worlds) {
      state = worlds[i % budget_.worlds]->clone();
    } else {
      state = first ? std::move(first) : game_->sample(sight, rng);
      if (!state) break;
      if (budget_.worlds > 0) {
        worlds.push_back(state->clone());
      }
    }
    search.iterate(*state);
  }
  return search.best(sight.legal);
}

}  // namespace tortuga
