"""A read-only view of the current store build that follows `current` when a new build or an update lands."""

from __future__ import annotations

import threading
from pathlib import Path

from pyoxigraph import Store

from store.builds import open_current
from store.update import store_version


class CurrentStore:
    """Opens the current build lazily (after a server forks) and reopens it when it changes."""

    def __init__(self, store_dir: Path | str) -> None:
        self.store_dir = Path(store_dir)
        self._lock = threading.Lock()
        self._store: Store | None = None
        self._version: tuple[str | None, int] | None = None

    def get(self) -> Store:
        """The store of the current build; raises StoreNotBuiltError before the first build."""
        version = store_version(self.store_dir)
        with self._lock:
            if self._store is None or version != self._version:
                self._store, _ = open_current(self.store_dir)
                self._version = version
            return self._store
