"""Running a SELECT query against a store and getting plain rows back."""

from __future__ import annotations

from collections.abc import Mapping

from pyoxigraph import BlankNode, Literal, NamedNode, QuerySolutions, Store, Triple, Variable

from vocab.namespaces import PREFIXES



Term = NamedNode | BlankNode | Literal | Triple


def select_rows(store: Store, query: str, bindings: Mapping[str, Term] | None = None) -> list[dict[str, str]]:
    """Each solution as {variable: lexical value}; unbound variables are left out.

    `bindings` gives variables their values as RDF terms (SEP-0007 substitution), the one way a value from
    outside reaches a query: never formatted into its text. pyoxigraph requires a bound variable to be in
    the SELECT projection.
    """
    substitutions = {Variable(name): term for name, term in (bindings or {}).items()}
    solutions = store.query(query, substitutions=substitutions)
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


def prefixed_rows(store: Store, query: str, **bindings: Term) -> list[dict[str, str]]:
    """select_rows of a query written with the project's prefixes (vocab.namespaces.PREFIXES) left out."""
    return select_rows(store, PREFIXES + query, bindings)
