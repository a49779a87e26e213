"""The build on a two-worker standalone cluster against `local[2]`, on the same machine, in one run.

`python -m benchmarks.cluster [ARTICLES]` generates the corpus (10,000 articles by default), builds it with
`bbkg build` locally and then with `--master` on a master and two workers (1 core, 2 GB each) started here,
checks that both wrote the same dump, and reads where the time went from each run's Spark event log: the
tasks' run time, deserialization, result serialization, GC, shuffle writing and waiting for shuffle reads.
Writes benchmarks/results/cluster.json and prints a Markdown table.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.page import RESULTS
from bbkg.cluster import start_cluster
from benchmarks.corpus import generate_corpus

# The build's stages in the order they run (its summary lists them by name).
BUILD_STAGES = ("spark_start", "read", "extract", "record", "graph", "map_rdf", "spark_stop", "load", "statistics",
                "validate", "updates")
# Task metrics summed over every task of a run, in seconds (the event log's milliseconds and nanoseconds).
TASK_SECONDS = {
    "run": ("Executor Run Time", 1e3), "cpu": ("Executor CPU Time", 1e9),
    "deserialize": ("Executor Deserialize Time", 1e3), "serialize_result": ("Result Serialization Time", 1e3),
    "gc": ("JVM GC Time", 1e3), "shuffle_write": ("Shuffle Write Time", 1e9),
    "shuffle_fetch_wait": ("Shuffle Fetch Wait Time", 1e3),
}


def event_log_totals(folder: Path) -> dict[str, float]:
    """Task counts, seconds and shuffle bytes summed from the one event log Spark wrote in `folder`."""
    totals: dict[str, float] = {"tasks": 0, "shuffle_bytes_written": 0, "shuffle_remote_bytes_read": 0,
                                **{name: 0.0 for name in TASK_SECONDS}}
    (log,) = folder.iterdir()
    with open(log, encoding="utf-8") as events:
        for line in events:
            event = json.loads(line)
            if event.get("Event") != "SparkListenerTaskEnd" or "Task Metrics" not in event:
                continue
            metrics = event["Task Metrics"]
            shuffle_read, shuffle_write = metrics["Shuffle Read Metrics"], metrics["Shuffle Write Metrics"]
            flat = {**metrics, "Shuffle Write Time": shuffle_write["Shuffle Write Time"],
                    "Shuffle Fetch Wait Time": shuffle_read["Fetch Wait Time"]}
            totals["tasks"] += 1
            for name, (key, per_second) in TASK_SECONDS.items():
                totals[name] += flat[key] / per_second
            totals["shuffle_bytes_written"] += shuffle_write["Shuffle Bytes Written"]
            totals["shuffle_remote_bytes_read"] += shuffle_read["Remote Bytes Read"]
    return totals


def timed_build(corpus: Path, scratch: Path, name: str, master: str) -> dict[str, Any]:
    """One `bbkg build` as a user runs it, with Spark's event log on; its wall time, stages and task totals."""
    events = scratch / f"events-{name}"
    events.mkdir()
    store = scratch / f"store-{name}"
    env = {**os.environ, "PYSPARK_SUBMIT_ARGS":
           f"--conf spark.eventLog.enabled=true --conf spark.eventLog.dir=file://{events} pyspark-shell"}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bbkg.cli", "build", "--input", str(corpus), "--store", str(store),
                    "--master", master], check=True, env=env, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    summary = json.loads((store / "current" / "BUILD.json").read_text(encoding="utf-8"))
    dump = subprocess.run([sys.executable, "-m", "bbkg.cli", "dump", "--store", str(store), "--format", "nquads"],
                          check=True, capture_output=True).stdout
    return {"master": master, "wall_seconds": round(wall, 1), "quads": summary["quads"],
            "stages_seconds": summary["timings_seconds"], "tasks": event_log_totals(events),
            "dump_sha256": hashlib.sha256(dump).hexdigest()}


def markdown(results: dict[str, Any]) -> str:
    local, cluster = results["local"], results["cluster"]
    lines = [f"Build of {results['articles']} generated articles with the whole record, on {results['machine']}: "
             f"`local[2]` against a standalone master and two workers (1 core, 2 GB each) on the same machine. "
             f"Same dump: {'yes' if local['dump_sha256'] == cluster['dump_sha256'] else 'NO'}.", "",
             "| | local[2] | cluster | cluster / local |", "|---|---:|---:|---:|",
             f"| wall, s | {local['wall_seconds']:.1f} | {cluster['wall_seconds']:.1f} | "
             f"{cluster['wall_seconds'] / local['wall_seconds']:.2f}× |"]
    for stage in sorted(local["stages_seconds"], key=BUILD_STAGES.index):
        seconds, other = local["stages_seconds"][stage], cluster["stages_seconds"].get(stage, 0.0)
        lines.append(f"| stage {stage}, s | {seconds:.1f} | {other:.1f} | {other / seconds if seconds else 0:.2f}× |")
    for name in ("tasks", *TASK_SECONDS, "shuffle_bytes_written", "shuffle_remote_bytes_read"):
        mine, theirs = local["tasks"][name], cluster["tasks"][name]
        unit = "MB" if name.endswith("bytes_written") or name.endswith("bytes_read") else (
            "" if name == "tasks" else "s")
        scale = 1e6 if unit == "MB" else 1
        label = "tasks" if name == "tasks" else f"tasks' {name.replace('_', ' ')}, {unit}"
        ratio = f"{theirs / mine:.2f}×" if mine else "–"
        digits = 0 if name == "tasks" else 1
        lines.append(f"| {label} | {mine / scale:.{digits}f} | {theirs / scale:.{digits}f} | {ratio} |")
    return "\n".join(lines) + "\n"


def main(articles: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bbkg-cluster-bench-") as folder:
        scratch = Path(folder)
        corpus = scratch / "articles"
        generate_corpus(corpus, articles)
        local = timed_build(corpus, scratch, "local", "local[2]")
        cluster = start_cluster(scratch / "cluster", workers=2, cores=1, memory="2g")
        try:
            on_cluster = timed_build(corpus, scratch, "cluster", cluster.master_url)
        finally:
            cluster.stop()
    results = {"date": time.strftime("%Y-%m-%d", time.gmtime()), "machine": f"{os.cpu_count()} cores",
               "articles": articles, "local": local, "cluster": on_cluster}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "cluster.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(markdown(results))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
