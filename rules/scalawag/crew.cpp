#include "rules/scalawag/crew.hpp"

#include <algorithm>

namespace tortuga::scalawag {

std::string_view crew_name(Crew crew) {
  switch (crew) {
    case Crew::kSailor:
      return "sailor";
    case Crew::kGunner:
      return "gunner";
    case Crew::kMarine:
      return "marine";
    case Crew::kPilot:
      return "pilot";
    case Crew::kMutineer:
      return "mutineer";
    case Crew::kLookout:
      return "lookout";
  }
  return "";
}

std::string crew_text(Crew crew, int count) {
  static const char* const kNumbers[] = {"no", "a", "two", "three", "four", "five"};
  std::string name(crew_name(crew));
  name[0] = static_cast<char>(name[0] - 'a' + 'A');
  const std::string number = count >= 0 && count <= 5 ? kNumbers[count] : std::to_string(count);
  return number + " " + name + (count == 1 ? "" : "s");
}

int count_of(const Hand& hand, Crew crew) {
  return static_cast<int>(std::count(hand.begin(), hand.end(), crew));
}

bool remove_one(Hand& hand, Crew crew) {
  auto it = std::find(hand.begin(), hand.end(), crew);
  if (it == hand.end()) return false;
  hand.erase(it);
  return true;
}

std::vector<Crew> kinds_in(const Hand& hand) {
  std::vector<Crew> kinds;
  for (Crew crew : kAllCrew)
    if (count_of(hand, crew) > 0) kinds.push_back(crew);
  return kinds;
}

namespace {

void extend(const std::array<int, kCrewKinds>& left, int kind, int size, Hand& part,
            std::vector<Hand>& out) {
  if (static_cast<int>(part.size()) == size) {
    out.push_back(part);
    return;
  }
  for (int k = kind; k < kCrewKinds; ++k) {
    if (left[k] == 0) continue;
    auto fewer = left;
    --fewer[k];
    part.push_back(kAllCrew[k]);
    extend(fewer, k, size, part, out);
    part.pop_back();
  }
}

}  // namespace

std::vector<Hand> sub_hands(const Hand& hand, int size) {
  std::array<int, kCrewKinds> counts{};
  for (Crew crew : hand) ++counts[static_cast<int>(crew)];
  std::vector<Hand> out;
  Hand part;
  if (size >= 0 && size <= static_cast<int>(hand.size())) extend(counts, 0, size, part, out);
  return out;
}

bool holds_all(const Hand& hand, const Hand& part) {
  for (Crew crew : kAllCrew)
    if (count_of(part, crew) > count_of(hand, crew)) return false;
  return true;
}

void write_hand(ViewWriter& out, const Hand& hand) {
  Hand sorted = hand;
  std::sort(sorted.begin(), sorted.end());
  out.begin_array();
  for (Crew crew : sorted) out.value(crew_name(crew));
  out.end_array();
}

nlohmann::json hand_json(const Hand& hand) {
  JsonWriter out;
  write_hand(out, hand);
  return out.take();
}

}  // namespace tortuga::scalawag
