#include "bench/child_process.hpp"

#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <sys/wait.h>

namespace tortuga::process {

int exit_code_of(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

int wait_for_exit(pid_t pid, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return exit_code_of(status);
    if (done < 0 || std::chrono::steady_clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::uint16_t wait_for_port(pid_t pid, const std::filesystem::path& port_file,
                            const std::filesystem::path& log, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const std::string text = read_file(port_file);
    if (!text.empty() && text.back() == '\n') return static_cast<std::uint16_t>(std::stoi(text));
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid)
      throw std::runtime_error("the server exited with code " +
                               std::to_string(exit_code_of(status)) + " before listening:\n" +
                               read_file(log));
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      throw std::runtime_error("the server did not listen in time:\n" + read_file(log));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace tortuga::process
