"""The floor under varied lookups: the least a server in front of Oxigraph can spend per query, measured
against `oxigraph serve-read-only` and `bbkg serve` (cache off) on the same store and the same query list.

Two stripped-down WSGI apps run under granian as `bbkg serve` does (2 workers), with none of bbkg's work
around a query (no protocol checks, guard, negotiation, row cap, metrics or CORS):

- `hop`: the worker pipes the query text to a long-lived child process, which evaluates it and writes it with
  Oxigraph's JSON serializer; the worker relays the bytes. Any design that can kill a query at its deadline
  and give its slot to a fresh process pays at least this.
- `in_worker`: the worker evaluates the query itself. Nothing can stop such a query (pyoxigraph cannot cancel
  one), so this is not a design bbkg can serve with; it shows what the hop costs.

    python -m benchmarks.floor STORE_DIR [SECONDS]
"""

from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import sys
import threading
import urllib.parse
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions, Store

from benchmarks.page import RESULTS
from benchmarks.endpoint import (VENV_BIN, alternated_runs, bbkg_server, check_same_answers, oxigraph_server,
                                 process)
from benchmarks.varied import query_families

STORE_VARIABLE, MODE_VARIABLE = "BBKG_FLOOR_STORE", "BBKG_FLOOR_MODE"
MODES = ("hop", "in_worker")


def _answer(store: Store, query: str) -> bytes:
    results = store.query(query)
    assert isinstance(results, QuerySolutions | QueryBoolean)  # lookups, and the ASK that tells a server is up
    return results.serialize(format=QueryResultsFormat.JSON) or b""


def _child(conn: Connection, store_path: str) -> None:
    store = Store.read_only(store_path)
    while True:
        try:
            query = conn.recv_bytes().decode()
        except EOFError:
            return
        conn.send_bytes(_answer(store, query))


def _piped(store_path: str) -> Callable[[str], bytes]:
    """Each query to an idle child process (a new one when all are busy), as one request slot each."""
    context = multiprocessing.get_context("spawn")
    idle: list[Connection] = []
    lock = threading.Lock()

    def run(query: str) -> bytes:
        with lock:
            conn = idle.pop() if idle else None
        if conn is None:
            conn, child_end = context.Pipe()
            context.Process(target=_child, args=(child_end, store_path), daemon=True).start()
        try:
            conn.send_bytes(query.encode())
            return conn.recv_bytes()
        finally:
            with lock:
                idle.append(conn)
    return run


def app_factory() -> Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]:
    """The floor app of one granian worker, in the mode and over the Oxigraph folder named by the environment."""
    store_path, mode = os.environ[STORE_VARIABLE], os.environ[MODE_VARIABLE]
    if mode == "in_worker":
        store = Store.read_only(store_path)
        run: Callable[[str], bytes] = lambda query: _answer(store, query)  # noqa: E731
    else:
        run = _piped(store_path)

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        body = run(urllib.parse.parse_qs(environ["QUERY_STRING"])["query"][0])
        start_response("200 OK", [("Content-Type", "application/sparql-results+json"),
                                  ("Content-Length", str(len(body)))])
        return [body]
    return app


def bench_floor(store_dir: Path, seconds: int = 8, connections: tuple[int, ...] = (8, 32),
                rounds: int = 2) -> dict[str, Any]:
    """Varied lookups on each server, one at a time, A/B alternated over `rounds`; medians and ratios."""
    lookups = query_families(store_dir)["lookup"]
    oxigraph_dir = str((store_dir / "current").resolve() / "oxigraph")
    granian = [str(VENV_BIN / "granian"), "--interface", "wsgi", "--workers", "2", "--blocking-threads", "8",
               "--no-ws", "--factory", "benchmarks.floor:app_factory"]
    servers = {
        "oxigraph": oxigraph_server(store_dir, 8743),
        **{f"floor_{mode}": (granian + ["--port", str(8751 + i)], f"http://127.0.0.1:{8751 + i}/sparql",
                             {STORE_VARIABLE: oxigraph_dir, MODE_VARIABLE: mode})
           for i, mode in enumerate(MODES)},
        "bbkg_cache_off": bbkg_server(store_dir, 8741, cache=False),
    }
    results: dict[str, Any] = {"seconds": seconds, "rounds": rounds, "distinct_queries": len(lookups), "runs": {}}
    with ExitStack() as running:
        for command, url, env in servers.values():
            running.enter_context(process(command, url, env))
        check_same_answers([url for _, url, _ in servers.values()], {"lookup": lookups[:20]})
        for count in connections:
            runs = alternated_runs({name: url for name, (_, url, _) in servers.items()}, seconds, count, lookups,
                                   rounds)
            medians = {name: statistics.median(run["qps"] for run in name_runs) for name, name_runs in runs.items()}
            results["runs"][f"lookup@{count}"] = {
                name: {"qps": round(medians[name], 1), "vs_oxigraph": round(medians[name] / medians["oxigraph"], 3)}
                for name in servers}
    return results


if __name__ == "__main__":
    measured = bench_floor(Path(sys.argv[1]), seconds=int(sys.argv[2]) if len(sys.argv) > 2 else 8)
    (RESULTS / "floor.json").write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(measured, indent=2))
