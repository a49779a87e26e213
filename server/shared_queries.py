"""Queries evaluated side by side, by the threads of one process, over an in-memory copy of the current build.

pyoxigraph's memory store evaluates aggregates and joins in a fraction of the CPU its RocksDB store takes
(which spends much of it fetching and decompressing blocks, each query process with a block cache of its own).
A copy is large and slow to load, and reading it writes to it (its quads are linked by reference-counted
pointers): forked processes cannot share one, as each fork would soon have dirtied its parent's pages. Threads
can. So each server worker keeps:

- a *zygote*: a process without network that loads the copy once, then only forks;
- one *shared process* forked from it (at once, with the copy in it), whose threads evaluate the worker's
  API lookups over that copy, a pickled request in and a pickled answer out, tagged with an id.

pyoxigraph cannot stop a query: one past its deadline gets the shared process killed, and the queries
evaluated beside it die too. Their waits end in SharedProcessDied, and the executor retries each in a fresh fork,
which answers the next request too; should that die under it as well, once more, alone, in a query process of its
own (executor.QueryProcess) over the store on disk, capped, where a request whose memory brought both down ends.
Only the worker stops a query at its deadline, so the shared process leaves the moment its worker dies.
Each copy follows the updates applied to its build, applying them from the update log when it is next read
(store/handle.PinnedStore); the zygote before each fork, and between forks, telling the worker unasked when
its copy cannot follow. A new build needs new copies: while the zygote loads, for a store of more than
`max_quads` quads, and after a build until the zygote has loaded it, queries go to those per-query processes
instead; but the API's lookups and the pages, whose tables and values may lag the store anyway
(store/derived.py), are answered meanwhile by the replaced build's shared process from its copy (a name that
build lacks, and every SPARQL query, it hands back, to be read from the new build on disk), so that a rebuild
does not send them all to processes that must first read the new build's names and network. A SPARQL query is
always read from the current build. A new build's copies start loading at once; after updates the copies could
not follow, once the store has stayed unchanged for as long as the last copy took to load
(MemoryQueries._wait_before_loading).
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import pickle
import select
import signal
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.reduction import recv_handle, send_handle
from pathlib import Path
from typing import Any

from server.evaluation import GRAPH_SLOTS, LOOKUP_SLOTS, ApiRequest, answer_request, is_graph_lookup, is_lookup
from store.handle import PinnedStore, load_copy
from store.sandbox import cap_data_memory, drop_network, exit_out_of_memory
from store.names import read_name_table_now
from store.saved import preload
from store.update import store_version

# How often a worker compares the store's version with its copy's (a readlink and a stat).
VERSION_CHECK_SECONDS = 1.0


class SharedProcessDied(Exception):
    """The shared process was killed (a neighbour's deadline) or crashed before answering."""


def _zygote_main(conn: Connection, store_dir: str, isolate_network: bool, max_quads: int, threads: int,
                 memory_cap: int) -> None:
    if isolate_network:  # before anything is read: every process forked from here inherits the empty namespace
        drop_network()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the forked processes
    worker = os.pidfd_open(os.getppid())  # readable once the worker is gone
    started = time.monotonic()
    copy = load_copy(store_dir, max_quads)
    if copy.memory is not None:  # read once here, so that every fork has them
        preload(copy.memory)
        read_name_table_now(copy.memory)
    conn.send_bytes(pickle.dumps(("ready" if copy.memory is not None else "disk", copy.version,
                                  time.monotonic() - started)))
    if copy.memory is None:
        return
    while True:
        try:
            if not conn.poll(VERSION_CHECK_SECONDS):
                # Follows the updates between forks, so that a fork does not wait for them all; a copy that
                # cannot follow (a new build, an update that may reach the network) tells the worker unasked.
                if not copy.current():
                    conn.send_bytes(pickle.dumps(("stale", copy.version)))
                    return
                continue
            conn.recv_bytes()
        except (EOFError, OSError):  # the worker is gone
            return
        if not copy.current():  # a new build, or updates the copy cannot follow
            conn.send_bytes(pickle.dumps(("stale", copy.version)))
            return
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:  # never returns: a fork must not run the zygote's code, nor its exit (RocksDB's at-exit
            try:      # joins threads that a fork has not got, and aborts)
                conn.close()
                ours.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                if memory_cap > 0:  # past it, the process ends and its queries are retried alone, each capped
                    cap_data_memory(threads * memory_cap)
                _shared_main(Connection(theirs.detach()), copy, threads, worker)
            finally:
                os._exit(0)
        theirs.close()
        conn.send_bytes(pickle.dumps(("forked", pid)))
        send_handle(conn, ours.fileno(), pid)
        ours.close()


def _shared_main(conn: Connection, handle: PinnedStore, threads: int, worker: int) -> None:
    sending = threading.Lock()

    def leave_with_the_worker() -> None:
        # Only the worker stops a query past its deadline: without it, this process goes at once.
        watch = select.poll()
        watch.register(worker, select.POLLIN)
        while not watch.poll():
            pass
        os._exit(0)

    threading.Thread(target=leave_with_the_worker, name="bbkg-worker-watch", daemon=True).start()

    def answer(request_id: int, request: Any) -> None:
        try:
            data = pickle.dumps((request_id, _answer(handle, request)), pickle.HIGHEST_PROTOCOL)
        except MemoryError:
            exit_out_of_memory()
        with sending:
            conn.send_bytes(data)

    # Name lookups and graph lookups in lanes of their own: queries holding every query thread cannot keep them
    # waiting.
    with (ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bbkg-query") as queries,
          ThreadPoolExecutor(max_workers=LOOKUP_SLOTS, thread_name_prefix="bbkg-lookup") as lookups,
          ThreadPoolExecutor(max_workers=GRAPH_SLOTS, thread_name_prefix="bbkg-graph") as graph):
        while True:
            try:
                request_id, request = pickle.loads(conn.recv_bytes())
            except (EOFError, OSError):  # the worker let go: answer what is in flight (still under its deadlines)
                break
            lane = lookups if is_lookup(request) else graph if is_graph_lookup(request) else queries
            lane.submit(answer, request_id, request)


class _ReplacedBuild:
    """A handle whose store is the copy even once its build has been replaced (see PinnedStore.get)."""

    def __init__(self, handle: PinnedStore) -> None:
        self._handle = handle

    def get(self) -> Any:
        return self._handle.get(replaced_build=True)


@dataclass(frozen=True)
class BuildReplaced:
    """What a shared process whose copy's build has been replaced answers to a request it leaves to the store on
    disk: never read here, where the values derived from one store at a time (store/derived.py) would be read
    again for each store in turn."""


def _answer(handle: PinnedStore, request: Any) -> Any:
    """answer_request over the copy; once its build has been replaced, an API call or a page only (never a SPARQL
    query), and only one that build can answer (not a name it lacks, nor one it finds nothing for)."""
    if not handle.replaced():
        return answer_request(handle, request)
    if isinstance(request, ApiRequest):
        answer = answer_request(_ReplacedBuild(handle), request)
        if answer.status == 200 and (answer.value or not is_lookup(request)):
            return answer
    return BuildReplaced()


class _Waiting:
    def __init__(self) -> None:
        self.done = threading.Event()
        self.answer: Any = None


class SharedProcess:
    """The worker's end of one shared process: many requests in flight, each waiting for its own answer."""

    def __init__(self, conn: Connection, pid: int) -> None:
        self.pid = pid
        self._pidfd = os.pidfd_open(pid)  # signals reach this process even after its pid is reused
        self._conn = conn
        self._sending = threading.Lock()
        self._lock = threading.Lock()
        self._waiting: dict[int, _Waiting] = {}
        self._ids = itertools.count()
        self._dead = False
        threading.Thread(target=self._read_answers, name="bbkg-shared-answers", daemon=True).start()

    def is_alive(self) -> bool:
        return not self._dead

    def _read_answers(self) -> None:
        try:
            while True:
                request_id, answer = pickle.loads(self._conn.recv_bytes())
                with self._lock:
                    waiting = self._waiting.pop(request_id, None)
                if waiting is not None:
                    waiting.answer = answer
                    waiting.done.set()
        except (EOFError, OSError):
            pass
        with self._lock:
            self._dead = True
            orphans, self._waiting = list(self._waiting.values()), {}
            os.close(self._pidfd)
        for waiting in orphans:  # answer None: died before answering
            waiting.done.set()
        with self._sending:  # not while a request is being sent: its descriptor could be another's by then
            self._conn.close()

    def run(self, request: Any, timeout: float, on_timeout: Callable[[], Exception],
            on_slow: Callable[[], None] | None = None, slow_after: float = 0.0) -> Any:
        """The answer to `request`; `on_timeout()` raised past `timeout` (this process killed), and
        SharedProcessDied when the process died first."""
        waiting = _Waiting()
        with self._lock:
            if self._dead:
                raise SharedProcessDied()
            request_id = next(self._ids)
            self._waiting[request_id] = waiting
        data = pickle.dumps((request_id, request), pickle.HIGHEST_PROTOCOL)
        try:
            with self._sending:
                if self._conn.closed:
                    raise SharedProcessDied()
                self._conn.send_bytes(data)
        except OSError:
            self.kill()
            raise SharedProcessDied() from None
        started = time.monotonic()
        done = waiting.done.wait(min(timeout, slow_after))
        if not done and on_slow is not None:
            on_slow()
        if not done and timeout > slow_after:
            done = waiting.done.wait(max(0.0, timeout - (time.monotonic() - started)))
        if not done:
            self.kill()
            raise on_timeout()
        if waiting.answer is None:
            raise SharedProcessDied()
        return waiting.answer

    def kill(self) -> None:
        """Stop the process at once; every request in flight is answered SharedProcessDied."""
        with self._lock:
            if self._dead:
                return
            self._dead = True  # no new request; the reader answers those in flight once the pipe closes
            try:
                signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
            except OSError:  # already gone
                pass

    def close_when_answered(self) -> None:
        """No more requests: the process answers those in flight, then leaves."""
        with self._sending:
            if self._conn.closed:
                return
            with socket.socket(fileno=os.dup(self._conn.fileno())) as end:
                end.shutdown(socket.SHUT_WR)


class MemoryQueries:
    """A worker's zygote and shared process, kept on the current version of the store."""

    def __init__(self, store_dir: str, isolate_network: bool, max_quads: int, threads: int,
                 memory_cap: int = 0) -> None:
        self.store_dir = store_dir
        self.isolate_network = isolate_network
        self.max_quads = max_quads
        self.threads = threads
        self.memory_cap = memory_cap
        self._lock = threading.Lock()
        self._zygote: Any = None  # the multiprocessing.Process
        self._conn: Connection | None = None
        # waiting (to load a copy, once the store has stayed unchanged until _start_after), loading, ready,
        # disk (the zygote holds no copy: too large, no store)
        self._state = "waiting"
        self._version: tuple[str | None, int] | None = None
        self._shared: SharedProcess | None = None
        # The replaced build's shared process, kept for the API and the pages until the new build's copy loads.
        self._previous: SharedProcess | None = None
        self._next_check = 0.0
        self._loaded_in = 0.0  # seconds the last copy took to load, as its zygote timed it
        self._start_after = 0.0

    @property
    def state(self) -> str:
        """memory (queries are read from the copy), loading, or disk."""
        with self._lock:
            self._advance()
            return {"ready": "memory", "loading": "loading", "waiting": "loading"}.get(self._state, "disk")

    def process(self) -> SharedProcess | None:
        """The shared process to send a request to, None while there is no copy to read from."""
        with self._lock:
            self._advance()
            if self._state != "ready":
                return None
            if self._shared is None or not self._shared.is_alive():
                self._shared = self._fork()
            return self._shared

    def previous(self) -> SharedProcess | None:
        """While a new build's copy loads, the replaced build's shared process, for the API and the pages; else
        None."""
        with self._lock:
            self._advance()
            if self._previous is not None and not self._previous.is_alive():
                self._previous = None
            return self._previous

    def _advance(self) -> None:
        now = time.monotonic()
        if self._state != "loading" and now >= self._next_check:
            self._next_check = now + VERSION_CHECK_SECONDS
            version = store_version(Path(self.store_dir))
            if (version != self._version and not self._copies_follow(version)) or self._zygote_is_stale():
                self._retire(version, now + self._wait_before_loading(version))
        if self._state == "waiting" and now >= self._start_after:
            self._start()
        if self._state == "loading":
            assert self._conn is not None
            try:
                if self._conn.poll(0):
                    status, self._version, self._loaded_in = pickle.loads(self._conn.recv_bytes())
                    self._state = "ready" if status == "ready" else "disk"
                    self._next_check = now + VERSION_CHECK_SECONDS
                    self._let_previous_go()
            except (EOFError, OSError):  # the zygote died loading (out of memory): from disk until the next version
                self._state, self._version = "disk", store_version(Path(self.store_dir))
                self._let_previous_go()

    def _zygote_is_stale(self) -> bool:
        """Whether the ready zygote said, unasked, that its copy cannot follow the store, or has died."""
        if self._state != "ready" or self._conn is None:
            return False
        try:
            return self._conn.poll(0)
        except OSError:
            return True

    def _copies_follow(self, version: tuple[str | None, int]) -> bool:
        """Whether the copies can stay for the store's new `version`: the same build, whose updates they apply
        (the zygote says so when its copy cannot)."""
        if self._version is None or version[0] != self._version[0]:
            return False
        self._version = version
        return True

    def _start(self) -> None:
        # spawn, not fork: the worker holds threads.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        self._zygote = context.Process(target=_zygote_main, name="bbkg-zygote", daemon=True,
                                       args=(theirs, self.store_dir, self.isolate_network, self.max_quads,
                                             self.threads, self.memory_cap))
        self._zygote.start()
        theirs.close()
        self._conn, self._state = ours, "loading"

    def _fork(self) -> SharedProcess | None:
        assert self._conn is not None
        status = "died"
        try:
            self._conn.send_bytes(b"fork")
            status, pid = pickle.loads(self._conn.recv_bytes())
            if status == "forked":
                return SharedProcess(Connection(recv_handle(self._conn)), pid)
        except (EOFError, OSError):
            pass
        # Stale (a new build, or updates the copy cannot follow), or the zygote died: a new one loads the current
        # version, after the same wait as on any new version, or at once.
        version = store_version(Path(self.store_dir))
        self._retire(version, time.monotonic() + (self._wait_before_loading(version) if status == "stale" else 0.0))
        return None

    def _wait_before_loading(self, version: tuple[str | None, int]) -> float:
        """Seconds to wait before loading copies of `version`: none for a new build (builds take longer than a
        copy takes to load); for updates the copies could not follow, as long as the last copy took to load, so
        that a stream of them does not keep the zygotes loading copies, each a core's work."""
        return 0.0 if self._version is None or version[0] != self._version[0] else self._loaded_in

    def _retire(self, version: tuple[str | None, int], start_after: float) -> None:
        """Let the shared process answer what it has, stop the zygote, and wait to load `version`'s copy; for a
        new build, keep the shared process as the previous one, for the API and the pages, until that copy is
        loaded."""
        new_build = self._version is not None and version[0] != self._version[0]
        if self._shared is not None and self._shared.is_alive() and new_build and self._state == "ready":
            self._let_previous_go()
            self._previous = self._shared
        elif self._shared is not None:
            self._shared.close_when_answered()
        self._stop_zygote()
        self._shared, self._state, self._version, self._start_after = None, "waiting", version, start_after

    def _let_previous_go(self) -> None:
        if self._previous is not None:
            self._previous.close_when_answered()
            self._previous = None

    def _stop_zygote(self) -> None:
        if self._zygote is not None:
            self._zygote.kill()
            # Reaped by a thread: a process holding a copy takes a while to exit, and this holds the lock.
            threading.Thread(target=self._zygote.join, name="bbkg-zygote-reaper", daemon=True).start()
        if self._conn is not None:
            self._conn.close()
        self._zygote, self._conn = None, None

    def kill(self) -> None:
        """Stop the zygote and the shared process."""
        with self._lock:
            for shared in (self._shared, self._previous):
                if shared is not None:
                    shared.kill()
            self._stop_zygote()
            self._previous = None
            # As at first: the next request finds the version new and starts a zygote at once.
            self._shared, self._state, self._version, self._start_after = None, "waiting", None, 0.0
