"""Endpoint benchmark: `bbkg serve` against `oxigraph serve-read-only` and rdflib-endpoint on the same data,
same query mix, one run.

The load generator is wrk (Debian package), driven by a Lua script that cycles through the
query mix. Figures are reported as ratios against Oxigraph measured in the same run.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from collections.abc import Iterator

import requests

from vocab.config import PROJECT_ROOT
from vocab.formats import result_format
from vocab.namespaces import PREFIXES
from store.builds import open_current
from store.dumps import dump_store

VENV_BIN = Path(sys.executable).parent

# The fixed mix: lookups a connection page makes, plus an aggregate and a join.
QUERY_MIX = {
    "label_lookup": PREFIXES + """SELECT ?label WHERE {
        <https://bbkg.example.org/id/person/backmwa01> rdfs:label ?label }""",
    "memberships_of_person": PREFIXES + """
        SELECT ?org ?role WHERE { ?m bb:member <https://bbkg.example.org/id/person/sandy-alderson> ;
                                     bb:organization ?org ; bb:role ?role }""",
    "shared_organizations": PREFIXES + """
        SELECT ?org WHERE { ?c a bb:SharedOrganization ;
            bb:person <https://bbkg.example.org/id/person/backmwa01>,
                      <https://bbkg.example.org/id/person/collite99> ; bb:sharedOrganization ?org }""",
    "count_by_class": """SELECT ?class (COUNT(?s) AS ?n) WHERE { ?s a ?class } GROUP BY ?class ORDER BY DESC(?n)""",
    "evidence_join": PREFIXES + """
        SELECT ?person ?team ?quote WHERE { ?m bb:member/rdfs:label ?person ;
            bb:organization/rdfs:label ?team ; bb:evidence/bb:quote ?quote }
        ORDER BY ?person ?team ?quote LIMIT 20""",
    "ask": PREFIXES + "ASK { ?s a bb:Person }",
}

ACCEPT = result_format("json").media_type

# wrk asks for every path of the list in turn; each of its threads starts at its own place (wrk runs `setup`
# once per thread, then each thread's `init`), so that two threads do not ask the same thing at once.
LUA_THREADS = """
local threads = 0
function setup(thread)
  thread:set("first", threads)
  threads = threads + 1
end
function init(args)
  i = (first or 0) * math.floor(#paths / 2)
end
"""
LUA = """
local paths = {%s}
""" + LUA_THREADS + """
request = function()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i], {["Accept"] = "%s"})
end
"""

def wait_until_up(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            requests.get(url, params={"query": "ASK {}"}, timeout=2)
            return
        # Refused while the server starts; on a loaded machine, accepted but answered after the request's timeout.
        except (requests.ConnectionError, requests.Timeout):
            time.sleep(0.02)
    raise RuntimeError(f"{url} did not come up")


def wait_until_loaded(url: str, timeout: float = 900, in_a_row: int = 20) -> None:
    """Until bbkg's /health says, `in_a_row` times (each time from any of its workers), that queries are no
    longer read from disk while its in-memory copy loads; at once for a server without that /health."""
    base = url.rsplit("/", 1)[0]
    deadline, answers = time.monotonic() + timeout, 0
    while answers < in_a_row:
        health = requests.get(base + "/health", timeout=10)
        query_store = health.json().get("query_store") if health.status_code == 200 else None
        if query_store is None:
            return
        answers = answers + 1 if query_store != "loading" else 0
        if time.monotonic() > deadline:
            raise RuntimeError(f"{base} still loads its in-memory copy after {timeout:g} s")
        time.sleep(0.05 if answers else 1.0)


@contextmanager
def process(command: list[str], url: str, env: dict[str, str] | None = None,
            timings: dict[str, float] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A server process, once `url` answers and any in-memory copy has loaded; terminated on leaving.
    `timings` gets the seconds from the start to the first answer and to the copies loaded."""
    started = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, **(env or {})})
    try:
        wait_until_up(url)
        first_answer = time.monotonic() - started
        wait_until_loaded(url)
        if timings is not None:
            timings.update(first_answer_s=round(first_answer, 2), loaded_s=round(time.monotonic() - started, 2))
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def _answer(url: str, query: str) -> Any:
    body = requests.get(url, params={"query": query}, timeout=60, headers={"Accept": ACCEPT}).json()
    rows = body.get("results", {}).get("bindings", [])
    return body.get("boolean", sorted(json.dumps(b, sort_keys=True) for b in rows))


def check_same_answers(urls: list[str], queries: dict[str, list[str]] | None = None) -> None:
    """The servers must answer every query alike (each list: the query mix's by default), or the comparison
    means nothing."""
    for name, texts in (queries or {name: [query] for name, query in QUERY_MIX.items()}).items():
        for query in texts:
            answers = [_answer(url, query) for url in urls]
            if any(answer != answers[0] for answer in answers):
                raise RuntimeError(f"the servers disagree on {name}:\n{query}")


def run_wrk(url: str, seconds: int, connections: int, queries: list[str] | None = None,
            threads: int = 2) -> dict[str, float]:
    """QPS, latency percentiles, requests and non-2xx answers of wrk cycling through `queries` (the mix's by
    default)."""
    path = urllib.parse.urlparse(url).path
    paths = ",\n".join(json.dumps(path + "?" + urllib.parse.urlencode({"query": q}))
                       for q in (queries or list(QUERY_MIX.values())))
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA % (paths, ACCEPT))
    try:
        output = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
                                 "-s", script.name, url], capture_output=True, text=True, check=True).stdout
    finally:
        Path(script.name).unlink()
    return parse_wrk(output)


def parse_wrk(output: str) -> dict[str, float]:
    """QPS, latency percentiles, requests and non-2xx answers from wrk's report (run with --latency)."""
    def latency_ms(label: str) -> float:
        value, unit = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()  # type: ignore[union-attr]
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "qps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),  # type: ignore[union-attr]
        "p50_ms": latency_ms("50"),
        "p99_ms": latency_ms("99"),
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),  # type: ignore[union-attr]
        "non_2xx": int(errors.group(1)) if errors else 0,
    }


# A server to measure: (command, URL of its SPARQL endpoint, environment).
Server = tuple[list[str], str, dict[str, str]]


def bbkg_server(store_dir: Path, port: int, cache: bool = True) -> Server:
    """`bbkg serve` on the store folder, with its response cache on or off."""
    return ([str(VENV_BIN / "bbkg"), "serve", "--store", str(store_dir), "--port", str(port)],
            f"http://127.0.0.1:{port}/sparql", {} if cache else {"BBKG_QUERY_CACHE_BYTES": "0"})


def oxigraph_server(store_dir: Path, port: int) -> Server:
    """`oxigraph serve-read-only` on the RocksDB files of the build `store_dir/current` names. No
    --union-default-graph: the build already stores the union, as a set, in the default graph."""
    oxigraph_dir = (store_dir / "current").resolve() / "oxigraph"
    return ([str(VENV_BIN / "oxigraph"), "serve-read-only", "--location", str(oxigraph_dir),
             "--bind", f"127.0.0.1:{port}"], f"http://127.0.0.1:{port}/query", {})


def process_tree(root: int) -> list[int]:
    """`root` and every live process below it, from /proc (a server's granian workers, their query processes)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
    tree = [root]
    for pid in tree:
        tree += sorted(child for child, parent in parents.items() if parent == pid)
    return tree


def _tree_files(root: int, name: str) -> Iterator[str]:
    """The text of /proc/PID/`name` of each live process of the tree under `root`."""
    for pid in process_tree(root):
        try:
            yield Path(f"/proc/{pid}/{name}").read_text()
        except OSError:
            continue  # gone meanwhile


def cpu_seconds(root: int) -> float:
    """CPU time (user and system) used so far by the live processes of the tree under `root`."""
    ticks = sum(int(f[11]) + int(f[12]) for f in (text.rsplit(")", 1)[1].split() for text in _tree_files(root, "stat")))
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mib(root: int) -> float:
    """Resident memory of the live processes of the tree under `root`, in MiB (shared pages counted in each)."""
    pages = sum(int(text.split()[1]) for text in _tree_files(root, "statm"))
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)


def pss_mib(root: int) -> float:
    """Proportional memory of the live processes of the tree under `root`, in MiB: a page shared by n of them
    counts 1/n in each, so pages a fork shares with its parent are counted once."""
    kib = 0
    for text in _tree_files(root, "smaps_rollup"):
        kib += next((int(line.split()[1]) for line in text.splitlines() if line.startswith("Pss:")), 0)
    return round(kib / 1024, 1)


def alternated_runs(urls: dict[str, str], seconds: int, connections: int, queries: list[str],
                    rounds: int = 2, pids: dict[str, int] | None = None) -> dict[str, list[dict[str, float]]]:
    """run_wrk on each server in turn, `rounds` times, the order reversed every other round (so that neither
    side always runs on the warmer or the quieter machine), each run after a 1 s warm-up. With the servers'
    `pids`, each run also gives the CPU its server's processes spent a request (µs): steadier than QPS on a
    machine whose neighbours take a varying share of the cores."""
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
    for round_number in range(rounds):
        for name in (list(urls) if round_number % 2 == 0 else list(reversed(urls))):
            run_wrk(urls[name], 1, connections, queries)  # warm-up
            used = cpu_seconds(pids[name]) if pids else 0.0
            run = run_wrk(urls[name], seconds, connections, queries)
            if pids:
                spent = cpu_seconds(pids[name]) - used
                # A run in which no request finished has no CPU a request (NaN), which the medians leave out.
                run["cpu_us_per_request"] = round(spent / run["requests"] * 1e6, 1) if run["requests"] else math.nan
            runs[name].append(run)
    return runs


def median_figures(runs: list[dict[str, float]]) -> dict[str, Any]:
    """One server's runs from alternated_runs, summed up: the medians of QPS, latencies and (when measured)
    CPU a request, and the requests and non-2xx answers of all runs."""
    figures: dict[str, Any] = {"qps": round(statistics.median(r["qps"] for r in runs), 1),
                               "p50_ms": round(statistics.median(r["p50_ms"] for r in runs), 2),
                               "p99_ms": round(statistics.median(r["p99_ms"] for r in runs), 2)}
    if all("cpu_us_per_request" in r for r in runs):
        measured = [r["cpu_us_per_request"] for r in runs if not math.isnan(r["cpu_us_per_request"])]
        figures["cpu_us_per_request"] = round(statistics.median(measured), 1) if measured else math.nan
    figures["requests"] = sum(int(r["requests"]) for r in runs)
    figures["non_2xx"] = sum(int(r["non_2xx"]) for r in runs)
    return figures


CONNECTION_QUERIES: list[Any] = [
    {"from": "Wally Backman", "to": "Sandy Alderson"},
    {"from": "Wally Backman", "to": "Terry Collins"},
    {"from": "Omar Minaya", "to": "Jerry Manuel"},
    [("among", "Wally Backman"), ("among", "Sandy Alderson"), ("among", "Terry Collins")],
]


def bench_connections(base_url: str, rounds: int = 100, queries: list[Any] | None = None) -> dict[str, float]:
    """Latency of /api/connections, one request at a time over a kept-alive connection: p50, p95, max (ms)."""
    session = requests.Session()
    queries = queries or CONNECTION_QUERIES
    for params in queries:  # warm-up: open the store in the worker
        session.get(base_url + "/api/connections", params=params, timeout=30).raise_for_status()
    latencies = []
    for _ in range(rounds):
        for params in queries:
            started = time.perf_counter()
            session.get(base_url + "/api/connections", params=params, timeout=30).raise_for_status()
            latencies.append((time.perf_counter() - started) * 1000)
    latencies.sort()
    return {"requests": len(latencies), "p50_ms": round(latencies[len(latencies) // 2], 2),
            "p95_ms": round(latencies[int(len(latencies) * 0.95)], 2), "max_ms": round(latencies[-1], 2)}


def bench_endpoints(store_dir: Path, seconds: int = 10, connections: int = 8) -> dict[str, Any]:
    """Measure the servers on the build that `store_dir/current` names."""
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is not installed; `make bench` installs it (apt-get install wrk)")
    scratch = tempfile.TemporaryDirectory(prefix="bbkg-endpoint-")
    union_file = Path(scratch.name) / "union.nt"
    with open(union_file, "wb") as out:
        dump_store(open_current(store_dir)[0], "ntriples", out)
    servers: dict[str, Server] = {
        "bbkg": bbkg_server(store_dir, 8711),
        "bbkg_no_cache": bbkg_server(store_dir, 8712, cache=False),
        "oxigraph": oxigraph_server(store_dir, 8713),
        # rdflib in memory, from the union graph that the others serve as their default graph.
        "rdflib_endpoint": ([str(VENV_BIN / "rdflib-endpoint"), "serve", str(union_file), "--host", "127.0.0.1",
                             "--port", "8714"], "http://127.0.0.1:8714/", {}),
    }
    results: dict[str, Any] = {"query_mix": list(QUERY_MIX), "seconds": seconds, "connections": connections}
    with scratch, ExitStack() as running:
        for command, url, env in servers.values():
            running.enter_context(process(command, url, env))
        check_same_answers([url for _, url, _ in servers.values()])
        # Measured one after another; an idle server takes no CPU from the one under load.
        for name, (_, url, _) in servers.items():
            run_wrk(url, 2, connections)  # warm-up: worker processes, caches
            results[name] = run_wrk(url, seconds, connections)
        results["connections_api"] = bench_connections(servers["bbkg"][1].removesuffix("/sparql"))
    for name in ("bbkg", "bbkg_no_cache", "rdflib_endpoint"):
        results[f"qps_ratio_{name}_over_oxigraph"] = round(results[name]["qps"] / results["oxigraph"]["qps"], 3)
    return results


if __name__ == "__main__":
    store = Path(sys.argv[1]) if len(sys.argv) > 1 else PROJECT_ROOT / "var" / "store"
    print(json.dumps(bench_endpoints(store), indent=2))
