// What a new match's model may be, beyond what any match's must (spec.hpp): only the names that
// cargo.json has, and a simulation whose work for one placement has a ceiling. A match stored
// before these limits was played with a model past them, and is still played and replayed with
// it; a new room may not ask for one.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"
#include "rules/riff_raff/spec.hpp"

namespace tortuga::riff_raff {

// The standard model simulates 600 steps (10 s at 60 Hz) of 11 solver iterations (8 for the
// velocities, 3 for the positions) at most for a placement, and sends 200 frames of its motion:
// a model may ask for up to four times that work and three times those frames. Past that, a
// placement costs the room's strand (and every replay of the match) tens of times the standard
// one, and a replay's size grows with the frames.
inline constexpr long kMaxStepIterations = 4 * 600 * 11;  // steps x iterations per placement
inline constexpr long kMaxFrames = 3 * 200;               // frames of motion per placement

// Refuses (bad_options) a merge patch naming anything cargo.json does not have (model.junk,
// physics.gravity_x, a part's "colour"), naming where.
Refusal check_model_names(const nlohmann::json& patch);
// Refuses (bad_options) a model whose placement may cost more than the ceilings above.
Refusal check_model_cost(const Spec& spec);

}  // namespace tortuga::riff_raff
