"""Hostile and careless input to the API and the endpoint: every value a client sends reaches a query only
as a bound term or after a check against a closed list; bad input is a 4xx in the one error shape."""

from __future__ import annotations

import ast
import logging
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from vocab.config import PROJECT_ROOT
from server import create_app
from tests.helpers import CROSS_PRODUCT, metric_totals

NESTED = "(" * 5000 + ")" * 5000


@pytest.fixture
def listener():
    """A local TCP listener that records whether anything connected to it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    hits: list[bytes] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            hits.append(conn.recv(1024))
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1], hits
    stop.set()
    thread.join()
    server.close()


def assert_json_error(response, status: int) -> dict:
    assert response.status_code == status, response.data
    error = response.get_json()["error"]
    assert error["status"] == status and error["message"]
    return error


@pytest.mark.parametrize("entity_type", [
    "Team . } SERVICE <http://127.0.0.1:PORT/> { ?s ?p ?o",
    "Person } UNION { ?e ?p ?label",
    NESTED,
    "Pérson", "Team\u0000", "\ud7ff", "", "team",
])
def test_entity_type_is_checked_against_a_closed_list(client, listener, entity_type: str) -> None:
    port, hits = listener
    response = client.get("/api/entities", query_string={"q": "Mets", "type": entity_type.replace("PORT", str(port))})
    assert_json_error(response, 400)
    assert hits == []


def test_the_service_injection_of_the_old_api_reaches_nobody(client, listener) -> None:
    port, hits = listener
    for name in (f"x\" . }} SERVICE <http://127.0.0.1:{port}/> {{ ?a ?b ?c }} #", f"http://127.0.0.1:{port}/"):
        response = client.get("/api/connections", query_string={"from": name, "to": "Wally Backman"})
        assert response.status_code in (400, 404)
    assert hits == []


@pytest.mark.parametrize("query", [
    {"from": "http://bad iri", "to": "Wally Backman"},
    {"from": "http://[bad", "to": "Wally Backman"},
    {"from": "", "to": "Wally Backman"},
    {"from": "Wally Backman", "to": "x" * 301},
    {"from": "Wally Backman", "to": "Terry Collins", "among": "Sandy Alderson"},
    [("from", "Wally Backman"), ("from", "Sandy Alderson"), ("to", "Terry Collins")],
    [("among", f"Person {i}") for i in range(11)],
    {"from": "Wally Backman", "to": "Terry Collins", "max_hops": "7"},
])
def test_bad_connection_requests_are_400(client, query) -> None:
    assert_json_error(client.get("/api/connections", query_string=query), 400)


@pytest.mark.parametrize("query", [{"q": "http://bad iri"}, {"q": "   "}, [("q", "Mets"), ("q", "Cubs")],
                                   [("q", "Mets"), ("type", "Team"), ("type", "League")]])
def test_bad_entity_requests_are_400(client, query) -> None:
    assert_json_error(client.get("/api/entities", query_string=query), 400)


def test_an_iri_that_is_no_entity_is_404_not_500(client) -> None:
    response = client.get("/api/connections", query_string={"from": "https://example.org/nobody", "to": "Backman"})
    assert_json_error(response, 404)


def test_an_api_lookup_past_its_deadline_is_503_and_its_process_is_gone(seeds_build) -> None:
    # Per-query processes (no in-memory copy): the one that ran past its deadline is the one killed.
    app = create_app({"store_dir": str(seeds_build[0]), "api_timeout": 0.01, "memory_store_quads": 0})
    client = app.test_client()
    response = client.get("/api/connections", query_string={"from": "Wally Backman", "to": "Terry Collins"})
    error = assert_json_error(response, 503)
    assert "longer than" in error["message"] and response.headers["Retry-After"] == "0"
    executor = app.extensions["bbkg_executor"]
    assert all(worker._process is None for worker in executor._idle)  # killed, CPU freed
    executor.kill()


def test_dataset_parameters_must_be_iris(client) -> None:
    for name in ("default-graph-uri", "named-graph-uri"):
        response = client.get("/sparql", query_string={"query": "ASK {}", name: "not an iri"})
        assert response.status_code == 400 and name in response.data.decode()
    # The query process survived: the next query is answered.
    assert client.get("/sparql", query_string={"query": "ASK {}"}).status_code == 200


def test_graph_store_graph_must_be_an_iri(client) -> None:
    for graph in ("relative/graph", "http://bad iri"):
        assert client.get("/store", query_string={"graph": graph}).status_code == 400


def test_a_form_that_is_not_utf8_is_named_so(client) -> None:
    for body in (b"query=ASK%20%7B%7D%FF", b"query=ASK {}\xff"):
        response = client.post("/sparql", data=body, content_type="application/x-www-form-urlencoded")
        assert response.status_code == 400 and "UTF-8" in response.data.decode()


def test_405_names_the_allowed_methods(client) -> None:
    response = client.delete("/api/connections")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]
    assert client.put("/sparql").headers["Allow"]


def test_requests_and_server_errors_are_counted(seeds_build) -> None:
    app = create_app({"store_dir": str(seeds_build[0]), "api_timeout": 0.01, "query_cache_bytes": 0})
    client = app.test_client()

    def counters() -> dict[str, float]:
        """The totals as /metrics reports them (a request is counted once answered: not in its own answer)."""
        return metric_totals(client.get("/metrics").data.decode())
    before = counters()
    client.get("/api/connections", query_string={"from": "Wally Backman", "to": "Terry Collins"})  # 503: deadline
    client.get("/api/entities", query_string={"q": ""})  # 400
    after = counters()
    assert after["bbkg_requests_total"] == before["bbkg_requests_total"] + 3  # the two, and the first /metrics
    assert after["bbkg_server_errors_total"] == before["bbkg_server_errors_total"] + 1
    assert after["bbkg_api_timeouts_total"] == before["bbkg_api_timeouts_total"] + 1
    assert after["bbkg_api_errors_total"] == before["bbkg_api_errors_total"] + 1
    app.extensions["bbkg_executor"].kill()


# Where a query is a Python f-string, the values formatted into it: none comes from a client.
ALLOWED_IN_QUERY_TEXT = {
    # Fixed fragments chosen by code, and names of bound variables (the values themselves are bound terms).
    "store/names.py": {"match"},
    "store/measures.py": {"'?wanted' if entity_type else ''", "'?e a ?wanted .' if entity_type else ''"},
    # The pages' fixed fragments (patterns, column lists, which memberships) and names of bound variables.
    "store/entities.py": {"selection", "bound", "_FACT_PATTERN", "_FACT_COLUMNS", "MAX_LISTED", "names"},
    # SHACL checks built at build time from ontology/shapes.ttl, the operator's file, never a client's.
    # (terms are written by pyoxigraph's NamedNode and Literal, which escape them; the rest are fixed fragments).
    "store/validate.py": {"NamedNode(RDFS_SUBCLASS_OF)", "NamedNode(cls)", "NamedNode(path)", "NamedNode(c.path)",
                          "_with_subclasses(store, (c.value,))", "_is_focus(store, targets)",
                          "_is_focus(store, c.targets)", "_focus_nodes(store, targets)", "sums",
                          "' || '.join(outside)", "' '.join((f'?broken{i}' for i in range(len(tested))))"},
}


def test_no_client_value_is_formatted_into_a_query() -> None:
    """Every f-string that looks like SPARQL in the serving path interpolates only vetted names."""
    found: dict[str, set[str]] = {}
    for folder in ("server", "store"):
        for path in (PROJECT_ROOT / folder).glob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.JoinedStr):
                    continue
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                if not any(word in text for word in ("SELECT", "WHERE {", "ASK {", "CONSTRUCT")):
                    continue
                for value in node.values:
                    if isinstance(value, ast.FormattedValue):
                        source = ast.unparse(value.value)
                        found.setdefault(str(Path(path).relative_to(PROJECT_ROOT)), set()).add(source)
    for file, sources in found.items():
        assert sources <= ALLOWED_IN_QUERY_TEXT.get(file, set()), (file, sources)


HEAVY_UPDATE = "INSERT { ?a <https://example.org/p> ?b } WHERE { ?a ?x ?y . ?b ?z ?w }"


def test_an_update_past_its_deadline_is_killed_and_leaves_the_store_as_it_was(store_copy: Path) -> None:
    from store.builds import open_current
    from store.sandbox import DeadlineExceeded
    from store.builds import served_database
    from store.update import apply_update, logged_updates, writer_lock

    before = len(open_current(store_copy)[0])
    started = time.perf_counter()
    with pytest.raises(DeadlineExceeded):
        apply_update(store_copy, HEAVY_UPDATE, timeout=1.0)
    assert time.perf_counter() - started < 10
    assert len(open_current(store_copy)[0]) == before
    # The writer lock is free at once: the next update goes through.
    applied = "INSERT DATA { <https://example.org/a> <https://example.org/b> 1 }"
    apply_update(store_copy, applied, timeout=30)
    assert len(open_current(store_copy)[0]) == before + 1
    with pytest.raises(SyntaxError):
        apply_update(store_copy, "INSERT DATA { nonsense", timeout=30)
    # Neither the one killed nor the one refused left a copy of the database behind: one copy, the one served.
    assert [p.name for p in ((store_copy / "current").resolve() / "snapshots").iterdir()] == [
        served_database((store_copy / "current").resolve()).name]
    # Only what was applied is logged for the next build.
    assert logged_updates(store_copy) == [applied]
    # An update that cannot have the writer (a build switching stores) within its deadline gives up, unapplied.
    with writer_lock(store_copy), pytest.raises(DeadlineExceeded, match="writer"):
        apply_update(store_copy, "INSERT DATA { <https://example.org/a> <https://example.org/b> 2 }", timeout=0.5)
    assert len(open_current(store_copy)[0]) == before + 1 and logged_updates(store_copy) == [applied]


def test_a_corrupt_store_is_503_with_a_reason_and_no_path(store_copy: Path) -> None:
    client = create_app({"store_dir": str(store_copy)}).test_client()
    assert client.get("/health").status_code == 200
    database = (store_copy / "current").resolve() / "oxigraph"
    for part in database.iterdir():
        if part.is_file():
            part.write_bytes(b"garbage")
    client = create_app({"store_dir": str(store_copy)}).test_client()
    for response in (client.get("/health"), client.get("/api/entities", query_string={"q": "Mets"}),
                     client.get("/dump.nt")):
        assert response.status_code == 503, response.data
        assert str(store_copy) not in response.data.decode() and "cannot be opened" in response.data.decode()


def test_serve_refuses_a_corrupt_store_in_one_line(store_copy: Path) -> None:
    from click.testing import CliRunner

    from bbkg.cli import main

    database = (store_copy / "current").resolve() / "oxigraph"
    shutil.rmtree(database)
    result = CliRunner().invoke(main, ["serve", "--store", str(store_copy)])
    assert result.exit_code == 1 and "cannot be opened" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_unbuilt_store_answers_without_the_servers_paths(tmp_path: Path) -> None:
    client = create_app({"store_dir": str(tmp_path)}).test_client()
    for response in (client.get("/health"), client.get("/sparql", query_string={"query": "ASK {}"}),
                     client.get("/api/entities", query_string={"q": "Mets"})):
        assert response.status_code == 503 and str(tmp_path) not in response.data.decode()


def test_a_build_into_a_folder_it_cannot_write_stops_before_spark(tmp_path: Path) -> None:
    from bbkg.pipeline import run_build
    from tests.helpers import SEEDS, build_settings

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    stages: list[str] = []
    with pytest.raises(PermissionError, match="cannot write in the store folder"):
        run_build(build_settings(SEEDS, blocker / "store"), on_stage=stages.append)
    assert stages == []


def test_partial_folders_of_dead_builds_are_removed(store_copy: Path) -> None:
    from store.builds import prune_builds

    dead = store_copy / "builds" / "20200101T000000-999999999"  # no such process
    mine = store_copy / "builds" / f"20990101T000000-{os.getpid()}"
    for folder in (dead, mine):
        folder.mkdir()
    prune_builds(store_copy, keep=2)
    assert not dead.exists() and mine.exists()


def test_a_spark_failure_is_one_line_with_the_trace_in_a_log(spark, tmp_path: Path) -> None:
    from py4j.protocol import Py4JJavaError
    from pyspark.errors.exceptions.captured import CapturedException

    from bbkg.pipeline import SparkStageError

    with pytest.raises((Py4JJavaError, CapturedException)) as failure:
        spark.sql("SELECT raise_error('No space left on device')").collect()
    error = SparkStageError.from_exception(failure.value, tmp_path)
    assert "No space left on device" in str(error) and "\n" not in str(error)
    assert "at org.apache" not in str(error)  # the cause, not a stack frame
    log = (tmp_path / "last-build-error.log").read_text()
    assert "raise_error" in log or "No space" in log


def test_query_processes_do_not_inherit_the_update_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from server.metrics import METRICS_FILE_VARIABLE
    from server.serve import worker_app

    monkeypatch.setenv("BBKG_UPDATE_TOKEN", "secret")
    monkeypatch.setenv("BBKG_STORE_DIR", str(tmp_path))
    monkeypatch.setenv(METRICS_FILE_VARIABLE, str(tmp_path / "metrics"))
    app = worker_app()
    assert app.config["BBKG"]["update_token"] == "secret"
    assert "BBKG_UPDATE_TOKEN" not in os.environ  # what the query processes it spawns would inherit


def test_network_isolation_is_available_here_and_really_drops_the_network() -> None:
    from store.sandbox import network_isolation_available, run_isolated

    assert network_isolation_available()
    assert run_isolated(socket.if_nameindex, (), timeout=30.0) == [(1, "lo")]  # an empty namespace


def test_serve_refuses_to_run_unisolated_when_the_kernel_refuses(seeds_build, monkeypatch) -> None:
    """The kernel here allows the namespace; this replaces only the kernel's answer, to check the decision."""
    from server import serve as serving

    monkeypatch.setattr(serving, "network_isolation_available", lambda: False)
    with pytest.raises(PermissionError, match="BBKG_ISOLATE_QUERY_NETWORK=false"):
        serving.serve({"store_dir": str(seeds_build[0])})


def test_a_deeply_nested_query_is_400_and_the_query_process_lives(client) -> None:
    deep = "SELECT * WHERE { FILTER(" + "(" * 20000 + "1" + ")" * 20000 + ") }"
    response = client.post("/sparql", data=deep, content_type="application/sparql-query")
    assert response.status_code == 400 and "deep" in response.data.decode()
    assert client.get("/sparql", query_string={"query": "ASK {}"}).status_code == 200


def test_a_query_process_killed_midway_is_replaced_and_the_lookup_answered(seeds_build) -> None:
    import signal

    from server.executor import QueryRequest

    app = create_app({"store_dir": str(seeds_build[0]), "memory_store_quads": 0})  # a process per lookup
    executor = app.extensions["bbkg_executor"]
    assert executor.run(QueryRequest("ASK {}")).status == "ok"
    [worker] = executor._idle  # the process the next request borrows
    pid = worker._process.pid
    # Seconds of work, whatever the store's size: every pair of 15,000 triples. (SPARQL queries from clients go
    # to the engine, not here: this stands for a heavy lookup.)
    slow = ("SELECT (COUNT(*) AS ?n) WHERE { { SELECT ?a WHERE { ?a ?b ?c } LIMIT 15000 } "
            "{ SELECT ?d WHERE { ?d ?e ?f } LIMIT 15000 } }")
    answers: list = []
    thread = threading.Thread(target=lambda: answers.append(executor.run(QueryRequest(slow, result_type="text/csv"))))
    thread.start()
    while executor._idle:  # until the request has borrowed the process
        time.sleep(0.01)
    time.sleep(0.3)
    assert not answers, "the request was too fast to be killed midway"
    os.kill(pid, signal.SIGKILL)
    thread.join(120)
    assert answers[0].status == "ok" and answers[0].body.startswith(b"n")
    assert executor._idle[0]._process.pid != pid  # answered by a fresh process
    executor.kill()


@pytest.mark.parametrize("memory_quads", [0, 1_000_000], ids=["query process", "shared process"])
def test_a_query_past_its_memory_cap_gets_503_and_the_server_goes_on(seeds_build, memory_quads: int) -> None:
    app = create_app({"store_dir": str(seeds_build[0]), "memory_store_quads": memory_quads, "query_slots": 1,
                      "query_memory_mb": 256, "query_timeout": 120.0})
    client = app.test_client()
    executor = app.extensions["bbkg_executor"]
    deadline = time.monotonic() + 120
    while memory_quads and executor.query_store() != "memory" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert executor.query_store() == ("memory" if memory_quads else "disk")
    # Sorting every pair of 15,000 and 3,000 triples holds 45 million rows at once, whatever the store's size.
    heavy = ("SELECT ?a ?d WHERE { { SELECT ?a WHERE { ?a ?b ?c } LIMIT 15000 } "
             "{ SELECT ?d WHERE { ?d ?e ?f } LIMIT 3000 } } ORDER BY ?a ?d LIMIT 1")
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    beside: list = []
    neighbour = threading.Thread(target=lambda: beside.append(client.get("/sparql", query_string={"query": count})))
    neighbour.start()
    refused = client.get("/sparql", query_string={"query": heavy})
    neighbour.join(120)
    assert refused.status_code == 503 and "memory cap (256 MiB)" in refused.get_data(as_text=True)
    assert beside[0].status_code == 200  # a query sent beside it was answered
    assert client.get("/sparql", query_string={"query": count}).status_code == 200
    assert client.get("/api/entities", query_string={"q": "Backman"}).status_code == 200
    assert metric_totals(client.get("/metrics").get_data(as_text=True))["bbkg_query_memory_stops_total"] == 1
    executor.kill()


def test_name_lookups_are_answered_while_heavy_queries_hold_every_query_slot(seeds_build) -> None:
    app = create_app({"store_dir": str(seeds_build[0]), "memory_store_quads": 0, "query_slots": 2,
                      "query_timeout": 20.0})
    client = app.test_client()
    executor, slots = app.extensions["bbkg_executor"], app.extensions["bbkg_sparql"].query_slots
    answers: list = []  # CROSS_PRODUCT never ends: each is stopped at its 20 s deadline
    heavy = [threading.Thread(target=lambda: answers.append(
        client.get("/sparql", query_string={"query": CROSS_PRODUCT}))) for _ in range(3)]
    for thread in heavy:
        thread.start()
    deadline = time.monotonic() + 10
    while slots._value > 0 and time.monotonic() < deadline:  # until they hold every query slot
        time.sleep(0.05)
    assert slots._value == 0
    lookup = client.get("/api/entities", query_string={"q": "Backman"})
    suggestions = client.get("/api/entities", query_string={"q": "Back", "match": "prefix"})
    assert not answers, "a heavy query ended before the lookups were answered"
    for thread in heavy:
        thread.join(60)
    assert [answer.status_code for answer in answers] == [503] * 3  # stopped at their deadline
    assert lookup.status_code == 200 and lookup.get_json()["results"]
    assert suggestions.status_code == 200 and suggestions.get_json()["results"]
    executor.kill()


def test_every_route_answers_bad_input_with_a_4xx_in_its_shape(app, client) -> None:
    """Each GET route, with garbage in every parameter a route reads: never a 5xx; the API's in one JSON shape."""
    garbage = [("query", "SELECT * WHERE {"), ("graph", "not an iri"), ("from", "http://bad iri"),
               ("to", ""), ("among", "x"), ("q", "http://[bad"), ("type", "Thing"), ("limit", "-1"),
               ("max_hops", "many"), ("default-graph-uri", "nope"), ("default", "")]
    rules = [rule for rule in app.url_map.iter_rules() if "GET" in rule.methods and not rule.arguments]
    assert len(rules) >= 10
    for rule in rules:
        response = client.get(rule.rule, query_string=garbage)
        assert response.status_code < 500, (rule.rule, response.status_code, response.data[:300])
        if rule.rule.startswith("/api/") and response.status_code >= 400:
            assert_json_error(response, response.status_code)


def test_the_cli_shows_a_bugs_traceback_and_a_users_mistake_in_one_line(seeds_build, monkeypatch) -> None:
    from click.testing import CliRunner

    import store.engine
    from bbkg.cli import main

    mistake = CliRunner().invoke(main, ["query", "ASK {", "--store", str(seeds_build[0])])
    assert mistake.exit_code == 1 and len(mistake.output.strip().splitlines()) == 1
    monkeypatch.setattr(store.engine, "run_engine_query", lambda *args: [][1])  # an IndexError: a bug, not a mistake
    bug = CliRunner().invoke(main, ["query", "ASK {}", "--store", str(seeds_build[0])])
    assert isinstance(bug.exception, IndexError)


def test_a_query_answered_503_logs_its_cause(store_copy: Path, caplog: pytest.LogCaptureFixture) -> None:
    database = (store_copy / "current").resolve() / "oxigraph"
    for part in database.iterdir():
        if part.is_file():
            part.write_bytes(b"garbage")
    client = create_app({"store_dir": str(store_copy)}).test_client()
    with caplog.at_level(logging.ERROR):
        for query in ("SELECT ?s WHERE { ?s ?p ?o } LIMIT 1", "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"):
            response = client.get("/sparql", query_string={"query": query})
            assert response.status_code == 503 and str(store_copy) not in response.get_data(as_text=True)
    # The client is told nothing of the server's paths; the operator's log has the build and the reason.
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len([m for m in logged if "cannot be opened" in m and str(database.parent) in m]) == 2, logged


def test_health_reports_the_live_count_after_an_update(store_copy: Path) -> None:
    from store.update import apply_update

    client = create_app({"store_dir": str(store_copy)}).test_client()
    built = client.get("/health").get_json()
    assert built["updated"] is False
    apply_update(store_copy, "INSERT DATA { GRAPH <https://e/g> { <https://e/s> <https://e/p> 1 } }", timeout=30)
    after = client.get("/health").get_json()
    assert after["updated"] is True and after["quads"] == built["quads"] + 1
    apply_update(store_copy, "DROP ALL", timeout=30)
    assert client.get("/health").get_json()["quads"] == 0


def test_an_update_writes_a_copy_and_never_the_database_readers_have_open(store_copy: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from store import update
    from store.builds import DATABASE, open_current, served_database

    build = (store_copy / "current").resolve()
    before = len(open_current(store_copy)[0])
    built_files = {p.name: p.stat().st_mtime_ns for p in (build / DATABASE).iterdir() if p.name != "LOG"}
    update.apply_update(store_copy, "INSERT DATA { <https://e/s> <https://e/p> 1 }", timeout=30)
    first = served_database(build)
    assert first.parent.name == update.SNAPSHOTS and len(open_current(store_copy)[0]) == before + 1
    assert {p.name: p.stat().st_mtime_ns for p in (build / DATABASE).iterdir() if p.name != "LOG"} == built_files
    update.apply_update(store_copy, "INSERT DATA { <https://e/s> <https://e/p> 2 }", timeout=30)
    assert first.exists(), "just superseded: a request may still read it"
    # Copies superseded longer ago than the grace are removed; the one served never is.
    monkeypatch.setattr(update, "SNAPSHOT_GRACE_SECONDS", 0.0)
    update.apply_update(store_copy, "INSERT DATA { <https://e/s> <https://e/p> 3 }", timeout=30)
    served = served_database(build)
    assert [p.name for p in (build / update.SNAPSHOTS).iterdir()] == [served.name]
    assert len(open_current(store_copy)[0]) == before + 3


def test_an_update_undoes_what_a_writer_killed_mid_update_left(store_copy: Path) -> None:
    from store import update
    from store.builds import open_current, served_database

    build = (store_copy / "current").resolve()
    acknowledged = "INSERT DATA { <https://e/s> <https://e/p> 1 }"
    update.apply_update(store_copy, acknowledged, timeout=30)
    # As a writer killed after logging its update and writing its copy, before the marker named the copy:
    with open(store_copy / update.UPDATE_LOG, "a", encoding="utf-8") as log:
        log.write('{"logged_ns": 1, "update": "INSERT DATA { <https://e/s> <https://e/p> 99 }"}\n')
    orphan = build / update.SNAPSHOTS / "99999999999999999999"
    orphan.mkdir()
    update.apply_update(store_copy, "INSERT DATA { <https://e/s> <https://e/p> 2 }", timeout=30)
    assert update.logged_updates(store_copy) == [acknowledged, "INSERT DATA { <https://e/s> <https://e/p> 2 }"]
    assert not orphan.exists() and served_database(build).exists()
    store = open_current(store_copy)[0]
    assert bool(store.query("ASK { <https://e/s> <https://e/p> 2 }")) and not store.query(
        "ASK { <https://e/s> <https://e/p> 99 }")
