"""Answering "how are these people connected?" from the store, where the graph stage left its results."""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pyoxigraph import Literal, NamedNode, QuerySolutions, Store, Variable

from vocab.errors import NotFoundError, UserError
from vocab import iris, namespaces
from vocab.namespaces import PREFIXES
from store import index
from store import paths as paths_module
from store import seasons
from store.select import Term, select_rows


class UnknownEntityError(NotFoundError):
    """No entity in the graph has that name, alias or IRI."""


class AmbiguousEntityError(UserError, LookupError):
    """Several entities answer to the same name."""

    def __init__(self, name: str, candidates: list[dict[str, str]]) -> None:
        labels = ", ".join(f"{c['label']} <{c['iri']}>" for c in candidates)
        super().__init__(f"{name!r} names several entities: {labels}; use a fuller name or the IRI")
        self.candidates = candidates


@dataclass
class Entity:
    iri: str
    label: str


@dataclass
class SharedOrganization:
    iri: str
    label: str
    computed_by: str
    roles: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # person IRI -> roles
    overlap: dict[str, int] | None = None  # years every side was with it
    pairs: list[dict[str, Any]] = field(default_factory=list)  # each pair of people: who computed the link

    def as_dict(self) -> dict[str, Any]:
        """The one shape of a shared organization that the API and the CLI give: people by IRI, never by label
        (two people may share a name)."""
        return {"iri": self.iri, "label": self.label, "computed_by": self.computed_by, "overlap": self.overlap,
                "roles": self.roles, "pairs": self.pairs}


BB = namespaces.BB
RDFS_LABEL = NamedNode(namespaces.RDFS_LABEL)
RDF_TYPE_NODE = NamedNode(namespaces.RDF_TYPE)
BB_MEMBER = NamedNode(BB + "member")
BB_ORGANIZATION = NamedNode(BB + "organization")
BB_AFFILIATE_OF = NamedNode(BB + "affiliateOf")
# The classes an entity lookup may be narrowed to: a closed list, checked before any query is made.
ENTITY_TYPES = ("Person", "Organization", "Team", "League", "MediaOrganization", "Award")


class UnknownEntityTypeError(UserError, ValueError):
    """The entity type asked for is not one of ENTITY_TYPES."""


def checked_entity_type(entity_type: str | None) -> str | None:
    """`entity_type` once it is one of ENTITY_TYPES (or None); UnknownEntityTypeError otherwise."""
    if entity_type is not None and entity_type not in ENTITY_TYPES:
        raise UnknownEntityTypeError(f"unknown entity type {entity_type!r}; use one of {', '.join(ENTITY_TYPES)}")
    return entity_type


def _select(store: Store, query: str, **bindings: Term) -> list[dict[str, str]]:
    """Rows of one of this module's fixed queries; outside values come in only as bound terms."""
    return select_rows(store, PREFIXES + query, bindings)


def is_iri_name(name: str) -> bool:
    """Whether a name given for an entity is meant as its IRI."""
    return name.startswith(("http://", "https://"))


# The ways a name finds an entity, each a scan of one kind of name that binds ?e: run one by one, since joined
# in one query the optimizer reads every entity's type first (10 s at 10,000 articles, against 0.1 s).
_NAME_MATCHES = (
    "?e rdfs:label ?label FILTER(LCASE(STR(?label)) = ?needle || STRENDS(LCASE(STR(?label)), ?endsWith))",
    "?e bb:alias ?alias FILTER(LCASE(STR(?alias)) = ?needle)",
    "?e skos:altLabel ?written FILTER(LCASE(STR(?written)) = ?needle)",
    "?e bb:databankId ?id FILTER(LCASE(STR(?id)) = ?needle)",  # the record's id (backmwa01)
)


def described_entities(store: Store, iris: set[str], entity_type: str | None = None) -> list[dict[str, str]]:
    """Each entity (iri, label, type: its bbkg class) that has a label and a bbkg class (`entity_type`, one of
    ENTITY_TYPES, if given), by label then IRI; read from the quad index."""
    wanted = checked_entity_type(entity_type)
    found = []
    for iri in iris:
        node = NamedNode(iri)
        classes = sorted(t.value[len(BB):] for t in index.objects(store, node, RDF_TYPE_NODE)
                         if isinstance(t, NamedNode) and t.value.startswith(BB))
        label = index.label(store, node)
        if classes and label and (wanted is None or wanted in classes):
            found.append({"iri": iri, "label": label, "type": wanted or classes[0]})
    return sorted(found, key=lambda e: (e["label"], e["iri"]))


def find_entities(store: Store, name: str, entity_type: str | None = None) -> list[dict[str, Any]]:
    """Entities whose label, alias or any name an article writes for them (skos:altLabel) is `name` (any case),
    whose surname is `name`, whose record id it is, or whose IRI it is.

    Raises ValueError for an IRI that is not one, UnknownEntityTypeError for a type not in ENTITY_TYPES.
    """
    needle = name.strip().lower()
    matched: set[str] = set()
    for match in _NAME_MATCHES:
        rows = _select(store, f"SELECT DISTINCT ?e ?needle ?endsWith WHERE {{ {match} }}",
                       needle=Literal(needle), endsWith=Literal(" " + needle))
        matched |= {r["e"] for r in rows}
    if is_iri_name(name):
        matched.add(NamedNode(name).value)
    return described_entities(store, matched, entity_type)


def _exactly_named(store: Store, name: str, entity_type: str | None) -> list[dict[str, str]]:
    """Entities whose label is `name` as written, or whose IRI it is: index lookups, no scan of all labels."""
    if is_iri_name(name):
        return described_entities(store, {NamedNode(name).value}, entity_type)
    labelled = index.subjects(store, RDFS_LABEL, Literal(name.strip()))
    return described_entities(store, {e.value for e in labelled if isinstance(e, NamedNode)}, entity_type)


def resolve_entity(store: Store, name: str, entity_type: str | None = None) -> Entity:
    """The one entity `name` stands for; an exact label beats a surname match."""
    exact = _exactly_named(store, name, entity_type)
    if len(exact) == 1:  # the common case, answered without comparing every label in the graph
        return Entity(exact[0]["iri"], exact[0]["label"])
    candidates = find_entities(store, name, entity_type)
    if not candidates:
        raise UnknownEntityError(f"no {entity_type or 'entity'} named {name!r} in the graph; "
                                 "try a full name as the articles write it, or an IRI")
    exact = [c for c in candidates if c["label"].lower() == name.strip().lower() or c["iri"] == name]
    if len(exact) == 1:
        candidates = exact
    if len(candidates) > 1:
        raise AmbiguousEntityError(name, candidates)
    return Entity(candidates[0]["iri"], candidates[0]["label"])


# These lookups read Oxigraph's quad index in the default graph (the union the build materializes) directly:
# the same patterns as SPARQL let the optimizer scan every label or every bb:SharedOrganization first
# (0.5-1 s each on 3.4M quads, against well under a millisecond here).

def _organizations_of(store: Store, person: str) -> dict[str, str]:
    """Every organization a person belonged to, directly or through an affiliate, that has a label: IRI -> label."""
    memberships = index.subjects(store, BB_MEMBER, NamedNode(person))
    teams = {team for m in memberships for team in index.objects(store, m, BB_ORGANIZATION)}
    organizations = teams | {parent for team in teams for parent in index.objects(store, team, BB_AFFILIATE_OF)}
    labelled = {org.value: index.label(store, org) for org in organizations if isinstance(org, NamedNode)}
    return {org: label for org, label in labelled.items() if label}


def _computed_pair(store: Store, a: str, b: str, org: str) -> dict[str, str] | None:
    """The graph stage's bb:SharedOrganization of two people at `org` (software, overlap), if it made one: its
    IRI follows from theirs (vocab/iris.py), so it is one index lookup."""
    base = a[:a.rfind(iris.PERSON)]
    person, other, organization = (iris.local_part(x, base) for x in (a, b, org))
    if person is None or other is None or organization is None:
        return None  # not IRIs the build minted: the graph stage computed nothing about them
    node = NamedNode(base + iris.connection_path(person, other, organization))
    values = {name: index.objects(store, node, NamedNode(BB + predicate)) for name, predicate in (
        ("software", "computedBy"), ("start", "overlapStart"), ("end", "overlapEnd"))}
    if not all(values.values()):
        return None
    return {name: min(term.value for term in terms) for name, terms in values.items()}


Span = tuple[int | None, int | None]  # a role's first and last stated year, each None when no article gives it


def _spans_with(store: Store, person: str, org: str) -> dict[tuple[str, str], Span]:
    """The years of each of a person's roles in the organization or one of its affiliates, by (team, role):
    the earliest beginning and the latest end the articles state (org:memberDuring)."""
    rows = _select(store, """
        SELECT ?team ?role ?bound ?year ?person ?org WHERE {
          ?m bb:member ?person ; bb:organization ?team ; bb:role ?role ; org:memberDuring ?interval .
          { ?interval time:hasBeginning ?instant BIND("start" AS ?bound) }
          UNION { ?interval time:hasEnd ?instant BIND("end" AS ?bound) }
          ?instant time:inXSDgYear ?year .
          FILTER(?team = ?org || EXISTS { ?team bb:affiliateOf ?org })
        }""", person=NamedNode(person), org=NamedNode(org))
    starts: dict[tuple[str, str], list[int]] = {}
    ends: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        (starts if r["bound"] == "start" else ends).setdefault((r["team"], r["role"]), []).append(int(r["year"]))
    return {key: (min(starts.get(key, []), default=None), max(ends.get(key, []), default=None))
            for key in starts.keys() | ends.keys()}


def _system_spans(spans: dict[tuple[str, str], Span]) -> list[Span]:
    """Each role's span in the organization's whole system (the club and its affiliates), as the graph
    stage computes it: a manager of the farm team in 2010 and of the club until 2016 managed there 2010-2016."""
    by_role: dict[str, list[Span]] = {}
    for (_, role), span in spans.items():
        by_role.setdefault(role, []).append(span)
    return [(min((s for s, _ in found if s is not None), default=None),
             max((e for _, e in found if e is not None), default=None)) for found in by_role.values()]


def roles_in(store: Store, person: str, org: str,
             spans: dict[tuple[str, str], Span] | None = None) -> list[dict[str, Any]]:
    """A person's roles in an organization, directly or via an affiliate, each with its own years and evidence.

    `spans` is _spans_with(store, person, org) when the caller has it already.
    """
    rows = _select(store, """
        SELECT ?role ?roleLabel ?team ?teamLabel ?quote ?file ?person ?org WHERE {
          ?m bb:member ?person ; bb:role ?role ; bb:organization ?team ; bb:evidence ?ev .
          ?role rdfs:label ?roleLabel .
          ?team rdfs:label ?teamLabel .
          ?ev bb:quote ?quote ; prov:wasDerivedFrom ?article .
          ?article bb:fileName ?file .
          FILTER(?team = ?org || EXISTS { ?team bb:affiliateOf ?org })
        } ORDER BY ?roleLabel ?teamLabel ?file ?quote""", person=NamedNode(person), org=NamedNode(org))
    spans = _spans_with(store, person, org) if spans is None else spans
    roles: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        via = None if r["team"] == org else {"iri": r["team"], "label": r["teamLabel"]}
        start, end = spans.get((r["team"], r["role"]), (None, None))
        entry = roles.setdefault((r["role"], r["team"]), {
            "role": r["roleLabel"], "start": start, "end": end, "via": via, "evidence": []})
        evidence = {"article": r["file"], "quote": r["quote"]}
        if evidence not in entry["evidence"]:
            entry["evidence"].append(evidence)
    return list(roles.values())


def _overlap(sides: list[list[Span]]) -> dict[str, int] | None:
    """The years every side was with the organization at once, as {start, end}: over each choice of one role
    span per side whose bounds are all stated, the intersection of the spans, and of those that meet, the
    earliest start and the latest end (as the graph stage's motif computes it); None when no choice meets."""
    overlaps = []
    for choice in itertools.product(*sides):
        if all(start is not None and end is not None for start, end in choice):
            start = max(s for s, _ in choice if s is not None)
            end = min(e for _, e in choice if e is not None)
            if start <= end:
                overlaps.append((start, end))
    if not sides or not overlaps:
        return None
    return {"start": min(s for s, _ in overlaps), "end": max(e for _, e in overlaps)}


STORE_QUERY = "store query"


def _pair_links(store: Store, people: list[str], org: str, spans: dict[str, list[Span]]) -> list[dict[str, Any]]:
    """For each pair of people, who linked them through `org` and the years they overlapped there: the
    graph stage's GraphFrames result where it made one (their years overlap), else this store query."""
    pairs = []
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            computed = _computed_pair(store, a, b, org)
            if computed:
                overlap: dict[str, int] | None = {"start": int(computed["start"]), "end": int(computed["end"])}
            else:
                overlap = _overlap([spans[a], spans[b]])
            pairs.append({"people": [a, b], "computed_by": computed["software"] if computed else STORE_QUERY,
                          "overlap": overlap})
    return pairs


def shared_among(store: Store, people: list[Entity]) -> list[SharedOrganization]:
    """Organizations all of `people` belonged to, with each one's roles, years and evidence.

    Read from the memberships in the store, so any people can be asked about. `pairs` says for each pair of
    them whether GraphFrames linked them at overlapping times (the graph stage) or this query did (no
    overlapping years stated); `computed_by` sums that up. The overlap is the years all of them were there.
    """
    if len(people) < 2:
        raise UserError("name at least two people to connect")
    people_iris = [p.iri for p in people]
    per_person = [_organizations_of(store, iri) for iri in people_iris]
    common = {org: label for org, label in per_person[0].items() if all(org in other for other in per_person[1:])}
    result = []
    for org, label in sorted(common.items(), key=lambda kv: kv[1]):
        shared = SharedOrganization(org, label, STORE_QUERY)
        system_spans = {}
        for iri in people_iris:
            spans = _spans_with(store, iri, org)
            shared.roles[iri] = roles_in(store, iri, org, spans)
            system_spans[iri] = _system_spans(spans)
        shared.pairs = _pair_links(store, people_iris, org, system_spans)
        shared.computed_by = ", ".join(sorted({p["computed_by"] for p in shared.pairs}))
        # Two people: the overlap of their one pair, as GraphFrames computed it where it did.
        shared.overlap = shared.pairs[0]["overlap"] if len(people_iris) == 2 else _overlap(list(system_spans.values()))
        result.append(shared)
    return result


def chains_among(store: Store, people: list[Entity], links: str = "all", after: int | None = None,
                 before: int | None = None, chains: int = 1) -> list[dict[str, Any]]:
    """For each pair of `people`, in the order named, the shortest chains between them (seasons.chains)."""
    return [{"people": [a.iri, b.iri], "chains": seasons.chains(store, a.iri, b.iri, links, after, before, chains)}
            for i, a in enumerate(people) for b in people[i + 1:]]


def graph_measures(store: Store, entity: str) -> dict[str, Any]:
    """What the graph stage computed about one entity: component, community, PageRank and degree (None
    where it computed nothing, e.g. for an entity outside the graph of memberships)."""
    node = NamedNode(entity)

    def value(subject: Any, predicate: str) -> Any:
        found = index.objects(store, subject, NamedNode(BB + predicate))
        return min(found, key=str) if found else None

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
    rows = _select(store, """SELECT DISTINCT ?label WHERE {
        ?act a bb:Computation ; prov:wasAssociatedWith/rdfs:label ?label
        FILTER EXISTS { ?c prov:wasGeneratedBy ?act ; a bb:Centrality } } ORDER BY ?label""")
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


MAX_PATHS = 5


_MEMBERS_OF = PREFIXES + "SELECT ?person ?org WHERE { ?m bb:organization ?org ; bb:member ?person }"


class _NeighbourMemo:
    """Each node's neighbours as read from one store, kept while that store is the one asked (a build never
    changes; a new build or an update gives a new Store object, and the memo starts again).

    Clubs are the graph's hubs: nearly every path search reads some club's members, a query that looks up a
    hundred or more memberships in the index (5 ms at 10,000 articles), and the same few dozen clubs come back
    request after request.
    """

    def __init__(self, max_nodes: int = 4096) -> None:
        self.max_nodes = max_nodes
        self._store: Store | None = None
        self._neighbours: OrderedDict[str, list[tuple[NamedNode, str]]] = OrderedDict()
        # The shared process's threads search paths at once: a lookup, its move to the end and another thread's
        # eviction must not interleave (move_to_end raised KeyError on a key evicted in between).
        self._lock = threading.Lock()

    def neighbours(self, store: Store, node: NamedNode) -> list[tuple[NamedNode, str]]:
        with self._lock:
            if store is not self._store:
                self._store, self._neighbours = store, OrderedDict()
            found = self._neighbours.get(node.value)
            if found is not None:
                self._neighbours.move_to_end(node.value)
                return found
        found = _read_neighbours(store, node)  # outside the lock: the other threads' lookups go on meanwhile
        with self._lock:
            if store is self._store:
                self._neighbours[node.value] = found
                self._neighbours.move_to_end(node.value)
                while len(self._neighbours) > self.max_nodes:
                    self._neighbours.popitem(last=False)
        return found


_memo = _NeighbourMemo()


def _neighbours(store: Store, node: NamedNode) -> list[tuple[NamedNode, str]]:
    """Entities one edge from `node`, with the word shown for the edge: memberships and affiliations, both ways."""
    return _memo.neighbours(store, node)


def _read_neighbours(store: Store, node: NamedNode) -> list[tuple[NamedNode, str]]:
    """`node`'s neighbours read from Oxigraph's quad index in the default graph (the union the build
    materializes): no query text."""
    found = [(org, "member of")
             for m in index.subjects(store, BB_MEMBER, node) for org in index.objects(store, m, BB_ORGANIZATION)]
    # A club has thousands of members at 10,000 articles: one query reads them all, in Rust, and its terms are
    # taken as they come (no row dictionaries).
    members = store.query(_MEMBERS_OF, substitutions={Variable("org"): node})
    assert isinstance(members, QuerySolutions)
    found += [(solution[0], "has member") for solution in members]
    found += [(parent, "affiliate of") for parent in index.objects(store, node, BB_AFFILIATE_OF)]
    found += [(child, "has affiliate") for child in index.subjects(store, BB_AFFILIATE_OF, node)]
    return [(n, edge) for n, edge in found if isinstance(n, NamedNode)]


def _label(store: Store, node: str) -> str:
    """The node's label, or the IRI itself when it has none."""
    return index.label(store, NamedNode(node)) or node


# Each edge word read the other way: a path found from the target's side is written from the source's.
_INVERSE_EDGE = {"member of": "has member", "has member": "member of",
                 "affiliate of": "has affiliate", "has affiliate": "affiliate of"}


def shortest_paths(store: Store, source: str, target: str, max_hops: int = 4) -> list[list[dict[str, str]]]:
    """Shortest paths between two entities over memberships and affiliations, at most `max_hops` edges long;
    at most MAX_PATHS of them, in a stable order (store/paths.py's search, over the store's index)."""
    def neighbours(node: str) -> list[tuple[str, str]]:
        return [(n.value, edge) for n, edge in _neighbours(store, NamedNode(node))]

    paths = paths_module.shortest(source, target, neighbours, _INVERSE_EDGE, max_hops, MAX_PATHS)
    labels = {n: _label(store, n) for n in sorted({n for path in paths for n in path[::2]})}
    return [[{"iri": step, "label": labels[step]} if i % 2 == 0 else {"predicate": step}
             for i, step in enumerate(path)] for path in paths]
