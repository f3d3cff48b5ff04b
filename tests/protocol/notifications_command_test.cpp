// get_notifications and set_notifications as the parser reads them: every field optional, "" for
// removing an address or a webhook, a known mode, a language's code, each refusal typed.
#include <doctest/doctest.h>

#include <string>

#include "protocol/codes.hpp"
#include "protocol/command.hpp"

using namespace tortuga::protocol;
namespace code = tortuga::code;

namespace {

Parsed parse(const Json& message) {
  return parse_command(message.dump());
}

}  // namespace

TEST_CASE("set_notifications reads each field it is given, and leaves out the others") {
  REQUIRE(std::holds_alternative<GetNotifications>(
      *parse({{"type", "get_notifications"}, {"id", 1}}).command));

  const auto all = parse({{"type", "set_notifications"},
                          {"email", "anne@example.org"},
                          {"webhook_url", "https://hooks.example.org/x"},
                          {"mode", "immediate"},
                          {"language", "pt-BR"}});
  REQUIRE(all.command);
  const auto& s = std::get<SetNotifications>(*all.command);
  CHECK(s.email == "anne@example.org");
  CHECK(s.webhook_url == "https://hooks.example.org/x");
  CHECK(s.mode == "immediate");
  CHECK(s.language == "pt-BR");

  const auto removing = parse({{"type", "set_notifications"}, {"email", ""}, {"webhook_url", ""}});
  REQUIRE(removing.command);
  const auto& r = std::get<SetNotifications>(*removing.command);
  CHECK(r.email == "");
  CHECK(r.webhook_url == "");
  CHECK_FALSE(r.mode);
  CHECK_FALSE(r.language);
}

TEST_CASE("set_notifications refuses what it cannot mean, as bad_field") {
  for (const Json& bad : {Json{{"type", "set_notifications"}, {"mode", "hourly"}},
                          Json{{"type", "set_notifications"}, {"mode", ""}},
                          Json{{"type", "set_notifications"}, {"email", 7}},
                          Json{{"type", "set_notifications"}, {"language", "en_GB"}},
                          Json{{"type", "set_notifications"}, {"language", ""}},
                          Json{{"type", "set_notifications"},
                               {"webhook_url", std::string(kMaxNotifyFieldBytes + 1, 'x')}}}) {
    CAPTURE(bad.dump().substr(0, 80));
    const auto parsed = parse(bad);
    REQUIRE_FALSE(parsed.command);
    CHECK(parsed.command.error().code == code::kBadField);
  }
}
