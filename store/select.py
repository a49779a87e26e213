"""Running a SELECT query against a store and getting plain rows back."""

from __future__ import annotations

from collections.abc import Mapping

from pyoxigraph import BlankNode, Literal, NamedNode, QuerySolutions, Store, Triple, Variable

# The namespaces of the graph: prefixes of the project's own queries and of Turtle and TriG dumps.
NAMESPACES = {
    "bb": "https://bbkg.example.org/ontology#",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "prov": "http://www.w3.org/ns/prov#",
    "schema": "http://schema.org/",
    "org": "http://www.w3.org/ns/org#",
    "time": "http://www.w3.org/2006/time#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
}
PREFIXES = "".join(f"PREFIX {prefix}: <{iri}>\n" for prefix, iri in NAMESPACES.items())


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
