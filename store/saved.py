"""The values read from the whole store that a build saves beside its database (store/derived.py), and that a
server's query processes load as they open it: what the connection, centrality, club and name lookups read."""

from __future__ import annotations

from typing import Any

from pyoxigraph import Store

from store import seasons
from store.derived import DerivedValue
from store.entities import MANAGERS
from store.measures import CENTRAL_RANKING, GRAPH_SOFTWARE
from store.names import NAME_TABLE
from store.paths import MEMBERSHIP_GRAPH

SAVED_VALUES: tuple[DerivedValue[Any], ...] = (seasons.CHAIN_NETWORK, MEMBERSHIP_GRAPH, CENTRAL_RANKING,
                                                GRAPH_SOFTWARE, MANAGERS, NAME_TABLE)


def preload(store: Store) -> None:
    """Load or read SAVED_VALUES for `store` now, rather than in the first lookup that reads one."""
    for value in SAVED_VALUES:
        value.get(store)
