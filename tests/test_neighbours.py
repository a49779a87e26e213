"""The path search's memo of each node's neighbours: the store asked, never an older one."""

from __future__ import annotations

import sys
import threading

from pyoxigraph import DefaultGraph, NamedNode, Quad, Store

from store.paths import BB_MEMBER, BB_ORGANIZATION, _NeighbourMemo

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


def test_the_memo_is_safe_under_threads() -> None:
    # Eight threads over a memo smaller than the nodes they ask: lookups, moves and evictions interleave.
    memo = _NeighbourMemo(max_nodes=3)
    clubs = [f"club{i}" for i in range(8)]
    store = _store(*((f"m{i}", f"p{i}", club) for i, club in enumerate(clubs)))
    errors: list[BaseException] = []
    wrong: list[str] = []

    def ask(offset: int) -> None:
        try:
            for round_ in range(3000):
                club = clubs[(offset + round_) % len(clubs)]
                answer = memo.neighbours(store, NamedNode(E + club))
                if answer != [(NamedNode(E + "p" + club[4:]), "has member")]:
                    wrong.append(club)
        except BaseException as exc:  # noqa: B036  # any failure in a thread fails the test
            errors.append(exc)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch between any two bytecodes, as on a busy server's many cores
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == [] and wrong == []
    assert len(memo._neighbours) <= 3
