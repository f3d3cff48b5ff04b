#include "rules/core/chance.hpp"

#include <cassert>
#include <limits>

#include "rules/core/named_chance.hpp"

namespace tortuga {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

}  // namespace

Chance::Chance(std::uint64_t seed, std::vector<std::uint32_t> script,
               std::shared_ptr<const NamedEvents> named)
    : seed_(seed), script_(std::move(script)), named_(std::move(named)) {
  std::uint64_t x = seed;
  for (auto& word : s_) word = splitmix64(x);
  if (named_) taken_.assign(named_->names().size(), 0);
}

const nlohmann::json* Chance::take(std::string_view event) {
  if (!named_) return nullptr;
  const auto index = named_->index_of(event);
  if (!index) return nullptr;
  const auto& values = named_->values(*index);
  if (taken_[*index] == values.size()) return nullptr;
  return &values[taken_[*index]++];
}

void Chance::refuse(Error error) {
  if (!refusal_) refusal_ = std::move(error);
}

std::vector<std::string> Chance::unused() const {
  std::vector<std::string> left;
  if (!named_) return left;
  for (std::size_t i = 0; i < taken_.size(); ++i) {
    const std::size_t n = named_->values(i).size() - taken_[i];
    if (n) left.push_back("\"" + named_->names()[i] + "\" (" + std::to_string(n) + " left)");
  }
  return left;
}

std::uint64_t Chance::next64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint32_t Chance::below(std::uint32_t n) {
  assert(n >= 1);
  if (next_scripted_ < script_.size()) return script_[next_scripted_++] % n;
  // Rejection sampling keeps every outcome equally likely without relying on the library.
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = max - max % n;
  std::uint64_t x;
  do x = next64();
  while (x >= limit);
  return static_cast<std::uint32_t>(x % n);
}

}  // namespace tortuga
