"""Media types the endpoint speaks, and content negotiation over them."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from pyoxigraph import QueryResultsFormat, RdfFormat
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from vocab.formats import GRAPH_BY_MEDIA_TYPE, HTML, RESULT_BY_MEDIA_TYPE, graph_format

# The offers of content negotiation, in order of preference (bbkg/formats.py holds the formats).
RESULT_TYPES: dict[str, QueryResultsFormat] = {
    media_type: f.results for media_type, f in RESULT_BY_MEDIA_TYPE.items() if f.results is not None}
GRAPH_TYPES: dict[str, RdfFormat] = {
    media_type: f.rdf for media_type, f in GRAPH_BY_MEDIA_TYPE.items() if f.rdf is not None}
# What a browser (which prefers text/html, which the endpoint never sends) is given: a type it shows inline.
RESULTS_FOR_BROWSERS = "application/json"
GRAPHS_FOR_BROWSERS = graph_format("turtle").media_type


def best_match(accept: MIMEAccept, offers: Mapping[str, object], for_browsers: str) -> str | None:
    """The offer the client prefers (q-values, wildcards); the first offer when Accept is absent; None if none fits."""
    if not accept:
        return next(iter(offers))
    if accept.best == HTML:
        return for_browsers
    return accept.best_match(list(offers))


@functools.lru_cache(maxsize=512)
def negotiate(accept_header: str) -> tuple[str | None, str | None]:
    """The media types to answer solutions (or a boolean) and a graph in, for an Accept header; None where none
    fits. Remembered per header: clients send the same few, and parsing one costs more than a small query."""
    accept = parse_accept_header(accept_header, MIMEAccept)
    return (best_match(accept, RESULT_TYPES, RESULTS_FOR_BROWSERS),
            best_match(accept, GRAPH_TYPES, GRAPHS_FOR_BROWSERS))
