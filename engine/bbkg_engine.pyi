"""bbkg's query path: Oxigraph's SPARQL evaluator over the store's files, with a deadline and a memory cap it
enforces itself, and no HTTP client (SERVICE and LOAD cannot reach another host)."""

from collections.abc import Callable

class QuerySyntaxError(ValueError): ...
class QueryStopped(Exception): ...
class QueryTimeout(QueryStopped): ...
class QueryOverMemory(QueryStopped): ...
class QueryFailed(Exception): ...
class NotAcceptable(Exception): ...

class Store:
    """A store opened read-only: a snapshot of its files as they were at opening (OSError if it cannot be)."""

    def __init__(self, path: str) -> None: ...
    def query(self, query: str, results_type: str | None = None, graph_type: str | None = None,
              default_graphs: list[str] = ..., named_graphs: list[str] = ..., timeout: float = 30.0,
              row_cap: int = 100_000, memory_cap: int = 0) -> tuple[str, bytes, int, bool]:
        """Evaluate `query` and serialize its answer, the GIL released: (kind, body, rows, truncated), kind being
        solutions, boolean or graph."""

Respond = Callable[[str, str, list[tuple[str, str]], bytes, str], tuple[str, list[tuple[str, str]], bytes]]


def serve_front(listener_fd: int, upstream: str, respond: Respond, engine_store: object,
                negotiate: Callable[[str], tuple[str | None, str | None, str | None, str | None]],
                settings: dict[str, object], access_log: bool = False, idle_seconds: float = 60.0,
                max_connections: int = 1024) -> None:
    """Serve HTTP on the listening socket `listener_fd` until the process ends (engine/src/front.rs): a query
    alone answered by the engine (engine/src/endpoint.rs) as server/sparql.py's SparqlEndpoint answers it, other
    SPARQL operations by `respond` with the GIL, as (status line, headers, body); every other connection handed,
    byte for byte, to granian's Unix socket `upstream`. `engine_store` is store/engine.py's EngineStore;
    `negotiate(accept)` gives (results content type, results media type, graph content type, graph media type),
    None where none fits; `settings` is server/front.py's engine_settings; `access_log` writes a line for each
    request answered here."""
