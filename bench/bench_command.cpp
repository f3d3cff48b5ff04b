#include "server/commands.hpp"
namespace tortuga {
int bench_command(const Args&) { return 2; }
}
