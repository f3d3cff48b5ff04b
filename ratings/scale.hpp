// How a skill is shown: the conservative rating mu - 3 sigma, a figure the player's skill exceeds
// with about 99.9% confidence by the model's own belief. On openskill's scale a new player
// (mu 25, sigma 25/3) is at 0 and the figure rises as the player wins and as the model grows
// sure of them. While sigma is above kProvisionalSigma the rating is provisional: too few matches
// to trust, listed after the settled ones. docs/ratings.md states both.
#pragma once

#include "ratings/weng_lin.hpp"

namespace tortuga::ratings {

inline constexpr double kProvisionalSigma = 6.5;

// mu - 3 sigma.
double conservative(const Skill& skill);
bool provisional(const Skill& skill);

}  // namespace tortuga::ratings
