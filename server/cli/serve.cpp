#include <fstream>
#include <iostream>

#include "persistence/open_store.hpp"
#include "server/access/browser_policy.hpp"
#include "server/access/client_address.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/node.hpp"
#include "server/ops/config.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

bool wants_help(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

std::string port_file_of(const Args& args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--port-file") return args[i + 1];
  return "";
}

// What the config file and flags say that no part can work with: a message, or "".
std::string unusable(const Config& c) {
  // Read with the config file, where they were checked.
  auto trusted_proxies = TrustedProxies::parse(c.trusted_proxies);
  if (!trusted_proxies) return trusted_proxies.error().message;
  auto allowed_origins = AllowedOrigins::parse(c.allowed_origins);
  if (!allowed_origins) return allowed_origins.error().message;
  if (c.cluster.on() && !store::names_postgresql(c.db))
    return "a cluster (--node-id, cluster.node_id) needs a PostgreSQL database: --db "
           "postgresql://...";
  return "";
}

}  // namespace

int serve_command(const Args& args) {
  if (wants_help(args)) {
    std::cout << kServeHelp;
    return 0;
  }
  auto config = config_from_args(args);
  if (!config) {
    std::cerr << "tortuga serve: " << config.error().message << "\n";
    return 2;
  }
  const Config& c = *config;
  if (const std::string why = unusable(c); !why.empty()) {
    std::cerr << "tortuga serve: " << why << "\n";
    return 2;
  }
  log::set_level(c.log_level);
  log::set_format(c.log_format == "json" ? log::Format::json : log::Format::text);
  log::set_node(c.node);
  server_metrics();  // made now, so that process_start_time_seconds is when the server started
  try {
    Node node(c);
    const unsigned short port = node.listen();
    if (auto file = port_file_of(args); !file.empty()) std::ofstream(file) << port << "\n";
    node.run();
  } catch (const std::exception& e) {
    std::cerr << "tortuga serve: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace tortuga
