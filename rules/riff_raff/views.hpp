// Riff Raff's views and legal actions, written value by value for rooms (see
// rules/core/views/observer.hpp): the ship, its cargo, the last placement's motion and the model
// every audience shares, with each player's own hand (see views.cpp). RiffRaffState's seat_view
// and legal are this writing as trees.
#pragma once

#include "rules/core/views/observer_of.hpp"
#include "rules/riff_raff/riff_raff_state.hpp"

namespace tortuga::riff_raff {

class RiffRaffObserver final : public ObserverOf<RiffRaffState> {
 public:
  RiffRaffObserver();
};

}  // namespace tortuga::riff_raff
