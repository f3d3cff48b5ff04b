#include "server/notify/signature.hpp"

#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace tortuga::notify {

namespace {

std::string hex(const unsigned char* bytes, std::size_t n) {
  std::string out(n * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes, n);
  out.pop_back();
  return out;
}

}  // namespace

std::string new_webhook_secret() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to start");
  unsigned char key[crypto_auth_hmacsha256_KEYBYTES];
  randombytes_buf(key, sizeof key);
  return hex(key, sizeof key);
}

std::string sign_body(std::string_view secret_hex, std::string_view body) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to start");
  std::vector<unsigned char> key(secret_hex.size() / 2 + 1);
  std::size_t key_length = 0;
  if (sodium_hex2bin(key.data(), key.size(), secret_hex.data(), secret_hex.size(), nullptr,
                     &key_length, nullptr) != 0)
    throw std::invalid_argument("a webhook key is hex");
  crypto_auth_hmacsha256_state state;
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_init(&state, key.data(), key_length);
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(body.data()),
                                body.size());
  crypto_auth_hmacsha256_final(&state, mac);
  return hex(mac, sizeof mac);
}

}  // namespace tortuga::notify
