#include "protocol/changes_text.hpp"

#include <stdexcept>
#include <utility>

#include "protocol/patch.hpp"

namespace tortuga::protocol {

ViewWriter& ChangesText::replace(Path path) {
  open("replace", path);
  return writer_.emplace(value_);
}

ViewWriter& ChangesText::add(Path path) {
  open("add", path);
  return writer_.emplace(value_);
}

void ChangesText::remove(Path path) {
  open("remove", path);
  text_ += '}';  // no value to wait for
}

void ChangesText::open(const char* name, Path path) {
  close();
  path_.clear();
  for (const PathStep& step : path) {
    if (step.index < 0) {
      append_segment(path_, step.key);
    } else {
      path_ += '/';
      path_ += std::to_string(step.index);
    }
  }
  text_ += text_.size() > 1 ? R"(,{"op":")" : R"({"op":")";
  text_ += name;
  text_ += R"(","path":)";
  append_quoted(text_, path_);
}

void ChangesText::close() {
  if (!writer_) return;
  writer_.reset();
  if (value_.text().empty()) throw std::logic_error("a change named without its value");
  text_ += R"(,"value":)";
  text_ += value_.text();
  text_ += '}';
}

std::string ChangesText::take() {
  close();
  text_ += ']';
  return std::exchange(text_, std::string(1, '['));
}

}  // namespace tortuga::protocol
