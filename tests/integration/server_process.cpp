#include "tests/integration/server_process.hpp"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "bench/child_process.hpp"

#ifndef TORTUGA_BINARY
#error "TORTUGA_BINARY must name the tortuga executable"
#endif

namespace tortuga::integration {

namespace fs = std::filesystem;

namespace {

// Child processes get their own log and nothing else of ours: no sockets of the test's clients
// stay open in them.
[[noreturn]] void exec_tortuga(const std::vector<std::string>& args, const fs::path& log,
                               const fs::path& cwd) {
  // Dies with the process that started it, even one that crashes.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) {
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
  }
  const int null = ::open("/dev/null", O_RDONLY);
  if (null >= 0) ::dup2(null, STDIN_FILENO);
  if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
  for (int other = 3; other < 1024; ++other) ::close(other);
  // TORTUGA_TEST_BINARY runs another build, or a wrapper (valgrind, a debugger) around one.
  static char built[] = TORTUGA_BINARY;
  char* program = built;
  if (char* other = std::getenv("TORTUGA_TEST_BINARY"); other && *other) program = other;
  std::vector<char*> argv;
  argv.push_back(program);
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(program, argv.data());
  ::_exit(127);
}

pid_t spawn(const std::vector<std::string>& args, const fs::path& log, const fs::path& cwd = {}) {
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) exec_tortuga(args, log, cwd);
  return pid;
}

void kill_and_reap(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
}

}  // namespace

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "tortuga-it-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<std::string> limits_config(const fs::path& dir, const std::string& name,
                                       const std::string& limits_json) {
  const fs::path file = dir / (name + ".json");
  write_file(file, "{\"limits\": " + limits_json + "}\n");
  return {"--config", file.string()};
}

std::vector<std::string> behind_proxy_config(const fs::path& dir) {
  const fs::path file = dir / "behind-proxy.json";
  write_file(file, R"({"trusted_proxies": ["127.0.0.1"]})");
  return {"--config", file.string()};
}

std::vector<std::string> fast_play_config(const fs::path& dir) {
  return limits_config(dir, "fast-play",
                       R"({"messages_per_second": 100000, "message_burst": 100000,
                           "replay_burst": 100000})");
}

int run_tortuga(const std::vector<std::string>& args, const fs::path& log,
                std::chrono::milliseconds timeout) {
  const pid_t pid = spawn(args, log);
  const int code = process::wait_for_exit(pid, timeout);
  if (code < 0) {
    kill_and_reap(pid);
    throw std::runtime_error("tortuga " + (args.empty() ? std::string() : args[0]) +
                             " did not finish in time");
  }
  return code;
}

ServerProcess::ServerProcess(const fs::path& db, const fs::path& work_dir,
                             std::vector<std::string> extra_args, BotDelay bot_delay,
                             const fs::path& cwd)
    : log_(work_dir / "server.log") {
  static std::atomic<int> started{0};
  const fs::path port_file = work_dir / ("port-" + std::to_string(++started));
  std::error_code ignored;
  fs::remove(port_file, ignored);
  std::vector<std::string> args = {"serve", "--port",   "0", "--port-file", port_file.string(),
                                   "--db",  db.string()};
  if (bot_delay == BotDelay::none) args.insert(args.end(), {"--bot-delay-ms", "0"});
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  pid_ = spawn(args, log_, cwd);

  // The server writes "PORT\n" once it listens.
  try {
    port_ = process::wait_for_port(pid_, port_file, log_, std::chrono::seconds(15));
  } catch (...) {
    pid_ = -1;
    throw;
  }
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) kill_and_reap(pid_);
}

int ServerProcess::stop(int signal, std::chrono::milliseconds timeout) {
  this->signal(signal);
  return wait(timeout);
}

void ServerProcess::signal(int signal) {
  if (pid_ > 0) ::kill(pid_, signal);
}

int ServerProcess::wait(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return -1;
  int code = process::wait_for_exit(pid_, timeout);
  if (code < 0) {
    kill_and_reap(pid_);
    pid_ = -1;
    throw std::runtime_error("the server did not stop within the time allowed:\n" + log());
  }
  pid_ = -1;
  return code;
}

std::string ServerProcess::log() const {
  return process::read_file(log_);
}

double resident_bytes(std::uint16_t port) {
  const auto bytes = metric(port, "process_resident_memory_bytes");
  if (!bytes) throw std::runtime_error("no process_resident_memory_bytes in /metrics");
  return *bytes;
}

HttpReply http_get(std::uint16_t port, const std::string& target,
                   std::chrono::milliseconds timeout) {
  return http_request(port, "GET", target, "", {}, timeout);
}

HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& body, const HttpHeaders& headers,
                       std::chrono::milliseconds timeout) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  beast::flat_buffer buffer;
  http::request<http::string_body> request(http::string_to_verb(method), target, 11);
  if (request.method() == http::verb::unknown) request.method_string(method);
  request.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) request.set(name, value);
  request.keep_alive(false);
  if (!body.empty() || request.method() == http::verb::post) {
    request.set(http::field::content_type, "application/json");
    request.body() = body;
    request.prepare_payload();
  }
  http::response<http::string_body> response;
  beast::error_code failure;
  bool done = false;

  stream.expires_after(timeout);
  const boost::asio::ip::tcp::endpoint endpoint(boost::asio::ip::make_address("127.0.0.1"), port);
  stream.async_connect(endpoint, [&](beast::error_code ec) {
    if (ec) {
      failure = ec, done = true;
      return;
    }
    http::async_write(stream, request, [&](beast::error_code ec, std::size_t) {
      if (ec) {
        failure = ec, done = true;
        return;
      }
      http::async_read(stream, buffer, response,
                       [&](beast::error_code ec, std::size_t) { failure = ec, done = true; });
    });
  });
  io.run();
  if (!done || failure)
    throw std::runtime_error(method + " " + target + " failed: " + failure.message());
  HttpReply reply{static_cast<int>(response.result_int()), response.body()};
  for (const auto& field : response)
    reply.headers[std::string(field.name_string())] = field.value();
  return reply;
}

std::optional<double> metric(std::uint16_t port, const std::string& series) {
  std::istringstream text(http_get(port, "/metrics").body);
  for (std::string line; std::getline(text, line);)
    if (line.size() > series.size() && line.compare(0, series.size(), series) == 0 &&
        line[series.size()] == ' ')
      return std::stod(line.substr(series.size() + 1));
  return std::nullopt;
}

}  // namespace tortuga::integration
