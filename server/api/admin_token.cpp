#include "server/api/admin_token.hpp"

#include <cctype>

#include "persistence/token.hpp"

namespace tortuga {
namespace {

// The token of "Bearer TOKEN" (the scheme in any case, spaces around allowed); empty otherwise.
std::string_view bearer(std::string_view header) {
  constexpr std::string_view kScheme = "bearer ";
  while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
  if (header.size() <= kScheme.size()) return {};
  for (std::size_t i = 0; i < kScheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(header[i])) != kScheme[i]) return {};
  header.remove_prefix(kScheme.size());
  while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
  while (!header.empty() && header.back() == ' ') header.remove_suffix(1);
  return header;
}

}  // namespace

AdminToken::AdminToken(std::string_view token) {
  if (token.empty()) return;
  hash_ = store::hash_token(token);
  who_ = "admin:" + hash_.substr(0, 8);
}

bool AdminToken::admits(std::string_view authorization) const {
  if (!configured()) return false;
  const std::string_view given = bearer(authorization);
  if (given.empty()) return false;
  const std::string hash = store::hash_token(given);
  unsigned char differ = 0;
  for (std::size_t i = 0; i < hash_.size(); ++i)
    differ |= static_cast<unsigned char>(hash[i] ^ hash_[i]);
  return differ == 0;
}

}  // namespace tortuga
