"""The path search's memo of each node's neighbours: the store asked, never an older one."""

from __future__ import annotations

from pyoxigraph import DefaultGraph, NamedNode, Quad, Store

from store.connections import BB_MEMBER, BB_ORGANIZATION, _NeighbourMemo

E = "https://e.example/"


def _store(*memberships: tuple[str, str, str]) -> Store:
    store = Store()
    for membership, person, club in memberships:
        store.add(Quad(NamedNode(E + membership), BB_MEMBER, NamedNode(E + person), DefaultGraph()))
        store.add(Quad(NamedNode(E + membership), BB_ORGANIZATION, NamedNode(E + club), DefaultGraph()))
    return store


def test_the_memo_answers_from_the_store_asked_and_forgets_the_old_one() -> None:
    memo = _NeighbourMemo(max_nodes=2)
    club = NamedNode(E + "mets")
    first = _store(("m1", "backman", "mets"))
    assert memo.neighbours(first, club) == [(NamedNode(E + "backman"), "has member")]
    first.add(Quad(NamedNode(E + "m2"), BB_MEMBER, NamedNode(E + "collins"), DefaultGraph()))
    first.add(Quad(NamedNode(E + "m2"), BB_ORGANIZATION, club, DefaultGraph()))
    assert len(memo.neighbours(first, club)) == 1  # the same store: remembered (a build never changes)
    second = _store(("m1", "backman", "mets"), ("m2", "collins", "mets"))
    assert sorted(n.value for n, _ in memo.neighbours(second, club)) == [E + "backman", E + "collins"]


def test_the_memo_keeps_at_most_max_nodes() -> None:
    memo = _NeighbourMemo(max_nodes=2)
    store = _store(("m1", "a", "x"), ("m2", "b", "y"), ("m3", "c", "z"))
    for club in ("x", "y", "z"):
        memo.neighbours(store, NamedNode(E + club))
    assert list(memo._neighbours) == [E + "y", E + "z"]
