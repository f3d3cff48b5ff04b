// The history's list of matches as SQL, the same for every backend: the filters given, newest
// first, at most the limit (clamped to [1, kMaxListLimit]), after the id to page from. One SQL
// text per combination of filters, so that each is planned for its own index (and prepared once
// per connection).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "persistence/store.hpp"

namespace tortuga::store {

struct MatchListQuery {
  // A parameter: text (a game, a status) or a number (a player, an id, the limit).
  struct Param {
    bool is_text = false;
    std::string text;
    std::int64_t number = 0;
  };
  std::string sql;  // " WHERE ... ORDER BY m.id DESC LIMIT ...", to follow "... FROM matches m"
  std::vector<Param> params;  // in the order they are numbered
};

// `mark` begins each numbered parameter: '?' for SQLite (?1), '$' for PostgreSQL ($1).
inline MatchListQuery match_list_query(const MatchFilter& f, char mark) {
  MatchListQuery q;
  std::vector<std::string> where;
  auto param = [&](MatchListQuery::Param value) {
    q.params.push_back(std::move(value));
    // Appended rather than mark + ...: GCC 12 warns of an overlapping copy in that (its bug
    // 105329) once this is inlined.
    std::string p(1, mark);
    p += std::to_string(q.params.size());
    return p;
  };
  if (f.game) where.push_back("m.game = " + param({true, *f.game}));
  if (f.status) where.push_back("m.status = " + param({true, std::string(status_name(*f.status))}));
  if (f.player)
    where.push_back("m.id IN (SELECT s.match_id FROM seats s WHERE s.player_id = " +
                    param({false, {}, *f.player}) + ")");
  if (f.before_id) where.push_back("m.id < " + param({false, {}, *f.before_id}));
  if (!f.with_private) {
    std::string visible = "(m.private_code = '' OR (m.public_when_over AND m.status <> 'running')";
    if (f.reader)
      visible += " OR m.id IN (SELECT s.match_id FROM seats s WHERE s.player_id = " +
                 param({false, {}, *f.reader}) + ")";
    where.push_back(visible + ")");
  }
  for (std::size_t i = 0; i < where.size(); ++i) q.sql += (i == 0 ? " WHERE " : " AND ") + where[i];
  q.sql += " ORDER BY m.id DESC LIMIT " + param({false, {}, std::clamp(f.limit, 1, kMaxListLimit)});
  return q;
}

}  // namespace tortuga::store
