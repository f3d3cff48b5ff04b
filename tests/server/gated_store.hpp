// A store that holds every appended action until the test releases it, to prove that nobody is
// sent an effect before the store has committed it, and to simulate a failing disk. New matches
// pass straight through unless hold_matches is set; then they wait for release_match.
#pragma once

#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

#include "persistence/store.hpp"

namespace tortuga::testing {

class GatedStore : public store::Store {
 public:
  explicit GatedStore(store::Store& inner) : inner_(inner) {}

  std::size_t held() {
    std::lock_guard lock(mutex_);
    return held_.size();
  }
  // Commits (or fails) the oldest held write.
  void release(bool ok = true) {
    std::pair<store::Action, store::Done> next;
    {
      std::lock_guard lock(mutex_);
      next = std::move(held_.front());
      held_.erase(held_.begin());
    }
    if (!ok) return next.second(disk_full());
    inner_.append_action(next.first, counted(std::move(next.second)));
  }
  // Released writes, and matches being finished, whose commit has not yet called back.
  int committing() const { return committing_; }

  void append_action(const store::Action& a, store::Done done) override {
    std::lock_guard lock(mutex_);
    held_.emplace_back(a, std::move(done));
  }
  store::Outcome<store::Player> create_player(const std::string& n, const std::string& h) override {
    return inner_.create_player(n, h);
  }
  void create_player(const std::string& n, const std::string& h, store::PlayerCreated c) override {
    inner_.create_player(n, h, std::move(c));
  }
  store::Outcome<std::optional<store::Player>> player_by_token_hash(const std::string& h) override {
    if (unreadable) return gone();
    return inner_.player_by_token_hash(h);
  }
  store::Outcome<std::optional<store::Player>> player(std::int64_t id) override {
    return inner_.player(id);
  }
  void rename_player(std::int64_t id, const std::string& n, store::Done d) override {
    inner_.rename_player(id, n, std::move(d));
  }
  void create_account(const store::NewAccount& a, store::AccountCreated c) override {
    inner_.create_account(a, std::move(c));
  }
  store::Outcome<std::optional<store::Account>> account_by_key(const std::string& k) override {
    if (unreadable) return gone();
    return inner_.account_by_key(k);
  }
  store::Outcome<std::optional<store::Account>> account(std::int64_t p) override {
    if (unreadable) return gone();
    return inner_.account(p);
  }
  store::Outcome<std::optional<store::SignedIn>> signed_in(const std::string& h) override {
    if (unreadable) return gone();
    return inner_.signed_in(h);
  }
  void add_session(std::int64_t p, const std::string& h, const std::string& l, int most,
                   store::SessionAdded a) override {
    inner_.add_session(p, h, l, most, std::move(a));
  }
  void touch_session(std::int64_t s, std::int64_t at, store::Done d) override {
    inner_.touch_session(s, at, std::move(d));
  }
  store::Outcome<std::vector<store::Session>> sessions(std::int64_t p) override {
    if (unreadable) return gone();
    return inner_.sessions(p);
  }
  void revoke_sessions(const store::Revocation& r, store::SessionsRevoked d) override {
    inner_.revoke_sessions(r, std::move(d));
  }
  void set_account_disabled(std::int64_t p, std::int64_t at, store::Done d) override {
    inner_.set_account_disabled(p, at, std::move(d));
  }
  store::Outcome<std::int64_t> create_match(const store::Match& m) override {
    return inner_.create_match(m);
  }
  void create_match(const store::Match& m, store::Created c) override {
    {
      std::lock_guard lock(mutex_);
      if (hold_matches) {
        held_matches_.emplace_back(m, std::move(c));
        return;
      }
    }
    inner_.create_match(m, std::move(c));
  }
  std::size_t held_matches() {
    std::lock_guard lock(mutex_);
    return held_matches_.size();
  }
  // Stores (or fails) the oldest held match.
  void release_match(bool ok = true) {
    std::pair<store::Match, store::Created> next;
    {
      std::lock_guard lock(mutex_);
      next = std::move(held_matches_.front());
      held_matches_.erase(held_matches_.begin());
    }
    if (ok)
      inner_.create_match(next.first, std::move(next.second));
    else
      next.second(disk_full());
  }
  bool hold_matches = false;
  void finish_match(std::int64_t id, store::MatchStatus s, const std::string& r, std::int64_t e,
                    store::Done d) override {
    inner_.finish_match(id, s, r, e, counted(std::move(d)));
  }
  void replace_seat(std::int64_t m, const store::Seat& s, store::Done d) override {
    inner_.replace_seat(m, s, std::move(d));
  }
  void append_chat(const store::ChatLine& l, store::Done d) override {
    inner_.append_chat(l, std::move(d));
  }
  void save_correspondence(const store::CorrespondenceClocks& c, store::Done d) override {
    inner_.save_correspondence(c, std::move(d));
  }
  void save_vacation(std::int64_t p, const store::Vacation& v, store::Done d) override {
    inner_.save_vacation(p, v, std::move(d));
  }
  store::Outcome<std::optional<store::NotificationSettings>> notification_settings(
      std::int64_t p) override {
    return inner_.notification_settings(p);
  }
  store::Outcome<void> save_notification_settings(const store::NotificationSettings& s) override {
    return inner_.save_notification_settings(s);
  }
  store::Outcome<void> add_notification_token(const store::NotificationToken& t) override {
    return inner_.add_notification_token(t);
  }
  store::Outcome<std::optional<store::Redeemed>> redeem_notification_token(
      const std::string& h, std::int64_t now) override {
    return inner_.redeem_notification_token(h, now);
  }
  store::Outcome<std::int64_t> queue_notification(const store::OutboxMessage& m) override {
    return inner_.queue_notification(m);
  }
  store::Outcome<std::vector<store::OutboxMessage>> claim_notifications(const std::string& o,
                                                                        std::int64_t now,
                                                                        std::int64_t lease,
                                                                        int limit) override {
    return inner_.claim_notifications(o, now, lease, limit);
  }
  store::Outcome<bool> settle_notification(std::int64_t id, const std::string& o,
                                           const store::Settlement& s) override {
    return inner_.settle_notification(id, o, s);
  }
  store::Outcome<std::vector<store::OutboxMessage>> outbox(std::int64_t p) override {
    return inner_.outbox(p);
  }
  store::Outcome<store::OutboxCounts> outbox_counts() override { return inner_.outbox_counts(); }
  store::Outcome<std::int64_t> prune_notifications(std::int64_t before, std::int64_t now) override {
    return inner_.prune_notifications(before, now);
  }
  store::Outcome<void> add_digest_entry(const store::DigestEntry& e) override {
    return inner_.add_digest_entry(e);
  }
  store::Outcome<void> remove_digest_entry(std::int64_t p, std::int64_t m) override {
    return inner_.remove_digest_entry(p, m);
  }
  store::Outcome<std::vector<std::int64_t>> digests_due(std::int64_t g, std::int64_t l,
                                                        int limit) override {
    return inner_.digests_due(g, l, limit);
  }
  store::Outcome<int> take_digest(std::int64_t p, std::int64_t now, std::int64_t l,
                                  const store::ComposeDigest& c) override {
    return inner_.take_digest(p, now, l, c);
  }
  void mark_seat_gone(std::int64_t m, int seat, bool gone, store::Done d) override {
    inner_.mark_seat_gone(m, seat, gone, std::move(d));
  }
  void rate_match(std::int64_t m, const std::string& g, std::vector<store::RatingChange> p,
                  store::Rate r, store::Rated done) override {
    inner_.rate_match(m, g, std::move(p), std::move(r), std::move(done));
  }
  store::Outcome<store::RebuildReport> rebuild_ratings(store::Replay r) override {
    return inner_.rebuild_ratings(std::move(r));
  }
  void flush() override { inner_.flush(); }
  void record_admin_action(const store::AdminAction& a, store::Done d) override {
    inner_.record_admin_action(a, std::move(d));
  }
  store::Outcome<std::vector<store::AdminAction>> admin_actions(
      int limit, std::optional<std::int64_t> before) override {
    return inner_.admin_actions(limit, before);
  }
  bool ping() override { return !down && inner_.ping(); }
  // The store writes nothing more, as a full disk: its probes fail (and its ping, when `down`).
  void probe_write(store::Done d) override {
    if (down || full) return d(disk_full());
    inner_.probe_write(counted(std::move(d)));
  }
  bool down = false;  // the store stops answering its ping, as a failed disk would
  bool full = false;
  // The store's reads fail, as a database that is away does.
  bool unreadable = false;
  store::Outcome<std::vector<store::Match>> list_matches(const store::MatchFilter& f) override {
    if (unreadable) return gone();
    return inner_.list_matches(f);
  }
  store::Outcome<std::optional<store::Match>> match(std::int64_t id) override {
    if (unreadable) return gone();
    return inner_.match(id);
  }
  store::Outcome<std::vector<store::Action>> actions(std::int64_t m) override {
    if (unreadable) return gone();
    return inner_.actions(m);
  }
  store::Outcome<std::vector<store::Match>> unfinished_matches() override {
    if (unreadable) return gone();
    return inner_.unfinished_matches();
  }
  store::Outcome<std::vector<store::ChatLine>> chat(std::int64_t m) override {
    if (unreadable) return gone();
    return inner_.chat(m);
  }
  store::Outcome<std::optional<store::CorrespondenceClocks>> correspondence(
      std::int64_t m) override {
    if (unreadable) return gone();
    return inner_.correspondence(m);
  }
  store::Outcome<std::vector<store::DueClock>> correspondence_due(std::int64_t by,
                                                                  int limit) override {
    if (unreadable) return gone();
    return inner_.correspondence_due(by, limit);
  }
  store::Outcome<store::Vacation> vacation(std::int64_t p) override {
    if (unreadable) return gone();
    return inner_.vacation(p);
  }
  store::Outcome<std::vector<store::MatchToRate>> matches_to_rate(
      std::optional<std::int64_t> m) override {
    return inner_.matches_to_rate(m);
  }
  store::Outcome<std::vector<store::RatingEntry>> leaderboard(const std::string& g, int limit,
                                                              std::int64_t offset) override {
    return inner_.leaderboard(g, limit, offset);
  }
  store::Outcome<std::vector<store::RatingEntry>> player_ratings(std::int64_t p) override {
    return inner_.player_ratings(p);
  }
  store::Outcome<std::vector<store::RatingPoint>> rating_history(std::int64_t p,
                                                                 const std::string& g,
                                                                 int limit) override {
    return inner_.rating_history(p, g, limit);
  }
  store::Outcome<store::FinishRecord> finish_record(std::int64_t p) override {
    return inner_.finish_record(p);
  }
  store::Outcome<std::vector<store::Player>> players_named(const std::string& prefix,
                                                           int limit) override {
    return inner_.players_named(prefix, limit);
  }

 private:
  static store::Failure gone() {
    return {store::Failure::Kind::unavailable, "the store could not be read: gone away"};
  }
  static store::Failure disk_full() { return {store::Failure::Kind::unavailable, "disk full"}; }
  // `done`, counted in committing() from now until it has run.
  store::Done counted(store::Done done) {
    ++committing_;
    return [this, done = std::move(done)](const store::Outcome<void>& written) {
      if (done) done(written);
      --committing_;  // after its callback has handed the result on
    };
  }

  store::Store& inner_;
  std::mutex mutex_;
  std::vector<std::pair<store::Action, store::Done>> held_;
  std::vector<std::pair<store::Match, store::Created>> held_matches_;
  std::atomic<int> committing_{0};
};

}  // namespace tortuga::testing
