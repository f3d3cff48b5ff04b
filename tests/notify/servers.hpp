// The servers the notifications' tests talk to, each a child process on a port of its own on
// 127.0.0.1, killed with the test: Debian's aiosmtpd keeping each mail in a Maildir, and a
// webhook receiver keeping each request as a file. Waiting is for an event (a port that accepts,
// a file that appears), bounded so that a broken implementation fails rather than hangs.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::notify::test {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Waits until `done` holds, looking again as things change; false if it never did within `most`.
bool wait_until(const std::function<bool()>& done,
                std::chrono::milliseconds most = std::chrono::seconds(30));

int free_port();

class Child {
 public:
  Child(const std::vector<std::string>& argv, const std::filesystem::path& log);
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

 private:
  pid_t pid_ = -1;
};

// A mail as the SMTP server received it.
struct Mail {
  std::string headers;  // as sent, unfolded
  std::string body;
  std::string header(const std::string& name) const;  // the first, decoded if RFC 2047
};

class SmtpServer {
 public:
  SmtpServer();
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // The mails received so far, in the order they came.
  std::vector<Mail> mails() const;
  // Waits for the `n`th mail; empty if it never came.
  std::vector<Mail> wait_for(std::size_t n) const;

 private:
  TempDir dir_;
  int port_;
  Child child_;
};

class WebhookReceiver {
 public:
  explicit WebhookReceiver(int fail_first = 0);
  std::string url(const std::string& path = "/hook") const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }
  std::vector<nlohmann::json> requests() const;
  std::vector<nlohmann::json> wait_for(std::size_t n) const;

 private:
  TempDir dir_;
  int port_;
  Child child_;
};

// The query's `token` of a link found in `text` after `prefix` (".../verify-email?token=").
std::string token_after(const std::string& text, const std::string& prefix);

}  // namespace tortuga::notify::test
