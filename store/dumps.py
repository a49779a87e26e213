"""Serializing the whole store (all named graphs, or their union as plain triples) in a stable order."""

from __future__ import annotations

from typing import IO

from pyoxigraph import DefaultGraph, Quad, RdfFormat, Store, Triple, serialize

DUMP_FORMATS: dict[str, RdfFormat] = {
    "turtle": RdfFormat.TURTLE,
    "ntriples": RdfFormat.N_TRIPLES,
    "nquads": RdfFormat.N_QUADS,
    "trig": RdfFormat.TRIG,
}
PREFIXES = {
    "bb": "https://bbkg.example.org/ontology#",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "prov": "http://www.w3.org/ns/prov#",
    "schema": "http://schema.org/",
    "org": "http://www.w3.org/ns/org#",
}


def dump_store(store: Store, format_name: str, output: IO[bytes]) -> None:
    """Write every quad (TriG, N-Quads) or the union of all graphs as triples (Turtle, N-Triples).

    Sorted, so that the same store gives the same bytes on every run.
    """
    try:
        rdf_format = DUMP_FORMATS[format_name]
    except KeyError:
        raise ValueError(f"unknown dump format {format_name!r}; choose one of {', '.join(DUMP_FORMATS)}") from None
    quads = store.quads_for_pattern(None, None, None, None)
    statements: list[Quad] | list[Triple]
    if rdf_format.supports_datasets:
        statements = sorted(quads, key=lambda q: (str(q.graph_name) if q.graph_name != DefaultGraph() else "", str(q)))
    else:
        statements = sorted({q.triple for q in quads}, key=str)
    prefixes = PREFIXES if rdf_format in (RdfFormat.TURTLE, RdfFormat.TRIG) else None
    serialize(statements, output, rdf_format, prefixes=prefixes)
