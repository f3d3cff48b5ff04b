#include "tests/integration/test_client.hpp"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <unistd.h>

#include <doctest/doctest.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/patch.hpp"

namespace tortuga::integration {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

// One io_context per client, run only inside the client's calls: a read is always pending, and
// whatever it brings waits in `inbox` until asked for.
struct TestClient::Connection {
  boost::asio::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  std::deque<std::string> inbox;
  bool closed = false;
  beast::error_code failure;
  std::optional<CloseFrame> close_frame;
  websocket::response_type upgrade;  // the server's answer to the upgrade

  void read() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        closed = true;
        failure = ec;
        // Kept whatever ended the read: answering a server that has already gone fails, but its
        // close frame was received.
        if (ws.reason().code != websocket::close_code::none)
          close_frame = CloseFrame{
              ws.reason().code, std::string(ws.reason().reason.data(), ws.reason().reason.size())};
        return;
      }
      inbox.push_back(beast::buffers_to_string(buffer.data()));
      buffer.consume(buffer.size());
      read();
    });
  }

  // Runs handlers until `done()` or the deadline; false at the deadline.
  template <class Done>
  bool run_until(Done done, Clock::time_point deadline) {
    while (!done()) {
      if (io.stopped()) io.restart();
      const auto now = Clock::now();
      if (now >= deadline) return false;
      if (io.run_one_for(deadline - now) == 0 && closed && !done()) {
        if (io.stopped()) io.restart();
        io.poll();  // handlers still queued
        return done();
      }
    }
    return true;
  }
};

TestClient::TestClient(std::uint16_t port, std::string label, Offer offer)
    : TestClient(port, std::move(label), Connect{offer}) {}

TestClient::TestClient(std::uint16_t port, std::string label, Connect how)
    : label_(std::move(label)), connection_(std::make_unique<Connection>()) {
  auto& c = *connection_;
  if (how.offer == Offer::deflate) {
    websocket::permessage_deflate deflate;
    deflate.client_enable = true;
    c.ws.set_option(deflate);
  }
  if (!how.headers.empty())
    c.ws.set_option(websocket::stream_base::decorator(
        [headers = how.headers](websocket::request_type& request) {
          for (const auto& [name, value] : headers) request.set(name, value);
        }));
  const boost::asio::ip::tcp::endpoint endpoint(boost::asio::ip::make_address("127.0.0.1"), port);
  if (how.receive_buffer > 0) {
    // Set before connecting, so that the window the server is offered is small from the start.
    auto& socket = beast::get_lowest_layer(c.ws).socket();
    socket.open(endpoint.protocol());
    socket.set_option(boost::asio::socket_base::receive_buffer_size(how.receive_buffer));
  }
  bool done = false;
  beast::error_code failure;
  beast::get_lowest_layer(c.ws).expires_after(kWait);
  beast::get_lowest_layer(c.ws).async_connect(endpoint, [&](beast::error_code ec) {
    if (ec) {
      failure = ec, done = true;
      return;
    }
    beast::get_lowest_layer(c.ws).socket().set_option(boost::asio::ip::tcp::no_delay(true), ec);
    c.ws.async_handshake(c.upgrade, "127.0.0.1", "/ws",
                         [&](beast::error_code ec) { failure = ec, done = true; });
  });
  c.io.run();
  c.io.restart();
  if (!done || failure)
    throw std::runtime_error(label_ + ": cannot connect to port " + std::to_string(port) + ": " +
                             failure.message());
  beast::get_lowest_layer(c.ws).expires_never();
  c.ws.text(true);
  c.read();

  if (const char* dir = std::getenv("TORTUGA_FRAMES_DIR"); dir != nullptr && *dir != '\0') {
    // One file per client, named so that clients of concurrent test processes never share one.
    static std::atomic<int> clients{0};
    std::filesystem::create_directories(dir);
    const auto file = std::filesystem::path(dir) /
                      (std::to_string(::getpid()) + "-" + std::to_string(++clients) + ".jsonl");
    frames_.open(file);
    const auto* options = doctest::getContextOptions();
    const char* test = options && options->currentTest ? options->currentTest->m_name : "";
    frames_ << Json{{"client", label_}, {"test", test}}.dump() << '\n';
  }
}

std::string TestClient::extensions() const {
  return std::string(connection_->upgrade[beast::http::field::sec_websocket_extensions]);
}

TestClient::~TestClient() {
  beast::error_code ignored;
  beast::get_lowest_layer(connection_->ws).socket().close(ignored);
}

void TestClient::send_text(std::string_view text) {
  write(text, true);
}

void TestClient::record(const char* direction, std::string_view text, bool raw) {
  if (!frames_.is_open()) return;
  // Written as text, not parsed: a frame that is not JSON is kept as it went.
  frames_ << Json{{"dir", direction}, {"raw", raw}, {"frame", text}}.dump(
                 -1, ' ', false, Json::error_handler_t::replace)
          << '\n';
  frames_.flush();
}

void TestClient::write(std::string_view text, bool raw) {
  auto& c = *connection_;
  if (c.closed) throw std::runtime_error(label_ + ": send on a closed connection");
  record("sent", text, raw);
  bool done = false;
  beast::error_code failure;
  const std::string copy(text);
  c.ws.async_write(boost::asio::buffer(copy),
                   [&](beast::error_code ec, std::size_t) { failure = ec, done = true; });
  if (!c.run_until([&] { return done; }, Clock::now() + kWait))
    throw std::runtime_error(label_ + ": a send did not complete in time");
  if (failure) throw std::runtime_error(label_ + ": send failed: " + failure.message());
}

void TestClient::send(const Json& message) {
  write(message.dump(), false);
}

Json TestClient::request(Json message, Millis timeout) {
  const std::int64_t id = next_id_++;
  message["id"] = id;
  send(message);
  return wait_for([id](const Json& m) { return m.contains("re") && m["re"] == id; },
                  "the answer to " + message.dump(), timeout);
}

std::optional<Json> TestClient::receive(Millis timeout) {
  auto& c = *connection_;
  c.run_until([&] { return !c.inbox.empty() || c.closed; }, Clock::now() + timeout);
  if (c.inbox.empty()) return std::nullopt;
  std::string text = std::move(c.inbox.front());
  c.inbox.pop_front();
  record("received", text);
  Json message = Json::parse(text, nullptr, false);
  if (message.is_discarded()) {
    FAIL_CHECK(label_ << ": the server sent a message that is not JSON: " << text);
    message = Json::object();
  }
  track(message);
  return message;
}

void TestClient::drain() {
  auto& c = *connection_;
  if (c.io.stopped()) c.io.restart();
  c.io.poll();
  while (!c.inbox.empty()) receive(Millis(0));
}

Json TestClient::next(Clock::time_point deadline, const std::string& what) {
  const auto now = Clock::now();
  auto message = receive(
      std::chrono::duration_cast<Millis>(deadline > now ? deadline - now : Clock::duration(0)));
  if (message) return std::move(*message);
  if (closed())
    throw std::runtime_error(label_ + ": the connection closed (" + connection_->failure.message() +
                             ") while waiting for " + what + "; last messages:\n" + recent());
  throw std::runtime_error(label_ + ": timed out waiting for " + what + "; last messages:\n" +
                           recent());
}

Json TestClient::wait_for(const std::function<bool(const Json&)>& match, const std::string& what,
                          Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    Json message = next(deadline, what);
    if (match(message)) return message;
  }
}

Json TestClient::wait_for_type(const std::string& type, Millis timeout) {
  return wait_for([&](const Json& m) { return m.value("type", "") == type; },
                  "a \"" + type + "\" message", timeout);
}

void TestClient::wait_until(const std::function<bool()>& done, const std::string& what,
                            Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!done()) {
    const auto now = Clock::now();
    if (receive(std::chrono::duration_cast<Millis>(deadline > now ? deadline - now
                                                                  : Clock::duration(0))))
      continue;
    if (done()) return;
    next(deadline, what);  // throws, saying why
  }
}

Json TestClient::hello(const std::string& name, std::optional<std::string> token) {
  Json message = {{"type", "hello"}, {"name", name}};
  if (token) message["token"] = *token;
  Json welcome = request(message);
  if (welcome.value("type", "") != "welcome")
    throw std::runtime_error(label_ + ": hello was answered with " + welcome.dump());
  player_ = welcome["player"]["id"].get<std::int64_t>();
  token_ = welcome["token"].get<std::string>();
  return welcome;
}

bool TestClient::closed() const {
  return connection_->closed && connection_->inbox.empty();
}

std::size_t TestClient::read_until_closed(Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  std::size_t received = 0;
  while (!closed()) {
    const auto now = Clock::now();
    if (now >= deadline)
      throw std::runtime_error(label_ + ": still open after " + std::to_string(timeout.count()) +
                               " ms; last messages:\n" + recent());
    if (receive(std::chrono::duration_cast<Millis>(deadline - now))) ++received;
  }
  return received;
}

std::optional<CloseFrame> TestClient::close_frame() const {
  return connection_->close_frame;
}

const MatchView* TestClient::match(std::int64_t id) const {
  auto it = matches_.find(id);
  return it == matches_.end() ? nullptr : &it->second;
}

const MatchView& TestClient::wait_version(std::int64_t match, std::int64_t version,
                                          Millis timeout) {
  wait_until(
      [&] {
        auto it = matches_.find(match);
        return it != matches_.end() && it->second.states > 0 && it->second.version >= version;
      },
      "match " + std::to_string(match) + " at version " + std::to_string(version), timeout);
  return matches_.at(match);
}

std::string TestClient::recent() const {
  std::string text;
  for (const auto& m : recent_) text += "  " + m + "\n";
  return text;
}

int TestClient::answers(const Json& re) const {
  auto it = answers_.find(re.dump());
  return it == answers_.end() ? 0 : it->second;
}

void TestClient::track(const Json& message) {
  std::string text = message.dump();
  if (text.size() > 400) text = text.substr(0, 400) + "...";
  recent_.push_back(std::move(text));
  if (recent_.size() > 12) recent_.pop_front();

  if (message.contains("re")) ++answers_[message["re"].dump()];
  const std::string type = message.value("type", "");
  if (type == "error") {
    errors_.push_back(message);
    return;
  }
  if (type != "state" && type != "patch") return;
  const std::int64_t id = message.at("match").get<std::int64_t>();
  const std::int64_t version = message.at("version").get<std::int64_t>();
  MatchView& m = matches_[id];

  if (type == "state") {
    // What was shown is stored: a later state never takes the match back before it.
    if (m.states > 0 && version < m.version)
      FAIL_CHECK(label_ << ": match " << id << " went back from version " << m.version << " to "
                        << version << " in a state");
    m.view = message.at("view");
    m.version = version;
    ++m.states;
  } else {
    if (m.states == 0) {
      FAIL_CHECK(label_ << ": a patch for match " << id
                        << " came before any state: " << message.dump());
      return;
    }
    if (version != m.version + 1)
      FAIL_CHECK(label_ << ": match " << id << " went from version " << m.version << " to "
                        << version << " in one patch");
    auto patched = protocol::apply_patch(m.view, message.at("ops"));
    if (!patched) {
      FAIL_CHECK(label_ << ": patch " << version << " does not apply: " << patched.error().message);
      return;
    }
    m.view = std::move(*patched);
    m.version = version;
    ++m.patches;
  }
  const Json& step = m.view["step"];
  if (!step.is_number_integer() || step.get<std::int64_t>() != version)
    FAIL_CHECK(label_ << ": the view of match " << id << " at version " << version << " says step "
                      << step.dump());
  if (!record_) return;
  // A version is one view for its audience, however often it is sent: shown twice, it is the
  // same twice (a state read again from the store after a restart, a takeover, an outage).
  auto [seen, fresh] = m.history.emplace(version, m.view);
  if (!fresh && seen->second != m.view)
    FAIL_CHECK(label_ << ": match " << id << " version " << version
                      << " was shown as two different views");
  seen->second = m.view;
}

}  // namespace tortuga::integration
