#include "server/access/client_address.hpp"

#include <charconv>
#include <optional>

namespace tortuga {
namespace {

namespace ip = boost::asio::ip;

// An IPv4 address mapped into IPv6 (::ffff:a.b.c.d), as a dual-stack socket reports an IPv4
// peer, is that IPv4 address.
ip::address unmapped(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// One hop of X-Forwarded-For: an address, perhaps with a port ("203.0.113.7:4711",
// "[2001:db8::1]:4711"), as some proxies write it.
std::optional<ip::address> hop_address(std::string_view hop) {
  hop = trimmed(hop);
  if (!hop.empty() && hop.front() == '[') {
    const auto close = hop.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    hop = hop.substr(1, close - 1);
  } else if (hop.find(':') != std::string_view::npos &&
             hop.find(':') == hop.rfind(':')) {  // one colon: IPv4 and a port
    hop = hop.substr(0, hop.find(':'));
  }
  boost::system::error_code ec;
  const ip::address a = ip::make_address(std::string(hop), ec);
  if (ec) return std::nullopt;
  return unmapped(a);
}

bool within(const ip::address& a, const ip::address& base, int prefix) {
  if (a.is_v4() != base.is_v4()) return false;
  const auto bytes = [](const ip::address& x) {
    std::vector<unsigned char> out;
    if (x.is_v4())
      for (unsigned char b : x.to_v4().to_bytes()) out.push_back(b);
    else
      for (unsigned char b : x.to_v6().to_bytes()) out.push_back(b);
    return out;
  };
  const auto ab = bytes(a), bb = bytes(base);
  for (int bit = 0; bit < prefix; ++bit) {
    const int byte = bit / 8, mask = 0x80 >> (bit % 8);
    if ((ab[byte] & mask) != (bb[byte] & mask)) return false;
  }
  return true;
}

}  // namespace

Expected<TrustedProxies> TrustedProxies::parse(const std::vector<std::string>& entries) {
  TrustedProxies out;
  for (const std::string& entry : entries) {
    const auto slash = entry.find('/');
    boost::system::error_code ec;
    const ip::address base = unmapped(ip::make_address(entry.substr(0, slash), ec));
    const int bits = !ec && base.is_v4() ? 32 : 128;
    int prefix = bits;
    if (!ec && slash != std::string::npos) {
      const std::string_view p = std::string_view(entry).substr(slash + 1);
      auto [end, err] = std::from_chars(p.data(), p.data() + p.size(), prefix);
      if (err != std::errc() || end != p.data() + p.size() || prefix < 0 || prefix > bits)
        ec = make_error_code(boost::system::errc::invalid_argument);
    }
    if (ec)
      return Error{"bad_config", "trusted_proxies: \"" + entry +
                                     "\" is neither an address nor a network such as 10.0.0.0/8"};
    out.networks_.push_back({base, prefix});
  }
  return out;
}

bool TrustedProxies::trusts(const ip::address& address) const {
  const ip::address a = unmapped(address);
  for (const Network& n : networks_)
    if (within(a, n.base, n.prefix)) return true;
  return false;
}

std::string address_key(const ip::address& address) {
  const ip::address a = unmapped(address);
  if (a.is_v4()) return a.to_string();
  auto bytes = a.to_v6().to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return ip::make_address_v6(bytes).to_string() + "/64";
}

std::string client_address(const ip::address& peer, std::string_view forwarded_for,
                           const TrustedProxies& trusted) {
  // Each proxy appends the address it was reached from: read from the right, the first hop not
  // written by a trusted proxy is the client. A hop that is not an address stops the reading at
  // the proxy that wrote it.
  ip::address client = unmapped(peer);
  while (trusted.trusts(client) && !forwarded_for.empty()) {
    const auto comma = forwarded_for.rfind(',');
    const std::string_view hop =
        comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for =
        comma == std::string_view::npos ? std::string_view() : forwarded_for.substr(0, comma);
    if (trimmed(hop).empty()) continue;
    const auto address = hop_address(hop);
    if (!address) break;
    client = *address;
  }
  return address_key(client);
}

}  // namespace tortuga
