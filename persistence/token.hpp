// Player tokens. A player proves who they are with a random secret token; the store keeps only its
// SHA-256, so that a copy of the database does not let anybody sign in as its players.
#pragma once

#include <string>
#include <string_view>

namespace tortuga::store {

// 32 bytes from the operating system's generator (/dev/urandom on Linux) as 64 lowercase hex
// characters.
std::string new_token();

// SHA-256 of the token as 64 lowercase hex characters: what the players table holds.
std::string hash_token(std::string_view token);

}  // namespace tortuga::store
