// The admin API as the integration tests call it: a server started with an admin token (from a
// token file, as an operator keeps it out of `ps`), and calls that carry it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/integration/server_process.hpp"

namespace tortuga::integration {

inline constexpr const char* kAdminToken = "harbour-master-7f3a9c21d4";

// Writes kAdminToken to a file in `dir` and returns the flags that make the server read it.
std::vector<std::string> admin_flags(const std::filesystem::path& dir);

// METHOD /api/admin/PATH with the token as a bearer, and `body` as JSON.
HttpReply admin_call(std::uint16_t port, const std::string& method, const std::string& path,
                     const std::string& body = "");
// The same, checking that the answer has `status`; returns the answer's JSON.
nlohmann::json admin_json(std::uint16_t port, const std::string& method, const std::string& path,
                          const std::string& body = "", int status = 200);

}  // namespace tortuga::integration
