// The client's side of permessage-deflate (RFC 7692) for reading: a server that agreed to it
// compresses a message's payload with raw DEFLATE, ends it with an empty sync block whose last
// four bytes (00 00 ff ff) it leaves off, and keeps its window from one message to the next
// (context takeover). So one Inflater per connection, fed every compressed message in order.
#pragma once

#include <string>
#include <string_view>

#include <boost/beast/zlib/inflate_stream.hpp>

namespace tortuga::bench::ws {

class Inflater {
 public:
  // The message's text, valid until the next call; an empty result with `error` set if the
  // payload does not inflate (the connection must then fail: the window is lost).
  std::string_view inflate(std::string_view payload, const char*& error);

 private:
  boost::beast::zlib::inflate_stream stream_;  // a 15-bit window reads any window a server uses
  std::string out_;
};

}  // namespace tortuga::bench::ws
