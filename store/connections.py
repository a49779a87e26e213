"""Answering "how are these people connected?" from the store, where the graph stage left its results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyoxigraph import Literal, NamedNode, Store

from store.select import PREFIXES, select_rows


class UnknownEntityError(LookupError):
    """No entity in the graph has that name, alias or IRI."""


class AmbiguousEntityError(LookupError):
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


def _select(store: Store, query: str) -> list[dict[str, str]]:
    return select_rows(store, PREFIXES + query)


def _entities_matching(store: Store, match: str, entity_type: str | None) -> list[dict[str, str]]:
    """Entities (iri, label, type) for a graph pattern `match` that binds ?e and ?label."""
    type_filter = f"?e a bb:{entity_type} ." if entity_type else ""
    rows = _select(store, f"""
        SELECT DISTINCT ?e ?label ?type WHERE {{
          {match}
          ?e a ?type . FILTER(STRSTARTS(STR(?type), STR(bb:)))
          {type_filter}
        }} ORDER BY ?label ?e""")
    found: dict[str, dict[str, str]] = {}
    for row in rows:
        found.setdefault(row["e"], {"iri": row["e"], "label": row["label"],
                                    "type": row["type"].rsplit("#", 1)[-1]})
    return list(found.values())


def find_entities(store: Store, name: str, entity_type: str | None = None) -> list[dict[str, str]]:
    """Entities whose label or alias is `name` (any case), whose surname is `name`, or whose IRI it is."""
    needle = Literal(name.strip().lower())
    ends_with = Literal(" " + name.strip().lower())
    iri_clause = ""
    if name.startswith(("http://", "https://")):
        iri_clause = f"UNION {{ BIND({NamedNode(name)} AS ?e) ?e rdfs:label ?label }}"
    return _entities_matching(store, f"""
          {{ ?e rdfs:label ?label FILTER(LCASE(STR(?label)) = {needle} || STRENDS(LCASE(STR(?label)), {ends_with})) }}
          UNION {{ ?e bb:alias ?alias ; rdfs:label ?label FILTER(LCASE(STR(?alias)) = {needle}) }}
          {iri_clause}""", entity_type)


def _exactly_named(store: Store, name: str, entity_type: str | None) -> list[dict[str, str]]:
    """Entities whose label is `name` as written, or whose IRI it is: index lookups, no scan of all labels."""
    if name.startswith(("http://", "https://")):
        return _entities_matching(store, f"VALUES ?e {{ {NamedNode(name)} }} ?e rdfs:label ?label .", entity_type)
    return _entities_matching(store, f"VALUES ?label {{ {Literal(name.strip())} }} ?e rdfs:label ?label .",
                              entity_type)


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


def _organizations_of(store: Store, person: str) -> dict[str, str]:
    """Every organization a person belonged to, directly or through an affiliate: IRI -> label."""
    rows = _select(store, f"""
        SELECT DISTINCT ?org ?label WHERE {{
          {{ ?m bb:member {NamedNode(person)} ; bb:organization ?org }}
          UNION {{ ?m bb:member {NamedNode(person)} ; bb:organization ?team . ?team bb:affiliateOf ?org }}
          ?org rdfs:label ?label .
        }}""")
    return {r["org"]: r["label"] for r in rows}


def _precomputed_by(store: Store, people: list[str], org: str) -> str:
    """The graph stage's engine when it linked every pair of these people through `org`, else 'store query'."""
    engines = set()
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            rows = _select(store, f"""
                SELECT ?engine WHERE {{
                  ?c a bb:SharedOrganization ; bb:person {NamedNode(a)}, {NamedNode(b)} ;
                     bb:sharedOrganization {NamedNode(org)} ; bb:computedBy ?engine }}""")
            if not rows:
                return "store query"
            engines.add(rows[0]["engine"])
    return ", ".join(sorted(engines))


def _years_with(store: Store, person: str, org: str) -> dict[str, set[int]]:
    """Years the articles place the person with the organization or one of its affiliates, by team."""
    rows = _select(store, f"""
        SELECT ?team ?year WHERE {{
          ?f a bb:Tenure ; bb:person {NamedNode(person)} ; bb:object ?team ; bb:year ?year .
          FILTER(?team = {NamedNode(org)} || EXISTS {{ ?team bb:affiliateOf {NamedNode(org)} }})
        }}""")
    years: dict[str, set[int]] = {}
    for r in rows:
        years.setdefault(r["team"], set()).add(int(r["year"]))
    return years


def roles_in(store: Store, person: str, org: str,
             years: dict[str, set[int]] | None = None) -> list[dict[str, Any]]:
    """A person's roles in an organization, directly or via an affiliate, with years and evidence.

    `years` is _years_with(store, person, org) when the caller has it already.
    """
    rows = _select(store, f"""
        SELECT ?role ?roleLabel ?team ?teamLabel ?quote ?file WHERE {{
          ?m bb:member {NamedNode(person)} ; bb:role ?role ; bb:organization ?team ; bb:evidence ?ev .
          ?role rdfs:label ?roleLabel .
          ?team rdfs:label ?teamLabel .
          ?ev bb:quote ?quote ; prov:wasDerivedFrom ?article .
          ?article bb:fileName ?file .
          FILTER(?team = {NamedNode(org)} || EXISTS {{ ?team bb:affiliateOf {NamedNode(org)} }})
        }} ORDER BY ?roleLabel ?teamLabel ?file ?quote""")
    years = _years_with(store, person, org) if years is None else years
    roles: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        via = None if r["team"] == org else {"iri": r["team"], "label": r["teamLabel"]}
        team_years = years.get(r["team"], set())
        entry = roles.setdefault((r["role"], r["team"]), {
            "role": r["roleLabel"], "start": min(team_years, default=None), "end": max(team_years, default=None),
            "via": via, "evidence": []})
        evidence = {"article": r["file"], "quote": r["quote"]}
        if evidence not in entry["evidence"]:
            entry["evidence"].append(evidence)
    return list(roles.values())


def _overlap(year_sets: list[set[int]]) -> dict[str, int] | None:
    """The years every side was with the organization, as {start, end}; None when they share no stated year."""
    common = set.intersection(*year_sets) if year_sets and all(year_sets) else set()
    return {"start": min(common), "end": max(common)} if common else None


def shared_among(store: Store, people: list[Entity]) -> list[SharedOrganization]:
    """Organizations all of `people` belonged to, with each one's roles, years and evidence.

    Read from the memberships in the store, so any people can be asked about; `computed_by` names the
    graph stage's engine where it precomputed the link (people named in one article), else 'store query'.
    """
    if len(people) < 2:
        raise ValueError("name at least two people to connect")
    iris = [p.iri for p in people]
    per_person = [_organizations_of(store, iri) for iri in iris]
    common = {org: label for org, label in per_person[0].items() if all(org in other for other in per_person[1:])}
    result = []
    for org, label in sorted(common.items(), key=lambda kv: kv[1]):
        shared = SharedOrganization(org, label, _precomputed_by(store, iris, org))
        year_sets = []
        for iri in iris:
            years = _years_with(store, iri, org)
            shared.roles[iri] = roles_in(store, iri, org, years)
            year_sets.append(set().union(*years.values()))
        shared.overlap = _overlap(year_sets)
        result.append(shared)
    return result


def connection(store: Store, a: Entity, b: Entity, max_hops: int = 4) -> dict[str, Any]:
    """The answer of /api/connections for two people: shared organizations with roles, overlap and evidence; paths."""
    shared = shared_among(store, [a, b])
    organizations = []
    for s in shared:
        from_roles, to_roles = s.roles[a.iri], s.roles[b.iri]
        via = {r["via"]["iri"]: r["via"] for r in from_roles + to_roles if r["via"]}
        evidence = [e for r in from_roles + to_roles for e in r["evidence"]]
        organizations.append({
            "iri": s.iri, "label": s.label, "computed_by": s.computed_by,
            "from_roles": [{k: r[k] for k in ("role", "start", "end", "via")} for r in from_roles],
            "to_roles": [{k: r[k] for k in ("role", "start", "end", "via")} for r in to_roles],
            "overlap": s.overlap, "via": sorted(via.values(), key=lambda v: v["label"]),
            "evidence": [dict(t) for t in dict.fromkeys(tuple(sorted(e.items())) for e in evidence)],
        })
    return {"from": {"iri": a.iri, "label": a.label}, "to": {"iri": b.iri, "label": b.label},
            "shared_organizations": organizations, "paths": shortest_paths(store, a.iri, b.iri, max_hops)}


# Edges a path may follow, with the word shown for them: memberships both ways, affiliations both ways.
_NEIGHBOURS = """
SELECT ?from ?to ?edge WHERE {
  VALUES ?from { FRONTIER }
  { ?m bb:member ?from ; bb:organization ?to . BIND("member of" AS ?edge) }
  UNION { ?m bb:organization ?from ; bb:member ?to . BIND("has member" AS ?edge) }
  UNION { ?from bb:affiliateOf ?to . BIND("affiliate of" AS ?edge) }
  UNION { ?to bb:affiliateOf ?from . BIND("has affiliate" AS ?edge) }
}"""
MAX_PATHS = 5


def shortest_paths(store: Store, source: str, target: str, max_hops: int = 4) -> list[list[dict[str, str]]]:
    """Shortest paths between two entities over memberships and affiliations, by breadth-first search
    over the store, at most `max_hops` edges long; at most MAX_PATHS of them."""
    parents: dict[str, list[tuple[str, str]]] = {source: []}
    frontier = [source]
    for _ in range(max_hops):
        if not frontier or target in parents:
            break
        values = " ".join(str(NamedNode(n)) for n in frontier)
        reached: dict[str, list[tuple[str, str]]] = {}
        for r in _select(store, _NEIGHBOURS.replace("FRONTIER", values)):
            if r["to"] not in parents:
                reached.setdefault(r["to"], []).append((r["from"], r["edge"]))
        parents.update(reached)
        frontier = sorted(reached)
    if target not in parents:
        return []

    def walk(node: str) -> list[list[str]]:
        if node == source:
            return [[node]]
        return [path + [edge, node] for previous, edge in sorted(set(parents[node])) for path in walk(previous)]

    paths = walk(target)[:MAX_PATHS]
    on_paths = " ".join(str(NamedNode(n)) for n in sorted({n for path in paths for n in path[::2]}))
    labels = {r["e"]: r["label"] for r in _select(store, f"SELECT ?e ?label WHERE {{ VALUES ?e {{ {on_paths} }} "
                                                         "?e rdfs:label ?label }")}
    return [[{"iri": step, "label": labels.get(step, step)} if i % 2 == 0 else {"predicate": step}
             for i, step in enumerate(path)] for path in paths]
