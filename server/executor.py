"""Running SPARQL queries in a child process that can be killed, because pyoxigraph cannot cancel a query.

Each server worker owns one child. The child opens the store read-only, has no network
(its own empty network namespace, where the kernel allows it), evaluates one query at a
time and sends back the serialized answer. A query that runs past the timeout gets its
child killed, which frees the CPU at once; the next query starts a fresh child. A child may allocate at most
its memory cap (the query_memory_mb setting): one that runs out ends, and its query is answered 503, not
retried. Name lookups (evaluation.LOOKUP_CALLS) have slots of their own, and a lane of their own in the shared
process (or children of their own while it has no copy), so that no query waits ahead of them; so do lookups over
the graph the build saved (evaluation.GRAPH_CALLS) while there is a shared process, and the query slots' processes
answer them while there is none. SPARQL queries from /sparql do not come here: the query engine evaluates them
in the worker (store/engine.py).
"""

from __future__ import annotations

import math
import multiprocessing
import pickle
import select
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

# The request and answer types and evaluation live in evaluation.py; the routes import them from here too.
from server.evaluation import (GRAPH_SLOTS, LOOKUP_SLOTS, ApiAnswer, ApiRequest, QueryAnswer, QueryCrashed,
                               QueryOverMemory, QueryRequest, QueryStopped, QueryTimeout, answer_request,
                               evaluate_current, is_graph_lookup, is_lookup, preload_network)
from store.handle import CurrentStore
from store.sandbox import cap_data_memory, drop_network, exit_out_of_memory, ran_out_of_memory
from server.shared_queries import BuildReplaced, MemoryQueries, SharedProcess, SharedProcessDied

__all__ = ["ApiAnswer", "ApiRequest", "QueryAnswer", "QueryCrashed", "QueryExecutor", "QueryOverMemory",
           "QueryProcess", "QueryRequest", "QueryStopped", "QueryTimeout", "evaluate_current"]


def _child_main(conn: Connection, store_dir: str, isolate_network: bool, memory_cap: int, preload: bool) -> None:
    if isolate_network:
        drop_network()
    if memory_cap > 0:  # first: the store's caches and its network count in the cap, with the queries
        cap_data_memory(memory_cap)
    handle = CurrentStore(store_dir)
    if preload:
        threading.Thread(target=preload_network, args=(handle,), name="bbkg-network", daemon=True).start()
    while True:
        try:
            request = pickle.loads(conn.recv_bytes())
        except EOFError:
            return
        try:
            conn.send_bytes(pickle.dumps(answer_request(handle, request), pickle.HIGHEST_PROTOCOL))
        except MemoryError:
            exit_out_of_memory()


# A request that found every slot busy until its deadline (SPARQL and the API alike).
SLOTS_BUSY = "every query slot stayed busy until this request's deadline; try again shortly"


def _request_kind(request: QueryRequest | ApiRequest) -> str:
    return "lookup" if isinstance(request, ApiRequest) else "query"


def timed_out(request: QueryRequest | ApiRequest, limit: float) -> QueryTimeout:
    """The error for a request stopped after `limit` seconds (its whole time limit)."""
    return QueryTimeout(f"the {_request_kind(request)} ran longer than {limit:g} s and was stopped; narrow it "
                        "(fewer names or hops, LIMIT, more specific patterns)")


def over_memory(request: QueryRequest | ApiRequest, memory_cap: int) -> QueryOverMemory:
    """The error for a request that needed more than `memory_cap` bytes."""
    return QueryOverMemory(f"the {_request_kind(request)} needed more than its memory cap "
                           f"({memory_cap // 2**20} MiB) and was stopped; narrow it (fewer rows, LIMIT, more "
                           "specific patterns)")


class QueryProcess:
    """One killable child process that evaluates queries one at a time."""

    def __init__(self, store_dir: str, timeout: float, isolate_network: bool = True, memory_cap: int = 0,
                 preload: bool = True) -> None:
        """`memory_cap`: bytes the process may allocate beyond the interpreter (the store's caches, its chain
        network, the query); 0 for no cap. `preload`: read the chain network at start, for connection lookups."""
        self.store_dir = store_dir
        self.timeout = timeout
        self.isolate_network = isolate_network
        self.memory_cap = memory_cap
        self.preload = preload
        self._process: Any = None
        self._conn: Connection | None = None
        self._answered: select.poll | None = None  # polls the pipe for the child's answer
        self._answers = 0  # by the child now running

    def _start(self) -> Connection:
        # spawn, not fork: the parent may hold threads (a JVM gateway in tests, server threads).
        context = multiprocessing.get_context("spawn")
        parent_end, child_end = context.Pipe()
        self._process = context.Process(target=_child_main, name="bbkg-query",
                                        args=(child_end, self.store_dir, self.isolate_network, self.memory_cap,
                                              self.preload),
                                        daemon=True)
        self._process.start()
        child_end.close()
        self._conn = parent_end
        self._answered = select.poll()
        self._answered.register(parent_end.fileno(), select.POLLIN)
        self._answers = 0
        return parent_end

    def kill(self) -> None:
        """Stop the child at once (a running query is abandoned)."""
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process, self._conn, self._answered = None, None, None

    def run(self, request: QueryRequest | ApiRequest, timeout: float | None = None,
            limit: float | None = None, on_slow: Callable[[], None] | None = None, slow_after: float = 0.0) -> Any:
        """Evaluate in the child; raise QueryTimeout past the timeout, QueryOverMemory if the child ran out of its
        memory cap, QueryCrashed if it died otherwise.

        `limit` is the request's whole time limit, which the message names, when part of it was spent
        waiting for this process. `on_slow` is called once the evaluation has run for `slow_after` seconds.
        """
        timeout = self.timeout if timeout is None else timeout
        limit = timeout if limit is None else limit
        alive = self._conn is not None and self._process is not None and self._process.is_alive()
        conn = self._conn if alive and self._conn is not None else self._start()
        assert self._answered is not None
        try:
            # Plain pickle over the pipe's bytes, and a poll object made once per child: multiprocessing's
            # send, recv and poll cost more than evaluating a small query.
            conn.send_bytes(pickle.dumps(request, pickle.HIGHEST_PROTOCOL))
            started = time.monotonic()
            answered = bool(self._answered.poll(max(1, math.ceil(min(timeout, slow_after) * 1000))))
            if not answered and on_slow is not None:
                on_slow()
            if not answered and timeout > slow_after:
                remaining = timeout - (time.monotonic() - started)
                answered = bool(self._answered.poll(max(1, math.ceil(remaining * 1000))))
            if not answered:
                self.kill()
                raise timed_out(request, limit)
            answer = pickle.loads(conn.recv_bytes())
            self._answers += 1
            return answer
        except (EOFError, BrokenPipeError, ConnectionResetError):
            process, answered_before = self._process, self._answers
            self.kill()
            # A child that answered earlier queries may hold memory they left behind (an allocator keeps some):
            # only a fresh one running out says the query itself needs more than the cap.
            if (self.memory_cap > 0 and not answered_before and process is not None
                    and ran_out_of_memory(process.exitcode)):
                raise over_memory(request, self.memory_cap) from None
            raise QueryCrashed("the query process died while evaluating this query") from None


# What _on_the_copy answers when the request is for the store on disk.
_FROM_DISK = object()


class _Held:
    """A lock held until released once: by whichever comes first, the slow query stepping aside or the end."""

    def __init__(self, lock: threading.Lock) -> None:
        self._lock: threading.Lock | None = lock

    def release(self) -> None:
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()


class QueryExecutor:
    """A pool of query processes: each request in flight borrows one, so a slow query blocks no other."""

    def __init__(self, store_dir: str, timeout: float, isolate_network: bool = True, slots: int = 4,
                 quick_seconds: float = 0.2, memory_quads: int = 0, memory_cap: int = 0) -> None:
        """With `memory_quads`, a store of at most that many quads is read from an in-memory copy by the threads
        of one shared process (see shared_queries.py); otherwise, and meanwhile, each query has a process.
        With `memory_cap`, each query process may allocate that many bytes beyond the interpreter, and the shared
        process, whose threads evaluate up to `slots` queries at once, `slots` times that beyond its copy."""
        self.store_dir = store_dir
        self.memory_cap = memory_cap
        self.memory = (MemoryQueries(store_dir, isolate_network, memory_quads, slots, memory_cap)
                       if memory_quads > 0 else None)
        self.timeout = timeout
        self.isolate_network = isolate_network
        self.quick_seconds = quick_seconds
        self._idle: list[QueryProcess] = []
        self._lock = threading.Lock()
        # At most `slots` query processes per worker: the CPU is shared by evaluating, not by waiting.
        self._slots = threading.BoundedSemaphore(slots)
        # Of those, one query at a time until it has run `quick_seconds`: quick queries run one after another,
        # each with the CPU's caches to itself, while a slower one steps aside and runs beside the next.
        self._quick_lane = threading.Lock()
        self._lookup_slots = threading.BoundedSemaphore(LOOKUP_SLOTS)
        self._lookup_idle: list[QueryProcess] = []
        self._graph_slots = threading.BoundedSemaphore(GRAPH_SLOTS)

    def run(self, request: QueryRequest | ApiRequest, timeout: float | None = None) -> Any:
        """A QueryAnswer for a QueryRequest, an ApiAnswer for an ApiRequest; `timeout` overrides the default.

        The wait for a free slot counts against the same deadline as the evaluation.
        """
        limit = self.timeout if timeout is None else timeout
        if is_lookup(request):
            return self._look_up(request, limit)
        deadline = time.monotonic() + limit
        if is_graph_lookup(request):
            answer = self._graph_lookup(request, limit)
            if answer is not None:
                return answer
            limit = max(0.001, deadline - time.monotonic())
        if not self._slots.acquire(timeout=limit):
            raise QueryTimeout(SLOTS_BUSY)
        try:
            if not self._quick_lane.acquire(timeout=max(0.001, deadline - time.monotonic())):
                raise QueryTimeout(SLOTS_BUSY)
            lane = _Held(self._quick_lane)
            try:
                return self._run_in_slot(request, max(0.001, deadline - time.monotonic()), limit, lane.release)
            finally:
                lane.release()
        finally:
            self._slots.release()

    def _look_up(self, request: QueryRequest | ApiRequest, limit: float) -> Any:
        """A name lookup, in a lookup slot: from the shared process's copy (while a new build's copy loads, the
        replaced build's), in its lookup lane, or else in a process of its own from disk; no query waits ahead
        of it."""
        started = time.monotonic()
        if not self._lookup_slots.acquire(timeout=limit):
            raise QueryTimeout("every lookup slot stayed busy until this request's deadline; try again shortly")
        try:
            answer = self._on_the_copy(request, max(0.001, limit - (time.monotonic() - started)), limit,
                                       shared_process=self._current_or_previous)
            if answer is not _FROM_DISK:
                return answer
            timeout = max(0.001, limit - (time.monotonic() - started))
            with self._lock:
                worker = self._lookup_idle.pop() if self._lookup_idle else QueryProcess(
                    self.store_dir, self.timeout, self.isolate_network, self.memory_cap, preload=False)
            try:
                return self._run_with_one_retry(worker, request, timeout, limit)
            finally:
                with self._lock:
                    self._lookup_idle.append(worker)
        finally:
            self._lookup_slots.release()

    def _graph_lookup(self, request: QueryRequest | ApiRequest, limit: float) -> Any:
        """A graph lookup in a graph slot, in the shared process's graph lane (while a new build's copy loads,
        the replaced build's); None when there is none or it died meanwhile, for the query slots to run it from
        disk."""
        started = time.monotonic()
        if self._current_or_previous() is None:
            return None
        if not self._graph_slots.acquire(timeout=limit):
            raise QueryTimeout("every graph lookup slot stayed busy until this request's deadline; try again shortly")
        try:
            answer = self._on_the_copy(request, max(0.001, limit - (time.monotonic() - started)), limit,
                                       shared_process=self._current_or_previous)
            return None if answer is _FROM_DISK else answer
        finally:
            self._graph_slots.release()

    def _on_the_copy(self, request: QueryRequest | ApiRequest, timeout: float, limit: float,
                     on_slow: Callable[[], None] | None = None,
                     shared_process: Callable[[], SharedProcess | None] | None = None) -> Any:
        """The answer of the shared process's copy; _FROM_DISK while there is none, or when the process died
        under the request twice. The first time (killed with a neighbour past its deadline, or by an operator)
        a fresh fork answers it at once, as it answers the next request; only the second goes to disk, alone
        and capped, so that a request whose memory brought both down is answered 503 there."""
        started = time.monotonic()
        find = shared_process or self._shared_process
        for _ in range(2):
            shared = find()
            if shared is None:
                break
            try:
                answer = shared.run(request, max(0.001, timeout - (time.monotonic() - started)),
                                    lambda: timed_out(request, limit), on_slow, self.quick_seconds if on_slow else 0.0)
            except SharedProcessDied:
                continue
            return _FROM_DISK if isinstance(answer, BuildReplaced) else answer
        return _FROM_DISK

    def _shared_process(self) -> SharedProcess | None:
        return self.memory.process() if self.memory is not None else None

    def _current_or_previous(self) -> SharedProcess | None:
        """For the API and the pages: the shared process, or while a new build's copy loads, the replaced
        build's."""
        if self.memory is None:
            return None
        return self.memory.process() or self.memory.previous()

    def _run_with_one_retry(self, worker: QueryProcess, request: QueryRequest | ApiRequest, timeout: float,
                            limit: float, on_slow: Callable[[], None] | None = None) -> Any:
        try:
            return worker.run(request, timeout, limit, on_slow, self.quick_seconds)
        except QueryCrashed:
            # A killed or crashed process (out of memory, an operator's kill): reads are safe to repeat,
            # once, in a fresh process; a query that crashes it twice is answered 500.
            return worker.run(request, timeout, limit, on_slow, self.quick_seconds)

    def _run_in_slot(self, request: QueryRequest | ApiRequest, timeout: float, limit: float,
                     on_slow: Callable[[], None]) -> Any:
        started = time.monotonic()
        # The connection API and the pages may be read from the replaced build's copy while the new one loads;
        # SPARQL queries never.
        finder = self._current_or_previous if isinstance(request, ApiRequest) else self._shared_process
        answer = self._on_the_copy(request, timeout, limit, on_slow, shared_process=finder)
        if answer is not _FROM_DISK:
            return answer
        timeout = max(0.001, timeout - (time.monotonic() - started))
        with self._lock:
            worker = self._idle.pop() if self._idle else QueryProcess(
                self.store_dir, self.timeout, self.isolate_network, self.memory_cap)
        try:
            return self._run_with_one_retry(worker, request, timeout, limit, on_slow)
        finally:
            with self._lock:
                self._idle.append(worker)

    def start_loading(self) -> None:
        """Start loading the in-memory copy now, rather than at the first query."""
        self.query_store()

    def query_store(self) -> str:
        """Where queries are read from now: memory (the copy), loading (disk until the copy is loaded), disk."""
        return self.memory.state if self.memory is not None else "disk"

    def kill(self) -> None:
        """Stop every idle query process, and the in-memory copy's processes."""
        if self.memory is not None:
            self.memory.kill()
        with self._lock:
            for worker in self._idle + self._lookup_idle:
                worker.kill()
            self._idle.clear()
            self._lookup_idle.clear()
