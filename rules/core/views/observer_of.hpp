// The observer of a game whose views are written by functions of its own state (GameState): its
// board, each of its private members and, where the game writes them, its legal actions. What
// every such observer would otherwise repeat is written here once: the cast from State, the
// private view as an object of the members, and their names, by which rooms cut them out of the
// board. A game's observer is then a list of its writers (rules/scalawag/views.cpp, say).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <span>
#include <string_view>

#include "rules/core/views/observer.hpp"

namespace tortuga {

template <class GameState>
class ObserverOf : public Observer {
 public:
  // Writes a part of `seat`'s view of `state`.
  using Writer = void (*)(const GameState& state, int seat, ViewWriter& out);
  // One of the members of a view that differ between audiences (Observer::private_members),
  // and what writes it.
  struct Member {
    std::string_view name;
    Writer write;
  };

  void write_board(const State& state, int seat, ViewWriter& out) override {
    board_(of(state), seat, out);
  }
  void write_legal(const State& state, int seat, ViewWriter& out) override {
    legal_ ? legal_(of(state), seat, out) : Observer::write_legal(state, seat, out);
  }
  std::span<const std::string_view> private_members(const State&) const override {
    return std::span(names_).first(members_.size());
  }
  void write_private_view(const State& state, int seat, ViewWriter& out) override {
    out.begin_object();
    for (const Member& member : members_) {
      out.key(member.name);
      member.write(of(state), seat, out);
    }
    out.end_object();
  }

 protected:
  // `members` in ascending order of their names. `legal` null: the state builds its legal
  // actions as a tree, which the generic observer walks.
  ObserverOf(Writer board, std::span<const Member> members, Writer legal = nullptr)
      : board_(board), members_(members), legal_(legal) {
    assert(members.size() <= names_.size());
    for (std::size_t i = 0; i < members.size(); ++i) names_[i] = members[i].name;
  }

 private:
  // Every state this observer sees is of its game, which makes both.
  static const GameState& of(const State& state) { return static_cast<const GameState&>(state); }

  Writer board_;
  std::span<const Member> members_;
  Writer legal_;
  std::array<std::string_view, 4> names_{};  // the members' names, for private_members
};

}  // namespace tortuga
