// The wire names of every client message the parser reads, from Command's alternatives: a message
// added to the parser is found by the tests that need every one, without anyone listing it.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "protocol/command.hpp"

namespace tortuga::protocol {

template <std::size_t... I>
std::vector<std::string> client_message_types(std::index_sequence<I...>) {
  return {std::string(type_name(Command(std::in_place_index<I>)))...};
}

inline std::vector<std::string> client_message_types() {
  return client_message_types(std::make_index_sequence<std::variant_size_v<Command>>());
}

}  // namespace tortuga::protocol
