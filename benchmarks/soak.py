"""`make soak`: `bbkg serve` on loopback under 64 clients, updates, hostile bodies, a rebuild and killed
processes, all at once.

The 64 clients send a varied, uncached mix (every request different) of /sparql lookups, /api/connections,
/api/entities, /api/central and entity pages (a club's page is the heaviest thing a client can ask for).
Meanwhile:
- an updater sends SPARQL updates with the token, each inserting a new triple, one a second; every NAMED_EVERY-th
  also names a new person (a class and a label: the vocabulary, which the values derived from the store read),
  who must be found by name at the end;
- a hostile client sends an update padded past `max_request_bytes` in a chunked body, once a second;
- at REBUILD_AT a rebuild of the store starts (`bbkg build`, as an operator runs it), which replays the updates
  acknowledged so far and switches the served store;
- at KILL_AT one server worker is killed, then a query process of another (its shared process, whose queries
  in flight are retried alone);
- two processes of their own (from a thread among the 64 clients they would measure the load generator's
  GIL) ask /health twice a second, as a load balancer would, and look up names back to back, as a person types;
- the server's PSS is read every second.

It runs for SECONDS, or until SETTLE seconds after the rebuild has ended if that is later, and fails (exit 1)
when a valid request got a non-2xx answer; a socket error happened other than in the seconds after the worker
was killed; /health took a second (other than in those seconds); a name lookup's p95 was 200 ms or more; an
oversized body got anything but 413, or its update showed; an acknowledged update is missing from the store at
the end (a name it added not found by name NAME_TABLE_LAG seconds after); the rebuild failed; or the PSS passed
the bound docs/safety.md gives: twice what the server held idle (the old and the new build's copies side by side
while a new one loads) plus workers × (2 × query_slots + lookup slots) × query_memory_mb.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from benchmarks.page import RESULTS
from bbkg.pipeline import run_build
from benchmarks.endpoint import process, process_tree, pss_mib
from server.evaluation import LOOKUP_SLOTS
from store.builds import open_current
from store.select import select_rows
from vocab import namespaces
from vocab.config import PROJECT_ROOT, load_settings
from vocab.formats import result_format

CLIENTS = 64
WORKERS = 2
SECONDS = 60.0
SETTLE = 15.0  # seconds of load after the rebuild has switched the store
NAME_TABLE_LAG = 30.0  # seconds a name an acknowledged update adds may take to be found by name
MOST_SECONDS = 1200.0
WARM_UP = 5.0
REBUILD_AT = 10.0
KILL_AT = 30.0
KILL_WINDOW = 2.0  # seconds after the kill in which the killed worker's connections fail
UPDATES_PER_SECOND = 1
NAMED_EVERY = 5
LOOKUP_P95_MS = 200.0
BB = namespaces.BB
JSON = result_format("json").media_type
SOAK_GRAPH = "urn:bbkg:soak"
SOAK_PREDICATE = "urn:bbkg:soak:n"
HOSTILE_SUBJECT = "urn:bbkg:soak:hostile"


def _soak_update(n: int) -> str:
    """The updater's `n`th update: a new triple in the soak's graph, and every NAMED_EVERY-th a new person too."""
    update = f"INSERT DATA {{ GRAPH <{SOAK_GRAPH}> {{ <urn:bbkg:soak:{n}> <{SOAK_PREDICATE}> {n} }} }}"
    if n % NAMED_EVERY == 0:
        update += (f" ; INSERT DATA {{ <urn:bbkg:soak:{n}> a <{BB}Person> ; "
                   f"<{namespaces.RDFS_LABEL}> \"{_soak_name(n)}\" }}")
    return update


def _soak_name(n: int) -> str:
    return f"Soakupdate {n}"


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    bad: list[str] = field(default_factory=list)  # non-2xx answers to valid requests
    bad_times: list[tuple[float, float]] = field(default_factory=list)  # each one's (sent at, seconds taken)
    socket_errors: list[float] = field(default_factory=list)  # when each happened, in seconds since the start
    socket_error_messages: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answered(self, started: float, sent: float, status: int, what: str, text: str) -> None:
        with self.lock:
            self.latencies.append(time.monotonic() - sent)
            self.statuses[str(status)] = self.statuses.get(str(status), 0) + 1
            if not 200 <= status < 300:
                self.bad.append(f"{status} {what}: {text[:200]}")
                self.bad_times.append((sent - started, time.monotonic() - sent))

    def failed(self, started: float, sent: float, exc: Exception) -> None:
        with self.lock:
            self.socket_errors.append(time.monotonic() - started)
            self.socket_error_messages.append(f"{time.monotonic() - started:.2f} s (sent at {sent - started:.2f} s):"
                                              f" {type(exc).__name__}: {exc}"[:300])


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _page_path(iri: str) -> str:
    return "/" + iri.split("/", 3)[3]


def _requests(entities: list[dict[str, str]], people: list[dict[str, str]],
              clubs: list[dict[str, str]]) -> list[tuple[str, dict[str, Any], str]]:
    """A varied mix of valid requests (path, parameters, Accept): every one differs (entity, pair, limit), so
    no cache could help."""
    rng = random.Random(11)
    mix: list[tuple[str, dict[str, Any], str]] = []
    for _ in range(4000):
        entity = rng.choice(entities)
        a, b = rng.sample(people, 2)
        kind, limit = rng.randrange(7), rng.randint(1, 60)
        if kind == 0:
            mix.append(("/sparql", {"query": f"SELECT ?p ?o WHERE {{ <{entity['e']}> ?p ?o }} LIMIT {limit}"}, JSON))
        elif kind == 1:
            mix.append(("/sparql", {"query": f"PREFIX bb: <{BB}> SELECT ?org ?role WHERE {{ ?m bb:member <{a['e']}> ;"
                                             f" bb:organization ?org ; bb:role ?role }} LIMIT {limit}"}, JSON))
        elif kind == 2:
            mix.append(("/api/connections", {"from": a["e"], "to": b["e"], "max_hops": rng.randint(1, 4)}, JSON))
        elif kind == 3:
            mix.append(("/api/entities", {"q": entity["label"]}, JSON))
        elif kind == 4:
            mix.append(("/api/central", {"type": rng.choice(["Person", "Team"]), "limit": rng.randint(1, 50)}, JSON))
        elif kind == 5:
            mix.append((_page_path(rng.choice(clubs)["e"]), {"v": limit}, "text/html"))
        else:
            mix.append(("/sparql", {"query": f"SELECT ?s WHERE {{ ?s a <{BB}Person> }} OFFSET {limit} LIMIT 5"}, JSON))
    return mix


def _client(url: str, mix: list[tuple[str, dict[str, Any], str]], offset: int, started: float,
            stop: threading.Event, tally: Tally) -> None:
    session = requests.Session()
    i = offset
    while not stop.is_set():
        path, params, accept = mix[i % len(mix)]
        i += 7
        sent = time.monotonic()
        try:
            response = session.get(url + path, params=params, timeout=60, headers={"Accept": accept})
        except requests.RequestException as exc:
            tally.failed(started, sent, exc)
            session = requests.Session()
            continue
        tally.answered(started, sent, response.status_code, f"{path} {params}", response.text)


def _update(url: str, token: str, started: float, stop: threading.Event, tally: Tally,
            acknowledged: list[int]) -> None:
    """Send _soak_update UPDATES_PER_SECOND times a second; `acknowledged` gets each one answered 200."""
    session, n = requests.Session(), 0
    while not stop.is_set():
        n += 1
        update = _soak_update(n)
        sent = time.monotonic()
        try:
            response = session.post(url + "/sparql", data={"update": update}, timeout=60,
                                    headers={"Authorization": f"Bearer {token}"})
        except requests.RequestException as exc:
            tally.failed(started, sent, exc)
            session = requests.Session()
            continue
        tally.answered(started, sent, response.status_code, f"update {n}", response.text)
        if response.status_code == 200:
            acknowledged.append(n)
        time.sleep(max(0.0, 1 / UPDATES_PER_SECOND - (time.monotonic() - sent)))


def _send_oversized(url: str, token: str, limit: int, stop: threading.Event, answers: list[int]) -> None:
    """Once a second, an update that inserts HOSTILE_SUBJECT and is then padded past `limit` bytes, sent in
    chunks (no Content-Length): each must be refused whole (413), and the triple must never show."""
    update = (f"INSERT DATA {{ GRAPH <{SOAK_GRAPH}> {{ <{HOSTILE_SUBJECT}> <{SOAK_PREDICATE}> 0 }} }} ;\n"
              + "#" * (limit + 100_000) + "\nINSERT DATA { }").encode()

    def chunks() -> Any:
        for start in range(0, len(update), 65_536):
            yield update[start:start + 65_536]

    while not stop.is_set():
        try:
            response = requests.post(url + "/sparql", data=chunks(), timeout=60,
                                     headers={"Authorization": f"Bearer {token}",
                                              "Content-Type": "application/sparql-update"})
            answers.append(response.status_code)
        except requests.RequestException:
            answers.append(0)  # the server may close the connection once it has refused the body
        time.sleep(1.0)


def _watch(url: str, path: str, params: list[dict[str, str]], pause: float, started: float, stop: Any,
           report: Any) -> None:
    """Ask `path` with each of `params` in turn, `pause` seconds apart, until `stop`; sends back (seconds since
    the start, seconds taken, status or error)."""
    probes, i = [], 0
    session = requests.Session()
    while not stop.is_set():
        sent = time.monotonic()
        try:
            outcome = str(session.get(url + path, params=params[i % len(params)], timeout=5.0).status_code)
        except requests.RequestException as exc:
            outcome = f"{type(exc).__name__}: {exc}"[:200]
            session = requests.Session()
        probes.append((sent - started, time.monotonic() - sent, outcome))
        i += 1
        time.sleep(pause)
    report.put(probes)


def _parents(pid: int) -> list[int]:
    chain = []
    while pid > 1:
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            break
        chain.append(pid)
    return chain


def _kill_worker_and_query_process(server_pid: int) -> dict[str, Any]:
    """SIGKILL one granian worker, then, a second later, one query process of another worker: its shared
    process (a fork of its zygote, server/shared_queries.py), whose queries in flight are then retried alone,
    or else one of its per-query processes (spawned children)."""
    workers = [pid for pid in process_tree(server_pid) if pid != server_pid and "spawn_main" not in _cmdline(pid)
               and "resource_tracker" not in _cmdline(pid) and "server.front" not in _cmdline(pid)
               and server_pid in _parents(pid)[:1]]
    killed: dict[str, Any] = {"worker": None, "query_process": None, "query_process_kind": None}
    if workers:
        os.kill(workers[0], signal.SIGKILL)
        killed["worker"] = workers[0]
    time.sleep(1.0)
    # Still in the server's tree (the killed worker's children have left it) and not the killed worker's.
    survivors = [pid for pid in process_tree(server_pid) if "spawn_main" in _cmdline(pid) and workers
                 and workers[0] not in _parents(pid)]
    shared = [pid for pid in survivors if any("spawn_main" in _cmdline(parent) for parent in _parents(pid)[:1])]
    if shared or survivors:
        victim = (shared or survivors)[0]
        os.kill(victim, signal.SIGKILL)
        killed["query_process"] = victim
        killed["query_process_kind"] = "shared process" if shared else "per-query process"
    return killed


def _sample_memory(server_pid: int, started: float, stop: threading.Event, samples: list[tuple[float, float]]) -> None:
    while not stop.is_set():
        samples.append((time.monotonic() - started, pss_mib(server_pid)))
        time.sleep(1.0)


def _acknowledged_present(url: str, acknowledged: list[int]) -> tuple[list[int], bool]:
    """The acknowledged updates missing from the served store (a person one named not found by name counts as
    missing), and whether the hostile triple is in it."""
    query = f"SELECT ?n WHERE {{ GRAPH <{SOAK_GRAPH}> {{ ?s <{SOAK_PREDICATE}> ?n }} }}"
    rows = requests.get(url + "/sparql", params={"query": query}, headers={"Accept": JSON},
                        timeout=60).json()["results"]["bindings"]
    present = {int(row["n"]["value"]) for row in rows}
    # The last ones named, which a name table read before them would not have: the table is read again after
    # such an update once four reads' time has passed since the last read (docs/safety.md), so each gets
    # NAME_TABLE_LAG seconds to be found.
    unfound = [n for n in acknowledged if n % NAMED_EVERY == 0][-3:]
    until = time.monotonic() + NAME_TABLE_LAG
    while unfound:
        unfound = [n for n in unfound if not any(
            entity["iri"] == f"urn:bbkg:soak:{n}" for entity in requests.get(
                url + "/api/entities", params={"q": _soak_name(n)}, timeout=60).json().get("results", []))]
        if not unfound or time.monotonic() > until:
            break
        time.sleep(1.0)
    present -= set(unfound)
    return sorted(set(acknowledged) - present), 0 in present


def _first_of_each_status(answers: list[str], each: int = 3) -> list[str]:
    """The first `each` answers of every status among `answers` (each starts with its status)."""
    firsts: dict[str, list[str]] = {}
    for answer in answers:
        kept = firsts.setdefault(answer.split(" ", 1)[0], [])
        if len(kept) < each:
            kept.append(answer)
    return [answer for kept in firsts.values() for answer in kept]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] if ordered else 0.0


def soak(store_dir: Path, input_dir: Path, build_log: Path) -> dict[str, Any]:
    store, _ = open_current(store_dir)
    entities = select_rows(store, f"SELECT DISTINCT ?e ?label WHERE {{ ?e <{namespaces.RDFS_LABEL}> "
                                  "?label FILTER(isIRI(?e)) } ORDER BY ?e")
    people = select_rows(store, f"SELECT DISTINCT ?e WHERE {{ ?e a <{BB}Person> }} ORDER BY ?e")
    clubs = select_rows(store, f"SELECT DISTINCT ?e WHERE {{ ?e a <{BB}Team> }} ORDER BY ?e")
    del store
    mix = _requests(entities, people, clubs)
    names = [{"q": entity["label"]} for entity in random.Random(5).sample(entities, 500)]
    settings = load_settings({"workers": WORKERS})
    token = secrets.token_hex(16)
    port = 18000 + os.getpid() % 1000
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "bbkg.cli", "serve", "--store", str(store_dir), "--port", str(port)]
    env = {"BBKG_QUERY_CACHE_BYTES": "0", "BBKG_WORKERS": str(WORKERS), "BBKG_UPDATE_TOKEN": token}
    with process(command, url + "/sparql", env) as server:
        # Warm up with the same concurrency, so that every worker has started the query processes its
        # request slots use before memory is measured.
        warm_stop, warm_tally, warm_start = threading.Event(), Tally(), time.monotonic()
        # Daemons all: a failure of the soak itself ends it rather than leaving 64 clients running.
        warmers = [threading.Thread(target=_client, args=(url, mix[2000:], i, warm_start, warm_stop, warm_tally),
                                    daemon=True) for i in range(CLIENTS)]
        for thread in warmers:
            thread.start()
        time.sleep(WARM_UP)
        warm_stop.set()
        for thread in warmers:
            thread.join(60)
        idle_mib = pss_mib(server.pid)
        bound_mib = 2 * idle_mib + WORKERS * (2 * settings["query_slots"] + LOOKUP_SLOTS) * settings["query_memory_mb"]
        build_before = requests.get(url + "/health", timeout=10).json()["build"]

        tally, stop, started = Tally(), threading.Event(), time.monotonic()
        acknowledged: list[int] = []
        oversized: list[int] = []
        memory: list[tuple[float, float]] = []
        threads = [threading.Thread(target=_client, args=(url, mix, i, started, stop, tally), daemon=True)
                   for i in range(CLIENTS)]
        threads += [threading.Thread(target=_update, args=(url, token, started, stop, tally, acknowledged),
                                     daemon=True),
                    threading.Thread(target=_send_oversized, daemon=True,
                                     args=(url, token, settings["max_request_bytes"], stop, oversized)),
                    threading.Thread(target=_sample_memory, args=(server.pid, started, stop, memory), daemon=True)]
        spawn = multiprocessing.get_context("spawn")
        probes_stop, health_report, lookup_report = spawn.Event(), spawn.Queue(), spawn.Queue()
        # Daemons too: a soak that fails ends them (two, left looking up names at a dead port, ran for two hours).
        probes = [spawn.Process(target=_watch, args=(url, "/health", [{}], 0.5, started, probes_stop, health_report),
                                daemon=True),
                  spawn.Process(target=_watch, args=(url, "/api/entities", names, 0.0, started, probes_stop,
                                                     lookup_report), daemon=True)]
        for probe in probes:
            probe.start()
        for thread in threads:
            thread.start()
        time.sleep(REBUILD_AT)
        rebuilt_from = time.monotonic() - started
        with open(build_log, "w", encoding="utf-8") as log:
            rebuild = subprocess.Popen([sys.executable, "-m", "bbkg.cli", "build", "--input", str(input_dir),
                                        "--store", str(store_dir)], stdout=log, stderr=subprocess.STDOUT,
                                       start_new_session=True)  # its Spark JVM goes with it if it overruns
            rebuild_exit: int | None = None  # an overrun is reported as a failed rebuild, not a traceback
            try:
                time.sleep(max(0.0, KILL_AT - (time.monotonic() - started)))
                killed_at = time.monotonic() - started
                killed = _kill_worker_and_query_process(server.pid)  # the query process a second after the worker
                rebuild_exit = rebuild.wait(MOST_SECONDS)
            except subprocess.TimeoutExpired:
                pass
            finally:  # however the soak ends, the build and its JVM end with it
                if rebuild.poll() is None:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(rebuild.pid, signal.SIGKILL)
                    rebuild.wait()
        rebuilt_at = time.monotonic() - started
        time.sleep(max(0.0, SECONDS - rebuilt_at, SETTLE))
        stop.set()
        probes_stop.set()
        for thread in threads:
            thread.join(120)
        health_probes, lookup_probes = health_report.get(timeout=60), lookup_report.get(timeout=60)
        for probe in probes:
            probe.join(10)
        elapsed = time.monotonic() - started
        missing, hostile_shown = _acknowledged_present(url, acknowledged)
        build_after = requests.get(url + "/health", timeout=10).json()["build"]

    def from_the_kill(when: float) -> bool:
        return killed_at <= when <= killed_at + KILL_WINDOW

    unexplained = [message for when, message in zip(tally.socket_errors, tally.socket_error_messages, strict=True)
                   if not from_the_kill(when)]
    health_times = [taken for _, taken, _ in health_probes]
    health_unexplained = [f"{t:.1f} s: {outcome}" for t, _, outcome in health_probes
                          if outcome != "200" and not from_the_kill(t)]
    lookup_times = [taken * 1000 for when, taken, outcome in lookup_probes if outcome == "200"]
    lookup_unexplained = [f"{t:.1f} s: {outcome}" for t, _, outcome in lookup_probes
                          if outcome != "200" and not from_the_kill(t)]
    latencies = sorted(tally.latencies)
    peak_at, peak_mib = max(memory, key=lambda sample: sample[1])
    report = {
        "date": time.strftime("%Y-%m-%d", time.gmtime()), "machine": f"{os.cpu_count()} cores",
        "clients": CLIENTS, "workers": WORKERS, "seconds": round(elapsed, 1), "requests": len(latencies),
        "requests_per_second": round(len(latencies) / elapsed, 1), "statuses": tally.statuses,
        "non_2xx_on_valid_requests": len(tally.bad), "first_non_2xx_of_each_status": _first_of_each_status(tally.bad),
        "non_2xx_sent_at_s_and_taking_s": [(round(at, 1), round(took, 1)) for at, took in tally.bad_times[:40]],
        "socket_errors": len(tally.socket_errors), "socket_errors_not_from_the_killed_worker": len(unexplained),
        "socket_errors_not_from_the_killed_worker_detail": unexplained[:10],
        "p50_ms": round(statistics.median(latencies) * 1000, 1),
        "p99_ms": round(_percentile(latencies, 0.99) * 1000, 1),
        "health_p50_ms": round(statistics.median(health_times) * 1000, 1),
        "health_max_ms": round(max(health_times) * 1000, 1),
        # A probe sent as a worker is killed may wait for its replacement to start, as a failed one is excused.
        "health_max_ms_not_from_the_kill": round(max(taken for when, taken, _ in health_probes
                                                     if not from_the_kill(when)) * 1000, 1),
        "health_slowest_at_s_and_ms": [(round(at, 1), round(took * 1000)) for at, took, _ in
                                       sorted(health_probes, key=lambda probe: -probe[1])[:5]],
        "health_failures_not_from_the_killed_worker": health_unexplained,
        "lookups": len(lookup_times), "lookup_p50_ms": round(statistics.median(lookup_times), 1),
        "lookup_p95_ms": round(_percentile(lookup_times, 0.95), 1),
        "lookup_failures_not_from_the_killed_worker": lookup_unexplained,
        "updates_acknowledged": len(acknowledged), "updates_missing_at_the_end": missing,
        "oversized_bodies": len(oversized), "oversized_statuses": sorted(set(oversized)),
        "oversized_update_shown": hostile_shown,
        "rebuild_started_at_s": round(rebuilt_from, 1), "rebuild_ended_at_s": round(rebuilt_at, 1),
        "rebuild_exit": rebuild_exit, "build_switched": build_after != build_before,
        "pss_mib_idle": round(idle_mib), "pss_mib_peak": round(peak_mib), "pss_peak_at_s": round(peak_at, 1),
        "pss_mib_bound": round(bound_mib), "killed": killed, "killed_at_s": round(killed_at, 1),
    }
    report["passed"] = (report["non_2xx_on_valid_requests"] == 0 and not unexplained and not health_unexplained
                        and report["health_max_ms_not_from_the_kill"] < 1000 and not lookup_unexplained
                        and report["lookup_p95_ms"] < LOOKUP_P95_MS and not missing and not hostile_shown
                        and acknowledged and set(oversized) <= {413, 0} and 413 in oversized
                        and rebuild_exit == 0 and report["build_switched"] and peak_mib <= bound_mib
                        and killed["worker"] is not None and killed["query_process"] is not None)
    return report


def markdown(report: dict[str, Any]) -> str:
    """The benchmarks page's soak section."""
    rows = [
        ("passed", "yes" if report["passed"] else "**NO**"),
        ("requests from the 64 clients (every one different)", f"{report['requests']:,} in {report['seconds']} s"),
        ("non-2xx answers to valid requests", report["non_2xx_on_valid_requests"]),
        ("socket errors (outside the killed worker's seconds)",
         f"{report['socket_errors']} ({report['socket_errors_not_from_the_killed_worker']})"),
        ("clients' p50 / p99, ms", f"{report['p50_ms']} / {report['p99_ms']}"),
        ("/health p50 / max / max but in the seconds after the kill, ms",
         f"{report['health_p50_ms']} / {report['health_max_ms']} / {report['health_max_ms_not_from_the_kill']}"),
        ("name lookups (/api/entities, back to back): count, p50 / p95 ms",
         f"{report['lookups']:,}, {report['lookup_p50_ms']} / {report['lookup_p95_ms']}"),
        ("updates acknowledged / missing at the end", f"{report['updates_acknowledged']} / "
                                                      f"{len(report['updates_missing_at_the_end'])}"),
        ("oversized chunked bodies: sent, statuses, their update shown",
         f"{report['oversized_bodies']}, {report['oversized_statuses']}, "
         f"{'yes' if report['oversized_update_shown'] else 'no'}"),
        ("rebuild under load: from / to, s; exit; store switched",
         f"{report['rebuild_started_at_s']} / {report['rebuild_ended_at_s']}; {report['rebuild_exit']}; "
         f"{'yes' if report['build_switched'] else 'no'}"),
        ("server PSS idle / peak / bound, MiB", f"{report['pss_mib_idle']:,} / {report['pss_mib_peak']:,} "
                                                f"(at {report['pss_peak_at_s']} s) / {report['pss_mib_bound']:,}"),
        ("killed at", f"{report['killed_at_s']} s: a worker, then a {report['killed']['query_process_kind']}"),
    ]
    return "\n".join([f"The last `make soak`, {report['date']}, on {report['machine']}:", "", "| | |", "|---|---|",
                      *[f"| {name} | {value} |" for name, value in rows]]) + "\n"


def main() -> None:
    seeds = PROJECT_ROOT / "seeds"
    with tempfile.TemporaryDirectory(prefix="bbkg-soak-") as scratch:
        store_dir = Path(scratch) / "store"
        run_build(load_settings({"input_dir": str(seeds), "store_dir": str(store_dir)}))
        report = soak(store_dir, seeds, Path(scratch) / "rebuild.log")
        if report["rebuild_exit"] != 0:
            print((Path(scratch) / "rebuild.log").read_text(encoding="utf-8")[-3000:], file=sys.stderr)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "soak.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    if not report["passed"]:
        sys.exit("soak: FAILED (see the report above)")


if __name__ == "__main__":
    main()
