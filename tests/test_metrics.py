"""The counters every worker process adds to: each in its own region, summed by /metrics, never lost."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from server.metrics import Metrics


def _count_in_a_process(path: str, queries: int, seconds: float) -> None:
    metrics = Metrics(Path(path))
    for _ in range(queries):
        metrics.count("queries")
        metrics.observe_query_seconds(seconds)


def _run(path: Path, queries: int, seconds: float) -> None:
    process = multiprocessing.get_context("spawn").Process(target=_count_in_a_process,
                                                           args=(str(path), queries, seconds))
    process.start()
    process.join(60)
    assert process.exitcode == 0


def _regions_claimed(path: Path) -> int:
    data = path.read_bytes()
    region = len(data) // 256
    return sum(1 for i in range(256) if data[i * region:i * region + 8] != bytes(8))


def test_processes_count_apart_and_metrics_sums_them(tmp_path: Path) -> None:
    path = tmp_path / "metrics"
    here = Metrics(path)
    here.count("queries", 2)
    here.observe_query_seconds(0.003)
    _run(path, 5, 0.02)
    _run(path, 3, 7.0)
    assert here.value("queries") == 10
    text = here.render()
    assert 'bbkg_query_seconds_bucket{le="0.001"} 0' in text
    assert 'bbkg_query_seconds_bucket{le="0.005"} 1' in text  # buckets are cumulative, as Prometheus reads them
    assert 'bbkg_query_seconds_bucket{le="0.025"} 6' in text
    assert 'bbkg_query_seconds_bucket{le="10"} 9' in text and 'bbkg_query_seconds_count 9' in text
    assert "bbkg_query_seconds_sum 21.103000" in text


def test_a_dead_processs_region_is_taken_over_with_its_counts(tmp_path: Path) -> None:
    path = tmp_path / "metrics"
    for _ in range(4):  # one after another: each finds the last one's region free and keeps adding to it
        _run(path, 2, 0.1)
    assert Metrics(path).value("queries") == 8
    assert _regions_claimed(path) == 1
