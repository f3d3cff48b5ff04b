#include "bench/ws_client.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <random>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <unistd.h>

namespace tortuga::bench {

namespace {

// Room kept free for one read. Two thousand connections each hold their buffer: it starts at
// twice this and grows only for a message that does not fit.
constexpr std::size_t kReadChunk = 4 * 1024;
constexpr std::size_t kMaxPayload = 64 * 1024 * 1024;  // a frame larger than this is refused
constexpr std::size_t kMaxUpgradeAnswer = 16 * 1024;

std::uint64_t random_seed() {
  thread_local std::mt19937_64 seeds{std::random_device{}()};
  return seeds() | 1;  // xorshift needs a state that is not zero
}

std::string base64(const unsigned char* data, std::size_t n) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < n; i += 3) {
    const std::uint32_t chunk =
        data[i] << 16 | (i + 1 < n ? data[i + 1] << 8 : 0) | (i + 2 < n ? data[i + 2] : 0);
    out += kDigits[chunk >> 18 & 63];
    out += kDigits[chunk >> 12 & 63];
    out += i + 1 < n ? kDigits[chunk >> 6 & 63] : '=';
    out += i + 2 < n ? kDigits[chunk & 63] : '=';
  }
  return out;
}

std::string error_text(int error) {
  return std::strerror(error);
}

// Whether the upgrade's answer (its headers) agrees to permessage-deflate. Header names are
// case-insensitive; this client offers nothing else, so the extension's name is enough.
bool agreed_deflate(std::string_view headers) {
  std::string lower(headers);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto at = lower.find("\r\nsec-websocket-extensions:");
  if (at == std::string::npos) return false;
  const auto line_end = lower.find("\r\n", at + 2);
  return lower.substr(at, line_end - at).find("permessage-deflate") != std::string::npos;
}

}  // namespace

std::optional<Endpoint> Endpoint::parse(const std::string& host, std::uint16_t port) {
  Endpoint e;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&e.address);
  if (::inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(port);
    e.length = sizeof(sockaddr_in);
    return e;
  }
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&e.address);
  if (::inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(port);
    e.length = sizeof(sockaddr_in6);
    return e;
  }
  return std::nullopt;
}

WsClient::WsClient(EventLoop& loop) : loop_(loop), deadline_(loop), mask_state_(random_seed()) {}

WsClient::~WsClient() {
  if (fd_ >= 0) ::close(fd_);
}

void WsClient::open(const Endpoint& endpoint, const std::string& host, const std::string& path,
                    Events events, Clock::duration limit, bool offer_deflate) {
  events_ = std::move(events);
  phase_ = Phase::kConnecting;
  deadline_.start(Clock::now() + limit, [this] { fail("handshake: timed out"); });
  fd_ = ::socket(endpoint.address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return fail("connect: " + error_text(errno));
  const int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

  unsigned char key[16];
  for (int i = 0; i < 16; i += 4) {
    const std::uint32_t r = next_mask();
    std::memcpy(key + i, &r, 4);
  }
  out_ = "GET " + path + " HTTP/1.1\r\nHost: " + host +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " +
         base64(key, sizeof key) + "\r\nSec-WebSocket-Version: 13\r\n" +
         (offer_deflate ? "Sec-WebSocket-Extensions: permessage-deflate\r\n" : "") + "\r\n";

  const auto* address = reinterpret_cast<const sockaddr*>(&endpoint.address);
  if (::connect(fd_, address, endpoint.length) == 0) {
    loop_.watch(fd_, EPOLLIN, this);
    return connected();
  }
  if (errno != EINPROGRESS) return fail("connect: " + error_text(errno));
  writing_ = true;
  loop_.watch(fd_, EPOLLOUT, this);
}

void WsClient::send(std::string_view text) {
  switch (phase_) {
    case Phase::kOpen:
      write_frame(ws::Opcode::kText, text);
      return flush();
    case Phase::kClosed:
      return;
    default:  // a client may send frames only once the upgrade is answered
      ws::append_client_frame(early_, ws::Opcode::kText, text, next_mask());
  }
}

void WsClient::close() {
  if (phase_ == Phase::kClosed) return;
  phase_ = Phase::kClosed;
  deadline_.cancel();
  if (fd_ >= 0) {
    loop_.forget(fd_);
    ::close(fd_);
    fd_ = -1;
  }
}

void WsClient::fail(const std::string& what) {
  if (phase_ == Phase::kClosed) return;
  close();
  if (events_.failed) events_.failed(what);
}

void WsClient::on_ready(std::uint32_t events) {
  if (phase_ == Phase::kClosed) return;  // closed earlier in the same wake-up
  if (phase_ == Phase::kConnecting) {
    int error = 0;
    socklen_t length = sizeof error;
    ::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &error, &length);
    if (error != 0) return fail("connect: " + error_text(error));
    return connected();
  }
  if (events & EPOLLOUT) {
    flush();
    if (phase_ == Phase::kClosed) return;
  }
  if (events & (EPOLLIN | EPOLLERR | EPOLLHUP)) read();
}

void WsClient::connected() {
  phase_ = Phase::kUpgrading;
  flush();
}

void WsClient::read() {
  if (in_begin_ == in_end_) in_begin_ = in_end_ = 0;
  if (in_.size() - in_end_ < kReadChunk) {
    // Move what is unparsed to the front, and grow if that leaves too little room.
    std::memmove(in_.data(), in_.data() + in_begin_, in_end_ - in_begin_);
    in_end_ -= in_begin_;
    in_begin_ = 0;
    if (in_.size() - in_end_ < kReadChunk) in_.resize(in_end_ + 2 * kReadChunk);
  }
  const ssize_t n = ::recv(fd_, in_.data() + in_end_, in_.size() - in_end_, 0);
  if (n == 0) return fail("read: the server closed the connection");
  if (n < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
    return fail("read: " + error_text(errno));
  }
  in_end_ += static_cast<std::size_t>(n);
  if (phase_ == Phase::kUpgrading && !read_upgrade()) return;
  read_frames();
}

bool WsClient::read_upgrade() {
  const std::string_view data(in_.data() + in_begin_, in_end_ - in_begin_);
  const auto end = data.find("\r\n\r\n");
  if (end == std::string_view::npos) {
    if (data.size() > kMaxUpgradeAnswer) fail("handshake: the answer has no end");
    return false;
  }
  const std::string_view status = data.substr(0, data.find("\r\n"));
  if (status.substr(0, 12) != "HTTP/1.1 101") {
    fail("handshake: answered " + std::string(status));
    return false;
  }
  deflating_ = agreed_deflate(data.substr(0, end));
  if (deflating_) inflater_ = std::make_unique<ws::Inflater>();
  in_begin_ += end + 4;
  phase_ = Phase::kOpen;
  deadline_.cancel();
  out_ += early_;
  early_.clear();
  early_.shrink_to_fit();
  flush();
  if (phase_ != Phase::kOpen) return false;
  if (events_.opened) events_.opened();
  return phase_ == Phase::kOpen;
}

void WsClient::read_frames() {
  while (phase_ == Phase::kOpen && in_begin_ < in_end_) {
    const ws::Frame frame = ws::read_server_frame(
        std::string_view(in_.data() + in_begin_, in_end_ - in_begin_), kMaxPayload, deflating_);
    if (frame.status == ws::Frame::Status::kInvalid)
      return fail(std::string("read: ") + frame.error);
    if (frame.status == ws::Frame::Status::kIncomplete) {
      // The next read must have room for the rest of a large frame.
      if (frame.size > in_.size() - in_begin_) in_.resize(frame.size + in_begin_ + kReadChunk);
      return;
    }
    in_begin_ += frame.size;
    const auto r = assembler_.add(frame);
    switch (r.event) {
      case ws::MessageAssembler::Event::kNone:
        break;
      case ws::MessageAssembler::Event::kMessage: {
        std::string_view text = r.data;
        if (r.compressed) {
          const char* error = "";
          text = inflater_->inflate(r.data, error);
          if (*error) return fail(std::string("read: ") + error);
        }
        if (events_.message) events_.message(text, r.data.size());
        break;
      }
      case ws::MessageAssembler::Event::kPing:
        write_frame(ws::Opcode::kPong, r.data);
        flush();
        break;
      case ws::MessageAssembler::Event::kClose:
        write_frame(ws::Opcode::kClose, r.data.substr(0, 2));  // the code echoed, as RFC 6455 asks
        flush();
        return fail("read: the server closed the WebSocket (code " +
                    std::to_string(ws::close_code(r.data)) + ")");
      case ws::MessageAssembler::Event::kInvalid:
        return fail(std::string("read: ") + r.error);
    }
  }
}

void WsClient::write_frame(ws::Opcode opcode, std::string_view payload) {
  ws::append_client_frame(out_, opcode, payload, next_mask());
}

void WsClient::flush() {
  while (out_sent_ < out_.size()) {
    const ssize_t n = ::send(fd_, out_.data() + out_sent_, out_.size() - out_sent_, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return want_write(true);
      return fail("write: " + error_text(errno));
    }
    out_sent_ += static_cast<std::size_t>(n);
  }
  out_.clear();
  out_sent_ = 0;
  want_write(false);
}

void WsClient::want_write(bool on) {
  if (writing_ == on || phase_ == Phase::kClosed) return;
  writing_ = on;
  loop_.change(fd_, on ? EPOLLIN | EPOLLOUT : EPOLLIN, this);
}

std::uint32_t WsClient::next_mask() {
  // xorshift64: masks need not be secret here, only varied.
  mask_state_ ^= mask_state_ << 13;
  mask_state_ ^= mask_state_ >> 7;
  mask_state_ ^= mask_state_ << 17;
  return static_cast<std::uint32_t>(mask_state_ >> 32);
}

}  // namespace tortuga::bench
