// The server as the integration tests meet it: a real `tortuga serve` child process on a free
// loopback port with its own database, and plain HTTP GETs against it.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace tortuga::integration {

// A fresh directory under the system's temporary directory, removed with everything in it.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// Writes `text` to `path`, replacing what was there.
void write_file(const std::filesystem::path& path, const std::string& text);

// Writes a config file holding `limits` (the "limits" object of config/tortuga.json) into `dir`
// and returns the flags that make the server read it.
std::vector<std::string> limits_config(const std::filesystem::path& dir, const std::string& name,
                                       const std::string& limits_json);
// A server behind a proxy it trusts (the loopback: it reads X-Forwarded-For), every limit at its
// default: each test client may then come from an address of its own (TestClient::Connect with
// from_address()), as people do, rather than all from one address.
std::vector<std::string> behind_proxy_config(const std::filesystem::path& dir);
// Limits under which a test client may act as fast as the server answers (the default allows a
// connection 50 messages a second, which a scripted player exceeds, and an address 10 replays at
// once, which the test's clients, all on one address, exceed together).
std::vector<std::string> fast_play_config(const std::filesystem::path& dir);

// Runs `tortuga ARGS...` to completion with its output in `log`, and returns its exit code
// (128 + signal when a signal ended it). Gives up, killing it, after `timeout`.
int run_tortuga(const std::vector<std::string>& args, const std::filesystem::path& log,
                std::chrono::milliseconds timeout = std::chrono::seconds(30));

// How long the server's bots pause before each move.
enum class BotDelay {
  none,            // --bot-delay-ms 0: bots act at once, so that matches run as fast as they can
  server_default,  // no flag: the pause people meet (bots.delay_ms of the built-in defaults)
};

// `tortuga serve --port 0 --port-file F --db DB --bot-delay-ms 0 EXTRA...` as a child process
// (without --bot-delay-ms for BotDelay::server_default), in the working directory `cwd` (by
// default the test's own). The constructor returns once the server listens (it has written its
// port file); the destructor kills a server still running.
class ServerProcess {
 public:
  ServerProcess(const std::filesystem::path& db, const std::filesystem::path& work_dir,
                std::vector<std::string> extra_args = {}, BotDelay bot_delay = BotDelay::none,
                const std::filesystem::path& cwd = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  bool running() const { return pid_ > 0; }

  // Sends `signal` and waits for the process to end; returns its exit code (128 + signal when the
  // signal ended it). A server that outlives `timeout` is killed and the test fails.
  int stop(int signal, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The two halves of stop, for a test that has clients to serve meanwhile.
  void signal(int signal);
  int wait(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The server's log so far, to explain a failure.
  std::string log() const;

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::filesystem::path log_;
};

struct HttpReply {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers = {};  // by name as the server wrote it
};

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

// GET http://127.0.0.1:PORT TARGET, with a timeout as a failure guard (throws on failure).
HttpReply http_get(std::uint16_t port, const std::string& target,
                   std::chrono::milliseconds timeout = std::chrono::seconds(10));
// Any method, with headers and a body (sent as JSON when there is one, or for a POST).
HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& body = "", const HttpHeaders& headers = {},
                       std::chrono::milliseconds timeout = std::chrono::seconds(10));

// The value of one series of GET /metrics, named as the server writes it, labels and all
// (`tortuga_replays_total{outcome="kept"}`); nothing when the server serves no such series.
std::optional<double> metric(std::uint16_t port, const std::string& series);

// The server's resident memory now, in bytes (process_resident_memory_bytes).
double resident_bytes(std::uint16_t port);

}  // namespace tortuga::integration
