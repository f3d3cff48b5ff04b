// Failed guesses of a secret, per address: a private room's join code (join_room, watch_room), the
// admin API's token, and an account's password (login, change_password); and the password's per
// account too, whoever guesses it (the key is then the account name's key, not an address). A few
// failures are free, for a mistyped code; past them each further failure doubles the wait before
// the address is heard again (1 s, 2 s, 4 s ... up to a ceiling), and what it sends meanwhile is
// refused unread, with how long to wait (too_many_guesses). An address that has failed nothing for
// an hour starts afresh. A guess that succeeds resets nothing: an attacker who knows one code
// cannot buy more guesses with it.
//
// Guessing is not logged line by line, which would let one address fill the log: the failures and
// refusals of a period (a minute by default) are one summarised line (guesses_refused), written
// once the period is over.
// Thread-safe.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>

#include "server/ops/clock.hpp"

namespace tortuga {

struct GuessSettings {
  int free_failures = 10;   // per address, before the waits begin
  int max_backoff_s = 300;  // the longest wait
  int report_every_s = 60;  // the summary line's period
};

class Guesses {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Kind { join_code, admin_token, password, account_password };
  static constexpr std::size_t kKinds = 4;
  // How long an address must go without failing to start afresh.
  static constexpr std::chrono::hours kForgetAfter{1};

  Guesses(boost::asio::io_context& io, GuessSettings settings);
  ~Guesses();

  // Whether `address` (for account_password, the account name's key) must wait before guessing a
  // secret of `kind` again: how long, or none. A guess refused so is counted
  // (tortuga_guesses_refused_total) and is not a failure.
  std::optional<std::chrono::milliseconds> barred(Kind kind, const std::string& address,
                                                  Clock::time_point now = Clock::now());
  // A guess of `kind` from `address` that named no secret.
  void failed(Kind kind, const std::string& address, Clock::time_point now = Clock::now());
  // How many addresses are remembered (have failed within the hour).
  std::size_t addresses() const;
  // At the very end, with the io_context stopped: the report's timer goes while it still exists.
  void release();

  static const char* kind_name(Kind kind);

 private:
  struct Record {
    int failures = 0;
    Clock::time_point last_failure{};
    Clock::time_point barred_until{};
  };
  struct Period {  // what the next summary line says, per kind
    std::array<std::uint64_t, kKinds> failed{};
    std::array<std::uint64_t, kKinds> refused{};
    std::map<std::string, std::uint64_t> by_address;  // failed and refused together
  };
  using Key = std::pair<int, std::string>;
  void forget_stale(Clock::time_point now);
  // With mutex_ held: the report is due later.
  void noted(Kind kind, const std::string& address);
  void report();

  const GuessSettings settings_;
  // Both go at release(), before the io_context they belong to.
  std::optional<RoomStrand> strand_;
  std::unique_ptr<RoomTimer> timer_;
  mutable std::mutex mutex_;
  std::map<Key, Record> records_;
  Clock::time_point swept_{};
  Period period_;
  bool reporting_ = false;  // the timer is armed
};

}  // namespace tortuga
