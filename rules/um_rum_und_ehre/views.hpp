// Um Rum & Ehre's views, written value by value for rooms (see rules/core/views/observer.hpp):
// the town, the ship and every public count, with each player's own coins and tiles (see
// views.cpp). UmRumUndEhreState's seat_view is this writing as a tree.
#pragma once

#include "rules/core/views/observer_of.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {

class UmRumUndEhreObserver final : public ObserverOf<UmRumUndEhreState> {
 public:
  UmRumUndEhreObserver();
};

}  // namespace tortuga::um_rum_und_ehre
