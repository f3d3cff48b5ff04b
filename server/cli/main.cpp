#include <cstdio>
#include <cstring>

#include "server/cli/commands.hpp"

namespace {

const char* const kHelp =
    "usage: tortuga COMMAND [flags]\n"
    "\n"
    "  serve    run the game server (tortuga serve --help)\n"
    "  replay   replay a match file offline and print its views (tortuga replay --help)\n"
    "  ratings  rebuild every rating from the stored history (tortuga ratings rebuild --db DB)\n"
    "\n"
    "The load generator is a program of its own: tortuga-bench, beside this one.\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
      !std::strcmp(argv[1], "help")) {
    std::fputs(kHelp, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  tortuga::Args args(argv + 2, argv + argc);
  const std::string command = argv[1];
  if (command == "serve") return tortuga::serve_command(args);
  if (command == "replay") return tortuga::replay_command(args);
  if (command == "ratings") return tortuga::ratings_command(args);
  std::fprintf(stderr, "tortuga: unknown command %s\n\n%s", argv[1], kHelp);
  return 2;
}
