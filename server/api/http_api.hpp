// The HTTP side of the server, apart from sockets: health and readiness, metrics, the protocol's
// JSON Schema, match history, replays, exports, the static web client and the JavaScript SDK's
// modules it is built on. Beast stays out of here so that routing is tested without a network.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "persistence/store.hpp"
#include "server/access/allowance.hpp"
#include "server/api/http_reply.hpp"
#include "server/history/history.hpp"
#include "server/history/replays.hpp"
#include "server/ops/drain.hpp"
#include "server/ops/store_health.hpp"
#include "server/ratings/rating_pages.hpp"

namespace tortuga {

// Where the SDK's ES modules (sdk/js) are served: a stable path, which the web client imports
// from and other pages may too.
inline constexpr const char* kSdkPath = "/sdk/";

// Where the plotting library the web client draws rating histories with (uPlot, an npm
// dependency of the project's package.json) is served: its dist/ files, from
// node_modules/uplot/dist beside the web root, as npm installs it in the source tree.
inline constexpr const char* kPlotPath = "/vendor/uplot/";

// The web client's message catalogs, one per language (web_root/locales/<language>.json), and
// the list of their languages, which this path answers: adding a language is adding a file.
inline constexpr const char* kLocalesPath = "/locales/";

// The SDK's folder for a web root: sdk/js beside it, as in the source tree (web/, sdk/js/) and in
// an installed layout that keeps the two side by side (/usr/share/tortuga/web, .../sdk/js).
std::filesystem::path sdk_root_beside(const std::filesystem::path& web_root);

// uPlot's folder for a web root: node_modules/uplot/dist beside it (the web client draws its
// plots without it, as tables, when it is missing).
std::filesystem::path plot_root_beside(const std::filesystem::path& web_root);

// A GET as the HTTP API reads it.
struct HttpRequest {
  std::string target;         // path and query ("/api/matches?game=x")
  std::string authorization;  // the Authorization header: "Bearer TOKEN" names a player
  std::string address = {};   // the client's, for the limits kept per address
};

class HttpApi {
 public:
  // `drain`: the node's, for readiness; none: the node never drains. `replays`: the node's
  // (Lobby::replays); none: the API's own, with the default limits. `health`: the store's
  // outages as the server knows them (store_health.hpp), for readiness; none: the store is
  // probed at every call.
  HttpApi(store::Store& store, std::string web_root, const Drain* drain = nullptr,
          Replays* replays = nullptr, StoreHealth* health = nullptr);

  using Reply = std::function<void(HttpReply)>;
  // Answers `request` through `reply`: on this thread, or for a replay from a replay thread. A
  // read the store cannot do now answers 503, store_unavailable.
  void answer(const HttpRequest& request, Reply reply) const;
  // The same, waiting for the answer: for a caller that may wait (a test).
  HttpReply get(const HttpRequest& request) const;
  HttpReply get(const std::string& target) const { return get(HttpRequest{target, ""}); }

 private:
  void route(const HttpRequest& request, const Reply& reply) const;
  HttpReply readiness() const;
  // The matches' endpoints, /api/matches and below, for `viewer`.
  void matches(const std::string& path, const std::map<std::string, std::string>& query,
               const Viewer& viewer, const std::string& address, const Reply& reply) const;

  // The ratings' endpoints: /api/leaderboard/{game}, /api/players/{id}, /api/players?name=.
  HttpReply ratings(const std::string& path, const std::map<std::string, std::string>& query,
                    const Viewer& viewer) const;

  store::Store& store_;
  // The ratings' reads per address (rated::kRatingReadsPerMinute).
  mutable Allowance rating_reads_{rated::kRatingReadsPerMinute, std::chrono::minutes(1)};
  std::string web_root_;
  std::string sdk_root_;
  std::string plot_root_;
  const Drain* drain_;
  std::unique_ptr<Replays> own_replays_;
  Replays* replays_;
  StoreHealth* health_;
};

}  // namespace tortuga
