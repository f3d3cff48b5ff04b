// The admin API (/api/admin/...): what the server's operator sees and does without a restart.
// Off unless a token is configured (every admin route then answers 404, as an unknown path);
// with one, each request must carry it as a bearer token, or is answered 401. Each action is
// logged and recorded in the store with who did it and when, and the record is listed here too.
// Beast stays out of here, as from HttpApi: the sockets are HttpSession's.
//
//   GET  /api/admin/rooms                    every room of this node, private ones too, with
//                                            seats and connections; on a cluster, every other
//                                            node's room too, with its node
//   POST /api/admin/rooms/{id}/close         {"reason"?}: its match ends as aborted
//   POST /api/admin/rooms/{id}/remove        {"player", "seat": "bot" | "open", "reason"?}
//   POST /api/admin/notice                   {"text"}: to every connection of this node
//
// On a cluster each node acts on its own rooms and connections only: a call about another
// node's room is answered 421 with that node and the URL of the same call there, and a notice's
// answer names the other nodes to send it to.
//   GET  /api/admin/drain, POST /api/admin/drain   where draining stands; POST begins it
//   GET  /api/admin/actions?limit=&before=   the record of admin actions, newest first
//   POST /api/admin/accounts/{player}/password, .../disable, .../enable   (admin_accounts.cpp)
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "server/api/admin_token.hpp"
#include "server/api/http_reply.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/config.hpp"
#include "server/room/client.hpp"

namespace tortuga {

struct AdminRequest {
  std::string method;  // "GET", "HEAD", "POST", ...
  std::string target;  // path and query
  std::string authorization;
  std::string body;
  std::string address = {};  // where it comes from (client_address.hpp): wrong tokens are counted
};

// Answers once, from any thread: a close waits for the store to keep the aborted match.
using AdminReply = std::function<void(HttpReply)>;
// Sends a message to every open connection; returns how many.
using SendToAll = std::function<std::size_t(Message)>;

class AdminApi {
 public:
  // `cluster`: the cluster this node is part of; none for a node alone.
  AdminApi(Lobby& lobby, store::Store& store, const AdminSettings& settings, SendToAll send_to_all,
           store::Cluster* cluster = nullptr);

  // Whether `target` is the admin API's (every path under /api/admin).
  static bool serves(std::string_view target);
  void handle(const AdminRequest& request, AdminReply reply);

 private:
  using Json = nlohmann::json;
  void close_room(std::int64_t room, const Json& body, AdminReply reply);
  void remove_player(std::int64_t room, const Json& body, AdminReply reply);
  void notice(const Json& body, AdminReply reply);
  void drain(AdminReply reply);
  // An account's password reset, or the account disabled or enabled (`what`; admin_accounts.cpp).
  void account(std::int64_t player, const std::string& what, const Json& body, AdminReply reply);
  HttpReply rooms() const;
  // The answer to a call about a room that is not this node's: 421 naming the node that has it
  // (`route`: the call's path below the room, "close" or "remove"), or 404 when none has.
  HttpReply not_here(std::int64_t room, const std::string& route) const;
  HttpReply actions(const std::map<std::string, std::string>& query) const;
  // Logs the action, stores it, and answers `answer` once it is stored.
  void record(const std::string& action, Json detail, HttpReply answer, AdminReply reply);

  Lobby& lobby_;
  store::Store& store_;
  AdminToken token_;
  SendToAll send_to_all_;
  store::Cluster* cluster_;
};

}  // namespace tortuga
