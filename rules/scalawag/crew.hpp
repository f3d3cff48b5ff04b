// The six kinds of crew card and a hand of them. A hand is a small multiset: its order means
// nothing, so helpers count and remove by kind.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/views/view_writer.hpp"

namespace tortuga::scalawag {

enum class Crew : std::uint8_t { kSailor, kGunner, kMarine, kPilot, kMutineer, kLookout };
inline constexpr int kCrewKinds = 6;
inline constexpr std::array<Crew, kCrewKinds> kAllCrew = {
    Crew::kSailor, Crew::kGunner, Crew::kMarine, Crew::kPilot, Crew::kMutineer, Crew::kLookout};

using Hand = std::vector<Crew>;

// A claim may assign at most as many cards of a kind as a hand holds.
inline constexpr int kMaxAssigned = 3;

std::string_view crew_name(Crew crew);  // "sailor", ...
// "a Gunner", "two Gunners": for messages.
std::string crew_text(Crew crew, int count);

int count_of(const Hand& hand, Crew crew);
// Removes one card of that kind; false when the hand holds none.
bool remove_one(Hand& hand, Crew crew);
// The distinct kinds a hand holds, in the order of kAllCrew.
std::vector<Crew> kinds_in(const Hand& hand);
// Every distinct multiset of `size` cards taken from `hand`, each sorted by kind.
std::vector<Hand> sub_hands(const Hand& hand, int size);
// Whether `part` can be taken from `hand` (as multisets).
bool holds_all(const Hand& hand, const Hand& part);

// A hand as views show it: its crew names, sorted.
void write_hand(ViewWriter& out, const Hand& hand);
nlohmann::json hand_json(const Hand& hand);

}  // namespace tortuga::scalawag
