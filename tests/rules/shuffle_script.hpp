// Scripted chance for tests that need a deck or a deal in a chosen order.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace tortuga::testing {

// A script for Chance that makes its first shuffle of `from` come out as `wanted` (a permutation
// of it), following Chance::shuffle's Fisher-Yates from the back.
template <class T>
std::vector<std::uint32_t> script_for_shuffle(std::vector<T> from, const std::vector<T>& wanted) {
  std::vector<std::uint32_t> script;
  for (std::size_t i = from.size(); i > 1; --i) {
    std::size_t j = 0;
    while (from[j] != wanted[i - 1]) ++j;
    script.push_back(static_cast<std::uint32_t>(j));
    std::swap(from[i - 1], from[j]);
  }
  return script;
}

}  // namespace tortuga::testing
