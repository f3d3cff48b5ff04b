#include "server/api/notify_links.hpp"

#include "server/api/http_target.hpp"
#include "server/notify/notifier.hpp"

namespace tortuga {

namespace {

constexpr std::string_view kVerify = "/verify-email";
constexpr std::string_view kUnsubscribe = "/unsubscribe";

std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

}  // namespace

bool NotifyLinks::serves(std::string_view target) {
  const std::string_view path = path_of(target);
  return path == kVerify || path == kUnsubscribe;
}

void NotifyLinks::answer(const std::string& method, const std::string& target,
                         const Reply& reply) const {
  const Target t = parse_target(target);
  const bool post_allowed = t.path == kUnsubscribe;
  if (method != "GET" && method != "HEAD" && !(post_allowed && method == "POST"))
    return reply({405,
                  "application/json",
                  R"({"code":"method_not_allowed","message":"GET only"})",
                  {{"Allow", post_allowed ? "GET, HEAD, POST" : "GET, HEAD"}}});
  const auto token = t.query.find("token");
  if (token == t.query.end() || token->second.empty())
    return reply(error_reply(400, "bad_field", "the link has no token"));
  notifier_.redeem(token->second, [reply](notify::Notifier::Page page) {
    reply({page.status, "text/html; charset=utf-8", std::move(page.html)});
  });
}

}  // namespace tortuga
