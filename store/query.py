"""Running a SPARQL query against a store and serializing its results by format name."""

from __future__ import annotations

from pyoxigraph import QueryBoolean, QuerySolutions, Store

from bbkg.formats import graph_format, result_format


def run_query(store: Store, query: str, format_name: str) -> bytes:
    """Evaluate `query` and serialize it; raises SyntaxError for a bad query, UnknownFormatError for a format
    that does not fit the query's kind of result."""
    results = store.query(query)
    if isinstance(results, (QuerySolutions, QueryBoolean)):
        return results.serialize(format=result_format(format_name).results) or b""
    return results.serialize(format=graph_format(format_name).rdf) or b""
