// The reference JSON Patch diff, over two trees, for checking protocol::diff against.
#pragma once

#include <nlohmann/json.hpp>

namespace tortuga::testing {

nlohmann::json tree_diff(const nlohmann::json& from, const nlohmann::json& to);
nlohmann::json tree_diff_members(const nlohmann::json& from, const nlohmann::json& to);

}  // namespace tortuga::testing
