// The HTTP side of the server, apart from sockets: health and readiness, metrics, the protocol's
// JSON Schema, match history, replays, exports and the static web client. Beast stays out of here
// so that routing is tested without a network.
#pragma once

#include <string>

#include "persistence/store.hpp"
#include "server/drain.hpp"
#include "server/http_reply.hpp"

namespace tortuga {

class HttpApi {
 public:
  // `drain`: the node's, for readiness; none: the node never drains.
  HttpApi(store::Store& store, std::string web_root, const Drain* drain = nullptr)
      : store_(store), web_root_(std::move(web_root)), drain_(drain) {}
  // `target` is the request target, path and query ("/api/matches?game=x").
  HttpReply get(const std::string& target) const;

 private:
  HttpReply static_file(const std::string& path) const;
  HttpReply readiness() const;

  store::Store& store_;
  std::string web_root_;
  const Drain* drain_;
};

}  // namespace tortuga
