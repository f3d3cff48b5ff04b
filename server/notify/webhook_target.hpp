// Where a webhook may be sent: the guard against a player's URL reaching into the operator's own
// network (server-side request forgery, docs/security.md). A URL is read by libcurl's own parser
// (the one that will send it, so the two cannot read it differently), its host resolved once, and
// every address it resolves to checked: one loopback, private, link-local, unique-local, CGNAT,
// unspecified, multicast or reserved address refuses the URL unless the operator allows private
// webhooks. The addresses checked are the ones the request is then pinned to (CURLOPT_RESOLVE),
// so that a name resolving elsewhere a moment later (DNS rebinding) changes nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/error.hpp"

namespace tortuga::notify {

struct WebhookUrl {
  std::string scheme;  // "https", or "http" where the operator allows private webhooks
  std::string host;    // as written (without brackets for IPv6)
  int port = 0;
};

// The URL's parts, or why it is no webhook URL (not a URL, a scheme other than https, a user and
// password in it, no host). `allow_http`: http too (the operator's own receivers, tests).
Expected<WebhookUrl> parse_webhook_url(const std::string& url, bool allow_http);

// Whether an address (IPv4 dotted, IPv6 text) is one a player's webhook may reach: a public
// unicast address. IPv4 inside IPv6 (mapped, NAT64, 6to4...) is judged by the IPv4 address.
bool is_public_address(const std::string& address);

// The host resolved, every address checked. Blocking (getaddrinfo): call it off the rooms' and
// connections' threads.
struct PinnedTarget {
  WebhookUrl url;
  std::vector<std::string> addresses;
  // For CURLOPT_RESOLVE: "host:port:addr1,addr2" ([...] around IPv6 addresses).
  std::string resolve_entry() const;
};
Expected<PinnedTarget> resolve_webhook(const std::string& url, bool allow_private);

}  // namespace tortuga::notify
