"""A read-only view of the current store build that follows `current` when a new build or an update lands."""

from __future__ import annotations

import itertools
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


# Quads added to a copy per call. pyoxigraph holds the GIL for a whole call, so one call for a whole store would
# keep a server worker's other threads waiting as long as the copy takes; small chunks bound that wait, at the
# cost of a slightly longer load.
COPY_CHUNK_QUADS = 2_000


def memory_copy(store: Store) -> Store:
    """An in-memory copy of every quad of `store`. pyoxigraph's memory store evaluates an aggregate over the
    whole graph, or a one-pattern lookup, in a fraction of the CPU its RocksDB store takes, which spends much of
    it fetching and decompressing blocks."""
    copy = Store()
    quads = store.quads_for_pattern(None, None, None, None)
    while chunk := list(itertools.islice(quads, COPY_CHUNK_QUADS)):
        copy.bulk_extend(chunk)
    return copy


class PinnedStore:
    """An in-memory copy of one version of the store while that version is current; the store on disk after."""

    def __init__(self, store_dir: Path | str, memory: Store | None, version: tuple[str | None, int]) -> None:
        self.store_dir = Path(store_dir)
        self.memory = memory
        self.version = version
        self._disk = CurrentStore(store_dir)

    def get(self) -> Store:
        """The copy, or, once a build or an update has changed the store, the current build read from disk."""
        if self.memory is not None and store_version(self.store_dir) == self.version:
            return self.memory
        return self._disk.get()
