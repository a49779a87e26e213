"""A read-only view of the current store build that follows `current` when a new build is published."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from pyoxigraph import Store

from store.builds import open_current


class CurrentStore:
    """Opens the current build lazily (after a server forks) and reopens it when `current` moves."""

    def __init__(self, store_dir: Path | str) -> None:
        self.store_dir = Path(store_dir)
        self._lock = threading.Lock()
        self._store: Store | None = None
        self._target: str | None = None

    def _link_target(self) -> str | None:
        try:
            return os.readlink(self.store_dir / "current")
        except OSError:
            return None

    def get(self) -> Store:
        """The store of the current build; raises StoreNotBuiltError before the first build."""
        target = self._link_target()
        with self._lock:
            if self._store is None or target != self._target:
                self._store, _ = open_current(self.store_dir)
                self._target = target
            return self._store
