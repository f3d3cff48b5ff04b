// The process's own metrics under the names every Prometheus client library uses (process_...),
// so that dashboards made for other servers read them: memory, CPU time, descriptors, start time.
// Read from /proc and getrusage when the text is written: nothing is counted meanwhile.
#pragma once

#include "server/ops/metrics.hpp"

namespace tortuga {

void register_process_metrics(metrics::Registry& registry);

}  // namespace tortuga
