#include "server/lobby/guesses.hpp"

#include <algorithm>
#include <sstream>

#include <boost/asio/strand.hpp>

#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {

namespace {

// The summary names at most this many addresses, the busiest first: one line stays one line.
constexpr std::size_t kAddressesNamed = 3;

}  // namespace

Guesses::Guesses(boost::asio::io_context& io, GuessSettings settings)
    : settings_(settings),
      strand_(boost::asio::make_strand(io)),
      timer_(steady_room_clock().timer(*strand_)) {}

Guesses::~Guesses() = default;

const char* Guesses::kind_name(Kind kind) {
  constexpr const char* kNames[kKinds] = {"join_code", "admin_token", "password",
                                          "account_password"};
  return kNames[static_cast<std::size_t>(kind)];
}

void Guesses::forget_stale(Clock::time_point now) {
  if (now - swept_ < std::chrono::minutes(1)) return;
  swept_ = now;
  std::erase_if(records_, [&](const auto& entry) {
    return now - entry.second.last_failure >= kForgetAfter && now >= entry.second.barred_until;
  });
}

std::optional<std::chrono::milliseconds> Guesses::barred(Kind kind, const std::string& address,
                                                         Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = records_.find({static_cast<int>(kind), address});
  if (it == records_.end() || now >= it->second.barred_until) return std::nullopt;
  server_metrics().guess_refused(static_cast<std::size_t>(kind));
  ++period_.refused[static_cast<std::size_t>(kind)];
  noted(kind, address);
  // Rounded up: a client that waits exactly this long is heard.
  return std::chrono::ceil<std::chrono::milliseconds>(it->second.barred_until - now);
}

void Guesses::failed(Kind kind, const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  forget_stale(now);
  Record& r = records_[{static_cast<int>(kind), address}];
  if (now - r.last_failure >= kForgetAfter) r.failures = 0;
  ++r.failures;
  r.last_failure = now;
  if (r.failures > settings_.free_failures) {
    // 1 s after the first failure past the free ones, doubling with each, up to the ceiling.
    const int doublings = std::min(r.failures - settings_.free_failures - 1, 30);
    const auto wait = std::min<std::int64_t>(std::int64_t{1} << doublings, settings_.max_backoff_s);
    r.barred_until = now + std::chrono::seconds(wait);
  }
  server_metrics().guess_failed(static_cast<std::size_t>(kind));
  ++period_.failed[static_cast<std::size_t>(kind)];
  noted(kind, address);
}

std::size_t Guesses::addresses() const {
  std::lock_guard lock(mutex_);
  return records_.size();
}

void Guesses::noted(Kind kind, const std::string& address) {
  // An account's key is no address: the busiest addresses are counted by the other kinds.
  if (kind != Kind::account_password) ++period_.by_address[address];
  if (reporting_ || !timer_) return;
  reporting_ = true;
  timer_->arm(std::chrono::seconds(settings_.report_every_s), [this] { report(); });
}

void Guesses::report() {
  Period p;
  {
    std::lock_guard lock(mutex_);
    p = std::exchange(period_, Period{});
    reporting_ = false;
  }
  std::vector<std::pair<std::uint64_t, std::string>> busiest;
  for (const auto& [address, n] : p.by_address) busiest.emplace_back(n, address);
  std::sort(busiest.rbegin(), busiest.rend());
  if (busiest.size() > kAddressesNamed) busiest.resize(kAddressesNamed);
  nlohmann::json named = nlohmann::json::object();
  std::ostringstream who;
  for (const auto& [n, address] : busiest) {
    named[address] = n;
    who << (who.tellp() > 0 ? ", " : "") << address << " (" << n << ")";
  }
  const auto join = static_cast<std::size_t>(Kind::join_code);
  const auto admin = static_cast<std::size_t>(Kind::admin_token);
  const auto password = static_cast<std::size_t>(Kind::password);
  const auto account = static_cast<std::size_t>(Kind::account_password);
  // A wrong password is counted for its address and for its account: it is one guess.
  const std::uint64_t refused = p.refused[join] + p.refused[admin] + p.refused[password];
  TORTUGA_LOG_AT(warn,
                 log::Context("guesses_refused")
                     .field("period_s", settings_.report_every_s)
                     .field("join_code_failed", p.failed[join])
                     .field("join_code_refused", p.refused[join])
                     .field("admin_token_failed", p.failed[admin])
                     .field("admin_token_refused", p.refused[admin])
                     .field("password_failed", p.failed[password])
                     .field("password_refused", p.refused[password])
                     .field("account_password_refused", p.refused[account])
                     .field("addresses", p.by_address.size())
                     .field("busiest", named),
                 "in the last " << settings_.report_every_s << " s: " << p.failed[join]
                                << " wrong join codes, " << p.failed[admin]
                                << " wrong admin tokens and " << p.failed[password]
                                << " wrong passwords, " << refused
                                << " guesses refused while waiting, from " << p.by_address.size()
                                << " addresses; most from " << who.str());
}

void Guesses::release() {
  std::lock_guard lock(mutex_);
  timer_.reset();
  strand_.reset();
}

}  // namespace tortuga
