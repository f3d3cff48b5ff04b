#include "bench/ws_inflate.hpp"

#include <algorithm>

namespace tortuga::bench::ws {

namespace zlib = boost::beast::zlib;

std::string_view Inflater::inflate(std::string_view payload, const char*& error) {
  static constexpr unsigned char kTail[] = {0x00, 0x00, 0xff, 0xff};
  out_.resize(std::max<std::size_t>(out_.size(), 4 * payload.size() + 256));
  zlib::z_params zs;
  std::size_t written = 0;
  // The payload, then the tail the server left off: both inflated into out_, grown as needed.
  for (std::string_view in : {payload, std::string_view(reinterpret_cast<const char*>(kTail), 4)}) {
    zs.next_in = in.data();
    zs.avail_in = in.size();
    // Until all is read and the output was not full (a full one may have more to come).
    while (zs.avail_in > 0 || written == out_.size()) {
      if (written == out_.size()) out_.resize(2 * out_.size());
      zs.next_out = out_.data() + written;
      zs.avail_out = out_.size() - written;
      boost::beast::error_code ec;
      stream_.write(zs, zlib::Flush::sync, ec);
      written = out_.size() - zs.avail_out;
      if (ec == zlib::error::need_buffers && zs.avail_in == 0) break;  // nothing more to give
      if (ec && ec != zlib::error::need_buffers && ec != zlib::error::end_of_stream) {
        error = "a compressed message does not inflate";
        return {};
      }
    }
  }
  return std::string_view(out_.data(), written);
}

}  // namespace tortuga::bench::ws
