"""The SPARQL 1.1 Protocol endpoint: /sparql by GET, POST form and POST direct."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request
from pyoxigraph import NamedNode, QueryBoolean, QueryResultsFormat, QuerySolutions, RdfFormat

from server.context import current_store, setting

bp = Blueprint("sparql", __name__)

RESULT_TYPES: dict[str, QueryResultsFormat] = {
    "application/sparql-results+json": QueryResultsFormat.JSON,
    "application/json": QueryResultsFormat.JSON,
    "application/sparql-results+xml": QueryResultsFormat.XML,
    "application/xml": QueryResultsFormat.XML,
    "text/csv": QueryResultsFormat.CSV,
    "text/tab-separated-values": QueryResultsFormat.TSV,
}
GRAPH_TYPES: dict[str, RdfFormat] = {
    "text/turtle": RdfFormat.TURTLE,
    "application/n-triples": RdfFormat.N_TRIPLES,
    "application/rdf+xml": RdfFormat.RDF_XML,
    "application/ld+json": RdfFormat.JSON_LD,
    "application/n-quads": RdfFormat.N_QUADS,
    "application/trig": RdfFormat.TRIG,
}


class ProtocolError(ValueError):
    """A request the SPARQL protocol does not allow; answered with 400 and the message."""


def _plain(status: int, message: str) -> Response:
    return Response(message.rstrip("\n") + "\n", status=status, mimetype="text/plain")


def _query_and_graphs() -> tuple[str, list[str], list[str]]:
    """The query string and dataset IRIs of a GET, POST form or POST direct request."""
    if request.method == "GET":
        params = request.args
        query_values = params.getlist("query")
    else:
        content_type = request.mimetype
        if content_type == "application/x-www-form-urlencoded":
            params = request.form
            query_values = params.getlist("query")
        elif content_type == "application/sparql-query":
            params = request.args
            try:
                query_values = [request.get_data().decode("utf-8")]
            except UnicodeDecodeError:
                raise ProtocolError("the request body is not UTF-8; send the query encoded as UTF-8") from None
        else:
            raise ProtocolError(
                f"unsupported media type {content_type or '(none)'!r}; POST a query as "
                "application/x-www-form-urlencoded (query=...) or as application/sparql-query")
    if not query_values:
        raise ProtocolError("missing 'query' parameter; send ?query=SELECT...")
    if len(query_values) > 1:
        raise ProtocolError("the 'query' parameter is given more than once; send exactly one query")
    return query_values[0], params.getlist("default-graph-uri"), params.getlist("named-graph-uri")


def _negotiate(offers: dict[str, Any]) -> str | None:
    """The offered media type the client's Accept header prefers; the first offer when it accepts anything."""
    if not request.accept_mimetypes:
        return next(iter(offers))
    return request.accept_mimetypes.best_match(list(offers))


def _dataset_arguments(default_graphs: list[str], named_graphs: list[str]) -> dict[str, Any]:
    try:
        if default_graphs or named_graphs:
            arguments: dict[str, Any] = {}
            if default_graphs:
                arguments["default_graph"] = [NamedNode(g) for g in default_graphs]
            if named_graphs:
                arguments["named_graphs"] = [NamedNode(g) for g in named_graphs]
            return arguments
    except ValueError as exc:
        raise ProtocolError(f"invalid graph IRI: {exc}") from None
    return {"use_default_graph_as_union": setting("union_default_graph")}


@bp.route("/sparql", methods=["GET", "POST"])
def sparql() -> Response:
    try:
        query, default_graphs, named_graphs = _query_and_graphs()
        dataset = _dataset_arguments(default_graphs, named_graphs)
    except ProtocolError as exc:
        return _plain(400, str(exc))
    try:
        results = current_store().query(query, **dataset)
    except SyntaxError as exc:
        return _plain(400, f"SPARQL syntax error: {exc}")
    if isinstance(results, (QuerySolutions, QueryBoolean)):
        media_type = _negotiate(RESULT_TYPES)
        if media_type is None:
            return _plain(406, f"cannot answer with any media type of Accept: {request.headers.get('Accept')}; "
                               f"this query can be answered as {', '.join(RESULT_TYPES)}")
        body = results.serialize(format=RESULT_TYPES[media_type])
    else:
        media_type = _negotiate(GRAPH_TYPES)
        if media_type is None:
            return _plain(406, f"cannot answer with any media type of Accept: {request.headers.get('Accept')}; "
                               f"this query can be answered as {', '.join(GRAPH_TYPES)}")
        body = results.serialize(format=GRAPH_TYPES[media_type])
    return Response(body, mimetype=media_type, headers={"Vary": "Accept"})
