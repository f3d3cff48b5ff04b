// How the store answers. Every call, a read or a write, blocking or not, is answered with an
// Outcome: what was asked for, or a Failure that says why not. A read that failed is a Failure,
// never an empty answer: an empty answer always means that nothing is stored.
//
// A caller that answers a failure further up (a reply made of several reads) takes the value with
// value(), which throws the failure as Unavailable (or Refused) for the handler that tells the
// client; a caller that answers it where it is tests the Outcome first.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace tortuga::store {

// Why the store did not do what it was asked.
struct Failure {
  enum class Kind {
    // The database refused this write for what it says: an action out of its log's order, a
    // match that has ended or belongs to another node now, a player or match that does not
    // exist. The same write would be refused again; the rest of its batch was stored.
    refused,
    // The store could not do it now: the database did not answer, or the transaction did not
    // commit (a full disk, a database server restarting). Trying again later may do.
    unavailable,
  };
  Kind kind = Kind::unavailable;
  std::string why;  // in words for a log, never for a client
};

// A failure thrown by Outcome::value(): the store could not do it now (Unavailable), or refused
// it (Refused). Whoever meets Unavailable tells its client to try again later
// (store_unavailable), never that what was asked for does not exist.
struct Unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void raise(const Failure& failure) {
  if (failure.kind == Failure::Kind::refused) throw Refused(failure.why);
  throw Unavailable(failure.why);
}

template <class T>
class [[nodiscard]] Outcome {
 public:
  Outcome(T value) : value_(std::move(value)) {}
  Outcome(Failure failure) : value_(std::move(failure)) {}

  bool ok() const { return value_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // The value of an Outcome that is ok.
  T& operator*() & { return std::get<0>(value_); }
  const T& operator*() const& { return std::get<0>(value_); }
  T* operator->() { return &std::get<0>(value_); }
  const T* operator->() const { return &std::get<0>(value_); }

  // The value, or the failure thrown. Of a temporary, the value itself rather than a reference
  // into it, so that `for (auto& m : store.unfinished_matches().value())` reads no dangling one.
  T& value() & {
    if (!ok()) raise(failure());
    return std::get<0>(value_);
  }
  T value() && {
    if (!ok()) raise(failure());
    return std::move(std::get<0>(value_));
  }

  // The failure of an Outcome that is not ok.
  const Failure& failure() const { return std::get<1>(value_); }

 private:
  std::variant<T, Failure> value_;
};

// A write's: done, or why not.
template <>
class [[nodiscard]] Outcome<void> {
 public:
  Outcome() = default;
  Outcome(Failure failure) : failure_(std::move(failure)) {}

  bool ok() const { return !failure_; }
  explicit operator bool() const { return ok(); }
  void value() const {
    if (failure_) raise(*failure_);
  }
  const Failure& failure() const { return *failure_; }

 private:
  std::optional<Failure> failure_;
};

}  // namespace tortuga::store
