#include "rules/core/views/observer.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace tortuga {

void Observer::write_board(const State& state, int seat, ViewWriter& out) {
  out.value(state.seat_view(seat));
}

void Observer::write_legal(const State& state, int seat, ViewWriter& out) {
  out.value(state.legal_actions(seat));
}

void Observer::write_private_view(const State& state, int seat, ViewWriter& out) {
  Json whole = board(state, seat), own = Json::object();
  for (std::string_view name : private_members(state)) {
    auto it = whole.find(name);
    if (it != whole.end()) own[std::string(name)] = std::move(*it);
  }
  out.value(own);
}

bool Observer::write_board_changes(const State&, BoardChanges&) {
  return false;
}

namespace {

// The tree of what `write` writes.
template <class Write>
Json tree(const Write& write) {
  JsonWriter out;
  write(out);
  return out.take();
}

}  // namespace

Json Observer::board(const State& state, int seat) {
  return tree([&](ViewWriter& out) { write_board(state, seat, out); });
}

Json Observer::legal(const State& state, int seat) {
  return tree([&](ViewWriter& out) { write_legal(state, seat, out); });
}

Json Observer::private_view(const State& state, int seat) {
  return tree([&](ViewWriter& out) { write_private_view(state, seat, out); });
}

bool Observer::shares_board(const State& state) const {
  return one_board_for_all(state) || !private_members(state).empty();
}

namespace {

// The keys of State::common_fields, in ascending order, and their places in it.
constexpr std::string_view kCommonFields[] = {"deadline", "legal", "over",  "result",
                                              "seat",     "step",  "to_act"};
enum CommonField { kDeadline, kLegal, kOver, kResult, kSeat, kStep, kToAct, kCommonFieldCount };

// Passes a written view on, counting how deep it is; a top-level member is one written at depth 1.
class Relay : public ViewWriter {
 public:
  explicit Relay(ViewWriter& out) : out_(out) {}

  void begin_object() override { ++depth_, out_.begin_object(); }
  void end_object() override { --depth_, out_.end_object(); }
  void begin_array() override { ++depth_, out_.begin_array(); }
  void end_array() override { --depth_, out_.end_array(); }
  void key(std::string_view key) override { out_.key(key); }
  void null() override { out_.null(); }
  void boolean(bool b) override { out_.boolean(b); }
  void signed_integer(std::int64_t n) override { out_.signed_integer(n); }
  void unsigned_integer(std::uint64_t n) override { out_.unsigned_integer(n); }
  void floating(double d) override { out_.floating(d); }
  void string(std::string_view s) override { out_.string(s); }
  bool reuse(std::uint32_t slot, std::uint64_t stamp) override { return out_.reuse(slot, stamp); }
  void whole() override { out_.whole(); }
  void integers(std::span<const int> list) override { out_.integers(list); }
  using ViewWriter::value;

 protected:
  ViewWriter& out_;
  int depth_ = 0;
};

// A view without some of its top-level members (`names`, in ascending order): the shared part of
// a game's views, without its private members. A dropped member's value is swallowed whole.
class WithoutMembers final : public Relay {
 public:
  WithoutMembers(ViewWriter& out, std::span<const std::string_view> names)
      : Relay(out), names_(names) {}

  void begin_object() override { dropping_ ? void(++inside_) : Relay::begin_object(); }
  void end_object() override { dropping_ ? close() : Relay::end_object(); }
  void begin_array() override { dropping_ ? void(++inside_) : Relay::begin_array(); }
  void end_array() override { dropping_ ? close() : Relay::end_array(); }
  void key(std::string_view key) override {
    if (dropping_) return;
    if (depth_ == 1 && std::find(names_.begin(), names_.end(), key) != names_.end()) {
      dropping_ = true;
      return;
    }
    Relay::key(key);
  }
  void null() override { dropping_ ? scalar() : Relay::null(); }
  void boolean(bool b) override { dropping_ ? scalar() : Relay::boolean(b); }
  void signed_integer(std::int64_t n) override { dropping_ ? scalar() : Relay::signed_integer(n); }
  void unsigned_integer(std::uint64_t n) override {
    dropping_ ? scalar() : Relay::unsigned_integer(n);
  }
  void floating(double d) override { dropping_ ? scalar() : Relay::floating(d); }
  void string(std::string_view s) override { dropping_ ? scalar() : Relay::string(s); }
  bool reuse(std::uint32_t slot, std::uint64_t stamp) override {
    if (!dropping_) return Relay::reuse(slot, stamp);
    scalar();  // a dropped value is as good as copied: its writer writes nothing
    return true;
  }
  void whole() override {
    if (!dropping_) Relay::whole();
  }
  void integers(std::span<const int> list) override {
    dropping_ ? scalar() : Relay::integers(list);
  }
  using ViewWriter::value;

 private:
  // A value (or a container's end) within the dropped member: the member ends with its value.
  void scalar() {
    if (inside_ == 0) dropping_ = false;
  }
  void close() {
    --inside_;
    scalar();
  }

  std::span<const std::string_view> names_;
  bool dropping_ = false;
  int inside_ = 0;  // containers open within the dropped member
};

// An object of some members (an audience's private members) with others (the common fields)
// written among them in the order of their keys: before each top-level key, `before(key)` writes
// those that come before it, and before the object ends, `before("")` writes the rest.
template <class Before>
class WithMembersBefore final : public Relay {
 public:
  WithMembersBefore(ViewWriter& out, Before before) : Relay(out), before_(std::move(before)) {}

  void key(std::string_view key) override {
    if (depth_ == 1) before_(key);
    Relay::key(key);
  }
  void end_object() override {
    if (depth_ == 1) before_(std::string_view());
    Relay::end_object();
  }
  using ViewWriter::value;

 private:
  Before before_;
};

}  // namespace

void Observer::write_common_fields(const State& state, int seat, ViewWriter& out) {
  out.begin_object();
  for (int field = 0; field < kCommonFieldCount; ++field)
    write_common_field(state, seat, field, out);
  out.end_object();
}

void Observer::write_shared_part(const State& state, ViewWriter& out) {
  const auto members = private_members(state);
  if (members.empty()) return write_board(state, kSpectator, out);
  WithoutMembers shared(out, members);
  write_board(state, kSpectator, shared);
}

void Observer::write_own_part(const State& state, int seat, ViewWriter& out) {
  if (private_members(state).empty()) return write_common_fields(state, seat, out);
  int next = 0;  // the first common field not yet written
  WithMembersBefore own(out, [&](std::string_view key) {
    for (; next < kCommonFieldCount && (key.empty() || kCommonFields[next] < key); ++next)
      write_common_field(state, seat, next, out);
  });
  write_private_view(state, seat, own);
}

void Observer::write_common_field(const State& state, int seat, int field, ViewWriter& out) {
  out.key(kCommonFields[field]);
  const bool over = state.is_over();
  switch (field) {
    case kDeadline: {
      auto wait = over || deadlines_hidden_ ? std::nullopt : state.deadline();
      if (!wait) return out.null();
      out.begin_object();
      out.member("after_ms", wait->after_ms);
      out.key("seats");
      out.begin_array();
      for (int s : wait->seats) out.value(s);
      out.end_array();
      return out.end_object();
    }
    case kLegal:
      if (seat >= 0 && state.may_act(seat)) return write_legal(state, seat, out);
      out.begin_array();
      return out.end_array();
    case kOver:
      return out.value(over);
    case kResult:
      return over ? out.value(state.result()) : out.null();
    case kSeat:
      return seat >= 0 ? out.value(seat) : out.null();
    case kStep:
      return out.value(state.history().size());
    default:  // kToAct
      out.begin_array();
      if (!over)
        for (int s : state.actors()) out.value(s);
      out.end_array();
  }
}

}  // namespace tortuga
