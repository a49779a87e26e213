"""Running the app: a front process on the server's address (front.py), and granian, a Rust HTTP server with
several Python worker processes, behind it on a Unix socket.

The front and the workers are separate processes that build their own app: the settings reach them as BBKG_*
environment variables, and the metrics as a shared memory-mapped file.
"""

from __future__ import annotations

import ctypes.util
import os
import signal
import subprocess
import sys
import threading
import tempfile
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from flask import Flask

from vocab.config import SETTINGS, load_settings
from vocab.errors import UserError
from server import create_app
from server.front import listen, start_front, stop_front
from server.metrics import METRICS_FILE_VARIABLE, Metrics
from store.builds import open_current
from store.sandbox import network_isolation_available

class IsolationUnavailableError(UserError, PermissionError):
    """The kernel refuses the empty network namespace that isolates queries."""


# Requests one worker holds at once. Most of them wait (on a query process or for a query slot, see the
# query_slots setting), so threads are cheap; with few of them, /health would queue behind busy clients in
# granian.
THREADS_PER_WORKER = 64


def allocator_library(allocator: str) -> str | None:
    """The shared library to preload for the allocator setting (as the dynamic loader names it, such as
    libjemalloc.so.2); None for the system's allocator, or where the library is not installed."""
    return None if allocator == "system" else ctypes.util.find_library(allocator)


def is_mapped(library: str, pid: int | str = "self") -> bool:
    """Whether the process `pid` (this one by default) has `library` mapped; False for a process that is gone."""
    try:
        with open(f"/proc/{pid}/maps", encoding="utf-8", errors="replace") as maps:
            return any(line.rstrip().endswith("/" + library) for line in maps)
    except OSError:
        return False


def restart_with_allocator(settings: Mapping[str, Any]) -> None:
    """Run this same command again with the allocator preloaded, or return where there is nothing to do.

    An allocator must be in place before the first allocation, so LD_PRELOAD only works from a process's
    start; granian forks its workers from this process and the workers spawn the query processes, so all
    of them get it from here. The pid stays the same (exec), so whatever started `bbkg serve` still holds it.
    """
    allocator = settings["allocator"]
    library = allocator_library(allocator)
    if library is None:
        if allocator != "system":
            print(f"bbkg serve: {allocator} is not installed (Debian: apt-get install libjemalloc2); "
                  "serving with the system allocator", file=sys.stderr)
        return
    if is_mapped(library):
        return
    preload = ":".join(filter(None, [library, os.environ.get("LD_PRELOAD")]))
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, [sys.executable, *sys.orig_argv[1:]], {**os.environ, "LD_PRELOAD": preload})


def worker_app() -> Flask:
    """The app of one worker process (granian calls this factory in each worker)."""
    settings = load_settings()
    # The worker checks the update token; the query processes it starts later must not inherit it.
    os.environ.pop("BBKG_UPDATE_TOKEN", None)
    app = create_app(settings, Metrics(Path(os.environ[METRICS_FILE_VARIABLE])))
    app.extensions["bbkg_executor"].start_loading()
    return app


def _stop_when_ended(front: subprocess.Popen[bytes], stopping: threading.Event) -> None:
    """Stop the server (as SIGTERM does) if its front process ends while it serves: nothing listens any more."""
    status = front.wait()
    if not stopping.is_set():
        print(f"bbkg serve: the front process ended (status {status}); stopping", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGTERM)


def serve(settings: Mapping[str, Any], restart_for_allocator: bool = False) -> None:
    """Serve the store named in settings until interrupted. With `restart_for_allocator` (the CLI's own process,
    never a caller that must go on), first run the command again with the allocator preloaded, once the store
    has passed the check that refuses, in one line, to serve a missing or corrupt one."""
    # Only serving needs granian: the CLI's other commands and the tests' in-process apps never load it.
    from granian import Granian
    from granian.constants import Interfaces

    resolved = load_settings(settings)
    open_current(Path(resolved["store_dir"]))  # refuse, in one line, a store that is missing or corrupt
    if restart_for_allocator:  # before any child process, which would outlive the exec on the old allocator
        restart_with_allocator(resolved)
    if resolved["isolate_query_network"] and not network_isolation_available():
        raise IsolationUnavailableError(
            "this kernel refuses the empty network namespace that keeps queries, updates and API lookups from "
            "reaching other hosts; serve anyway, without that second line behind the SERVICE/LOAD check, with "
            "BBKG_ISOLATE_QUERY_NETWORK=false")
    for setting in SETTINGS:
        os.environ[f"BBKG_{setting.name.upper()}"] = str(resolved[setting.name])
    listener = listen(resolved["host"], resolved["port"])
    with tempfile.TemporaryDirectory(prefix="bbkg-serve-") as scratch:
        os.environ[METRICS_FILE_VARIABLE] = str(Path(scratch) / "metrics")
        workers_socket = Path(scratch) / "workers.sock"
        front = start_front(listener, workers_socket)
        listener.close()  # the front's now: granian's workers, forked from here, must not hold it open
        # granian's own line names its Unix socket: this one names the address clients use.
        print(f"bbkg serve: listening at http://{resolved['host']}:{resolved['port']}/", file=sys.stderr, flush=True)
        stopping = threading.Event()
        threading.Thread(target=_stop_when_ended, args=(front, stopping), name="bbkg-front-watch", daemon=True).start()
        try:
            Granian(
                "server.serve:worker_app", factory=True, interface=Interfaces.WSGI, uds=workers_socket,
                workers=resolved["workers"], blocking_threads=THREADS_PER_WORKER, websockets=False,
                log_access=resolved["access_log"], respawn_failed_workers=True,
            ).serve()
        finally:
            stopping.set()
            stop_front(front)
