"""Applying a SPARQL Update to the current build, one writer at a time, and telling readers to reopen."""

from __future__ import annotations

import fcntl
import time
from pathlib import Path

from pyoxigraph import Store

from store.builds import StoreNotBuiltError, current_build

UPDATED_MARKER = "UPDATED"


def apply_update(store_dir: Path, update: str) -> None:
    """Run `update` against the current build; raises SyntaxError for a bad update.

    Read-only handles see a snapshot, so the marker file tells them to reopen. The next
    `bbkg build` starts from the articles again: updates live only as long as this build.
    """
    build = current_build(store_dir)
    if build is None:
        raise StoreNotBuiltError(f"no built store in {store_dir}; run `bbkg build` first")
    with open(store_dir / ".update.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one writer across all server processes
        store = Store(str(build / "oxigraph"))
        try:
            store.update(update)
            store.flush()
        finally:
            del store
        (build / UPDATED_MARKER).write_text(str(time.time_ns()), encoding="utf-8")


def store_version(store_dir: Path) -> tuple[str | None, int]:
    """What a reader compares to know whether to reopen: the build `current` names, and its last update."""
    link = store_dir / "current"
    try:
        target = str(link.readlink())
    except OSError:
        return None, 0
    try:
        updated = (link / UPDATED_MARKER).stat().st_mtime_ns
    except OSError:
        updated = 0
    return target, updated
