// Waiting on a child process: shared by the bench's --spawn and the integration tests, which both
// run `tortuga serve` as a child.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

#include <sys/types.h>

namespace tortuga::process {

// A wait status as a shell would report it: the exit code, or 128 + the signal that ended it.
int exit_code_of(int status);

// Waits for `pid` to end and returns its exit code; -1 if it still runs after `timeout` (or is
// not a child of this process).
int wait_for_exit(pid_t pid, std::chrono::milliseconds timeout);

// The whole of a file, or "" when it cannot be read.
std::string read_file(const std::filesystem::path& path);

// Waits for the `tortuga serve --port-file FILE` child `pid` to write "PORT\n" into its port
// file, and returns the port. If the child exits first, or does not listen within `timeout` (it
// is then killed and reaped), throws std::runtime_error with the child's log.
std::uint16_t wait_for_port(pid_t pid, const std::filesystem::path& port_file,
                            const std::filesystem::path& log, std::chrono::milliseconds timeout);

}  // namespace tortuga::process
