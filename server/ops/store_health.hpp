// Whether the store can write, as the server finds out, and what it does while it cannot: the
// store's outages. One per server, shared by its rooms, its lobby and its readiness.
//
// An outage begins with the first read or write that fails for want of the database (a restart,
// a stop, a full disk, a read-only file). From then on the store is probed, with a write that
// keeps nothing (Store::probe_write), after a pause that doubles from kFirstProbeMs to
// kLastProbeMs; the outage ends when a probe commits. Whoever waits for that (a room whose action
// was not stored) is called back then, and not before: a room never plays on a store that cannot
// keep its moves, and never spins against one.
//
// The log says an outage twice, whatever its length and however many rooms and clients it
// reaches: one line as it begins, one summing it up as it ends. What happens in between is
// counted on /metrics (docs/operations.md, "The store's outages").
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "persistence/store.hpp"
#include "server/ops/clock.hpp"

namespace tortuga {

// Whether a write that keeps nothing (Store::probe_write) commits within `wait`; if not, `why`
// says why. Blocks: never on a room's strand or the store's writer thread.
bool store_writes(store::Store& store, std::chrono::milliseconds wait, std::string& why);

class StoreHealth : public std::enable_shared_from_this<StoreHealth> {
 public:
  static constexpr int kFirstProbeMs = 250;
  static constexpr int kLastProbeMs = 5000;
  // An outage that begins this soon after the last one ended goes on from the last one's pause,
  // rather than from the first: a store that takes probes but not the writes after them (a disk
  // with room for a little) is not tried faster each time.
  static constexpr int kFlappingMs = 30000;
  // Readiness asks the store for a probe of its own at most this often.
  static constexpr int kReadyForMs = 1000;

  // `clock`: what the pauses between probes run on; none: the steady clock.
  static std::shared_ptr<StoreHealth> make(boost::asio::io_context& io, store::Store& store,
                                           RoomClock* clock = nullptr);
  ~StoreHealth();
  StoreHealth(const StoreHealth&) = delete;
  StoreHealth& operator=(const StoreHealth&) = delete;

  // A read or a write failed for want of the database (`why` says how, for the log): an outage
  // begins if none has. From any thread.
  void failed(std::string_view why);
  // The same, and `back` is called once the store writes again: on no particular thread, so that
  // it should post to its own. From any thread.
  void when_writable(std::string_view why, std::function<void()> back);
  // Whether an outage is under way.
  bool away() const;
  // For readiness: false while an outage lasts; otherwise whether a probe commits now (the last
  // one's answer if it is recent). Blocks for the probe, at most kProbeWait: never from a room's
  // strand or the writer's thread.
  bool writable();
  // Waiters are dropped and probing stops: the server is stopping.
  void stop();

  static constexpr std::chrono::milliseconds kProbeWait{2000};

 private:
  StoreHealth(boost::asio::io_context& io, store::Store& store, RoomClock* clock);
  void begin_locked(std::string_view why);  // with mu_ held
  void probe_later();                       // on strand_
  void probe();                             // on strand_
  void probed(bool ok, const std::string& why);

  store::Store& store_;
  RoomStrand strand_;
  RoomClock& clock_;
  std::unique_ptr<RoomTimer> timer_;  // used on strand_ only

  mutable std::mutex mu_;  // guards everything below
  bool away_ = false;
  bool stopped_ = false;
  int pause_ms_ = kFirstProbeMs;  // before the next probe
  std::int64_t began_ms_ = 0;     // on clock_
  std::int64_t ended_ms_ = -kFlappingMs - 1;
  std::int64_t ready_ms_ = -kReadyForMs - 1;  // when a probe last committed
  std::uint64_t failures_ = 0;                // this outage's failed reads and writes
  std::uint64_t probes_failed_ = 0;           // and its failed probes
  std::uint64_t waited_ = 0;                  // and how many waited for its end
  std::vector<std::function<void()>> waiters_;
};

}  // namespace tortuga
