"""How the build scales: every stage timed for the seeds and for generated corpora of growing size,
with the load stage against raw pyoxigraph bulk_load of the same quads measured at the same moment
(benchmarks/build_probe.py), the mapping stage against plain Python, peak memory, extraction
quality against the generator's ground truth, and /api/connections latency on the largest graph.
"""

from __future__ import annotations

import json
import random
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


from vocab.config import PROJECT_ROOT
from bbkg.evaluate import evaluate
from benchmarks.corpus import generate_corpus
from benchmarks.endpoint import bench_connections, process
from benchmarks.mapping import bench_mapping_in_subprocess
from benchmarks.shapes import bench_shapes, save_store_results
from benchmarks.varied import bench_varied
from benchmarks.varied import markdown as varied_markdown
from store.builds import build_summary, open_current

VENV_BIN = Path(sys.executable).parent


def _tree_rss_bytes(root: int) -> int:
    """Resident memory of a process and all its descendants, read from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            parents[int(entry.name)] = int(fields[1])
            rss[int(entry.name)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    tree, frontier = {root}, [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier and pid not in tree]
        tree.update(children)
        frontier = children
    return sum(rss.get(pid, 0) for pid in tree)


def _current_stage(log: Path) -> str:
    """The stage the build last announced ("stage NAME" lines on its standard error)."""
    stages = [line[6:].strip() for line in log.read_text(encoding="utf-8", errors="replace").splitlines()
              if line.startswith("stage ")]
    return stages[-1] if stages else "spark_start"


def build_in_subprocess(input_dir: Path, store_dir: Path) -> dict[str, Any]:
    """The build in its own process (benchmarks/build_probe.py, which also measures raw bulk_load just before
    the build's load): wall seconds without that baseline, peak resident memory (MiB) of the process tree
    (the Python driver, the JVM, the Python workers, the loader) overall and per stage, sampled twice a second."""
    started = time.perf_counter()
    log = store_dir.with_suffix(".log")
    result_file = store_dir.with_suffix(".probe.json")
    peaks: dict[str, int] = {}
    with open(log, "wb") as output:
        process_handle = subprocess.Popen([sys.executable, "-m", "benchmarks.build_probe", str(input_dir),
                                           str(store_dir), str(result_file)],
                                          stdout=output, stderr=subprocess.STDOUT, cwd=PROJECT_ROOT)
        while process_handle.poll() is None:
            rss = _tree_rss_bytes(process_handle.pid) // (1024 * 1024)
            stage = _current_stage(log)
            peaks[stage] = max(peaks.get(stage, 0), rss)
            time.sleep(0.5)
    if process_handle.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        raise RuntimeError(f"bbkg build failed on {input_dir} (exit {process_handle.returncode}):\n" + "\n".join(tail))
    probe = json.loads(result_file.read_text(encoding="utf-8"))
    peaks.pop("raw_bulk_load", None)
    return {"wall_seconds": time.perf_counter() - started - probe["baseline_wall_seconds"],
            "raw_bulk_load_seconds": probe["raw_bulk_load_seconds"],
            "peak_memory_mib": max(peaks.values(), default=0), "peak_memory_mib_by_stage": peaks}


# What the graph stage reports it wrote (BuildResult.counts), and the memberships it grows with.
GRAPH_COUNTS = ("facts", "shared_organization_pairs", "components", "communities", "graph_vertices")


def measure(name: str, input_dir: Path, gold_file: Path, work: Path) -> dict[str, Any]:
    store_dir = work / f"store-{name}"
    build = build_in_subprocess(input_dir, store_dir)
    wall, raw_load = build["wall_seconds"], build["raw_bulk_load_seconds"]
    summary = build_summary(store_dir)
    timings = summary["timings_seconds"]
    articles = summary["counts"]["articles_read"]
    store, _ = open_current(store_dir)
    quality = evaluate(store, gold_file)
    mapping = bench_mapping_in_subprocess(input_dir, work / f"mapping-{name}")
    return {
        "corpus": name, "articles": articles, "quads": summary["quads"], "wall_seconds": round(wall, 2),
        "peak_memory_mib": build["peak_memory_mib"], "peak_memory_mib_by_stage": build["peak_memory_mib_by_stage"],
        "timings_seconds": timings,
        "articles_per_second": round(articles / wall, 1),
        "load_quads_per_second": round(summary["quads"] / timings["load"]) if timings["load"] else None,
        "load_vs_raw_bulk_load": round(raw_load / timings["load"], 3) if timings["load"] else None,
        "raw_bulk_load_seconds": round(raw_load, 3),
        "graph_stage": {"seconds": timings.get("graph", 0.0),
                        "share_of_build": round(timings.get("graph", 0.0) / wall, 3),
                        **{k: summary["counts"].get(k) for k in GRAPH_COUNTS}},
        "entity_f1": quality["entities"]["f1"], "fact_precision": quality["facts"]["all"]["precision"],
        "fact_recall": quality["facts"]["all"]["recall"], "mapping": mapping,
    }


def run_scale(sizes: list[int], work: Path) -> dict[str, Any]:
    work.mkdir(parents=True, exist_ok=True)
    rows = [measure("seeds", PROJECT_ROOT / "seeds", PROJECT_ROOT / "tests" / "gold" / "seeds.json", work)]
    for size in sizes:
        corpus = work / f"corpus-{size}"
        gold = generate_corpus(corpus, size)
        gold_file = work / f"gold-{size}.json"
        gold_file.write_text(json.dumps(gold), encoding="utf-8")
        rows.append(measure(str(size), corpus, gold_file, work))
    results: dict[str, Any] = {"rows": rows}
    if len(sizes) >= 2:
        small, large = rows[-2], rows[-1]
        growth = large["articles"] / small["articles"]
        results["time_growth"] = {"articles_ratio": growth,
                                  "wall_ratio": round(large["wall_seconds"] / small["wall_seconds"], 2),
                                  "per_stage_ratio": {k: round(large["timings_seconds"][k] / v, 2)
                                                      for k, v in small["timings_seconds"].items() if v}}
    largest = rows[-1]
    if sizes:
        gold = json.loads((work / f"gold-{sizes[-1]}.json").read_text(encoding="utf-8"))
        pairs = varied_pairs(gold)
        with process([str(VENV_BIN / "bbkg"), "serve", "--store", str(work / f"store-{largest['corpus']}"),
                      "--port", "8731"], "http://127.0.0.1:8731/sparql"):
            results["connections_api_on_largest"] = bench_connections("http://127.0.0.1:8731", 1, pairs)
        results["endpoint_varied_on_largest"] = bench_varied(work / f"store-{largest['corpus']}")
        # Built with the default record scope, the whole record: the label the results are kept under.
        save_store_results(f"{int(largest['corpus']):,} generated articles with the whole record", bench_shapes(
            work / f"store-{largest['corpus']}"))
    return results


def varied_pairs(gold: dict[str, Any], count: int = 200, seed: int = 11) -> list[dict[str, str]]:
    """`count` different pairs of people for /api/connections: half share a team (the gold says so), half are
    drawn at random (most of them are not connected at all)."""
    rng = random.Random(seed)
    by_team: dict[str, set[str]] = {}
    for fact in gold["facts"]:
        if fact["relation"] == "member":
            by_team.setdefault(fact["object"], set()).add(fact["subject"])
    people = sorted(set().union(*by_team.values()))
    sharing = sorted({tuple(sorted(rng.sample(sorted(members), 2)))
                      for members in by_team.values() if len(members) >= 2})
    rng.shuffle(sharing)
    pairs = [{"from": a, "to": b} for a, b in sharing[:count // 2]]
    while len(pairs) < count:
        a, b = rng.sample(people, 2)
        if {"from": a, "to": b} not in pairs:
            pairs.append({"from": a, "to": b})
    return pairs


def markdown(results: dict[str, Any]) -> str:
    lines = ["| corpus | articles | quads | wall s | peak MiB | articles/s | quads/s | entity F1 | fact P | fact R |",
             "|---|" + "---:|" * 9]
    for r in results["rows"]:
        lines.append(f"| {r['corpus']} | {r['articles']:,} | {r['quads']:,} | {r['wall_seconds']:.1f} | "
                     f"{r['peak_memory_mib']:,} | {r['articles_per_second']} | {r['quads'] / r['wall_seconds']:,.0f} | "
                     f"{r['entity_f1']:.3f} | {r['fact_precision']:.3f} | {r['fact_recall']:.3f} |")
    stages = list(results["rows"][-1]["timings_seconds"])
    lines += ["", "Per stage, each corpus: seconds, articles/s through the stage, peak MiB of the build's process tree "
                  "while the stage ran (sampled twice a second; - when no sample fell in it).", "",
              "| stage | " + " | ".join(r["corpus"] for r in results["rows"]) + " |",
              "|---|" + "---:|" * len(results["rows"])]
    for stage in stages:
        cells = []
        for r in results["rows"]:
            seconds = r["timings_seconds"].get(stage, 0.0)
            rate = f"{r['articles'] / seconds:,.0f}/s" if seconds else "-"
            peak = r.get("peak_memory_mib_by_stage", {}).get(stage, "-")
            cells.append(f"{seconds:.1f} s, {rate}, {peak} MiB")
        lines.append(f"| {stage} | " + " | ".join(cells) + " |")
    lines += ["", "Baselines measured in the same run: the load stage against raw `Store.bulk_load` of the same "
                  "quads in one file (a fresh process, median of three, run inside the build just before its "
                  "load), and the mapping stage (records -> distinct N-Quads lines, both from the same Parquet "
                  "records, output checked identical) against plain single-process Python.", "",
              "| corpus | bbkg load s | raw bulk_load s | load vs raw | quads mapped | Spark mapping s | "
              "Python mapping s | Spark vs Python | identical |", "|---|" + "---:|" * 7 + "---|"]
    for r in results["rows"]:
        m = r["mapping"]
        lines.append(f"| {r['corpus']} | {r['timings_seconds']['load']:.2f} | {r['raw_bulk_load_seconds']:.2f} | "
                     f"{r['load_vs_raw_bulk_load']}× | {m['quads']} | {m['spark_seconds']:.2f} | "
                     f"{m['python_seconds']:.2f} | {m['spark_vs_python']}× | {m['identical_output']} |")
    lines += ["", "The graph stage (GraphFrames 0.8.2 in the JVM: shared organizations at overlapping times, "
                  "connected components, PageRank and degree, label propagation), in the same builds:", "",
              "| corpus | graph s | share of the build | facts | pairs at overlapping times | components | "
              "communities | vertices |", "|---|" + "---:|" * 7]
    for r in results["rows"]:
        g = r["graph_stage"]
        lines.append(f"| {r['corpus']} | {g['seconds']:.1f} | {g['share_of_build']:.0%} | {g['facts']:,} | "
                     f"{g['shared_organization_pairs']:,} | {g['components']:,} | {g['communities']:,} | "
                     f"{g['graph_vertices']:,} |")
    if "time_growth" in results:
        g = results["time_growth"]
        lines += ["", f"From the second-largest to the largest corpus, articles grow {g['articles_ratio']:g}× and "
                      f"wall time {g['wall_ratio']}×; per stage: "
                      + ", ".join(f"{k} {v}×" for k, v in g["per_stage_ratio"].items())]
    if "connections_api_on_largest" in results:
        c = results["connections_api_on_largest"]
        lines += ["", f"/api/connections on the largest graph, {c['requests']} different pairs (half sharing a "
                      f"team, half at random), one at a time: p50 {c['p50_ms']} ms, p95 {c['p95_ms']} ms, "
                      f"max {c['max_ms']} ms"]
    if "endpoint_varied_on_largest" in results:
        v = results["endpoint_varied_on_largest"]
        lines += ["", f"The endpoint on the largest store, varied queries drawn from it, wrk {v['seconds']} s per run, "
                      f"servers A/B alternated over {v['rounds']} rounds (medians; in brackets, the lowest and highest "
                      "of the rounds' own ratios, each from two runs back to back); the cache-on runs see each "
                      "list more than once, and the repeated lookup is one query asked again and again:", "",
                  varied_markdown(v)]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import tempfile

    sizes = [int(s) for s in (sys.argv[1:] or ["1000", "10000"])]
    with tempfile.TemporaryDirectory(prefix="bbkg-scale-") as scratch:
        output = run_scale(sizes, Path(scratch))
    results_dir = PROJECT_ROOT / "benchmarks" / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    (results_dir / "scale.json").write_text(json.dumps(output, indent=2) + "\n", encoding="utf-8")
    (results_dir / "scale.md").write_text(markdown(output), encoding="utf-8")
    print(markdown(output))
