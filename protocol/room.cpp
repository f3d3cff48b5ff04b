#include "protocol/room.hpp"

namespace tortuga::protocol {

namespace {

using Json = nlohmann::json;

template <class T>
Json or_null(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json or_null(const std::string& text) {
  return text.empty() ? Json(nullptr) : Json(text);
}

Json clock_json(const std::optional<SeatInfo::Clock>& clock) {
  if (!clock) return nullptr;
  Json out = {{"due_ms", or_null(clock->due_ms)},
              {"left_ms", clock->left_ms},
              {"bank_ms", clock->bank_ms},
              {"timeouts", clock->timeouts}};
  if (clock->still_until_ms) out["still_until_ms"] = *clock->still_until_ms;
  return out;
}

Json seat_json(std::size_t index, const SeatInfo& s) {
  const bool taken = s.player || !s.bot.empty();
  return {{"seat", index},
          {"clock", clock_json(s.clock)},
          {"name", taken ? Json(s.name) : Json(nullptr)},
          {"player", s.player ? Json{{"id", *s.player}, {"name", s.name}} : Json(nullptr)},
          {"bot", or_null(s.bot)},
          {"connected", s.connected},
          {"away_since_ms", or_null(s.away_since_ms)},
          {"stand_in", or_null(s.stand_in)},
          {"stand_in_after_ms", or_null(s.stand_in_after_ms)}};
}

}  // namespace

Json room_json(const RoomInfo& room) {
  Json seats = Json::array();
  for (std::size_t i = 0; i < room.seats.size(); ++i) seats.push_back(seat_json(i, room.seats[i]));
  Json rematch = nullptr;
  if (room.rematch) rematch = {{"by", room.rematch->by}, {"accepted", room.rematch->accepted}};
  Json banned = Json::array();
  for (const auto& [player, name] : room.banned) banned.push_back({{"id", player}, {"name", name}});
  return {{"id", room.id},
          {"game", room.game},
          {"options", room.options},
          {"private", room.is_private},
          {"host", or_null(room.host)},
          {"status", room.status},
          {"match", room.match ? Json(room.match) : Json(nullptr)},
          {"seats", std::move(seats)},
          {"spectators", room.spectators},
          {"spectator_chat", room.spectator_chat},
          {"absent_bot_s", room.absent_bot_s},
          {"public_when_over", room.public_when_over},
          {"rated", room.rated},
          {"correspondence", room.correspondence},
          {"rematch", std::move(rematch)},
          {"banned", std::move(banned)}};
}

}  // namespace tortuga::protocol
