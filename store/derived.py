"""Values derived from a store (its chain network, its membership graph, its name table), kept for the store
last asked, and read again when what they are read from changes.

The build saves the values that take seconds to read (the chain network, the membership graph) beside its
database (`save`), so that a process that opens it loads them in a fraction of a second: at a server's start,
and whenever a query process is started again after a query past its deadline. A build updated since is read
again in the background while its saved values answer.

A build never changes. What changes is the store a server reads: an in-memory copy applies the updates its build
has had (store/handle.PinnedStore), and a store on disk is opened again, as a new Store object, after each update
(store/handle.CurrentStore). Both stay in one *lineage*, whose *generation* changes only when an update may have
touched the project's vocabulary (store/update.may_touch_vocabulary), which is all a derived value reads: an
update of a user's own triples leaves the values standing. A new build, or a store no handle registered, is a
lineage of its own.
"""

from __future__ import annotations

import itertools
import os
import pickle
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

from pyoxigraph import Store

# Each registered store's (lineage, generation), by id(): pyoxigraph's Store takes no attribute and no weak
# reference. The handle that registers a store forgets it when it lets it go, so that no later store can take
# its id, and its lineage, meanwhile.
_lineages: dict[int, tuple[int, int]] = {}
_numbers = itertools.count(1)
# Each lineage's folder of values its build saved (`save`), by lineage number: they are its generation 0's.
_saved: dict[int, Path] = {}
SAVED_GENERATION = 0


def lineage(store: Store) -> tuple[int, int] | None:
    """`store`'s (lineage, generation); None for a store no handle registered."""
    return _lineages.get(id(store))


def register(store: Store, saved: Path | None = None, updated: bool = False) -> None:
    """Start a lineage with `store`: a build, whose values were saved in `saved` (if it is not None) before
    the updates it has had since (`updated`)."""
    number = next(_numbers)
    _lineages[id(store)] = (number, next(_numbers) if updated else SAVED_GENERATION)
    if saved is not None:
        _saved[number] = saved


def changed(store: Store, vocabulary: bool) -> None:
    """`store` applied updates, which may have touched the vocabulary."""
    found = _lineages.get(id(store))
    if found is None:
        register(store)
    elif vocabulary:
        _lineages[id(store)] = (found[0], next(_numbers))


def reopened(store: Store, before: Store, vocabulary: bool) -> None:
    """`store` is `before` opened again after updates, which may have touched the vocabulary."""
    found = _lineages.pop(id(before), None)
    if found is None:
        register(store)
    else:
        _lineages[id(store)] = (found[0], next(_numbers) if vocabulary else found[1])


def forget(store: Store) -> None:
    """The handle that registered `store` lets it go."""
    found = _lineages.pop(id(store), None)
    if found is not None and not any(number == found[0] for number, _ in _lineages.values()):
        _saved.pop(found[0], None)


def save(values: Iterable[DerivedValue[Any]], store: Store, folder: Path) -> None:
    """Read each value from `store` (a build, before it is published) and save it in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for value in values:
        assert value.saved_as is not None, value
        partial = folder / (value.saved_as + ".partial")
        with open(partial, "wb") as f:
            pickle.dump(value.read_from(store), f, pickle.HIGHEST_PROTOCOL)
        partial.replace(folder / value.saved_as)


# A value read in less time than this is read again at once, by the asking thread, when its store changes.
INLINE_READ_SECONDS = 0.05
# Otherwise, in the background, while the previous value answers, and no sooner after the last read than this
# many times what it took: under a stream of updates reading stays a fraction of a core.
REFRESH_FACTOR = 4.0
# The values a build saves take seconds to read in every process that answers connection lookups: under a stream
# of updates, each is read again at most this often.
SAVED_REFRESH_SECONDS = 60.0

T = TypeVar("T")


class DerivedValue(Generic[T]):
    """`read(store)` for the store last asked.

    For a store of a lineage not asked before: loaded from the values its build saved (`saved_as`), and read
    again in the background if the build has been updated since. Without a saved value: with `settle_seconds`
    None, read at once by the asking thread; with `settle_seconds`, read in the background once that lineage
    has stayed the one asked for `settle_seconds` and twice the last read (a stream of new builds must not keep
    a core reading values no one gets to use), with None answered meanwhile.

    For the same lineage at a new generation: read at once when the last read was quick, else in the background
    while the previous value answers; so an answer may lag the last updates by up to REFRESH_FACTOR reads' time
    or `refresh_seconds`, whichever is longer (the wait before the next read starts), and one read.
    """

    def __init__(self, read: Callable[[Store], T], name: str, settle_seconds: float | None = None,
                 saved_as: str | None = None, refresh_seconds: float = 0.0) -> None:
        self._read = read
        self._name = name
        self.settle_seconds = settle_seconds
        self.refresh_seconds = refresh_seconds  # the least time between two reads in the background
        self.saved_as = saved_as  # its file among a build's saved values (`save`), if the build saves it
        self._store: Store | None = None  # the lineage's latest store asked: kept, so its id stays its own
        self._lineage: int | None = None
        self._value: T | None = None
        self._has_value = False
        self._generation = 0
        self._asked_since = 0.0
        self._read_seconds = 0.0
        self._read_ended = 0.0
        self._reading = False
        self._from_saved = False  # whether the value was loaded as its build saved it, never read here
        self._unsaved: int | None = None  # the lineage whose build saved no value that loads: not tried again
        self._lock = threading.Lock()
        # A forked process has no reading thread, and perhaps a held lock; it keeps the values (a zygote reads
        # the network once so that each fork has it).
        os.register_at_fork(after_in_child=self._after_fork)

    def _after_fork(self) -> None:
        self._lock, self._reading = threading.Lock(), False
        # A fork's values as its build saved them (a zygote's, in each shared process) are taken as just read: read
        # again after the wait for a saved value, not at once in every fresh fork, beside its first lookups.
        if self._has_value and self._from_saved:
            self._read_ended, self._read_seconds, self._from_saved = time.monotonic(), INLINE_READ_SECONDS, False

    def get(self, store: Store) -> T | None:
        """The value for `store`, perhaps one read before its last change; None while none is ready."""
        now = time.monotonic()
        number, changed_to = lineage(store) or (None, 0)
        with self._lock:
            if store is not self._store and (number is None or number != self._lineage):
                self._value, self._has_value, self._asked_since = None, False, now
            self._store, self._lineage = store, number
            # What the build saved loads in a fraction of a read, settled or not.
            if not self._has_value and not self._load_saved(number) and self.settle_seconds is None:
                return self._read_now(store, number, changed_to)
            if not self._has_value:
                if not self._reading and now - self._asked_since >= max(self.settle_seconds or 0.0,
                                                                        2 * self._read_seconds):
                    self._read_in_background(store, number, changed_to)
            elif changed_to != self._generation and not self._reading:
                if self._from_saved:  # how long a read takes is not known yet: not in the asking thread
                    self._read_in_background(store, number, changed_to)
                elif self._read_seconds < INLINE_READ_SECONDS:
                    return self._read_now(store, number, changed_to)
                elif now >= self._read_ended + max(REFRESH_FACTOR * self._read_seconds, self.refresh_seconds):
                    self._read_in_background(store, number, changed_to)
            return self._value

    def read_from(self, store: Store) -> T:
        """The value read from `store` now, kept nowhere (for `save`)."""
        return self._read(store)

    def _load_saved(self, number: int | None) -> bool:
        """Take the value its build saved for lineage `number`, if there is one that loads; whether it did."""
        folder = _saved.get(number) if number is not None else None
        if folder is None or self.saved_as is None or number == self._unsaved:
            return False
        try:
            with open(folder / self.saved_as, "rb") as f:
                value = pickle.load(f)  # written by the build (`save`), beside the database it serves
        except Exception:  # noqa: BLE001  # missing, or saved by another version of the code: read instead
            self._unsaved = number  # an older build's: asking again on every lookup would open it again
            return False
        self._value, self._has_value, self._generation, self._from_saved = value, True, SAVED_GENERATION, True
        return True

    def read_now(self, store: Store) -> T:
        """Read the value for `store` now, by this thread, settled or not (a zygote, before it forks)."""
        number, changed_to = lineage(store) or (None, 0)
        with self._lock:
            self._store, self._lineage = store, number
            return self._read_now(store, number, changed_to)

    def _read_now(self, store: Store, number: int | None, changed_to: int) -> T:
        # Under the lock: the other threads asking wait for this value rather than read it too.
        started = time.monotonic()
        value = self._read(store)
        self._keep(store, number, changed_to, value, started)
        return value

    def _read_in_background(self, store: Store, number: int | None, changed_to: int) -> None:
        self._reading = True

        def read() -> None:
            started = time.monotonic()
            try:
                value = self._read(store)
            except BaseException:
                with self._lock:
                    self._reading = False
                raise
            with self._lock:
                self._reading = False
                self._keep(store, number, changed_to, value, started)

        threading.Thread(target=read, name=self._name, daemon=True).start()

    def _keep(self, store: Store, number: int | None, changed_to: int, value: T, started: float) -> None:
        self._read_ended = time.monotonic()
        self._read_seconds = self._read_ended - started
        if store is self._store or (number is not None and number == self._lineage):
            self._value, self._has_value, self._generation = value, True, changed_to
            self._from_saved = False
