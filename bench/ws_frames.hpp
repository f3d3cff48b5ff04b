// The client's side of RFC 6455 framing, without sockets: the frames a client writes (always
// masked) and a reader of the frames a server sends (never masked). The load generator's
// connections (bench/ws_client.*) are built on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tortuga::bench::ws {

enum class Opcode : std::uint8_t {
  kContinuation = 0x0,
  kText = 0x1,
  kBinary = 0x2,
  kClose = 0x8,
  kPing = 0x9,
  kPong = 0xA,
};

// Appends one whole (FIN) frame carrying `payload`, masked with `mask` as a client must.
void append_client_frame(std::string& out, Opcode opcode, std::string_view payload,
                         std::uint32_t mask);

// What the reader found at the front of the bytes it was given.
struct Frame {
  enum class Status {
    kComplete,    // a whole frame: opcode, fin and payload are set, `size` bytes long in all
    kIncomplete,  // more bytes are needed; `size` is the whole frame's length once known, else 0
    kInvalid,     // the server broke the protocol: `error` says how
  };
  Status status = Status::kIncomplete;
  Opcode opcode = Opcode::kContinuation;
  bool fin = false;
  bool compressed = false;   // RSV1: the message this frame begins is deflated (RFC 7692)
  std::string_view payload;  // inside the bytes given
  std::size_t size = 0;
  const char* error = "";
};

// Reads the frame at the front of `bytes`, refusing what a server may not send: masked frames,
// reserved bits (but RSV1 on a message's first frame once permessage-deflate is agreed),
// unknown opcodes, control frames that are fragmented or longer than 125 bytes, and payloads
// longer than `max_payload`.
Frame read_server_frame(std::string_view bytes, std::size_t max_payload, bool deflate = false);

// Puts a server's fragmented messages back together, and answers what the protocol requires of
// a client. Feed it frames in order.
class MessageAssembler {
 public:
  enum class Event { kNone, kMessage, kPing, kClose, kInvalid };
  struct Result {
    Event event = Event::kNone;
    std::string_view data;    // the message, the ping's payload or the close's payload; valid
                              // until the next call
    bool compressed = false;  // a message whose first frame had RSV1 set
    const char* error = "";
  };
  Result add(const Frame& frame);

 private:
  std::string partial_;  // a fragmented message so far
  bool in_message_ = false;
  bool compressed_ = false;  // of the message in partial_
};

// The close code of a close frame's payload, 1005 ("no status") when it has none.
int close_code(std::string_view payload);

}  // namespace tortuga::bench::ws
