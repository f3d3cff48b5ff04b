#include "bench/dormant/wake.hpp"

#include <condition_variable>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace tortuga::bench::dormant {

namespace {

constexpr auto kUpgradeLimit = std::chrono::seconds(30);

}  // namespace

struct Players::Shared {
  std::mutex mutex;
  std::condition_variable changed;
  int welcomed = 0;
  std::string failed;
  // The wake under way: whose, its request id, when it was sent; then its answer.
  int who = -1;
  int re = 0;
  Clock::time_point sent;
  bool answered = false;
  double ms = 0;
  std::string refused;
};

Players::Players(std::uint16_t port, const std::vector<std::string>& tokens)
    : shared_(std::make_unique<Shared>()) {
  const auto endpoint = Endpoint::parse("127.0.0.1", port);
  Shared& shared = *shared_;
  for (int i = 0; i < static_cast<int>(tokens.size()); ++i) {
    auto c = std::make_unique<WsClient>(loop_);
    loop_.post([c = c.get(), i, &shared, token = tokens[i], endpoint = *endpoint] {
      c->open(endpoint, "127.0.0.1", "/ws",
              {[c, i, token] {
                 c->send(R"({"type":"hello","name":"Bench )" + std::to_string(i) +
                         R"(","token":")" + token + "\"}");
               },
               [&shared, i](std::string_view text, std::size_t) {
                 if (text.find("\"welcome\"") != std::string_view::npos) {
                   std::lock_guard lock(shared.mutex);
                   ++shared.welcomed;
                   shared.changed.notify_all();
                   return;
                 }
                 // Only the answer to the wake under way is read; the rest (the rooms that the
                 // player is seated in, pushed as they change) is what an idle client also gets.
                 const auto received = Clock::now();
                 std::lock_guard lock(shared.mutex);
                 if (shared.who != i || shared.answered ||
                     text.find("\"re\"") == std::string_view::npos)
                   return;
                 const auto m = nlohmann::json::parse(text, nullptr, false);
                 if (!m.is_object() || m.value("re", -1) != shared.re) return;
                 const std::string type = m.value("type", "");
                 if (type == "state")
                   shared.ms =
                       std::chrono::duration<double, std::milli>(received - shared.sent).count();
                 else
                   shared.refused = std::string(text);
                 shared.answered = true;
                 shared.changed.notify_all();
               },
               [&shared, i](const std::string& why) {
                 std::lock_guard lock(shared.mutex);
                 shared.failed = "player " + std::to_string(i) + ": " + why;
                 shared.changed.notify_all();
               }},
              kUpgradeLimit);
    });
    clients_.push_back(std::move(c));
  }
  thread_ = std::thread([this] { loop_.run(); });
  std::unique_lock lock(shared.mutex);
  if (!shared.changed.wait_for(lock, std::chrono::minutes(1), [&] {
        return shared.welcomed == static_cast<int>(tokens.size()) || !shared.failed.empty();
      }))
    throw std::runtime_error("only " + std::to_string(shared.welcomed) + " of " +
                             std::to_string(tokens.size()) + " players were welcomed");
  if (!shared.failed.empty()) throw std::runtime_error(shared.failed);
}

Players::~Players() {
  loop_.stop();
  if (thread_.joinable()) thread_.join();
  for (auto& c : clients_) c->close();
}

double Players::wake(int who, std::int64_t match) {
  Shared& shared = *shared_;
  int re = 0;
  {
    std::lock_guard lock(shared.mutex);
    shared.who = who;
    re = ++shared.re;
    shared.answered = false;
    shared.refused.clear();
  }
  const std::string sync =
      R"({"type":"sync","match":)" + std::to_string(match) + R"(,"id":)" + std::to_string(re) + "}";
  loop_.post([this, who, sync, &shared] {
    {
      std::lock_guard lock(shared.mutex);
      shared.sent = Clock::now();
    }
    clients_[who]->send(sync);
  });
  std::unique_lock lock(shared.mutex);
  if (!shared.changed.wait_for(lock, std::chrono::seconds(30), [&] { return shared.answered; }))
    throw std::runtime_error("match " + std::to_string(match) + " was not woken within 30 s");
  shared.who = -1;
  if (!shared.refused.empty())
    throw std::runtime_error("the sync of match " + std::to_string(match) +
                             " was answered: " + shared.refused);
  return shared.ms;
}

std::optional<double> metric(std::uint16_t port, const std::string& series) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return std::nullopt;
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port);
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string reply;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0) {
    const std::string ask = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (::write(fd, ask.data(), ask.size()) == static_cast<ssize_t>(ask.size())) {
      char buffer[65536];
      for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) reply.append(buffer, n);
    }
  }
  ::close(fd);
  std::istringstream lines(reply);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
  return std::nullopt;
}

}  // namespace tortuga::bench::dormant
