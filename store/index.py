"""Reading Oxigraph's quad index directly, in the default graph (the union of the named graphs the build
materializes): the lookups of one node that the connection search and the pages make by the thousand, where
a SPARQL query costs a parse and a plan each, and pyoxigraph sometimes plans a scan of the whole graph."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pyoxigraph import DefaultGraph, Literal, NamedNode, Store

from vocab import namespaces

RDFS_LABEL = NamedNode(namespaces.RDFS_LABEL)


def objects(store: Store, subject: Any, predicate: NamedNode) -> list[Any]:
    return [q.object for q in store.quads_for_pattern(subject, predicate, None, DefaultGraph())]


def pairs(store: Store, predicate: NamedNode) -> Iterator[tuple[Any, Any]]:
    """(subject, object) of every triple of `predicate`, as they come: a scan of the whole predicate."""
    return ((q.subject, q.object) for q in store.quads_for_pattern(None, predicate, None, DefaultGraph()))


def subjects(store: Store, predicate: NamedNode, obj: Any) -> list[Any]:
    return [q.subject for q in store.quads_for_pattern(None, predicate, obj, DefaultGraph())]


def first(store: Store, subject: Any, predicate: NamedNode) -> Any:
    """The subject's object of `predicate` first by its N-Triples form, or None: the same one whichever copy of
    the store (on disk, in memory: each lists objects in an order of its own) is read."""
    found = objects(store, subject, predicate)
    return min(found, key=str) if found else None


def has(store: Store, subject: Any, predicate: NamedNode, obj: Any = None) -> bool:
    """Whether the default graph holds a triple of that pattern (`obj` None: any object)."""
    return any(True for _ in store.quads_for_pattern(subject, predicate, obj, DefaultGraph()))


def label(store: Store, node: NamedNode) -> str:
    """The node's rdfs:label (the first in order when it has several), or "" when it has none."""
    labels = sorted(o.value for o in objects(store, node, RDFS_LABEL) if isinstance(o, Literal))
    return labels[0] if labels else ""
