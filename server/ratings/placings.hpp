// A finished match's places for ratings, from its stored result and seats: the game's ranking
// (Game::ranking, from its rules), with every player who did not play their seat to the end
// (left it to a stand-in, or was removed) taken out of their team and placed last, tied with any
// other such player. And the arithmetic the store runs inside its write: the Weng-Lin update of
// those places, and the replay of the whole history that a rebuild runs.
#pragma once

#include <optional>
#include <vector>

#include "persistence/store.hpp"
#include "ratings/weng_lin.hpp"

namespace tortuga::rated {

// Each seated player's team and place; none when the game gives the match no ranking (Colpaccio's
// solo duel, a result it cannot read) or fewer than two players took part.
std::optional<std::vector<store::RatingChange>> placings(const store::MatchToRate& match);

// Fills every change's skill after the match from its skill before (a new player's when none),
// its team and its place, with the figure shown and whether it is provisional.
void rate(std::vector<store::RatingChange>& changes, const ratings::Model& model = {});

// Every rated match again, in the order they were rated, each from the skills the replay has
// reached: the skill before and after of every change.
void replay(std::vector<store::RatedMatch>& matches, const ratings::Model& model = {});

}  // namespace tortuga::rated
