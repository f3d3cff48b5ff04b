// docs/operations.md is the operator's list of metrics: every metric the server serves is in it.
#include <fstream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

TEST_CASE("docs/operations.md describes every metric the server serves") {
  std::ifstream in(std::string(TORTUGA_SOURCE_DIR) + "/docs/operations.md");
  REQUIRE(in);
  std::ostringstream docs;
  docs << in.rdbuf();
  std::istringstream text(server_metrics().text());
  int metrics = 0;
  for (std::string line; std::getline(text, line);) {
    if (line.rfind("# TYPE ", 0) != 0) continue;
    const std::string name = line.substr(7, line.find(' ', 7) - 7);
    CAPTURE(name);
    CHECK(docs.str().find("`" + name + "`") != std::string::npos);
    ++metrics;
  }
  CHECK(metrics >= 20);
}

}  // namespace
}  // namespace tortuga
