// The HTTP side of the server, apart from sockets: health, metrics, match history, replays, exports
// and the static web client. Beast stays out of here so that routing is tested without a network.
#pragma once

#include <string>

#include "persistence/store.hpp"

namespace tortuga {

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

class HttpApi {
 public:
  HttpApi(store::Store& store, std::string web_root)
      : store_(store), web_root_(std::move(web_root)) {}
  // `target` is the request target, path and query ("/api/matches?game=x").
  HttpReply get(const std::string& target) const;

 private:
  HttpReply static_file(const std::string& path) const;

  store::Store& store_;
  std::string web_root_;
};

}  // namespace tortuga
