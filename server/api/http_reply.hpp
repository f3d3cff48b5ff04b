// An HTTP answer as the server's HTTP side makes it, apart from sockets, and the JSON answers
// every endpoint gives: a body, or a refusal {"code", "message"} with its status.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga {

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers = {};  // beyond the usual ones
};

inline HttpReply json_reply(int status, const nlohmann::json& body) {
  return {status, "application/json", body.dump()};
}

inline HttpReply error_reply(int status, const std::string& code, const std::string& message) {
  return json_reply(status, {{"code", code}, {"message", message}});
}

}  // namespace tortuga
