// `tortuga ratings rebuild --db DB`: every rating recomputed from the stored history, each rated
// match replayed in the order it was rated from the places it gave, in one transaction. Prints
// how many matches it replayed and how many stored figures came out different (none, unless the
// model or a figure was changed since). Run it with the server stopped, or at a quiet moment: a
// match rated meanwhile waits for it.
#include <iostream>

#include "persistence/open_store.hpp"
#include "server/cli/commands.hpp"
#include "server/ratings/placings.hpp"

namespace tortuga {

int ratings_command(const Args& args) {
  const char* usage =
      "usage: tortuga ratings rebuild --db DB\n"
      "  recomputes every rating from the stored history; DB as serve's --db\n"
      "  (a SQLite file's path, or a postgresql:// URL)\n";
  if (args.size() != 3 || args[0] != "rebuild" || args[1] != "--db") {
    std::cerr << usage;
    return 2;
  }
  try {
    auto store = store::open_store(args[2], store::StoreOptions{});
    const auto report =
        store->rebuild_ratings([](std::vector<store::RatedMatch>& m) { rated::replay(m); });
    if (!report) {
      std::cerr << "tortuga ratings rebuild: " << report.failure().why << "\n";
      return 1;
    }
    std::cout << "rebuilt " << report->matches << " rated matches; " << report->changed
              << " stored figures differed\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "tortuga ratings rebuild: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace tortuga
