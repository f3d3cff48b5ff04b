// The reference JSON Patch diff, over two trees, for checking protocol::diff against.
#pragma once

#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace tortuga::testing {

// `whole`: the pointers of values written whole (ViewWriter::whole), which are replaced whole
// where they changed, never walked into.
nlohmann::json tree_diff(const nlohmann::json& from, const nlohmann::json& to,
                         const std::set<std::string>& whole = {});
nlohmann::json tree_diff_members(const nlohmann::json& from, const nlohmann::json& to,
                                 const std::set<std::string>& whole = {});

}  // namespace tortuga::testing
