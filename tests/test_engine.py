"""The query engine (engine/, store/engine.py): Oxigraph's answers, byte for byte, stopped at a deadline and at a
memory cap by the engine itself, without the GIL and without a way to the network."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import bbkg_engine
import pytest
from pyoxigraph import Literal, NamedNode, Quad, Store

from store.query import run_query
from tests.helpers import CROSS_PRODUCT, CountingListener
from vocab.formats import GRAPH_FORMATS, RESULT_FORMATS, Format

EX = "https://e.example/"
JSON = "application/sparql-results+json"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store on disk: 20,000 triples in the default graph, a few literals of each kind, one named graph."""
    path = tmp_path_factory.mktemp("engine") / "oxigraph"
    store = Store(str(path))
    p = NamedNode(EX + "p")
    store.bulk_extend(Quad(NamedNode(f"{EX}s{i}"), p, NamedNode(f"{EX}o{i % 1000}")) for i in range(20_000))
    name = NamedNode(EX + "name")
    store.extend([
        Quad(NamedNode(EX + "a"), name, Literal("Núñez", language="es")),
        Quad(NamedNode(EX + "a"), NamedNode(EX + "year"), Literal("1986", datatype=NamedNode(
            "http://www.w3.org/2001/XMLSchema#gYear"))),
        Quad(NamedNode(EX + "b"), name, Literal('say "hi",\nthen\tgo')),
        Quad(NamedNode(EX + "c"), name, Literal("in a graph"), NamedNode(EX + "g")),
    ])
    store.flush()
    del store
    return path


@pytest.fixture(scope="module")
def engine(database: Path) -> bbkg_engine.Store:
    return bbkg_engine.Store(str(database))


QUERIES = [
    f"SELECT ?s ?o WHERE {{ ?s <{EX}name> ?o }} ORDER BY ?s",
    "SELECT * WHERE { ?s ?p ?o FILTER(isLiteral(?o)) } ORDER BY ?s ?p",
    f"SELECT (COUNT(*) AS ?n) (SAMPLE(?x) AS ?unbound) WHERE {{ ?s <{EX}p> ?o }}",
    "SELECT ?g ?o WHERE { GRAPH ?g { ?s ?p ?o } }",
    f"ASK {{ <{EX}a> ?p ?o }}",
    f"ASK {{ <{EX}nobody> ?p ?o }}",
    f"CONSTRUCT {{ ?s <{EX}label> ?o }} WHERE {{ ?s <{EX}name> ?o }}",
    f"DESCRIBE <{EX}a>",
]


@pytest.mark.parametrize("query", QUERIES)
def test_the_engine_writes_what_pyoxigraph_writes(database: Path, engine: bbkg_engine.Store, query: str) -> None:
    reference = Store.read_only(str(database))
    for solutions, graph in zip(RESULT_FORMATS, GRAPH_FORMATS, strict=False):
        kind, body, rows, truncated = engine.query(query, results_type=solutions.media_type,
                                                   graph_type=graph.media_type)

        def chosen(is_graph: bool, solutions: Format = solutions, graph: Format = graph) -> Format:
            return graph if is_graph else solutions

        expected = run_query(reference, query, chosen, 100_000)
        assert body == expected.body
        assert kind == ("graph" if expected.format is graph else "boolean" if query.startswith("ASK") else "solutions")
        assert not truncated and rows == (expected.rows if expected.rows is not None else rows)


def test_rows_past_the_cap_are_cut_and_said_to_be(engine: bbkg_engine.Store) -> None:
    kind, body, rows, truncated = engine.query(f"SELECT ?s WHERE {{ ?s <{EX}p> ?o }}", results_type="text/csv",
                                               row_cap=7)
    assert (kind, rows, truncated) == ("solutions", 7, True)
    assert body.count(b"\n") == 8
    _, _, rows, truncated = engine.query(f"CONSTRUCT WHERE {{ ?s <{EX}p> ?o }}", graph_type="application/n-triples",
                                         row_cap=20_000)
    assert (rows, truncated) == (20_000, False)


def test_the_dataset_parameters_choose_the_graphs(engine: bbkg_engine.Store) -> None:
    query = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    def count(**dataset: list[str]) -> int:
        _, body, _, _ = engine.query(query, results_type="text/csv", **dataset)
        return int(body.split()[1])
    assert count() == 20_003
    assert count(default_graphs=[EX + "g"]) == 1
    assert count(default_graphs=[EX + "g", EX + "none"]) == 1
    with pytest.raises(bbkg_engine.QuerySyntaxError, match="not an IRI"):
        count(default_graphs=["not an iri"])


@pytest.mark.parametrize("query", [
    CROSS_PRODUCT,  # a count: no row before the end
    "SELECT ?a ?d WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY DESC(?a) LIMIT 1",  # a sort over the product
    "SELECT ?a WHERE { ?a (<https://e.example/p>|^<https://e.example/p>)* ?z }",  # a path's closure
])
def test_the_deadline_stops_any_query(engine: bbkg_engine.Store, query: str) -> None:
    started = time.monotonic()
    with pytest.raises(bbkg_engine.QueryTimeout):
        engine.query(query, results_type=JSON, timeout=0.3)
    # Each would run for minutes; stopped within two seconds leaves room for a busy CI machine's pauses (a path's
    # closure checks its deadline between steps that may take a second under load).
    assert time.monotonic() - started < 2.0


def test_the_memory_cap_stops_a_query_and_the_next_one_runs(engine: bbkg_engine.Store) -> None:
    sort_everything = "SELECT ?a ?d WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?a ?d"
    started = time.monotonic()
    with pytest.raises(bbkg_engine.QueryOverMemory):
        engine.query(sort_everything, results_type=JSON, timeout=60, memory_cap=50 * 2**20)
    assert time.monotonic() - started < 30
    kind, body, _, _ = engine.query(f"ASK {{ <{EX}a> ?p ?o }}", results_type=JSON, memory_cap=50 * 2**20)
    assert body == b'{"head":{},"boolean":true}'


def test_other_threads_run_while_the_engine_evaluates(engine: bbkg_engine.Store) -> None:
    turns = 0
    done = threading.Event()

    def evaluate() -> None:
        with pytest.raises(bbkg_engine.QueryTimeout):
            engine.query(CROSS_PRODUCT, results_type=JSON, timeout=1.0)
        done.set()

    thread = threading.Thread(target=evaluate)
    thread.start()
    while not done.is_set():
        turns += 1
        time.sleep(0.001)
    thread.join()
    assert turns > 200  # with the GIL held for the whole second, this thread would have had one or two turns


def test_service_reaches_no_other_host(engine: bbkg_engine.Store) -> None:
    listener = CountingListener()
    try:
        remote = f"http://127.0.0.1:{listener.port}/sparql"
        with pytest.raises(bbkg_engine.QueryFailed):
            engine.query(f"SELECT * WHERE {{ SERVICE <{remote}> {{ ?s ?p ?o }} }}", results_type=JSON)
        _, body, _, _ = engine.query(f"SELECT * WHERE {{ SERVICE SILENT <{remote}> {{ ?s ?p ?o }} }}",
                                     results_type=JSON)
        assert b'"bindings":[{}]' in body  # SILENT: the failed call stands for one empty solution
        engine.query(f"SELECT * FROM <{remote}> WHERE {{ ?s ?p ?o }} LIMIT 1", results_type=JSON)
        time.sleep(0.3)
        assert listener.connections == 0
    finally:
        listener.close()


def test_bad_queries_and_missing_formats_are_told_apart(engine: bbkg_engine.Store) -> None:
    with pytest.raises(bbkg_engine.QuerySyntaxError, match="error at 1:25"):  # as pyoxigraph says it
        engine.query("SELECT * WHERE { ?s ?p }", results_type=JSON)
    with pytest.raises(bbkg_engine.NotAcceptable) as not_acceptable:
        engine.query("CONSTRUCT WHERE { ?s ?p ?o }", results_type=JSON)
    assert not_acceptable.value.args == (True,)
    with pytest.raises(bbkg_engine.NotAcceptable) as not_acceptable:
        engine.query("ASK { ?s ?p ?o }", graph_type="text/turtle")
    assert not_acceptable.value.args == (False,)


def test_a_missing_database_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="cannot open the store"):
        bbkg_engine.Store(str(tmp_path / "nothing-here"))


def test_deep_nesting_is_evaluated_on_the_engines_own_stack(engine: bbkg_engine.Store) -> None:
    from server.guard import MAX_NESTING

    nested = "SELECT * WHERE { ?s ?p " + "[ <https://e.example/p> " * MAX_NESTING + "1" + " ]" * MAX_NESTING + " }"
    answers: list[str] = []
    # A caller with a small stack, as a server's threads may have: with the parser on it, the process would die.
    previous = threading.stack_size(256 * 1024)
    try:
        thread = threading.Thread(target=lambda: answers.append(engine.query(nested, results_type=JSON)[0]))
        thread.start()
        thread.join()
    finally:
        threading.stack_size(previous)
    assert answers == ["solutions"]


def test_a_query_of_many_patterns_is_stopped_at_its_deadline(engine: bbkg_engine.Store) -> None:
    # Oxigraph's optimizer, which cannot be cancelled, would order these 800 joins for about 20 s: past 100
    # patterns the engine evaluates a query as written, one cancellable step at a time.
    chain = " ".join(f"?a{i} ?p{i} ?a{i + 1} ." for i in range(800))
    started = time.monotonic()
    with pytest.raises(bbkg_engine.QueryTimeout):
        engine.query(f"SELECT * WHERE {{ {chain} }}", results_type=JSON, timeout=0.5)
    assert time.monotonic() - started < 2


def test_a_timeout_past_what_the_clock_counts_is_no_deadline(engine: bbkg_engine.Store) -> None:
    for timeout in (float("inf"), 1e300):
        assert engine.query(f"ASK {{ <{EX}a> ?p ?o }}", results_type=JSON, timeout=timeout)[1] == \
            b'{"head":{},"boolean":true}'
