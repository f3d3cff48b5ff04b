// A WebSocket client for the integration tests: synchronous to use, with a timeout on every wait
// as a failure guard. It reads every message the server sends and keeps, per match, the latest
// view: a `state` replaces it, a `patch` is applied to it with protocol::apply_patch. It checks
// the protocol's promises as it goes (versions rise by exactly one per patch, a patched view's
// `step` equals the patch's version, no patch comes before a state, no state goes back to an
// earlier version, and when recording, a version shown twice is the same view) and reports every
// broken one as a doctest failure.
//
// When the environment variable TORTUGA_FRAMES_DIR names a directory, each client also writes
// every frame it sends and receives there, one JSON line each, in a file of its own; a ctest
// step then checks them all against the protocol's JSON Schema (tests/schema/check_frames.mjs).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::integration {

using Json = nlohmann::json;
using Millis = std::chrono::milliseconds;

inline constexpr Millis kWait{10000};  // how long any single expected message may take

// What a client knows of one match.
struct MatchView {
  Json view;                             // the latest view
  std::int64_t version = 0;              // the version of `view`
  int states = 0;                        // full states received
  int patches = 0;                       // patches applied
  std::map<std::int64_t, Json> history;  // the view at each version seen, when recording
};

// The close frame a connection ended with: its code (1001 is "going away") and its reason.
struct CloseFrame {
  int code = 0;
  std::string reason;
};

class TestClient {
 public:
  // What the client offers in its upgrade: nothing, or permessage-deflate as browsers do.
  enum class Offer { plain, deflate };
  // How it connects.
  struct Connect {
    Offer offer = Offer::plain;
    // Headers of the upgrade request beyond the usual ones (an Origin, an X-Forwarded-For).
    std::vector<std::pair<std::string, std::string>> headers = {};
    // The socket's receive buffer (SO_RCVBUF) in bytes, 0 for the system's: a small one makes a
    // client that stops reading back up the server sooner.
    int receive_buffer = 0;
  };

  // Connecting as from `address`, behind a server's trusted proxy (behind_proxy_config()).
  static Connect from_address(const std::string& address) {
    return Connect{.headers = {{"X-Forwarded-For", address}}};
  }
  // The address of the `n`th of many people, each its own (198.18.0.0/15, for tests).
  static std::string person_address(int n) {
    return "198.18." + std::to_string(n / 250) + "." + std::to_string(n % 250 + 1);
  }

  // Connects to ws://127.0.0.1:PORT/ws; throws when it cannot. `label` names it in failures.
  TestClient(std::uint16_t port, std::string label, Offer offer = Offer::plain);
  TestClient(std::uint16_t port, std::string label, Connect how);
  ~TestClient();
  TestClient(const TestClient&) = delete;
  TestClient& operator=(const TestClient&) = delete;

  const std::string& label() const { return label_; }
  // The extensions the server agreed to in its answer to the upgrade ("" for none).
  std::string extensions() const;

  void send(const Json& message);
  // Any text, on purpose not a message perhaps (a malformed frame, a test of the limits).
  void send_text(std::string_view text);
  // Sends `message` with a fresh "id" and returns the first message that answers it ("re").
  Json request(Json message, Millis timeout = kWait);

  // The next message, if one comes within `timeout`.
  std::optional<Json> receive(Millis timeout);
  // Reads until a message satisfies `match` and returns it; throws after `timeout`.
  Json wait_for(const std::function<bool(const Json&)>& match, const std::string& what,
                Millis timeout = kWait);
  Json wait_for_type(const std::string& type, Millis timeout = kWait);
  // Reads until `done()` holds (checked before each message); throws after `timeout`.
  void wait_until(const std::function<bool()>& done, const std::string& what,
                  Millis timeout = kWait);
  // Reads whatever has already arrived, without waiting.
  void drain();

  // hello; keeps the player id and token. Returns the welcome.
  Json hello(const std::string& name, std::optional<std::string> token = std::nullopt);
  std::int64_t player() const { return player_; }
  const std::string& token() const { return token_; }

  // The connection is gone (the server closed it, or it failed).
  bool closed() const;
  // Reads until the connection is gone, keeping what arrives; returns how many messages came.
  // Throws after `timeout`.
  std::size_t read_until_closed(Millis timeout = kWait);
  // The close frame the server sent, once one has arrived.
  std::optional<CloseFrame> close_frame() const;

  const MatchView* match(std::int64_t id) const;
  // Keeps every view of every match from now on, in MatchView::history.
  void record_history() { record_ = true; }
  // Waits until this client's view of `match` is at `version` or later.
  const MatchView& wait_version(std::int64_t match, std::int64_t version, Millis timeout = kWait);
  // Every error the server sent this client, oldest first.
  const std::vector<Json>& errors() const { return errors_; }
  // How many messages read so far answered the request with id `re`: one each, by the protocol.
  int answers(const Json& re) const;
  // The last few messages, for failure messages.
  std::string recent() const;

 private:
  struct Connection;
  void write(std::string_view text, bool raw);
  // Appends one frame to this client's file under TORTUGA_FRAMES_DIR, if there is one.
  void record(const char* direction, std::string_view text, bool raw = false);
  void track(const Json& message);
  Json next(std::chrono::steady_clock::time_point deadline, const std::string& what);

  std::string label_;
  std::unique_ptr<Connection> connection_;
  std::int64_t next_id_ = 1;
  std::int64_t player_ = 0;
  std::string token_;
  bool record_ = false;
  std::map<std::int64_t, MatchView> matches_;
  std::vector<Json> errors_;
  std::map<std::string, int> answers_;  // by the answered request's id, as JSON text
  std::deque<std::string> recent_;
  std::ofstream frames_;
};

}  // namespace tortuga::integration
