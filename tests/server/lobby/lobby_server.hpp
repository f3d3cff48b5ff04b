// A lobby on a store of either backend, restartable, and what its tests read of what clients
// were sent: the fixture of the lobby's tests.
#pragma once

#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>

#include <unistd.h>

#include "protocol/command.hpp"
#include "protocol/patch.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/config.hpp"
#include "tests/persistence/helpers.hpp"
#include "tests/server/fake_client.hpp"

namespace tortuga::testing {

namespace fs = std::filesystem;

// A lobby on a store of either backend, which it can be restarted on.
template <class Backend = store::test::OnSqlite>
struct Server {
  fs::path dir;
  Backend db;
  std::unique_ptr<store::Store> store;
  std::unique_ptr<boost::asio::io_context> io;
  std::unique_ptr<Lobby> lobby;
  int recovered = 0;
  RoomSettings settings{0};  // the lobby's rooms', as a test sets them before open()

  Server() {
    static int n = 0;
    dir = fs::temp_directory_path() /
          ("tortuga-lobby-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(dir);
    open();
  }
  ~Server() {
    close();
    fs::remove_all(dir);
  }
  void open() {
    store = db.open();
    io = std::make_unique<boost::asio::io_context>();
    lobby = std::make_unique<Lobby>(*io, *store, settings, LobbyLimits{10});
    recovered = lobby->recover();
  }
  // Like a stop and start of the process: rooms are gone, the store's database stays.
  void restart() {
    close();
    open();
  }
  void close() {
    if (!lobby) return;
    lobby->shutdown();
    run_until(
        *io, [] { return false; }, std::chrono::milliseconds(20));
    store->flush();
    lobby.reset();
    io.reset();
    store.reset();
  }
  // As a connection does: the next message only once the lobby is ready for it.
  void send(const std::shared_ptr<FakeClient>& c, const Json& message) {
    auto ready = std::make_shared<std::atomic<bool>>(false);
    lobby->handle(c, protocol::parse_command(message.dump()), [ready] { *ready = true; });
    REQUIRE(run_until(*io, [&] { return ready->load(); }));
    run_until(
        *io, [] { return false; }, std::chrono::milliseconds(20));
  }
  template <class P>
  bool run(P done) {
    return run_until(*io, done);
  }
};

inline Json last(const FakeClient& c, const std::string& type) {
  auto all = c.of_type(type);
  return all.empty() ? Json() : all.back();
}

inline Json latest_view(const FakeClient& client, std::int64_t match) {
  Json view;
  for (const Json& m : client.received()) {
    if (m.value("match", Json()) != match) continue;
    if (m["type"] == "state") view = m["view"];
    if (m["type"] == "patch") view = *protocol::apply_patch(view, m["ops"]);
  }
  return view;
}

}  // namespace tortuga::testing
