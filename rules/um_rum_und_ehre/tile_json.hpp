// A tile as views and events show it.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/core/views/view_writer.hpp"
#include "rules/um_rum_und_ehre/kinds.hpp"

namespace tortuga::um_rum_und_ehre {

void write_tile(ViewWriter& out, const Tile& tile);
nlohmann::json tile_json(const Tile& tile);

}  // namespace tortuga::um_rum_und_ehre
