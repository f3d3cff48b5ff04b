// A view written value by value instead of built as a tree. A room needs, after every action, not
// the new board as a tree but its structure, its hashes and its compact text (to diff it against
// the last one and cut the changed values out of it): building ~300 nlohmann nodes, each its own
// allocation, only to walk and free them again was most of a room's work per action. A game that
// writes its board (through its Observer, observer.hpp) lets the room build that flat form
// directly; the same writing gives the board as a tree (JsonWriter) for the game's seat_view, so
// the two cannot disagree.
//
// The order of calls is JSON's own: begin_object, then key and a value for each member, then
// end_object; begin_array, values, end_array. An object's members must come in the order a Json
// object keeps them, ascending byte by byte (std::string's <), each key once: writers that build
// flat forms rely on it and refuse anything else with std::logic_error.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga {

using Json = nlohmann::json;

class ViewWriter {
 public:
  virtual ~ViewWriter() = default;

  virtual void begin_object() = 0;
  virtual void end_object() = 0;
  virtual void begin_array() = 0;
  virtual void end_array() = 0;
  virtual void key(std::string_view key) = 0;

  virtual void null() = 0;
  virtual void boolean(bool b) = 0;
  virtual void signed_integer(std::int64_t n) = 0;
  virtual void unsigned_integer(std::uint64_t n) = 0;
  virtual void floating(double d) = 0;
  virtual void string(std::string_view s) = 0;

  // Offers to skip the next value: the caller vouches that it is the one it wrote under the same
  // `slot` (a small number, one per value so offered) with the same `stamp` the last time, and
  // that the stamp would have changed with it. A writer that keeps that last document may copy
  // the value from it and return true; the caller then writes nothing. Otherwise the caller
  // writes the value as usual. Rooms write a board after every action: its parts that did not
  // move need not be written again.
  virtual bool reuse(std::uint32_t slot, std::uint64_t stamp) {
    (void)slot, (void)stamp;
    return false;
  }
  // Declares the next value one piece for diffs (or copied as one, by reuse). It is written as
  // usual, and means the same, but a writer that builds flat forms for diffs may keep it as one
  // value with its text: a diff compares it by its text and, where it changed, replaces it whole
  // instead of walking into it. For a large value that is made anew all at once when it changes
  // (Riff Raff's motion frames, the model a match is played with): walking it to find what
  // changed costs more than it saves, when almost everything in it did.
  virtual void whole() {}
  // An array of integers, at once: a writer may write it faster than element by element (a value
  // written whole, say, whose elements need no node of their own).
  virtual void integers(std::span<const int> list) {
    begin_array();
    for (int n : list) signed_integer(n);
    end_array();
  }
  // A whole tree, member by member.
  virtual void value(const Json& v) {
    switch (v.type()) {
      case Json::value_t::object:
        begin_object();
        for (auto it = v.begin(); it != v.end(); ++it) {
          key(it.key());
          value(*it);
        }
        return end_object();
      case Json::value_t::array:
        begin_array();
        for (const auto& e : v) value(e);
        return end_array();
      case Json::value_t::boolean:
        return boolean(v.get<bool>());
      case Json::value_t::number_integer:
        return signed_integer(v.get<std::int64_t>());
      case Json::value_t::number_unsigned:
        return unsigned_integer(v.get<std::uint64_t>());
      case Json::value_t::number_float:
        return floating(v.get<double>());
      case Json::value_t::string:
        return string(v.get_ref<const std::string&>());
      default:  // null, and binary which views never hold
        return null();
    }
  }

  // Shorthands for the games' own code.
  void value(std::nullptr_t) { null(); }
  void value(bool b) { boolean(b); }
  void value(std::string_view s) { string(s); }
  void value(const char* s) { string(s); }
  void value(const std::string& s) { string(s); }
  void value(double d) { floating(d); }
  // The installed clang-format (14) would run the requires clause into the function's name.
  // clang-format off
  template <class Integer>
    requires std::integral<Integer> && (!std::same_as<Integer, bool>)
  void value(Integer n) {
    // clang-format on
    if constexpr (std::signed_integral<Integer>)
      signed_integer(n);
    else
      unsigned_integer(n);
  }
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }
};

// Builds the tree the calls describe: what a game's seat_view returns when it writes its board.
class JsonWriter : public ViewWriter {
 public:
  void begin_object() override { open(Json::object()); }
  void end_object() override { open_.pop_back(); }
  void begin_array() override { open(Json::array()); }
  void end_array() override { open_.pop_back(); }
  // Not inlined: g++ 12, guessing that a game's writing goes to this writer, inlines this into
  // it and then warns of an overlapping copy in a short key's assignment that cannot happen
  // (-Wrestrict). Rooms write through other writers: the guess only ever costs a check.
  [[gnu::noinline]] void key(std::string_view key) override { key_.assign(key); }

  void null() override { slot() = nullptr; }
  void boolean(bool b) override { slot() = b; }
  void signed_integer(std::int64_t n) override { slot() = n; }
  void unsigned_integer(std::uint64_t n) override { slot() = n; }
  void floating(double d) override { slot() = d; }
  void string(std::string_view s) override { slot() = s; }
  void value(const Json& v) override { slot() = v; }
  using ViewWriter::value;

  Json take() { return std::move(root_); }

 private:
  // Where the next value goes: the root, the next element of the open array, or the member of
  // the open object named by the last key. Only the innermost container grows, so pointers to
  // the ones around it stay valid.
  Json& slot() {
    if (open_.empty()) return root_;
    Json& top = *open_.back();
    if (top.is_array()) {
      top.push_back(nullptr);
      return top.back();
    }
    return top[key_];
  }
  void open(Json container) {
    Json& at = slot();
    at = std::move(container);
    open_.push_back(&at);
  }

  Json root_;
  std::vector<Json*> open_;
  std::string key_;
};

}  // namespace tortuga
