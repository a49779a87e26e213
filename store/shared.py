"""The organizations people shared: each one's roles there with their years and evidence, and for each pair
whether the graph stage linked them at overlapping years (GraphFrames) or this module's query did."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from pyoxigraph import NamedNode, Store

from vocab import iris, namespaces
from vocab.errors import UserError
from store import index
from store.names import Entity
from store.select import prefixed_rows

BB = namespaces.BB
BB_MEMBER = NamedNode(BB + "member")
BB_ORGANIZATION = NamedNode(BB + "organization")
BB_AFFILIATE_OF = NamedNode(BB + "affiliateOf")


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


# These lookups read Oxigraph's quad index in the default graph (the union the build materializes) directly:
# the same patterns as SPARQL let the optimizer scan every label or every bb:SharedOrganization first.

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
    rows = prefixed_rows(store, """
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
    rows = prefixed_rows(store, """
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
