"""Serializing the store, or one graph of it, streamed in the store's own (stable) order.

Oxigraph writes quads in index order, which depends only on the content, so the same
input gives the same bytes without sorting in memory.
"""

from __future__ import annotations

import os
import threading
from typing import IO
from collections.abc import Iterator

from pyoxigraph import DefaultGraph, NamedNode, Store

from vocab.formats import graph_format
from vocab.namespaces import NAMESPACES


def graph_exists(store: Store, graph_iri: str) -> bool:
    return store.contains_named_graph(NamedNode(graph_iri))


def dump_store(store: Store, format_name: str, output: IO[bytes], graph: str | None = None) -> None:
    """Write the whole dataset (graph=None), the default graph (graph="default"), or one named graph.

    The default graph holds the union of all named graphs, so a triple-only format such as
    Turtle gets that union when no graph is named.
    """
    chosen = graph_format(format_name)
    fmt, prefixes = chosen.rdf, NAMESPACES if chosen.keeps_prefixes else None
    assert fmt is not None  # every graph format has one
    if graph is None and fmt.supports_datasets:
        store.dump(output, fmt, prefixes=prefixes)
    else:
        name = DefaultGraph() if graph in (None, "default") else NamedNode(graph)
        store.dump(output, fmt, from_graph=name, prefixes=prefixes)


def stream_dump(store: Store, format_name: str, graph: str | None = None, chunk_size: int = 65536) -> Iterator[bytes]:
    """dump_store as a stream of chunks, written by a thread into a pipe, never held whole in memory."""
    graph_format(format_name)  # fail before streaming starts
    read_fd, write_fd = os.pipe()

    def produce() -> None:
        try:
            with os.fdopen(write_fd, "wb") as out:
                dump_store(store, format_name, out, graph)
        except (BrokenPipeError, ValueError):
            pass  # the client went away and the reader closed the pipe

    writer = threading.Thread(target=produce, name="bbkg-dump", daemon=True)
    writer.start()
    with os.fdopen(read_fd, "rb") as source:
        while chunk := source.read(chunk_size):
            yield chunk
    writer.join()
