#include "tests/integration/admin_calls.hpp"

#include <doctest/doctest.h>

namespace tortuga::integration {

std::vector<std::string> admin_flags(const std::filesystem::path& dir) {
  const auto file = dir / "admin-token";
  write_file(file, std::string(kAdminToken) + "\n");
  return {"--admin-token-file", file.string()};
}

HttpReply admin_call(std::uint16_t port, const std::string& method, const std::string& path,
                     const std::string& body) {
  return http_request(port, method, "/api/admin/" + path, body,
                      {{"Authorization", std::string("Bearer ") + kAdminToken}});
}

nlohmann::json admin_json(std::uint16_t port, const std::string& method, const std::string& path,
                          const std::string& body, int status) {
  const HttpReply reply = admin_call(port, method, path, body);
  INFO(method << " " << path << " " << body << " answered " << reply.status << " " << reply.body);
  CHECK(reply.status == status);
  return nlohmann::json::parse(reply.body);
}

}  // namespace tortuga::integration
