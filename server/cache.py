"""A response cache for /sparql queries, GET and POST, in front of Flask: exact, because a store build never changes.

Between builds (and updates) every answer is a pure function of the request, so a cached
answer is the answer. The key includes the store version, so a new build or an update
makes every older entry unreachable; entries are evicted least-recently-used past a byte budget.
A POST is cached only when it is plainly a query (a form whose only field is `query`, or a query
body without parameters): an update is never answered from here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable

from server.metrics import Metrics
from server.sparql import plain_query
from server.wsgi import WsgiApp
from store.update import store_version

MAX_ENTRY_BYTES = 1_000_000


def _entry_size(key: tuple[Any, ...], entry: tuple[str, list[tuple[str, str]], bytes]) -> int:
    """What an entry counts against the budget: its body, its request, Accept and Origin, and a fixed overhead
    (engine/src/endpoint.rs's cache counts the same)."""
    return len(entry[2]) + len(key[0]) + len(key[2]) + len(key[3]) + 256


class SparqlResponseCache:
    """WSGI middleware answering repeated /sparql queries from memory."""

    def __init__(self, app: WsgiApp, store_dir: Path, budget_bytes: int, metrics: Metrics,
                 max_query_bytes: int = MAX_ENTRY_BYTES) -> None:
        self.app = app
        self.store_dir = store_dir
        self.budget = budget_bytes
        self.metrics = metrics
        self.max_query_bytes = max_query_bytes
        self._entries: OrderedDict[tuple[Any, ...], tuple[str, list[tuple[str, str]], bytes]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        # Only 200 answers are stored, so a refused request (an update by GET, a bad query) is never cached.
        if environ.get("PATH_INFO") != "/sparql":
            return self.app(environ, start_response)
        method = environ.get("REQUEST_METHOD")
        if method == "GET" and environ.get("QUERY_STRING"):
            request = environ["QUERY_STRING"]
        elif method == "POST" and (query := plain_query(environ, self.max_query_bytes)) is not None:
            request = query.text  # the body is put back for the app to read
        else:
            return self.app(environ, start_response)
        key = (request, method, environ.get("HTTP_ACCEPT", ""), environ.get("HTTP_ORIGIN", ""),
               store_version(self.store_dir))
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None:
                self._entries.move_to_end(key)
        if hit is not None:
            self.metrics.count("requests")
            self.metrics.count("queries")
            self.metrics.count("cache_hits")
            status, headers, body = hit
            start_response(status, headers)
            return [body]
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            captured["status"], captured["headers"] = status, headers
            return start_response(status, headers, exc_info)

        body = b"".join(self.app(environ, capture))
        if captured.get("status", "").startswith("200") and len(body) <= MAX_ENTRY_BYTES:
            self._remember(key, (captured["status"], captured["headers"], body))
        return [body]

    def _remember(self, key: tuple[Any, ...], entry: tuple[str, list[tuple[str, str]], bytes]) -> None:
        size = _entry_size(key, entry)
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = entry
            self._size += size
            while self._size > self.budget and self._entries:
                old_key, old = self._entries.popitem(last=False)
                self._size -= _entry_size(old_key, old)
