"""The SPARQL 1.1 Protocol endpoint: query by GET, POST form and POST direct; update by POST with a token.

Operations are answered by SparqlEndpoint, a plain WSGI app that SparqlFastPath puts in front of Flask (a
small query costs less than Flask's routing and contexts); a GET or POST that carries the query alone is read
without werkzeug's Request too (plain_query). The Flask view serves the endpoint's own address
(the service description) and HEAD, through the same SparqlEndpoint.respond.

Every query is evaluated by the engine (store/engine.py) in the thread that read it, in one of the worker's
query slots: Oxigraph's evaluator stops it at its deadline or past its memory cap, and cannot reach the network.
"""

from __future__ import annotations

import functools
import hmac
import io
import logging
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from flask import Blueprint, Response, current_app, redirect, request
from pyoxigraph import NamedNode
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.utils import get_content_type
from werkzeug.wrappers import Request
from werkzeug.wrappers.response import Response as BaseResponse

from vocab.errors import UserError
from vocab.formats import GRAPH_BY_MEDIA_TYPE, HTML, RESULT_BY_MEDIA_TYPE, Format

from server.descriptions import service_description
from server.errors import count_stopped, plain_body, stopped_headers
from server.executor import SLOTS_BUSY, QueryRequest, QueryStopped, QueryTimeout, over_memory, timed_out
from server.metrics import Metrics
from server.wsgi import SAFE_CONTENT, CorsPolicy, WsgiApp, count_request
from server.media import GRAPH_TYPES, RESULT_TYPES, negotiate
from server.guard import RemoteAccessRefused, TooDeeplyNested, refuse_remote_access
from store.builds import StoreUnavailableError
from store.engine import EngineAnswer, EngineStore, OutOfTime, OverMemory, QueryFailed, run_engine_query
from store.query import NoAcceptableFormat
from store.sandbox import DeadlineExceeded
from store.update import apply_update

bp = Blueprint("sparql", __name__)

FORM = "application/x-www-form-urlencoded"
QUERY_BODY = "application/sparql-query"
UPDATE_BODY = "application/sparql-update"


class ProtocolError(UserError, ValueError):
    """A request the SPARQL protocol does not allow; answered with 400 (or `status`) and the message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Operation:
    kind: str  # query or update
    text: str
    default_graphs: list[str]
    named_graphs: list[str]


def _single(values: list[str], name: str) -> str | None:
    if len(values) > 1:
        raise ProtocolError(f"the '{name}' parameter is given more than once; send exactly one")
    return values[0] if values else None


def _body_text(request: Request) -> str:
    try:
        return request.get_data().decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("the request body is not UTF-8; send the query encoded as UTF-8") from None


def _form_text(request: Request) -> None:
    """Refuse a form whose bytes or percent-escapes are not UTF-8 (werkzeug would quietly replace them)."""
    try:
        urllib.parse.parse_qsl(request.get_data(cache=True).decode("utf-8"), keep_blank_values=True,
                               encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise ProtocolError("the form is not UTF-8; send its values percent-encoded as UTF-8") from None


def _graph_iris(values: list[str], name: str) -> list[str]:
    """Dataset parameters, once each is an absolute IRI."""
    for value in values:
        try:
            NamedNode(value)
        except ValueError as exc:
            raise ProtocolError(f"'{name}' must be an absolute IRI, not {value!r}: {exc}") from None
    return values


def read_operation(request: Request, max_bytes: int) -> Operation:
    """The query or update of a GET, POST form or POST direct request, with its dataset parameters."""
    if request.method in ("GET", "HEAD"):
        if "update" in request.args:
            raise ProtocolError("SPARQL Update must be sent with POST, never GET")
        params, query, update = request.args, _single(request.args.getlist("query"), "query"), None
    elif request.mimetype == FORM:
        _form_text(request)
        params = request.form
        query = _single(params.getlist("query"), "query")
        update = _single(params.getlist("update"), "update")
    elif request.mimetype in (QUERY_BODY, UPDATE_BODY):
        params = request.args
        query, update = (_body_text(request), None) if request.mimetype == QUERY_BODY else \
            (None, _body_text(request))
    else:
        raise ProtocolError(
            f"unsupported media type {request.mimetype or '(none)'!r}; POST a query as {FORM} (query=...) "
            f"or as {QUERY_BODY}, an update as {FORM} (update=...) or as {UPDATE_BODY}")
    if query is not None and update is not None:
        raise ProtocolError("send either 'query' or 'update', not both")
    if query is None and update is None:
        raise ProtocolError("missing 'query' parameter; send ?query=SELECT...")
    text = query if query is not None else update
    assert text is not None
    if len(text.encode("utf-8")) > max_bytes:
        raise ProtocolError(f"the query is longer than {max_bytes} bytes (setting max_request_bytes)", status=413)
    graph_params = ("using-graph-uri", "using-named-graph-uri") if update is not None else \
        ("default-graph-uri", "named-graph-uri")
    return Operation("query" if query is not None else "update", text,
                     _graph_iris(params.getlist(graph_params[0]), graph_params[0]),
                     _graph_iris(params.getlist(graph_params[1]), graph_params[1]))


def plain_query(environ: dict[str, Any], max_bytes: int) -> Operation | None:
    """The query of a GET whose only parameter is `query`, of a POST form whose only field is `query`, or of a
    POST direct without parameters, read without werkzeug's Request, which costs more than evaluating a
    one-pattern lookup; None for any other request (read_operation reads it, and answers what is wrong with
    it). Non-ASCII bytes in a query string or form, escapes or a body that are not UTF-8 and an overlong
    query go there too; a body read here is put back for it."""
    method = environ.get("REQUEST_METHOD")
    if method == "GET":
        return _plain_form(environ.get("QUERY_STRING", ""), max_bytes)
    length = environ.get("CONTENT_LENGTH") or ""
    if method != "POST" or environ.get("QUERY_STRING") or not length.isdigit() or int(length) > max_bytes:
        return None
    media_type = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
    if media_type not in (FORM, QUERY_BODY):
        return None
    body = environ["wsgi.input"].read(int(length))
    environ["wsgi.input"] = io.BytesIO(body)  # for read_operation, where this returns None
    if media_type == FORM:
        return _plain_form(body.decode("latin-1"), max_bytes)
    try:
        return Operation("query", body.decode("utf-8"), [], [])
    except UnicodeDecodeError:
        return None


def _plain_form(form: str, max_bytes: int) -> Operation | None:
    """The query of `query=...` alone, percent-encoded ASCII."""
    if not form.startswith("query=") or "&" in form or not form.isascii():
        return None
    try:
        text = urllib.parse.unquote_plus(form[6:], errors="strict")
    except UnicodeDecodeError:
        return None
    if len(text.encode("utf-8")) > max_bytes:
        return None
    return Operation("query", text, [], [])


def _canonical(media_type: str | None, formats: Mapping[str, Format]) -> str | None:
    """The media type the engine writes for a negotiated one (application/json: SPARQL's JSON results)."""
    return formats[media_type].media_type if media_type is not None else None


def answer_types(accept: str) -> tuple[str | None, str | None, str | None, str | None]:
    """For an Accept header, the Content-Type header and the engine's media type of solutions (or a boolean),
    then those of a graph; None where none fits. What the front (engine/src/endpoint.rs) asks once per header."""
    result_type, graph_type = negotiate(accept)
    return (_content_type(result_type) if result_type else None, _canonical(result_type, RESULT_BY_MEDIA_TYPE),
            _content_type(graph_type) if graph_type else None, _canonical(graph_type, GRAPH_BY_MEDIA_TYPE))


class Answer(NamedTuple):
    status: int
    body: bytes
    media_type: str
    headers: dict[str, str]


def _text(status: int, message: str, **headers: str) -> Answer:
    """A text/plain answer, as SPARQL protocol clients expect (the parser's message, line and column)."""
    return Answer(status, plain_body(message), "text/plain", headers)


@functools.lru_cache(maxsize=64)
def _content_type(media_type: str) -> str:
    """The Content-Type header of a media type, with the charset where werkzeug (so the rest of the app) adds it."""
    return get_content_type(media_type, "utf-8")


class SparqlEndpoint:
    """The protocol's operations, answered without Flask: a query costs little more than its evaluation.

    `respond` turns a request into an Answer; called as a WSGI app it writes that answer itself and does what
    the Flask app does around a view (count the request, add the CORS headers, answer an unexpected error
    with 500): werkzeug's Response alone costs a tenth of a small query.
    """

    def __init__(self, settings: Mapping[str, Any], metrics: Metrics, logger: logging.Logger) -> None:
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
        self.cors = CorsPolicy(settings["cors_origins"])
        self.engine = EngineStore(settings["store_dir"])
        # Queries evaluated at once by this worker: each may allocate up to memory_cap while it runs, so the
        # worker's queries together hold at most query_slots times that.
        self.query_slots = threading.BoundedSemaphore(settings["query_slots"])
        self.memory_cap = settings["query_memory_mb"] * 2**20

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        try:
            operation = plain_query(environ, self.settings["max_request_bytes"])
            if operation is not None:
                answer = self.respond_to_query(operation, environ.get("HTTP_ACCEPT", ""), time.perf_counter())
            else:
                request = Request(environ)
                request.max_content_length = self.settings["max_request_bytes"]
                answer = self.respond(request)
        except HTTPException as exc:  # a body longer than max_request_bytes
            answer = _text(exc.code or 400, exc.description or exc.name)
        except Exception:
            self.logger.exception("unhandled error")  # the traceback goes to the log, never to the client
            answer = _text(500, "internal server error; the server log has the details")
        count_request(self.metrics, answer.status)
        headers = {"Content-Type": _content_type(answer.media_type), "Content-Length": str(len(answer.body)),
                   **SAFE_CONTENT, **answer.headers}
        headers.update(self.cors.headers(environ.get("HTTP_ORIGIN"), headers.get("Vary")))
        start_response(f"{answer.status} {HTTP_STATUS_CODES.get(answer.status, '')}", list(headers.items()))
        return [answer.body]

    def respond(self, request: Request) -> Answer:
        started = time.perf_counter()
        try:
            operation = read_operation(request, self.settings["max_request_bytes"])
        except ProtocolError as exc:
            self.metrics.count("query_errors")
            return _text(exc.status, str(exc))
        if operation.kind == "update":
            return self._refused(operation) or self._run_update(request, operation)
        return self.respond_to_query(operation, request.headers.get("Accept", ""), started)

    def respond_to_query(self, operation: Operation, accept: str, started: float) -> Answer:
        """The answer to a query read from a request that arrived at `started` (a time.perf_counter() value)."""
        refused = self._refused(operation)
        if refused is not None:
            return refused
        self.metrics.count("queries")
        try:
            answer = self._run_query(operation, accept)
        except QueryStopped as exc:
            count_stopped(self.metrics, exc, "query_timeouts")
            answer = _text(503, str(exc), **stopped_headers(exc))
        if 400 <= answer.status < 500:
            self.metrics.count("query_errors")
        self.metrics.observe_query_seconds(time.perf_counter() - started)
        return answer

    def _refused(self, operation: Operation) -> Answer | None:
        """The 400 for an operation that reaches for another host (SERVICE, LOAD) or nests too deeply."""
        try:
            refuse_remote_access(operation.text)
        except (RemoteAccessRefused, TooDeeplyNested) as exc:
            self.metrics.count("query_errors")
            return _text(400, str(exc))
        return None

    def _run_query(self, operation: Operation, accept: str) -> Answer:
        result_type, graph_type = negotiate(accept)
        row_cap = self.settings["result_row_cap"]
        try:
            answer = self._evaluate(operation, result_type, graph_type, row_cap)
        except SyntaxError as exc:
            return _text(400, f"SPARQL syntax error: {exc}")
        except NoAcceptableFormat as exc:
            offers = GRAPH_TYPES if exc.is_graph else RESULT_TYPES
            return _text(406, f"cannot answer with any media type of Accept: {accept}; "
                              f"this query can be answered as {', '.join(offers)}")
        except QueryFailed as exc:
            return _text(400, f"the query cannot be evaluated: {exc}")
        except StoreUnavailableError as exc:
            self.logger.error("query answered 503: %s", exc)
            return _text(503, exc.public_message)
        except OSError as exc:
            self.logger.error("query answered 503: %s", exc)
            return _text(503, "the store could not be read; the server log has the details")
        headers = {"Vary": "Accept"}
        if answer.truncated:
            headers["X-Result-Truncated"] = "true"
            headers["X-Result-Row-Cap"] = str(row_cap)
        # Sent as asked: a client that asked for application/json gets application/json.
        return Answer(200, answer.body, (graph_type if answer.kind == "graph" else result_type) or "", headers)

    def _evaluate(self, operation: Operation, result_type: str | None, graph_type: str | None,
                  row_cap: int) -> EngineAnswer:
        """The engine's answer, in one of the query slots; the wait for a slot counts against the deadline."""
        limit = self.settings["query_timeout"]
        request = QueryRequest(operation.text)
        started = time.monotonic()
        if not self.query_slots.acquire(timeout=limit):
            raise QueryTimeout(SLOTS_BUSY)
        try:
            return run_engine_query(
                self.engine, operation.text, _canonical(result_type, RESULT_BY_MEDIA_TYPE),
                _canonical(graph_type, GRAPH_BY_MEDIA_TYPE), row_cap, operation.default_graphs,
                operation.named_graphs, max(0.0, limit - (time.monotonic() - started)), self.memory_cap)
        except OutOfTime:
            raise timed_out(request, limit) from None
        except OverMemory:
            raise over_memory(request, self.memory_cap) from None
        finally:
            self.query_slots.release()

    def _run_update(self, request: Request, operation: Operation) -> Answer:
        token = self.settings["update_token"]
        if not token:
            return _text(403, "SPARQL Update is disabled on this endpoint; an operator enables it with update_token")
        scheme, _, supplied = request.headers.get("Authorization", "").strip().partition(" ")
        # The scheme is case-insensitive (RFC 9110 11.1); the token is compared in constant time.
        if scheme.lower() != "bearer" or not hmac.compare_digest(supplied.strip().encode(), token.encode()):
            return _text(401, "SPARQL Update needs the header 'Authorization: Bearer <update_token>'",
                         **{"WWW-Authenticate": 'Bearer realm="bbkg"'})
        if operation.default_graphs or operation.named_graphs:
            return _text(400, "using-graph-uri and using-named-graph-uri are not supported; name graphs in the "
                              "update")
        try:
            apply_update(Path(self.settings["store_dir"]), operation.text, self.settings["query_timeout"],
                         self.settings["isolate_query_network"])
        except SyntaxError as exc:
            return _text(400, f"SPARQL syntax error: {exc}")
        except DeadlineExceeded as exc:
            self.metrics.count("query_timeouts")
            return _text(503, f"the update {exc}; nothing of it was applied", **{"Retry-After": "0"})
        self.metrics.count("updates")
        return _text(200, "update applied")


class SparqlFastPath:
    """WSGI middleware that hands /sparql operations (GET with parameters, POST) to the SparqlEndpoint,
    and everything else (the service description, HEAD, OPTIONS) to the Flask app."""

    def __init__(self, app: WsgiApp, endpoint: SparqlEndpoint) -> None:
        self.app = app
        self.endpoint = endpoint

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == "/sparql" and (
                environ.get("REQUEST_METHOD") == "POST"
                or (environ.get("REQUEST_METHOD") == "GET" and environ.get("QUERY_STRING"))):
            return self.endpoint(environ, start_response)
        return self.app(environ, start_response)


@bp.route("/sparql", methods=["GET", "POST"])
def sparql() -> BaseResponse:
    """Reached for what the fast path passes on: the endpoint's address itself, and HEAD."""
    if request.method in ("GET", "HEAD") and not request.args:
        if request.accept_mimetypes.best == HTML:
            return redirect("/")  # a person typed the endpoint's address: show them the query page
        return service_description()
    endpoint: SparqlEndpoint = current_app.extensions["bbkg_sparql"]
    answer = endpoint.respond(request)
    return Response(answer.body, status=answer.status, mimetype=answer.media_type, headers=answer.headers)
