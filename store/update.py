"""Applying a SPARQL Update to the current build, one writer at a time, and telling readers to reopen."""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path

from pyoxigraph import Store

from store.builds import StoreNotBuiltError, current_build
from store.sandbox import run_isolated

UPDATED_MARKER = "UPDATED"


def _update_store(database: str, update: str) -> None:
    """Open the database for writing, apply the update in one transaction, flush (in the isolated process)."""
    store = Store(database)
    store.update(update)
    store.flush()


def apply_update(store_dir: Path, update: str, timeout: float = 30.0, isolate_network: bool = True) -> None:
    """Run `update` against the current build; raises SyntaxError for a bad update, DeadlineExceeded when
    it runs past `timeout` seconds.

    The update runs in a process of its own without network (LOAD cannot reach out), killed at the
    deadline: Oxigraph applies an update as one transaction, so a killed one leaves the store as it was,
    and the writer lock is free again at once. Read-only handles see a snapshot, so the marker file tells
    them to reopen. The next `bbkg build` starts from the articles again: updates live as long as this build.
    """
    build = current_build(store_dir)
    if build is None:
        raise StoreNotBuiltError(store_dir)
    with open(store_dir / ".update.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one writer across all server processes
        run_isolated(_update_store, (str(build / "oxigraph"), update), timeout, isolate_network)
        # The count the build recorded is stale now: the marker carries the live one (/health reads it).
        quads = len(Store.read_only(str(build / "oxigraph")))
        (build / UPDATED_MARKER).write_text(json.dumps({"updated_ns": time.time_ns(), "quads": quads}),
                                            encoding="utf-8")


def updated_quads(store_dir: Path) -> int | None:
    """The current build's quad count after its last update, None when it has had none."""
    build = current_build(store_dir)
    try:
        return int(json.loads((build / UPDATED_MARKER).read_text(encoding="utf-8"))["quads"]) if build else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store_version(store_dir: Path) -> tuple[str | None, int]:
    """What a reader compares to know whether to reopen: the build `current` names, and its last update."""
    # os rather than pathlib: every query process asks this before every query.
    link = os.path.join(store_dir, "current")
    try:
        target = os.readlink(link)
    except OSError:
        return None, 0
    try:
        updated = os.stat(os.path.join(link, UPDATED_MARKER)).st_mtime_ns
    except OSError:
        updated = 0
    return target, updated
