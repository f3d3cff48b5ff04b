#include "server/lobby/lobby.hpp"

#include <algorithm>
#include <utility>

#include <boost/asio/post.hpp>

#include "persistence/now.hpp"
#include "persistence/token.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "rules/core/registry.hpp"
#include "server/history/history.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/ops/store_health.hpp"

namespace tortuga {
namespace {

// Every game as welcome describes it, written once: about 23 KB, the same for every player, and
// asked for by every hello.
const std::string& games_text() {
  static const std::string text = [] {
    Json games = Json::array();
    for (const Game* g : all_games()) games.push_back(g->describe());
    return protocol::event::text_of(games);
  }();
  return text;
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, store::Store& store, RoomSettings settings,
             LobbyLimits limits)
    : io_(io),
      store_(store),
      settings_(settings),
      limits_(limits),
      replays_(store, limits.replays),
      ratings_(store),
      boards_(std::make_shared<LeaderboardFeed>(io, store)),
      feed_(std::make_shared<LobbyFeed>(io, settings.clock, limits.gather)),
      rooms_per_player_(limits.max_rooms_per_player),
      rooms_per_address_(limits.max_rooms_per_address),
      new_players_(limits.new_players_per_address_per_hour, std::chrono::hours(1)),
      guesses_(io, limits.guesses),
      accounts_(io, store, guesses_, new_players_, limits.passwords, limits.max_sessions_per_player,
                [this](const std::shared_ptr<Client>& c, const Json& re, const store::Player& p,
                       bool account, const std::string& token, std::int64_t session) {
                  welcome_player(c, re, p, account, token, session);
                }),
      vacations_(store, settings.correspondence_rules.vacation_days) {
  ratings_.on_rated([boards = boards_](const std::string& game) { boards->rated(game); });
  rooms_.set_waker([this](const DormantRoom& d) { return wake(d); });
  my_matches_ = std::make_shared<MyMatchesFeed>(
      io, store, [this](std::int64_t match) { return rooms_.room_of_match(match); },
      limits.my_matches);
  dormancy_ = std::make_shared<DormancyWatch>(io, rooms_, limits.dormancy);
  dormancy_->start();
}

// ---- dispatch -------------------------------------------------------------------------------

void Lobby::handle(const std::shared_ptr<Client>& client, protocol::Parsed parsed,
                   std::function<void()> next) {
  if (parsed.command && client->player() == 0)
    if (const auto* hello = std::get_if<protocol::Hello>(&*parsed.command); hello && !hello->token)
      return welcome_new_player(client, parsed.id, hello->name, std::move(next));
  dispatch(client, parsed, next);
  if (next) next();
}

void Lobby::dispatch(const std::shared_ptr<Client>& client, protocol::Parsed& parsed,
                     std::function<void()>& next) {
  if (!parsed.command) {
    return client->refuse(parsed.id, parsed.command.error());
  }
  protocol::Command& command = *parsed.command;
  const bool welcomed = client->player() != 0;
  if (!welcomed && !std::holds_alternative<protocol::Hello>(command) &&
      !std::holds_alternative<protocol::Ping>(command) &&
      !std::holds_alternative<protocol::Register>(command) &&
      !std::holds_alternative<protocol::Login>(command))
    return client->refuse(parsed.id, {code::kNotWelcomed, "send hello first"});
  try {
    // Each command is handed over, not copied: an action goes on into the match's history. The
    // accounts' commands are the accounts' (accounts.hpp).
    std::visit(
        [&](auto& m) {
          if constexpr (requires { accounts_.on(client, parsed.id, std::move(m), next); })
            accounts_.on(client, parsed.id, std::move(m), next);
          else if constexpr (requires { accounts_.on(client, parsed.id, std::move(m)); })
            accounts_.on(client, parsed.id, std::move(m));
          else
            on(client, parsed.id, std::move(m));
        },
        command);
  } catch (const store::Unavailable& e) {
    // A read the database did not answer: no verdict on what was asked (a token, a room, a
    // match), which the client asks again for later. The outage is logged once, not each.
    if (settings_.store_health) settings_.store_health->failed(e.what());
    TORTUGA_LOG_AT(debug,
                   log::Context("store_unavailable_answered")
                       .player(client->player())
                       .field("type", protocol::type_name(command)),
                   protocol::type_name(command) << " not answered: " << e.what());
    client->refuse(parsed.id,
                   {code::kStoreUnavailable,
                    "the store cannot be reached now: nothing was changed; try again shortly"});
  } catch (const std::exception& e) {
    // A bug is the only way here; the client learns no more than that.
    TORTUGA_LOG_AT(error,
                   log::Context("command_failed")
                       .player(client->player())
                       .field("type", protocol::type_name(command)),
                   protocol::type_name(command) << " failed: " << e.what());
    client->refuse(parsed.id, {code::kInternal, "the server could not complete that request"});
  }
}

// ---- players and history --------------------------------------------------------------------

Json Lobby::room_defaults() const {
  return {{"absent_bot_s", settings_.absent_bot_s}};
}

// The store commits the new player on its own thread while this connection's thread serves
// others; the answer comes from the store's thread, so it only welcomes and sends (both
// thread-safe) before letting the connection read on.
void Lobby::welcome_new_player(const std::shared_ptr<Client>& c, const Json& re,
                               const std::string& name, std::function<void()> next) {
  if (auto wait = new_players_.use(c->address(), Allowance::Clock::now())) {
    server_metrics().limit_refused(Limit::players_per_address);
    c->send(counted_error(
        code::kTooManyPlayers,
        protocol::event::retry_later(
            re, code::kTooManyPlayers,
            "at most " + std::to_string(new_players_.most()) +
                " new players an hour from one address; resend the token of a player you have",
            wait->count())));
    return next();
  }
  std::string token = store::new_token();
  const std::string hash = store::hash_token(token);
  store_.create_player(
      name, hash,
      [c, re, token = std::move(token), next = std::move(next), defaults = room_defaults(),
       limits = limits_.for_clients, signed_in = &accounts_.signed_in(),
       health = settings_.store_health](const store::Outcome<store::Player>& player) {
        if (!player) {
          if (health) health->failed("a new player could not be stored");
          // A new token is never taken: only the store failing leaves the player unstored.
          c->refuse(re, {code::kStoreUnavailable,
                         "the player could not be stored now: send hello again shortly"});
        } else {
          c->welcome(player->id, player->name, player->session);
          signed_in->add(c);
          c->send(protocol::event::welcome(re, {{"id", player->id}, {"name", player->name}}, false,
                                           token, games_text(), defaults, limits));
        }
        next();
      });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Hello& m) {
  // Without a token this connection already has a player (welcome_new_player made the others).
  if (!m.token)
    return c->refuse(re, {code::kBadToken, "this connection has a player: resend its token"});
  const auto found = store_.signed_in(store::hash_token(*m.token)).value();
  if (!accounts_.admits(c, re, found)) return;
  if (c->player() != 0 && c->player() != found->player.id)
    return c->refuse(re, {code::kBadToken, "this connection already speaks for another player"});
  store::Player player = found->player;
  // An account's player is named by the account; a guest by what it says.
  if (!found->account && player.name != m.name) {
    store_.rename_player(player.id, m.name, nullptr);
    player.name = m.name;
  }
  welcome_player(c, re, player, found->account.has_value(), *m.token, found->session.id);
}

void Lobby::welcome_player(const std::shared_ptr<Client>& c, const Json& re,
                           const store::Player& player, bool account, const std::string& token,
                           std::int64_t session) {
  c->welcome(player.id, player.name, session, account);
  accounts_.signed_in().add(c);
  c->send(protocol::event::welcome(re, {{"id", player.id}, {"name", player.name}}, account, token,
                                   games_text(), room_defaults(), limits_.for_clients));
  // Resume every seat this player holds.
  const std::vector<std::shared_ptr<Room>> held = rooms_.enter_seats(c.get(), player.id);
  for (auto& room : held) room->post([room, c] { room->resume(c); });
  // On a cluster the player's other seats are on other nodes, or claimed here and being rebuilt.
  if (!cluster_) return;
  std::set<std::int64_t> ids;
  for (const auto& room : held) ids.insert(room->id());
  try {
    cluster_->seats_of(c, player.id, ids);
  } catch (const store::Unavailable& e) {
    // The welcome is sent already; the seats elsewhere are named at the player's next hello.
    TORTUGA_LOG_AT(warn, log::Context("seats_elsewhere_unknown").player(player.id),
                   "player " << player.id << ": seats on other nodes not read: " << e.what());
  }
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListRooms& m) {
  Json rooms = Json::array();
  for (const auto& room : rooms_.all())
    if (!m.game || room->game().info().id == *m.game)
      if (Json summary = room->summary(); listed_in_lobby(summary))
        rooms.push_back(lobby_listing(std::move(summary)));
  // Dormant rooms are listed as they were when they fell dormant: nothing changes in them.
  for (Json& summary : rooms_.dormant_summaries())
    if (!m.game || summary.value("game", "") == *m.game)
      if (listed_in_lobby(summary)) rooms.push_back(lobby_listing(std::move(summary)));
  if (cluster_) {
    // Every other live node's public rooms, as their owners last published them.
    for (const std::string& listing : cluster_->rows().listings_elsewhere()) {
      Json room = listed_elsewhere(listing);
      if (!room.is_null() && (!m.game || room.value("game", "") == *m.game))
        rooms.push_back(std::move(room));
    }
  }
  std::sort(rooms.begin(), rooms.end(), [](const Json& a, const Json& b) {
    return a.value("id", std::int64_t{0}) < b.value("id", std::int64_t{0});
  });
  c->send(protocol::event::rooms(re, rooms, store::now_ms()));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::WatchLobby m) {
  feed_->watch(c, re, std::move(m.game));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::UnwatchLobby&) {
  feed_->unwatch(c, re);
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListMatches& m) {
  store::MatchFilter filter;
  filter.game = m.game;
  filter.player = m.player;
  if (m.status) filter.status = store::status_named(*m.status);
  filter.limit = m.limit;
  filter.before_id = m.before;
  Json matches = Json::array();
  for (const auto& match : readable_matches(store_, filter, Viewer{c->player()}))
    matches.push_back(match_json(match));
  c->send(protocol::event::matches(re, matches));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetMatch& m) {
  auto match = readable_match(store_, m.match, Viewer{c->player(), m.code});
  if (!match) return c->refuse(re, match.error());
  c->send(protocol::event::match(re, match_json(*match)));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetReplay& m) {
  // Computed away from this thread, which serves other connections meanwhile.
  replays_.request(m.match, m.seat, Viewer{c->player(), m.code}, c->address(),
                   [c, re](Expected<std::string> replay) {
                     if (!replay) return c->refuse(re, replay.error());
                     c->send(protocol::event::replay_of_text(re, *replay));
                   });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Ping&) {
  c->send(protocol::event::pong(re));
}

// ---- the rooms' directory -------------------------------------------------------------------

void Lobby::disconnected(const std::shared_ptr<Client>& c) {
  accounts_.signed_in().remove(c.get());
  feed_->forget(c);
  boards_->forget(c.get());
  my_matches_->forget(c.get());
  if (cluster_) cluster_->disconnected(c);
  for (auto& room : rooms_.forget(c.get())) room->post([room, c] { room->disconnected(c); });
}

void Lobby::seat_taken(std::int64_t player, std::int64_t room) {
  rooms_.seat_taken(player, room);
}

void Lobby::seat_released(std::int64_t player, std::int64_t room) {
  rooms_.seat_released(player, room);
}

bool Lobby::begin_match(std::int64_t room) {
  return drain_.admit(room);
}

void Lobby::match_started(std::int64_t match, std::int64_t room) {
  rooms_.match_started(match, room);
}

void Lobby::match_ended(std::int64_t room) {
  drain_.ended(room);
}

void Lobby::rated_match_finished(std::int64_t match) {
  // Off the room's strand: rating reads the store.
  boost::asio::post(io_, [this, match] { ratings_.rate(match); });
}

void Lobby::room_closed(std::int64_t id, std::int64_t match) {
  if (!rooms_.remove(id, match)) return;
  unmade(id);
  drain_.ended(id);
  feed_->update(id, nullptr);
  if (cluster_) cluster_->forget(id);
}

// From the room's strand (or its constructor): the feed takes it on its own strand, in the order
// the room made its changes.
void Lobby::room_summary(std::int64_t room, const Json& summary) {
  feed_->update(room, listed_in_lobby(summary) ? lobby_listing(summary) : Json());
}

std::optional<std::string> Lobby::moved_to(std::int64_t room) {
  return cluster_ ? cluster_->moved_to(room) : std::nullopt;
}

void Lobby::release_rooms() {
  // The replays waiting hold connections, which must go before the io_context does.
  replays_.stop();
  dormancy_->stop();
  feed_->release();
  my_matches_->release();
  guesses_.release();
  rooms_.clear();
}

Json Lobby::rooms_for_operator() const {
  Json rooms = Json::array();
  for (const auto& room : rooms_.all()) rooms.push_back(room->operator_summary());
  // Dormant rooms as they fell dormant: nobody is connected to one.
  for (Json& room : rooms_.dormant_for_operator()) rooms.push_back(std::move(room));
  return rooms;
}

void Lobby::shutdown() {
  dormancy_->stop();
  feed_->shutdown();
  for (auto& room : rooms_.all()) room->post([room] { room->shutdown(); });
}

}  // namespace tortuga
