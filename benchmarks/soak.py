"""`make soak`: 64 clients for 60 s against `bbkg serve` on loopback, over a varied, uncached mix of /sparql and
/api/*; midway it kills one server worker and one query process (another worker's shared process, which
answers its queries from the in-memory copy). It reports requests, errors, p50/p99,
how fast /health answered throughout, and the server's memory before and after, and fails (exit 1) when:
a valid request got a non-2xx answer, a socket error happened other than in the second after the worker
was killed, or /health took a second or more.

Everything runs on this machine (127.0.0.1), bounded in time: the clients stop at the deadline by themselves.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from vocab import namespaces
from vocab.config import PROJECT_ROOT, load_settings
from vocab.formats import result_format
from bbkg.pipeline import run_build
from benchmarks.endpoint import process
from store.builds import open_current
from store.select import select_rows

CLIENTS = 64
SECONDS = 60.0
WARM_UP = 5.0
KILL_AT = SECONDS / 2
KILL_WINDOW = 2.0  # seconds after the kill in which the killed worker's connections fail
RESULTS = PROJECT_ROOT / "benchmarks" / "results"
BB = namespaces.BB


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    bad: list[str] = field(default_factory=list)  # non-2xx answers to valid requests
    socket_errors: list[float] = field(default_factory=list)  # when each happened, in seconds since the start
    socket_error_messages: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _tree(pid: int) -> list[int]:
    """A process and all its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        pending.extend(children.get(current, []))
    return found


def _rss_mib(pid: int) -> float:
    total = 0
    for member in _tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return total / 1024


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _requests(entities: list[dict[str, str]], people: list[dict[str, str]]) -> list[tuple[str, dict[str, Any]]]:
    """A varied mix of valid requests: every one differs (entity, pair, limit), so no cache could help."""
    rng = random.Random(11)
    mix: list[tuple[str, dict[str, Any]]] = []
    for _ in range(4000):
        entity = rng.choice(entities)
        a, b = rng.sample(people, 2)
        kind, limit = rng.randrange(6), rng.randint(1, 60)
        if kind == 0:
            mix.append(("/sparql", {"query": f"SELECT ?p ?o WHERE {{ <{entity['e']}> ?p ?o }} LIMIT {limit}"}))
        elif kind == 1:
            mix.append(("/sparql", {"query": f"PREFIX bb: <{BB}> SELECT ?org ?role WHERE {{ ?m bb:member <{a['e']}> ;"
                                             f" bb:organization ?org ; bb:role ?role }} LIMIT {limit}"}))
        elif kind == 2:
            mix.append(("/api/connections", {"from": a["e"], "to": b["e"], "max_hops": rng.randint(1, 4)}))
        elif kind == 3:
            mix.append(("/api/entities", {"q": entity["label"]}))
        elif kind == 4:
            mix.append(("/api/central", {"type": rng.choice(["Person", "Team"]), "limit": rng.randint(1, 50)}))
        else:
            mix.append(("/sparql", {"query": f"SELECT ?s WHERE {{ ?s a <{BB}Person> }} OFFSET {limit} LIMIT 5"}))
    return mix


def _client(url: str, mix: list[tuple[str, dict[str, Any]]], offset: int, started: float, seconds: float,
            tally: Tally) -> None:
    session = requests.Session()
    i = offset
    while time.monotonic() - started < seconds:
        path, params = mix[i % len(mix)]
        i += 7
        sent = time.monotonic()
        try:
            response = session.get(url + path, params=params, timeout=30,
                                   headers={"Accept": result_format("json").media_type})
        except requests.RequestException as exc:
            with tally.lock:
                tally.socket_errors.append(time.monotonic() - started)
                tally.socket_error_messages.append(f"{time.monotonic() - started:.2f} s (sent at "
                                                   f"{sent - started:.2f} s): {type(exc).__name__}: {exc}"[:300])
            session = requests.Session()
            continue
        with tally.lock:
            tally.latencies.append(time.monotonic() - sent)
            key = str(response.status_code)
            tally.statuses[key] = tally.statuses.get(key, 0) + 1
            if not 200 <= response.status_code < 300:
                tally.bad.append(f"{response.status_code} {path} {params}: {response.text[:200]}")


def _watch_health(url: str, started: float, report: Any) -> None:
    """Ask /health every half second; sends back (seconds since the start, seconds taken, error or "")."""
    probes = []
    while time.monotonic() - started < SECONDS:
        sent, error = time.monotonic(), ""
        try:
            requests.get(url + "/health", timeout=1.0).raise_for_status()
        except requests.RequestException as exc:
            error = str(exc)
        probes.append((sent - started, time.monotonic() - sent, error))
        time.sleep(0.5)
    report.put(probes)


def _kill_worker_and_query_process(server_pid: int) -> dict[str, Any]:
    """SIGKILL one granian worker, then, a second later, one query process of another worker: its shared
    process (a fork of its zygote, server/shared_queries.py), whose queries in flight are then retried alone,
    or else one of its per-query processes (spawned children)."""
    workers = [pid for pid in _tree(server_pid) if pid != server_pid and "spawn_main" not in _cmdline(pid)
               and "resource_tracker" not in _cmdline(pid) and server_pid in _parents(pid)[:1]]
    killed: dict[str, Any] = {"worker": None, "query_process": None, "query_process_kind": None}
    if workers:
        os.kill(workers[0], signal.SIGKILL)
        killed["worker"] = workers[0]
    time.sleep(1.0)
    # Still in the server's tree (the killed worker's children have left it) and not the killed worker's.
    survivors = [pid for pid in _tree(server_pid) if "spawn_main" in _cmdline(pid) and workers
                 and workers[0] not in _parents(pid)]
    shared = [pid for pid in survivors if any("spawn_main" in _cmdline(parent) for parent in _parents(pid)[:1])]
    if shared or survivors:
        victim = (shared or survivors)[0]
        os.kill(victim, signal.SIGKILL)
        killed["query_process"] = victim
        killed["query_process_kind"] = "shared process" if shared else "per-query process"
    return killed


def _parents(pid: int) -> list[int]:
    chain = []
    while pid > 1:
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            break
        chain.append(pid)
    return chain


def soak(store_dir: Path) -> dict[str, Any]:
    store, _ = open_current(store_dir)
    entities = select_rows(store, f"SELECT DISTINCT ?e ?label WHERE {{ ?e <{namespaces.RDFS_LABEL}> "
                                  "?label FILTER(isIRI(?e)) } ORDER BY ?e")
    people = select_rows(store, f"SELECT DISTINCT ?e WHERE {{ ?e a <{BB}Person> }} ORDER BY ?e")
    del store
    mix = _requests(entities, people)
    port = 18000 + os.getpid() % 1000
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "bbkg.cli", "serve", "--store", str(store_dir), "--port", str(port)]
    with process(command, url + "/sparql", {"BBKG_QUERY_CACHE_BYTES": "0", "BBKG_WORKERS": "2"}) as server:
        # Warm up with the same concurrency, so that every worker has started the query processes its
        # request slots use (one per request in flight) before memory is measured.
        warm_tally, warm_start = Tally(), time.monotonic()
        warmers = [threading.Thread(target=_client, args=(url, mix[2000:], i, warm_start, WARM_UP, warm_tally))
                   for i in range(CLIENTS)]
        for thread in warmers:
            thread.start()
        for thread in warmers:
            thread.join(60)
        rss_before = _rss_mib(server.pid)
        tally = Tally()
        started = time.monotonic()
        threads = [threading.Thread(target=_client, args=(url, mix, i, started, SECONDS, tally))
                   for i in range(CLIENTS)]
        # The health check runs in its own process, as a load balancer's would: in this one, it would wait
        # for the GIL behind the 64 client threads, and measure the load generator rather than the server.
        spawn = multiprocessing.get_context("spawn")
        health_report = spawn.Queue()
        watcher = spawn.Process(target=_watch_health, args=(url, started, health_report))
        watcher.start()
        for thread in threads:
            thread.start()
        time.sleep(KILL_AT)
        killed_at = time.monotonic() - started
        killed = _kill_worker_and_query_process(server.pid)  # the query process a second after the worker
        for thread in threads:
            thread.join(SECONDS + 60)
        health_probes = health_report.get(timeout=60)
        watcher.join(10)
        elapsed = time.monotonic() - started
        rss_after = _rss_mib(server.pid)
    # The killed worker's requests in flight (and those sent on its closed connections just after) fail with
    # a socket error when it dies; nothing else may.
    def from_the_kill(when: float) -> bool:
        return killed_at <= when <= killed_at + KILL_WINDOW

    unexplained = [t for t in tally.socket_errors if not from_the_kill(t)]
    health_times = [taken for _, taken, _ in health_probes]
    health_failures = [(when, error) for when, _, error in health_probes if error]
    health_unexplained = [f"{t:.1f} s: {message}" for t, message in health_failures if not from_the_kill(t)]
    latencies = sorted(tally.latencies)
    report = {
        "clients": CLIENTS, "seconds": round(elapsed, 1), "requests": len(latencies),
        "requests_per_second": round(len(latencies) / elapsed, 1), "statuses": tally.statuses,
        "non_2xx_on_valid_requests": len(tally.bad), "first_non_2xx": tally.bad[:5],
        "socket_errors": len(tally.socket_errors), "socket_errors_not_from_the_killed_worker": len(unexplained),
        "socket_errors_not_from_the_killed_worker_detail": [
            message for when, message in zip(tally.socket_errors, tally.socket_error_messages, strict=True)
            if not from_the_kill(when)],
        "p50_ms": round(statistics.median(latencies) * 1000, 1),
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1),
        "health_p50_ms": round(statistics.median(health_times) * 1000, 1),
        "health_max_ms": round(max(health_times) * 1000, 1),
        "health_slowest_at_s": round(max(health_probes, key=lambda probe: probe[1])[0], 1),
        "health_failures": [f"{t:.1f} s: {message}" for t, message in health_failures],
        "health_failures_not_from_the_killed_worker": health_unexplained,
        "rss_mib_before": round(rss_before), "rss_mib_after": round(rss_after), "killed": killed,
        "killed_at_s": round(killed_at, 1),
    }
    report["passed"] = (report["non_2xx_on_valid_requests"] == 0 and not unexplained and not health_unexplained
                        and report["health_max_ms"] < 1000 and killed["worker"] is not None
                        and killed["query_process"] is not None)
    return report


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bbkg-soak-") as scratch:
        store_dir = Path(scratch) / "store"
        run_build(load_settings({"input_dir": str(PROJECT_ROOT / "seeds"), "store_dir": str(store_dir)}))
        report = soak(store_dir)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "soak.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    if not report["passed"]:
        sys.exit("soak: FAILED (see the report above)")


if __name__ == "__main__":
    main()
