// An account's name as the server compares names: two names that people would take for one
// ("Anne", "ANNE", and "Аnne" with a Cyrillic А) have the same key, and the store keeps the key
// unique (persistence/accounts.hpp), so that nobody can register a look-alike of another's name.
//
// The key is made of Unicode's confusable skeleton (UTS #39, by ICU's spoof checker), which maps
// each character to the prototype of its confusables ("А" to "A", "I" to "l", "m" to "rn" ...),
// and case folding, which makes "A" and "a" one: the skeleton of the name, folded, its skeleton
// again, folded again. Folding alone first would lose the capitals' look-alikes ("i" is nobody's),
// a skeleton alone first the small letters' ("M" is not "rn"). Not for showing: the name is shown
// as registered. Thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace tortuga {

// The key of `name` (valid UTF-8, as protocol's names are); empty if ICU cannot make one.
std::string account_name_key(std::string_view name);

}  // namespace tortuga
