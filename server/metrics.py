"""Request counters and a latency histogram, shared by all worker processes, in Prometheus' text format.

The cells live in a small memory-mapped file when the server runs several worker processes (each maps the
same file), or in anonymous memory for a single in-process app. Each process adds only to its own region of
the file, so counting takes no file lock; /metrics sums the regions. A region claimed by a process that has
died is taken over, its counts kept: counters only grow.
"""

from __future__ import annotations

import bisect
import fcntl
import math
import mmap
import os
import struct
import threading
from pathlib import Path

# The file's path, as `bbkg serve` hands it to its worker processes and its front process.
METRICS_FILE_VARIABLE = "BBKG_SERVE_METRICS_FILE"
COUNTERS = {
    "requests": "HTTP requests answered",
    "queries": "SPARQL queries answered (any outcome), from the cache or evaluated",
    "cache_hits": "SPARQL queries answered from the response cache",
    "query_errors": "SPARQL requests refused with a 4xx status",
    "query_timeouts": "SPARQL queries stopped by the timeout",
    "query_memory_stops": "SPARQL queries and API lookups stopped at their memory cap",
    "api_errors": "API requests refused with a 4xx status for a bad parameter",
    "api_timeouts": "API lookups stopped by the timeout",
    "updates": "SPARQL updates applied",
    "server_errors": "Requests that ended with a 5xx status",
}
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, math.inf)
_INDEX = {name: i for i, name in enumerate(COUNTERS)}
# A region: the owner's pid, the counters, one cell per latency bucket (not cumulative), the latency sum.
_BUCKETS_AT = 1 + len(COUNTERS)
_SUM_AT = _BUCKETS_AT + len(LATENCY_BUCKETS)
_CELLS = _SUM_AT + 1
_REGION_BYTES = _CELLS * 8
# Far more than the workers of one server, respawned ones included (a dead worker's region is reused).
REGIONS = 256


class MetricsFull(RuntimeError):
    """Every region of the metrics file belongs to a live process."""


class Metrics:
    """Counters that every worker adds to; pass the same `path` to each worker process."""

    def __init__(self, path: Path | None = None) -> None:
        self._lock = threading.Lock()
        self._fd: int | None = None
        if path is None:
            self._map = mmap.mmap(-1, REGIONS * _REGION_BYTES)
        else:
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            if os.fstat(self._fd).st_size < REGIONS * _REGION_BYTES:
                os.ftruncate(self._fd, REGIONS * _REGION_BYTES)
            self._map = mmap.mmap(self._fd, REGIONS * _REGION_BYTES)
        self._base = 0
        self._claimed_in = -1  # the _forks generation the region was claimed in; none yet

    def _region(self) -> int:
        """This process's region's offset, claimed on first use in each process (a forked worker claims its own)."""
        if self._claimed_in != _forks.generation:
            self._base = self._claim(os.getpid())
            self._claimed_in = _forks.generation
        return self._base

    def _claim(self, pid: int) -> int:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_EX)  # claiming is rare; two processes must not take one region
        try:
            for region in range(REGIONS):
                base = region * _REGION_BYTES
                (owner,) = struct.unpack_from("q", self._map, base)
                if owner == 0 or owner == pid or not _alive(owner):
                    struct.pack_into("q", self._map, base, pid)
                    return base
            raise MetricsFull(f"all {REGIONS} metrics regions belong to live processes")
        finally:
            if self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)

    def _add(self, *changes: tuple[int, float]) -> None:
        """Add each (cell, amount) to this process's region, under one lock."""
        with self._lock:
            base = self._region()
            for cell, amount in changes:
                (value,) = struct.unpack_from("d", self._map, base + cell * 8)
                struct.pack_into("d", self._map, base + cell * 8, value + amount)

    def count(self, name: str, amount: int = 1) -> None:
        self._add((1 + _INDEX[name], amount))

    def observe_query_seconds(self, seconds: float) -> None:
        self._add((_BUCKETS_AT + bisect.bisect_left(LATENCY_BUCKETS, seconds), 1.0), (_SUM_AT, seconds))

    def _totals(self) -> list[float]:
        totals = [0.0] * _CELLS
        for region in range(REGIONS):
            base = region * _REGION_BYTES
            if struct.unpack_from("q", self._map, base)[0] == 0:
                continue
            for i, value in enumerate(struct.unpack_from(f"{_CELLS - 1}d", self._map, base + 8), start=1):
                totals[i] += value
        return totals

    def value(self, name: str) -> float:
        return self._totals()[1 + _INDEX[name]]

    def render(self) -> str:
        """The Prometheus text exposition of every counter and the query latency histogram."""
        totals = self._totals()
        lines = []
        for name, help_text in COUNTERS.items():
            lines += [f"# HELP bbkg_{name}_total {help_text}", f"# TYPE bbkg_{name}_total counter",
                      f"bbkg_{name}_total {totals[1 + _INDEX[name]]:g}"]
        lines += ["# HELP bbkg_query_seconds Time to answer a SPARQL query that was evaluated",
                  "# TYPE bbkg_query_seconds histogram"]
        cumulative = 0.0
        for i, bound in enumerate(LATENCY_BUCKETS):
            cumulative += totals[_BUCKETS_AT + i]
            label = "+Inf" if math.isinf(bound) else f"{bound:g}"
            lines.append(f'bbkg_query_seconds_bucket{{le="{label}"}} {cumulative:g}')
        lines += [f"bbkg_query_seconds_sum {totals[_SUM_AT]:.6f}", f"bbkg_query_seconds_count {cumulative:g}"]
        return "\n".join(lines) + "\n"


class _Forks:
    """Counts the forks this process came through, so that a Metrics knows, without a system call, that it
    now runs in a new process."""

    def __init__(self) -> None:
        self.generation = 0
        os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        self.generation += 1


_forks = _Forks()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: alive
    return True
