// The admin API's token: who may call it, checked in constant time, and the fingerprint that
// names the token in the log and in the record of admin actions without revealing it.
#pragma once

#include <string>
#include <string_view>

namespace tortuga {

class AdminToken {
 public:
  // Empty: no token is configured and nobody is an admin.
  explicit AdminToken(std::string_view token);

  bool configured() const { return !hash_.empty(); }
  // Whether an Authorization header ("Bearer TOKEN") carries this token. The comparison is of
  // the two tokens' SHA-256, in a time that depends on neither, so that timing the answers
  // teaches an attacker nothing about the token, not even its length.
  bool admits(std::string_view authorization) const;
  // "admin:" and the first 8 hex digits of the token's SHA-256.
  const std::string& who() const { return who_; }

 private:
  std::string hash_;
  std::string who_;
};

}  // namespace tortuga
