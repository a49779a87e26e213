"""Running a SPARQL query against a store and serializing its results by format name."""

from __future__ import annotations

from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions, RdfFormat, Store

from bbkg.errors import UserError

RESULT_FORMATS = {"json": QueryResultsFormat.JSON, "xml": QueryResultsFormat.XML,
                  "csv": QueryResultsFormat.CSV, "tsv": QueryResultsFormat.TSV}
GRAPH_FORMATS = {"turtle": RdfFormat.TURTLE, "ntriples": RdfFormat.N_TRIPLES, "nquads": RdfFormat.N_QUADS}


def run_query(store: Store, query: str, format_name: str) -> bytes:
    """Evaluate `query` and serialize it; raises SyntaxError for a bad query, ValueError for a wrong format."""
    results = store.query(query)
    if isinstance(results, (QuerySolutions, QueryBoolean)):
        if format_name not in RESULT_FORMATS:
            raise UserError(f"a SELECT or ASK result cannot be written as {format_name}; "
                             f"use one of {', '.join(RESULT_FORMATS)}")
        return results.serialize(format=RESULT_FORMATS[format_name]) or b""
    if format_name not in GRAPH_FORMATS:
        raise UserError(f"a CONSTRUCT or DESCRIBE result cannot be written as {format_name}; "
                         f"use one of {', '.join(GRAPH_FORMATS)}")
    return results.serialize(format=GRAPH_FORMATS[format_name]) or b""
