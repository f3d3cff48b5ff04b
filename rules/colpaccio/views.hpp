// Colpaccio's views, written value by value for rooms (see rules/core/views/observer.hpp): the
// table, public but for the deck's order, the ships face down and the threats not yet known (see
// views.cpp). ColpaccioState's seat_view is this writing as a tree.
#pragma once

#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/core/views/observer_of.hpp"

namespace tortuga::colpaccio {

class ColpaccioObserver final : public ObserverOf<ColpaccioState> {
 public:
  ColpaccioObserver();
};

}  // namespace tortuga::colpaccio
