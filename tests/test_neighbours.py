"""The path search's membership graph (store/paths.py) and the chain network's kept adjacencies
(store/seasons.py): each read from the store asked, never an older one, and safe under the shared process's
threads."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

import networkx as nx
from pyoxigraph import DefaultGraph, NamedNode, Quad, Store

from store.paths import BB_AFFILIATE_OF, BB_MEMBER, BB_ORGANIZATION, graph_of, shortest
from store.seasons import ARTICLES, RECORD, Network

E = "https://e.example/"


def _store(*memberships: tuple[str, str, str], affiliations: tuple[tuple[str, str], ...] = ()) -> Store:
    store = Store()
    for membership, person, club in memberships:
        store.add(Quad(NamedNode(E + membership), BB_MEMBER, NamedNode(E + person), DefaultGraph()))
        store.add(Quad(NamedNode(E + membership), BB_ORGANIZATION, NamedNode(E + club), DefaultGraph()))
    for team, parent in affiliations:
        store.add(Quad(NamedNode(E + team), BB_AFFILIATE_OF, NamedNode(E + parent), DefaultGraph()))
    return store


def _words_around(store: Store, name: str) -> list[tuple[str, str]]:
    graph = graph_of(store)
    neighbours, words = graph.around(graph.number[E + name])
    return [(graph.names[n][len(E):], ("affiliate of", "has affiliate", "has member", "member of")[w])
            for n, w in zip(neighbours.tolist(), words.tolist(), strict=True)]


def test_the_graph_has_memberships_and_affiliations_both_ways_in_order() -> None:
    store = _store(("m1", "backman", "mets"), ("m2", "backman", "mets"), ("m3", "collins", "mets"),
                   ("m4", "backman", "51s"), affiliations=(("51s", "mets"),))
    assert _words_around(store, "mets") == [("51s", "has affiliate"), ("backman", "has member"),
                                            ("collins", "has member")]
    assert _words_around(store, "backman") == [("51s", "member of"), ("mets", "member of")]  # m1, m2: one edge
    assert _words_around(store, "51s") == [("backman", "has member"), ("mets", "affiliate of")]


def test_the_graph_is_read_from_the_store_asked_not_an_older_one() -> None:
    first = _store(("m1", "backman", "mets"))
    assert _words_around(first, "mets") == [("backman", "has member")]
    second = _store(("m1", "backman", "mets"), ("m2", "collins", "mets"))
    assert _words_around(second, "mets") == [("backman", "has member"), ("collins", "has member")]


def test_the_search_finds_every_shortest_path_networkx_finds() -> None:
    """On a small random membership graph, for every pair and hop limit: the paths are exactly networkx's
    shortest paths (up to the limit of five, in order), each step an edge with its word."""
    import random

    rng = random.Random(3)
    memberships = tuple((f"m{i}", f"p{rng.randrange(14)}", f"c{rng.randrange(5)}") for i in range(22))
    affiliations = {("c3", "c0"), ("c4", "c0")}
    store = _store(*memberships, affiliations=tuple(sorted(affiliations)))
    nx_graph = nx.Graph([(p, c) for _, p, c in memberships] + sorted(affiliations))
    graph = graph_of(store)
    for source in sorted(nx_graph):
        for target in sorted(nx_graph):
            for max_hops in (1, 2, 4, 6):
                found = shortest(graph, E + source, E + target, max_hops, 1000)
                try:
                    expected = [path for path in nx.all_shortest_paths(nx_graph, source, target)
                                if len(path) - 1 <= max_hops]
                except nx.NetworkXNoPath:
                    expected = []
                assert sorted([step[len(E):] for step in path[::2]] for path in found) == sorted(expected)
                assert shortest(graph, E + source, E + target, max_hops, 2) == found[:2]
                for path in found:
                    for a, word, b in zip(path[0::2], path[1::2], path[2::2], strict=False):
                        assert word == _word(a[len(E):], b[len(E):], affiliations)


def _word(a: str, b: str, affiliations: set[tuple[str, str]]) -> str:
    """The word for the edge from `a` to `b` in the test's graph (people p*, clubs c*)."""
    if (a, b) in affiliations or (b, a) in affiliations:
        return "affiliate of" if (a, b) in affiliations else "has affiliate"
    return "member of" if a.startswith("p") else "has member"


def _hammer(ask: Callable[[int, int], None], threads: int = 8) -> list[BaseException]:
    errors: list[BaseException] = []

    def run(offset: int) -> None:
        try:
            for round_ in range(5000):
                ask(offset, round_)
        except BaseException as exc:  # noqa: B036  # any failure in a thread fails the test
            errors.append(exc)

    started = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch between any two bytecodes, as on a busy server's many cores
    try:
        for t in started:
            t.start()
        for t in started:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    return errors


def test_the_chain_networks_kept_adjacencies_are_safe_under_threads() -> None:
    """Eight threads ask for more choices of years than the network keeps: lookups, moves to the end and
    evictions interleave (an OrderedDict memo without its lock raised KeyError from move_to_end)."""
    network = Network()
    for year in range(2000, 2012):
        network.link(E + f"p{year % 5}", f"season:{E}mets {year}", year, RECORD if year % 2 else ARTICLES, ("", ""))
        network.link(E + f"p{(year + 1) % 5}", f"season:{E}mets {year}", year, RECORD, ("", ""))
    network.compile()
    expected = {after: Network.graph(_fresh(network), RECORD | ARTICLES, after, None) for after in range(2000, 2012)}
    wrong: list[int] = []

    def ask(offset: int, round_: int) -> None:
        after = 2000 + (offset + round_) % 12
        indptr, neighbours = network.graph(RECORD | ARTICLES, after, None)
        if indptr.tolist() != expected[after][0].tolist() or neighbours.tolist() != expected[after][1].tolist():
            wrong.append(after)

    assert _hammer(ask) == [] and wrong == []


def _fresh(network: Network) -> Network:
    """A network of the same links with nothing kept yet."""
    copy = Network(links=network.links, year_of=network.year_of, grounds=network.grounds)
    return copy.compile()
