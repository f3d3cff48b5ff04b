#include "server/access/account_name.hpp"

#include <unicode/uspoof.h>
#include <unicode/ustring.h>

#include <memory>
#include <vector>

namespace tortuga {
namespace {

using U16 = std::vector<UChar>;

// One spoof checker for the process: its const operations (the skeleton) are thread-safe.
const USpoofChecker* checker() {
  static const std::unique_ptr<USpoofChecker, decltype(&uspoof_close)> one = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* sc = uspoof_open(&status);
    return std::unique_ptr<USpoofChecker, decltype(&uspoof_close)>(U_SUCCESS(status) ? sc : nullptr,
                                                                   &uspoof_close);
  }();
  return one.get();
}

// Calls an ICU function that writes into a buffer twice if the first guess was too small.
template <class Call>
bool into(U16& out, Call call) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = call(out.data(), static_cast<int32_t>(out.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || n > static_cast<int32_t>(out.size())) {
      out.resize(static_cast<std::size_t>(n) + 1);
      continue;
    }
    if (U_FAILURE(status)) return false;
    out.resize(static_cast<std::size_t>(n));
    return true;
  }
  return false;
}

bool folded(const U16& in, U16& out) {
  out.assign(in.size() * 3 + 8, 0);
  return into(out, [&](UChar* dest, int32_t cap, UErrorCode* status) {
    return u_strFoldCase(dest, cap, in.data(), static_cast<int32_t>(in.size()), U_FOLD_CASE_DEFAULT,
                         status);
  });
}

// The confusable skeleton of `in` (UTS #39).
bool skeleton(const USpoofChecker* sc, const U16& in, U16& out) {
  out.assign(in.size() * 4 + 8, 0);
  return into(out, [&](UChar* dest, int32_t cap, UErrorCode* status) {
    return uspoof_getSkeleton(sc, 0, in.data(), static_cast<int32_t>(in.size()), dest, cap, status);
  });
}

}  // namespace

std::string account_name_key(std::string_view name) {
  const USpoofChecker* sc = checker();
  if (!sc) return {};
  U16 text(name.size() + 1, 0);
  if (!into(text, [&](UChar* dest, int32_t cap, UErrorCode* status) {
        int32_t n = 0;
        u_strFromUTF8(dest, cap, &n, name.data(), static_cast<int32_t>(name.size()), status);
        return n;
      }))
    return {};
  // A skeleton of the name as written, for the capitals' look-alikes ("I" is "l"), which folding
  // first would lose ("i" is nobody's); then folded and a skeleton again, for the small letters'
  // ("m" is "rn", which "M" is not); then folded, for the prototypes' cases.
  U16 first, folded_once, second, key;
  if (!skeleton(sc, text, first) || !folded(first, folded_once) ||
      !skeleton(sc, folded_once, second) || !folded(second, key))
    return {};
  std::string out(key.size() * 3 + 1, '\0');
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = 0;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &n, key.data(),
              static_cast<int32_t>(key.size()), &status);
  if (U_FAILURE(status)) return {};
  out.resize(static_cast<std::size_t>(n));
  return out;
}

}  // namespace tortuga
