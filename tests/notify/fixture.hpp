// What the notifications' tests share: a store with an account in it, the catalogs of web/locales,
// a clock the test moves, and the settings a test server runs with.
#pragma once

#include <atomic>
#include <future>
#include <memory>
#include <string>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/token.hpp"
#include "server/notify/catalog.hpp"
#include "server/notify/notifier.hpp"
#include "tests/notify/servers.hpp"

namespace tortuga::notify::test {

inline constexpr std::int64_t kStart = 1'800'000'000'000;
inline constexpr std::int64_t kHour = 60LL * 60 * 1000;
inline constexpr std::int64_t kDay = 24 * kHour;

struct ManualClock {
  std::shared_ptr<std::atomic<std::int64_t>> now =
      std::make_shared<std::atomic<std::int64_t>>(kStart);
  Notifier::Clock clock() const {
    return [now = now] { return now->load(); };
  }
  void advance(std::int64_t ms) const { *now += ms; }
};

inline std::shared_ptr<const Catalog> catalogs() {
  return std::make_shared<const Catalog>(TORTUGA_LOCALES_DIR);
}

inline NotifySettings test_settings(const std::string& smtp_url) {
  NotifySettings s;
  s.smtp_url = smtp_url;
  s.smtp_tls = "none";
  s.public_url = "http://tortuga.test";
  s.poll_ms = 20;  // the manual clock's moves are seen soon
  s.timeout_s = 10;
  return s;
}

template <class S>
std::int64_t account_named(S& store, const std::string& name) {
  store::NewAccount a;
  a.name = name;
  a.name_key = name;
  a.password_hash = "$argon2id$hash";
  a.token_hash = store::hash_token("token of " + name);
  auto answer = std::make_shared<std::promise<store::Outcome<store::Registered>>>();
  store.create_account(
      a, [answer](const store::Outcome<store::Registered>& r) { answer->set_value(r); });
  return answer->get_future().get().value().player;
}

// The notifier's answer to a settings request, waited for.
inline Expected<nlohmann::json> settings_answer(const std::function<void(Notifier::Answer)>& ask) {
  auto promise = std::make_shared<std::promise<Expected<nlohmann::json>>>();
  ask([promise](Expected<nlohmann::json> a) { promise->set_value(std::move(a)); });
  return promise->get_future().get();
}

inline Notifier::Page page_for(Notifier& n, const std::string& token) {
  auto promise = std::make_shared<std::promise<Notifier::Page>>();
  n.redeem(token, [promise](Notifier::Page p) { promise->set_value(std::move(p)); });
  return promise->get_future().get();
}

// Every job posted to a notifier of one thread before this call has run once it returns.
inline void settled(Notifier& n, std::int64_t player) {
  settings_answer([&](Notifier::Answer a) { n.settings(player, a); });
}

}  // namespace tortuga::notify::test
