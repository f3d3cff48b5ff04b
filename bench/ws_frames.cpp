#include "bench/ws_frames.hpp"

namespace tortuga::bench::ws {

namespace {

bool is_control(Opcode opcode) {
  return static_cast<std::uint8_t>(opcode) & 0x8;
}

bool is_known(std::uint8_t opcode) {
  return opcode <= 0x2 || (opcode >= 0x8 && opcode <= 0xA);
}

Frame invalid(const char* why) {
  Frame f;
  f.status = Frame::Status::kInvalid;
  f.error = why;
  return f;
}

}  // namespace

void append_client_frame(std::string& out, Opcode opcode, std::string_view payload,
                         std::uint32_t mask) {
  out += static_cast<char>(0x80 | static_cast<std::uint8_t>(opcode));
  const std::uint64_t n = payload.size();
  if (n < 126) {
    out += static_cast<char>(0x80 | n);
  } else if (n <= 0xFFFF) {
    out += static_cast<char>(0x80 | 126);
    for (int shift = 8; shift >= 0; shift -= 8) out += static_cast<char>(n >> shift & 0xFF);
  } else {
    out += static_cast<char>(0x80 | 127);
    for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>(n >> shift & 0xFF);
  }
  char key[4];
  for (int i = 0; i < 4; ++i) key[i] = static_cast<char>(mask >> (24 - 8 * i) & 0xFF);
  out.append(key, 4);
  const std::size_t start = out.size();
  out.append(payload);
  for (std::size_t i = 0; i < payload.size(); ++i) out[start + i] ^= key[i & 3];
}

Frame read_server_frame(std::string_view bytes, std::size_t max_payload, bool deflate) {
  Frame f;
  if (bytes.size() < 2) return f;
  const auto b0 = static_cast<std::uint8_t>(bytes[0]);
  const auto b1 = static_cast<std::uint8_t>(bytes[1]);
  if (!is_known(b0 & 0x0F)) return invalid("unknown opcode");
  f.opcode = static_cast<Opcode>(b0 & 0x0F);
  f.compressed = b0 & 0x40;
  const bool starts_message = f.opcode == Opcode::kText || f.opcode == Opcode::kBinary;
  if (b0 & 0x30 || (f.compressed && !(deflate && starts_message)))
    return invalid("a reserved bit is set, and no extension was agreed that uses it");
  if (b1 & 0x80) return invalid("a server's frame is masked");
  f.fin = b0 & 0x80;
  std::uint64_t length = b1 & 0x7F;
  std::size_t header = 2;
  if (length >= 126) {
    const std::size_t extra = length == 126 ? 2 : 8;
    if (bytes.size() < header + extra) return f;
    length = 0;
    for (std::size_t i = 0; i < extra; ++i)
      length = length << 8 | static_cast<std::uint8_t>(bytes[header + i]);
    header += extra;
  }
  if (is_control(f.opcode) && (!f.fin || length > 125))
    return invalid("a control frame is fragmented or longer than 125 bytes");
  if (length > max_payload) return invalid("a frame is longer than this client accepts");
  f.size = header + static_cast<std::size_t>(length);
  if (bytes.size() < f.size) return f;
  f.status = Frame::Status::kComplete;
  f.payload = bytes.substr(header, static_cast<std::size_t>(length));
  return f;
}

MessageAssembler::Result MessageAssembler::add(const Frame& frame) {
  Result r;
  switch (frame.opcode) {
    case Opcode::kPing:
      r.event = Event::kPing;
      r.data = frame.payload;
      return r;
    case Opcode::kPong:
      return r;
    case Opcode::kClose:
      r.event = Event::kClose;
      r.data = frame.payload;
      return r;
    case Opcode::kText:
    case Opcode::kBinary:
      if (in_message_) {
        r.event = Event::kInvalid;
        r.error = "a new message began before the last one ended";
        return r;
      }
      if (frame.fin) {  // the usual case: the message is the frame's payload, not copied
        r.event = Event::kMessage;
        r.data = frame.payload;
        r.compressed = frame.compressed;
        return r;
      }
      in_message_ = true;
      compressed_ = frame.compressed;
      partial_.assign(frame.payload);
      return r;
    case Opcode::kContinuation:
      if (!in_message_) {
        r.event = Event::kInvalid;
        r.error = "a continuation frame without a message to continue";
        return r;
      }
      partial_.append(frame.payload);
      if (!frame.fin) return r;
      in_message_ = false;
      r.event = Event::kMessage;
      r.data = partial_;
      r.compressed = compressed_;
      return r;
  }
  r.event = Event::kInvalid;
  r.error = "unknown opcode";
  return r;
}

int close_code(std::string_view payload) {
  if (payload.size() < 2) return 1005;
  return static_cast<std::uint8_t>(payload[0]) << 8 | static_cast<std::uint8_t>(payload[1]);
}

}  // namespace tortuga::bench::ws
