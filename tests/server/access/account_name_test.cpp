// Accounts' names as the server compares them: case and Unicode look-alikes make one key, by
// ICU's confusable skeleton, and names that people tell apart keep keys of their own.
#include <doctest/doctest.h>

#include <string>

#include "server/access/account_name.hpp"

namespace tortuga::testing {

TEST_CASE("names that differ in case or by look-alike characters have one key") {
  const std::string anne = account_name_key("Anne");
  REQUIRE_FALSE(anne.empty());
  CHECK(account_name_key("anne") == anne);
  CHECK(account_name_key("ANNE") == anne);
  CHECK(account_name_key("\xD0\x90nne") == anne);                        // a Cyrillic capital A
  CHECK(account_name_key("\xD0\xB0nne") == anne);                        // a Cyrillic small a
  CHECK(account_name_key("\xEF\xBC\xA1nne") == anne);                    // a fullwidth A
  CHECK(account_name_key("Bonny") == account_name_key("B\xCE\xBFnny"));  // a Greek omicron
  CHECK(account_name_key("Calico Jack") == account_name_key("CaIico Jack"));  // I for l
  CHECK(account_name_key("Mary") == account_name_key("rnary"));               // rn for m
}

TEST_CASE("names people tell apart keep keys of their own") {
  CHECK(account_name_key("Anne") != account_name_key("Anna"));
  CHECK(account_name_key("Anne") != account_name_key("Annie"));
  CHECK(account_name_key("Mary Read") != account_name_key("Mary Reed"));
  CHECK(account_name_key("Ærøskøbing") != account_name_key("Aeroskobing"));
}

}  // namespace tortuga::testing
