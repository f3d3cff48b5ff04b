// Who a connection comes from, as the limits per address count it (docs/security.md). The peer of
// the TCP connection, unless that peer is a reverse proxy the operator trusts: then the client's
// address as the proxies wrote it in X-Forwarded-For, read from the right, past every trusted
// proxy. Nothing else a client sends is believed: with no proxy trusted (the default), a forged
// X-Forwarded-For changes nothing.
//
// The address is counted as a key: an IPv4 address as it is written ("203.0.113.7"); an IPv6
// address by its /64 network ("2001:db8:1:2::/64"), since one subscriber is given a whole /64 and
// could otherwise take a new address for every request; an IPv4 address mapped into IPv6 as the
// IPv4 one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/address.hpp>

#include "rules/core/error.hpp"

namespace tortuga {

class TrustedProxies {
 public:
  // Each entry an address ("127.0.0.1", "::1") or a network in CIDR form ("10.0.0.0/8",
  // "fd00::/8"); an entry that is neither is refused (bad_config).
  static Expected<TrustedProxies> parse(const std::vector<std::string>& entries);

  bool trusts(const boost::asio::ip::address& address) const;
  bool empty() const { return networks_.empty(); }

 private:
  struct Network {
    boost::asio::ip::address base;
    int prefix;  // bits that must match
  };
  std::vector<Network> networks_;
};

// The key the limits count `peer` under, given the X-Forwarded-For header it sent (all such
// headers joined with commas; empty when none) and the proxies trusted.
std::string client_address(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                           const TrustedProxies& trusted);

// The key of an address on its own (see above).
std::string address_key(const boost::asio::ip::address& address);

}  // namespace tortuga
