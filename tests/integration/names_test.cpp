// The names the server once let through, each refused over a real connection with bad_field,
// which stays open for a name that may be shown (the rule: protocol/visible_text.hpp).
#include <string>

#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

TEST_CASE("names hiding invisible characters or looking blank are refused; the connection stays") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient c(server.port(), "names");
  // Written as JSON escapes, as a script sends them; each once passed for a name.
  const char* refused[] = {
      R"("Ann\u061ce")", R"("Ann\u200ce")", R"("Ann\u200de")",       R"("Ann\u2060e")",
      R"("Ann\u2062e")", R"("Ann\u00ade")", R"("Ann\udb40\udc41e")",  // U+E0041, a tag
      R"("Ann\u180ee")", R"("\u3164")",     R"("\u115f")",           R"("\u2800")",
      R"("\u0301")",
  };
  int id = 0;
  for (const char* name : refused) {
    CAPTURE(name);
    c.send_text(R"({"type":"hello","id":)" + std::to_string(++id) + R"(,"name":)" + name + "}");
    const Json answer = c.wait_for([&](const Json& m) { return m.value("re", Json()) == id; },
                                   "the answer to hello");
    CHECK(answer.at("type") == "error");
    CHECK(answer.at("code") == code::kBadField);
  }
  CHECK(c.hello("Anne Bonny").at("player").at("name") == "Anne Bonny");
}

}  // namespace
}  // namespace tortuga::integration
