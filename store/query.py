"""Running a SPARQL query with pyoxigraph and serializing its answer, for the query processes' requests
(server/evaluation.py). `bbkg query` and /sparql go through the engine instead (store/engine.py), which writes
the same bytes with Oxigraph's own serializers and stops a query itself.

The caller chooses the format once the kind of answer is known (solutions or a boolean, or a graph), by
content negotiation.

Oxigraph's own serializers write the answer, Python never touching a row, whenever the answer is surely
within the row cap: every row takes at least a few bytes in each format, so an answer written in fewer
than (cap + 1) times that many bytes has at most `cap` rows. Past that size Oxigraph is stopped, and the
query runs again, its rows counted one by one in Python and cut at the cap.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pyoxigraph import NamedNode, QueryBoolean, QuerySolutions, Store, serialize

from vocab.formats import Format, result_format
from store.results import SOLUTION_WRITERS


class NoAcceptableFormat(Exception):
    """The caller accepts no format for this kind of answer."""

    def __init__(self, is_graph: bool) -> None:
        super().__init__("graph" if is_graph else "solutions")
        self.is_graph = is_graph


@dataclass
class SerializedAnswer:
    format: Format
    body: bytes
    rows: int | None  # solutions or triples written (1 for a boolean); None when not counted (under the cap)
    truncated: bool  # whether the row cap cut the answer


# Given whether the answer is a graph (CONSTRUCT, DESCRIBE), the format to write it in; raises
# NoAcceptableFormat (or a UserError naming the mismatch) when there is none.
FormatChoice = Callable[[bool], Format]

# The fewest bytes one more solution adds to an answer in each format: "{}" in JSON, "<result></result>"
# in XML, a line end in CSV and TSV. A triple takes more than two bytes in any RDF syntax.
MIN_SOLUTION_BYTES = {"json": 2, "xml": 17, "csv": 2, "tsv": 1}
MIN_TRIPLE_BYTES = 2


def _empty_answer_bytes(name: str) -> int:
    """What any answer in the format takes before its first row (no variables, no rows), as Oxigraph writes it."""
    empty = Store().query("SELECT * WHERE {} LIMIT 0")
    assert isinstance(empty, QuerySolutions)
    return len(empty.serialize(format=result_format(name).results) or b"")


_EMPTY_ANSWER_BYTES = {name: _empty_answer_bytes(name) for name in MIN_SOLUTION_BYTES}


class _TooLong(Exception):
    """Oxigraph's serializer wrote past the size below which the answer is surely within the row cap."""


class _BoundedBuffer:
    """The binary output handed to Oxigraph's serializer: keeps what it writes, stops it past `limit` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.chunks: list[bytes] = []

    def write(self, chunk: Any) -> int:
        self.size += len(chunk)
        if self.size > self.limit:
            raise _TooLong
        self.chunks.append(bytes(chunk))
        return len(chunk)

    def flush(self) -> None:
        pass


def _written_whole(results: Any, oxigraph_format: Any, rows_allowed: int, min_bytes: int,
                   empty_bytes: int = 0) -> bytes | None:
    """The whole answer in Oxigraph's serialization, or None when it may have more than `rows_allowed` rows."""
    output = _BoundedBuffer(empty_bytes + (rows_allowed + 1) * min_bytes - 1)
    try:
        results.serialize(output, format=oxigraph_format)
    except _TooLong:
        return None
    return b"".join(output.chunks)


def run_query(store: Store, query: str, choose: FormatChoice, row_cap: int,
              default_graphs: Sequence[str] = (), named_graphs: Sequence[str] = ()) -> SerializedAnswer:
    """Evaluate `query` (SyntaxError for a bad one) and write at most `row_cap` solutions or triples in the
    format `choose` picks; `default_graphs` and `named_graphs` set the dataset as the protocol's parameters do.
    """
    def evaluate() -> Any:
        return store.query(query, default_graph=[NamedNode(g) for g in default_graphs] or None,
                           named_graphs=[NamedNode(g) for g in named_graphs] or None)

    results = evaluate()
    if isinstance(results, QueryBoolean):
        chosen = choose(False)
        return SerializedAnswer(chosen, results.serialize(format=chosen.results) or b"", 1, False)
    if isinstance(results, QuerySolutions):
        chosen = choose(False)
        body = _written_whole(results, chosen.results, row_cap, MIN_SOLUTION_BYTES[chosen.name],
                              _EMPTY_ANSWER_BYTES[chosen.name])
        if body is not None:
            return SerializedAnswer(chosen, body, None, False)
        results = evaluate()
        variables = [v.value for v in results.variables]
        rows = [tuple(solution) for solution in itertools.islice(results, row_cap + 1)]
        body = SOLUTION_WRITERS[chosen.name](variables, rows[:row_cap])
        return SerializedAnswer(chosen, body, min(len(rows), row_cap), len(rows) > row_cap)
    chosen = choose(True)
    body = _written_whole(results, chosen.rdf, row_cap, MIN_TRIPLE_BYTES)
    if body is not None:
        return SerializedAnswer(chosen, body, None, False)
    triples = list(itertools.islice(evaluate(), row_cap + 1))
    body = serialize(triples[:row_cap], format=chosen.rdf) or b""
    return SerializedAnswer(chosen, body, min(len(triples), row_cap), len(triples) > row_cap)
