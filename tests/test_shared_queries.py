"""Queries read from an in-memory copy of the build by the threads of one shared process, forked from a zygote
that holds the copy (server/shared_queries.py): same answers as from disk, the same deadlines and isolation."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pyoxigraph import Literal, NamedNode, Quad, Store

from server.executor import ApiRequest, QueryExecutor, QueryRequest, QueryTimeout
from store.builds import BUILD_MARKER, current_build, publish_build, served_database
from tests.helpers import CROSS_PRODUCT, CountingListener, until_read_from
from vocab.namespaces import BB, RDF_TYPE, RDFS_LABEL

# A COUNT over every pair of 10,000 triples (about the seeds' articles alone): seconds of work whatever else the
# store holds, still running when its neighbour is stopped at 2 s, and far within its own deadline when run alone.
PAIRS = ("SELECT (COUNT(*) AS ?n) WHERE { { SELECT ?a WHERE { ?a ?x ?t } LIMIT 10000 } "
         "{ SELECT ?b WHERE { ?b ?c ?d } LIMIT 10000 } }")
# Each sorted shape reads one class's subjects: sorting every triple of the store on disk takes most of a
# 20 s deadline on this machine.
ANSWERS = [(f"SELECT ?s ?p ?o WHERE {{ ?s a <{BB}Mention> ; ?p ?o }} ORDER BY ?s ?p ?o LIMIT 50", "text/csv"),
           ("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "application/sparql-results+json"),
           (f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ ?s a <{BB}Article> ; ?p ?o }} ORDER BY ?s ?p ?o LIMIT 20",
            "text/turtle"),
           ("ASK { ?s ?p ?o }", "application/sparql-results+xml")]


@pytest.fixture
def executors(seeds_build):
    """Makes executors over the seeds' store (with an in-memory copy unless told otherwise); kills them after."""
    made: list[QueryExecutor] = []

    def start(store_dir: Path | None = None, **options: Any) -> QueryExecutor:
        made.append(QueryExecutor(str(store_dir or seeds_build[0]), **{"timeout": 20.0, "memory_quads": 1_000_000,
                                                                       **options}))
        return made[-1]

    yield start
    for executor in made:
        executor.kill()


def test_the_copy_answers_as_the_store_on_disk(executors) -> None:
    memory = until_read_from(executors(), "memory")
    disk = executors(memory_quads=0)
    assert disk.query_store() == "disk"
    for query, media_type in ANSWERS:
        request = QueryRequest(query, result_type=media_type, graph_type=media_type)
        from_memory, from_disk = memory.run(request), disk.run(request)
        assert (from_memory.status, from_memory.media_type) == ("ok", media_type)
        assert from_memory.body == from_disk.body and from_memory.body
    lookup = ApiRequest("connection", {"names": ["Wally Backman", "Terry Collins"], "max_hops": 4})
    assert memory.run(lookup).value == disk.run(lookup).value and memory.run(lookup).status == 200
    assert memory.memory is not None and memory.memory.process() is not None
    assert not memory._idle, "a per-query process answered, not the shared one"


def test_a_query_past_its_deadline_stops_the_shared_process_and_a_fresh_fork_answers_its_neighbour(executors) -> None:
    executor = until_read_from(executors(timeout=2.0), "memory")
    assert executor.memory is not None
    shared = executor.memory.process()
    assert shared is not None
    alone = executors(memory_quads=0).run(QueryRequest(PAIRS, result_type="text/csv"), timeout=60)
    neighbour: list[Any] = []
    slow = threading.Thread(target=lambda: pytest.raises(QueryTimeout, executor.run, QueryRequest(CROSS_PRODUCT)))
    slow.start()
    time.sleep(0.5)
    beside = threading.Thread(target=lambda: neighbour.append(
        executor.run(QueryRequest(PAIRS, result_type="text/csv"), timeout=60)))
    beside.start()
    slow.join(30)
    assert not slow.is_alive()
    beside.join(60)
    assert not shared.is_alive(), "the timed-out query still burns CPU"
    assert neighbour[0].status == "ok" and neighbour[0].body == alone.body
    assert not executor._idle, "the neighbour was answered from disk, not by a fresh fork of the copy"
    fresh = executor.memory.process()
    assert fresh is not None and fresh.pid != shared.pid
    assert executor.run(QueryRequest("ASK { ?s ?p ?o }")).status == "ok"


def test_a_request_whose_shared_process_dies_twice_is_answered_alone_from_disk(executors) -> None:
    executor = until_read_from(executors(timeout=60.0), "memory")
    assert executor.memory is not None
    alone = executors(memory_quads=0).run(QueryRequest(PAIRS, result_type="text/csv"), timeout=60)
    answers: list[Any] = []
    asking = threading.Thread(target=lambda: answers.append(
        executor.run(QueryRequest(PAIRS, result_type="text/csv"))))
    killed: list[int] = []
    asking.start()
    for _ in range(2):  # the shared process, then the fresh fork the request is retried in
        deadline = time.monotonic() + 30
        while (executor.memory._shared is None or executor.memory._shared.pid in killed
               or not executor.memory._shared._waiting) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)
        assert not answers, "the request was too fast to be killed midway"
        killed.append(executor.memory._shared.pid)
        os.kill(killed[-1], signal.SIGKILL)
    asking.join(120)
    assert answers[0].status == "ok" and answers[0].body == alone.body
    assert executor._idle, "the request was not retried in a process of its own"


def _every_query_thread_busy(executors) -> tuple[Any, threading.Thread]:
    """An executor reading from its copy, with one query slot, held by a slow query in flight."""
    executor = until_read_from(executors(slots=1, timeout=60.0), "memory")
    assert executor.memory is not None
    busy = threading.Thread(target=executor.run, args=(QueryRequest(PAIRS, result_type="text/csv"),))
    busy.start()
    time.sleep(0.3)
    return executor, busy


def test_name_lookups_are_answered_from_the_copy_while_every_query_thread_is_busy(executors) -> None:
    executor, busy = _every_query_thread_busy(executors)
    lookup = executor.run(ApiRequest("entities", {"q": "Backman", "entity_type": None}))
    assert busy.is_alive(), "the lookup waited for the query"
    assert lookup.status == 200 and any("Backman" in e["label"] for e in lookup.value)
    assert not executor._lookup_idle, "a lookup process of its own answered, not the shared one"
    busy.join(60)


def test_graph_lookups_are_answered_from_the_copy_while_every_query_thread_is_busy(executors) -> None:
    executor, busy = _every_query_thread_busy(executors)
    central = executor.run(ApiRequest("central", {"entity_type": "Person", "limit": 3}))
    connection = executor.run(ApiRequest("connection", {"names": ["Wally Backman", "Terry Collins"], "max_hops": 4}))
    assert busy.is_alive(), "the graph lookups waited for the query"
    assert central.status == 200 and central.value[1][0]["label"] == "Wally Backman"
    assert connection.status == 200 and connection.value["connected"]
    assert not executor._idle, "a query process answered, not the shared one's graph lane"
    busy.join(60)


def test_while_a_new_builds_copy_loads_the_replaced_builds_copy_answers_lookups(executors, store_copy: Path) -> None:
    executor = until_read_from(executors(store_copy), "memory")
    known = ApiRequest("connection", {"names": ["Wally Backman", "Terry Collins"], "max_hops": 4})
    # A person only the new build has: the replaced build cannot find the name, so the new build answers.
    newcomer = ApiRequest("connection", {"names": ["Wally Backman", "Zebulon Newbuild"], "max_hops": 2})
    answer = executor.run(known)
    assert answer.status == 200 and executor.run(newcomer).status == 404
    replaced = executor.memory.process()
    build = current_build(store_copy)
    new_build = build.with_name(build.name + "-next")
    shutil.copytree(build, new_build, symlinks=True)
    database = Store(str(served_database(new_build)))
    person = NamedNode("https://bbkg.example.org/id/person/zebulon-newbuild")
    database.add(Quad(person, NamedNode(RDF_TYPE), NamedNode(f"{BB}Person")))
    database.add(Quad(person, NamedNode(RDFS_LABEL), Literal("Zebulon Newbuild")))
    database.flush()
    del database
    publish_build(store_copy, new_build, json.loads((build / BUILD_MARKER).read_text()), keep=5)

    until_read_from(executor, "loading", seconds=5)
    assert executor.memory.previous() is replaced
    assert executor.run(known).value == answer.value
    assert executor.run(ApiRequest("entities", {"q": "Backman", "entity_type": "Person"})).value
    backman = answer.value["from"]["iri"]
    assert executor.run(ApiRequest("resource_page", {"iri": backman})).status == 200
    assert not executor._idle and not executor._lookup_idle, "the API was read from disk while the new copy loaded"
    # A SPARQL query is read from the current build, on disk until its copy is loaded.
    ask = QueryRequest(f"ASK {{ <{person.value}> ?p ?o }}", result_type="text/csv")
    assert executor.run(ask).body.split()[-1] == b"true"
    # What the replaced build cannot answer, the new one on disk does.
    assert executor.run(newcomer).status == 200
    found = executor.run(ApiRequest("entities", {"q": "Zebulon Newbuild", "entity_type": None})).value
    assert [e["label"] for e in found] == ["Zebulon Newbuild"]
    until_read_from(executor, "memory")
    assert executor.memory.previous() is None and executor.memory.process() is not replaced
    on_disk = list(executor._idle)
    assert executor.run(newcomer).status == 200 and executor._idle == on_disk, "not answered by the new copy"


def _worker_main(store_dir: str, report: Any) -> None:
    """A stand-in server worker, for the test below to kill: it reads from a copy and has a slow query in flight."""
    executor = until_read_from(QueryExecutor(store_dir, timeout=600.0, memory_quads=1_000_000), "memory")
    assert executor.memory is not None
    shared = executor.memory.process()
    assert shared is not None
    threading.Thread(target=executor.run, args=(QueryRequest(CROSS_PRODUCT),), daemon=True).start()
    report.send((shared.pid, executor.memory._zygote.pid))
    time.sleep(600)


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone, or reaped between the file's opening and its reading
        return False


def test_the_shared_process_leaves_with_its_worker_even_with_a_query_in_flight(seeds_build) -> None:
    # Only the worker stops a query past its deadline: a shared process that outlived it could run forever.
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    worker = context.Process(target=_worker_main, args=(str(seeds_build[0]), theirs))  # not daemonic: it has children
    worker.start()
    try:
        assert ours.poll(60), "the stand-in worker did not get its shared process"
        shared, zygote = ours.recv()
        time.sleep(0.5)  # the slow query is in flight
        assert _running(shared) and _running(zygote)
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.join(10)
    deadline = time.monotonic() + 5
    while (_running(shared) or _running(zygote)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(shared), "the shared process outlived its worker"
    assert not _running(zygote), "the zygote outlived its worker"


def test_the_shared_process_cannot_reach_the_network(executors) -> None:
    listener = CountingListener()
    try:
        executor = until_read_from(executors(isolate_network=True), "memory")
        service = f"SELECT * WHERE {{ SERVICE SILENT <http://127.0.0.1:{listener.port}/sparql> {{ ?s ?p ?o }} }}"
        assert executor.run(QueryRequest(service)).status == "ok"
        assert listener.connections == 0 and not executor._idle
    finally:
        listener.close()


def test_the_copies_follow_each_update(executors, store_copy: Path) -> None:
    from store.update import apply_update

    executor = until_read_from(executors(store_copy), "memory")
    ask = QueryRequest("ASK { <https://example.org/a> <https://example.org/b> 1 }", result_type="text/csv")
    lookup = QueryRequest("SELECT ?o WHERE { <https://example.org/a> <https://example.org/b> ?o }",
                          result_type="text/csv")
    zygote = executor.memory._zygote
    assert executor.run(ask).body.split()[-1] == b"false"
    assert executor.run(lookup).body.split() == [b"o"]
    apply_update(store_copy, "INSERT DATA { <https://example.org/a> <https://example.org/b> 1 }", timeout=30)
    # Read at once, from the same copy: it applied the update from the log.
    assert executor.run(ask).body.split()[-1] == b"true"
    assert executor.run(lookup).body.split() == [b"o", b"1"]
    apply_update(store_copy, "DELETE { ?s <https://example.org/b> ?o } INSERT { ?s <https://example.org/b> 2 } "
                             "WHERE { ?s <https://example.org/b> ?o }", timeout=30)
    assert executor.run(lookup).body.split() == [b"o", b"2"]
    time.sleep(2.5)  # past the zygote's and the worker's next looks at the store's version
    assert executor.query_store() == "memory"
    assert executor.memory._zygote is zygote, "no copy loaded again"
    assert executor.run(ask).body.split()[-1] == b"false" and not executor._idle
    executor.memory.process().kill()  # the next shared process is forked from the zygote, which follows too
    assert executor.run(lookup).body.split() == [b"o", b"2"] and not executor._idle


def test_a_person_named_by_an_update_is_found_by_name_from_the_copy(executors, store_copy: Path) -> None:
    from store.update import apply_update

    executor = until_read_from(executors(store_copy), "memory")
    find = ApiRequest("entities", {"q": "Zachariah Quux", "entity_type": None})
    assert executor.run(find).value == []
    apply_update(store_copy, f"INSERT DATA {{ <https://example.org/zq> a <{BB}Person> ; "
                             "<http://www.w3.org/2000/01/rdf-schema#label> 'Zachariah Quux' }", timeout=30)
    assert [e["iri"] for e in executor.run(find).value] == ["https://example.org/zq"]
    assert not executor._lookup_idle


def test_a_stream_of_updates_is_followed_from_memory(executors, store_copy: Path) -> None:
    from store.update import apply_update

    executor = until_read_from(executors(store_copy), "memory")
    assert executor.memory is not None
    zygote = executor.memory._zygote
    for n in range(6):
        apply_update(store_copy, f"INSERT DATA {{ <https://example.org/a> <https://example.org/b> {n} }}", timeout=30)
        time.sleep(0.4)
        ask = QueryRequest(f"ASK {{ <https://example.org/a> <https://example.org/b> {n} }}", result_type="text/csv")
        assert executor.run(ask).body.split()[-1] == b"true" and not executor._idle
        assert executor.query_store() == "memory"
    assert executor.memory._zygote is zygote


def test_an_update_that_could_reach_the_network_is_not_followed_but_read_from_disk(executors,
                                                                                   store_copy: Path) -> None:
    from store.update import apply_update

    executor = until_read_from(executors(store_copy), "memory")
    zygote = executor.memory._zygote
    # Applied to the build without network (so it loads nothing) and logged: a copy in a process that has the
    # network must not apply it.
    apply_update(store_copy, "LOAD SILENT <http://127.0.0.1:9/x.ttl>", timeout=30)
    apply_update(store_copy, "INSERT DATA { <https://example.org/a> <https://example.org/b> 1 }", timeout=30)
    ask = QueryRequest("ASK { <https://example.org/a> <https://example.org/b> 1 }", result_type="text/csv")
    assert executor.run(ask).body.split()[-1] == b"true"  # the shared process reads it from disk
    time.sleep(2.5)  # past the zygote's and the worker's next looks at the store's version: new copies
    until_read_from(executor, "memory")
    assert executor.memory._zygote is not zygote
    per_query = list(executor._idle)  # the processes that answered from disk meanwhile
    assert executor.run(ask).body.split()[-1] == b"true" and executor._idle == per_query


def test_a_store_larger_than_the_setting_is_read_from_disk(executors) -> None:
    executor = until_read_from(executors(memory_quads=100), "disk")
    assert executor.run(QueryRequest("ASK { ?s ?p ?o }")).status == "ok"
    assert executor.memory is not None and executor.memory.process() is None and executor._idle


def test_health_says_where_queries_are_read_from(seeds_build) -> None:
    from server import create_app

    for quads, states in ((1_000_000, {"loading", "memory"}), (0, {"disk"})):
        app = create_app({"store_dir": str(seeds_build[0]), "memory_store_quads": quads})
        try:
            assert app.test_client().get("/health").get_json()["query_store"] in states
        finally:
            app.extensions["bbkg_executor"].kill()


def test_a_worker_loading_its_copy_still_answers_its_other_requests() -> None:
    from pyoxigraph import Literal, NamedNode, Quad, Store

    from store.handle import memory_copy

    store = Store()
    store.bulk_extend(Quad(NamedNode(f"https://example.org/s{n}"), NamedNode("https://example.org/p"), Literal(n))
                      for n in range(150_000))
    gaps: list[float] = []
    copied = threading.Event()

    def tick() -> None:  # another request's thread: it runs only when it gets the GIL
        last = time.monotonic()
        while not copied.is_set():
            time.sleep(0.002)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    ticker = threading.Thread(target=tick)
    ticker.start()
    started = time.monotonic()
    copy = memory_copy(store)
    took = time.monotonic() - started
    copied.set()
    ticker.join()
    assert len(copy) == 150_000
    # Adding all the quads in one call from Python would hold the GIL for the whole copy: the ticker would wait
    # through most of it (0.41 s of 0.48 s). The ticker may also wait when the machine is busy, so the test counts
    # the time it waited 0.1 s or more at a time, not its longest wait alone (a CI machine once gave one wait of
    # 0.31 s in a 2.8 s copy).
    starved = sum(gap for gap in gaps if gap >= 0.1)
    assert starved < took / 2, f"the loading held the GIL for {starved:.3f} s of {took:.3f} s"


def test_an_in_memory_copy_holds_every_quad_of_the_store() -> None:
    from pyoxigraph import BlankNode, DefaultGraph, Literal, NamedNode, Quad, Store

    from store.handle import memory_copy

    ex = "https://example.org/"
    quads = [Quad(NamedNode(ex + "s"), NamedNode(ex + "p"), Literal("Núñez \"Jr.\"\n", language="es"), DefaultGraph()),
             Quad(NamedNode(ex + "s"), NamedNode(ex + "p"), Literal("1871", datatype=NamedNode(
                 "http://www.w3.org/2001/XMLSchema#gYear")), NamedNode(ex + "g")),
             Quad(BlankNode("b1"), NamedNode(ex + "p"), NamedNode(ex + "o"), NamedNode(ex + "g"))]
    store = Store()
    store.extend(quads)
    copy = memory_copy(store)
    # Blank nodes come under new labels (the same graph); everything else is the same quad.
    assert len(copy) == 3
    assert set(copy.quads_for_pattern(None, None, None, None)) - set(quads) == {
        q for q in copy.quads_for_pattern(None, None, None, None) if isinstance(q.subject, BlankNode)}
    assert {q for q in quads if not isinstance(q.subject, BlankNode)} <= set(copy)
