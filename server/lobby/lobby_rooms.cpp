// The rooms' commands (lobby.hpp): making a room, finding one to join or watch, and handing every
// other command to the room it names, on that room's strand.
#include <algorithm>
#include <utility>

#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "rules/core/registry.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

constexpr const char* kJoinFirst = "join the room first";
constexpr const char* kJoinOrWatchFirst = "join or watch the room first";
const Error kHasGone{code::kNoSuchRoom, "that room has closed"};

}  // namespace

template <class Act>
void Lobby::on_strand(const std::shared_ptr<Room>& room, const std::shared_ptr<Client>& c,
                      const Json& re, WakeCause cause, Act act, bool at_once) {
  auto run = [this, room, c, re, cause, act = std::move(act)]() mutable {
    if (!room->dormant()) return act(*room);
    // It fell dormant after it was looked up: the room woken in its place takes the command.
    std::shared_ptr<Room> awake;
    try {
      awake = rooms_.wake(room->id(), cause);
    } catch (const std::exception&) {
      // The store cannot be read now: as for any room it cannot rebuild.
    }
    if (!awake) return c->refuse(re, kHasGone);
    // Nobody was in it: a player of its seats who asks is back in their seat first, as after a
    // hello.
    rooms_.enter(c.get(), awake->id());
    awake->post([awake, c, act = std::move(act)]() mutable {
      awake->resume(c);
      act(*awake);
    });
  };
  if (at_once)
    room->dispatch(std::move(run));
  else
    room->post(std::move(run));
}

template <class Act>
void Lobby::in_room(const std::shared_ptr<Client>& c, const Json& re, std::int64_t id,
                    const char* refusal, Act act) {
  auto room = rooms_.for_member(c.get(), id);
  if (!room) return c->refuse(re, {code::kNotInRoom, refusal});
  on_strand(room, c, re, WakeCause::join, std::move(act));
}

// ---- making and finding rooms ----------------------------------------------------------------

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::CreateRoom& m) {
  const Game* game = find_game(m.game);
  if (!game) return c->refuse(re, {code::kUnknownGame, "no game " + m.game});
  // Every room message carries the options, and its listing their summary: their size is
  // bounded before anything reads further into them.
  if (const std::size_t bytes = m.options.dump().size(); bytes > limits_.max_options_bytes)
    return c->refuse(re, {code::kOptionsTooLarge,
                          "options of " + std::to_string(bytes) + " bytes; at most " +
                              std::to_string(limits_.max_options_bytes) + " are accepted"});
  auto options = game->normalize_options(m.options);
  if (!options) return c->refuse(re, Error{code::kBadOptions, options.error().message});
  if (m.rated == true && !c->account())
    return c->refuse(re, {code::kNotRated, "only an account may make a rated room"});
  if (m.rated == true && options->value("players", 1) < 2)
    return c->refuse(re, {code::kNotRated, "a game alone is not rated"});
  if (m.correspondence)
    if (auto refused = refused_correspondence(*c)) return c->refuse(re, *refused);
  if (drain_.draining())
    return c->refuse(
        re, {code::kDraining, "the server is draining: it makes no new rooms; try again later"});
  const Error full{code::kServerFull, "the server hosts as many rooms as it may"};
  if (room_count() >= static_cast<std::size_t>(limits_.max_rooms)) return c->refuse(re, full);
  if (!made_by(c, re)) return;
  // Counted from here on; every refusal below gives it back.
  auto refuse_made = [&](const Error& refusal) {
    rooms_per_player_.give_back(c->player());
    rooms_per_address_.give_back(c->address());
    c->refuse(re, refusal);
  };
  const std::optional<RoomRegistry::Name> name = cluster_name(m.is_private);
  if (cluster_ && !name) return refuse_made({code::kInternal, "the room could not be stored"});
  RoomSettings settings = settings_;
  if (m.absent_bot_s) settings.absent_bot_s = *m.absent_bot_s;
  settings.public_when_over = m.is_private && m.public_when_over;
  settings.rated = m.rated;
  if (const auto& pace = m.correspondence)
    settings.correspondence =
        store::CorrespondencePace{pace->days_per_move, pace->bank_extra_hours, pace->bank_cap_days};
  auto room = rooms_.add_new(
      limits_.max_rooms, name, m.is_private, c.get(), [&](const RoomRegistry::Name& n) {
        std::lock_guard lock(makers_mutex_);
        makers_[n.id] = Maker{c->player(), c->address()};
        return std::make_shared<Room>(io_, store_, *this, settings, n.id, n.code, *game,
                                      std::move(*options), m.is_private,
                                      Ownership{cluster_ != nullptr, cluster_ ? 1 : 0});
      });
  if (!room) {
    if (cluster_) cluster_->rows().forget_room(name->id);
    return refuse_made(full);
  }
  room->post([room, c, re] { room->join(c, 0, re); });
}

std::optional<RoomRegistry::Name> Lobby::cluster_name(bool is_private) {
  if (!cluster_) return std::nullopt;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string code = is_private ? rooms_.new_code() : "";
    if (auto id = cluster_->rows().new_room(code, is_private)) return RoomRegistry::Name{*id, code};
  }
  return std::nullopt;
}

bool Lobby::made_by(const std::shared_ptr<Client>& c, const Json& re) {
  if (!rooms_per_player_.take(c->player())) {
    server_metrics().limit_refused(Limit::rooms_per_player);
    c->refuse(re, {code::kTooManyRooms, "a player may have at most " +
                                            std::to_string(rooms_per_player_.ceiling()) +
                                            " rooms at a time; close or leave one first"});
    return false;
  }
  if (!rooms_per_address_.take(c->address())) {
    rooms_per_player_.give_back(c->player());
    server_metrics().limit_refused(Limit::rooms_per_address);
    c->refuse(re, {code::kTooManyRooms, "the players of one address may have at most " +
                                            std::to_string(rooms_per_address_.ceiling()) +
                                            " rooms at a time; close or leave one first"});
    return false;
  }
  return true;
}

void Lobby::unmade(std::int64_t room) {
  std::lock_guard lock(makers_mutex_);
  auto it = makers_.find(room);
  if (it == makers_.end()) return;
  rooms_per_player_.give_back(it->second.player);
  rooms_per_address_.give_back(it->second.address);
  makers_.erase(it);
}

bool Lobby::refused_guessing(const std::shared_ptr<Client>& c, const Json& re,
                             const protocol::RoomRef& ref) {
  if (!std::holds_alternative<std::string>(ref)) return false;
  const auto wait = guesses_.barred(Guesses::Kind::join_code, c->address());
  if (!wait) return false;
  c->send(counted_error(
      code::kTooManyGuesses,
      protocol::event::retry_later(re, code::kTooManyGuesses,
                                   "too many join codes that named no room: try again in " +
                                       std::to_string((wait->count() + 999) / 1000) + " s",
                                   wait->count())));
  return true;
}

void Lobby::guessed_wrong(const std::shared_ptr<Client>& c, const protocol::RoomRef& ref) {
  if (std::holds_alternative<std::string>(ref))
    guesses_.failed(Guesses::Kind::join_code, c->address());
}

std::shared_ptr<Room> Lobby::room_to_enter(const std::shared_ptr<Client>& c, const Json& re,
                                           const protocol::RoomRef& ref, WakeCause cause) {
  if (refused_guessing(c, re, ref)) return nullptr;
  std::shared_ptr<Room> room;
  try {
    room = rooms_.find(ref, cause);
  } catch (const std::exception&) {
    // A dormant room whose match cannot be read now: answered as a room that is not here.
  }
  if (!room && cluster_ && cluster_->room_elsewhere(c, re, ref)) return nullptr;
  if (!room) {
    guessed_wrong(c, ref);
    c->refuse(re, {code::kNoSuchRoom, "no such room"});
    return nullptr;
  }
  rooms_.enter(c.get(), room->id());
  return room;
}

std::shared_ptr<Room> Lobby::awake_match(std::int64_t match, WakeCause cause) {
  try {
    return rooms_.of_match(match, cause);
  } catch (const std::exception&) {
    return nullptr;  // a dormant room whose match cannot be read now
  }
}

// ---- the commands a room answers -------------------------------------------------------------

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::JoinRoom& m) {
  auto room = room_to_enter(c, re, m.room, WakeCause::join);
  if (!room) return;
  // A seat of a room played by correspondence is one more such match for its player.
  if (!room->summary().value("correspondence", Json()).is_null()) {
    const auto seated = rooms_.seated(c->player());
    const bool sits_there = std::find(seated.begin(), seated.end(), room) != seated.end();
    if (!sits_there)
      if (auto refused = refused_correspondence(*c)) return c->refuse(re, *refused);
  }
  on_strand(room, c, re, WakeCause::join,
            [c, re, seat = m.seat](Room& room) { room.join(c, seat, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::WatchRoom& m) {
  if (auto room = room_to_enter(c, re, m.room, WakeCause::watch))
    on_strand(room, c, re, WakeCause::watch, [c, re](Room& room) { room.watch(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::AddBot& m) {
  in_room(c, re, m.room, kJoinFirst,
          [c, re, seat = m.seat, bot = m.bot](Room& room) { room.add_bot(c, seat, bot, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::LeaveRoom& m) {
  auto room = rooms_.for_member(c.get(), m.room);
  if (!room) return c->refuse(re, {code::kNotInRoom, "not in that room"});
  rooms_.leave(c.get(), m.room);
  room->post([room, c, re] { room->leave(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Start& m) {
  in_room(c, re, m.room, kJoinFirst, [c, re](Room& room) { room.start(c, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::Act m) {
  const bool dormant = rooms_.dormant_match(m.match);
  auto room = awake_match(m.match, WakeCause::act);
  if (!room && cluster_ && cluster_->match_elsewhere(c, re, m.match)) return;
  if (dormant && room) rooms_.enter(c.get(), room->id());
  if (!room) {
    auto stored = store_.match(m.match).value();
    if (stored && stored->status != store::MatchStatus::running)
      return c->refuse(re, {code::kMatchOver, "the match is over"});
    return c->refuse(re, {code::kNoSuchMatch, "no running match " + std::to_string(m.match)});
  }
  // An action is played at once on this thread when its room is free: handing it to the other
  // thread would cost a wake-up and a trip between the cores' caches on every move.
  on_strand(
      room, c, re, WakeCause::act,
      [c, re, dormant, action = std::move(m.action)](Room& room) mutable {
        if (dormant) room.resume(c);
        room.act(c, std::move(action), re);
      },
      true);
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Sync& m) {
  const bool dormant = rooms_.dormant_match(m.match);
  auto room = awake_match(m.match, WakeCause::sync);
  if (!room && cluster_ && cluster_->match_elsewhere(c, re, m.match)) return;
  if (!room) return c->refuse(re, {code::kNoSuchMatch, "no live match " + std::to_string(m.match)});
  // A player of a dormant match who asks for it is back in their seat, as after a hello.
  if (dormant) rooms_.enter(c.get(), room->id());
  on_strand(room, c, re, WakeCause::sync, [c, re, dormant](Room& room) {
    if (dormant) room.resume(c);
    room.sync(c, re);
  });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::Chat m) {
  in_room(c, re, m.room, kJoinOrWatchFirst, [c, re, text = std::move(m.text)](Room& room) mutable {
    room.chat(c, std::move(text), re);
  });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Mute& m) {
  in_room(c, re, m.room, kJoinOrWatchFirst,
          [c, re, m](Room& room) { room.mute(c, m.player, m.muted, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::SpectatorChat& m) {
  in_room(c, re, m.room, kJoinOrWatchFirst,
          [c, re, allowed = m.allowed](Room& room) { room.set_spectator_chat(c, allowed, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::TransferHost& m) {
  in_room(c, re, m.room, kJoinFirst,
          [c, re, player = m.player](Room& room) { room.transfer_host(c, player, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::RemovePlayer& m) {
  in_room(c, re, m.room, kJoinFirst,
          [c, re, player = m.player](Room& room) { room.remove_player(c, player, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::AllowPlayer& m) {
  in_room(c, re, m.room, kJoinFirst,
          [c, re, player = m.player](Room& room) { room.allow_player(c, player, re); });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::CloseRoom m) {
  in_room(c, re, m.room, kJoinFirst, [c, re, reason = std::move(m.reason)](Room& room) mutable {
    room.close_room(c, std::move(reason), re);
  });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, protocol::StandIn m) {
  in_room(c, re, m.room, kJoinFirst,
          [c, re, seat = m.seat, bot = std::move(m.bot)](Room& room) mutable {
            room.stand_in(c, seat, std::move(bot), re);
          });
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Rematch& m) {
  in_room(c, re, m.room, kJoinFirst, [c, re](Room& room) { room.rematch(c, re); });
}

}  // namespace tortuga
