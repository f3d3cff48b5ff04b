#include "server/access/passwords.hpp"

#include <sodium.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "server/access/account_name.hpp"

namespace tortuga {
namespace {

int code_points(std::string_view text) {
  int n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

// A string whose bytes are wiped when it goes.
struct Secret {
  std::string text;
  ~Secret() {
    if (!text.empty()) sodium_memzero(text.data(), text.size());
  }
};

std::string argon2id(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(),
                            crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    return {};
  return out;
}

}  // namespace

std::optional<std::string> weak_password(std::string_view password, std::string_view name) {
  const int length = code_points(password);
  if (length < kMinPasswordLength)
    return "a password has at least " + std::to_string(kMinPasswordLength) + " characters";
  if (length > kMaxPasswordLength)
    return "a password has at most " + std::to_string(kMaxPasswordLength) + " characters";
  if (account_name_key(password) == account_name_key(name))
    return "a password may not be the account's name";
  return std::nullopt;
}

Passwords::Passwords(PasswordSettings settings) : settings_(settings) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
  for (int i = 0; i < std::max(1, settings_.threads); ++i) threads_.emplace_back([this] { run(); });
}

Passwords::~Passwords() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void Passwords::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

bool Passwords::queue(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= static_cast<std::size_t>(settings_.queued)) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

std::size_t Passwords::waiting() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

const std::string& Passwords::stand_in() {
  std::call_once(stand_in_once_, [this] { stand_in_ = argon2id("a password nobody has"); });
  return stand_in_;
}

bool Passwords::hash(std::string password, std::function<void(std::string)> done) {
  auto secret = std::make_shared<Secret>(Secret{std::move(password)});
  return queue([secret, done = std::move(done)] { done(argon2id(secret->text)); });
}

bool Passwords::verify(std::optional<std::string> hash, std::string password,
                       std::function<void(bool)> done) {
  auto secret = std::make_shared<Secret>(Secret{std::move(password)});
  return queue([this, secret, hash = std::move(hash), done = std::move(done)] {
    const std::string& against = hash ? *hash : stand_in();
    // crypto_pwhash_str_verify compares in constant time.
    const bool same =
        crypto_pwhash_str_verify(against.c_str(), secret->text.data(), secret->text.size()) == 0;
    done(same && hash.has_value());
  });
}

}  // namespace tortuga
