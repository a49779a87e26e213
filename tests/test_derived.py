"""Values derived from a store (store/derived.py): kept while the store's lineage and generation stand; read again
at once when reading is quick, else in the background while the previous value answers; and which updates can
change them at all (store/update.may_touch_vocabulary)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from pyoxigraph import Literal, NamedNode, Quad, Store

from store import derived
from vocab import namespaces
from store.derived import DerivedValue
from store.handle import CurrentStore
from store.update import apply_update, may_touch_vocabulary

P = NamedNode("https://e.org/p")


def _store(*values: int) -> Store:
    store = Store()
    for value in values:
        store.add(Quad(NamedNode(f"https://e.org/{value}"), P, Literal(value)))
    return store


def _count(store: Store) -> int:
    return len(store)


def test_a_value_is_read_again_when_its_lineage_moves_to_a_new_generation() -> None:
    values = DerivedValue(_count, "count")
    copy = _store(1, 2)
    derived.register(copy)
    assert values.get(copy) == 2
    copy.add(Quad(NamedNode("https://e.org/3"), P, Literal(3)))
    derived.changed(copy, vocabulary=False)
    assert values.get(copy) == 2, "an update that cannot touch the vocabulary leaves the value standing"
    derived.changed(copy, vocabulary=True)
    assert values.get(copy) == 3
    reopened = _store(1, 2, 3, 4)
    derived.reopened(reopened, copy, vocabulary=False)
    assert derived.lineage(copy) is None and values.get(reopened) == 3, "the same lineage, at the same generation"
    assert values.get(_store(1)) == 1, "another store, of no lineage: its own value"
    derived.forget(reopened)


def test_a_slow_read_is_redone_in_the_background_while_the_last_value_answers() -> None:
    release = threading.Event()
    reads: list[int] = []

    def slow_count(store: Store) -> int:
        reads.append(len(store))
        if len(reads) > 1:
            assert release.wait(10)
        time.sleep(0.1)  # slower than a read done at once
        return len(store)

    values = DerivedValue(slow_count, "slow-count")
    copy = _store(1)
    derived.register(copy)
    assert values.get(copy) == 1
    copy.add(Quad(NamedNode("https://e.org/2"), P, Literal(2)))
    derived.changed(copy, vocabulary=True)
    assert values.get(copy) == 1 and not values._reading, "not again before four reads' time has passed"
    time.sleep(4 * 0.1 + 0.1)
    assert values.get(copy) == 1 and values._reading, "the previous value answers while the new one is read"
    assert values.get(copy) == 1 and len(reads) == 2, "one read at a time"
    release.set()
    deadline = time.monotonic() + 10
    while values.get(copy) != 2:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    derived.forget(copy)


@pytest.mark.parametrize(("update", "touches"), [
    ("INSERT DATA { <https://example.org/a> <https://example.org/b> 1 }", False),
    ("PREFIX e: <https://example.org/> DELETE DATA { GRAPH e:g { e:a e:b 1.5, -2 } }", False),
    ("INSERT DATA { <urn:x> <urn:p> 'a string' }", True),
    ("INSERT DATA { <urn:x> <http://www.w3.org/2000/01/rdf-schema#label> 'X' }", True),
    ("INSERT DATA { <urn:x> <https://bbkg.example.org/ontology#member> <urn:y> }", True),
    ("PREFIX r: <http://www.w3.org/2000/01/rdf-schema#lab> INSERT DATA { <urn:x> r:el 'X' }", True),
    ("BASE <http://www.w3.org/> INSERT DATA { <urn:x> <2000/01/rdf-schema#label> 'X' }", True),
    ("DELETE WHERE { <urn:x> ?p ?o }", True),
    ("INSERT DATA { <urn:x> a <urn:C> }", True),
    ("CLEAR DEFAULT", True),
    ("INSERT DATA { <urn:x> <urn:p> '\\u0061' }", True),
    # Hidden from a pattern: a relative IRI against a BASE, a prefix declared relative, words inside quotes.
    ("BASE <https://bbkg.example.org/x/> INSERT DATA { <https://e/s> <../ontology#alias> 1 }", True),
    ("PREFIX q: <../ontology#> INSERT DATA { <https://e/s> q:alias 1 }", True),
    ("DELETE WHERE {<https://e/s><https://e/q>'x<';?p'y>'}", True),
    ("INSERT DATA { <https://e/s> <https://e/p> 'q<';a'>' }", True),
])
def test_which_updates_may_touch_the_vocabulary(update: str, touches: bool) -> None:
    assert may_touch_vocabulary(update) is touches


def test_a_store_opened_again_after_updates_stays_in_its_lineage(store_copy: Path) -> None:
    handle = CurrentStore(store_copy)
    first = handle.get()
    found = derived.lineage(first)
    assert found is not None
    apply_update(store_copy, "INSERT DATA { <https://example.org/a> <https://example.org/b> 1 }", timeout=30)
    second = handle.get()
    assert second is not first and derived.lineage(second) == found, "the user's own triple: same generation"
    apply_update(store_copy, "INSERT DATA { <https://example.org/a> "
                             "<http://www.w3.org/2000/01/rdf-schema#label> 'A' }", timeout=30)
    third = handle.get()
    lineage = derived.lineage(third)
    assert lineage is not None and lineage[0] == found[0] and lineage[1] != found[1]


def test_a_settling_value_its_build_saved_answers_at_once_and_one_it_did_not_save_waits(tmp_path: Path) -> None:
    reads: list[int] = []

    def counted(store: Store) -> int:
        reads.append(len(store))
        return len(store)

    values = DerivedValue(counted, "counted", settle_seconds=60.0, saved_as="count.pickle")
    derived.save([values], _store(1, 2), tmp_path)
    served = _store(1, 2)
    derived.register(served, tmp_path)
    assert values.get(served) == 2 and reads == [2], "loaded as saved, without waiting to settle"
    derived.forget(served)
    unsaved = _store(1, 2, 3)
    derived.register(unsaved)  # a store no build saved values for
    assert values.get(unsaved) is None and reads == [2], "not read before it has settled"
    derived.forget(unsaved)


def test_a_build_that_saved_no_value_is_not_looked_at_again_on_every_lookup(tmp_path: Path) -> None:
    """An older build, saved before a value was: the first lookup finds no file, and the later ones do not open the
    folder again (a published build never changes); the value is read once it has settled."""
    values = DerivedValue(len, "length", settle_seconds=60.0, saved_as="length.pickle")
    older = _store(1, 2)
    derived.register(older, tmp_path)
    assert values.get(older) is None
    derived.save([values], _store(1, 2, 3), tmp_path)  # a file no build of this lineage wrote
    assert values.get(older) is None, "the folder was looked at again"
    derived.forget(older)


def test_a_value_its_build_saved_is_loaded_not_read(tmp_path: Path) -> None:
    reads: list[int] = []

    def counted(store: Store) -> int:
        reads.append(len(store))
        return len(store)

    values = DerivedValue(counted, "counted", saved_as="count.pickle")
    derived.save([values], _store(1, 2), tmp_path)  # what a build does before it is published
    assert reads == [2] and (tmp_path / "count.pickle").exists()
    served = _store(1, 2)
    derived.register(served, tmp_path)
    assert values.get(served) == 2 and reads == [2], "loaded as saved: not read again"
    derived.forget(served)

    updated = _store(1, 2, 3)  # the build has had an update since it saved its values
    derived.register(updated, tmp_path, updated=True)
    assert values.get(updated) == 2, "the saved value answers at once"
    deadline = time.monotonic() + 10
    while values.get(updated) != 3:  # while the build is read again in the background
        assert time.monotonic() < deadline
        time.sleep(0.02)
    derived.forget(updated)

    (tmp_path / "count.pickle").write_bytes(b"not a pickle")
    broken = _store(1, 2, 3, 4)
    derived.register(broken, tmp_path)
    assert values.get(broken) == 4, "a saved value that does not load is read instead"
    derived.forget(broken)


def test_a_served_build_loads_the_network_the_graph_the_ranking_and_the_names_it_saved(store_copy: Path) -> None:
    from store.builds import DERIVED, current_build
    from store.measures import CENTRAL_RANKING, GRAPH_SOFTWARE, central_entities, graph_software, read_ranking
    from store.names import NAME_TABLE, name_table, read_name_table
    from store.paths import MEMBERSHIP_GRAPH, graph_of, read_graph
    from store.seasons import CHAIN_NETWORK, network_of, read_network

    build = current_build(store_copy)
    assert build is not None
    assert {p.name for p in (build / DERIVED).iterdir()} == {"chain-network.pickle", "membership-graph.pickle",
                                                             "central-ranking.pickle", "graph-software.pickle",
                                                             "club-managers.pickle", "name-table.pickle"}
    handle = CurrentStore(store_copy)  # kept: a handle let go forgets its store's lineage
    store = handle.get()
    network, graph = network_of(store), graph_of(store)
    people, software = central_entities(store, "Person", 5), graph_software(store)
    assert CHAIN_NETWORK._from_saved and MEMBERSHIP_GRAPH._from_saved and CENTRAL_RANKING._from_saved
    assert GRAPH_SOFTWARE._from_saved and software.startswith("GraphFrames")
    # The names at the first lookup, where a table read from the store waits for the store to settle.
    assert name_table(store) == read_name_table(store) and NAME_TABLE._from_saved
    ranking = read_ranking(store)
    assert people == [{k: v for k, v in r.items() if k != "types"}
                      for r in ranking if namespaces.BB + "Person" in r["types"]][:5]
    assert [r["pagerank"] for r in ranking] == sorted((r["pagerank"] for r in ranking), reverse=True)
    read = read_network(store)
    assert network.names == read.names and network.links == read.links and network.grounds == read.grounds
    assert graph.names == read_graph(store).names
    assert network.graph(3, None, None)[1].tolist() == read.graph(3, None, None)[1].tolist()
