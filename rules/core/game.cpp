#include "rules/core/game.hpp"

#include <algorithm>

#include "rules/core/option_keys.hpp"

namespace tortuga {
namespace {

Error bad_options(std::string message) {
  return {code::kBadOptions, std::move(message)};
}

Refusal check_value(const std::string& name, const Json& spec, const Json& value) {
  const std::string type = spec.value("type", "");
  if (value.is_null() && spec.contains("default") && spec["default"].is_null()) return std::nullopt;
  if (type == "integer") {
    if (!value.is_number_integer()) return bad_options("option " + name + " must be an integer");
    auto n = value.get<long long>();
    if (spec.contains("min") && n < spec["min"].get<long long>())
      return bad_options("option " + name + " must be at least " + spec["min"].dump());
    if (spec.contains("max") && n > spec["max"].get<long long>())
      return bad_options("option " + name + " must be at most " + spec["max"].dump());
  } else if (type == "boolean") {
    if (!value.is_boolean()) return bad_options("option " + name + " must be true or false");
  } else if (type == "enum") {
    const Json& values = spec["values"];
    if (std::find(values.begin(), values.end(), value) == values.end())
      return bad_options("option " + name + " must be one of " + values.dump());
  } else if (type == "object") {
    if (!value.is_object()) return bad_options("option " + name + " must be an object");
  } else if (type == "array") {
    if (!value.is_array()) return bad_options("option " + name + " must be an array");
  }
  return std::nullopt;
}

}  // namespace

Json Game::full_schema() const {
  Json schema = option_schema();
  const auto& i = info();
  schema["players"] = {
      {"type", "integer"},    {"min", i.min_players},
      {"max", i.max_players}, {"default", i.default_players ? i.default_players : i.min_players},
      {"title", "Players"},   {"description", "How many seats the table has."}};
  // The same words in every game.
  schema["players"]["title_key"] = "options.players.title";
  schema["players"]["description_key"] = "options.players.help";
  return schema;
}

Json Game::describe() const {
  const auto& i = info();
  return {{"id", i.id},
          {"name", i.name},
          {"name_key", "games." + i.id + ".name"},
          {"min_players", i.min_players},
          {"max_players", i.max_players},
          {"options", option_keys::keyed(i.id, full_schema())},
          {"bots", bot_kinds()}};
}

Expected<Json> Game::normalize_options(const Json& given) const {
  auto options = normalized(given);
  if (!options) return options;
  if (auto refused = check_new_options(*options)) return *refused;
  return options;
}

Expected<Json> Game::normalized(const Json& given) const {
  if (!given.is_null() && !given.is_object()) return bad_options("options must be a JSON object");
  const Json schema = full_schema();
  Json options = Json::object();
  if (given.is_object()) {
    for (auto it = given.begin(); it != given.end(); ++it) {
      if (!schema.contains(it.key())) return bad_options("unknown option " + quote(it.key()));
      if (auto refused = check_value(it.key(), schema[it.key()], it.value())) return *refused;
      options[it.key()] = it.value();
    }
  }
  for (auto it = schema.begin(); it != schema.end(); ++it)
    if (!options.contains(it.key())) options[it.key()] = it.value().value("default", Json(nullptr));
  if (auto refused = check_options(options)) return *refused;
  return options;
}

Expected<Json> Game::normalize_stored_options(const Json& stored) const {
  Json given = stored.is_null() ? Json::object() : stored;
  if (!given.is_object()) return normalized(given);
  const Json earlier = earlier_defaults();
  for (const auto& [name, value] : earlier.items())
    if (!given.contains(name)) given[name] = value;
  return normalized(given);
}

std::unique_ptr<Bot> Game::make_bot(std::string_view kind) const {
  return std::make_unique<RandomBot>();
}

std::vector<std::string> Game::bot_kinds() const {
  std::vector<std::string> kinds{"random", "smart"};
  if (determinizer()) kinds.push_back("strong");
  return kinds;
}

std::unique_ptr<Bot> Game::make_strong_bot(SearchBudget budget) const {
  auto sampler = determinizer();
  if (!sampler) return std::make_unique<RandomBot>();
  return std::make_unique<SightedBotAdapter>(
      *this, std::make_shared<IsmctsBot>(std::move(sampler), budget));
}

Json Game::action_seen_by(const State& state, std::size_t step, int seat) const {
  return state.history()[step].action;
}

std::unique_ptr<Observer> Game::make_observer() const {
  return std::make_unique<Observer>();
}

}  // namespace tortuga
