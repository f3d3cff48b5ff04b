// A WebSocket client connection on an EventLoop, for the load generator: connects, upgrades, then
// reads whatever arrives and writes what it is given, in order. Everything, its callbacks
// included, runs on its loop's thread.
//
// It speaks what our server speaks: text messages, answers to pings and closes, and, when asked
// to offer it, permessage-deflate for what the server sends (it sends its own uncompressed).
// It checks that the upgrade was answered with 101 and does not check the accept key: it only
// ever talks to a Tortuga server, and a wrong answer would show as frames it cannot read.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <sys/socket.h>

#include "bench/event_loop.hpp"
#include "bench/ws_frames.hpp"
#include "bench/ws_inflate.hpp"

namespace tortuga::bench {

struct Endpoint {
  sockaddr_storage address{};
  socklen_t length = 0;

  // A numeric IPv4 or IPv6 address and a port; nullopt if `host` is not one.
  static std::optional<Endpoint> parse(const std::string& host, std::uint16_t port);
};

class WsClient final : public Watcher {
 public:
  struct Events {
    std::function<void()> opened;
    // The message's text, valid during the call only, and the bytes it took on the wire (its
    // payload as sent: compressed, when it was).
    std::function<void(std::string_view, std::size_t)> message;
    std::function<void(const std::string&)> failed;  // not called after close()
  };

  explicit WsClient(EventLoop& loop);
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // Connects and upgrades; fails unless open within `limit`. With `offer_deflate`, asks for
  // permessage-deflate (the server may decline it: see deflating()).
  void open(const Endpoint& endpoint, const std::string& host, const std::string& path,
            Events events, Clock::duration limit, bool offer_deflate = false);
  // Whether the server agreed to compress its messages.
  bool deflating() const { return deflating_; }
  // A text message; held until the connection is open, dropped once it is closed.
  void send(std::string_view text);
  // Closes the socket without a word (the server sees the connection end).
  void close();

  void on_ready(std::uint32_t events) override;

 private:
  enum class Phase { kIdle, kConnecting, kUpgrading, kOpen, kClosed };

  void connected();
  void read();
  bool read_upgrade();  // false while the answer is incomplete or if it failed
  void read_frames();
  void write_frame(ws::Opcode opcode, std::string_view payload);
  void flush();
  void want_write(bool on);
  void fail(const std::string& what);
  std::uint32_t next_mask();

  EventLoop& loop_;
  Timer deadline_;
  Events events_;
  Phase phase_ = Phase::kIdle;
  int fd_ = -1;
  bool writing_ = false;  // EPOLLOUT is asked for
  std::string early_;     // frames sent before the upgrade was answered
  std::string out_;       // bytes not yet written, from out_sent_
  std::size_t out_sent_ = 0;
  std::string in_;  // bytes read, unparsed from in_begin_ to in_end_
  std::size_t in_begin_ = 0, in_end_ = 0;
  ws::MessageAssembler assembler_;
  bool deflating_ = false;
  std::unique_ptr<ws::Inflater> inflater_;  // once deflate is agreed
  std::uint64_t mask_state_;
};

}  // namespace tortuga::bench
