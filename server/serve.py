"""Running the app under granian: a Rust HTTP server with several Python worker processes.

Workers are separate processes that build their own app: the settings reach them as
BBKG_* environment variables, and the metrics as a shared memory-mapped file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from flask import Flask

from vocab.config import SETTINGS, load_settings
from vocab.errors import UserError
from server import create_app
from server.metrics import Metrics
from store.builds import open_current
from store.sandbox import network_isolation_available

class IsolationUnavailableError(UserError, PermissionError):
    """The kernel refuses the empty network namespace that isolates queries."""


METRICS_FILE_VARIABLE = "BBKG_SERVE_METRICS_FILE"
# Requests one worker holds at once. Most of them wait (on a query process or for a query slot, see the
# query_slots setting), so threads are cheap; with few of them, /health queued behind busy clients in
# granian and took over a second under 64 clients.
THREADS_PER_WORKER = 64


def worker_app() -> Flask:
    """The app of one worker process (granian calls this factory in each worker)."""
    settings = load_settings()
    # The worker checks the update token; the query processes it starts later must not inherit it.
    os.environ.pop("BBKG_UPDATE_TOKEN", None)
    return create_app(settings, Metrics(Path(os.environ[METRICS_FILE_VARIABLE])))


def serve(settings: Mapping[str, Any]) -> None:
    """Serve the store named in settings until interrupted."""
    from granian import Granian
    from granian.constants import Interfaces

    resolved = load_settings(settings)
    open_current(Path(resolved["store_dir"]))  # refuse, in one line, a store that is missing or corrupt
    if resolved["isolate_query_network"] and not network_isolation_available():
        raise IsolationUnavailableError(
            "this kernel refuses the empty network namespace that keeps queries, updates and API lookups from "
            "reaching other hosts; serve anyway, without that second line behind the SERVICE/LOAD check, with "
            "BBKG_ISOLATE_QUERY_NETWORK=false")
    for setting in SETTINGS:
        os.environ[f"BBKG_{setting.name.upper()}"] = str(resolved[setting.name])
    with tempfile.TemporaryDirectory(prefix="bbkg-serve-") as scratch:
        os.environ[METRICS_FILE_VARIABLE] = str(Path(scratch) / "metrics")
        Granian(
            "server.serve:worker_app", factory=True, interface=Interfaces.WSGI,
            address=resolved["host"], port=resolved["port"], workers=resolved["workers"],
            blocking_threads=THREADS_PER_WORKER, websockets=False,
            log_access=resolved["access_log"], respawn_failed_workers=True,
        ).serve()
