"""What the graph stage computed about entities (component, community, PageRank, degree), read back."""

from __future__ import annotations

import itertools
from typing import Any

from pyoxigraph import NamedNode, QuerySolutions, Store

from vocab import namespaces
from vocab.namespaces import PREFIXES
from store import index
from store.derived import SAVED_REFRESH_SECONDS, DerivedValue
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
    software = GRAPH_SOFTWARE.get(store)
    assert software is not None  # read at once for a store not asked before
    return software


def read_graph_software(store: Store) -> str:
    """graph_software, read from the store."""
    # A join from the centralities, not a FILTER EXISTS per activity: Oxigraph evaluates that one by reading
    # everything every activity generated, which on a store with the whole record is a great deal.
    rows = prefixed_rows(store, """SELECT DISTINCT ?label WHERE {
        ?c a bb:Centrality ; prov:wasGeneratedBy ?act .
        ?act a bb:Computation ; prov:wasAssociatedWith/rdfs:label ?label } ORDER BY ?label""")
    return ", ".join(r["label"] for r in rows)


def read_ranking(store: Store) -> list[dict[str, Any]]:
    """Every entity the graph stage measured, by PageRank (highest first, then by IRI), with its first label,
    degree, component, community and types."""
    solutions = store.query(PREFIXES + """
        SELECT ?e ?label ?pagerank ?degree ?component ?community ?type WHERE {
          ?c bb:centralityOf ?e ; bb:pageRank ?pagerank ; bb:degree ?degree .
          ?e a ?type ; rdfs:label ?label ; bb:component ?component ; bb:community ?community .
        } ORDER BY DESC(?pagerank) ?e ?label""")
    assert isinstance(solutions, QuerySolutions)
    ranking: dict[str, dict[str, Any]] = {}
    for solution in solutions:
        entity = solution["e"].value
        row = ranking.get(entity)
        if row is None:  # the first label in order; the other rows give its other types
            row = ranking[entity] = {
                "iri": entity, "label": solution["label"].value, "pagerank": float(solution["pagerank"].value),
                "degree": int(solution["degree"].value), "component": solution["component"].value,
                "community": solution["community"].value, "types": set()}
        row["types"].add(solution["type"].value)
    return list(ranking.values())


# Read from the whole store, and asked for by every /api/central: a build saves them (store/derived.py).
CENTRAL_RANKING = DerivedValue(read_ranking, "central-ranking", saved_as="central-ranking.pickle",
                               refresh_seconds=SAVED_REFRESH_SECONDS)
GRAPH_SOFTWARE = DerivedValue(read_graph_software, "graph-software", saved_as="graph-software.pickle",
                              refresh_seconds=SAVED_REFRESH_SECONDS)


def central_entities(store: Store, entity_type: str | None, limit: int) -> list[dict[str, Any]]:
    """The `limit` entities of the highest PageRank, optionally of one type in ENTITY_TYPES."""
    wanted = checked_entity_type(entity_type)
    ranking = CENTRAL_RANKING.get(store)
    assert ranking is not None  # read at once for a store not asked before
    rows = (r for r in ranking if not wanted or BB + wanted in r["types"])
    return [{k: v for k, v in r.items() if k != "types"} for r in itertools.islice(rows, limit)]
