"""Running a SPARQL query and serializing its answer: the one way, for `bbkg query` and for /sparql alike.

The caller chooses the format once the kind of answer is known (solutions or a boolean, or a graph): the CLI
by name, the server by content negotiation. Both get the same bytes for the same format and row cap.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pyoxigraph import NamedNode, QueryBoolean, QuerySolutions, Store, serialize

from vocab.formats import Format
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
    rows: int  # solutions or triples written (1 for a boolean)
    truncated: bool  # whether the row cap cut the answer


# Given whether the answer is a graph (CONSTRUCT, DESCRIBE), the format to write it in; raises
# NoAcceptableFormat (or a UserError naming the mismatch) when there is none.
FormatChoice = Callable[[bool], Format]


def run_query(store: Store, query: str, choose: FormatChoice, row_cap: int,
              default_graphs: Sequence[str] = (), named_graphs: Sequence[str] = ()) -> SerializedAnswer:
    """Evaluate `query` (SyntaxError for a bad one) and write at most `row_cap` solutions or triples in the
    format `choose` picks; `default_graphs` and `named_graphs` set the dataset as the protocol's parameters do.
    """
    results = store.query(query, default_graph=[NamedNode(g) for g in default_graphs] or None,
                          named_graphs=[NamedNode(g) for g in named_graphs] or None)
    if isinstance(results, QueryBoolean):
        chosen = choose(False)
        return SerializedAnswer(chosen, results.serialize(format=chosen.results) or b"", 1, False)
    if isinstance(results, QuerySolutions):
        chosen = choose(False)
        variables = [v.value for v in results.variables]
        rows = [tuple(solution) for solution in itertools.islice(results, row_cap + 1)]
        body = SOLUTION_WRITERS[chosen.name](variables, rows[:row_cap])
        return SerializedAnswer(chosen, body, min(len(rows), row_cap), len(rows) > row_cap)
    chosen = choose(True)
    triples = list(itertools.islice(results, row_cap + 1))
    body = serialize(triples[:row_cap], format=chosen.rdf) or b""
    return SerializedAnswer(chosen, body, min(len(triples), row_cap), len(triples) > row_cap)
