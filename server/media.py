"""Media types the endpoint speaks, and content negotiation over them."""

from __future__ import annotations

from collections.abc import Mapping

from pyoxigraph import QueryResultsFormat, RdfFormat
from werkzeug.datastructures import MIMEAccept

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
# What a browser (which prefers text/html, which the endpoint never sends) is given: a type it shows inline.
RESULTS_FOR_BROWSERS = "application/json"
GRAPHS_FOR_BROWSERS = "text/turtle"


def best_match(accept: MIMEAccept, offers: Mapping[str, object], for_browsers: str) -> str | None:
    """The offer the client prefers (q-values, wildcards); the first offer when Accept is absent; None if none fits."""
    if not accept:
        return next(iter(offers))
    if accept.best == "text/html":
        return for_browsers
    return accept.best_match(list(offers))
