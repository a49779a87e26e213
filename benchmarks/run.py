"""`make bench`: everything in one run: the seeds build, the endpoint against Oxigraph, and the build at scale.

Writes benchmarks/results/latest.json and latest.md; prints the Markdown.
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from vocab.config import PROJECT_ROOT, load_settings
from graph.algorithms import SOFTWARE
from bbkg.pipeline import run_build
from benchmarks.endpoint import bench_endpoints
from benchmarks.plots import plot_baselines, plot_stage_times
from benchmarks.scale import markdown as scale_markdown
from benchmarks.scale import run_scale

RESULTS = PROJECT_ROOT / "benchmarks" / "results"
DEFAULT_SIZES = [1000, 10000]


def markdown(results: dict[str, Any]) -> str:
    build = results["build"]
    lines = [f"# Benchmark results ({results['date']}, {results['machine']})", "",
             f"## Build of {build['articles']} articles: {build['quads']} quads in {build['total_seconds']:.1f} s", "",
             "| stage | seconds | share |", "|---|---:|---:|"]
    for stage, seconds in build["timings_seconds"].items():
        lines.append(f"| {stage} | {seconds:.2f} | {seconds / build['total_seconds']:.0%} |")
    endpoint = results["endpoint"]
    lines += ["", f"## Endpoint, query mix of {len(endpoint['query_mix'])} queries, wrk {endpoint['connections']} "
                  f"connections, {endpoint['seconds']} s each", "",
              "| server | QPS | p50 ms | p99 ms | QPS vs oxigraph serve |", "|---|---:|---:|---:|---:|"]
    for name in ("bbkg", "bbkg_no_cache", "oxigraph", "rdflib_endpoint"):
        row = endpoint[name]
        ratio = row["qps"] / endpoint["oxigraph"]["qps"]
        lines.append(f"| {name} | {row['qps']:.0f} | {row['p50_ms']:.2f} | {row['p99_ms']:.2f} | {ratio:.2f}× |")
    api = endpoint["connections_api"]
    lines += ["", f"## /api/connections on the seeds, {api['requests']} requests one at a time", "",
              f"p50 {api['p50_ms']:.1f} ms, p95 {api['p95_ms']:.1f} ms, max {api['max_ms']:.1f} ms",
              "", "## The build at scale (generated corpora, seeded)", "", scale_markdown(results["scale"]),
              "![time per stage](time_per_stage.png)", "", "![baselines](baselines.png)"]
    return "\n".join(lines) + "\n"


def main(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory(prefix="bbkg-bench-") as scratch:
        store_dir = Path(scratch) / "store"
        started = time.perf_counter()
        build = run_build(load_settings({"store_dir": str(store_dir)}))
        total = time.perf_counter() - started
        results: dict[str, Any] = {
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "machine": f"{platform.machine()}, {len(os.sched_getaffinity(0))} cores",
            "build": {"articles": build.counts["articles_read"], "quads": build.quads, "total_seconds": total,
                      "timings_seconds": build.summary()["timings_seconds"], "graph_computed_by": SOFTWARE},
            "endpoint": bench_endpoints(store_dir),
            "scale": run_scale(sizes, Path(scratch) / "scale"),
        }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    text = markdown(results)
    (RESULTS / "latest.md").write_text(text, encoding="utf-8")
    plot_stage_times(results["scale"], RESULTS / "time_per_stage.png")
    plot_baselines(results["scale"], RESULTS / "baselines.png")
    print(text)


if __name__ == "__main__":
    import sys

    main([int(size) for size in sys.argv[1:]] or DEFAULT_SIZES)
