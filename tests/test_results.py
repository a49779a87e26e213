"""Our capped results writers agree with pyoxigraph's own serializers, term by term."""

import csv
import io

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


ALL_SOLUTION_FORMATS = ("json", "xml", "csv", "tsv")


@pytest.mark.parametrize("name", ALL_SOLUTION_FORMATS)
def test_an_answer_within_the_cap_is_oxigraphs_own_and_one_past_it_is_cut(store: Store, name: str) -> None:
    """Well within the cap, Oxigraph's serializer writes the answer; at the cap it is whole; one past, cut."""
    from store.query import run_query
    from vocab.formats import result_format

    chosen = result_format(name)
    rows = len(list(store.query(QUERY)))

    def rows_of(body: bytes) -> int:
        if name == "csv":  # one value holds a line break: count the records, not the lines
            return len(list(csv.reader(io.StringIO(body.decode(), newline="")))) - 1
        return len(list(parse_query_results(body, format=chosen.results)))

    within = run_query(store, QUERY, lambda is_graph: chosen, row_cap=100_000)
    assert within.body == store.query(QUERY).serialize(format=chosen.results) and not within.truncated
    at_cap = run_query(store, QUERY, lambda is_graph: chosen, row_cap=rows)
    assert not at_cap.truncated and rows_of(at_cap.body) == rows
    below = run_query(store, QUERY, lambda is_graph: chosen, row_cap=rows - 1)
    assert below.truncated and below.rows == rows - 1 and rows_of(below.body) == rows - 1


@pytest.mark.parametrize("name", ALL_SOLUTION_FORMATS)
def test_even_the_emptiest_rows_are_counted_against_the_cap(name: str) -> None:
    """Rows that bind nothing take the fewest bytes a format allows: the cap still holds."""
    from store.query import run_query
    from vocab.formats import result_format

    empty_rows = "SELECT ?x WHERE { VALUES ?y { 1 2 3 4 5 6 7 8 9 10 } }"
    answer = run_query(Store(), empty_rows, lambda is_graph: result_format(name), row_cap=9)
    assert answer.truncated and answer.rows == 9
    whole = run_query(Store(), empty_rows, lambda is_graph: result_format(name), row_cap=10)
    assert not whole.truncated


def test_a_graph_within_the_cap_is_written_whole_and_one_past_it_is_cut(store: Store) -> None:
    from store.query import run_query
    from vocab.formats import graph_format

    construct = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o FILTER(!isTriple(?o)) }"
    triples = len(list(store.query(construct)))
    whole = run_query(store, construct, lambda is_graph: graph_format("ntriples"), row_cap=triples)
    assert not whole.truncated and len(whole.body.splitlines()) == triples
    cut = run_query(store, construct, lambda is_graph: graph_format("ntriples"), row_cap=triples - 1)
    assert cut.truncated and len(cut.body.splitlines()) == triples - 1
