#include "server/net/http_session.hpp"

#include <boost/beast/websocket.hpp>

#include "server/access/browser_policy.hpp"
#include "server/access/client_address.hpp"
#include "server/net/websocket_session.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {
constexpr std::size_t kMaxAgentBytes = 200;  // of a User-Agent kept as a session's label
}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket, ServerState& state)
    : stream_(std::move(socket)), state_(state), id_(state.next_connection++) {}

void HttpSession::run() {
  boost::asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
}

void HttpSession::read() {
  parser_.emplace();
  parser_->body_limit(state_.limits.max_http_body_bytes);
  stream_.expires_after(std::chrono::seconds(state_.limits.http_read_timeout_s));
  http::async_read(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void HttpSession::on_read(beast::error_code ec) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec) return;  // timeouts and resets: nothing to answer
  auto request = parser_->release();
  began_ = std::chrono::steady_clock::now();
  method_ = std::string(request.method_string());
  // The path only: a query may carry what a log must not keep (a token).
  path_ = std::string(request.target().substr(0, request.target().find('?')));

  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();
  const bool head = request.method() == http::verb::head;

  // Only /ws speaks WebSocket; an upgrade elsewhere is answered as a plain request (404).
  if (beast::websocket::is_upgrade(request) && request.target() == "/ws") {
    // A page of another site may not act for the player whose browser visits it.
    if (!state_.allowed_origins.allows(request[http::field::origin], request[http::field::host])) {
      server_metrics().origin_refused();
      return respond(version, false, false,
                     error_reply(403, "origin_not_allowed",
                                 "pages of that origin may not connect to this server"));
    }
    stream_.expires_never();
    log_request(101, 0);
    // The label of a session the connection signs in: the browser's word, cut to a line.
    std::string agent(request[http::field::user_agent]);
    if (agent.size() > kMaxAgentBytes) agent.resize(kMaxAgentBytes);
    std::make_shared<WebSocketSession>(stream_.release_socket(), state_, id_, address_of(request),
                                       std::move(agent))
        ->run(std::move(request));
    return;
  }

  if (AdminApi::serves(request.target())) {
    AdminRequest admin{std::string(request.method_string()), std::string(request.target()),
                       std::string(request[http::field::authorization]), std::move(request.body()),
                       address_of(request)};
    // The answer may come from another thread (a room's, the store's): written on this one.
    auto reply = replier(version, keep_alive, head);
    try {
      state_.admin.handle(admin, reply);
    } catch (const store::Unavailable& e) {
      TORTUGA_LOG(warn, admin.method << " " << request.target() << ": " << e.what());
      reply({503, "application/json",
             R"({"code":"store_unavailable","message":"the store cannot be reached now"})"});
    } catch (const std::exception& e) {
      TORTUGA_LOG(error, admin.method << " " << request.target() << ": " << e.what());
      reply({500, "application/json", R"({"code":"internal","message":"server error"})"});
    }
    return;
  }

  if (state_.notify_links && NotifyLinks::serves(request.target())) {
    // Redeemed on the notifier's thread: the answer is written on this connection's.
    auto reply = replier(version, keep_alive, head);
    return state_.notify_links->answer(method_, std::string(request.target()), reply);
  }

  if (request.method() != http::verb::get && !head)
    return respond(
        version, keep_alive, head,
        {405, "application/json", R"({"code":"method_not_allowed","message":"GET only"})"});
  // A replay's answer comes from a replay thread: written on this connection's.
  auto reply = replier(version, keep_alive, head);
  try {
    state_.http.answer({std::string(request.target()),
                        std::string(request[http::field::authorization]), address_of(request)},
                       reply);
  } catch (const std::exception& e) {
    TORTUGA_LOG_AT(error, log::Context("http_failed").connection(id_).field("path", path_),
                   method_ << " " << path_ << ": " << e.what());
    reply({500, "application/json", R"({"code":"internal","message":"server error"})"});
  }
}

std::function<void(HttpReply)> HttpSession::replier(unsigned version, bool keep_alive, bool head) {
  return [self = shared_from_this(), version, keep_alive, head](HttpReply reply) {
    boost::asio::post(self->stream_.get_executor(),
                      [self, version, keep_alive, head, reply = std::move(reply)]() mutable {
                        self->respond(version, keep_alive, head, std::move(reply));
                      });
  };
}

void HttpSession::respond(unsigned version, bool keep_alive, bool head, HttpReply reply) {
  response_ = std::make_shared<http::response<http::string_body>>(
      static_cast<http::status>(reply.status), version);
  response_->set(http::field::server, "tortuga");
  response_->set(http::field::content_type, reply.content_type);
  response_->set(http::field::cache_control, "no-store");
  for (const auto& [name, value] : browser_headers()) response_->set(name, value);
  for (const auto& [name, value] : reply.headers) response_->set(name, value);
  response_->keep_alive(keep_alive);
  if (!head) response_->body() = std::move(reply.body);
  response_->prepare_payload();
  // An admin answer may have waited for the store: the write gets its own time.
  stream_.expires_after(std::chrono::seconds(state_.limits.http_read_timeout_s));
  http::async_write(stream_, *response_,
                    [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
                      self->on_write(keep_alive, ec);
                    });
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec) {
  // A guess refused while its address waits (429, too_many_guesses) is counted in the guesses'
  // summary line (guesses.hpp): one line each would let a guesser fill the log.
  if (response_->result_int() != 429)
    log_request(response_->result_int(), ec ? 0 : response_->body().size());
  if (ec) return;
  if (!keep_alive) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  response_.reset();
  read();
}

std::string HttpSession::address_of(const http::request<http::string_body>& request) const {
  beast::error_code ec;
  const auto peer = stream_.socket().remote_endpoint(ec);
  if (ec) return "";
  std::string forwarded;
  if (!state_.trusted_proxies.empty())
    for (auto [it, end] = request.equal_range("X-Forwarded-For"); it != end; ++it) {
      if (!forwarded.empty()) forwarded += ',';
      forwarded.append(it->value().data(), it->value().size());
    }
  return client_address(peer.address(), forwarded, state_.trusted_proxies);
}

void HttpSession::log_request(unsigned status, std::size_t bytes) const {
  // To the microsecond: finer is noise.
  const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - began_);
  const double ms = static_cast<double>(took.count()) / 1000;
  TORTUGA_LOG_AT(
      info,
      log::Context("http_request")
          .connection(id_)
          .field("method", method_)
          .field("path", path_)
          .field("status", status)
          .field("bytes", bytes)
          .field("duration_ms", ms),
      method_ << " " << path_ << " " << status << " " << bytes << " bytes " << ms << " ms");
}

}  // namespace tortuga
