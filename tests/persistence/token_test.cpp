#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "persistence/token.hpp"

using tortuga::store::hash_token;
using tortuga::store::new_token;

namespace {
bool lower_hex(const std::string& s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}
}  // namespace

TEST_CASE("hash_token is SHA-256: the FIPS 180-2 test vectors") {
  CHECK(hash_token("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hash_token("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(hash_token("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(hash_token(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("hash_token pads correctly around the 64-byte block boundaries") {
  // Lengths where the length field just fits, just does not fit, and spills into a second block.
  CHECK(hash_token(std::string(55, 'x')) ==
        "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
  CHECK(hash_token(std::string(56, 'x')) ==
        "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
  CHECK(hash_token(std::string(63, 'x')) ==
        "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2");
  CHECK(hash_token(std::string(64, 'x')) ==
        "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
  CHECK(hash_token(std::string(65, 'x')) ==
        "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9");
  CHECK(hash_token(std::string(119, 'x')) ==
        "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c");
  CHECK(hash_token(std::string(120, 'x')) ==
        "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98");
}

TEST_CASE("hash_token hashes bytes, including high bytes and NUL") {
  using namespace std::string_literals;
  CHECK(hash_token("\xff\x00\x80 tortuga"s) ==
        "aa7e75a640faf391abdfa5e2b959500e9b9986cf4dedc08e43eb9ac3f0da6b39");
}

TEST_CASE("new_token gives 64 lowercase hex characters, different every time") {
  std::string a = new_token(), b = new_token();
  CHECK(a.size() == 64);
  CHECK(lower_hex(a));
  CHECK(a != b);
  CHECK(hash_token(a) != a);
  CHECK(hash_token(a).size() == 64);
}
