// What each seat sees. Public: the town, the captain, the pirates in the alleys and on the ship,
// the face-up tiles, each player's pirates, rum barrels and number of encounter tiles face down on
// the flag, the sizes of the stacks, the question being asked and every roll. Hidden from the
// others: a player's coins, the tiles under the flag, the encounter tiles on it, the article drawn
// at a goods space before it is kept or sold; hidden from everyone: the order of each stack. When
// the match is over, everything is shown.
#include "rules/um_rum_und_ehre/scoring.hpp"
#include "rules/um_rum_und_ehre/tile_json.hpp"
#include "rules/um_rum_und_ehre/umrum_state.hpp"

namespace tortuga::umrum {
namespace {

std::string_view step_name(Step step) {
  switch (step) {
    case Step::kTurn:
      return "turn";
    case Step::kAfterMove:
      return "after_move";
    case Step::kHq:
      return "hq";
    case Step::kGoods:
      return "goods";
    case Step::kMap:
      return "map";
    case Step::kGuard:
      return "guard";
    case Step::kInvite:
      return "invite";
    case Step::kRoll:
      return "roll";
    case Step::kRum:
      return "rum";
    case Step::kOver:
      return "over";
  }
  return "";
}

Json tiles_json(const std::vector<Tile>& tiles) {
  Json out = Json::array();
  for (const Tile& t : tiles) out.push_back(tile_json(t));
  return out;
}

Json maybe_tile(const std::optional<Tile>& tile) {
  return tile ? tile_json(*tile) : Json(nullptr);
}

}  // namespace

std::span<const std::string_view> UmRumState::private_members() const {
  static constexpr std::string_view kPrivate[] = {"events", "players", "question"};
  return kPrivate;
}

Json UmRumState::private_view(int seat) const {
  return {{"events", events_json(seat)},
          {"players", players_json(seat)},
          {"question", question_json(seat)}};
}

Json UmRumState::players_json(int seat) const {
  const bool all = seat == kEveryone || is_over();
  Json players = Json::array();
  for (int s = 0; s < seats(); ++s) {
    const Player& p = players_[s];
    Json j = {{"seat", s},    {"supply", p.supply}, {"office", p.office},
              {"rum", p.rum}, {"done", p.done},     {"encounters_face_down", p.meetings.size()}};
    if (all || s == seat) {
      j["coins"] = p.coins;
      j["flag"] = tiles_json(p.flag);
      j["encounters"] = tiles_json(p.meetings);
      j["points"] = score_tiles(p.flag).total();
    }
    players.push_back(std::move(j));
  }
  return players;
}

// The question under way.
Json UmRumState::question_json(int seat) const {
  const bool all = seat == kEveryone || is_over();
  Json question = Json::object();
  if (step_ == Step::kInvite ||
      ((step_ == Step::kRoll || step_ == Step::kRum) && dice_ == Dice::kTavern)) {
    question["drink"] = {{"tavern", tavern_name(drink_.tavern)}, {"drinkers", drink_.drinkers}};
    if (step_ == Step::kInvite) question["drink"]["invitee"] = drink_.invitee;
  }
  if ((step_ == Step::kRoll || step_ == Step::kRum) && dice_ == Dice::kChest)
    question["chest_total"] = chest_total_;
  if (step_ == Step::kRoll || step_ == Step::kRum) {
    question["roll"] = {
        {"seat", roll_.seat},
        {"for", dice_ == Dice::kTavern  ? "tavern"
                : dice_ == Dice::kChest ? "chest"
                                        : "brawl"},
        {"crew", roll_.crew == kImaginaryCrew ? Json("imaginary") : Json(roll_.crew)},
        {"value", step_ == Step::kRum ? Json(roll_.value) : Json(nullptr)},
        {"rerolls_left", roll_.rerolls_left}};
  }
  if (step_ == Step::kGoods && (all || seat == current_)) question["drawn"] = tile_json(*drawn_);
  return question;
}

Json UmRumState::events_json(int seat) const {
  const bool all = seat == kEveryone || is_over();
  Json events = Json::array();
  for (const Event& e : events_)
    events.push_back((all || seat == e.owner) && e.owner >= 0 ? e.secret : e.shown);
  return events;
}

Json UmRumState::seat_view(int seat) const {
  const bool all = seat == kEveryone || is_over();
  Json view = Json::object();
  view["game"] = "um-rum-und-ehre";
  view["round"] = round_;
  view["rounds"] = kRounds;
  view["first_player"] = first_player_;
  view["current"] = current_;
  view["stage"] = step_name(step_);
  view["town"] = town_->json();
  view["captain"] = captain_;
  Json owners = Json::array();
  for (auto owner : alley_owner_) owners.push_back(owner < 0 ? Json(nullptr) : Json(owner));
  view["alley_pirates"] = std::move(owners);
  view["display"] = {
      {"taverns", tiles_json(display_.taverns)}, {"maps", tiles_json(display_.maps)},
      {"chest", maybe_tile(display_.chest)},     {"scorpion", maybe_tile(display_.scorpion)},
      {"bunk", maybe_tile(display_.bunk)},       {"hammock", maybe_tile(display_.hammock)},
      {"rope", maybe_tile(display_.rope)}};
  view["stacks"] = {{"taverns", stacks_.taverns.size()},
                    {"maps", stacks_.maps.size()},
                    {"goods", stacks_.goods.size()},
                    {"encounters", stacks_.encounters.size()},
                    {"chests", stacks_.chests.size()},
                    {"scorpions", stacks_.scorpions.size()},
                    {"small_guards", stacks_.small_guards.size()},
                    {"big_guards", stacks_.big_guards.size()},
                    {"ropes", stacks_.ropes.size()},
                    {"hammocks", stacks_.hammocks.size()},
                    {"bunks", stacks_.bunks.size()}};
  if (all) {
    Json order = Json::object();
    order["taverns"] = tiles_json(stacks_.taverns);
    order["maps"] = tiles_json(stacks_.maps);
    order["goods"] = tiles_json(stacks_.goods);
    order["encounters"] = tiles_json(stacks_.encounters);
    order["chests"] = tiles_json(stacks_.chests);
    order["scorpions"] = tiles_json(stacks_.scorpions);
    order["small_guards"] = tiles_json(stacks_.small_guards);
    order["big_guards"] = tiles_json(stacks_.big_guards);
    view["stack_order"] = std::move(order);  // top last
  }
  view["rum_supply"] = rum_supply_;
  view["players"] = players_json(seat);
  Json rows = Json::array();
  for (const ShipRow& r : ship_.rows())
    rows.push_back({{"crew", r.crew == kImaginaryCrew ? Json("imaginary") : Json(r.crew)},
                    {"left", r.pirates[0]},
                    {"right", r.pirates[1]}});
  view["ship"] = {{"rows", std::move(rows)}};
  if (!ship_.fighters().empty())
    view["ship"]["fight"] = {{"side", ship_.side() == 0 ? "left" : "right"},
                             {"column", ship_.column()},
                             {"rows", ship_.fighters()},
                             {"rolled", ship_.rolled_count()},
                             {"standing_row", ship_.standing()},
                             {"standing_roll", ship_.standing() < 0 ? 0 : ship_.standing_roll()}};
  view["question"] = question_json(seat);
  view["moves_this_turn"] = moves_;
  view["decision_s"] = decision_s_;
  view["events"] = events_json(seat);
  return view;
}

}  // namespace tortuga::umrum
