"""Query shapes as users send them: `bbkg serve` (response cache off) against `oxigraph serve-read-only` on the
same RocksDB files, each shape by GET and by POST, at 8 and 32 connections, A/B alternated.

Every request of a run is a query text no earlier run of the benchmark has sent, where the store has enough
subjects for it: each shape's texts are drawn from one shuffled list of the store's subjects (people for the
2-hop join), and each run takes the next slice of it, so nothing is warmed up on the very texts it then
measures (the first run of each server is measured like the others). The aggregate has one text per role,
so its texts repeat, and the report says how many distinct texts each shape had; its runs are five times as
long. Rows are checked equal on a sample of each shape before anything is timed. The report gives QPS, the CPU
both servers' processes spent a request, the ratio of each round, the memory (PSS) of each server idle after
the runs, and how long each took from its start to its first answer (and bbkg to its API's in-memory copies
loaded, which the runs wait for).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
import urllib.parse
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import requests

from benchmarks.page import RESULTS as RESULTS_DIR
from benchmarks.endpoint import (LUA_THREADS, bbkg_server, cpu_seconds, median_figures, oxigraph_server, parse_wrk,
                                 process, pss_mib)
from benchmarks.varied import round_ratios
from store.builds import open_current
from store.select import select_rows
from vocab.namespaces import BB, PREFIXES, RDF_TYPE

# Solutions as JSON, graphs as N-Triples: what both servers write for every shape.
ACCEPT = "application/sparql-results+json, application/n-triples;q=0.9"

RESULTS = RESULTS_DIR / "shapes.json"
# A shape with fewer distinct texts than this (the aggregate, one text per role) runs this many times longer.
FEW_TEXTS = 1000
SLOW_SHAPE_FACTOR = 5

# wrk asks for the texts of its slice in turn, each thread from its own half, by GET or by POST (form).
LUA = """
local paths = {%s}
local method = "%s"
""" + LUA_THREADS.replace("%", "%%") + """
request = function()
  i = i %% #paths + 1
  if method == "GET" then
    return wrk.format("GET", "%s?" .. paths[i], {["Accept"] = "%s"})
  end
  return wrk.format("POST", "%s", {["Accept"] = "%s",
                    ["Content-Type"] = "application/x-www-form-urlencoded"}, paths[i])
end
"""


def shape_texts(store_dir: Path, subjects: int = 400_000, seed: int = 11) -> dict[str, list[str]]:
    """Each shape's query texts, in a fixed shuffled order."""
    store, _ = open_current(store_dir)
    rng = random.Random(seed)

    def shuffled(query: str, limit: int) -> list[str]:
        values = sorted(str(value) for row in select_rows(store, query) for value in row.values())
        rng.shuffle(values)
        return [f"<{value}>" for value in values[:limit]]

    nodes = shuffled("SELECT DISTINCT ?s WHERE { ?s ?p ?o FILTER(isIRI(?s)) }", subjects)
    people = shuffled(f"SELECT ?p WHERE {{ ?p <{RDF_TYPE}> <{BB}Person> }}", subjects)
    roles = shuffled(f"SELECT DISTINCT ?r WHERE {{ ?m <{BB}role> ?r }}", subjects)
    shapes = {
        "one pattern": [f"SELECT ?p ?o WHERE {{ {s} ?p ?o }}" for s in nodes],
        "one pattern + comment": [f"SELECT ?p ?o WHERE {{ {s} ?p ?o }} # its properties" for s in nodes],
        "pattern + FILTER + LIMIT": [f"SELECT ?p ?o WHERE {{ {s} ?p ?o FILTER(?p != <{RDF_TYPE}>) }} LIMIT 5"
                                     for s in nodes],
        "pattern + OPTIONAL label": [PREFIXES + f"SELECT ?p ?o ?label WHERE {{ {s} ?p ?o "
                                     "OPTIONAL { ?o rdfs:label ?label } }" for s in nodes],
        "ASK": [f"ASK {{ {s} ?p ?o }}" for s in nodes],
        "CONSTRUCT": [f"CONSTRUCT {{ {s} ?p ?o }} WHERE {{ {s} ?p ?o }}" for s in nodes],
        "2-hop co-members": [PREFIXES + f"""SELECT DISTINCT ?other WHERE {{ ?m bb:member {p} ;
                             bb:organization ?org . ?n bb:organization ?org ; bb:member ?other
                             FILTER(?other != {p}) }}""" for p in people],
        "memberships per organization": [PREFIXES + f"""SELECT ?org (COUNT(?m) AS ?memberships) WHERE {{
                                         ?m bb:organization ?org ; bb:role {r} }} GROUP BY ?org
                                         ORDER BY DESC(?memberships) ?org""" for r in roles],
    }
    mixed = [text for texts in shapes.values() for text in texts[:len(nodes) // len(shapes)]]
    rng.shuffle(mixed)
    shapes["a mix of them"] = mixed
    return shapes


def _answer(url: str, query: str) -> Any:
    response = requests.post(url, data={"query": query}, headers={"Accept": ACCEPT}, timeout=120)
    response.raise_for_status()
    if not response.headers["Content-Type"].startswith("application/sparql-results+json"):
        return sorted(response.text.splitlines())
    body = response.json()
    return body.get("boolean", sorted(json.dumps(b, sort_keys=True) for b in body.get("results", {}).get(
        "bindings", [])))


def check_same_rows(urls: list[str], shapes: dict[str, list[str]], per_shape: int = 5) -> None:
    for name, texts in shapes.items():
        for query in texts[:per_shape]:
            answers = [_answer(url, query) for url in urls]
            if any(answer != answers[0] for answer in answers):
                raise RuntimeError(f"the servers disagree on {name}:\n{query}")


def run_wrk(url: str, seconds: int, connections: int, texts: list[str], method: str) -> dict[str, float]:
    """One wrk run over `texts` (each thread from its own half), by GET or POST."""
    bodies = ",\n".join(json.dumps(urllib.parse.urlencode({"query": text})) for text in texts)
    path = urllib.parse.urlparse(url).path
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA % (bodies, method, path, ACCEPT, path, ACCEPT))
    try:
        output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script.name,
                                 url], capture_output=True, text=True, check=True).stdout
    finally:
        Path(script.name).unlink()
    return parse_wrk(output)


class Slices:
    """Hands each run the next slice of a shape's texts, so that no text is sent twice while the list lasts."""

    def __init__(self, texts: list[str], size: int) -> None:
        self.texts, self.size, self.next, self.wrapped = texts, min(size, len(texts)), 0, False

    def take(self) -> list[str]:
        if self.next + self.size > len(self.texts):
            self.next, self.wrapped = 0, True
        taken = self.texts[self.next:self.next + self.size]
        self.next += self.size
        return taken


def bench_shapes(store_dir: Path, seconds: int = 4, connections: tuple[int, ...] = (8, 32), rounds: int = 2,
                 methods: tuple[str, ...] = ("GET", "POST"), slice_size: int = 120_000,
                 only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every shape (or those named in `only`) on both servers; see the module's docstring."""
    shapes = {name: texts for name, texts in shape_texts(store_dir).items() if not only or name in only}
    results: dict[str, Any] = {"store": str(store_dir), "store_quads": len(open_current(store_dir)[0]),
                               "seconds": seconds, "rounds": rounds, "shapes": {},
                               "distinct_texts": {name: len(texts) for name, texts in shapes.items()}}
    servers = {"bbkg": bbkg_server(store_dir, 8751, cache=False), "oxigraph": oxigraph_server(store_dir, 8753)}
    with ExitStack() as running:
        pids, started_in = {}, {}  # type: dict[str, int], dict[str, dict[str, float]]
        for name, (command, url, env) in servers.items():
            started_in[name] = {}
            pids[name] = running.enter_context(process(command, url, env, started_in[name])).pid
        results["start_to_first_answer_s"] = {name: t["first_answer_s"] for name, t in started_in.items()}
        results["start_to_copies_loaded_s"] = {name: t["loaded_s"] for name, t in started_in.items()}
        urls = {name: url for name, (_, url, _) in servers.items()}
        check_same_rows(list(urls.values()), shapes)
        for shape, texts in shapes.items():
            slices = Slices(texts, slice_size)
            # A few slow texts get runs five times as long: at a few dozen answers a second, a short run's count
            # turns on which texts happened to be in flight when it ended.
            run_seconds = seconds * SLOW_SHAPE_FACTOR if len(texts) < FEW_TEXTS else seconds
            for method in methods:
                for count in connections:
                    runs: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
                    for round_number in range(rounds):
                        for name in (list(urls) if round_number % 2 == 0 else list(reversed(urls))):
                            used = cpu_seconds(pids[name])
                            run = run_wrk(urls[name], run_seconds, count, slices.take(), method)
                            run["cpu_us_per_request"] = round((cpu_seconds(pids[name]) - used) / max(
                                1, run["requests"]) * 1e6, 1)
                            run["repeated_texts"] = max(0, run["requests"] - slices.size)
                            runs[name].append(run)
                    figures = {name: median_figures(rs) for name, rs in runs.items()}
                    ours, theirs = figures["bbkg"], figures["oxigraph"]
                    ours["vs_oxigraph"] = round(ours["qps"] / theirs["qps"], 3)
                    ours["vs_oxigraph_by_round"] = round_ratios(runs, "bbkg")
                    for name in figures:
                        figures[name]["repeated_texts"] = sum(int(r["repeated_texts"]) for r in runs[name])
                    results["shapes"][f"{shape} | {method} @ {count}"] = figures
                    print(f"{shape} | {method} @ {count}: {ours['qps']:,.0f} vs {theirs['qps']:,.0f} QPS "
                          f"({ours['vs_oxigraph']}×, rounds {ours['vs_oxigraph_by_round']}), CPU µs "
                          f"{ours['cpu_us_per_request']} / {theirs['cpu_us_per_request']}", file=sys.stderr)
            results["distinct_texts"][shape] = min(len(texts), slices.next if not slices.wrapped else len(texts))
        time.sleep(5)  # idle: what the servers hold between bursts
        results["memory_mib_idle_after"] = {name: pss_mib(pid) for name, pid in pids.items()}
    return results


def save_store_results(label: str, results: dict[str, Any], path: Path = RESULTS) -> None:
    """Keep one store's results in shapes.json beside the other store's (`make bench` measures two, in two steps)."""
    kept = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    stores = kept.get("stores", {}) if isinstance(kept.get("stores"), dict) else {}
    stores[label] = results
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"stores": stores}, indent=2) + "\n", encoding="utf-8")


def markdown(results: dict[str, Any]) -> str:
    """The tables of each store in shapes.json (or of one store's results alone)."""
    if "stores" not in results:
        return store_markdown(results)
    def heading(label: str, figures: dict[str, Any]) -> str:
        return f"**{label}** ({figures['store_quads']:,} quads)." if "store_quads" in figures else f"**{label}**."

    return "\n".join(f"{heading(label, figures)}\n\n{store_markdown(figures)}"
                     for label, figures in results["stores"].items())


def store_markdown(results: dict[str, Any]) -> str:
    lines = ["| shape | method @ connections | bbkg QPS | oxigraph QPS | bbkg vs oxigraph (rounds) | "
             "CPU µs a request (bbkg / oxigraph) | p99 ms (bbkg / oxigraph) | non-2xx | texts repeated |",
             "|---|---|---:|---:|---|---|---|---:|---:|"]
    for key, f in results["shapes"].items():
        shape, run = key.split(" | ")
        ours, theirs = f["bbkg"], f["oxigraph"]
        by_round = "–".join(str(r) for r in (min(ours["vs_oxigraph_by_round"]), max(ours["vs_oxigraph_by_round"])))
        lines.append(f"| {shape} | {run} | {ours['qps']:,.0f} | {theirs['qps']:,.0f} | {ours['vs_oxigraph']}× "
                     f"({by_round}) | {ours['cpu_us_per_request']:,.0f} / {theirs['cpu_us_per_request']:,.0f} | "
                     f"{ours['p99_ms']} / {theirs['p99_ms']} | {ours['non_2xx'] + theirs['non_2xx']} | "
                     f"{ours['repeated_texts'] + theirs['repeated_texts']} |")
    memory = results["memory_mib_idle_after"]
    start = results["start_to_first_answer_s"]
    loaded = results.get("start_to_copies_loaded_s")
    lines.append("")
    lines.append(f"Memory idle after the runs (PSS of each server's processes): bbkg {memory['bbkg']:,.0f} MiB, "
                 f"oxigraph {memory['oxigraph']:,.0f} MiB ({memory['bbkg'] / memory['oxigraph']:.1f}×). "
                 f"Start to first answer: bbkg {start['bbkg']} s, oxigraph {start['oxigraph']} s"
                 + (f"; bbkg's API copies loaded after {loaded['bbkg']} s." if loaded else "."))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    # STORE [SECONDS [OUT [SHAPE,SHAPE...]]]
    measured = bench_shapes(Path(sys.argv[1]), seconds=int(sys.argv[2]) if len(sys.argv) > 2 else 4,
                            only=tuple(sys.argv[4].split(",")) if len(sys.argv) > 4 else ())
    out = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    if out is not None:
        out.write_text(json.dumps(measured, indent=2) + "\n")
    print(markdown(measured))
