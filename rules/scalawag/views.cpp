// What each seat sees: the public table, its own hand and allegiance, and the events it may know.
#include <string>

#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {
namespace {

constexpr std::size_t kLogLength = 16;

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

Json ScalawagState::ship_json(int seat, int viewer) const {
  const Ship& ship = table_.ships[seat];
  Json json = Json::object();
  json["seat"] = seat;
  json["flag"] = flag_name(ship.flag);
  json["alive"] = ship.alive;
  json["compass"] = ship.compass;
  json["damage"] = ship.damage;
  json["boarding_cost"] = ship.alive ? Json(table_.boarding_cost(seat)) : Json(nullptr);
  json["crew"] = ship.hand.size();
  json["on_guard"] = ship.on_guard;
  json["adjacent"] = ship.alive ? Json(table_.neighbours(seat)) : Json::array();
  if (viewer == kEveryone) {
    json["hand"] = hand_json(ship.hand);
    json["allegiance"] =
        ship.allegiance >= 0 ? Json(allegiance_name(ship.allegiance)) : Json(nullptr);
  }
  return json;
}

std::span<const std::string_view> ScalawagState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"log", "you"};
  return kPrivate;
}

Json ScalawagState::private_view(int seat) const {
  return {{"log", log_json(seat)}, {"you", you_json(seat)}};
}

Json ScalawagState::you_json(int seat) const {
  if (seat < 0) return nullptr;
  const Ship& own = table_.ships[seat];
  Json you = {{"hand", hand_json(own.hand)}, {"allegiance", nullptr}, {"partner", nullptr}};
  if (own.allegiance >= 0) {
    you["allegiance"] = allegiance_name(own.allegiance);
    for (int s = 0; s < table_.seats(); ++s)
      if (s != seat && table_.ships[s].allegiance == own.allegiance) you["partner"] = s;
  }
  return you;
}

Json ScalawagState::log_json(int seat) const {
  Json events = Json::array();
  for (const Event& event : events_)
    if (event.to < 0 || event.to == seat || seat == kEveryone) {
      Json shown = event.what;
      if (event.to >= 0) shown["to"] = event.to;
      events.push_back(std::move(shown));
    }
  return events;
}

Json ScalawagState::seat_view(int seat) const {
  Json view = Json::object();
  view["game"] = "scalawag";
  view["phase"] = phase_name(phase_);
  view["round"] = round_;
  view["turn"] = current_;
  view["ring"] = table_.ring;
  Json players = Json::array();
  for (int s = 0; s < table_.seats(); ++s) players.push_back(ship_json(s, seat));
  view["players"] = std::move(players);
  const int gaps = static_cast<int>(table_.ring.size());
  view["fog"] = table_.fog >= 0
                    ? Json::array({table_.ring[table_.fog], table_.ring[(table_.fog + 1) % gaps]})
                    : Json(nullptr);
  view["fog_of_war"] = rules_.fog;
  view["harbour"] = table_.harbour.size();
  view["locker"] = hand_json(table_.locker);
  const bool ordering = phase_ != Phase::kOrder && phase_ != Phase::kOver;
  view["order"] = ordering ? Json{{"order", order_name(command_.order)},
                                  {"crew", command_.crew},
                                  {"second_fire", command_.second_fire},
                                  {"lookout", command_.reach}}
                           : Json(nullptr);
  view["claim"] = phase_ == Phase::kWindow ? Json{{"seat", current_},
                                                  {"crew", crew_name(claim_.crew)},
                                                  {"count", claim_.count},
                                                  {"waiting", waiting_}}
                                           : Json(nullptr);
  view["penalty"] = phase_ == Phase::kPenalty ? Json{{"payer", penalty_.payer},
                                                     {"other", penalty_.other},
                                                     {"chooser", penalty_.chooser}}
                                              : Json(nullptr);
  view["asked"] =
      phase_ == Phase::kLoseCrew || phase_ == Phase::kPrizeDiscard ? Json(asked_) : Json(nullptr);
  view["returning"] = phase_ == Phase::kReturn ? Json(return_count_) : Json(nullptr);
  view["window_s"] = rules_.window_ms / 1000;
  view["alliances"] = rules_.alliances;
  view["damage_boxes"] = table_.boxes;
  view["you"] = you_json(seat);
  if (seat == kEveryone) view["harbour_cards"] = hand_json(table_.harbour);
  // Allegiances become public when the match ends.
  Json teams = nullptr;
  if (rules_.alliances && (phase_ == Phase::kOver || seat == kEveryone)) {
    teams = Json::object();
    for (int s = 0; s < table_.seats(); ++s)
      teams[std::string(allegiance_name(table_.ships[s].allegiance))].push_back(s);
  }
  view["teams"] = std::move(teams);
  view["log"] = log_json(seat);
  view["last_action"] = last_action_;
  return view;
}

Json ScalawagState::result() const {
  if (!is_over()) return nullptr;
  Json survivors = table_.alive_seats();
  std::string message;
  if (end_reason_ == "last_team") {
    const int side = table_.ships[winners_.front()].allegiance;
    message = "The " + std::string(allegiance_name(side)) + " alliance rules the sea.";
  } else {
    message = "Seat " + std::to_string(winners_.front()) + " is the last ship afloat.";
  }
  return {{"winners", winners_},
          {"reason", end_reason_},
          {"survivors", std::move(survivors)},
          {"message", message}};
}

}  // namespace tortuga::scalawag
