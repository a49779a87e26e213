"""What the graph stage computed about entities (component, community, PageRank, degree), read back."""

from __future__ import annotations

from typing import Any

from pyoxigraph import NamedNode, QuerySolutions, Store, Variable

from vocab import namespaces
from vocab.namespaces import PREFIXES
from store import index
from store.names import checked_entity_type
from store.select import prefixed_rows

BB = namespaces.BB


def graph_measures(store: Store, entity: str) -> dict[str, Any]:
    """What the graph stage computed about one entity: component, community, PageRank and degree (None
    where it computed nothing, e.g. for an entity outside the graph of memberships)."""
    node = NamedNode(entity)

    def value(subject: Any, predicate: str) -> Any:
        return index.first(store, subject, NamedNode(BB + predicate))

    centrality = index.subjects(store, NamedNode(BB + "centralityOf"), node)
    pagerank = value(centrality[0], "pageRank") if centrality else None
    degree = value(centrality[0], "degree") if centrality else None
    component, community = value(node, "component"), value(node, "community")
    return {"component": component.value if component else None,
            "community": community.value if community else None,
            "pagerank": float(pagerank.value) if pagerank else None,
            "degree": int(degree.value) if degree else None}


def graph_software(store: Store) -> str:
    """The software the graph stage recorded as having computed its centralities (GraphFrames and its version)."""
    # A join from the centralities, not a FILTER EXISTS per activity: Oxigraph evaluates that one by reading
    # everything every activity generated, which on a store with the whole record is a great deal.
    rows = prefixed_rows(store, """SELECT DISTINCT ?label WHERE {
        ?c a bb:Centrality ; prov:wasGeneratedBy ?act .
        ?act a bb:Computation ; prov:wasAssociatedWith/rdfs:label ?label } ORDER BY ?label""")
    return ", ".join(r["label"] for r in rows)


def central_entities(store: Store, entity_type: str | None, limit: int) -> list[dict[str, Any]]:
    """The `limit` entities of the highest PageRank, optionally of one type in ENTITY_TYPES."""
    wanted = checked_entity_type(entity_type)
    bindings = {"wanted": NamedNode(BB + wanted)} if wanted else {}
    solutions = store.query(PREFIXES + f"""
        SELECT ?e ?label ?pagerank ?degree ?component ?community {"?wanted" if entity_type else ""} WHERE {{
          ?c bb:centralityOf ?e ; bb:pageRank ?pagerank ; bb:degree ?degree .
          {"?e a ?wanted ." if entity_type else ""}
          ?e rdfs:label ?label ; bb:component ?component ; bb:community ?community .
        }} ORDER BY DESC(?pagerank) ?e""", substitutions={Variable(k): v for k, v in bindings.items()})
    assert isinstance(solutions, QuerySolutions)
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for solution in solutions:  # ORDER BY has done the work; reading stops after `limit` entities
        if len(rows) == limit:
            break
        entity = solution["e"].value
        if entity in seen:  # a second label of the same entity
            continue
        seen.add(entity)
        rows.append({"iri": entity, "label": solution["label"].value,
                     "pagerank": float(solution["pagerank"].value), "degree": int(solution["degree"].value),
                     "component": solution["component"].value, "community": solution["community"].value})
    return rows
