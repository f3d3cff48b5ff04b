// A small metrics registry written out in the Prometheus text exposition format (version 0.0.4),
// without a client library: counters, gauges and histograms with fixed buckets, in families of
// fixed label values.
//
// Updating a metric is one or two relaxed atomic operations, safe from any thread and never
// blocking: the server counts on its hot paths (every message, every action). Every series is
// made when its family is registered, never on first use, so an update takes no lock and the
// label values stay a bounded set chosen in one place. Registering is done once, before the
// metrics are shared; writing the text may run at any time beside updates.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tortuga::metrics {

class Counter {
 public:
  void add(std::uint64_t n = 1) noexcept { value_.fetch_add(n, std::memory_order_relaxed); }
  std::uint64_t value() const noexcept { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

class Gauge {
 public:
  void add(std::int64_t n = 1) noexcept { value_.fetch_add(n, std::memory_order_relaxed); }
  void sub(std::int64_t n = 1) noexcept { value_.fetch_sub(n, std::memory_order_relaxed); }
  void set(std::int64_t n) noexcept { value_.store(n, std::memory_order_relaxed); }
  std::int64_t value() const noexcept { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::int64_t> value_{0};
};

// Observations counted into fixed buckets: `bounds` are the buckets' upper bounds, ascending;
// one more bucket (+Inf) takes the rest.
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void observe(double value) noexcept;

  struct Snapshot {
    std::vector<std::uint64_t> cumulative;  // per bound, then +Inf (which is also the count)
    double sum = 0;
  };
  // Each bucket is read once; an observation made meanwhile may be in some buckets and not yet in
  // others or in the sum, as with any client library that does not lock.
  Snapshot snapshot() const;
  const std::vector<double>& bounds() const { return bounds_; }

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;  // not cumulative; bounds_.size() + 1
  std::atomic<double> sum_{0};
};

// Bucket bounds for durations, in seconds: from 50 microseconds to 10 seconds.
std::vector<double> duration_buckets();
// Bucket bounds 1, 2, 4 ... up to `largest`.
std::vector<double> doubling_buckets(double largest);

// The metrics of one name: a series per combination of label values, all made by `add`.
template <class Metric>
class Family {
 public:
  explicit Family(std::vector<std::string> label_names) : label_names_(std::move(label_names)) {}

  struct Series {
    std::vector<std::string> label_values;
    std::unique_ptr<Metric> metric;
  };

  // Makes a series for `label_values`, one per label name; returns it. Throws
  // std::invalid_argument for another number of values.
  template <class... Args>
  Metric& add(std::vector<std::string> label_values, Args&&... args) {
    if (label_values.size() != label_names_.size())
      throw std::invalid_argument("a series needs one value per label name");
    series_.push_back({std::move(label_values), std::make_unique<Metric>(args...)});
    return *series_.back().metric;
  }
  // The series with these label values, or null. A linear search: keep the result where the
  // values are known beforehand.
  Metric* find(std::initializer_list<std::string_view> label_values) const;
  const std::vector<std::string>& label_names() const { return label_names_; }
  const std::vector<Series>& series() const { return series_; }

 private:
  std::vector<std::string> label_names_;
  std::vector<Series> series_;
};

class Registry {
 public:
  Registry();
  ~Registry();
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // `name` must be a valid metric name, unused so far, and each label name a valid label name;
  // a counter's name ends in _total. Throws std::invalid_argument otherwise. A family's series
  // are added to the family returned.
  Family<Counter>& counters(std::string name, std::string help,
                            std::vector<std::string> label_names);
  Family<Gauge>& gauges(std::string name, std::string help, std::vector<std::string> label_names);
  Family<Histogram>& histograms(std::string name, std::string help,
                                std::vector<std::string> label_names);
  // The same with no labels: the family's only series.
  Counter& counter(std::string name, std::string help);
  Gauge& gauge(std::string name, std::string help);
  Histogram& histogram(std::string name, std::string help, std::vector<double> bounds);
  // A value read when the text is written (the process's memory, a count kept elsewhere).
  enum class Kind { counter, gauge };
  void sampled(std::string name, std::string help, Kind kind, std::function<double()> read);

  // Every metric in registration order, each with its HELP and TYPE lines.
  std::string text() const;

 private:
  struct Entry;
  Entry& add(std::string name, std::string help, const std::vector<std::string>& label_names);
  std::vector<std::unique_ptr<Entry>> entries_;
};

// The text's Content-Type, as Prometheus asks for it.
inline constexpr const char* kContentType = "text/plain; version=0.0.4; charset=utf-8";

// A label value as the text format writes it between quotes: backslash, double quote and line
// feed escaped.
std::string escape_label_value(std::string_view value);

template <class Metric>
Metric* Family<Metric>::find(std::initializer_list<std::string_view> label_values) const {
  for (const Series& s : series_)
    if (std::equal(s.label_values.begin(), s.label_values.end(), label_values.begin(),
                   label_values.end()))
      return s.metric.get();
  return nullptr;
}

}  // namespace tortuga::metrics
