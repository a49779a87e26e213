"""Chains of teammates: who was with whom, in which season, from the record's team-seasons and the articles'
dated memberships and events, read once per store into memory and searched there.

The network is bipartite. A person is linked to a *season* (a club in a year) when the record has them on its
team-season (bb:RecordSeason), or when an article dates their membership of the club, or of one of its
affiliates, to that year (an article's interval, each year from its beginning to its end; a membership whose
article states no year gives no season: no year is better than a wrong year). Two people are also linked
through an *event* an article dates and names them both in ("in 2015, Backman received a written reprimand
from Alderson"). Two people one season or event apart shared it: a chain is the shortest way from one person
to another, and each link says where it comes from, with the record's team-season or the article's quote.

Reading the store's index for every step of a search would cost a lookup per neighbour (the record has
112,000 player-seasons); the network is read with a few scans of the index instead, once per store object
(a build never changes; a new build or an update gives a new Store, and the network is read again).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from pyoxigraph import NamedNode, Store

from store import index
from store.derived import SAVED_REFRESH_SECONDS, DerivedValue
from vocab import namespaces
from vocab.errors import UserError

BB = namespaces.BB
ORG, TIME, PROV_DERIVED = namespaces.ORG, namespaces.TIME, namespaces.PROV_DERIVED

RECORD, ARTICLES = 1, 2  # where a link comes from, as bits: a person's season may be in both
SOURCES = {"all": RECORD | ARTICLES, "record": RECORD, "articles": ARTICLES}
SOURCE_NAMES = {RECORD: "record", ARTICLES: "articles"}
# An article's interval longer than this many years is not spread over seasons: a sentence dates a tenure of a
# few years ("managed them from 2011 to 2017"), and a longer span is more likely two claims read as one.
MAX_SPAN_YEARS = 40
MAX_CHAIN_LINKS = 12  # a chain of at most this many links; the record's people are rarely more than 7 apart
KEPT_GRAPHS = 8  # adjacencies kept per network, one per choice of links and years asked lately
SEASON = "season:"  # a season node: SEASON + club IRI + " " + year


class UnknownSourceError(UserError, ValueError):
    """The kind of link asked for is not one of SOURCES."""


def checked_source(source: str | None) -> str:
    """`source` once it is one of SOURCES ("all" when None); UnknownSourceError otherwise."""
    source = source or "all"
    if source not in SOURCES:
        raise UnknownSourceError(f"unknown source {source!r}; use one of {', '.join(SOURCES)}")
    return source


@dataclass
class Network:
    """People and the seasons and events they were part of, with each link's year and sources: gathered as
    the store is read (`link`), then `compile`d into arrays that a search walks in numpy."""
    links: dict[tuple[str, str], int] = field(default_factory=dict)  # (person, node) -> source bits
    year_of: dict[str, int] = field(default_factory=dict)  # node -> its year
    # (person, node) -> how they are linked: (membership, interval) or (event, "") pairs, for the evidence.
    grounds: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)  # vertex number -> person IRI or node key, sorted
    number: dict[str, int] = field(default_factory=dict)
    ends: Any = None  # numpy arrays, one entry per link: person vertex, node vertex, source bits, year
    _graphs: OrderedDict[tuple[int, int | None, int | None], Any] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __getstate__(self) -> dict[str, Any]:
        """What a build saves (store/derived.py): the links, without the adjacencies kept or the lock."""
        return {name: value for name, value in self.__dict__.items() if name not in ("_graphs", "_lock")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _graphs=OrderedDict(), _lock=threading.Lock())

    def link(self, person: str, node: str, year: int, source: int, ground: tuple[str, str]) -> None:
        self.year_of[node] = year
        self.links[(person, node)] = self.links.get((person, node), 0) | source
        self.grounds.setdefault((person, node), []).append(ground)

    def compile(self) -> Network:
        """Number the vertices in the order of their names (so that searches list chains in a stable order)
        and keep the links as arrays."""
        self.names = sorted({p for p, _ in self.links} | set(self.year_of))
        self.number = {name: i for i, name in enumerate(self.names)}
        pairs = sorted(self.links.items())
        self.ends = (np.array([self.number[p] for (p, _), _ in pairs], dtype=np.int64),
                     np.array([self.number[n] for (_, n), _ in pairs], dtype=np.int64),
                     np.array([bits for _, bits in pairs], dtype=np.int64),
                     np.array([self.year_of[n] for (_, n), _ in pairs], dtype=np.int64))
        return self

    def sources(self, person: str, node: str) -> int:
        return self.links.get((person, node), 0)

    def graph(self, source: int, after: int | None, before: int | None) -> tuple[Any, Any]:
        """The adjacency (indptr, neighbours, both directions, each vertex's neighbours in order) over links of
        `source` (bits) in seasons from `after` to `before`; the last few asked are kept."""
        key = (source, after, before)
        with self._lock:
            if key in self._graphs:
                self._graphs.move_to_end(key)
                return self._graphs[key]
        person, node, bits, year = self.ends
        kept = (bits & source) != 0
        if after is not None:
            kept &= year >= after
        if before is not None:
            kept &= year <= before
        src = np.concatenate([person[kept], node[kept]])
        dst = np.concatenate([node[kept], person[kept]])
        order = np.lexsort((dst, src))
        indptr = np.zeros(len(self.names) + 1, dtype=np.int64)
        np.cumsum(np.bincount(src, minlength=len(self.names)), out=indptr[1:])
        adjacency = (indptr, dst[order])
        with self._lock:
            self._graphs[key] = adjacency
            while len(self._graphs) > KEPT_GRAPHS:
                self._graphs.popitem(last=False)
        return adjacency


def neighbours_of(indptr: Any, neighbours: Any, vertices: Any) -> Any:
    """Every neighbour of each of `vertices`, concatenated (a CSR gather in numpy)."""
    starts, stops = indptr[vertices], indptr[vertices + 1]
    counts = stops - starts
    if not counts.sum():
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(starts - np.cumsum(counts) + counts, counts)
    return neighbours[offsets + np.arange(counts.sum())]


def _distances(indptr: Any, neighbours: Any, source: int, target: int, max_levels: int) -> Any:
    """Breadth-first distances from `source` (-1: not reached), level by level until `target` is reached."""
    distance = np.full(len(indptr) - 1, -1, dtype=np.int64)
    distance[source] = 0
    frontier = np.array([source], dtype=np.int64)
    for level in range(1, max_levels + 1):
        if distance[target] >= 0 or not len(frontier):
            break
        reached = neighbours_of(indptr, neighbours, frontier)
        frontier = np.unique(reached[distance[reached] < 0])
        distance[frontier] = level
    return distance


def _shortest(indptr: Any, neighbours: Any, distance: Any, source: int, target: int,
              limit: int) -> list[list[int]]:
    """At most `limit` shortest paths from `source` to `target`, walked back from `target` through vertices one
    step nearer `source` each, in vertex order."""
    found: list[list[int]] = []

    def back(path: list[int]) -> None:
        vertex = path[-1]
        if vertex == source:
            found.append(path[::-1])
            return
        for previous in neighbours[indptr[vertex]:indptr[vertex + 1]]:
            if len(found) == limit:
                return
            if distance[previous] == distance[vertex] - 1:
                back(path + [int(previous)])

    if distance[target] >= 0:
        back([target])
    return found


def _year(store: Store, interval: Any, bound: str) -> int | None:
    """The year of an interval's beginning or end (`bound`: hasBeginning, hasEnd), if stated."""
    instant = index.first(store, interval, NamedNode(TIME + bound))
    year = index.first(store, instant, NamedNode(TIME + "inXSDgYear")) if instant is not None else None
    return _whole_number(year) if year is not None else None


def _article_years(store: Store, interval: Any) -> range:
    start, end = _year(store, interval, "hasBeginning"), _year(store, interval, "hasEnd")
    start, end = (start if start is not None else end), (end if end is not None else start)
    if start is None or end is None or not 0 <= end - start <= MAX_SPAN_YEARS:
        return range(0)
    return range(start, end + 1)


def read_network(store: Store) -> Network:
    """The network of a store: its record seasons, its articles' dated memberships and its two-person events."""
    network = Network()
    club_of = {ts.value: club.value for ts, club in index.pairs(store, NamedNode(BB + "club"))}
    seasons = index.pairs(store, NamedNode(BB + "season"))
    year_of = {ts.value: year for ts, year in ((ts, _whole_number(y)) for ts, y in seasons)
               if ts.value in club_of and year is not None}
    team_season = {interval.value: ts.value for interval, ts in index.pairs(store, NamedNode(BB + "teamSeason"))}
    member = {m.value: p.value for m, p in index.pairs(store, NamedNode(BB + "member"))}
    parents = _dated_parents(store)
    for m, interval in index.pairs(store, NamedNode(ORG + "memberDuring")):
        person = member.get(m.value)
        if person is None:
            continue
        ts = team_season.get(interval.value)
        if ts is not None:
            if ts in year_of:
                network.link(person, f"{SEASON}{club_of[ts]} {year_of[ts]}", year_of[ts], RECORD,
                             (m.value, interval.value))
            continue
        years = _article_years(store, interval)
        if not years:
            continue
        for club in index.objects(store, m, NamedNode(BB + "organization")):
            for year in years:
                # An affiliate's year is its parent's too, in the years the reference dates the affiliation.
                parents_then = [parent for parent, first, last in parents.get(club.value, ())
                                if first <= year and (last is None or year <= last)]
                for organization in (club.value, *parents_then):
                    network.link(person, f"{SEASON}{organization} {year}", year, ARTICLES, (m.value, interval.value))
    for event, other in index.pairs(store, NamedNode(BB + "object")):
        if not isinstance(other, NamedNode) or not _is_person(store, other):
            continue  # an event with a club or an award as its object links no two people
        subjects = index.objects(store, event, NamedNode(BB + "person"))
        stated = index.objects(store, event, NamedNode(BB + "year"))
        event_year = min((y for y in map(_whole_number, stated) if y is not None), default=None)
        if subjects and event_year is not None:
            for who in (min(p.value for p in subjects), other.value):
                network.link(who, event.value, event_year, ARTICLES, (event.value, ""))
    return network.compile()


def _whole_number(term: Any) -> int | None:
    try:
        return int(term.value)
    except (AttributeError, ValueError):
        return None


def _dated_parents(store: Store) -> dict[str, list[tuple[str, int, int | None]]]:
    """Each affiliated team's parent clubs with the first and last year of the affiliation (None: still), for the
    affiliations the reference dates; an undated one, or a league's, rolls nothing up."""
    dated: dict[str, list[tuple[str, int, int | None]]] = {}
    for team, parent in index.pairs(store, NamedNode(BB + "affiliateOf")):
        if not (isinstance(team, NamedNode) and index.has(store, team, NamedNode(namespaces.RDF_TYPE),
                                                          NamedNode(BB + "Team"))):
            continue
        first = [_whole_number(y) for y in index.objects(store, team, NamedNode(BB + "affiliatedFrom"))]
        last = [_whole_number(y) for y in index.objects(store, team, NamedNode(BB + "affiliatedUntil"))]
        if first and first[0] is not None:
            dated.setdefault(team.value, []).append((parent.value, first[0], last[0] if last else None))
    return dated


def _is_person(store: Store, node: NamedNode) -> bool:
    return index.has(store, node, NamedNode(namespaces.RDF_TYPE), NamedNode(BB + "Person"))


CHAIN_NETWORK = DerivedValue(read_network, "chain-network", saved_as="chain-network.pickle",
                             refresh_seconds=SAVED_REFRESH_SECONDS)


def network_of(store: Store) -> Network:
    """The store's network, as its build saved it or read on first use (a server's query process reads it when
    it opens the store)."""
    network = CHAIN_NETWORK.get(store)
    assert network is not None  # read at once for a store not asked before
    return network


def chains(store: Store, source: str, target: str, links: str = "all", after: int | None = None,
           before: int | None = None, limit: int = 1, max_links: int = MAX_CHAIN_LINKS) -> list[dict[str, Any]]:
    """At most `limit` shortest chains from person `source` to person `target`, each a list of links (one person
    to the next, the season or event they shared, and its evidence); [] when no chain of at most `max_links`
    links joins them over links of `links` (SOURCES) in seasons from `after` to `before`."""
    network = network_of(store)
    bits = SOURCES[checked_source(links)]
    if source not in network.number or target not in network.number or source == target:
        return []  # no chain joins a person to himself
    indptr, neighbours = network.graph(bits, after, before)
    start, end = network.number[source], network.number[target]
    distance = _distances(indptr, neighbours, start, end, 2 * max_links)
    labels: dict[str, str] = {}

    def entity(iri: str) -> dict[str, str]:
        if iri not in labels:
            labels[iri] = index.label(store, NamedNode(iri)) or iri
        return {"iri": iri, "label": labels[iri]}

    found = [[network.names[v] for v in path] for path in _shortest(indptr, neighbours, distance, start, end, limit)]
    return [{"links": [_link(store, network, path[i], path[i + 1], path[i + 2], bits, entity)
                       for i in range(0, len(path) - 1, 2)]} for path in found]


def _link(store: Store, network: Network, person: str, node: str, other: str, bits: int,
          entity: Any) -> dict[str, Any]:
    """One link of a chain: the two people, what they shared (a club's season or an event) and the evidence."""
    # Each side may be there by a source of its own (a player by the record, his manager by an article).
    sources = (network.sources(person, node) | network.sources(other, node)) & bits
    link: dict[str, Any] = {"from": entity(person), "to": entity(other), "season": network.year_of[node],
                            "sources": [name for bit, name in sorted(SOURCE_NAMES.items()) if sources & bit]}
    if node.startswith(SEASON):
        link["club"] = entity(node[len(SEASON):].rsplit(" ", 1)[0])
    else:  # an event, named by what happened ("reprimanded")
        link["event"] = {"iri": node, "label": _text(store, NamedNode(node), BB + "relation") or node}
    link["evidence"] = [item for who in (person, other) for item in _evidence(store, network, who, node, bits)]
    return link


def _text(store: Store, node: Any, predicate: str) -> str | None:
    found = index.objects(store, node, NamedNode(predicate))
    return min(t.value for t in found) if found else None


def _first(store: Store, node: Any, predicate: str) -> NamedNode | None:
    """The node's first object of `predicate` (index.first), when it is an IRI."""
    found = index.first(store, node, NamedNode(predicate))
    return found if isinstance(found, NamedNode) else None


def _sorted_objects(store: Store, node: Any, predicate: str) -> list[NamedNode]:
    found = [t for t in index.objects(store, node, NamedNode(predicate)) if isinstance(t, NamedNode)]
    return sorted(found, key=lambda t: t.value)


def _evidence(store: Store, network: Network, person: str, node: str, bits: int) -> list[dict[str, Any]]:
    """Why `person` is in the season or event: the record's team-season (role, games) or an article's quote."""
    found: list[dict[str, Any]] = []
    for first, second in sorted(set(network.grounds[(person, node)])):
        first_node = NamedNode(first)
        if not second:  # an event: the sentence that states it
            for sentence in _sorted_objects(store, first_node, BB + "evidence"):
                found.append(_quote(store, person, sentence, {"event": _text(store, first_node, BB + "relation")}))
            continue
        interval = NamedNode(second)
        role_node = _first(store, first_node, BB + "role")
        role = (index.label(store, role_node) or role_node.value) if role_node else None
        team_season = _first(store, interval, BB + "teamSeason")
        if team_season is not None and bits & RECORD:
            games = _text(store, interval, BB + "games")
            found.append({"person": person, "source": "record", "role": role,
                          "team_season": {"iri": team_season.value, "label": index.label(store, team_season)},
                          "games": int(games) if games else None})
        elif team_season is None and bits & ARTICLES:
            organization = _first(store, first_node, BB + "organization")
            via = {"iri": organization.value, "label": index.label(store, organization)} if organization else None
            for sentence in _sorted_objects(store, interval, BB + "evidence"):
                found.append(_quote(store, person, sentence, {"role": role, "organization": via}))
    return found


def _quote(store: Store, person: str, sentence: Any, details: dict[str, Any]) -> dict[str, Any]:
    article = _first(store, sentence, PROV_DERIVED)
    file_name = _text(store, article, BB + "fileName") if article else None
    quote = _text(store, sentence, BB + "quote")
    return {"person": person, "source": "articles", **details, "article": file_name, "quote": quote}


def chain_measures(store: Store, person: str) -> dict[str, Any]:
    """What the graph stage computed about a person in the chain network (graph/seasons.py): teammates, PageRank,
    component, and the links to each landmark; None and [] where it computed nothing."""
    node = NamedNode(person)
    measures = min(index.subjects(store, NamedNode(BB + "measuresOf"), node), key=str, default=None)
    teammates = _text(store, measures, BB + "teammates") if measures else None
    pagerank = _text(store, measures, BB + "chainPageRank") if measures else None
    component = index.objects(store, node, NamedNode(BB + "chainComponent"))
    landmarks = []
    for distance in index.subjects(store, NamedNode(BB + "distanceOf"), node):
        landmark = _first(store, distance, BB + "landmark")
        links = _text(store, distance, BB + "links")
        if landmark is not None and links is not None:
            landmarks.append({"iri": landmark.value, "label": index.label(store, landmark), "links": int(links)})
    return {"teammates": int(teammates) if teammates else None, "pagerank": float(pagerank) if pagerank else None,
            "component": min(c.value for c in component) if component else None,
            "landmarks": sorted(landmarks, key=lambda item: (item["label"], item["iri"]))}

