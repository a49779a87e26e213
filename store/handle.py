"""A read-only view of the current store build that follows `current` when a new build or an update lands, and
in-memory copies of a build that follow its updates."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
from pathlib import Path

from pyoxigraph import RdfFormat, Store

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


def memory_copy(store: Store) -> Store:
    """An in-memory copy of every quad of `store` (blank nodes under new labels: the same graph). pyoxigraph's
    memory store evaluates an aggregate over the whole graph, or a one-pattern lookup, in a fraction of the CPU
    its RocksDB store takes, which spends much of it fetching and decompressing blocks.

    The quads go through a pipe as N-Quads, written by `dump` in one thread and read by `bulk_load` in this
    one, side by side and with no Python object per quad: both run without the interpreter's lock but to hand
    over each few kilobytes (a server worker's other threads go on answering, where adding quads from Python
    held it for each chunk)."""
    copy = Store()
    failed: list[BaseException] = []
    with tempfile.TemporaryDirectory(prefix="bbkg-copy-") as scratch:
        pipe = os.path.join(scratch, "quads.nq")
        os.mkfifo(pipe)

        def write() -> None:
            # A file object, not the path: given a path, dump ends by syncing it, which a pipe refuses.
            try:
                with open(pipe, "wb", buffering=0) as output:  # closed, the reader meets the end of the data
                    store.dump(output, format=RdfFormat.N_QUADS)
            except BaseException as exc:
                failed.append(exc)
                _release(pipe, os.O_WRONLY)

        writer = threading.Thread(target=write, name="bbkg-copy-dump", daemon=True)
        writer.start()
        try:
            copy.bulk_load(path=pipe, format=RdfFormat.N_QUADS, lenient=True)  # the dump's own IRIs: valid
        except BaseException:
            _release(pipe, os.O_RDONLY)
            raise
        finally:
            writer.join()
    if failed:
        raise failed[0]
    return copy


def _release(pipe: str, mode: int) -> None:
    """Open and close the end of `pipe` that a failed side never opened, so that the other side's open returns
    (and it meets the end of the data, or a broken pipe) rather than waiting for ever."""
    with contextlib.suppress(OSError):
        os.close(os.open(pipe, mode | os.O_NONBLOCK))


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

    def get(self, replaced_build: bool = False) -> Store:
        """The copy, brought up to the build's last update; the current build read from disk if it cannot be.
        With `replaced_build`, the copy as it is once another build has replaced its own (a whole build, if an
        older one)."""
        memory = self.memory
        if memory is not None and (self.current() or (replaced_build and self.replaced())):
            return memory
        return self._disk.get()

    def replaced(self) -> bool:
        """Whether the copy is of a build another has replaced."""
        return self.memory is not None and store_version(self.store_dir)[0] != self.version[0]

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
