// The server's words for people who read them outside a client (an email, a webhook, the page a
// link opens): the web client's message catalogs (web/locales/<language>.json), read once, so that
// a translator's work on the page's words is the work on the mails' too (docs/translating.md).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tortuga::notify {

class Catalog {
 public:
  // Reads every <language>.json of `locales` (a missing folder: no catalog, and every text is its
  // key). Throws std::runtime_error for a catalog that is not JSON.
  explicit Catalog(const std::filesystem::path& locales);
  // A catalog of the given languages' texts, for tests.
  explicit Catalog(std::map<std::string, nlohmann::json> languages);

  // The text of `key` in `language`, else its base language ("pt" for "pt-BR"), else English,
  // else the key itself; each {{name}} put in from `params`. A numeric `count` chooses the plural
  // form the language's rules give (key_one, key_other...), else key_other, else key.
  std::string text(std::string_view language, std::string_view key,
                   const nlohmann::json& params = nlohmann::json::object()) const;
  // Whether a catalog of that language exists (a player's choice is kept only if so).
  bool has(std::string_view language) const;

 private:
  const nlohmann::json* find(std::string_view language, std::string_view key, double* count,
                             const nlohmann::json& params) const;
  std::map<std::string, nlohmann::json, std::less<>> languages_;
};

}  // namespace tortuga::notify
