"""Shortest paths between two entities through memberships and affiliations, read from the store's index, by a
breadth-first search from both ends over a graph given by its neighbours."""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator

from pyoxigraph import NamedNode, QuerySolutions, Store, Variable

from vocab import namespaces
from vocab.namespaces import PREFIXES
from store import index
from store.derived import lineage

BB = namespaces.BB
BB_MEMBER = NamedNode(BB + "member")
BB_ORGANIZATION = NamedNode(BB + "organization")
BB_AFFILIATE_OF = NamedNode(BB + "affiliateOf")

# A node's neighbours, each with the word shown for the edge from the node to it.
Neighbours = Callable[[str], Iterable[tuple[str, str]]]
Parents = dict[str, list[tuple[str, str]]]  # node -> (the node before it on a shortest path, the edge word)


def _expand(neighbours: Neighbours, frontier: list[str], parents: Parents, inverse: dict[str, str] | None) -> list[str]:
    """One breadth-first level: the nodes first reached from `frontier`, each with every parent on it."""
    reached: Parents = {}
    for node in frontier:
        for neighbour, edge in neighbours(node):
            if neighbour not in parents:
                reached.setdefault(neighbour, []).append((node, inverse[edge] if inverse is not None else edge))
    parents.update(reached)
    return sorted(reached)


def _walk(node: str, end: str, parents: Parents, forward: bool) -> Iterator[list[str]]:
    """Every shortest path between `end` and `node` through `parents`, lazily, as [node, edge, node, ...]
    from the source's side: `end` first when `forward`, last otherwise."""
    if node == end:
        yield [node]
        return
    for previous, edge in sorted(set(parents[node])):
        for path in _walk(previous, end, parents, forward):
            yield path + [edge, node] if forward else [node, edge] + path


def shortest(source: str, target: str, neighbours: Neighbours, inverse: dict[str, str], max_hops: int,
             limit: int) -> list[list[str]]:
    """At most `limit` shortest paths from `source` to `target` of at most `max_hops` edges, in a stable order,
    each [node, edge word, node, ...]; `inverse` reads each edge word the other way.

    A breadth-first search from both ends, always widening the smaller frontier: a hub's many neighbours are
    read once, not walked through one by one. Where the two searches first meet, every meeting node lies on a
    shortest path and every shortest path crosses exactly one of them.
    """
    from_source: Parents = {source: []}
    from_target: Parents = {target: []}
    frontiers = [[source], [target]]
    meeting = sorted(from_source.keys() & from_target.keys())
    for _ in range(max_hops):
        if meeting or not frontiers[0] or not frontiers[1]:
            break
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        frontiers[side] = _expand(neighbours, frontiers[side], (from_source, from_target)[side],
                                  inverse if side == 1 else None)
        meeting = sorted(from_source.keys() & from_target.keys())
    every_path = (head + tail[1:] for middle in meeting
                  for head in _walk(middle, source, from_source, forward=True)
                  for tail in _walk(middle, target, from_target, forward=False))
    return list(itertools.islice(every_path, limit))


MAX_PATHS = 5


_MEMBERS_OF = PREFIXES + "SELECT ?person ?org WHERE { ?m bb:organization ?org ; bb:member ?person }"


class _NeighbourMemo:
    """Each node's neighbours as read from one store, kept while that store is the one asked and unchanged
    (store/derived.py): a new store, or a copy that applied updates, and the memo starts again.

    Clubs are the graph's hubs: nearly every path search reads some club's members, a query that looks up a
    hundred or more memberships in the index, and the same few dozen clubs come back
    request after request.
    """

    def __init__(self, max_nodes: int = 4096) -> None:
        self.max_nodes = max_nodes
        self._store: Store | None = None
        self._lineage: tuple[int, int] | None = None
        self._neighbours: OrderedDict[str, list[tuple[NamedNode, str]]] = OrderedDict()
        # The shared process's threads search paths at once: a lookup, its move to the end and another thread's
        # eviction must not interleave (move_to_end raised KeyError on a key evicted in between).
        self._lock = threading.Lock()

    def neighbours(self, store: Store, node: NamedNode) -> list[tuple[NamedNode, str]]:
        key = lineage(store)
        with self._lock:
            if key != self._lineage or (key is None and store is not self._store):
                self._neighbours = OrderedDict()
            self._store, self._lineage = store, key
            found = self._neighbours.get(node.value)
            if found is not None:
                self._neighbours.move_to_end(node.value)
                return found
        found = _read_neighbours(store, node)  # outside the lock: the other threads' lookups go on meanwhile
        with self._lock:
            if key == self._lineage and (key is not None or store is self._store):
                self._neighbours[node.value] = found
                self._neighbours.move_to_end(node.value)
                while len(self._neighbours) > self.max_nodes:
                    self._neighbours.popitem(last=False)
        return found


_memo = _NeighbourMemo()


def _neighbours(store: Store, node: NamedNode) -> list[tuple[NamedNode, str]]:
    """Entities one edge from `node`, with the word shown for the edge: memberships and affiliations, both ways."""
    return _memo.neighbours(store, node)


def _read_neighbours(store: Store, node: NamedNode) -> list[tuple[NamedNode, str]]:
    """`node`'s neighbours read from Oxigraph's quad index in the default graph (the union the build
    materializes): no query text."""
    found = [(org, "member of")
             for m in index.subjects(store, BB_MEMBER, node) for org in index.objects(store, m, BB_ORGANIZATION)]
    # A club has thousands of members at 10,000 articles: one query reads them all, in Rust, and its terms are
    # taken as they come (no row dictionaries).
    members = store.query(_MEMBERS_OF, substitutions={Variable("org"): node})
    assert isinstance(members, QuerySolutions)
    found += [(solution[0], "has member") for solution in members]
    found += [(parent, "affiliate of") for parent in index.objects(store, node, BB_AFFILIATE_OF)]
    found += [(child, "has affiliate") for child in index.subjects(store, BB_AFFILIATE_OF, node)]
    return [(n, edge) for n, edge in found if isinstance(n, NamedNode)]


def _label(store: Store, node: str) -> str:
    """The node's label, or the IRI itself when it has none."""
    return index.label(store, NamedNode(node)) or node


# Each edge word read the other way: a path found from the target's side is written from the source's.
_INVERSE_EDGE = {"member of": "has member", "has member": "member of",
                 "affiliate of": "has affiliate", "has affiliate": "affiliate of"}


def shortest_paths(store: Store, source: str, target: str, max_hops: int = 4) -> list[list[dict[str, str]]]:
    """Shortest paths between two entities over memberships and affiliations, at most `max_hops` edges long;
    at most MAX_PATHS of them, in a stable order (store/paths.py's search, over the store's index)."""
    def neighbours(node: str) -> list[tuple[str, str]]:
        return [(n.value, edge) for n, edge in _neighbours(store, NamedNode(node))]

    paths = shortest(source, target, neighbours, _INVERSE_EDGE, max_hops, MAX_PATHS)
    labels = {n: _label(store, n) for n in sorted({n for path in paths for n in path[::2]})}
    return [[{"iri": step, "label": labels[step]} if i % 2 == 0 else {"predicate": step}
             for i, step in enumerate(path)] for path in paths]
