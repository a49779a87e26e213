"""Whole-graph dumps at stable URLs, and the read side of the SPARQL 1.1 Graph Store Protocol."""

from __future__ import annotations

from flask import Blueprint, Response, request
from pyoxigraph import NamedNode
from werkzeug.wrappers.response import Response as BaseResponse

from vocab.formats import GRAPH_BY_MEDIA_TYPE, GRAPH_BY_SUFFIX
from server.context import current_store
from server.media import GRAPH_TYPES, GRAPHS_FOR_BROWSERS, best_match
from server.errors import plain
from store.dumps import graph_exists, stream_dump

bp = Blueprint("dumps", __name__)

# The whole graph at stable URLs: the line-based and Turtle formats (RDF/XML and JSON-LD of a whole store
# are for /store's content negotiation, one graph at a time).
DUMP_SUFFIXES = ("ttl", "nt", "nq", "trig")


def _streamed(format_name: str, media_type: str, graph: str | None, filename: str | None = None) -> Response:
    headers = {"Content-Disposition": f'inline; filename="{filename}"'} if filename else {}
    return Response(stream_dump(current_store(), format_name, graph), mimetype=media_type, headers=headers)


@bp.route("/dump.<extension>")
def dump(extension: str) -> BaseResponse:
    """The whole graph: TriG and N-Quads keep the named graphs, Turtle and N-Triples give their union."""
    if extension not in DUMP_SUFFIXES:
        return plain(404, f"no dump as .{extension}; try {', '.join('/dump.' + s for s in DUMP_SUFFIXES)}")
    chosen = GRAPH_BY_SUFFIX[extension]
    return _streamed(chosen.name, chosen.media_type, None, f"bbkg.{extension}")


@bp.route("/store")
def graph_store() -> BaseResponse:
    """GET /store?default or /store?graph=IRI, in the RDF format the Accept header asks for."""
    graphs = request.args.getlist("graph")
    if ("default" in request.args) == bool(graphs) or len(graphs) > 1:
        return plain(400, "name exactly one graph: /store?default or /store?graph=IRI")
    media_type = best_match(request.accept_mimetypes, GRAPH_TYPES, GRAPHS_FOR_BROWSERS)
    if media_type is None:
        return plain(406, f"a graph can be sent as {', '.join(GRAPH_TYPES)}")
    if graphs:
        try:
            NamedNode(graphs[0])
        except ValueError as exc:
            return plain(400, f"'graph' must be an absolute IRI, not {graphs[0]!r}: {exc}")
        if not graph_exists(current_store(), graphs[0]):
            return plain(404, f"no graph named <{graphs[0]}>; " + "/sparql?query=SELECT DISTINCT ?g "
                              "WHERE { GRAPH ?g {} } lists them")
        graph = graphs[0]
    else:
        graph = "default"  # the union of all named graphs, materialized by the build
    return _streamed(GRAPH_BY_MEDIA_TYPE[media_type].name, media_type, graph)
