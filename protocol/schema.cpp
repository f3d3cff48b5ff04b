#include "protocol/schema.hpp"

#include <string>

#include <nlohmann/json.hpp>

#include "protocol/schema_data.hpp"

namespace tortuga::protocol {

std::string_view schema_text() {
  // CMake writes the bundle indented; clients get it compact, parsed once.
  static const std::string compact = nlohmann::json::parse(kSchemaJson).dump();
  return compact;
}

}  // namespace tortuga::protocol
