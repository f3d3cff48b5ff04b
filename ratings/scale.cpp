#include "ratings/scale.hpp"

namespace tortuga::ratings {

double conservative(const Skill& skill) {
  return skill.mu - 3 * skill.sigma;
}

bool provisional(const Skill& skill) {
  return skill.sigma > kProvisionalSigma;
}

}  // namespace tortuga::ratings
