// Waiting on a child process: shared by the bench's --spawn and the integration tests, which both
// run `tortuga serve` as a child.
#pragma once

#include <chrono>

#include <sys/types.h>

namespace tortuga::process {

// A wait status as a shell would report it: the exit code, or 128 + the signal that ended it.
int exit_code_of(int status);

// Waits for `pid` to end and returns its exit code; -1 if it still runs after `timeout` (or is
// not a child of this process).
int wait_for_exit(pid_t pid, std::chrono::milliseconds timeout);

}  // namespace tortuga::process
