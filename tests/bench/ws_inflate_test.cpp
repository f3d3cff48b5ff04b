// The load generator's permessage-deflate reader: messages compressed as a server compresses them
// (raw DEFLATE, a sync flush, its last four bytes left off, one window kept across messages)
// inflate back to their text, in order, however large.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <boost/beast/zlib/deflate_stream.hpp>

#include "bench/ws_inflate.hpp"

namespace tortuga::bench::ws {
namespace {

namespace zlib = boost::beast::zlib;

// One server's side: a deflate stream that lives as long as its connection.
class Deflater {
 public:
  Deflater() { stream_.reset(6, 15, 8, zlib::Strategy::normal); }
  std::string deflate(const std::string& text) {
    std::string out(text.size() + 64, '\0');
    zlib::z_params zs;
    zs.next_in = text.data();
    zs.avail_in = text.size();
    zs.next_out = out.data();
    zs.avail_out = out.size();
    boost::beast::error_code ec;
    stream_.write(zs, zlib::Flush::sync, ec);
    REQUIRE(!ec);
    REQUIRE(zs.avail_in == 0);
    out.resize(out.size() - zs.avail_out);
    REQUIRE(out.size() >= 4);
    CHECK(out.substr(out.size() - 4) == std::string("\x00\x00\xff\xff", 4));
    out.resize(out.size() - 4);  // RFC 7692 7.2.1: the tail is left off
    return out;
  }

 private:
  zlib::deflate_stream stream_;
};

TEST_CASE("messages deflated with context takeover inflate back in order") {
  Deflater server;
  Inflater client;
  std::string big;
  for (int i = 0; i < 5000; ++i)
    big += R"({"op":"replace","path":"/model/pieces/)" + std::to_string(i) + "\"}";
  const std::vector<std::string> texts = {R"({"type":"welcome"})", big, big, "x", big + "!"};
  for (const std::string& text : texts) {
    const std::string wire = server.deflate(text);
    const char* error = "";
    CHECK(client.inflate(wire, error) == text);
    CHECK(std::string(error).empty());
  }
  // A text the window still holds costs a few bytes the second time: the window is kept.
  const std::string view = big.substr(0, 4000);
  const std::string once = server.deflate(view), again = server.deflate(view);
  CHECK(again.size() < 64);
  CHECK(again.size() * 4 < once.size());
  const char* error = "";
  CHECK(client.inflate(once, error) == view);
  CHECK(client.inflate(again, error) == view);
}

TEST_CASE("bytes that are not DEFLATE are refused") {
  Inflater client;
  const char* error = "";
  CHECK(client.inflate(std::string("\xff\xff\xff\xff\xff", 5), error).empty());
  CHECK(!std::string(error).empty());
}

}  // namespace
}  // namespace tortuga::bench::ws
