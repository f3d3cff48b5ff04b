// The admin API's calls on accounts (admin_api.hpp):
//
//   POST /api/admin/accounts/{player}/password   {"password"}: a new password, every session of
//                                                the account revoked and its connections closed
//   POST /api/admin/accounts/{player}/disable    {}: it may not log in, its tokens are refused,
//                                                its connections are closed
//   POST /api/admin/accounts/{player}/enable     {}: as before it was disabled
//
// The new password is never logged nor recorded: the record says that it was reset.
#include "persistence/accounts.hpp"
#include "protocol/codes.hpp"
#include "server/api/admin_api.hpp"

namespace tortuga {
namespace {

using Json = nlohmann::json;

int status_of(const std::string& code) {
  if (code == code::kNotRegistered) return 404;
  if (code == code::kWeakPassword || code == code::kBadField) return 400;
  if (code == code::kPasswordsBusy || code == code::kStoreUnavailable) return 503;
  return 500;
}

}  // namespace

void AdminApi::account(std::int64_t player, const std::string& what, const Json& body,
                       AdminReply reply) {
  const bool password = what == "password";
  for (auto it = body.begin(); it != body.end(); ++it)
    if (!password || it.key() != "password")
      return reply(error_reply(400, code::kBadField, "unexpected field \"" + it.key() + "\""));
  auto done = [this, player, what, reply](Expected<Json> done) {
    if (!done)
      return reply(
          error_reply(status_of(done.error().code), done.error().code, done.error().message));
    const std::string action = what == "password"  ? "reset_password"
                               : what == "disable" ? "disable_account"
                                                   : "enable_account";
    record(action, {{"player", player}}, json_reply(200, *done), reply);
  };
  if (!password) return lobby_.accounts().set_disabled(player, what == "disable", done);
  const Json given = body.value("password", Json());
  if (!given.is_string())
    return reply(error_reply(400, code::kBadField, "\"password\" must be a text"));
  lobby_.accounts().reset_password(player, given.get<std::string>(), done);
}

}  // namespace tortuga
