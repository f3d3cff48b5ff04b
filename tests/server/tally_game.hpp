// A tiny game for testing rooms apart from any real game's rules. Two seats take turns adding 1
// or 2 to a tally; whoever brings it to 6 or more wins. Each seat has a secret number that only
// its own view shows. With the option clock_ms, the seat to act has that long; on timeout it
// adds 1. With the option open_hands, the secrets are shown to everyone, and the board is one
// for all audiences; with named_changes as well, the game's observer names the board's changes
// when the tally is even (and only then, so that rooms meet named and unnamed changes in either
// order). With the option either, both seats may add at any time, as people and bots do
// in a game's challenge windows. With the option goal, the tally that wins is that one, not 6.
#pragma once

#include "rules/core/game.hpp"

namespace tortuga::testing {

class TallyState : public State {
 public:
  TallyState(Json options, Chance chance)
      : State(2, std::move(chance)), options_(std::move(options)) {
    secret_[0] = 100 + static_cast<int>(this->chance().below(100));
    secret_[1] = 300 + static_cast<int>(this->chance().below(100));
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<TallyState>(*this); }
  std::vector<int> actors() const override {
    if (options_.value("either", false)) return {0, 1};
    return {turn_};
  }
  bool is_over() const override { return tally_ >= options_.value("goal", 6); }
  Json result() const override {
    return is_over() ? Json{{"winners", {1 - turn_}}, {"reason", "tally"}} : Json(nullptr);
  }
  std::optional<Deadline> deadline() const override {
    int ms = options_.value("clock_ms", 0);
    if (ms <= 0) return std::nullopt;
    return Deadline{ms, {turn_}};
  }
  int secret(int seat) const { return secret_[seat]; }
  int tally() const { return tally_; }
  const std::vector<int>& added() const { return history_; }  // each action's number, in order
  bool open_hands() const { return options_.value("open_hands", false); }
  bool names_changes() const { return options_.value("named_changes", false); }

 protected:
  Json legal(int) const override {
    return Json::array({{{"type", "add"}, {"n", 1}}, {{"type", "add"}, {"n", 2}}});
  }
  Refusal act(int, const Json& action) override {
    if (action["type"] != "add") return bad_action("unknown action");
    auto n = action.find("n");
    if (n == action.end() || !n->is_number_integer()) return bad_action("n must be 1 or 2");
    if (*n != 1 && *n != 2) return illegal("you may add 1 or 2");
    add(n->get<int>());
    return std::nullopt;
  }
  Refusal on_timeout() override {
    add(1);
    return std::nullopt;
  }
  Json seat_view(int seat) const override {
    Json v = {{"tally", tally_}};
    if (open_hands()) {
      v["secrets"] = {secret_[0], secret_[1]};
      v["history"] = history_;
      return v;
    }
    if (seat >= 0) v["secret"] = secret_[seat];
    if (seat == kEveryone) v["secrets"] = {secret_[0], secret_[1]};
    return v;
  }

 private:
  void add(int n) {
    tally_ += n;
    history_.push_back(n);
    turn_ = 1 - turn_;
  }
  Json options_;
  int tally_ = 0;
  int turn_ = 0;
  int secret_[2];
  std::vector<int> history_;
};

// With the option open_hands, one board for all; with named_changes as well, names the changes
// since its last write when the tally is even: the numbers added since then, and the tally.
class TallyObserver : public Observer {
 public:
  bool one_board_for_all(const State& state) const override {
    return static_cast<const TallyState&>(state).open_hands();
  }
  void write_board(const State& state, int seat, ViewWriter& out) override {
    shown_ = static_cast<const TallyState&>(state).added().size();
    Observer::write_board(state, seat, out);
  }
  bool write_board_changes(const State& s, BoardChanges& out) override {
    const auto& state = static_cast<const TallyState&>(s);
    if (!state.names_changes() || state.tally() % 2 != 0) return false;
    const auto& added = state.added();
    for (; shown_ < added.size(); ++shown_)
      out.add({"history", static_cast<int>(shown_)}).value(added[shown_]);
    out.replace({"tally"}).value(state.tally());
    return true;
  }

 private:
  std::size_t shown_ = 0;  // the numbers added as of the last write
};

class TallyGame : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo i{"tally", "Tally", 2, 2};
    return i;
  }
  Json option_schema() const override {
    return {{"clock_ms", {{"type", "integer"}, {"min", 0}, {"max", 60000}, {"default", 0}}},
            {"open_hands", {{"type", "boolean"}, {"default", false}}},
            {"named_changes", {{"type", "boolean"}, {"default", false}}},
            {"either", {{"type", "boolean"}, {"default", false}}},
            {"goal", {{"type", "integer"}, {"min", 2}, {"max", 1000}, {"default", 6}}}};
  }
  std::unique_ptr<State> new_state(const Json& options, Chance chance) const override {
    return std::make_unique<TallyState>(options, std::move(chance));
  }
  std::unique_ptr<Observer> make_observer() const override {
    return std::make_unique<TallyObserver>();
  }
};

}  // namespace tortuga::testing
