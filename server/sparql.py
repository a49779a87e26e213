"""The SPARQL 1.1 Protocol endpoint: query by GET, POST form and POST direct; update by POST with a token."""

from __future__ import annotations

import hmac
import time
import urllib.parse
from dataclasses import dataclass

from flask import Blueprint, Response, redirect, request
from pyoxigraph import NamedNode
from werkzeug.wrappers.response import Response as BaseResponse

from vocab.errors import UserError
from vocab.formats import HTML

from server.context import executor, metrics, setting, store_dir
from server.descriptions import service_description
from server.errors import plain
from server.executor import QueryCrashed, QueryRequest, QueryTimeout
from server.media import negotiate
from server.guard import RemoteAccessRefused, TooDeeplyNested, refuse_remote_access
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


def _body_text() -> str:
    try:
        return request.get_data().decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("the request body is not UTF-8; send the query encoded as UTF-8") from None


def _form_text() -> None:
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


def read_operation() -> Operation:
    """The query or update of a GET, POST form or POST direct request, with its dataset parameters."""
    if request.method == "GET":
        if "update" in request.args:
            raise ProtocolError("SPARQL Update must be sent with POST, never GET")
        params, query, update = request.args, _single(request.args.getlist("query"), "query"), None
    elif request.mimetype == FORM:
        _form_text()
        params = request.form
        query = _single(params.getlist("query"), "query")
        update = _single(params.getlist("update"), "update")
    elif request.mimetype in (QUERY_BODY, UPDATE_BODY):
        params = request.args
        query, update = (_body_text(), None) if request.mimetype == QUERY_BODY else (None, _body_text())
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
    if len(text.encode("utf-8")) > setting("max_request_bytes"):
        raise ProtocolError(f"the query is longer than {setting('max_request_bytes')} bytes "
                            "(setting max_request_bytes)", status=413)
    graph_params = ("using-graph-uri", "using-named-graph-uri") if update is not None else \
        ("default-graph-uri", "named-graph-uri")
    return Operation("query" if query is not None else "update", text,
                     _graph_iris(params.getlist(graph_params[0]), graph_params[0]),
                     _graph_iris(params.getlist(graph_params[1]), graph_params[1]))


def _run_query(operation: Operation) -> Response:
    result_type, graph_type = negotiate(request.headers.get("Accept", ""))
    answer = executor().run(QueryRequest(
        query=operation.text,
        result_type=result_type,
        graph_type=graph_type,
        default_graphs=operation.default_graphs,
        named_graphs=operation.named_graphs,
        row_cap=setting("result_row_cap"),
    ))
    if answer.status == "syntax":
        return plain(400, f"SPARQL syntax error: {answer.message}")
    if answer.status == "not_acceptable":
        return plain(406, f"cannot answer with any media type of Accept: {request.headers.get('Accept')}; "
                          f"this query can be answered as {', '.join(answer.offers)}")
    if answer.status == "no_store":
        return plain(503, answer.message)
    headers = {"Vary": "Accept"}
    if answer.truncated:
        headers["X-Result-Truncated"] = "true"
        headers["X-Result-Row-Cap"] = str(setting("result_row_cap"))
    return Response(answer.body, mimetype=answer.media_type, headers=headers)


def _run_update(operation: Operation) -> Response:
    token = setting("update_token")
    if not token:
        return plain(403, "SPARQL Update is disabled on this endpoint; an operator enables it with update_token")
    supplied = request.headers.get("Authorization", "")
    if not hmac.compare_digest(supplied.encode(), f"Bearer {token}".encode()):
        return plain(401, "SPARQL Update needs the header 'Authorization: Bearer <update_token>'",
                     **{"WWW-Authenticate": 'Bearer realm="bbkg"'})
    if operation.default_graphs or operation.named_graphs:
        return plain(400, "using-graph-uri and using-named-graph-uri are not supported; name graphs in the update")
    try:
        apply_update(store_dir(), operation.text, setting("query_timeout"),
                     setting("isolate_query_network"))
    except SyntaxError as exc:
        return plain(400, f"SPARQL syntax error: {exc}")
    except DeadlineExceeded as exc:
        metrics().count("query_timeouts")
        return plain(503, f"the update {exc}; nothing of it was applied", **{"Retry-After": "0"})
    metrics().count("updates")
    return plain(200, "update applied")


@bp.route("/sparql", methods=["GET", "POST"])
def sparql() -> BaseResponse:
    if request.method == "GET" and not request.args:
        if request.accept_mimetypes.best == HTML:
            return redirect("/")  # a person typed the endpoint's address: show them the query page
        return service_description()
    started = time.perf_counter()
    try:
        operation = read_operation()
        refuse_remote_access(operation.text)
    except ProtocolError as exc:
        metrics().count("query_errors")
        return plain(exc.status, str(exc))
    except (RemoteAccessRefused, TooDeeplyNested) as exc:
        metrics().count("query_errors")
        return plain(400, str(exc))
    if operation.kind == "update":
        return _run_update(operation)
    metrics().count("queries")
    try:
        response = _run_query(operation)
    except QueryTimeout as exc:
        metrics().count("query_timeouts")
        response = plain(503, str(exc), **{"Retry-After": "0"})
    except QueryCrashed as exc:
        response = plain(500, str(exc))
    if 400 <= response.status_code < 500:
        metrics().count("query_errors")
    metrics().observe_query_seconds(time.perf_counter() - started)
    return response
