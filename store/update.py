"""Applying a SPARQL Update to the current build, one writer at a time, and telling readers to reopen; and the
store's update log, which carries every acknowledged update into the next build.

Oxigraph's read-only handles must not see their database written by another process (its documentation calls
that undefined behaviour; a handle may spin on files a compaction removed). So an update never writes a database
a reader may have open: it writes a copy of the served one (`<build>/snapshots/<time>`: its table files
hard-linked, which RocksDB never changes, the rest copied), and the build's marker then names that copy, which
readers open from then on. Copies superseded for SNAPSHOT_GRACE_SECONDS, longer than any request holds a
handle, are removed.

A build starts again from the articles, so an update applied to one build alone would be gone after the next:
each update is written to `<store>/updates.log` before it is applied (and taken out again if it fails), and a
build replays the log on its new store before it switches to it, holding the writer lock from the replay to the
switch so that no update lands in between. `bbkg build --drop-updates` builds without them and sets the log
aside, renamed, rather than deleting it.
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyoxigraph import Store

from store.builds import (DATABASE, SNAPSHOTS, UPDATED_MARKER, StoreNotBuiltError, current_build,
                          served_database)
from store.sandbox import DeadlineExceeded, run_isolated
from vocab.errors import UserError
from vocab.namespaces import NAMESPACES

UPDATE_LOG = "updates.log"
_LOCK_FILE = ".update.lock"
_LOCK_POLL_SECONDS = 0.01


class UpdateReplayError(UserError):
    """A logged update could not be applied to a new build; the build stops and the served store stays."""


@contextmanager
def writer_lock(store_dir: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the store's one writer lock (across processes: server workers, `bbkg build`); DeadlineExceeded when
    it is not had within `timeout` seconds (None: wait as long as it takes)."""
    with open(store_dir / _LOCK_FILE, "w") as lock:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | (0 if deadline is None else fcntl.LOCK_NB))
                break
            except BlockingIOError:
                if deadline is not None and time.monotonic() >= deadline:
                    raise DeadlineExceeded(f"waited {timeout:g} s for the store's writer (a build switching "
                                           "stores, or another update) and gave up") from None
                time.sleep(_LOCK_POLL_SECONDS)
        yield


SNAPSHOT_GRACE_SECONDS = 120.0


def _count(database: str) -> int:
    return len(Store.read_only(database))


def _link_copy(source: Path, target: Path) -> None:
    """A copy of the database in `source` (which no one writes) that writing cannot change: table files
    hard-linked, as RocksDB never changes one, the rest (the write-ahead log, the manifest it appends to)
    copied; its lock and its information logs left out."""
    target.mkdir(parents=True)
    for part in sorted(source.iterdir()):
        if part.name == "LOCK" or part.name.startswith("LOG") or not part.is_file():
            continue
        if part.suffix == ".sst":
            os.link(part, target / part.name)
        else:
            shutil.copy2(part, target / part.name)


def _update_store(source: str, target: str, update: str, committed: Any) -> int:
    """Copy the served database, apply the update to the copy in one transaction, flush, and count its quads (in
    the isolated process); `committed` is set once the transaction has committed."""
    _link_copy(Path(source), Path(target))
    store = Store(target)
    store.update(update)
    committed.set()
    store.flush()
    return len(store)  # here, not in the server: counting holds the interpreter's lock throughout


class _ReplayStopped(Exception):
    """Raised in the replaying process: the number of the logged update that failed, and the engine's reason."""


def _replay(database: str, updates: list[str]) -> int:
    """Apply each update in one transaction of its own, in order, then flush; the quads after (in the isolated
    process)."""
    store = Store(database)
    for number, update in enumerate(updates, 1):
        try:
            store.update(update)
        except Exception as exc:  # any reason the engine gives: the build names the update and stops
            raise _ReplayStopped(number, str(exc)) from None
    store.flush()
    return len(store)


def _mark_updated(store_dir: Path, build: Path, quads: int | None, database: str = DATABASE) -> None:
    """Write the build's marker, under the writer lock: the live quad count (the build's own is stale now;
    /health reads it; None when the update's process was stopped before it counted), how much of the log the
    build has applied (in-memory copies follow from there), and the database readers open."""
    if quads is None:
        quads = run_isolated(_count, (str(build / database),), 600.0, False)
    log = store_dir / UPDATE_LOG
    marker = {"updated_ns": time.time_ns(), "quads": quads, "log_bytes": log.stat().st_size if log.exists() else 0,
              "database": database}
    # Replaced, never rewritten in place: a reader opening it sees one marker whole, and its time with it.
    written = build / f".{UPDATED_MARKER}.{os.getpid()}"
    written.write_text(json.dumps(marker), encoding="utf-8")
    os.replace(written, build / UPDATED_MARKER)


def apply_update(store_dir: Path, update: str, timeout: float = 30.0, isolate_network: bool = True) -> None:
    """Run `update` against the current build and log it for the next; raises SyntaxError for a bad update,
    DeadlineExceeded when it runs past `timeout` seconds (the wait for the writer lock included).

    The update runs in a process of its own without network (LOAD cannot reach out), killed at the
    deadline: Oxigraph applies an update as one transaction, so a killed one leaves the store as it was,
    and the writer lock is free again at once. Read-only handles see a snapshot, so the marker file tells
    them to reopen.
    """
    started = time.monotonic()
    with writer_lock(store_dir, timeout):
        build = current_build(store_dir)  # under the lock: a build may have switched stores while we waited
        if build is None:
            raise StoreNotBuiltError(store_dir)
        _recover(store_dir, build)
        log = store_dir / UPDATE_LOG
        logged_before = log.stat().st_size if log.exists() else 0
        committed = multiprocessing.get_context("spawn").Event()
        database = f"{SNAPSHOTS}/{time.time_ns():020d}"
        quads = None
        try:
            # Logged first, so that an acknowledged update is always in the log; a failed one is taken out again.
            _append_to_log(log, update)
            quads = run_isolated(_update_store, (str(served_database(build)), str(build / database), update,
                                                 committed),
                                 max(0.001, timeout - (time.monotonic() - started)), isolate_network)
        except DeadlineExceeded:
            # Killed while flushing, after the commit: the update is in the copy, so it stays in the log and the
            # copy is served. (A kill in the instant between the commit and the signal is not told apart.)
            if not committed.is_set():
                _take_back(log, logged_before, build / database)
                raise
        except BaseException:
            _take_back(log, logged_before, build / database)
            raise
        try:
            _mark_updated(store_dir, build, quads, database)
        except BaseException:  # never served, never acknowledged: as if it had not run
            _take_back(log, logged_before, build / database)
            raise
        _remove_superseded(build, database)


def _recover(store_dir: Path, build: Path) -> None:
    """Undo what a writer killed mid-update left (under the writer lock): log lines past the point the build's
    marker names, never acknowledged, and copies of the database newer than the one it serves, never served.
    A log the build never applied at all (a build without updates, killed before it set the log aside) is set
    aside, renamed, rather than cut."""
    point = update_point(store_dir)
    log = store_dir / UPDATE_LOG
    logged = log.stat().st_size if log.exists() else 0
    if point.log_bytes is not None and logged > point.log_bytes:
        if point.version[1] == 0:  # no marker: the build holds none of the log
            set_log_aside(store_dir)
        else:
            os.truncate(log, point.log_bytes)
    served = served_database(build)
    copies = build / SNAPSHOTS
    if copies.is_dir():
        for copy in copies.iterdir():
            if copy.parent != served.parent or copy.name > served.name:
                shutil.rmtree(copy, ignore_errors=True)


def _take_back(log: Path, logged_before: int, written: Path) -> None:
    """An update that did not apply: out of the log, and its copy of the database gone."""
    os.truncate(log, logged_before)
    shutil.rmtree(written, ignore_errors=True)


def _remove_superseded(build: Path, served: str) -> None:
    """Remove the copies of `build`'s database that were superseded more than SNAPSHOT_GRACE_SECONDS ago (a
    copy's successor was made when it was superseded)."""
    # Every copy older than the one served was served in its turn (_recover removes the others).
    copies = sorted(path for path in (build / SNAPSHOTS).iterdir() if path.is_dir())
    now = time.time()
    for copy, successor in zip(copies, copies[1:], strict=False):
        if f"{SNAPSHOTS}/{copy.name}" != served and now - successor.stat().st_mtime > SNAPSHOT_GRACE_SECONDS:
            shutil.rmtree(copy, ignore_errors=True)


def _append_to_log(log: Path, update: str) -> None:
    """Append one update to the log, on disk before this returns."""
    with open(log, "ab") as out:
        out.write(json.dumps({"logged_ns": time.time_ns(), "update": update}).encode() + b"\n")
        out.flush()
        os.fsync(out.fileno())


def logged_updates(store_dir: Path) -> list[str]:
    """The updates applied to this store's builds since its log was last set aside, oldest first, one a line;
    UpdateReplayError for a line that is not one."""
    log = store_dir / UPDATE_LOG
    try:
        lines = log.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        return []
    updates = []
    for number, line in enumerate(lines[:-1] if lines[-1] == "" else lines, 1):
        try:
            updates.append(str(json.loads(line)["update"]))
        except (ValueError, KeyError, TypeError):
            raise UpdateReplayError(f"line {number} of {log} is not a logged update; remove it, or build with "
                                    "--drop-updates to leave every logged update out") from None
    return updates


def replay_updates(store_dir: Path, build_dir: Path, timeout: float, isolate_network: bool = True) -> int:
    """Apply the store's logged updates, in order, to the unpublished build in `build_dir`; how many. The caller
    holds the writer lock until it has switched to that build. UpdateReplayError when one fails."""
    updates = logged_updates(store_dir)
    if not updates:
        return 0
    log = store_dir / UPDATE_LOG
    try:
        quads = run_isolated(_replay, (str(build_dir / DATABASE), updates), timeout * len(updates),
                             isolate_network)
    except _ReplayStopped as exc:
        number, reason = exc.args
        raise UpdateReplayError(f"update {number} of the {len(updates)} in {log} (its line {number}) cannot be "
                                f"applied to the new build: {reason}; the store being served stays as it was; "
                                "remove that line, or build with --drop-updates to leave every logged update "
                                "out") from None
    except DeadlineExceeded as exc:
        raise UpdateReplayError(f"replaying the {len(updates)} updates in {log} {exc}; the store being served "
                                "stays as it was") from None
    _mark_updated(store_dir, build_dir, quads)
    return len(updates)


def set_log_aside(store_dir: Path) -> Path | None:
    """Rename the update log (to updates-<time>.log), so that the next builds start without its updates; where
    it went, None when there was none."""
    log = store_dir / UPDATE_LOG
    if not log.exists():
        return None
    aside = store_dir / f"updates-{time.strftime('%Y%m%dT%H%M%S')}-{time.time_ns() % 10**9:09d}.log"
    log.rename(aside)
    return aside


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


@dataclass(frozen=True)
class UpdatePoint:
    """How far a build has come: its version (as store_version gives it) and the length of the update log, in
    bytes, once its last update was applied; None for a marker that does not say."""
    version: tuple[str | None, int]
    log_bytes: int | None


def update_point(store_dir: Path) -> UpdatePoint:
    """Where the current build stands. Read under the writer lock, it is exactly what the build holds."""
    try:
        target = os.readlink(os.path.join(store_dir, "current"))
    except OSError:
        return UpdatePoint((None, 0), 0)
    try:
        # The build the link named, not the link again: a switch in between must not pair one build's
        # marker with another's name.
        with open(os.path.join(store_dir, target, UPDATED_MARKER), "rb") as marker:
            updated = os.fstat(marker.fileno()).st_mtime_ns
            log_bytes = json.loads(marker.read()).get("log_bytes")
    except FileNotFoundError:
        return UpdatePoint((target, 0), 0)  # no update since the build: it holds none of the log
    except (OSError, ValueError, AttributeError):
        return UpdatePoint((target, -1), None)
    return UpdatePoint((target, updated), log_bytes if isinstance(log_bytes, int) else None)


# A logged update that names any of these could reach the network (LOAD, SERVICE, or either spelled with a
# \u escape): an in-memory copy, whose process may have the network, does not apply it but reads from disk.
_MAY_REACH_OUT = re.compile(r"\bload\b|\bservice\b|\\u", re.IGNORECASE)


def updates_between(store_dir: Path, start: int, end: int) -> list[str] | None:
    """The updates logged in bytes `start` to `end` of the log, in order; None when the log no longer holds
    them whole (set aside, cut) or one of them may reach the network."""
    try:
        with open(store_dir / UPDATE_LOG, "rb") as log:
            log.seek(start)
            data = log.read(end - start)
    except FileNotFoundError:
        return None
    if len(data) != end - start or (data and not data.endswith(b"\n")):
        return None
    try:
        updates = [str(json.loads(line)["update"]) for line in data.decode().splitlines()]
    except (ValueError, KeyError, TypeError):
        return None
    return None if any(_MAY_REACH_OUT.search(update) for update in updates) else updates


# What an update cannot touch the vocabulary without: a variable (?p may be any predicate), a graph-wide operation,
# `a` (rdf:type), an escape that could spell anything, a relative IRI or a BASE (which can resolve to any IRI),
# or the text of a vocabulary namespace (written whole, or declared by PREFIX, whose IRI then holds a part of
# one). Any quote counts too: within a string, or an IRI holding one, the words cannot be told apart by a
# pattern, and only an update of IRIs and numbers is read further.
_MAY_TOUCH = re.compile(r"""['"?$]|\\u|\bbase\b""", re.IGNORECASE)
_KEYWORD = re.compile(r"(?<![\w:.-])(clear|drop|copy|move|add|a)(?![\w:.-])", re.IGNORECASE)
_IRI = re.compile(r"<([^<>\"{}|^`\\\s]*)>")  # with no quote in the text, every IRI: its words are no keywords
_DECLARED = re.compile(r"\bprefix\b[^<]*<([^>]*)>", re.IGNORECASE)
_VOCABULARY = tuple(sorted(iri.lower() for iri in NAMESPACES.values()))


def may_touch_vocabulary(update: str) -> bool:
    """False only for an update that cannot add or remove a triple whose predicate or class is in one of the
    project's namespaces (vocab.namespaces): what the values derived from a store read (store/derived.py)."""
    text = update.lower()
    if _MAY_TOUCH.search(text) or any(namespace in text for namespace in _VOCABULARY):
        return True
    if any(":" not in iri for iri in _IRI.findall(text)) or _KEYWORD.search(_IRI.sub("<>", text)):
        return True
    return any(namespace.startswith(declared) or declared.startswith(namespace)
               for declared in _DECLARED.findall(text) for namespace in _VOCABULARY)
