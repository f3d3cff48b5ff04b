#include "tests/notify/servers.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <sodium.h>

namespace tortuga::notify::test {

namespace fs = std::filesystem;

namespace {

// Debian's packages (python3-aiosmtpd) install for the system's interpreter.
constexpr const char* kPython = "/usr/bin/python3";

bool accepts(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().filename().string().front() != '.') out.push_back(e.path());
  return out;
}

std::string decode_words(const std::string& value) {
  std::string out;
  std::size_t at = 0;
  while (at < value.size()) {
    const auto begin = value.find("=?UTF-8?B?", at);
    if (begin == std::string::npos) {
      out += value.substr(at);
      break;
    }
    const auto end = value.find("?=", begin + 10);
    std::string b64 = value.substr(begin + 10, end - begin - 10);
    std::string bin(b64.size(), '\0');
    std::size_t n = 0;
    sodium_base642bin(reinterpret_cast<unsigned char*>(bin.data()), bin.size(), b64.data(),
                      b64.size(), nullptr, &n, nullptr, sodium_base64_VARIANT_ORIGINAL);
    bin.resize(n);
    out += bin;
    at = end + 2;
    while (at < value.size() && value[at] == ' ') ++at;  // between two encoded words
  }
  return out;
}

}  // namespace

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "tortuga-notify-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds most) {
  const auto until = std::chrono::steady_clock::now() + most;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  ::close(fd);
  return ntohs(a.sin_port);
}

Child::Child(const std::vector<std::string>& argv, const fs::path& log) {
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      ::dup2(fd, STDOUT_FILENO);
      ::dup2(fd, STDERR_FILENO);
    }
    for (int other = 3; other < 1024; ++other) ::close(other);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
}

Child::~Child() {
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
}

std::string Mail::header(const std::string& name) const {
  std::istringstream in(headers);
  const std::string prefix = name + ":";
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() >= prefix.size() &&
        std::equal(prefix.begin(), prefix.end(), line.begin(),
                   [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
      std::string value = line.substr(prefix.size());
      value.erase(0, value.find_first_not_of(' '));
      return decode_words(value);
    }
  }
  return {};
}

SmtpServer::SmtpServer()
    : port_(free_port()),
      child_({kPython, "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:" + std::to_string(port_), "-c",
              "aiosmtpd.handlers.Mailbox", (dir_.path() / "mail").string()},
             dir_.path() / "smtp.log") {
  if (!wait_until([&] { return accepts(port_); }))
    throw std::runtime_error(
        "aiosmtpd did not start (python3-aiosmtpd: scripts/deps.sh --tests): " +
        read_file(dir_.path() / "smtp.log"));
}

std::vector<Mail> SmtpServer::mails() const {
  std::vector<fs::path> files = files_in(dir_.path() / "mail" / "new");
  // Python's Maildir names each file "<s>.M<us>P<pid>Q<n>.<host>", n counting the mails the one
  // server kept: their order of arrival (the microseconds are not padded, the names not sortable).
  const auto arrival = [](const fs::path& f) {
    const std::string name = f.filename().string();
    const auto q = name.find('Q');
    return q == std::string::npos ? 0L : std::stol(name.substr(q + 1));
  };
  std::sort(files.begin(), files.end(),
            [&](const fs::path& a, const fs::path& b) { return arrival(a) < arrival(b); });
  std::vector<Mail> out;
  for (const auto& f : files) {
    std::string text = read_file(f);
    const auto split = text.find("\n\n");
    Mail m{text.substr(0, split), split == std::string::npos ? "" : text.substr(split + 2)};
    // Unfold continued header lines.
    for (auto at = m.headers.find("\n "); at != std::string::npos; at = m.headers.find("\n "))
      m.headers.erase(at, 1);
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<Mail> SmtpServer::wait_for(std::size_t n) const {
  std::vector<Mail> got;
  wait_until([&] { return (got = mails()).size() >= n; });
  return got;
}

WebhookReceiver::WebhookReceiver(int fail_first)
    : port_(free_port()),
      child_({kPython, std::string(TORTUGA_NOTIFY_TESTS_DIR) + "/webhook_receiver.py",
              std::to_string(port_), dir_.path().string(), std::to_string(fail_first)},
             dir_.path() / ".log") {
  if (!wait_until([&] { return accepts(port_); }))
    throw std::runtime_error("the webhook receiver did not start: " +
                             read_file(dir_.path() / ".log"));
}

std::vector<nlohmann::json> WebhookReceiver::requests() const {
  std::vector<fs::path> files = files_in(dir_.path());
  std::sort(files.begin(), files.end());
  std::vector<nlohmann::json> out;
  for (const auto& f : files) out.push_back(nlohmann::json::parse(read_file(f)));
  return out;
}

std::vector<nlohmann::json> WebhookReceiver::wait_for(std::size_t n) const {
  std::vector<nlohmann::json> got;
  wait_until([&] { return (got = requests()).size() >= n; });
  return got;
}

std::string token_after(const std::string& text, const std::string& prefix) {
  const auto at = text.find(prefix);
  if (at == std::string::npos) return {};
  const auto begin = at + prefix.size();
  const auto end = text.find_first_not_of("0123456789abcdef", begin);
  return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

}  // namespace tortuga::notify::test
