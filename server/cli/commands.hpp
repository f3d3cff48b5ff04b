// The subcommands of the `tortuga` binary; main() only picks one.
#pragma once

#include <string>
#include <vector>

namespace tortuga {

using Args = std::vector<std::string>;

int serve_command(const Args& args);    // serve.cpp
int replay_command(const Args& args);   // replay_command.cpp
int ratings_command(const Args& args);  // ratings_command.cpp

}  // namespace tortuga
