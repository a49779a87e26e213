"""Scoring a built graph against a hand-written gold file: precision, recall and F1 for entities and facts.

Facts are compared by relation: the same relation, subject and object, and the same
role, year or value where the gold states one (a gold fact without a year matches any year).
A membership's years (its first and last stated year) are scored on their own, as `role_years`:
each gold membership with years counts as found when one article's interval for that membership
has exactly those bounds; each interval the graph states for a gold membership counts as predicted.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyoxigraph import NamedNode, Quad, Store

from vocab.namespaces import PREFIXES
from store.select import select_rows
ENTITY_TYPES = ("Person", "Team", "League", "MediaOrganization")


@dataclass
class Score:
    true_positives: int
    predicted: int
    gold: int

    @property
    def precision(self) -> float:
        return self.true_positives / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.true_positives / self.gold if self.gold else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"precision": round(self.precision, 3), "recall": round(self.recall, 3), "f1": round(self.f1, 3),
                "true_positives": self.true_positives, "predicted": self.predicted, "gold": self.gold}


# What makes two facts the same fact, beyond relation, subject and object.
IDENTITY = {"member": ("role",), "award": ("year",)}


def _fact_key(fact: dict[str, Any]) -> tuple[Any, ...]:
    extra = tuple(fact.get(k) for k in IDENTITY.get(fact["relation"], ()))
    return (fact["relation"], fact["subject"], str(fact["object"]), *(str(e) for e in extra))


def _qualifiers_match(gold: dict[str, Any], predicted: list[dict[str, Any]]) -> bool:
    """A stated year or detail must be predicted too; one the gold leaves out matches anything."""
    return any(all(gold.get(k) is None or str(gold[k]) == str(p.get(k)) for k in ("year", "detail"))
               for p in predicted)


def score_facts(gold: list[dict[str, Any]], predicted: list[dict[str, Any]]) -> dict[str, Score]:
    """Per-relation and overall scores over distinct facts."""
    by_key: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for p in predicted:
        by_key[_fact_key(p)].append(p)
    gold_keys = {_fact_key(g): g for g in gold}
    relations = sorted({k[0] for k in gold_keys} | {k[0] for k in by_key})
    hits = {k for k, g in gold_keys.items() if k in by_key and _qualifiers_match(g, by_key[k])}
    scores = {r: Score(sum(1 for k in hits if k[0] == r), sum(1 for k in by_key if k[0] == r),
                       sum(1 for k in gold_keys if k[0] == r)) for r in relations}
    scores["all"] = Score(len(hits), len(by_key), len(gold_keys))
    return scores


def score_role_years(gold: list[dict[str, Any]], predicted: list[dict[str, Any]]) -> Score:
    """Gold memberships with years against the intervals the graph states for those memberships."""
    dated_gold = {_fact_key(g): (g.get("start"), g.get("end")) for g in gold
                  if g["relation"] == "member" and (g.get("start") or g.get("end"))}
    intervals: dict[tuple[Any, ...], set[tuple[Any, Any]]] = defaultdict(set)
    for p in predicted:
        if p["relation"] == "member" and (p.get("start") or p.get("end")):
            intervals[_fact_key(p)].add((p.get("start"), p.get("end")))
    found = sum(1 for key, bounds in dated_gold.items() if bounds in intervals.get(key, set()))
    stated = sum(len(intervals.get(key, set())) for key in {_fact_key(g) for g in gold if g["relation"] == "member"})
    return Score(found, stated, len(dated_gold))


def score_entities(gold: list[dict[str, Any]], predicted: set[tuple[str, str]]) -> Score:
    expected = {(e["label"], e["type"]) for e in gold}
    return Score(len(expected & predicted), len(predicted), len(expected))


def _rows(store: Store, query: str) -> list[dict[str, str]]:
    return select_rows(store, PREFIXES + query)


# A name as an article writes it: a person linked to the record also has the record's label ("Zach Wheeler"
# beside the article's "Zack Wheeler"), which the gold does not hold.
IN_ARTICLE = 'GRAPH ?written {{ {node} rdfs:label ?{name} }} FILTER(CONTAINS(STR(?written), "/graph/article/"))'
ORG_LABEL = "?{node} rdfs:label ?{name}"


def _name(node: str, name: str) -> str:
    return f"{{ {IN_ARTICLE.format(node='?' + node, name=name)} }} UNION {{ {ORG_LABEL.format(node=node, name=name)} " \
           f"FILTER NOT EXISTS {{ ?{node} a bb:Person }} }}"


def entities_in(store: Store) -> set[tuple[str, str]]:
    """(label, type) of every entity some article mentions, with the label an article gives it."""
    rows = _rows(store, f"""SELECT DISTINCT ?label ?type WHERE {{
        ?m a bb:Mention ; bb:refersTo ?e . ?e a ?type . {_name("e", "label")} }}""")
    return {(r["label"], r["type"].rsplit("#", 1)[1]) for r in rows if r["type"].rsplit("#", 1)[1] in ENTITY_TYPES}


def facts_in(store: Store) -> list[dict[str, Any]]:
    """Every fact of the graph in the gold file's shape."""
    facts: list[dict[str, Any]] = []
    # The memberships an article states (with its evidence), and each article's interval of them.
    for r in _rows(store, f"""SELECT DISTINCT ?person ?org ?role ?interval ?start ?end WHERE {{
            ?m a bb:Membership ; bb:evidence ?stated ; bb:member ?p ; bb:organization/rdfs:label ?org ; bb:role ?role .
            {_name("p", "person")}
            OPTIONAL {{ ?m org:memberDuring ?interval . ?interval bb:evidence ?dated
                       OPTIONAL {{ ?interval time:hasBeginning/time:inXSDgYear ?start }}
                       OPTIONAL {{ ?interval time:hasEnd/time:inXSDgYear ?end }} }} }}"""):
        facts.append({"relation": "member", "subject": r["person"], "object": r["org"],
                      "role": r["role"].rsplit("#", 1)[1],
                      "start": int(r["start"]) if "start" in r else None,
                      "end": int(r["end"]) if "end" in r else None})
    for r in _rows(store, f"""SELECT DISTINCT ?relation ?person ?object ?value ?year ?detail WHERE {{
            ?f bb:relation ?relation ; bb:person ?p . {_name("p", "person")}
            OPTIONAL {{ ?f bb:object ?o . {_name("o", "object")} }} OPTIONAL {{ ?f bb:value ?value }}
            OPTIONAL {{ ?f bb:year ?year }} OPTIONAL {{ ?f bb:detail ?detail }} }}"""):
        facts.append({"relation": r["relation"], "subject": r["person"], "object": r.get("object", r.get("value")),
                      "year": int(r["year"]) if "year" in r else None, "detail": r.get("detail")})
    return facts


def stated_non_facts(non_facts: list[dict[str, Any]], predicted: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The gold's non-facts (negated, rumoured or wished-for relations the text names) the graph states anyway."""
    keys = {_fact_key(p) for p in predicted}
    return [n for n in non_facts if _fact_key(n) in keys]


def names_in(store: Store) -> dict[str, str]:
    """Each other name the reference gives an organization (bb:alias: "Cleveland Guardians", "Montreal Expos"),
    mapped to the organization's label, where that name belongs to one organization only."""
    owners: dict[str, set[str]] = defaultdict(set)
    for r in _rows(store, "SELECT ?label ?alias WHERE { ?e bb:alias ?alias ; rdfs:label ?label }"):
        owners[r["alias"]].add(r["label"])
    return {alias: next(iter(labels)) for alias, labels in owners.items() if len(labels) == 1}


def in_graph_names(gold: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The gold with each organization the graph knows under another of its names written with the graph's label:
    a gold that writes a club's name of the article's era ("Cleveland Indians", "Binghamton Rumble Ponies") and
    a graph that labels the club with one name score the same entity."""
    def named(label: Any) -> Any:
        return names.get(label, label) if isinstance(label, str) else label

    entities = {(named(e["label"]), e["type"]): dict(e, label=named(e["label"])) for e in gold["entities"]}
    return dict(gold, entities=list(entities.values()),
                facts=[dict(f, subject=named(f["subject"]), object=named(f["object"])) for f in gold["facts"]],
                non_facts=[dict(f, subject=named(f["subject"]), object=named(f["object"]))
                           for f in gold.get("non_facts", [])])


def articles_only(store: Store, file_names: set[str]) -> Store:
    """The graph of a store as if only the articles of `file_names` had been read, in memory: every named graph
    but the other articles', and the default graph as their union (as a build makes it). So one build of several
    gold sets' articles scores each set alone."""
    others = {r["graph"] for r in _rows(store, "SELECT ?graph ?file WHERE { GRAPH ?graph { ?a bb:fileName ?file } }")
              if r["file"] not in file_names}
    kept = [q for q in store.quads_for_pattern(None, None, None, None)
            if isinstance(q.graph_name, NamedNode) and q.graph_name.value not in others]
    view = Store()
    view.bulk_extend(kept)
    view.bulk_extend(Quad(q.subject, q.predicate, q.object) for q in kept)
    return view


def evaluate(store: Store, gold_file: Path) -> dict[str, Any]:
    """Entity and fact scores of the graph in `store` against the gold file; with the gold's `non_facts`, how
    many of them the graph states (each one a wrong fact, counted in the precision too when the gold's facts
    do not hold it)."""
    written = json.loads(gold_file.read_text(encoding="utf-8"))
    gold = in_graph_names(written, names_in(store))
    predicted = facts_in(store)
    scores = {
        "entities": score_entities(gold["entities"], entities_in(store)).as_dict(),
        "facts": {relation: s.as_dict() for relation, s in score_facts(gold["facts"], predicted).items()},
        "role_years": score_role_years(gold["facts"], predicted).as_dict(),
    }
    if "non_facts" in written:
        scores["non_facts"] = {"gold": len(gold["non_facts"]),
                               "stated": len(stated_non_facts(gold["non_facts"], predicted))}
    return scores


def record_ids_in(store: Store) -> dict[tuple[str, str], set[str]]:
    """(article file, a name the article writes for a person) -> the person IRIs it names so (the record's ids
    for people linked to the record, the articles' keys for the others, as `id/person/<key>`)."""
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for r in _rows(store, f"""SELECT DISTINCT ?file ?name ?e WHERE {{
            ?m a bb:Mention ; bb:refersTo ?e ; prov:wasDerivedFrom/bb:fileName ?file . ?e a bb:Person .
            {{ ?m bb:quote ?name }} UNION {{ {IN_ARTICLE.format(node='?e', name='name')} }} }}"""):
        found[(r["file"], r["name"])].add(r["e"])
    return found


def evaluate_links(store: Store, gold_file: Path) -> dict[str, Any]:
    """How the people of a linking gold (file, name, record_id or null) are linked: right (to the gold's record
    person, or left unlinked when the gold has none), linked to a namesake (wrongly: another record person, or
    someone the record lacks), left unlinked wrongly, or not found in the article at all."""
    gold = json.loads(gold_file.read_text(encoding="utf-8"))["people"]
    linked = {r["p"]: r["id"] for r in _rows(store, "SELECT ?p ?id { ?p bb:databankId ?id }")}
    found = record_ids_in(store)
    outcome: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for person in gold:
        iris = found.get((person["file"], person["name"]), set())
        ids = {linked.get(iri) for iri in iris}
        expected = person["record_id"]
        if not iris:
            kind = "not_found"
        elif expected in ids:
            kind = "right"
        elif expected is None:
            kind = "linked_in_error"
        elif ids == {None}:
            kind = "left_unlinked"
        else:
            kind = "namesake"
        outcome[kind].append({**person, "predicted": sorted(i or "" for i in ids)})
    found_people = len(gold) - len(outcome["not_found"])
    return {"people": len(gold), "found": found_people, "right": len(outcome["right"]),
            "accuracy": round(len(outcome["right"]) / found_people, 3) if found_people else 1.0,
            **{kind: len(outcome[kind]) for kind in ("namesake", "linked_in_error", "left_unlinked", "not_found")},
            "errors": {kind: cases for kind, cases in outcome.items() if kind != "right"}}
