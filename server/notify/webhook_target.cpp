#include "server/notify/webhook_target.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netdb.h>
#include <sys/socket.h>

#include <array>
#include <cstring>
#include <memory>

#include "protocol/codes.hpp"

namespace tortuga::notify {

namespace {

Error bad_webhook(std::string message) {
  return {code::kBadWebhook, std::move(message)};
}

std::string part(CURLU* u, CURLUPart which) {
  char* text = nullptr;
  if (curl_url_get(u, which, &text, 0) != CURLUE_OK || !text) return {};
  std::string out(text);
  curl_free(text);
  return out;
}

bool public_v4(const std::array<std::uint8_t, 4>& a) {
  const auto in = [&](std::uint32_t net, int bits) {
    const std::uint32_t v = (std::uint32_t{a[0]} << 24) | (a[1] << 16) | (a[2] << 8) | a[3];
    const std::uint32_t mask = bits == 0 ? 0 : ~std::uint32_t{0} << (32 - bits);
    return (v & mask) == net;
  };
  return !(in(0x00000000, 8)       // "this" network, unspecified
           || in(0x0A000000, 8)    // private
           || in(0x64400000, 10)   // CGNAT, shared address space
           || in(0x7F000000, 8)    // loopback
           || in(0xA9FE0000, 16)   // link-local (and the cloud's metadata service)
           || in(0xAC100000, 12)   // private
           || in(0xC0000000, 24)   // IETF protocol assignments
           || in(0xC0000200, 24)   // documentation
           || in(0xC0586300, 24)   // 6to4 relay anycast
           || in(0xC0A80000, 16)   // private
           || in(0xC6120000, 15)   // benchmarking
           || in(0xC6336400, 24)   // documentation
           || in(0xCB007100, 24)   // documentation
           || in(0xE0000000, 4)    // multicast
           || in(0xF0000000, 4));  // reserved, and broadcast
}

bool public_v6(const std::array<std::uint8_t, 16>& a) {
  const auto prefix = [&](std::initializer_list<std::uint8_t> bytes, int bits) {
    int i = 0;
    for (std::uint8_t b : bytes) {
      const int here = std::min(8, bits - 8 * i);
      if (here <= 0) break;
      const std::uint8_t mask = static_cast<std::uint8_t>(0xFF << (8 - here));
      if ((a[i] & mask) != (b & mask)) return false;
      ++i;
    }
    return true;
  };
  const auto v4_at = [&](int from) {
    return public_v4({a[from], a[from + 1], a[from + 2], a[from + 3]});
  };
  bool zero_to_10 = true;
  for (int i = 0; i < 10; ++i) zero_to_10 = zero_to_10 && a[i] == 0;
  if (zero_to_10 && a[10] == 0xFF && a[11] == 0xFF) return v4_at(12);  // IPv4-mapped
  if (zero_to_10 && a[10] == 0 && a[11] == 0) return false;            // ::, ::1, IPv4-compatible
  if (prefix({0x00, 0x64, 0xFF, 0x9B}, 32) && a[4] == 0 && a[5] == 0 && a[6] == 0 && a[7] == 0)
    return v4_at(12);                                                    // NAT64 64:ff9b::/96
  if (prefix({0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01}, 48)) return false;    // local NAT64
  if (prefix({0x20, 0x02}, 16)) return v4_at(2);                         // 6to4
  if (prefix({0x20, 0x01, 0x00, 0x00}, 32)) return false;                // Teredo
  if (prefix({0x20, 0x01, 0x0D, 0xB8}, 32)) return false;                // documentation
  if (prefix({0x01, 0x00}, 64) && a[2] == 0 && a[3] == 0) return false;  // discard-only
  return !(prefix({0xFC}, 7)                                             // unique local
           || prefix({0xFE, 0x80}, 10)                                   // link-local
           || prefix({0xFE, 0xC0}, 10)                                   // site-local, deprecated
           || prefix({0xFF}, 8));                                        // multicast
}

}  // namespace

Expected<WebhookUrl> parse_webhook_url(const std::string& url, bool allow_http) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> u(curl_url(), &curl_url_cleanup);
  if (!u || curl_url_set(u.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK)
    return bad_webhook("not a URL: " + quote(url));
  WebhookUrl out;
  out.scheme = part(u.get(), CURLUPART_SCHEME);
  if (out.scheme != "https" && !(allow_http && out.scheme == "http"))
    return bad_webhook(allow_http ? "a webhook's URL begins with https:// or http://"
                                  : "a webhook's URL begins with https://");
  if (!part(u.get(), CURLUPART_USER).empty() || !part(u.get(), CURLUPART_PASSWORD).empty())
    return bad_webhook("a webhook's URL holds no user or password");
  out.host = part(u.get(), CURLUPART_HOST);
  if (out.host.empty()) return bad_webhook("a webhook's URL names a host");
  if (out.host.front() == '[' && out.host.back() == ']')
    out.host = out.host.substr(1, out.host.size() - 2);
  char* port = nullptr;
  if (curl_url_get(u.get(), CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK && port) {
    out.port = std::atoi(port);
    curl_free(port);
  }
  return out;
}

bool is_public_address(const std::string& address) {
  std::array<std::uint8_t, 16> v6{};
  std::array<std::uint8_t, 4> v4{};
  if (inet_pton(AF_INET, address.c_str(), v4.data()) == 1) return public_v4(v4);
  if (inet_pton(AF_INET6, address.c_str(), v6.data()) == 1) return public_v6(v6);
  return false;
}

std::string PinnedTarget::resolve_entry() const {
  std::string out = url.host + ":" + std::to_string(url.port) + ":";
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    if (i) out += ",";
    const bool v6 = addresses[i].find(':') != std::string::npos;
    out += v6 ? "[" + addresses[i] + "]" : addresses[i];
  }
  return out;
}

Expected<PinnedTarget> resolve_webhook(const std::string& url, bool allow_private) {
  auto parsed = parse_webhook_url(url, allow_private);
  if (!parsed) return parsed.error();
  PinnedTarget target{*parsed, {}};
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(target.url.host.c_str(), nullptr, &hints, &found) != 0 || !found)
    return Error{code::kBadWebhook, "a webhook's host that does not resolve"};
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> list(found, &freeaddrinfo);
  for (const addrinfo* a = found; a; a = a->ai_next) {
    char text[INET6_ADDRSTRLEN] = {};
    const void* where =
        a->ai_family == AF_INET
            ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr)
            : static_cast<const void*>(
                  &reinterpret_cast<const sockaddr_in6*>(a->ai_addr)->sin6_addr);
    if (!inet_ntop(a->ai_family, where, text, sizeof text)) continue;
    const std::string address(text);
    if (!allow_private && !is_public_address(address))
      return Error{code::kWebhookRefused,
                   "a webhook may not reach a private, loopback or link-local address"};
    bool seen = false;
    for (const auto& s : target.addresses) seen = seen || s == address;
    if (!seen) target.addresses.push_back(address);
  }
  if (target.addresses.empty())
    return Error{code::kBadWebhook, "a webhook's host that does not resolve"};
  return target;
}

}  // namespace tortuga::notify
