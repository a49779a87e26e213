"""What a query process does with a request, wherever it runs (a query process of its own, or a thread of the
shared process over the in-memory copy): evaluate a SPARQL query, or one of the connection API's lookups, and
answer in a form that crosses a pipe. Below both executor.py and shared_queries.py, which send it requests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vocab.formats import GRAPH_BY_MEDIA_TYPE, GRAPH_FORMATS, RESULT_BY_MEDIA_TYPE, RESULT_FORMATS, Format
from server.media import GRAPH_TYPES, RESULT_TYPES
from store.builds import StoreUnavailableError
from store.connections import chains_among, connection
from store.saved import preload
from store.entities import article_page, describe, resource_page, suggest_entities
from store.handle import CurrentStore, PinnedStore
from store.measures import central_entities, graph_measures, graph_software
from store.names import find_entities, resolve_entity
from store.query import NoAcceptableFormat, run_query
from store.shared import shared_among
from vocab.errors import UserError


class QueryStopped(Exception):
    """The query or lookup was stopped at one of its limits (answered 503)."""


class QueryTimeout(QueryStopped):
    """The query ran past the timeout; its process was killed."""


class QueryOverMemory(QueryStopped):
    """The query needed more memory than its cap; its process ended, and a retry would end the same way."""


class QueryCrashed(Exception):
    """The query process died while evaluating (out of memory, a crash in the engine)."""


@dataclass
class QueryRequest:
    query: str
    # The media types content negotiation chose, in the server worker, for solutions and for a graph; None
    # where the client accepts none (the child answers not_acceptable if the query gives that kind).
    result_type: str | None = RESULT_FORMATS[0].media_type
    graph_type: str | None = GRAPH_FORMATS[0].media_type
    default_graphs: list[str] = field(default_factory=list)
    named_graphs: list[str] = field(default_factory=list)
    row_cap: int = 100_000


@dataclass
class ApiRequest:
    """One of the connection API's lookups (a name in API_CALLS), run in the query process like a query."""
    call: str
    args: dict[str, Any] = field(default_factory=dict)


# Lookups of names, which a person types and waits for (the search box, /api/entities): each a few index
# scans, never a walk of the graph. They get slots, processes and threads of their own, beside the queries', so
# that heavy pages and aggregates holding every query slot cannot keep them waiting.
LOOKUP_CALLS = frozenset({"entities", "suggest"})
LOOKUP_SLOTS = 2


def is_lookup(request: QueryRequest | ApiRequest) -> bool:
    """Whether `request` is a name lookup (LOOKUP_CALLS)."""
    return isinstance(request, ApiRequest) and request.call in LOOKUP_CALLS


# Lookups over the graph the build saved (store/derived.py: the chain network, the membership graph, the PageRank
# ranking): tens of milliseconds each, bounded by their hops and chains. From the shared process's copy they get
# threads and slots of their own too, so that they do not queue behind heavy pages for the query slots.
GRAPH_CALLS = frozenset({"connection", "among", "central"})
GRAPH_SLOTS = 2


def is_graph_lookup(request: QueryRequest | ApiRequest) -> bool:
    """Whether `request` is a lookup over the saved graph (GRAPH_CALLS)."""
    return isinstance(request, ApiRequest) and request.call in GRAPH_CALLS


@dataclass
class ApiAnswer:
    status: int  # HTTP status: 200, or the UserError's own
    value: Any = None
    message: str = ""
    candidates: list[dict[str, str]] = field(default_factory=list)


@dataclass
class QueryAnswer:
    status: str  # ok, syntax, not_acceptable, no_store
    media_type: str = ""
    body: bytes = b""
    rows: int | None = 0  # None: not counted, the answer being within the row cap
    truncated: bool = False
    message: str = ""
    offers: list[str] = field(default_factory=list)
    detail: str = ""  # the operator's reason behind a no_store answer, with the server's paths: for the log only


def evaluate(store: Any, request: QueryRequest) -> QueryAnswer:
    """Evaluate one query and serialize it in the media type negotiated for its kind of answer (store/query.py
    does the work)."""
    def choose(is_graph: bool) -> Format:
        media_type = request.graph_type if is_graph else request.result_type
        if media_type is None:
            raise NoAcceptableFormat(is_graph)
        return (GRAPH_BY_MEDIA_TYPE if is_graph else RESULT_BY_MEDIA_TYPE)[media_type]

    try:
        answer = run_query(store, request.query, choose, request.row_cap, request.default_graphs,
                           request.named_graphs)
    except SyntaxError as exc:
        return QueryAnswer("syntax", message=str(exc))
    except NoAcceptableFormat as exc:
        return QueryAnswer("not_acceptable", offers=list(GRAPH_TYPES if exc.is_graph else RESULT_TYPES))
    # Sent as asked: a client that asked for application/json gets application/json.
    media_type = request.result_type if answer.format.results is not None else request.graph_type
    return QueryAnswer("ok", media_type or "", answer.body, answer.rows, answer.truncated)


def evaluate_current(handle: CurrentStore | PinnedStore, request: QueryRequest) -> QueryAnswer:
    """evaluate() on the current build, answered no_store while there is none to open."""
    try:
        return evaluate(handle.get(), request)
    except StoreUnavailableError as exc:
        return QueryAnswer("no_store", message=exc.public_message, detail=str(exc))


def _api_connection(store: Any, names: list[str], max_hops: int, **chain_options: Any) -> Any:
    a, b = (resolve_entity(store, name, "Person") for name in names)
    return connection(store, a, b, max_hops, **chain_options)


def _api_among(store: Any, names: list[str], **chain_options: Any) -> Any:
    people = [resolve_entity(store, name, "Person") for name in names]
    return people, shared_among(store, people), chains_among(store, people, **chain_options)


def _api_entities(store: Any, q: str, entity_type: str | None) -> Any:
    return [{**e, **graph_measures(store, e["iri"])} for e in find_entities(store, q, entity_type)]


def _api_central(store: Any, entity_type: str | None, limit: int) -> Any:
    return graph_software(store), central_entities(store, entity_type, limit)


# The only work the API and the pages may ask of a query process: a closed list, chosen by name.
API_CALLS: dict[str, Callable[..., Any]] = {
    "connection": _api_connection, "among": _api_among, "entities": _api_entities, "central": _api_central,
    "suggest": suggest_entities, "resource_page": resource_page, "article_page": article_page, "describe": describe}


def answer_api(handle: Any, request: ApiRequest) -> ApiAnswer:
    """Run one API lookup on the current store; a UserError (an unknown or ambiguous name, no store) becomes
    its status and message, without the server's paths; anything else is a bug and raises."""
    try:
        return ApiAnswer(200, API_CALLS[request.call](handle.get(), **request.args))
    except UserError as exc:
        return ApiAnswer(exc.status, message=getattr(exc, "public_message", str(exc)),
                         candidates=getattr(exc, "candidates", []))


def answer_request(handle: Any, request: QueryRequest | ApiRequest) -> QueryAnswer | ApiAnswer:
    """What a query process answers to a request: a query's answer, or an API lookup's."""
    return answer_api(handle, request) if isinstance(request, ApiRequest) else evaluate_current(handle, request)


def preload_network(handle: Any) -> None:
    """Read the store's chain network (store/seasons.py) and membership graph (store/paths.py) now, beside the
    first queries, rather than in the first connection lookup."""
    try:
        preload(handle.get())
    except StoreUnavailableError:
        pass  # no build yet: the first lookup after one reads it
