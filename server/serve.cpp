#include <csignal>
#include <fstream>
#include <iostream>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>

#include "persistence/sqlite_store.hpp"
#include "server/commands.hpp"
#include "server/config.hpp"
#include "server/config_parts.hpp"
#include "server/listener.hpp"
#include "server/lobby.hpp"
#include "server/log.hpp"

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
  log::set_level(c.log_level);

  try {
    store::SqliteStore store(c.db, store_options(c));
    const int threads =
        c.threads > 0 ? c.threads : std::max(1u, std::thread::hardware_concurrency());
    // Owned through a pointer so that it is destroyed first at the end, while the lobby and the
    // server state its queued handlers and sessions refer to still exist.
    auto io_owner = std::make_unique<boost::asio::io_context>(threads);
    boost::asio::io_context& io = *io_owner;
    Lobby lobby(io, store, room_settings(c), lobby_limits(c));
    const int recovered = lobby.recover();
    HttpApi http(store, c.web_root);
    ServerState state{lobby, http, c.limits};

    auto endpoint =
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address(c.address), c.port);
    auto listener = std::make_shared<Listener>(io, endpoint, state);
    listener->run();
    const auto port = listener->local_endpoint().port();
    TORTUGA_LOG(info, "listening on " << c.address << ":" << port << ", database " << c.db << ", "
                                      << threads << " threads, " << recovered
                                      << " matches resumed");
    if (auto file = port_file_of(args); !file.empty()) std::ofstream(file) << port << "\n";

    auto signals = std::make_unique<boost::asio::signal_set>(io, SIGINT, SIGTERM);
    signals->async_wait([&](boost::system::error_code, int signal) {
      TORTUGA_LOG(info, "signal " << signal << ": stopping");
      listener->stop();
      lobby.shutdown();
      io.stop();
    });

    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& t : pool) t.join();
    // Every action handed to the store is committed before the process ends. A room's last
    // action queues the match's result from its callback, hence a second flush for that.
    store.flush();
    store.flush();
    // The callbacks posted their news to the stopped io_context; destroying it drops them, with
    // the last references to rooms and sessions, while the lobby and server state still exist.
    lobby.release_rooms();
    listener.reset();
    signals.reset();
    io_owner.reset();
    TORTUGA_LOG(info, "stopped; every stored action is kept");
  } catch (const std::exception& e) {
    std::cerr << "tortuga serve: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace tortuga
