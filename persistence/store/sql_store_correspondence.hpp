// SqlStore's members for correspondence play (persistence/correspondence.hpp): a match's clocks
// written whole, a player's vacation, and the clocks that fall due. Included by a backend's store
// only, after sql_store_impl.hpp.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "persistence/store/sql_store_impl.hpp"

namespace tortuga::store {

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::save_correspondence(
    const CorrespondenceClocks& clocks, Done done) {
  parts_->enqueue(
      WriteKind::correspondence_saved,
      [clocks](Connection& db) {
        if (!replace_correspondence(db, clocks))
          throw std::runtime_error("save_correspondence(" + std::to_string(clocks.match) +
                                   "): no such running match");
      },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::save_vacation(std::int64_t player,
                                                                 const Vacation& vacation,
                                                                 Done done) {
  parts_->enqueue(
      WriteKind::vacation_saved,
      [player, vacation](Connection& db) { upsert_vacation(db, player, vacation); },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<CorrespondenceClocks>>
SqlStore<Connection, Options, SchemaVersion>::correspondence(std::int64_t match) {
  return parts_->readers.read([&](Connection& db) { return select_correspondence(db, match); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<DueClock>> SqlStore<Connection, Options, SchemaVersion>::correspondence_due(
    std::int64_t by_ms, int limit) {
  return parts_->readers.read([&](Connection& db) {
    return select_correspondence_due(db, by_ms, std::clamp(limit, 1, kMaxListLimit));
  });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<Vacation> SqlStore<Connection, Options, SchemaVersion>::vacation(std::int64_t player) {
  return parts_->readers.read(
      [&](Connection& db) { return select_vacation(db, player).value_or(Vacation{}); });
}

}  // namespace tortuga::store
