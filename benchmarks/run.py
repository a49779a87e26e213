"""`make bench`: everything in one run: the seeds build, the endpoint against Oxigraph, and the build at scale.

Writes benchmarks/results/latest.json and the plots beside it; prints the Markdown the benchmarks page shows.
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.page import RESULTS
from vocab.config import load_settings
from graph.algorithms import SOFTWARE
from bbkg.pipeline import run_build
from benchmarks.endpoint import bench_endpoints
from benchmarks.plots import plot_baselines, plot_stage_times
from benchmarks.report import build_and_endpoint_markdown
from benchmarks.scale import run_scale

DEFAULT_SIZES = [1000, 10000]


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
    plot_stage_times(results["scale"], RESULTS / "time_per_stage.png")
    plot_baselines(results["scale"], RESULTS / "baselines.png")
    print(build_and_endpoint_markdown(results))


if __name__ == "__main__":
    import sys

    main([int(size) for size in sys.argv[1:]] or DEFAULT_SIZES)
