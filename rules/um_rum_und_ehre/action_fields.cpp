#include "rules/um_rum_und_ehre/action_fields.hpp"

#include <cstring>

namespace tortuga::umrum {

Refusal expect_fields(const nlohmann::json& action, std::initializer_list<const char*> fields) {
  const std::string type = action["type"].get<std::string>();
  for (auto it = action.begin(); it != action.end(); ++it) {
    if (it.key() == "type") continue;
    bool known = false;
    for (const char* f : fields) known = known || it.key() == f;
    if (!known) return bad_action("a " + type + " action has no field \"" + it.key() + "\"");
  }
  for (const char* f : fields)
    if (!action.contains(f))
      return bad_action("a " + type + " action needs the field \"" + std::string(f) + "\"");
  return std::nullopt;
}

Expected<int> int_field(const nlohmann::json& action, const char* name) {
  const auto& v = action[name];
  if (!v.is_number_integer()) return bad_action("\"" + std::string(name) + "\" must be an integer");
  if (v.is_number_unsigned() ? v.get<unsigned long long>() > 1000000ULL
                             : (v.get<long long>() < -1000000LL || v.get<long long>() > 1000000LL))
    return bad_action("\"" + std::string(name) + "\" is out of range");
  return v.get<int>();
}

}  // namespace tortuga::umrum
