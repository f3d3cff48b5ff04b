// Scalawag!'s views, written value by value for rooms (see rules/core/views/observer.hpp): what
// each seat sees (the public table, its own hand and allegiance, and the events it may know).
// ScalawagState's seat_view is this writing as a tree.
#pragma once

#include "rules/core/views/observer_of.hpp"
#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {

class ScalawagObserver final : public ObserverOf<ScalawagState> {
 public:
  ScalawagObserver();
};

}  // namespace tortuga::scalawag
