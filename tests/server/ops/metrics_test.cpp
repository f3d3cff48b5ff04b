// The registry writes the Prometheus text format (0.0.4) exactly: HELP and TYPE before each
// metric, label values escaped, histograms as cumulative _bucket series ending at le="+Inf" with
// _sum and _count; and it refuses names the format does not allow.
#include "server/ops/metrics.hpp"

#include <thread>
#include <vector>

#include <doctest/doctest.h>

namespace tortuga::metrics {
namespace {

TEST_CASE("counters and gauges are written with their HELP, TYPE and labels") {
  Registry r;
  Counter& started = r.counter("tortuga_things_started_total", "Things started.");
  Family<Gauge>& open = r.gauges("tortuga_things_open", "Things open now.", {"kind", "status"});
  Gauge& big_open = open.add({"big", "open"});
  open.add({"small", "closed"});
  started.add();
  started.add(2);
  big_open.add(5);
  big_open.sub(2);
  CHECK(r.text() ==
        "# HELP tortuga_things_started_total Things started.\n"
        "# TYPE tortuga_things_started_total counter\n"
        "tortuga_things_started_total 3\n"
        "# HELP tortuga_things_open Things open now.\n"
        "# TYPE tortuga_things_open gauge\n"
        "tortuga_things_open{kind=\"big\",status=\"open\"} 3\n"
        "tortuga_things_open{kind=\"small\",status=\"closed\"} 0\n");
  CHECK(open.find({"small", "closed"}) != nullptr);
  CHECK(open.find({"small", "open"}) == nullptr);
}

TEST_CASE("label values and help text are escaped as the format says") {
  Registry r;
  auto& family = r.counters("odd_total", "A \\ backslash,\na line feed and a \"quote\".", {"v"});
  family.add({"back\\slash \"quoted\"\nnext line"}).add(7);
  CHECK(r.text() ==
        "# HELP odd_total A \\\\ backslash,\\na line feed and a \"quote\".\n"
        "# TYPE odd_total counter\n"
        "odd_total{v=\"back\\\\slash \\\"quoted\\\"\\nnext line\"} 7\n");
  CHECK(escape_label_value("plain") == "plain");
}

TEST_CASE("a histogram writes cumulative buckets up to +Inf, its sum and its count") {
  Registry r;
  auto& family = r.histograms("wait_seconds", "How long it waited.", {"game"});
  Histogram& h = family.add({"raft"}, std::vector<double>{0.005, 0.25, 1});
  // Values a double holds exactly, so that the sum is written as it is added up.
  h.observe(0.001953125);
  h.observe(0.25);  // on a bound: counted in that bound's bucket
  h.observe(0.5);
  h.observe(3);
  CHECK(r.text() ==
        "# HELP wait_seconds How long it waited.\n"
        "# TYPE wait_seconds histogram\n"
        "wait_seconds_bucket{game=\"raft\",le=\"0.005\"} 1\n"
        "wait_seconds_bucket{game=\"raft\",le=\"0.25\"} 2\n"
        "wait_seconds_bucket{game=\"raft\",le=\"1\"} 3\n"
        "wait_seconds_bucket{game=\"raft\",le=\"+Inf\"} 4\n"
        "wait_seconds_sum{game=\"raft\"} 3.751953125\n"
        "wait_seconds_count{game=\"raft\"} 4\n");
}

TEST_CASE("an unlabelled histogram puts le alone in its braces") {
  Registry r;
  r.histogram("batch_size", "Writes per batch.", doubling_buckets(2)).observe(2);
  CHECK(r.text() ==
        "# HELP batch_size Writes per batch.\n"
        "# TYPE batch_size histogram\n"
        "batch_size_bucket{le=\"1\"} 0\n"
        "batch_size_bucket{le=\"2\"} 1\n"
        "batch_size_bucket{le=\"+Inf\"} 1\n"
        "batch_size_sum 2\n"
        "batch_size_count 1\n");
}

TEST_CASE("a sampled metric is read when the text is written") {
  Registry r;
  double resident = 1024;
  r.sampled("process_resident_memory_bytes", "Resident memory.", Registry::Kind::gauge,
            [&] { return resident; });
  r.sampled("process_cpu_seconds_total", "CPU time.", Registry::Kind::counter, [] { return 0.25; });
  resident = 2048;
  CHECK(r.text() ==
        "# HELP process_resident_memory_bytes Resident memory.\n"
        "# TYPE process_resident_memory_bytes gauge\n"
        "process_resident_memory_bytes 2048\n"
        "# HELP process_cpu_seconds_total CPU time.\n"
        "# TYPE process_cpu_seconds_total counter\n"
        "process_cpu_seconds_total 0.25\n");
}

TEST_CASE("names the format does not allow, and names used twice, are refused") {
  Registry r;
  CHECK_THROWS_AS(r.counter("no_suffix", "x"), std::invalid_argument);
  CHECK_THROWS_AS(r.gauge("9lives", "x"), std::invalid_argument);
  CHECK_THROWS_AS(r.gauge("has-dash", "x"), std::invalid_argument);
  CHECK_THROWS_AS(r.gauges("g", "x", {"le"}), std::invalid_argument);
  CHECK_THROWS_AS(r.gauges("g", "x", {"__reserved"}), std::invalid_argument);
  CHECK_THROWS_AS(r.gauges("g", "x", {"a:b"}), std::invalid_argument);
  r.gauge("once", "x");
  CHECK_THROWS_AS(r.gauge("once", "x"), std::invalid_argument);
  auto& family = r.counters("two_labels_total", "x", {"a", "b"});
  CHECK_THROWS_AS(family.add({"only one"}), std::invalid_argument);
  CHECK_THROWS_AS(Histogram({1, 1}), std::invalid_argument);
  CHECK_THROWS_AS(Histogram({2, 1}), std::invalid_argument);
}

TEST_CASE("updates from several threads are all counted") {
  Registry r;
  Counter& c = r.counter("hits_total", "x");
  Histogram& h = r.histogram("sizes", "x", {1, 10});
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) {
        c.add();
        h.observe(i % 2 ? 0.5 : 5);
      }
    });
  for (auto& t : threads) t.join();
  CHECK(c.value() == 40000);
  const auto snap = h.snapshot();
  CHECK(snap.cumulative == std::vector<std::uint64_t>{20000, 40000, 40000});
  CHECK(snap.sum == doctest::Approx(20000 * 0.5 + 20000 * 5));
}

}  // namespace
}  // namespace tortuga::metrics
