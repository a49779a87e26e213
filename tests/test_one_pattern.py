"""The queries a server worker evaluates itself (one triple pattern), and the deadline that stops them."""

from __future__ import annotations

import time

import pytest
from pyoxigraph import NamedNode, Quad, Store

from server.one_pattern import is_one_triple_pattern
from store.query import OutOfTime, run_query
from vocab.formats import Format, result_format

ONE_PATTERN = [
    "SELECT ?p ?o WHERE { <https://bbkg.example.org/person/x> ?p ?o }",
    "select * { ?s ?p ?o }",
    "SELECT ?s WHERE { ?s a <https://schema.org/Person> . } LIMIT 10",
    "PREFIX schema: <https://schema.org/> BASE <https://bbkg.example.org/> SELECT ?s { ?s schema:name \"Mets\"@en }",
    "SELECT ?s { ?s <https://schema.org/name> 'O\\'Neil' }",
    "SELECT ?s { ?s <https://schema.org/birthYear> 1970 }",
    "SELECT ?s{?s <https://schema.org/name> \"a } b\"^^<http://www.w3.org/2001/XMLSchema#string>}",
]

# Each of these could make Oxigraph work long before a row, or is not what the grammar reads as one pattern.
NOT_ONE_PATTERN = [
    "SELECT ?s WHERE { ?s ?p ?s }",  # a repeated variable filters the whole index between two rows
    "SELECT ?s WHERE { ?s ?p $s }",
    "SELECT DISTINCT ?p WHERE { ?s ?p ?o }",
    "SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s",
    "SELECT ?s WHERE { ?s ?p ?o } OFFSET 1000000",
    "SELECT ?s WHERE { ?s ?p ?o . ?o ?q ?r }",
    "SELECT ?s WHERE { ?s ?p ?o ; ?q ?r }",
    "SELECT ?s WHERE { ?s ?p ?o , ?r }",
    "SELECT ?s WHERE { ?s <https://e/p>/<https://e/q> ?o }",
    "SELECT ?s WHERE { ?s <https://e/p>* ?o }",
    "SELECT ?s WHERE { ?s ?p ?o FILTER(?o > 1) }",
    "SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } }",
    "SELECT ?s WHERE { SERVICE <http://127.0.0.1/sparql> { ?s ?p ?o } }",
    "SELECT ?s WHERE { [] ?p ?s }",
    "SELECT ?s WHERE { _:b ?p ?s }",
    "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
    "SELECT ?s WHERE { ?s ?p ?o } # }",
    "SELECT ?s WHERE { ?s ?p ?o # }\n ?o ?q ?r }",
    "SELECT ?s WHERE { ?s ?p \"\\u0041\" }",
    "SELECT ?s WHERE { ?s ?p ?o } LIMIT 5 OFFSET 5",
    "SELECT ?s WHERE { ?s ?p ?o } LIMIT",
    "SELECT ?s WHERE { ?s ?p ?o } GROUP BY ?s",
    "SELECT ?s WHERE { a ?p ?s }",
    "\u017fELECT ?s WHERE { ?s ?p ?o }",  # a long s, which Python's regular expressions fold to s
    "SELECT ?s WHERE {\u00a0?s ?p ?o }",  # white space to Python, not to SPARQL
    "ASK { ?s ?p ?o }",
    "CONSTRUCT WHERE { ?s ?p ?o }",
    "DESCRIBE <https://e/x>",
    "SELECT ?s WHERE { ?s ?p ?o } VALUES ?s { <https://e/x> }",
    "SELECT ?s WHERE { { ?s ?p ?o } }",
    "SELECT ?s WHERE { ?s ?p ?o }}",
    "",
]


@pytest.mark.parametrize("query", ONE_PATTERN)
def test_one_pattern_queries_are_recognized(query: str) -> None:
    assert is_one_triple_pattern(query)
    Store().query(query)  # and Oxigraph reads each as a query


@pytest.mark.parametrize("query", NOT_ONE_PATTERN)
def test_every_other_query_goes_to_a_query_process(query: str) -> None:
    assert not is_one_triple_pattern(query)


@pytest.fixture(scope="module")
def large_store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """A store on disk with 300,000 triples in its default graph."""
    store = Store(str(tmp_path_factory.mktemp("large") / "oxigraph"))
    predicate = NamedNode("https://e.example/p")
    store.bulk_extend(Quad(NamedNode(f"https://e.example/s{i}"), predicate, NamedNode(f"https://e.example/o{i}"))
                      for i in range(300_000))
    return store


def _csv(_: bool) -> Format:  # the format chooser: CSV for solutions
    return result_format("csv")


# Under a cap of a million rows Oxigraph writes the answer whole; under 200,000 it stops past the cap's bytes
# and the rows are counted in Python.
@pytest.mark.parametrize("row_cap", [1_000_000, 200_000])
def test_the_deadline_stops_one_pattern_between_rows(large_store: Store, row_cap: int) -> None:
    query = "SELECT * WHERE { ?s ?p ?o }"
    whole = run_query(large_store, query, _csv, row_cap)
    assert whole.body.count(b"\n") == min(300_000, row_cap) + 1
    started = time.monotonic()
    with pytest.raises(OutOfTime):
        run_query(large_store, query, _csv, row_cap, deadline=started + 0.03)
    # The whole answer takes 1.5-2.5 s here: stopped within 0.5 s leaves room for a busy CI machine's pauses.
    assert time.monotonic() - started < 0.5, "the deadline did not stop the query between rows"


def test_an_answer_within_its_deadline_is_the_same(large_store: Store) -> None:
    query = "SELECT ?o WHERE { <https://e.example/s7> ?p ?o }"
    assert run_query(large_store, query, _csv, 10, deadline=time.monotonic() + 5).body == \
        run_query(large_store, query, _csv, 10).body == b"o\r\nhttps://e.example/o7\r\n"
