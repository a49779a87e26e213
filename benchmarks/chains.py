"""Six degrees over the whole record: the build's graph stage over the seeds and the Baseball Databank (its time,
share of the build and counts), then /api/connections asked about 1,000 random pairs of the record's people over
HTTP, one request at a time, each pair once, in several shapes (plain, record links only, an era, several
chains), with nothing asked before but one request about two other people. Beside it, in the same run, what a
user would otherwise do: networkx's shortest path on the same network, in memory, in the same process
(no HTTP, no evidence), as a ratio.

    python -m benchmarks.chains [--store DIR]    # writes benchmarks/results/chains.json
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import requests
from pyoxigraph import DefaultGraph, NamedNode

from benchmarks.endpoint import bbkg_server, process
from benchmarks.shapes import bench_shapes, save_store_results
from bbkg.pipeline import run_build
from store.builds import open_current
from store.seasons import network_of
from benchmarks.page import RESULTS as RESULTS_DIR
from vocab.config import PROJECT_ROOT, load_settings
from vocab.namespaces import BB

RESULTS = RESULTS_DIR / "chains.json"
PAIRS = 1000
PORT = 8391
# The shapes a pair is asked in, each pair in one of them, by turns.
SHAPES: dict[str, dict[str, Any]] = {
    "plain": {}, "record links only": {"links": "record"}, "after 1950": {"after": 1950},
    "three chains": {"chains": 3}, "1900-1980": {"after": 1900, "before": 1980},
}


def _percentiles(latencies: list[float]) -> dict[str, float]:
    ordered = sorted(latencies)
    return {"requests": len(ordered), "p50_ms": round(ordered[len(ordered) // 2], 2),
            "p95_ms": round(ordered[int(len(ordered) * 0.95)], 2), "max_ms": round(ordered[-1], 2)}


def build(store_dir: Path) -> dict[str, Any]:
    """The seeds and the whole record built into `store_dir`: the build's stages and counts."""
    settings = load_settings({"input_dir": str(PROJECT_ROOT / "seeds"), "store_dir": str(store_dir),
                              "record_scope": "all"})
    result = run_build(settings)
    stages = {name: round(seconds, 2) for name, seconds in result.timings.items()}
    return {"quads": result.quads, "stages_s": stages, "graph_share": round(stages["graph"] / sum(stages.values()), 3),
            "counts": {k: result.counts[k] for k in ("chain_vertices", "chain_edges", "teammate_pairs",
                                                       "chain_components", "landmark_distances")}}


def record_pairs(store_dir: Path, count: int) -> list[tuple[str, str]]:
    """`count` random pairs of the record's people (by IRI), none asked twice."""
    store, _ = open_current(store_dir)
    people = sorted(q.subject.value for q in store.quads_for_pattern(
        None, NamedNode(BB + "databankId"), None, DefaultGraph()) if isinstance(q.subject, NamedNode))
    chosen = random.Random(41)
    pairs: set[tuple[str, str]] = set()
    while len(pairs) < count:
        a, b = chosen.sample(people, 2)
        pairs.add((a, b))
    return sorted(pairs)


def ask_over_http(store_dir: Path, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Each pair asked once over HTTP in its shape (by turns): latencies per shape and overall, and chain lengths."""
    command, url, env = bbkg_server(store_dir, PORT, cache=False)
    base = url.rsplit("/", 1)[0]
    by_shape: dict[str, list[float]] = {name: [] for name in SHAPES}
    lengths: dict[int, int] = {}
    with process(command, url, env):
        session = requests.Session()
        # One request about two people not among the pairs: the worker's first request opens its connection.
        session.get(base + "/api/connections", params={"from": "Wally Backman", "to": "Terry Collins"},
                    timeout=60).raise_for_status()
        names = list(SHAPES)
        for i, (a, b) in enumerate(pairs):
            shape = names[i % len(names)]
            started = time.perf_counter()
            answer = session.get(base + "/api/connections", params={"from": a, "to": b, **SHAPES[shape]}, timeout=60)
            by_shape[shape].append((time.perf_counter() - started) * 1000)
            answer.raise_for_status()
            chains = answer.json()["chains"]
            length = len(chains[0]["links"]) if chains else 0
            lengths[length] = lengths.get(length, 0) + 1
    every = [t for times in by_shape.values() for t in times]
    return {"all": _percentiles(every), "by_shape": {name: _percentiles(t) for name, t in by_shape.items()},
            "chain_lengths": dict(sorted(lengths.items()))}


def networkx_beside(store_dir: Path, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """networkx's shortest path over the same network (the plain shape), in memory: its load and its per-pair time."""
    import networkx as nx

    store, _ = open_current(store_dir)
    started = time.perf_counter()
    network = network_of(store)
    graph = nx.Graph()
    graph.add_edges_from(network.links)
    loaded = time.perf_counter() - started
    latencies = []
    for a, b in pairs:
        started = time.perf_counter()
        try:
            nx.shortest_path(graph, a, b)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            pass
        latencies.append((time.perf_counter() - started) * 1000)
    return {"load_s": round(loaded, 2), **_percentiles(latencies)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, help="A store folder already built from the seeds and the record.")
    parser.add_argument("--shapes", action="store_true",
                        help="Also measure the query shapes on that store (benchmarks.shapes, into shapes.json).")
    args = parser.parse_args()
    scratch = None
    if args.store is None:
        scratch = Path(tempfile.mkdtemp(prefix="bbkg-chains-"))
        store_dir, built = scratch / "store", build(scratch / "store")
    else:
        store_dir, built = args.store, None
    try:
        pairs = record_pairs(store_dir, PAIRS)
        served = ask_over_http(store_dir, pairs)
        if args.shapes:
            save_store_results("the seeds and the whole record", bench_shapes(store_dir))
        beside = networkx_beside(store_dir, pairs)
        figures = {"build": built, "pairs": len(pairs), "api": served, "networkx_in_process": beside,
                   "api_p95_over_networkx_p95": round(served["all"]["p95_ms"] / max(beside["p95_ms"], 0.001), 1)}
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(json.dumps(figures, indent=2))
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
