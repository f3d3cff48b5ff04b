// server/ is in folders by role, whose dependencies run one way (server/README.md): each folder
// includes only itself and the folders below it, and Boost.Beast only in net/. A wrong include
// would still compile; this says where.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <doctest/doctest.h>

namespace tortuga {
namespace {

namespace fs = std::filesystem;

// Each folder and those it may include besides itself, as server/README.md has them.
const std::map<std::string, std::set<std::string>>& layers() {
  static const std::map<std::string, std::set<std::string>> below = [] {
    std::map<std::string, std::set<std::string>> m;
    m["access"] = {};
    m["ops"] = {"access"};
    m["history"] = {"ops", "access"};
    m["bots"] = {"ops", "access"};
    m["ratings"] = {"history", "ops", "access"};
    m["notify"] = {"ops", "access"};
    m["room"] = {"notify", "bots", "ops", "access"};
    m["lobby"] = {"room", "notify", "bots", "ratings", "history", "ops", "access"};
    m["cluster"] = {"lobby", "room", "notify", "bots", "ratings", "history", "ops", "access"};
    m["api"] = {"lobby", "room", "notify", "bots", "ratings", "history", "ops", "access"};
    m["net"] = {"api", "lobby", "room", "notify", "bots", "ratings", "history", "ops", "access"};
    m["cli"] = {"net",  "api",     "cluster", "lobby", "room",  "notify",
                "bots", "ratings", "history", "ops",   "access"};
    return m;
  }();
  return below;
}

// The folder of server/ that `include` (the text between the quotes) names, if any.
std::string server_folder_of(const std::string& include) {
  const std::string prefix = "server/";
  if (include.rfind(prefix, 0) != 0) return "";
  const auto slash = include.find('/', prefix.size());
  return slash == std::string::npos ? "" : include.substr(prefix.size(), slash - prefix.size());
}

TEST_CASE("each folder of server/ includes only itself and the folders below it") {
  const fs::path root = fs::path(TORTUGA_SOURCE_DIR) / "server";
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const fs::path& path = entry.path();
    if (path.extension() != ".cpp" && path.extension() != ".hpp") continue;
    const std::string file = fs::relative(path, root).string();
    CAPTURE(file);
    const auto slash = file.find('/');
    // Every source file is in a folder: the folder says its role.
    REQUIRE(slash != std::string::npos);
    const std::string folder = file.substr(0, slash);
    REQUIRE(layers().count(folder) == 1);
    const std::set<std::string>& allowed = layers().at(folder);
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("#include ", 0) != 0) continue;
      CAPTURE(line);
      if (line.find("<boost/beast") != std::string::npos) CHECK(folder == "net");
      const auto open = line.find('"');
      if (open == std::string::npos) continue;
      const std::string included = line.substr(open + 1, line.find('"', open + 1) - open - 1);
      const std::string to = server_folder_of(included);
      if (to.empty() || to == folder) continue;
      CHECK(allowed.count(to) == 1);
    }
    ++files;
  }
  CHECK(files > 50);
}

}  // namespace
}  // namespace tortuga
