// Passwords: the rule a new one must meet, and Argon2id (libsodium's crypto_pwhash_str, at its
// interactive limits: 64 MiB and a few passes, tens of milliseconds of one core) to hash one and
// to check one against its hash in constant time.
//
// Hashing costs too much for a connection's thread or a room's strand, so it runs on a few
// threads of its own with a bounded queue: past the bound, a request is refused at once (the
// caller answers passwords_busy) rather than queued without end. The password's bytes are wiped
// once hashed or checked. Passwords are never logged. Thread-safe.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace tortuga {

// The rule for a new password: at least kMinPasswordLength characters (code points), at most
// kMaxPasswordLength, and not the account's name (under the name's key: "ANNE-bonny" is Anne
// Bonny's). Returns why not, in words for a developer, or none when the password is fit.
inline constexpr int kMinPasswordLength = 8;
inline constexpr int kMaxPasswordLength = 128;
std::optional<std::string> weak_password(std::string_view password, std::string_view name);

struct PasswordSettings {
  int threads = 2;  // hashing at once
  int queued = 64;  // waiting, beyond which a request is refused
};

class Passwords {
 public:
  explicit Passwords(PasswordSettings settings = {});
  ~Passwords();  // what is queued is dropped unanswered; what runs finishes
  Passwords(const Passwords&) = delete;
  Passwords& operator=(const Passwords&) = delete;

  // The hash of `password` (libsodium's string form, with its salt and limits), or an empty
  // string if hashing failed (out of memory), on one of the threads. False, with nothing queued,
  // when the queue is full.
  bool hash(std::string password, std::function<void(std::string hash)> done);
  // Whether `password` is the one `hash` was made of. With no hash (an account that does not
  // exist) a stand-in is checked, so that the answer takes as long: the time tells nothing.
  bool verify(std::optional<std::string> hash, std::string password,
              std::function<void(bool matches)> done);

  // Requests waiting now, for the metrics.
  std::size_t waiting() const;

 private:
  void run();
  bool queue(std::function<void()> job);
  const std::string& stand_in();

  const PasswordSettings settings_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::once_flag stand_in_once_;
  std::string stand_in_;
  std::vector<std::thread> threads_;
};

}  // namespace tortuga
