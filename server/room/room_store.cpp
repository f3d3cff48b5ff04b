// The room while its store fails (room.hpp: wait_for_store, store_back). The store refused a write
// of the match's (the database restarted or stopped, the disk is full): nobody is ever shown what
// the store does not hold, so the room drops what it applied and did not store, answers whoever
// sent it, tells everyone that the match waits, and plays nothing more, neither bots nor clocks
// nor people, until the store writes again (StoreHealth says when). Then it reads the match's log
// and goes on from there, sending everyone the state it read. A read that fails is a failure too:
// the room waits again, and never shows a state it did not read.
#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/ops/store_health.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace event = protocol::event;

namespace {

constexpr const char* kWaits =
    "the match waits for its store, which cannot write now; its state comes once the store is "
    "back";
constexpr const char* kNotStored =
    "your action was not stored: the match waits for its store, which cannot write now; play "
    "again from the state that comes once the store is back";

}  // namespace

StoreHealth& Room::store_health() {
  if (settings_.store_health) return *settings_.store_health;
  if (!own_health_) own_health_ = StoreHealth::make(io_, store_, settings_.clock);
  return *own_health_;
}

bool Room::told_match_waits(const std::shared_ptr<Client>& client, const Json& re) {
  if (!waiting_for_store_) return false;
  if (client)
    client->send(
        counted_error(code::kStoreUnavailable, event::match_waits(re, kWaits, id_, match_id_)));
  return true;
}

void Room::wait_for_store(const std::string& why) {
  if (closed_) return;
  TORTUGA_LOG_AT(debug, log_context("match_waits").field("version", match_.committed() + 1),
                 "match " << match_id_ << " waits for its store: " << why);
  timers_.pause_match();
  const bool began = !waiting_for_store_;
  waiting_for_store_ = true;
  if (began) server_metrics().room_waits_for_store(+1);
  // Each action applied and not stored has its one answer: it was not stored. The state ahead of
  // the store is dropped: store_back reads it again.
  for (const Pending& p : match_.drop()) {
    metrics_.actions_not_stored->add();
    if (p.by && !p.re.is_null())
      p.by->send(counted_error(code::kStoreUnavailable,
                               event::match_waits(p.re, kNotStored, id_, match_id_)));
  }
  // A sync waiting for the store's answer has its one answer now; the state comes to everyone.
  for (const auto& [client, re] : std::exchange(waiting_for_state_, {}))
    told_match_waits(client, re);
  if (began) {
    const Message waits =
        std::make_shared<const std::string>(event::match_waits(nullptr, kWaits, id_, match_id_));
    for (auto& [key, member] : members_) {
      member.awaiting_state = true;
      if (belongs(member)) member.client->send(waits);
    }
  }
  std::weak_ptr<Room> weak = weak_from_this();
  store_health().when_writable(why, [weak] {
    if (auto self = weak.lock()) self->post([self] { self->store_back(); });
  });
}

void Room::store_back() {
  if (closed_ || !waiting_for_store_) return;
  // On a cluster another node may have taken the room over meanwhile.
  if (auto url = directory_.moved_to(id_)) return hand_over(*url);
  std::vector<store::Action> log;
  std::optional<store::Match> stored;
  try {
    log = store_.actions(match_id_).value();
    stored = store_.match(match_id_).value();
    if (clocks_)
      if (auto clocks = store_.correspondence(match_id_).value())
        clocks_.emplace(std::move(*clocks), seating_.size(),
                        settings_.correspondence_rules.stand_in_after);
  } catch (const store::Unavailable& e) {
    return wait_for_store(e.what());
  }
  auto rebuilt = game_.new_state(options_, Chance(seed_));
  for (const auto& a : log) {
    Json action = Json::parse(a.action_json, nullptr, false);
    if (rebuilt->apply(a.seat, action)) break;
  }
  // The last action stored, its result not (the write that failed was the result's): stored
  // before anybody learns that the match is over, as apply does.
  if (rebuilt->is_over() && stored && stored->status == store::MatchStatus::running) {
    store_.finish_match(match_id_, store::MatchStatus::finished, rebuilt->result().dump(),
                        store::now_ms(),
                        [self = shared_from_this()](const store::Outcome<void>& written) {
                          self->post([self, written] {
                            if (written) return self->store_back();
                            self->wait_for_store(written.failure().why);
                          });
                        });
    return;
  }
  waiting_for_store_ = false;
  server_metrics().room_waits_for_store(-1);
  match_.reset(std::move(rebuilt));
  TORTUGA_LOG_AT(debug, log_context("match_resumed").field("version", match_.committed()),
                 "match " << match_id_ << " goes on at version " << match_.committed());
  for (const auto& [key, member] : members_) send_state(member.client, nullptr);
  if (match_.over()) return match_over();
  after_settled();
}

}  // namespace tortuga
