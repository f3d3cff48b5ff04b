#include "server/ops/metrics.hpp"

#include <charconv>
#include <cmath>
#include <set>
#include <variant>

namespace tortuga::metrics {
namespace {

bool valid_name(std::string_view name, bool colon_allowed) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  for (char c : name) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!letter && !(c >= '0' && c <= '9') && c != '_' && !(colon_allowed && c == ':'))
      return false;
  }
  return true;
}

// The shortest text that reads back as the same double; Prometheus' spellings of the rest.
void append_number(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
  } else if (std::isinf(value)) {
    out += value > 0 ? "+Inf" : "-Inf";
  } else {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, end);
  }
}

void append_number(std::string& out, std::uint64_t value) {
  out += std::to_string(value);
}

void append_number(std::string& out, std::int64_t value) {
  out += std::to_string(value);
}

// Backslash and line feed escaped, and the double quote too where `quote_too` (label values);
// in HELP text a double quote stays as it is.
std::string escape(std::string_view text, bool quote_too) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '"' && quote_too)
      out += "\\\"";
    else
      out += c;
  }
  return out;
}

// `{a="x",b="y"}`, with `extra` (a histogram's le) last; nothing for no labels.
void append_labels(std::string& out, const std::vector<std::string>& names,
                   const std::vector<std::string>& values, std::string_view extra_name = {},
                   std::string_view extra_value = {}) {
  if (names.empty() && extra_name.empty()) return;
  out += '{';
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    out += names[i];
    out += "=\"";
    out += escape_label_value(values[i]);
    out += '"';
  }
  if (!extra_name.empty()) {
    if (!names.empty()) out += ',';
    out += extra_name;
    out += "=\"";
    out += extra_value;
    out += '"';
  }
  out += '}';
}

template <class Metric>
void append_values(std::string& out, const std::string& name, const Family<Metric>& family) {
  for (const auto& s : family.series()) {
    out += name;
    append_labels(out, family.label_names(), s.label_values);
    out += ' ';
    append_number(out, s.metric->value());
    out += '\n';
  }
}

void append_values(std::string& out, const std::string& name, const Family<Histogram>& family) {
  for (const auto& s : family.series()) {
    const Histogram::Snapshot snap = s.metric->snapshot();
    const auto& bounds = s.metric->bounds();
    for (std::size_t i = 0; i < snap.cumulative.size(); ++i) {
      std::string le;
      append_number(le, i < bounds.size() ? bounds[i] : INFINITY);
      out += name;
      out += "_bucket";
      append_labels(out, family.label_names(), s.label_values, "le", le);
      out += ' ';
      append_number(out, snap.cumulative[i]);
      out += '\n';
    }
    out += name;
    out += "_sum";
    append_labels(out, family.label_names(), s.label_values);
    out += ' ';
    append_number(out, snap.sum);
    out += '\n';
    out += name;
    out += "_count";
    append_labels(out, family.label_names(), s.label_values);
    out += ' ';
    append_number(out, snap.cumulative.back());
    out += '\n';
  }
}

}  // namespace

// ---- histogram ------------------------------------------------------------------------------

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)),
      buckets_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1)) {
  if (!std::is_sorted(bounds_.begin(), bounds_.end()) ||
      std::adjacent_find(bounds_.begin(), bounds_.end()) != bounds_.end())
    throw std::invalid_argument("a histogram's bounds must rise");
  for (double b : bounds_)
    if (!std::isfinite(b)) throw std::invalid_argument("a histogram's bounds are finite");
}

void Histogram::observe(double value) noexcept {
  // The first bound not below the value: Prometheus' buckets hold what is <= their bound.
  const auto bucket = std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin();
  buckets_[static_cast<std::size_t>(bucket)].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
}

Histogram::Snapshot Histogram::snapshot() const {
  Snapshot snap;
  std::uint64_t total = 0;
  for (std::size_t i = 0; i <= bounds_.size(); ++i) {
    total += buckets_[i].load(std::memory_order_relaxed);
    snap.cumulative.push_back(total);
  }
  snap.sum = sum_.load(std::memory_order_relaxed);
  return snap;
}

std::vector<double> duration_buckets() {
  return {0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
          0.05,    0.1,    0.25,    0.5,    1,     2.5,    5,     10};
}

std::vector<double> doubling_buckets(double largest) {
  std::vector<double> bounds;
  for (double b = 1; b <= largest; b *= 2) bounds.push_back(b);
  return bounds;
}

// ---- registry -------------------------------------------------------------------------------

struct Registry::Entry {
  struct Sampled {
    Kind kind;
    std::function<double()> read;
  };
  std::string name;
  std::string help;
  std::variant<std::monostate, Family<Counter>, Family<Gauge>, Family<Histogram>, Sampled> metric;
};

Registry::Registry() = default;
Registry::~Registry() = default;

Registry::Entry& Registry::add(std::string name, std::string help,
                               const std::vector<std::string>& label_names) {
  if (!valid_name(name, true)) throw std::invalid_argument("bad metric name " + name);
  for (const auto& e : entries_)
    if (e->name == name) throw std::invalid_argument("metric " + name + " is registered twice");
  for (const auto& label : label_names)
    if (!valid_name(label, false) || label.rfind("__", 0) == 0 || label == "le")
      throw std::invalid_argument("bad label name " + label + " of " + name);
  entries_.push_back(std::make_unique<Entry>(Entry{std::move(name), std::move(help), {}}));
  return *entries_.back();
}

Family<Counter>& Registry::counters(std::string name, std::string help,
                                    std::vector<std::string> label_names) {
  if (name.size() < 6 || name.compare(name.size() - 6, 6, "_total") != 0)
    throw std::invalid_argument("a counter's name ends in _total: " + name);
  Entry& e = add(std::move(name), std::move(help), label_names);
  return e.metric.emplace<Family<Counter>>(std::move(label_names));
}

Family<Gauge>& Registry::gauges(std::string name, std::string help,
                                std::vector<std::string> label_names) {
  Entry& e = add(std::move(name), std::move(help), label_names);
  return e.metric.emplace<Family<Gauge>>(std::move(label_names));
}

Family<Histogram>& Registry::histograms(std::string name, std::string help,
                                        std::vector<std::string> label_names) {
  Entry& e = add(std::move(name), std::move(help), label_names);
  return e.metric.emplace<Family<Histogram>>(std::move(label_names));
}

Counter& Registry::counter(std::string name, std::string help) {
  return counters(std::move(name), std::move(help), {}).add({});
}

Gauge& Registry::gauge(std::string name, std::string help) {
  return gauges(std::move(name), std::move(help), {}).add({});
}

Histogram& Registry::histogram(std::string name, std::string help, std::vector<double> bounds) {
  return histograms(std::move(name), std::move(help), {}).add({}, std::move(bounds));
}

void Registry::sampled(std::string name, std::string help, Kind kind,
                       std::function<double()> read) {
  Entry& e = add(std::move(name), std::move(help), {});
  e.metric.emplace<Entry::Sampled>(Entry::Sampled{kind, std::move(read)});
}

std::string Registry::text() const {
  std::string out;
  for (const auto& e : entries_) {
    const char* type = std::visit(
        [](const auto& m) -> const char* {
          using M = std::decay_t<decltype(m)>;
          if constexpr (std::is_same_v<M, Family<Counter>>) return "counter";
          if constexpr (std::is_same_v<M, Family<Histogram>>) return "histogram";
          if constexpr (std::is_same_v<M, Entry::Sampled>)
            return m.kind == Kind::counter ? "counter" : "gauge";
          return "gauge";
        },
        e->metric);
    out += "# HELP ";
    out += e->name;
    out += ' ';
    out += escape(e->help, false);
    out += "\n# TYPE ";
    out += e->name;
    out += ' ';
    out += type;
    out += '\n';
    std::visit(
        [&](const auto& m) {
          using M = std::decay_t<decltype(m)>;
          if constexpr (std::is_same_v<M, Entry::Sampled>) {
            out += e->name;
            out += ' ';
            append_number(out, m.read());
            out += '\n';
          } else if constexpr (!std::is_same_v<M, std::monostate>) {
            append_values(out, e->name, m);
          }
        },
        e->metric);
  }
  return out;
}

std::string escape_label_value(std::string_view value) {
  return escape(value, true);
}

}  // namespace tortuga::metrics
