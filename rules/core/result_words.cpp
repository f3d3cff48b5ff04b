#include "rules/core/result_words.hpp"

#include <utility>

namespace tortuga::result_words {

Json player(int seat) {
  return {{"seat", seat}};
}

Json players(const std::vector<int>& seats) {
  Json list = Json::array();
  for (int seat : seats) list.push_back(player(seat));
  return list;
}

Json words(std::string key) {
  return {{"key", std::move(key)}};
}

std::string seat_text(int seat) {
  return "Seat " + std::to_string(seat + 1);
}

std::string seats_text(const std::vector<int>& seats) {
  std::vector<std::string> texts;
  for (int seat : seats) texts.push_back(seat_text(seat));
  return and_list(texts);
}

std::string and_list(const std::vector<std::string>& texts) {
  if (texts.size() == 2) return texts[0] + " and " + texts[1];
  std::string text;
  for (std::size_t i = 0; i < texts.size(); ++i)
    text += (i == 0 ? "" : i + 1 == texts.size() ? ", and " : ", ") + texts[i];
  return text;
}

Json said(Json result, std::string key, Json params, std::string message) {
  result["key"] = std::move(key);
  result["params"] = std::move(params);
  result["message"] = std::move(message);
  return result;
}

}  // namespace tortuga::result_words
