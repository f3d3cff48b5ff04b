// What each seat sees: the public table, its own hand and allegiance, and the events it may know.
#include <string>

#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {
namespace {

constexpr std::size_t kLogLength = 16;
// Reuse slots (ViewWriter::reuse): kEventSlots and up for the log's events, by their numbers.
constexpr std::uint32_t kEventSlots = 32;

const char* phase_name(Phase phase) {
  static const char* const kNames[] = {"order",     "window", "targets",       "penalty",
                                       "lose_crew", "return", "prize_discard", "over"};
  return kNames[static_cast<int>(phase)];
}

}  // namespace

void ScalawagState::log(Json event, int to) {
  event["n"] = ++event_count_;
  events_.push_back({to, std::move(event)});
  if (events_.size() > kLogLength) events_.pop_front();
}

void ScalawagState::write_ship(int seat, int viewer, ViewWriter& out) const {
  const Ship& ship = table_.ships[seat];
  const bool everything = viewer == kEveryone;
  out.begin_object();
  out.key("adjacent");
  out.begin_array();
  if (ship.alive)
    for (int s : table_.neighbours(seat)) out.value(s);
  out.end_array();
  out.member("alive", ship.alive);
  if (everything) {
    out.key("allegiance");
    ship.allegiance >= 0 ? out.value(allegiance_name(ship.allegiance)) : out.null();
  }
  out.key("boarding_cost");
  ship.alive ? out.value(table_.boarding_cost(seat)) : out.null();
  out.member("compass", ship.compass);
  out.member("crew", ship.hand.size());
  out.member("damage", ship.damage);
  out.member("flag", flag_name(ship.flag));
  if (everything) {
    out.key("hand");
    write_hand(out, ship.hand);
  }
  out.member("on_guard", ship.on_guard);
  out.member("seat", seat);
  out.end_object();
}

std::span<const std::string_view> ScalawagState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"log", "you"};
  return kPrivate;
}

Json ScalawagState::private_view(int seat) const {
  JsonWriter out;
  write_private_view(seat, out);
  return out.take();
}

void ScalawagState::write_private_view(int seat, ViewWriter& out) const {
  out.begin_object();
  out.key("log");
  write_log(seat, out);
  out.key("you");
  write_you(seat, out);
  out.end_object();
}

void ScalawagState::write_you(int seat, ViewWriter& out) const {
  if (seat < 0) return out.null();
  const Ship& own = table_.ships[seat];
  out.begin_object();
  out.key("allegiance");
  own.allegiance >= 0 ? out.value(allegiance_name(own.allegiance)) : out.null();
  out.key("hand");
  write_hand(out, own.hand);
  int partner = -1;
  if (own.allegiance >= 0)
    for (int s = 0; s < table_.seats(); ++s)
      if (s != seat && table_.ships[s].allegiance == own.allegiance) partner = s;
  out.key("partner");
  partner >= 0 ? out.value(partner) : out.null();
  out.end_object();
}

void ScalawagState::write_log(int seat, ViewWriter& out) const {
  out.begin_array();
  // Events are numbered in turn from 1 and never change once logged: each is offered for copying
  // from the last view under its number (the last event is number event_count_).
  std::uint64_t n = static_cast<std::uint64_t>(event_count_ + 1) - events_.size();
  for (auto e = events_.begin(); e != events_.end(); ++e, ++n) {
    const Event& event = *e;
    if (event.to >= 0 && event.to != seat && seat != kEveryone) continue;
    if (out.reuse(kEventSlots + static_cast<std::uint32_t>(n % kEventSlots), n)) continue;
    if (event.to < 0) {
      out.value(event.what);
      continue;
    }
    // The event with "to", its addressee, among its members in the order of their keys.
    out.begin_object();
    bool told = false;
    for (auto it = event.what.begin(); it != event.what.end(); ++it) {
      if (!told && it.key() >= "to") {
        out.member("to", event.to);
        told = true;
      }
      if (it.key() == "to") continue;
      out.key(it.key());
      out.value(*it);
    }
    if (!told) out.member("to", event.to);
    out.end_object();
  }
  out.end_array();
}

Json ScalawagState::seat_view(int seat) const {
  JsonWriter out;
  write_seat_view(seat, out);
  return out.take();
}

void ScalawagState::write_seat_view(int seat, ViewWriter& out) const {
  const bool ordering = phase_ != Phase::kOrder && phase_ != Phase::kOver;
  out.begin_object();
  out.member("alliances", rules_.alliances);
  out.key("asked");
  phase_ == Phase::kLoseCrew || phase_ == Phase::kPrizeDiscard ? out.value(asked_) : out.null();
  out.key("claim");
  if (phase_ == Phase::kWindow) {
    out.begin_object();
    out.member("count", claim_.count);
    out.member("crew", crew_name(claim_.crew));
    out.member("seat", current_);
    out.key("waiting");
    out.begin_array();
    for (int s : waiting_) out.value(s);
    out.end_array();
    out.end_object();
  } else {
    out.null();
  }
  out.key("damage_boxes");
  out.begin_array();
  for (int box : table_.boxes) out.value(box);
  out.end_array();
  out.key("fog");
  if (table_.fog >= 0) {
    const int gaps = static_cast<int>(table_.ring.size());
    out.begin_array();
    out.value(table_.ring[table_.fog]);
    out.value(table_.ring[(table_.fog + 1) % gaps]);
    out.end_array();
  } else {
    out.null();
  }
  out.member("fog_of_war", rules_.fog);
  out.member("game", "scalawag");
  out.member("harbour", table_.harbour.size());
  if (seat == kEveryone) {
    out.key("harbour_cards");
    write_hand(out, table_.harbour);
  }
  out.member("last_action", last_action_);
  out.key("locker");
  write_hand(out, table_.locker);
  out.key("log");
  write_log(seat, out);
  out.key("order");
  if (ordering) {
    out.begin_object();
    out.member("crew", command_.crew);
    out.member("lookout", command_.reach);
    out.member("order", order_name(command_.order));
    out.member("second_fire", command_.second_fire);
    out.end_object();
  } else {
    out.null();
  }
  out.key("penalty");
  if (phase_ == Phase::kPenalty) {
    out.begin_object();
    out.member("chooser", penalty_.chooser);
    out.member("other", penalty_.other);
    out.member("payer", penalty_.payer);
    out.end_object();
  } else {
    out.null();
  }
  out.member("phase", phase_name(phase_));
  out.key("players");
  out.begin_array();
  for (int s = 0; s < table_.seats(); ++s) write_ship(s, seat, out);
  out.end_array();
  out.key("returning");
  phase_ == Phase::kReturn ? out.value(return_count_) : out.null();
  out.key("ring");
  out.begin_array();
  for (int s : table_.ring) out.value(s);
  out.end_array();
  out.member("round", round_);
  // Allegiances become public when the match ends.
  Json teams = nullptr;
  if (rules_.alliances && (phase_ == Phase::kOver || seat == kEveryone)) {
    teams = Json::object();
    for (int s = 0; s < table_.seats(); ++s)
      teams[std::string(allegiance_name(table_.ships[s].allegiance))].push_back(s);
  }
  out.member("teams", teams);
  out.member("turn", current_);
  out.member("window_s", rules_.window_ms / 1000);
  out.key("you");
  write_you(seat, out);
  out.end_object();
}

// The result names its winners by seat and its team by allegiance, for clients to word in their
// players' names and language; `message` is an English sentence for those that do not, with
// seats counted from 1 as people count them.
Json ScalawagState::result() const {
  if (!is_over()) return nullptr;
  Json result = {
      {"winners", winners_}, {"reason", end_reason_}, {"survivors", table_.alive_seats()}};
  if (end_reason_ == "last_team") {
    const std::string side(allegiance_name(table_.ships[winners_.front()].allegiance));
    result["alliance"] = side;
    result["message"] = "The " + side + " alliance rules the sea.";
  } else {
    result["message"] =
        "Seat " + std::to_string(winners_.front() + 1) + " is the last ship afloat.";
  }
  return result;
}

}  // namespace tortuga::scalawag
