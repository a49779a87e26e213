"""Request counters and a latency histogram, shared by all worker processes, in Prometheus' text format.

The cells live in a small memory-mapped file when the server runs several worker processes
(each maps the same file), or in anonymous memory for a single in-process app.
"""

from __future__ import annotations

import fcntl
import math
import mmap
import os
import struct
import threading
from contextlib import contextmanager
from pathlib import Path
from collections.abc import Iterator

COUNTERS = {
    "requests": "HTTP requests answered",
    "queries": "SPARQL queries answered (any outcome), from the cache or evaluated",
    "cache_hits": "SPARQL queries answered from the response cache",
    "query_errors": "SPARQL requests refused with a 4xx status",
    "query_timeouts": "SPARQL queries stopped by the timeout",
    "api_errors": "API requests refused with a 4xx status for a bad parameter",
    "api_timeouts": "API lookups stopped by the timeout",
    "updates": "SPARQL updates applied",
    "server_errors": "Requests that ended with a 5xx status",
}
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, math.inf)
_NAMES = list(COUNTERS)
_CELLS = len(_NAMES) + len(LATENCY_BUCKETS) + 1  # counters, one cell per bucket, the latency sum
_SIZE = _CELLS * 8


class Metrics:
    """Counters that every worker adds to; pass the same `path` to each worker process."""

    def __init__(self, path: Path | None = None) -> None:
        self._thread_lock = threading.Lock()
        self._fd: int | None = None
        if path is None:
            self._map = mmap.mmap(-1, _SIZE)
        else:
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            if os.fstat(self._fd).st_size < _SIZE:
                os.ftruncate(self._fd, _SIZE)
            self._map = mmap.mmap(self._fd, _SIZE)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with self._thread_lock:
            if self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                if self._fd is not None:
                    fcntl.flock(self._fd, fcntl.LOCK_UN)

    def _add(self, index: int, amount: float) -> None:
        (value,) = struct.unpack_from("d", self._map, index * 8)
        struct.pack_into("d", self._map, index * 8, value + amount)

    def count(self, name: str, amount: int = 1) -> None:
        with self._locked():
            self._add(_NAMES.index(name), amount)

    def observe_query_seconds(self, seconds: float) -> None:
        base = len(_NAMES)
        with self._locked():
            for i, bound in enumerate(LATENCY_BUCKETS):
                if seconds <= bound:
                    self._add(base + i, 1)
            self._add(base + len(LATENCY_BUCKETS), seconds)

    def value(self, name: str) -> float:
        return float(struct.unpack_from("d", self._map, _NAMES.index(name) * 8)[0])

    def render(self) -> str:
        """The Prometheus text exposition of every counter and the query latency histogram."""
        cells = struct.unpack_from(f"{_CELLS}d", self._map, 0)
        lines = []
        for i, (name, help_text) in enumerate(COUNTERS.items()):
            lines += [f"# HELP bbkg_{name}_total {help_text}", f"# TYPE bbkg_{name}_total counter",
                      f"bbkg_{name}_total {cells[i]:g}"]
        base = len(_NAMES)
        lines += ["# HELP bbkg_query_seconds Time to answer a SPARQL query that was evaluated",
                  "# TYPE bbkg_query_seconds histogram"]
        for i, bound in enumerate(LATENCY_BUCKETS):
            label = "+Inf" if math.isinf(bound) else f"{bound:g}"
            lines.append(f'bbkg_query_seconds_bucket{{le="{label}"}} {cells[base + i]:g}')
        lines += [f"bbkg_query_seconds_sum {cells[base + len(LATENCY_BUCKETS)]:.6f}",
                  f"bbkg_query_seconds_count {cells[base + len(LATENCY_BUCKETS) - 1]:g}"]
        return "\n".join(lines) + "\n"
