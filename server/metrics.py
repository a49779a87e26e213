"""Request counters and a latency histogram, shared by all worker processes, in Prometheus' text format."""

from __future__ import annotations

import math
import multiprocessing
from typing import Any

COUNTERS = {
    "requests": "HTTP requests answered",
    "queries": "SPARQL queries evaluated (any outcome)",
    "query_errors": "SPARQL requests refused with a 4xx status",
    "query_timeouts": "SPARQL queries stopped by the timeout",
    "updates": "SPARQL updates applied",
    "server_errors": "Requests that ended with a 5xx status",
}
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, math.inf)


class Metrics:
    """Counters in shared memory: created before the server forks its workers, so that all of them add up."""

    def __init__(self) -> None:
        self._names = list(COUNTERS)
        # counters, then one cell per latency bucket, then the latency sum
        self._cells: Any = multiprocessing.Array("d", len(self._names) + len(LATENCY_BUCKETS) + 1)

    def count(self, name: str, amount: int = 1) -> None:
        with self._cells.get_lock():
            self._cells[self._names.index(name)] += amount

    def observe_query_seconds(self, seconds: float) -> None:
        base = len(self._names)
        with self._cells.get_lock():
            for i, bound in enumerate(LATENCY_BUCKETS):
                if seconds <= bound:
                    self._cells[base + i] += 1
            self._cells[base + len(LATENCY_BUCKETS)] += seconds

    def value(self, name: str) -> float:
        return float(self._cells[self._names.index(name)])

    def render(self) -> str:
        """The Prometheus text exposition of every counter and the query latency histogram."""
        cells = list(self._cells)
        lines = []
        for i, (name, help_text) in enumerate(COUNTERS.items()):
            lines += [f"# HELP bbkg_{name}_total {help_text}", f"# TYPE bbkg_{name}_total counter",
                      f"bbkg_{name}_total {cells[i]:g}"]
        base = len(self._names)
        lines += ["# HELP bbkg_query_seconds Time to answer a SPARQL query",
                  "# TYPE bbkg_query_seconds histogram"]
        for i, bound in enumerate(LATENCY_BUCKETS):
            label = "+Inf" if math.isinf(bound) else f"{bound:g}"
            lines.append(f'bbkg_query_seconds_bucket{{le="{label}"}} {cells[base + i]:g}')
        lines += [f"bbkg_query_seconds_sum {cells[base + len(LATENCY_BUCKETS)]:.6f}",
                  f"bbkg_query_seconds_count {cells[base + len(LATENCY_BUCKETS) - 1]:g}"]
        return "\n".join(lines) + "\n"
