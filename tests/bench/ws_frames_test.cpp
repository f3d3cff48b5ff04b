// The load generator's own WebSocket framing (RFC 6455, the client's side): what it writes is a
// masked frame a server can read back, and what it reads refuses what a server may not send.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "bench/ws_frames.hpp"

namespace tortuga::bench::ws {
namespace {

// Reads a client frame as a server would: header, length, mask key, unmasked payload.
struct ClientFrame {
  bool fin = false;
  int opcode = -1;
  bool masked = false;
  std::string payload;
  std::size_t size = 0;
};

ClientFrame read_client_frame(const std::string& bytes) {
  ClientFrame f;
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(bytes.at(i)); };
  f.fin = byte(0) & 0x80;
  f.opcode = byte(0) & 0x0F;
  f.masked = byte(1) & 0x80;
  std::uint64_t length = byte(1) & 0x7F;
  std::size_t at = 2;
  if (length == 126 || length == 127) {
    const std::size_t extra = length == 126 ? 2 : 8;
    length = 0;
    for (std::size_t i = 0; i < extra; ++i) length = length << 8 | byte(at + i);
    at += extra;
  }
  unsigned char key[4];
  for (int i = 0; i < 4; ++i) key[i] = byte(at + i);
  at += 4;
  for (std::size_t i = 0; i < length; ++i)
    f.payload += static_cast<char>(byte(at + i) ^ key[i & 3]);
  f.size = at + length;
  return f;
}

// A server's frame: unmasked, with the shortest length form.
std::string server_frame(int first_byte, const std::string& payload) {
  std::string out(1, static_cast<char>(first_byte));
  const std::uint64_t n = payload.size();
  if (n < 126) {
    out += static_cast<char>(n);
  } else if (n <= 0xFFFF) {
    out += static_cast<char>(126);
    out += static_cast<char>(n >> 8);
    out += static_cast<char>(n & 0xFF);
  } else {
    out += static_cast<char>(127);
    for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>(n >> shift & 0xFF);
  }
  return out + payload;
}

TEST_CASE("a client frame is masked, whole, and carries its payload at every length form") {
  for (std::size_t n : {0, 1, 125, 126, 65535, 65536, 70000}) {
    CAPTURE(n);
    std::string payload(n, '\0');
    for (std::size_t i = 0; i < n; ++i) payload[i] = static_cast<char>('a' + i % 26);
    std::string out = "before";
    append_client_frame(out, Opcode::kText, payload, 0xA1B2C3D4);
    REQUIRE(out.substr(0, 6) == "before");
    const ClientFrame f = read_client_frame(out.substr(6));
    CHECK(f.fin);
    CHECK(f.opcode == 1);
    CHECK(f.masked);
    CHECK(f.size == out.size() - 6);
    CHECK(f.payload == payload);
    const std::size_t header = n < 126 ? 2 : n <= 0xFFFF ? 4 : 10;
    CHECK(f.size == header + 4 + n);  // the shortest length form, as RFC 6455 requires
  }
}

TEST_CASE("the mask key is written as given and changes the bytes on the wire") {
  std::string out;
  append_client_frame(out, Opcode::kPong, "ping!", 0x01020304);
  CHECK(out[0] == static_cast<char>(0x8A));
  CHECK(out.substr(2, 4) == std::string("\x01\x02\x03\x04", 4));
  CHECK(out.substr(6) != "ping!");
  CHECK(read_client_frame(out).payload == "ping!");
}

TEST_CASE("a server frame is read once it is all there, with each length form") {
  for (std::size_t n : {0, 5, 125, 126, 300, 65535, 65536}) {
    CAPTURE(n);
    const std::string payload(n, 'x');
    const std::string bytes = server_frame(0x81, payload) + "next";
    for (std::size_t cut : {std::size_t{0}, std::size_t{1}, bytes.size() - 5}) {
      const Frame partial = read_server_frame(std::string_view(bytes).substr(0, cut), 1 << 20);
      CHECK(partial.status == Frame::Status::kIncomplete);
    }
    const Frame f = read_server_frame(bytes, 1 << 20);
    REQUIRE(f.status == Frame::Status::kComplete);
    CHECK(f.fin);
    CHECK(f.opcode == Opcode::kText);
    CHECK(f.payload == payload);
    CHECK(f.size == bytes.size() - 4);
  }
}

TEST_CASE("an incomplete frame tells its whole size once its header is there") {
  const std::string bytes = server_frame(0x81, std::string(1000, 'y'));
  const Frame f = read_server_frame(std::string_view(bytes).substr(0, 10), 1 << 20);
  CHECK(f.status == Frame::Status::kIncomplete);
  CHECK(f.size == bytes.size());
}

TEST_CASE("what a server may not send is refused") {
  const auto refused = [](const std::string& bytes, std::size_t max = 1 << 20) {
    return read_server_frame(bytes, max).status == Frame::Status::kInvalid;
  };
  std::string masked = server_frame(0x81, "hi");
  masked[1] = static_cast<char>(masked[1] | 0x80);
  CHECK(refused(masked));
  CHECK(refused(server_frame(0xC1, "hi")));                        // RSV1 without an extension
  CHECK(refused(server_frame(0x83, "hi")));                        // opcode 3 is reserved
  CHECK(refused(server_frame(0x09, "ping")));                      // a fragmented ping
  CHECK(refused(server_frame(0x89, std::string(126, 'p'))));       // a ping over 125 bytes
  CHECK(refused(server_frame(0x81, std::string(300, 'z')), 299));  // over the client's limit
  CHECK(!refused(server_frame(0x89, std::string(125, 'p'))));
}

TEST_CASE("with permessage-deflate agreed, RSV1 marks a message's first frame only") {
  const auto read = [](const std::string& bytes) {
    return read_server_frame(bytes, 1 << 20, true);
  };
  const Frame first = read(server_frame(0x41, "abc"));  // RSV1, text, not final
  REQUIRE(first.status == Frame::Status::kComplete);
  CHECK(first.compressed);
  CHECK(!read(server_frame(0x81, "abc")).compressed);
  CHECK(read(server_frame(0xC0, "abc")).status == Frame::Status::kInvalid);  // on a continuation
  CHECK(read(server_frame(0xC9, "")).status == Frame::Status::kInvalid);     // on a ping
  CHECK(read(server_frame(0xA1, "abc")).status == Frame::Status::kInvalid);  // RSV2 stays reserved

  MessageAssembler assembler;
  CHECK(assembler.add(read(server_frame(0x41, "ab"))).event == MessageAssembler::Event::kNone);
  const auto whole = assembler.add(read(server_frame(0x80, "c")));
  CHECK(whole.event == MessageAssembler::Event::kMessage);
  CHECK(whole.data == "abc");
  CHECK(whole.compressed);
}

TEST_CASE("fragments are put back together, with control frames between them") {
  MessageAssembler assembler;
  auto add = [&](int first_byte, const std::string& payload) {
    const std::string bytes = server_frame(first_byte, payload);
    const Frame f = read_server_frame(bytes, 1 << 20);
    REQUIRE(f.status == Frame::Status::kComplete);
    const auto r = assembler.add(f);
    return std::make_pair(r.event, std::string(r.data));
  };
  using Event = MessageAssembler::Event;
  CHECK(add(0x81, "whole") == std::make_pair(Event::kMessage, std::string("whole")));
  CHECK(add(0x01, "one ").first == Event::kNone);
  CHECK(add(0x89, "are you there") == std::make_pair(Event::kPing, std::string("are you there")));
  CHECK(add(0x00, "two ").first == Event::kNone);
  CHECK(add(0x8A, "").first == Event::kNone);  // an unasked pong is ignored
  CHECK(add(0x80, "three") == std::make_pair(Event::kMessage, std::string("one two three")));
  CHECK(add(0x81, "after") == std::make_pair(Event::kMessage, std::string("after")));
  CHECK(add(0x80, "stray").first == Event::kInvalid);  // nothing to continue
  CHECK(add(0x01, "begun").first == Event::kNone);
  CHECK(add(0x81, "too soon").first == Event::kInvalid);  // the last message had not ended
}

TEST_CASE("a close frame's code is read, and a missing one is 1005") {
  MessageAssembler assembler;
  const std::string bytes = server_frame(0x88, std::string("\x03\xE9going away", 12));
  const auto r = assembler.add(read_server_frame(bytes, 1 << 20));
  CHECK(r.event == MessageAssembler::Event::kClose);
  CHECK(close_code(r.data) == 1001);
  CHECK(close_code("") == 1005);
}

}  // namespace
}  // namespace tortuga::bench::ws
