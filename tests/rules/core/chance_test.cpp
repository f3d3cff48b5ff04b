#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "rules/core/chance.hpp"

using tortuga::Chance;

TEST_CASE("a seeded chance source gives the same sequence every time") {
  Chance a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    auto x = a.below(1000);
    CHECK(x == b.below(1000));
    CHECK(x < 1000u);
    differs = differs || x != c.below(1000);
  }
  CHECK(differs);
}

TEST_CASE("the seeded sequence is pinned, so stored matches replay on any platform") {
  // These numbers are part of the stored-match format: changing the generator breaks replays.
  Chance chance(1);
  std::vector<std::uint32_t> first;
  for (int i = 0; i < 5; ++i) first.push_back(chance.below(100));
  Chance again(1);
  for (auto x : first) CHECK(again.below(100) == x);
  INFO("sequence: " << first[0] << " " << first[1] << " " << first[2] << " " << first[3] << " "
                    << first[4]);
  CHECK(first == std::vector<std::uint32_t>{57, 22, 0, 83, 71});
}

TEST_CASE("scripted outcomes come first, then the seeded generator") {
  Chance chance(7, {3, 1, 12});
  CHECK(chance.below(6) == 3);
  CHECK(chance.below(6) == 1);
  CHECK(chance.below(10) == 2);  // taken modulo the number of possibilities
  CHECK(chance.scripted_left() == 0);
  Chance plain(7);
  CHECK(chance.below(1000) == plain.below(1000));
}

TEST_CASE("shuffle is a permutation and depends on the seed") {
  std::vector<int> items(20);
  for (int i = 0; i < 20; ++i) items[i] = i;
  auto a = items, b = items;
  Chance(5).shuffle(a);
  Chance(6).shuffle(b);
  CHECK(a != b);
  std::sort(a.begin(), a.end());
  CHECK(a == items);
}

TEST_CASE("every outcome of a die turns up") {
  Chance chance(9);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 600; ++i) seen[chance.roll(6)]++;
  CHECK(seen[0] == 0);
  for (int face = 1; face <= 6; ++face) CHECK(seen[face] > 50);
}
