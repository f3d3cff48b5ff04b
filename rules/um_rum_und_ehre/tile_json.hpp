// A tile as views and events show it.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/um_rum_und_ehre/kinds.hpp"

namespace tortuga::umrum {

nlohmann::json tile_json(const Tile& tile);

}  // namespace tortuga::umrum
