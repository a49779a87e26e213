"""PNG plots of a benchmark run: time against corpus size per build stage, and the baselines side by side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display on a build machine
import matplotlib.pyplot as plt  # noqa: E402


def plot_stage_times(scale: dict[str, Any], path: Path) -> None:
    """Seconds per stage against articles, log-log, with a line of slope 1 (linear growth) for reference."""
    rows = sorted(scale["rows"], key=lambda r: r["articles"])
    sizes = [r["articles"] for r in rows]
    figure, axes = plt.subplots(figsize=(8, 5), dpi=110)
    stages = sorted({stage for r in rows for stage in r["timings_seconds"]})
    for stage in stages:
        seconds = [max(r["timings_seconds"].get(stage, 0.0), 1e-3) for r in rows]
        axes.plot(sizes, seconds, marker="o", label=stage)
    axes.plot(sizes, [r["wall_seconds"] for r in rows], marker="s", color="black", linewidth=2, label="wall (process)")
    # Linear growth drawn from the smallest generated corpus: the seeds' few articles are all fixed cost.
    anchor = rows[1] if len(rows) > 1 else rows[0]
    axes.plot(sizes[sizes.index(anchor["articles"]):],
              [anchor["wall_seconds"] * n / anchor["articles"] for n in sizes[sizes.index(anchor["articles"]):]],
              linestyle=":", color="grey", label=f"linear from {anchor['articles']:,} articles")
    axes.set(xscale="log", yscale="log", xlabel="articles", ylabel="seconds",
             title="bbkg build: time per stage against corpus size")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def plot_baselines(scale: dict[str, Any], path: Path) -> None:
    """Load and mapping stages against their baselines (raw bulk_load, plain Python), seconds per corpus."""
    rows = [r for r in sorted(scale["rows"], key=lambda r: r["articles"]) if "mapping" in r]
    figure, (load, mapping) = plt.subplots(1, 2, figsize=(10, 4), dpi=110)
    names = [f"{r['articles']:,}" for r in rows]
    width = 0.38
    positions = range(len(rows))
    load.bar([p - width / 2 for p in positions], [r["timings_seconds"]["load"] for r in rows], width, label="bbkg load")
    load.bar([p + width / 2 for p in positions], [r["raw_bulk_load_seconds"] for r in rows], width,
             label="raw Store.bulk_load")
    mapping.bar([p - width / 2 for p in positions], [r["mapping"]["spark_seconds"] for r in rows], width,
                label="Spark mapping")
    mapping.bar([p + width / 2 for p in positions], [r["mapping"]["python_seconds"] for r in rows], width,
                label="plain Python mapping")
    for axes, title in ((load, "load"), (mapping, "mapping to N-Quads")):
        axes.set_xticks(list(positions), names)
        axes.set(xlabel="articles", ylabel="seconds", title=title)
        axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
