#include "bench/dormant/fill.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>

#include "persistence/now.hpp"
#include "persistence/open_store.hpp"
#include "persistence/token.hpp"
#include "rules/core/registry.hpp"

namespace tortuga::bench::dormant {

namespace {

// Matches stored per round: their rows are made first, then their moves and clocks, which name
// the ids the store gave them. Every write is queued, and the store commits them in batches.
constexpr int kRound = 2000;
// Each player sits in about this many matches: near a player's most by correspondence.
constexpr int kMatchesPerPlayer = 40;

// A match mid-play: its options, seed, the moves played (seat, action) and the seats the rules
// wait for now.
struct MidPlay {
  std::string options;
  std::uint64_t seed = 0;
  std::vector<std::pair<int, std::string>> moves;
  std::vector<int> waiting;
};

// A few random legal moves from the start, none ending the match: tried with new seeds until one
// lasts.
MidPlay mid_play(const Game& game, int seats, int moves, std::mt19937_64& rng) {
  const Json options = game.normalize_options({{"players", seats}}).value();
  for (int attempt = 0; attempt < 100; ++attempt) {
    MidPlay m{options.dump(), rng(), {}, {}};
    std::unique_ptr<State> state = game.new_state(options, Chance(m.seed));
    while (static_cast<int>(m.moves.size()) < moves && !state->is_over()) {
      const std::vector<int> actors = state->actors();
      if (actors.empty()) break;
      const int seat = actors[rng() % actors.size()];
      const Json legal = state->legal_actions(seat);
      if (!legal.is_array() || legal.empty()) break;
      if (state->apply(seat, legal[rng() % legal.size()])) break;  // refused: a bug of the rules
      m.moves.emplace_back(seat, state->history().back().action.dump());
    }
    if (state->is_over() || static_cast<int>(m.moves.size()) < moves) continue;
    m.waiting = state->actors();
    return m;
  }
  throw std::runtime_error("no match of " + game.info().id + " lasted " + std::to_string(moves) +
                           " moves");
}

// Collects the first failure among the writes queued.
struct Failures {
  std::mutex mutex;
  std::string first;
  void add(const std::string& why) {
    std::lock_guard lock(mutex);
    if (first.empty()) first = why;
  }
  void check() {
    std::lock_guard lock(mutex);
    if (!first.empty()) throw std::runtime_error("the store refused a write: " + first);
  }
};

store::CorrespondenceClocks clocks_of(std::int64_t match, const std::vector<int>& waiting,
                                      int seats, int days, std::int64_t now_ms) {
  store::CorrespondenceClocks c;
  c.match = match;
  c.pace = store::CorrespondencePace{days, 12, 7};
  for (int seat = 0; seat < seats; ++seat) {
    store::SeatClock& s = c.seats.emplace_back();
    s.seat = seat;
    s.bank_ms = c.pace.cap_ms();
    s.waiting = std::find(waiting.begin(), waiting.end(), seat) != waiting.end();
    s.running_from_ms = now_ms;
    s.due_ms = s.waiting ? now_ms + c.pace.move_ms() + s.bank_ms : 0;
  }
  return c;
}

}  // namespace

Filled fill_store(const FillSettings& settings) {
  const auto began = std::chrono::steady_clock::now();
  store::StoreOptions options;
  // Fewer, larger transactions, and no fsync per commit: the fill is a setup, not what is measured.
  options.sqlite.writer.max_batch = options.postgres.writer.max_batch = 8192;
  options.sqlite.synchronous_full = false;
  std::unique_ptr<store::Store> db = store::open_store(settings.db, options);
  std::mt19937_64 rng(settings.seed);
  Failures failures;
  Filled filled;

  filled.players = std::max(settings.online, settings.matches * 3 / kMatchesPerPlayer + 4);
  std::vector<std::int64_t> ids(filled.players);
  for (int i = 0; i < filled.players; ++i) {
    filled.tokens.push_back(store::new_token());
    db->create_player("Bench " + std::to_string(i), store::hash_token(filled.tokens.back()),
                      [&ids, &failures, i](const store::Outcome<store::Player>& p) {
                        if (p)
                          ids[i] = p->id;
                        else
                          failures.add(p.failure().why);
                      });
  }
  db->flush();
  failures.check();

  const std::vector<const Game*>& games = all_games();
  const std::int64_t now = store::now_ms();
  for (int first = 0; first < settings.matches; first += kRound) {
    const int count = std::min(kRound, settings.matches - first);
    std::vector<MidPlay> plays;
    std::vector<std::vector<int>> seated;
    std::vector<std::int64_t> made(count);
    for (int k = 0; k < count; ++k) {
      const int n = first + k;
      const Game& game = *games[n % games.size()];
      // Several players: two to four, as the game allows, in turn.
      const int fewest = std::max(2, game.info().min_players);
      const int most = std::max(fewest, std::min(4, game.info().max_players));
      const int seats = fewest + (n / static_cast<int>(games.size())) % (most - fewest + 1);
      plays.push_back(mid_play(game, seats, 2 + static_cast<int>(rng() % 5), rng));
      std::vector<int>& players = seated.emplace_back();
      while (static_cast<int>(players.size()) < seats) {
        const int p = static_cast<int>(rng() % filled.players);
        if (std::find(players.begin(), players.end(), p) == players.end()) players.push_back(p);
      }
      store::Match m;
      m.game = game.info().id;
      m.options_json = plays.back().options;
      m.seed = plays.back().seed;
      m.created_ms = now;
      for (int seat = 0; seat < seats; ++seat)
        m.seats.push_back({seat, ids[players[seat]], "Bench " + std::to_string(players[seat]), ""});
      db->create_match(m, [&made, &failures, k](const store::Outcome<std::int64_t>& id) {
        if (id)
          made[k] = *id;
        else
          failures.add(id.failure().why);
      });
    }
    db->flush();
    failures.check();
    const auto done = [&failures](const store::Outcome<void>& w) {
      if (!w) failures.add(w.failure().why);
    };
    for (int k = 0; k < count; ++k) {
      const MidPlay& play = plays[k];
      std::int64_t seq = 0;
      for (const auto& [seat, action] : play.moves)
        db->append_action({made[k], ++seq, seat, action, now, 0}, done);
      filled.actions += seq;
      const int seats = static_cast<int>(seated[k].size());
      db->save_correspondence(clocks_of(made[k], play.waiting, seats, 1 + (first + k) % 3, now),
                              done);
      filled.by_game[games[(first + k) % games.size()]->info().id].push_back(
          StoredMatch{made[k], seated[k]});
    }
  }
  db->flush();
  failures.check();
  filled.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return filled;
}

}  // namespace tortuga::bench::dormant
