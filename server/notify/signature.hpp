// A webhook's signature: HMAC-SHA256 of the body under the account's own key, so that the
// receiver can tell the server's calls from anybody else's (docs/notifications.md).
#pragma once

#include <string>
#include <string_view>

namespace tortuga::notify {

// A new key: 32 random bytes as 64 lowercase hex characters, shown to its player once.
std::string new_webhook_secret();

// HMAC-SHA256 of `body` with the key `secret_hex` (as new_webhook_secret makes it), in lowercase
// hex; what the X-Tortuga-Signature header carries after "sha256=".
std::string sign_body(std::string_view secret_hex, std::string_view body);

}  // namespace tortuga::notify
