"""Name lookups: the in-memory name table answers as scanning the store does, and is read only once settled."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from pyoxigraph import Literal, NamedNode, Quad, Store

from store.builds import open_current
from store.entities import scanned_word_starts
from store.derived import DerivedValue
from store.names import NameTable, read_name_table, scanned_names
from vocab.namespaces import BB, RDF_TYPE, RDFS_LABEL


def test_the_name_table_finds_what_the_scans_find(seeds_build: tuple[Path, Any]) -> None:
    """Names whole, their endings, record ids, names nobody bears, and the starts of words as a person types them:
    the same entities from the table as from the scans."""
    store, _ = open_current(seeds_build[0])
    table = read_name_table(store)
    assert table is not None
    rng = random.Random(7)
    needles = (rng.sample(sorted(table.named), 80) + rng.sample(sorted(table.ending), 80)
               + ["backman", "mets", "backmwa01", "", "no one at all", "wally"])
    for needle in needles:
        assert table.matching(needle) == scanned_names(store, needle), needle
    assert table.matching("backman") and table.matching("backmwa01")  # a surname, a record id
    typed = [name[:length] for name in rng.sample(sorted(table.named), 60) for length in (1, 3, 6)]
    for needle in [*typed, "", "back", "las v", "zzzz"]:
        assert table.starting_with(needle) == scanned_word_starts(store, needle), needle
    assert len(table.starting_with("back")) > 1


def test_a_store_past_the_bound_has_no_table() -> None:
    store = _labelled(*[f"Name {i}" for i in range(5)])  # each counts its 6 characters twice, whole and ended
    assert read_name_table(store, max_characters=60) is not None
    assert read_name_table(store, max_characters=59) is None


def _labelled(*names: str) -> Store:
    store = Store()
    for i, name in enumerate(names):
        store.add(Quad(NamedNode(f"https://e.org/{i}"), NamedNode(RDFS_LABEL), Literal(name)))
    return store


def test_odd_names_are_found_as_the_scans_find_them() -> None:
    """Accents, inner capitals, spaces doubled or trailing, an IRI written as a name, a name only in a named graph."""
    store = _labelled("José Núñez", "Jacob deGrom", "Old  Timer ", "R.A. Dickey", "Ñandú")
    store.add(Quad(NamedNode("https://e.org/iri"), NamedNode(RDFS_LABEL), NamedNode("https://e.org/Named")))
    store.add(Quad(NamedNode("https://e.org/hidden"), NamedNode(RDFS_LABEL), Literal("Hidden Name"),
                   NamedNode("https://e.org/graph")))
    table = read_name_table(store)
    assert table is not None
    for needle in ["josé núñez", "núñez", "degrom", "timer ", " timer ", "", "old", "r.a. dickey", "dickey", "ñandú",
                   "https://e.org/named", "name", "hidden name", "jo", "ñ", "d"]:
        assert table.matching(needle) == scanned_names(store, needle), needle
        assert table.starting_with(needle) == scanned_word_starts(store, needle), needle
    assert table.matching("núñez") == {"https://e.org/0"} and not table.matching("hidden name")


def test_the_table_is_read_once_the_store_has_settled_and_only_for_that_store() -> None:
    memo = DerivedValue(read_name_table, "name-table", settle_seconds=0.5)
    first = _labelled("Wally Backman")
    assert memo.get(first) is None  # just asked: the caller scans
    time.sleep(0.1)
    assert memo.get(first) is None and not memo._reading  # not settled yet: no read started
    time.sleep(0.5)
    assert _ready(memo, first).matching("backman") == {"https://e.org/0"}
    updated = _labelled("Wally Backman", "Terry Collins")  # a new build gives a new Store object
    assert memo.get(updated) is None  # the old store's table is never answered for the new one
    time.sleep(0.6)
    assert _ready(memo, updated).matching("collins") == {"https://e.org/1"}


def _ready(memo: DerivedValue[NameTable | None], store: Store) -> NameTable:
    deadline = time.monotonic() + 10
    while (table := memo.get(store)) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table is not None
    return table


def test_a_name_just_added_is_found_while_the_table_lags(monkeypatch) -> None:
    """The table is read again in the background after an update (store/derived.py); a name written exactly as
    it was added is found meanwhile."""
    from store import derived, names

    monkeypatch.setattr(derived, "INLINE_READ_SECONDS", 0.0)  # every read again goes to the background ...
    monkeypatch.setattr(derived, "REFRESH_FACTOR", 1e6)  # ... and none starts during this test
    store = _labelled("Wally Backman")
    person = NamedNode(BB + "Person")
    store.add(Quad(NamedNode("https://e.org/0"), NamedNode(RDF_TYPE), person))
    derived.register(store)
    try:
        assert names.read_name_table_now(store) is not None
        store.update(f"INSERT DATA {{ <https://e.org/zq> a <{person.value}> ; <{RDFS_LABEL}> 'Zachariah Quux' }}")
        derived.changed(store, vocabulary=True)
        stale = names.name_table(store)
        assert stale is not None and not stale.matching("zachariah quux")  # the table has not caught up
        assert [e["iri"] for e in names.find_entities(store, "Zachariah Quux")] == ["https://e.org/zq"]
        assert [e["iri"] for e in names.find_entities(store, "wally backman")] == ["https://e.org/0"]
    finally:
        derived.forget(store)
