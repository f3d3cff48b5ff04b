// The seats a match awaits as its column holds them (Match::awaiting): seat numbers joined by
// commas, "" for none. A match waits for a few seats at most, and the column is rewritten with
// every action, so it stays a short text rather than a table of its own.
#pragma once

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tortuga::store {

inline std::string awaiting_column(const std::vector<int>& seats) {
  std::string text;
  for (int seat : seats) {
    if (!text.empty()) text += ',';
    text += std::to_string(seat);
  }
  return text;
}

inline std::vector<int> awaiting_from_column(std::string_view text) {
  std::vector<int> seats;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    int seat = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), seat);
    if (error != std::errc() || end != part.data() + part.size())
      throw std::runtime_error("awaited seats the store does not read: '" + std::string(text) +
                               "'");
    seats.push_back(seat);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return seats;
}

}  // namespace tortuga::store
