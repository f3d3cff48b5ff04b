// Random JSON documents and random edits of them, for the property and robustness tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::test {

using Json = nlohmann::json;

class RandomJson {
 public:
  explicit RandomJson(std::uint64_t seed) : rng_(seed) {}

  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng_() % n); }
  bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }

  // Keys that JSON Pointer must escape or that look like array indices, beside plain ones.
  std::string key() {
    static const std::vector<std::string> keys = {"a",
                                                  "b",
                                                  "seat",
                                                  "legal",
                                                  "",
                                                  "/",
                                                  "~",
                                                  "~1",
                                                  "~0",
                                                  "a/b",
                                                  "m~n",
                                                  "~/~/",
                                                  "-",
                                                  "0",
                                                  "01",
                                                  "10",
                                                  "key with space",
                                                  "\xc3\xa9t\xc3\xa9",
                                                  "\xe2\x98\xa0",
                                                  "x.y",
                                                  "\"q\""};
    return keys[below(keys.size())];
  }

  Json scalar() {
    switch (below(9)) {
      case 0:
        return nullptr;
      case 1:
        return chance(50);
      case 2:
        return static_cast<std::int64_t>(below(10));
      case 3:
        return -static_cast<std::int64_t>(below(1000));
      case 4:
        return static_cast<std::uint64_t>(rng_());
      case 5:
        return static_cast<double>(below(1000)) / 8.0;
      case 6:
        return std::string();
      case 7:
        return key();
      default:
        return "card-" + std::to_string(below(20));
    }
  }

  Json value(int depth) {
    if (depth <= 0 || chance(35)) return scalar();
    if (chance(50)) {
      Json a = Json::array();
      for (std::size_t n = below(7); n > 0; --n) a.push_back(value(depth - 1));
      return a;
    }
    Json o = Json::object();
    for (std::size_t n = below(6); n > 0; --n) o[key()] = value(depth - 1);
    return o;
  }

  // A copy of `doc` with a few random edits at random places.
  Json mutate(Json doc, int edits) {
    for (int i = 0; i < edits; ++i) edit(doc, 0);
    return doc;
  }

 private:
  void edit(Json& at, int depth) {
    if ((at.is_array() || at.is_object()) && !at.empty() && chance(65) && depth < 8) {
      if (at.is_array()) {
        edit(at[below(at.size())], depth + 1);
      } else {
        auto it = at.begin();
        std::advance(it, static_cast<std::ptrdiff_t>(below(at.size())));
        edit(*it, depth + 1);
      }
      return;
    }
    if (at.is_array()) {
      switch (below(6)) {
        case 0:  // insert somewhere
          at.insert(at.begin() + static_cast<std::ptrdiff_t>(below(at.size() + 1)), value(2));
          return;
        case 1:  // remove somewhere
          if (!at.empty()) at.erase(at.begin() + static_cast<std::ptrdiff_t>(below(at.size())));
          return;
        case 2:  // grow at the end
          for (std::size_t n = 1 + below(5); n > 0; --n) at.push_back(value(1));
          return;
        case 3:  // shrink from the end
          for (std::size_t n = below(at.size() + 1); n > 0; --n) at.erase(at.end() - 1);
          return;
        case 4:  // reorder
          std::shuffle(at.begin(), at.end(), rng_);
          return;
        default:
          at = value(3);
          return;
      }
    }
    if (at.is_object()) {
      switch (below(3)) {
        case 0:
          at[key()] = value(2);
          return;
        case 1:
          if (!at.empty()) {
            auto it = at.begin();
            std::advance(it, static_cast<std::ptrdiff_t>(below(at.size())));
            at.erase(it);
          }
          return;
        default:
          at = value(3);
          return;
      }
    }
    at = chance(30) ? value(3) : scalar();  // often a change of type
  }

  std::mt19937_64 rng_;
};

}  // namespace tortuga::test
