// Colpaccio in the shared property suite: every player count from the solo duel to five, the solo
// variants, a custom deck, and the leak check. No seat's view (nor the spectators') may carry the
// deck order, the removed cards, a face-down ship of any personal area (its owner's included,
// save while it looks after a parrot pact), a ship the kraken sank, a frozen threat, or the
// set-aside threat before the seat looked through a spyglass or could tell it from the others.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "rules/colpaccio/cards.hpp"
#include "rules/colpaccio/colpaccio_state.hpp"
#include "tests/rules/suite.hpp"

namespace {

using tortuga::Json;
using namespace tortuga::colpaccio;

// Card ids in the view: cards shown ({"id", "good", ...}) and ids in legal actions.
void card_ids(const Json& json, std::vector<int>& ids) {
  if (json.is_object()) {
    if (json.contains("id") && json.contains("good")) ids.push_back(json["id"].get<int>());
    for (auto it = json.begin(); it != json.end(); ++it) {
      if ((it.key() == "cards" || it.key() == "ships") && it->is_array()) {
        for (const Json& id : *it)
          if (id.is_number_integer()) ids.push_back(id.get<int>());
      }
      card_ids(*it, ids);
    }
  } else if (json.is_array()) {
    for (const Json& item : json) card_ids(item, ids);
  }
}

// Every string value naming a threat, with the key it sits under (arrays pass their key on).
void threat_names(const Json& json, const std::string& key,
                  std::vector<std::pair<std::string, std::string>>& found) {
  static const std::set<std::string> names = {"corsairs", "ghost_ship", "kraken"};
  if (json.is_string() && names.count(json.get<std::string>())) {
    found.emplace_back(key, json.get<std::string>());
  } else if (json.is_object()) {
    for (auto it = json.begin(); it != json.end(); ++it) threat_names(*it, it.key(), found);
  } else if (json.is_array()) {
    for (const Json& item : json) threat_names(item, key, found);
  }
}

void check_no_leak(const tortuga::State& base, int seat, const Json& view) {
  const auto& state = dynamic_cast<const ColpaccioState&>(base);
  const Table& table = state.table();
  std::set<int> hidden;
  for (int entry : table.pile)
    if (entry >= 0) hidden.insert(entry);
  hidden.insert(table.removed.begin(), table.removed.end());
  hidden.insert(table.sunk_ships.begin(), table.sunk_ships.end());
  hidden.insert(table.corsairs.ships.begin(), table.corsairs.ships.end());
  const bool looking = state.phase() == Phase::kParrotPact && seat == state.turn();
  for (int s = 0; s < static_cast<int>(table.players.size()); ++s)
    if (!(looking && s == seat))
      hidden.insert(table.players[s].ships.begin(), table.players[s].ships.end());

  std::vector<int> ids;
  card_ids(view, ids);
  for (int id : ids) CHECK_MESSAGE(hidden.count(id) == 0, "seat " << seat << " sees card " << id);

  for (const Json& player : view["players"]) {
    CHECK(player["ships"].is_number_integer());
    CHECK_FALSE(player.contains("ship_cards"));
  }
  if (view["corsairs"].is_object()) CHECK_FALSE(view["corsairs"].contains("ship_cards"));
  CHECK_FALSE(view["deck"].contains("order"));
  CHECK_FALSE(view["deck"].contains("removed"));
  CHECK(view["sunk_ships"].is_number_integer());
  CHECK_FALSE(view["threats"].contains("waiting_threats"));
  if (!looking) CHECK(view["looking"].is_null());

  std::set<std::string> revealed;
  for (Threat threat : state.revealed()) revealed.insert(std::string(threat_name(threat)));
  const bool looked = seat >= 0 && table.players[seat].looked;
  std::vector<std::pair<std::string, std::string>> found;
  threat_names(view, "", found);
  for (const auto& [key, name] : found) {
    CAPTURE(key);
    CAPTURE(name);
    if (key == "set_aside") {
      CHECK((looked || state.set_aside_known()));
      CHECK(name == threat_name(table.set_aside));
    } else if (key == "threat" || key == "revealed" || key == "phase") {
      CHECK(revealed.count(name) == 1);
    } else {
      // The solo automaton's name, never a threat's.
      CHECK((key == "turn" || key == "by"));
      CHECK(name == "corsairs");
    }
  }
}

// The standard deck in reverse: a valid custom deck whose cards sit at other ids.
Json reversed_deck() {
  Json cards = Json::array();
  const Deck& deck = *standard_deck();
  for (int id = kDeckSize - 1; id >= 0; --id) {
    Json card = card_json(deck, id);
    card.erase("id");
    cards.push_back(std::move(card));
  }
  return cards;
}

const tortuga::suite::Registration registered("colpaccio", [] {
  tortuga::suite::SuiteConfig config;
  config.matches = 40;
  config.step_bound = 2000;
  config.exhaustive_matches = 4;
  config.option_variants = {Json::object(),
                            {{"solo_difficulty", "easy"}},
                            {{"solo_difficulty", "medium"}},
                            {{"solo_difficulty", "hard"}},
                            {{"deck", reversed_deck()}}};
  // The solo variants are refused with more than one player.
  config.variant_fits = [](const Json& variant, int players) {
    return players == 1 || !variant.contains("solo_difficulty");
  };
  config.leak_check = check_no_leak;
  return config;
}());

}  // namespace
