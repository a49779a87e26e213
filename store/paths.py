"""Shortest paths between two entities through memberships and affiliations: the graph of who was a member of
what and which team is an affiliate of which, read from the store's index once per store (store/derived.py),
and searched there by a breadth-first search from both ends.

Reading the index node by node made a path of four hops over the record read the clubs of thousands of people,
a lookup each: the whole graph is a few scans of the index instead, and a search is a few numpy gathers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
from pyoxigraph import NamedNode, Store

from store import index
from store.derived import SAVED_REFRESH_SECONDS, DerivedValue
from store.seasons import neighbours_of
from vocab import namespaces

BB = namespaces.BB
BB_MEMBER = NamedNode(BB + "member")
BB_ORGANIZATION = NamedNode(BB + "organization")
BB_AFFILIATE_OF = NamedNode(BB + "affiliateOf")

# The word shown for an edge, read from the node it leaves, in alphabetical order (so that a node's neighbours,
# sorted by number and then word, come in the order of their IRIs and words); each with its reverse.
EDGE_WORDS = ("affiliate of", "has affiliate", "has member", "member of")
AFFILIATE_OF, HAS_AFFILIATE, HAS_MEMBER, MEMBER_OF = range(len(EDGE_WORDS))
REVERSE = np.array([HAS_AFFILIATE, AFFILIATE_OF, MEMBER_OF, HAS_MEMBER], dtype=np.int8)

MAX_PATHS = 5


@dataclass(frozen=True)
class MembershipGraph:
    """Every entity that is a member of something or has members or affiliates, numbered in the order of their
    IRIs, and each one's neighbours (indptr, neighbour, the word from the entity to that neighbour)."""
    names: list[str]
    number: dict[str, int]
    indptr: Any
    neighbours: Any
    words: Any

    def around(self, vertex: int) -> tuple[Any, Any]:
        start, stop = self.indptr[vertex], self.indptr[vertex + 1]
        return self.neighbours[start:stop], self.words[start:stop]


def read_graph(store: Store) -> MembershipGraph:
    """The store's graph of memberships (a person, or a team, to the organization it was a member of) and
    affiliations (a team to its parent club or league), both ways, from the default graph (the union)."""
    members: dict[str, list[str]] = {}
    for membership, member in index.pairs(store, BB_MEMBER):
        if isinstance(member, NamedNode):
            members.setdefault(membership.value, []).append(member.value)
    edges = {(member, organization.value, MEMBER_OF)
             for membership, organization in index.pairs(store, BB_ORGANIZATION) if isinstance(organization, NamedNode)
             for member in members.get(membership.value, ())}
    edges |= {(team.value, parent.value, AFFILIATE_OF) for team, parent in index.pairs(store, BB_AFFILIATE_OF)
              if isinstance(team, NamedNode) and isinstance(parent, NamedNode)}
    names = sorted({a for a, _, _ in edges} | {b for _, b, _ in edges})
    number = {name: i for i, name in enumerate(names)}
    one_way = np.array(sorted((number[a], number[b], word) for a, b, word in edges), dtype=np.int64).reshape(-1, 3)
    source = np.concatenate([one_way[:, 0], one_way[:, 1]])
    target = np.concatenate([one_way[:, 1], one_way[:, 0]])
    word = np.concatenate([one_way[:, 2], REVERSE[one_way[:, 2]]]).astype(np.int8)
    order = np.lexsort((word, target, source))
    indptr = np.zeros(len(names) + 1, dtype=np.int64)
    np.cumsum(np.bincount(source, minlength=len(names)), out=indptr[1:])
    return MembershipGraph(names, number, indptr, target[order], word[order])


MEMBERSHIP_GRAPH = DerivedValue(read_graph, "membership-graph", saved_as="membership-graph.pickle",
                                refresh_seconds=SAVED_REFRESH_SECONDS)


def graph_of(store: Store) -> MembershipGraph:
    """The store's membership graph, as its build saved it or read on first use (a server's query processes
    read it as they open the store)."""
    graph = MEMBERSHIP_GRAPH.get(store)
    assert graph is not None  # read at once for a store not asked before
    return graph


def _expand(graph: MembershipGraph, frontier: Any, distance: Any, level: int) -> Any:
    """One breadth-first level: the vertices first reached from `frontier`, in order, marked at `level`."""
    reached = neighbours_of(graph.indptr, graph.neighbours, frontier)
    new = np.unique(reached[distance[reached] < 0])
    distance[new] = level
    return new


def _walk(graph: MembershipGraph, vertex: int, distance: Any, toward_source: bool) -> Iterator[list[int]]:
    """Every shortest way from `vertex` back to its search's start (distance 0), lazily, in the order of the
    vertices and words passed, as [vertex, word, vertex, ..., start]; each word read from the source's side."""
    if distance[vertex] == 0:
        yield [vertex]
        return
    neighbours, words = graph.around(vertex)
    nearer = distance[neighbours] == distance[vertex] - 1
    for previous, word in zip(neighbours[nearer].tolist(), words[nearer].tolist(), strict=True):
        # `word` leads from `vertex` to `previous`: on the source's side the path runs the other way.
        shown = int(REVERSE[word]) if toward_source else word
        for rest in _walk(graph, previous, distance, toward_source):
            yield [vertex, shown, *rest]


def shortest(graph: MembershipGraph, source: str, target: str, max_hops: int, limit: int) -> list[list[str]]:
    """At most `limit` shortest paths from `source` to `target` of at most `max_hops` edges, in a stable order
    (by the meeting vertex's IRI, then each step's), each [node, edge word, node, ...].

    A breadth-first search from both ends, always widening the smaller frontier: a hub's many neighbours are
    read once, not walked through one by one. Where the two searches first meet, every meeting node lies on a
    shortest path and every shortest path crosses exactly one of them.
    """
    if source == target:
        return [[source]]
    if source not in graph.number or target not in graph.number:
        return []
    distances = [np.full(len(graph.names), -1, dtype=np.int64) for _ in range(2)]
    frontiers = [np.array([graph.number[source]]), np.array([graph.number[target]])]
    levels = [0, 0]
    for side in (0, 1):
        distances[side][frontiers[side]] = 0
    meeting = np.zeros(0, dtype=np.int64)
    for _ in range(max_hops):
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        levels[side] += 1
        frontiers[side] = _expand(graph, frontiers[side], distances[side], levels[side])
        meeting = np.nonzero((distances[0] >= 0) & (distances[1] >= 0))[0]
        if len(meeting) or not len(frontiers[0]) or not len(frontiers[1]):
            break
    found: list[list[str]] = []
    for middle in meeting.tolist():
        for head in _walk(graph, middle, distances[0], toward_source=True):
            for tail in _walk(graph, middle, distances[1], toward_source=False):
                if len(found) == limit:
                    return found
                steps = head[::-1] + tail[1:]
                found.append([graph.names[step] if i % 2 == 0 else EDGE_WORDS[step] for i, step in enumerate(steps)])
    return found


def shortest_paths(store: Store, source: str, target: str, max_hops: int = 4) -> list[list[dict[str, str]]]:
    """Shortest paths between two entities over memberships and affiliations, at most `max_hops` edges long;
    at most MAX_PATHS of them, in a stable order (`shortest`, over the store's membership graph)."""
    paths = shortest(graph_of(store), source, target, max_hops, MAX_PATHS)
    labels = {n: index.label(store, NamedNode(n)) or n for n in sorted({n for path in paths for n in path[::2]})}
    return [[{"iri": step, "label": labels[step]} if i % 2 == 0 else {"predicate": step}
             for i, step in enumerate(path)] for path in paths]
