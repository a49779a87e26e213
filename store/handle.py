"""A read-only view of the current store build that follows `current` when a new build or an update lands, and
in-memory copies of a build that follow its updates."""

from __future__ import annotations

import itertools
import sys
import threading
from pathlib import Path

from pyoxigraph import Store

from store.builds import DERIVED, StoreUnavailableError, build_summary, open_current
from store import derived
from store.update import UpdatePoint, may_touch_vocabulary, store_version, update_point, updates_between


class CurrentStore:
    """Opens the current build lazily (after a server forks) and reopens it when it changes: a Store object of
    the same lineage (store/derived.py) after an update, of a new one after a build."""

    def __init__(self, store_dir: Path | str) -> None:
        self.store_dir = Path(store_dir)
        self._lock = threading.Lock()
        self._store: Store | None = None
        self._version: tuple[str | None, int] | None = None
        self._opened_at: UpdatePoint | None = None  # the point read just before the store was opened

    def get(self) -> Store:
        """The store of the current build; raises StoreNotBuiltError before the first build."""
        version = store_version(self.store_dir)
        with self._lock:
            if self._store is None or version != self._version:
                # The store holds at least the updates of the point before it, at most those of the one after.
                before = update_point(self.store_dir)
                store, build = open_current(self.store_dir)
                after = update_point(self.store_dir)
                self._succeed(store, build, after)
                self._store, self._version, self._opened_at = store, version, before
            return self._store

    def _succeed(self, store: Store, build: Path, after: UpdatePoint) -> None:
        """Register `store` as the last one opened again (the updates between them read from the log), or as the
        first of its lineage (`build`'s, with the values it saved)."""
        last, since = self._store, self._opened_at
        if last is None or since is None:
            derived.register(store, build / DERIVED, updated=after.version[1] != 0)
            return
        updates = None
        if (since.version[0] == after.version[0] and since.log_bytes is not None and after.log_bytes is not None
                and since.log_bytes <= after.log_bytes):
            updates = updates_between(self.store_dir, since.log_bytes, after.log_bytes)
        if updates is None and since.version[0] != after.version[0]:
            derived.forget(last)
            derived.register(store, build / DERIVED, updated=after.version[1] != 0)
        else:  # updates unreadable (set aside, or that may reach the network) are taken to touch the vocabulary
            derived.reopened(store, last, updates is None or any(map(may_touch_vocabulary, updates)))

    def __del__(self) -> None:
        if self._store is not None:
            derived.forget(self._store)


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
    """An in-memory copy of the current build, kept current: each update applied to the build since the copy was
    read is applied to the copy too, from the update log, in order, when the copy is next asked for. The store on
    disk once the build is replaced, or when the copy cannot follow (a logged update that may reach the network,
    a log set aside)."""

    def __init__(self, store_dir: Path | str, memory: Store | None, point: UpdatePoint,
                 build: Path | None = None) -> None:
        self.store_dir = Path(store_dir)
        self.memory = memory
        self.version = point.version
        self._log_bytes = point.log_bytes
        self._disk = CurrentStore(store_dir)
        self._following = threading.Lock()
        if memory is not None:
            derived.register(memory, build / DERIVED if build is not None else None, updated=point.version[1] != 0)

    def current(self) -> bool:
        """Whether the copy is at the current build's last update, once it has applied those logged since."""
        if self.memory is None:
            return False
        version = store_version(self.store_dir)
        return version == self.version or (version[0] == self.version[0] and self._follow())

    def get(self) -> Store:
        """The copy, brought up to the build's last update; the current build read from disk if it cannot be."""
        memory = self.memory
        return memory if memory is not None and self.current() else self._disk.get()

    def _follow(self) -> bool:
        """Apply the updates logged since the copy's point; False when the copy cannot follow the build."""
        with self._following:
            point = update_point(self.store_dir)
            if self.memory is None or point.version[0] != self.version[0]:
                return False
            if point.version == self.version:
                return True  # another thread brought it here
            if point.log_bytes is None or self._log_bytes is None or point.log_bytes < self._log_bytes:
                return False
            updates = updates_between(self.store_dir, self._log_bytes, point.log_bytes)
            if updates is None:
                return False
            try:
                for update in updates:
                    self.memory.update(update)
            except Exception as exc:  # applied to the build, so this is a fault: said, and read from disk after
                print(f"bbkg: an in-memory copy of {self.store_dir} cannot apply a logged update ({exc}); it is "
                      "read from disk from now on", file=sys.stderr)
                derived.forget(self.memory)
                self.memory = None
                return False
            # Said changed before the new version is: no thread may read it with the old derived values.
            derived.changed(self.memory, any(map(may_touch_vocabulary, updates)))
            self.version, self._log_bytes = point.version, point.log_bytes
            return True

    def release(self) -> None:
        """Let go of the copy (reading from disk after), emptied first: pyoxigraph empties a store without the
        interpreter's lock, where freeing a full one holds it, and every other thread with it, for seconds."""
        memory, self.memory = self.memory, None
        if memory is not None:
            derived.forget(memory)
            memory.clear()

    def __del__(self) -> None:
        if self.memory is not None:
            derived.forget(self.memory)


def load_copy(store_dir: Path | str, max_quads: int) -> PinnedStore:
    """An in-memory copy of the current build, at the update it has reached; without a copy (reading from disk)
    for a store of more than `max_quads` quads, or none at all."""
    store_dir = Path(store_dir)
    try:
        while True:
            # A copy must hold exactly the updates its point says, or it would apply one twice: the marker that
            # names the database opened is the one read before and after (an update replaces it).
            point = update_point(store_dir)
            quads = build_summary(store_dir)["quads"]
            disk, build = open_current(store_dir) if 0 < quads <= max_quads else (None, None)
            if update_point(store_dir) == point:
                break
    except StoreUnavailableError:
        return PinnedStore(store_dir, None, update_point(store_dir))
    return PinnedStore(store_dir, memory_copy(disk) if disk is not None else None, point, build)
