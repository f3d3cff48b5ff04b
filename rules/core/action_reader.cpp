#include "rules/core/action_reader.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

namespace tortuga {
namespace {

using Json = nlohmann::json;

std::optional<long long> integer_of(const Json& value) {
  if (value.is_number_unsigned()) {
    const auto n = value.get<unsigned long long>();
    return n > static_cast<unsigned long long>(LLONG_MAX) ? LLONG_MAX : static_cast<long long>(n);
  }
  if (value.is_number_integer()) return value.get<long long>();
  return std::nullopt;
}

// The shortest text that reads back as `n`: "180", "0.5".
std::string number_text(double n) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, n).ptr;
  return std::string(text, end);
}

std::string from_to(const std::string& least, const std::string& most) {
  return " from " + least + " to " + most;
}

bool among(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

void ActionReader::fields(std::initializer_list<std::string_view> required,
                          std::initializer_list<std::string_view> optional) {
  if (refused_) return;
  for (auto it = action_.begin(); it != action_.end(); ++it)
    if (it.key() != "type" && !among(it.key(), required) && !among(it.key(), optional))
      return refuse(unexpected_field(it.key()));
  for (std::string_view field : required)
    if (!action_.contains(field)) return refuse(missing_field(field));
}

std::size_t ActionReader::type_among(std::span<const std::string_view> types) {
  const auto& type = action_["type"].get_ref<const std::string&>();
  const auto found = std::find(types.begin(), types.end(), type);
  if (found != types.end()) return static_cast<std::size_t>(found - types.begin());
  refuse(unknown_action_type(type, types));
  return 0;
}

const ActionReader::Json* ActionReader::find(std::string_view field) {
  if (refused_) return nullptr;
  const auto it = action_.find(field);
  if (it != action_.end()) return &*it;
  refuse(missing_field(field));
  return nullptr;
}

long long ActionReader::integer(std::string_view field) {
  return integer(field, LLONG_MIN, LLONG_MAX);
}

long long ActionReader::integer(std::string_view field, long long least, long long most) {
  const Json* given = find(field);
  if (given == nullptr) return least;
  const auto n = integer_of(*given);
  if (n && *n >= least && *n <= most) return *n;
  const bool any = least == LLONG_MIN && most == LLONG_MAX;
  refuse(field_must_be(
      field, "an integer" + (any ? "" : from_to(std::to_string(least), std::to_string(most)))));
  return least;
}

double ActionReader::number(std::string_view field) {
  const Json* given = find(field);
  if (given == nullptr) return 0;
  if (given->is_number()) return given->get<double>();
  refuse(field_must_be(field, "a number"));
  return 0;
}

double ActionReader::number(std::string_view field, double least, double most) {
  const Json* given = find(field);
  if (given == nullptr) return least;
  if (given->is_number() && given->get<double>() >= least && given->get<double>() <= most)
    return given->get<double>();
  refuse(field_must_be(field, "a number" + from_to(number_text(least), number_text(most))));
  return least;
}

bool ActionReader::boolean(std::string_view field) {
  const Json* given = find(field);
  if (given == nullptr) return false;
  if (given->is_boolean()) return given->get<bool>();
  refuse(field_must_be(field, "true or false"));
  return false;
}

std::vector<long long> ActionReader::integers(std::string_view field, std::size_t least,
                                              std::size_t most, long long lo, long long hi) {
  std::vector<long long> out;
  const Json* given = find(field);
  if (given == nullptr) return out;
  bool fits = given->is_array() && given->size() >= least && given->size() <= most;
  for (std::size_t i = 0; fits && i < given->size(); ++i) {
    const auto n = integer_of((*given)[i]);
    fits = n && *n >= lo && *n <= hi;
    if (fits) out.push_back(*n);
  }
  if (fits) return out;
  const bool any = lo == LLONG_MIN && hi == LLONG_MAX;
  refuse(must_hold(field, least, most,
                   "integers" + (any ? "" : from_to(std::to_string(lo), std::to_string(hi)))));
  return {};
}

const ActionReader::Json& ActionReader::array(std::string_view field, std::size_t least,
                                              std::size_t most, std::string_view items) {
  static const Json kNone = Json::array();
  const Json* given = find(field);
  if (given == nullptr) return kNone;
  if (given->is_array() && given->size() >= least && given->size() <= most) return *given;
  refuse(must_hold(field, least, most, items));
  return kNone;
}

Error ActionReader::must_hold(std::string_view field, std::size_t least, std::size_t most,
                              std::string_view items) {
  std::string count;
  if (least == most)
    count = std::to_string(least) + " ";
  else if (least > 0 && most == kAnyCount)
    count = "at least " + std::to_string(least) + " ";
  else if (least == 0 && most != kAnyCount)
    count = "up to " + std::to_string(most) + " ";
  else if (least > 0)
    count = std::to_string(least) + " to " + std::to_string(most) + " ";
  return field_must_be(field, "an array of " + count + std::string(items));
}

}  // namespace tortuga
