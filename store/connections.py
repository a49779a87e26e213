"""Answering "how are these people connected?": what the API's and the CLI's connection lookups return, from
the shared organizations (shared.py), the graph stage's measures (measures.py), the paths through
organizations (paths.py) and the chains of shared seasons (seasons.py)."""

from __future__ import annotations

from typing import Any

from pyoxigraph import Store

from store import seasons
from store.measures import graph_measures
from store.names import Entity
from store.paths import shortest_paths
from store.shared import shared_among

def connection(store: Store, a: Entity, b: Entity, max_hops: int = 4, links: str = "all", after: int | None = None,
               before: int | None = None, chains: int = 1) -> dict[str, Any]:
    """The answer of /api/connections for two people: shared organizations (SharedOrganization.as_dict, as for
    several people), each side's graph measures, whether they are connected, the shortest paths through
    organizations, and the shortest chains of people who shared a season or an event (store/seasons.py; `links`,
    `after`, `before` and `chains` as seasons.chains takes them)."""
    organizations = [s.as_dict() for s in shared_among(store, [a, b])]  # the one shape, as with `among`
    sides = [{"iri": e.iri, "label": e.label, **graph_measures(store, e.iri),
              "chain_measures": seasons.chain_measures(store, e.iri)} for e in (a, b)]
    # GraphFrames' components follow the same edges as the path search: different components, no path.
    connected = sides[0]["component"] is not None and sides[0]["component"] == sides[1]["component"]
    return {"from": sides[0], "to": sides[1], "connected": connected, "shared_organizations": organizations,
            "paths": shortest_paths(store, a.iri, b.iri, max_hops) if connected else [],
            "chains": seasons.chains(store, a.iri, b.iri, links, after, before, chains)}


def chains_among(store: Store, people: list[Entity], links: str = "all", after: int | None = None,
                 before: int | None = None, chains: int = 1) -> list[dict[str, Any]]:
    """For each pair of `people`, in the order named, the shortest chains between them (seasons.chains)."""
    return [{"people": [a.iri, b.iri], "chains": seasons.chains(store, a.iri, b.iri, links, after, before, chains)}
            for i, a in enumerate(people) for b in people[i + 1:]]
