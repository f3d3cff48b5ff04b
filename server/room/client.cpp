#include "server/room/client.hpp"

#include "protocol/event.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {

std::string refusal(const nlohmann::json& re, const Error& error) {
  server_metrics().error_sent(error.code);
  return protocol::event::error(re, error);
}

std::string counted_error(std::string_view code, std::string text) {
  server_metrics().error_sent(code);
  return text;
}

}  // namespace tortuga
