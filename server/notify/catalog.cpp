#include "server/notify/catalog.hpp"

#include <unicode/locid.h>
#include <unicode/plurrule.h>

#include <fstream>
#include <memory>
#include <stdexcept>

namespace tortuga::notify {

namespace {

// The plural category ICU's rules give `count` in `language`: "one", "few", "other"...
std::string plural_category(std::string_view language, double count) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale(std::string(language).c_str());
  std::unique_ptr<icu::PluralRules> rules(icu::PluralRules::forLocale(locale, status));
  if (U_FAILURE(status) || !rules) return count == 1 ? "one" : "other";
  std::string out;
  rules->select(count).toUTF8String(out);
  return out;
}

const nlohmann::json* at_path(const nlohmann::json& catalog, std::string_view key) {
  const nlohmann::json* node = &catalog;
  while (!key.empty()) {
    const auto dot = key.find('.');
    const std::string part(key.substr(0, dot));
    if (!node->is_object() || !node->contains(part)) return nullptr;
    node = &(*node)[part];
    key = dot == std::string_view::npos ? std::string_view() : key.substr(dot + 1);
  }
  return node;
}

std::string with_params(std::string text, const nlohmann::json& params) {
  if (!params.is_object()) return text;
  for (const auto& [name, value] : params.items()) {
    const std::string mark = "{{" + name + "}}";
    const std::string said = value.is_string() ? value.get<std::string>() : value.dump();
    for (auto at = text.find(mark); at != std::string::npos; at = text.find(mark, at + said.size()))
      text.replace(at, mark.size(), said);
  }
  return text;
}

}  // namespace

Catalog::Catalog(const std::filesystem::path& locales) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(locales, ec)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    nlohmann::json catalog = nlohmann::json::parse(in, nullptr, false);
    if (catalog.is_discarded())
      throw std::runtime_error(entry.path().string() + " is not a JSON catalog");
    languages_.emplace(entry.path().stem().string(), std::move(catalog));
  }
}

Catalog::Catalog(std::map<std::string, nlohmann::json> languages)
    : languages_(languages.begin(), languages.end()) {}

bool Catalog::has(std::string_view language) const {
  return languages_.find(language) != languages_.end();
}

const nlohmann::json* Catalog::find(std::string_view language, std::string_view key, double* count,
                                    const nlohmann::json& params) const {
  const auto it = languages_.find(language);
  if (it == languages_.end()) return nullptr;
  if (count) {
    const std::string plural = std::string(key) + "_" + plural_category(language, *count);
    if (const auto* t = at_path(it->second, plural); t && t->is_string()) return t;
    if (const auto* t = at_path(it->second, std::string(key) + "_other"); t && t->is_string())
      return t;
  }
  (void)params;
  const auto* t = at_path(it->second, key);
  return t && t->is_string() ? t : nullptr;
}

std::string Catalog::text(std::string_view language, std::string_view key,
                          const nlohmann::json& params) const {
  double count_value = 0;
  double* count = nullptr;
  if (params.is_object() && params.contains("count") && params["count"].is_number()) {
    count_value = params["count"].get<double>();
    count = &count_value;
  }
  std::string_view tried[] = {language, language.substr(0, language.find('-')), "en"};
  for (std::string_view l : tried)
    if (const auto* t = find(l, key, count, params))
      return with_params(t->get<std::string>(), params);
  return std::string(key);
}

}  // namespace tortuga::notify
