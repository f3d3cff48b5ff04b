#include "server/room/seating.hpp"

#include "protocol/codes.hpp"

namespace tortuga {

RoomSeat bot_seat(int seat, const std::string& kind) {
  return RoomSeat{.name = "Bot " + std::to_string(seat + 1) + " (" + kind + ")", .bot = kind};
}

Expected<int> Seating::free_seat(std::optional<int> wanted) const {
  if (wanted) {
    if (!has(*wanted))
      return Error{code::kBadField, "seat must be 0.." + std::to_string(seats_.size() - 1)};
    if (seats_[*wanted].taken())
      return Error{code::kSeatTaken, "seat " + std::to_string(*wanted) + " is taken"};
    return *wanted;
  }
  if (auto seat = empty_seat()) return *seat;
  return Error{code::kRoomFull, "every seat is taken"};
}

std::optional<int> Seating::empty_seat() const {
  for (int i = 0; i < size(); ++i)
    if (!seats_[i].taken()) return i;
  return std::nullopt;
}

void Seating::seat_person(int seat, std::int64_t player, std::string name, bool account) {
  seats_[seat] = RoomSeat{.player = player, .name = std::move(name), .account = account};
  if (!host_) host_ = player;
}

std::optional<int> Seating::seat_of(std::int64_t player) const {
  if (gone_.count(player)) return std::nullopt;
  for (int i = 0; i < size(); ++i)
    if (seats_[i].player == player) return i;
  return std::nullopt;
}

bool Seating::holds(int seat, std::int64_t player) const {
  return seats_[seat].player == player && !gone_.count(player);
}

bool Seating::pass_host_on() {
  host_.reset();
  for (const auto& s : seats_)
    if (s.player && !gone_.count(*s.player) && !host_) host_ = s.player;
  return host_.has_value();
}

void Seating::pass_host_to(const std::function<bool(int seat)>& here) {
  if (!host_) return;
  const int n = size();
  const int from = seat_of(*host_).value_or(n - 1);
  for (int k = 1; k <= n; ++k) {
    const int s = (from + k) % n;
    if (seats_[s].player && here(s)) {
      host_ = seats_[s].player;
      return;
    }
  }
}

void Seating::give_up(std::int64_t player) {
  gone_.insert(player);
  rematch_.reset();
}

const RoomSeat* Seating::seat_given_up() const {
  for (const auto& s : seats_)
    if (s.player && gone_.count(*s.player)) return &s;
  return nullptr;
}

bool Seating::accept_rematch(std::int64_t player) {
  if (!rematch_) rematch_ = Rematch{player, {}};
  rematch_->accepted.insert(player);
  for (const auto& s : seats_)
    if (s.player && !rematch_->accepted.count(*s.player)) return false;
  return true;
}

void Seating::new_match() {
  rematch_.reset();
  for (auto& s : seats_) s.stand_in.clear();
}

}  // namespace tortuga
