"""Our capped results writers agree with pyoxigraph's own serializers, term by term."""

import pytest
from pyoxigraph import (BlankNode, Literal, NamedNode, Quad, QueryResultsFormat, Store, Triple,
                        parse_query_results)

from store.results import to_csv, to_json, to_tsv, to_xml

QUERY = "SELECT ?s ?p ?o ?missing WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o"


@pytest.fixture
def store() -> Store:
    store = Store()
    s, p = NamedNode("http://e/s"), NamedNode("http://e/p")
    for obj in (Literal("plain"), Literal("chat", language="fr"), Literal("42", datatype=NamedNode(
            "http://www.w3.org/2001/XMLSchema#integer")), Literal('quote " and <tag> & tab\tnewline\n'),
                NamedNode("http://e/o"), BlankNode("b1"),
                Triple(NamedNode("http://e/a"), NamedNode("http://e/b"), Literal("c"))):
        store.add(Quad(s, p, obj))
    return store


@pytest.mark.parametrize("writer, fmt", [(to_json, QueryResultsFormat.JSON), (to_xml, QueryResultsFormat.XML),
                                         (to_tsv, QueryResultsFormat.TSV)])
def test_writers_round_trip_through_pyoxigraph(store: Store, writer, fmt) -> None:
    results = store.query(QUERY)
    variables = [v.value for v in results.variables]
    rows = [tuple(solution) for solution in results]
    parsed = parse_query_results(writer(variables, rows), format=fmt)
    assert [v.value for v in parsed.variables] == variables
    assert [tuple(solution) for solution in parsed] == rows


def test_csv_has_header_and_crlf(store: Store) -> None:
    results = store.query("SELECT ?o WHERE { ?s ?p ?o FILTER(isLiteral(?o) && lang(?o) = 'fr') }")
    body = to_csv(["o"], [tuple(s) for s in results])
    assert body == b"o\r\nchat\r\n"


def test_empty_results(store: Store) -> None:
    parsed = parse_query_results(to_json(["x"], []), format=QueryResultsFormat.JSON)
    assert list(parsed) == []
