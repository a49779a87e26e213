"""Shortest paths between two nodes of a graph given by its neighbours: the search both connection views use
(people through organizations, store/connections.py; people through team-seasons, store/seasons.py)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator

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
