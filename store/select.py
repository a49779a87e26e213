"""Running a SELECT query against a store and getting plain rows back."""

from __future__ import annotations

from pyoxigraph import Literal, NamedNode, QuerySolutions, Store

# The prefixes the project's own queries use.
PREFIXES = """PREFIX bb: <https://bbkg.example.org/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX prov: <http://www.w3.org/ns/prov#>
"""


def select_rows(store: Store, query: str) -> list[dict[str, str]]:
    """Each solution as {variable: lexical value}; unbound variables are left out."""
    solutions = store.query(query)
    if not isinstance(solutions, QuerySolutions):
        raise TypeError("select_rows needs a SELECT query")
    names = [v.value for v in solutions.variables]
    rows = []
    for solution in solutions:
        row = {}
        for name in names:
            term = solution[name]
            if term is not None:
                row[name] = term.value if isinstance(term, (NamedNode, Literal)) else str(term)
        rows.append(row)
    return rows
