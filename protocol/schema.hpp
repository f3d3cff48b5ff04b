// The protocol's JSON Schema (draft 2020-12), bundled at build time from the files under
// protocol/schema/ (see protocol/CMakeLists.txt): the machine-readable form of
// docs/protocol.md, served at GET /api/schema.
#pragma once

#include <string_view>

namespace tortuga::protocol {

// The bundle's text, a JSON object.
std::string_view schema_text();

}  // namespace tortuga::protocol
