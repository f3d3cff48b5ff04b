// The values of the tiles in the dispenser as data: ours from tile_stacks.json, with any part
// replaced by a match's option "stacks" (for owners of the printed game). The rulebook fixes how
// many tiles each part has and the range of their values; both are checked.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"
#include "rules/um_rum_und_ehre/stacks.hpp"

namespace tortuga::um_rum_und_ehre {

// Our stacks, unshuffled, top last.
const Stacks& standard_stacks();

// Our stacks with the parts `given` names replaced; refuses unknown parts, wrong counts and values
// out of range with code bad_options and the reason.
Expected<Stacks> parse_stacks(const nlohmann::json& given);

}  // namespace tortuga::um_rum_und_ehre
