"""The path every SPARQL query takes in the server: bbkg_engine (engine/, Oxigraph's evaluator as a Rust
extension) over the current build's files, in the caller's own thread.

pyoxigraph cannot stop a query or keep it off the network, which is why queries used to run in killable
processes; the engine does both itself. A watchdog thread cancels a query past its deadline or past its memory
cap (the bytes the engine allocated while evaluating it), and the engine is built without Oxigraph's HTTP
client, so SERVICE and LOAD have nothing to reach another host with. It evaluates and serializes with the GIL
released, into bytes Python only hands on.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import bbkg_engine

from store.builds import open_current_with
from store.query import NoAcceptableFormat
from store.update import store_version
from vocab.errors import UserError


class OutOfTime(Exception):
    """The query ran past its deadline; the engine stopped it."""


class OverMemory(Exception):
    """The query allocated more than its memory cap; the engine stopped it."""


class QueryFailed(UserError, ValueError):
    """The evaluation failed on something the query asked for (a SERVICE, a value it cannot compute)."""


@dataclass(frozen=True)
class EngineAnswer:
    kind: str  # solutions, boolean or graph
    body: bytes
    rows: int  # solutions or triples written (1 for a boolean)
    truncated: bool  # whether the row cap cut the answer


def _open(database: Path) -> bbkg_engine.Store:
    opened = bbkg_engine.Store(str(database))
    try:
        opened.query("ASK { ?s ?p ?o }", results_type="application/sparql-results+json")
    except bbkg_engine.QueryFailed as exc:  # what a damaged database looks like, as open_current_with expects it
        raise RuntimeError(str(exc)) from None
    return opened


class EngineStore:
    """The current build, opened by the engine read-only, and opened again when a build or an update lands."""

    def __init__(self, store_dir: Path | str) -> None:
        self.store_dir = Path(store_dir)
        self._lock = threading.Lock()
        self._opened: bbkg_engine.Store | None = None
        self._version: tuple[str | None, int] | None = None

    def get(self) -> bbkg_engine.Store:
        """The current build's database; StoreUnavailableError while there is none that opens."""
        version = store_version(self.store_dir)
        with self._lock:
            if self._opened is not None and version == self._version:
                return self._opened
            opened, _ = open_current_with(self.store_dir, _open)
            self._opened, self._version = opened, version
            return opened


def run_engine_query(handle: EngineStore, query: str, results_type: str | None, graph_type: str | None,
                     row_cap: int, default_graphs: list[str], named_graphs: list[str], timeout: float,
                     memory_cap: int) -> EngineAnswer:
    """Evaluate `query` on the current build and write at most `row_cap` solutions or triples, in the media type
    given for its kind of answer (None: the client accepts none, NoAcceptableFormat). Raises SyntaxError,
    OutOfTime past `timeout` seconds, OverMemory past `memory_cap` bytes (0: none), QueryFailed, and
    StoreUnavailableError (no build that opens) or OSError (the database failed while read)."""
    database = handle.get()
    try:
        kind, body, rows, truncated = database.query(
            query, results_type=results_type, graph_type=graph_type, default_graphs=default_graphs,
            named_graphs=named_graphs, timeout=timeout, row_cap=row_cap, memory_cap=memory_cap)
    except bbkg_engine.QuerySyntaxError as exc:
        raise SyntaxError(str(exc)) from None
    except bbkg_engine.NotAcceptable as exc:
        raise NoAcceptableFormat(bool(exc.args[0])) from None
    except bbkg_engine.QueryTimeout:
        raise OutOfTime from None
    except bbkg_engine.QueryOverMemory:
        raise OverMemory from None
    except bbkg_engine.QueryFailed as exc:
        raise QueryFailed(str(exc)) from None
    return EngineAnswer(kind, body, rows, truncated)
