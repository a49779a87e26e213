"""What the store says about one resource, for the pages and the Linked Data descriptions at `/id/...`.

Every function takes the resource's IRI, binds it as a term (never formatted into a query) and returns plain
Python values: the server turns them into HTML or RDF.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pyoxigraph import DefaultGraph, Literal, NamedNode, Store, Triple, serialize

from vocab import namespaces
from vocab.errors import NotFoundError
from vocab.formats import graph_format
from vocab.namespaces import BB, NAMESPACES, PREFIXES
from store.derived import SAVED_REFRESH_SECONDS, DerivedValue
from store.measures import graph_measures
from store.names import described_entities, name_table
from store import index
from store.select import Term, select_rows

# What a page lists at most of one kind (the articles that mention the Mets run to thousands at 10k articles).
MAX_LISTED = 200
RDF_TYPE = NamedNode(namespaces.RDF_TYPE)
ARTICLE_BODY = NamedNode(namespaces.SCHEMA_ARTICLE_BODY)
PROV_DERIVED = NamedNode(namespaces.PROV_DERIVED)
BB_MEMBER, BB_ORGANIZATION, BB_EVIDENCE = (NamedNode(BB + p) for p in ("member", "organization", "evidence"))
BB_PERSON, BB_OBJECT, BB_RELATION = (NamedNode(BB + p) for p in ("person", "object", "relation"))
MEMBERSHIP, SHARED = NamedNode(BB + "Membership"), NamedNode(BB + "SharedOrganization")
# Statements every page shows in a section of its own; the "all statements" table leaves them out.
_SHOWN_APART = {namespaces.RDFS_LABEL, namespaces.SKOS_ALT_LABEL, namespaces.RDF_TYPE, BB + "alias",
                namespaces.SCHEMA_ARTICLE_BODY, BB + "component", BB + "community"}
_SHOWN_APART_INCOMING = {BB + "refersTo", BB + "member", BB + "organization", BB + "person", BB + "object",
                         BB + "centralityOf", namespaces.PROV_DERIVED, BB + "club", BB + "teamSeason"}
# Two claims about one person and organization that cannot both be true.
_CONTRADICTING_RELATIONS = {frozenset({"resigned", "fired"})}


class UnknownResourceError(NotFoundError):
    """Nothing in the graph is said about that IRI."""


class NotAnArticleError(NotFoundError):
    """The IRI is not an article's."""


def _rows(store: Store, query: str, **bindings: Term) -> list[dict[str, str]]:
    return select_rows(store, PREFIXES + query, bindings)


def _outgoing(store: Store, node: NamedNode) -> list[Triple]:
    return [q.triple for q in store.quads_for_pattern(node, None, None, DefaultGraph())]


def _incoming(store: Store, node: NamedNode, limit: int | None = None) -> list[Triple]:
    triples: list[Triple] = []
    for q in store.quads_for_pattern(None, None, node, DefaultGraph()):
        if limit is not None and len(triples) == limit:
            break
        triples.append(q.triple)
    return triples


def _lexical(term: Any) -> str:
    """An IRI's or a literal's value; any other term (a blank node, a triple term) as N-Triples."""
    return term.value if isinstance(term, (NamedNode, Literal)) else str(term)


def describe(store: Store, iri: str, format_name: str, row_cap: int) -> tuple[bytes, int, bool]:
    """The resource's description as RDF (every triple it is the subject or the object of, as the
    default graph holds them), serialized in the format named; its size and whether the row cap cut it.

    Raises UnknownResourceError when the graph says nothing about it.
    """
    node = NamedNode(iri)
    triples = _outgoing(store, node) + _incoming(store, node, row_cap + 1)
    if not triples:
        raise UnknownResourceError(f"the graph says nothing about <{iri}>")
    # Its own statements first, then what others say of it; each part in a stable order.
    triples = sorted(set(triples), key=lambda t: (t.subject != node, str(t)))
    truncated = len(triples) > row_cap
    triples = triples[:row_cap]
    fmt = graph_format(format_name)
    prefixes = NAMESPACES if fmt.keeps_prefixes else None
    return serialize(triples, format=fmt.rdf, prefixes=prefixes) or b"", len(triples), truncated


def _link(iri: str, label: str) -> dict[str, str]:
    return {"iri": iri, "label": label or iri}


def _statements(store: Store, triples: Iterable[Triple], *, incoming: bool) -> list[dict[str, Any]]:
    """Triples as rows for a table: the predicate, and the other end with its label when it is an IRI."""
    rows = []
    for t in triples:
        other = t.subject if incoming else t.object
        if isinstance(other, NamedNode):
            value: dict[str, Any] = {"iri": other.value, "label": index.label(store, other) or other.value}
        elif isinstance(other, Literal):
            value = {"literal": other.value, "datatype": other.datatype.value, "language": other.language}
        else:
            value = {"literal": str(other)}
        rows.append({"predicate": t.predicate.value, "value": value})
    return sorted(rows, key=lambda r: (r["predicate"], str(r["value"])))


def _each(store: Store, query: str, variable: str, iris: Iterable[str], **bindings: Term) -> list[dict[str, str]]:
    """The rows of `query` for each IRI bound to `variable` in turn. Bound first, a query starts from the index
    entry of that one node; pyoxigraph plans a UNION or a class test before other patterns as a scan of the
    whole graph."""
    return [row for iri in sorted(iris) for row in _rows(store, query, **{variable: NamedNode(iri)}, **bindings)]


def _memberships_of(store: Store, entity: NamedNode) -> set[str]:
    """The memberships the entity is the person of, and those an article states it is the organization of,
    from the index (a club's thousands of memberships in the record are its seasons' rosters)."""
    of_person = {_lexical(q.subject) for q in store.quads_for_pattern(None, BB_MEMBER, entity, DefaultGraph())}
    of_organization = {q.subject for q in store.quads_for_pattern(None, BB_ORGANIZATION, entity, DefaultGraph())}
    stated = {_lexical(m) for m in of_organization
              if next(store.quads_for_pattern(m, BB_EVIDENCE, None, DefaultGraph()), None) is not None}
    return of_person | stated


def _stated_in(store: Store, article: NamedNode, cls: NamedNode | None) -> set[str]:
    """What the article's sentences are evidence of (of class `cls`, if given), from the index."""
    sentences = [q.subject for q in store.quads_for_pattern(None, PROV_DERIVED, article, DefaultGraph())]
    stated = {q.subject for ev in sentences for q in store.quads_for_pattern(None, BB_EVIDENCE, ev, DefaultGraph())}
    return {x.value for x in stated if isinstance(x, NamedNode)
            and (cls is None or index.has(store, x, RDF_TYPE, cls))}


def _record_seasons(store: Store, memberships: dict[str, dict[str, Any]]) -> None:
    """Add to each membership what the record has of it (key `record`: first and last season, seasons, games;
    None when it has nothing)."""
    seasons: dict[str, list[tuple[int, int]]] = {}
    for r in _each(store, """
        SELECT ?m ?year ?games WHERE {
          ?m org:memberDuring ?season . ?season bb:teamSeason ?teamSeason ; time:hasBeginning ?beginning .
          ?beginning time:inXSDgYear ?year . OPTIONAL { ?season bb:games ?games }
        }""", "m", memberships):  # no class test nor path: either made it read all 112,000 seasons
        seasons.setdefault(r["m"], []).append((int(r["year"]), int(r.get("games") or 0)))
    for iri, m in memberships.items():
        years = sorted({year for year, _ in seasons.get(iri, [])})
        m["record"] = {"first": str(years[0]), "last": str(years[-1]), "seasons": len(years),
                       "games": sum(games for _, games in seasons[iri])} if years else None


def _memberships(store: Store, iris: set[str]) -> list[dict[str, Any]]:
    """Memberships (at most MAX_LISTED of them): role, each article's stated years (claims
    kept side by side) with the record's verdict on them, each sentence that states the membership, and the
    record's seasons."""
    chosen = sorted(iris)[:MAX_LISTED]
    memberships: dict[str, dict[str, Any]] = {}
    for r in _each(store, """
        SELECT ?m ?person ?personLabel ?org ?orgLabel ?role ?roleLabel WHERE {
          ?m bb:member ?person ; bb:organization ?org ; bb:role ?role .
          OPTIONAL { ?person rdfs:label ?personLabel } OPTIONAL { ?org rdfs:label ?orgLabel }
          OPTIONAL { ?role rdfs:label ?roleLabel }
        }""", "m", chosen):
        memberships.setdefault(r["m"], {
            "iri": r["m"], "person": _link(r["person"], r.get("personLabel", "")),
            "organization": _link(r["org"], r.get("orgLabel", "")), "role": r.get("roleLabel", r["role"]),
            "claims": [], "evidence": []})
    for r in _each(store, """
        SELECT ?m ?interval ?source ?file ?start ?end ?ev ?quote ?verdict ?says ?reason ?act WHERE {
          ?m org:memberDuring ?interval . ?interval prov:wasDerivedFrom ?source . ?source bb:fileName ?file .
          OPTIONAL { ?interval bb:datedBy ?act }
          OPTIONAL { ?interval time:hasBeginning/time:inXSDgYear ?start }
          OPTIONAL { ?interval time:hasEnd/time:inXSDgYear ?end }
          OPTIONAL { ?interval bb:evidence ?ev . ?ev bb:quote ?quote }
          OPTIONAL { ?check bb:checks ?interval ; bb:verdict/rdfs:label ?verdict .
                     OPTIONAL { ?check bb:recordSays ?says } OPTIONAL { ?check bb:reason ?reason } }
        }""", "m", memberships):
        claim = {"start": r.get("start"), "end": r.get("end"), "article": _link(r["source"], r["file"]),
                 "evidence": r.get("ev"), "quote": r.get("quote"), "verdict": r.get("verdict"),
                 "record_says": r.get("says") or r.get("reason"), "dated_by": r.get("act")}
        if claim not in memberships[r["m"]]["claims"]:
            memberships[r["m"]]["claims"].append(claim)
    for r in _each(store, """
        SELECT ?m ?ev ?quote ?source ?file WHERE {
          ?m bb:evidence ?ev . ?ev bb:quote ?quote ; prov:wasDerivedFrom ?source . ?source bb:fileName ?file .
        }""", "m", memberships):
        evidence = {"iri": r["ev"], "quote": r["quote"], "article": _link(r["source"], r["file"])}
        if evidence not in memberships[r["m"]]["evidence"]:
            memberships[r["m"]]["evidence"].append(evidence)
    for m in memberships.values():
        _years_to_sentences(m)
    _record_seasons(store, memberships)
    return sorted(memberships.values(), key=lambda m: (m["person"]["label"], m["organization"]["label"],
                                                       m["role"], m["iri"]))


def _years_to_sentences(membership: dict[str, Any]) -> None:
    """Give each sentence of a membership the years it states (`start`, `end`: None when it states none), add
    the sentences that state only years, and sum the claims up in `years`: each distinct span with the articles
    that state it. Articles that disagree are kept side by side (`claims_differ`)."""
    membership["claims"].sort(key=lambda c: (c["article"]["label"], c["start"] or "", c["end"] or ""))
    sentences = {ev["iri"]: {**ev, "start": None, "end": None} for ev in membership["evidence"]}
    spans: dict[tuple[str | None, str | None], list[str]] = {}
    acts: dict[tuple[str | None, str | None], set[str]] = {}  # the acts a span is inferred from
    stated: set[tuple[str | None, str | None]] = set()  # the spans an article states, not inferred
    verdicts: dict[tuple[str | None, str | None], set[tuple[str, str]]] = {}
    for claim in membership["claims"]:
        if claim["verdict"]:
            verdicts.setdefault((claim["start"], claim["end"]), set()).add((claim["verdict"],
                                                                            claim["record_says"] or ""))
        where = claim["evidence"] or claim["article"]["iri"]
        sentence = sentences.setdefault(where, {"iri": where, "quote": claim["quote"] or "",
                                                "article": claim["article"]})
        sentence["start"], sentence["end"] = claim["start"], claim["end"]
        spans.setdefault((claim["start"], claim["end"]), []).append(claim["article"]["label"])
        if claim["dated_by"]:
            acts.setdefault((claim["start"], claim["end"]), set()).add(claim["dated_by"])
        else:
            stated.add((claim["start"], claim["end"]))
    membership["evidence"] = sorted(sentences.values(), key=lambda ev: (ev["article"]["label"], ev["iri"]))
    membership["years"] = [{"start": start, "end": end, "articles": sorted(set(articles)),
                            "dated_by": sorted(acts.get((start, end), ())),
                            "verdicts": [{"verdict": v, "says": says} for v, says in sorted(verdicts.get((start, end),
                                                                                                      ()))]}
                           for (start, end), articles in sorted(spans.items(), key=lambda kv: (kv[0][0] or "",
                                                                                              kv[0][1] or ""))]
    # A year inferred from an act in the post does not contradict the years the articles state.
    membership["claims_differ"] = len(stated) > 1


_FACT_COLUMNS = """?f ?type ?typeLabel ?isEvent ?relation ?person ?personLabel ?object ?objectLabel ?year ?value ?detail
                   ?ev ?quote ?article ?file"""
# The required patterns come first: one after an OPTIONAL is evaluated on its own and joined (every sentence).
_FACT_PATTERN = """
          ?f a ?type ; bb:relation ?relation ; bb:person ?person ; bb:evidence ?ev .
          ?ev bb:quote ?quote ; prov:wasDerivedFrom ?article . ?article bb:fileName ?file .
          OPTIONAL { ?type rdfs:label ?typeLabel }
          BIND(EXISTS { ?type rdfs:subClassOf bb:Event } AS ?isEvent)
          OPTIONAL { ?person rdfs:label ?personLabel }
          OPTIONAL { ?f bb:object ?object OPTIONAL { ?object rdfs:label ?objectLabel } }
          OPTIONAL { ?f bb:year ?year } OPTIONAL { ?f bb:value ?value } OPTIONAL { ?f bb:detail ?detail }"""


def _facts(rows: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Fact rows (one per fact and sentence) as one entry per fact, with every sentence that states it."""
    facts: dict[str, dict[str, Any]] = {}
    for r in rows:
        fact = facts.setdefault(r["f"], {
            "iri": r["f"], "kind": r.get("typeLabel", r["type"].rsplit("#", 1)[-1]), "relation": r["relation"],
            "person": _link(r["person"], r.get("personLabel", "")),
            "object": _link(r["object"], r.get("objectLabel", "")) if "object" in r else None,
            "year": r.get("year"), "value": r.get("value") or r.get("detail"), "event": r["isEvent"] == "true",
            "evidence": []})
        evidence = {"iri": r["ev"], "quote": r["quote"], "article": _link(r["article"], r["file"])}
        if evidence not in fact["evidence"]:
            fact["evidence"].append(evidence)
    for fact in facts.values():
        fact["evidence"].sort(key=lambda ev: (ev["article"]["label"], ev["iri"]))
    return sorted(facts.values(), key=lambda f: (f["year"] or "", f["kind"], f["iri"]))


def _facts_about(store: Store, entity: str) -> list[dict[str, Any]]:
    """Events, awards, records and ages whose person or object the entity is (at most MAX_LISTED)."""
    node = NamedNode(entity)
    candidates = {_lexical(q.subject) for predicate in (BB_PERSON, BB_OBJECT)
                  for q in store.quads_for_pattern(None, predicate, node, DefaultGraph())
                  if index.has(store, q.subject, BB_RELATION)}
    return _facts(_each(store, f"SELECT {_FACT_COLUMNS} WHERE {{ {_FACT_PATTERN} }}", "f",
                        sorted(candidates)[:MAX_LISTED]))


def _shared_organizations(store: Store, entity: str) -> list[dict[str, Any]]:
    """The graph stage's shared organizations of a person: with whom, where, in which years, computed how."""
    node = NamedNode(entity)
    computed = {_lexical(q.subject) for q in store.quads_for_pattern(None, BB_PERSON, node, DefaultGraph())
                if index.has(store, q.subject, RDF_TYPE, SHARED)}
    rows = _each(store, """
        SELECT ?c ?org ?orgLabel ?other ?otherLabel ?start ?end ?software ?e WHERE {
          ?c bb:person ?other ; bb:sharedOrganization ?org ; bb:computedBy ?software .
          FILTER(?other != ?e)
          OPTIONAL { ?org rdfs:label ?orgLabel } OPTIONAL { ?other rdfs:label ?otherLabel }
          OPTIONAL { ?c bb:overlapStart ?start } OPTIONAL { ?c bb:overlapEnd ?end }
        }""", "c", sorted(computed)[:MAX_LISTED], e=node)
    rows.sort(key=lambda r: (r.get("otherLabel", ""), r.get("orgLabel", ""), r["c"]))
    return [{"iri": r["c"], "organization": _link(r["org"], r.get("orgLabel", "")),
             "person": _link(r["other"], r.get("otherLabel", "")), "start": r.get("start"), "end": r.get("end"),
             "computed_by": r["software"]} for r in rows]


def _articles_mentioning(store: Store, entity: str) -> list[dict[str, Any]]:
    rows = _rows(store, f"""
        SELECT ?article ?file (COUNT(?mention) AS ?mentions) ?e WHERE {{
          ?mention bb:refersTo ?e ; prov:wasDerivedFrom ?article . ?article bb:fileName ?file .
        }} GROUP BY ?article ?file ?e ORDER BY ?file LIMIT {MAX_LISTED}""", e=NamedNode(entity))
    return [{**_link(r["article"], r["file"]), "mentions": int(r["mentions"])} for r in rows]


def _same_group(store: Store, group: str | None, predicate: str) -> list[dict[str, str]]:
    """Up to MAX_LISTED entities of one component or community (`predicate`: bb:component, bb:community)."""
    if group is None:
        return []
    members = [q.subject for q in store.quads_for_pattern(None, NamedNode(predicate), NamedNode(group),
                                                          DefaultGraph())]
    labelled = sorted((index.label(store, m), m.value) for m in members if isinstance(m, NamedNode))
    return [_link(iri, label) for label, iri in labelled if label][:MAX_LISTED]


def _label_of(store: Store, iri: str) -> str:
    return index.label(store, NamedNode(iri)) or iri


def _club_seasons(store: Store, club: NamedNode) -> list[dict[str, Any]]:
    """A club's seasons in the record, the latest first: league, wins, losses, rank and managers."""
    rows = _rows(store, """SELECT ?club ?ts ?year ?league ?wins ?losses ?rank WHERE {
        ?ts bb:club ?club ; bb:season ?year . OPTIONAL { ?ts bb:leagueCode ?league }
        OPTIONAL { ?ts bb:wins ?wins } OPTIONAL { ?ts bb:losses ?losses } OPTIONAL { ?ts bb:rank ?rank } }""",
                 club=club)
    seasons: dict[str, dict[str, Any]] = {
        r["ts"]: {"iri": r["ts"], "year": r["year"], "league": r.get("league"), "wins": r.get("wins"),
                  "losses": r.get("losses"), "rank": r.get("rank"), "managers": []} for r in rows}
    managers = MANAGERS.get(store)
    assert managers is not None  # read at once for a store not asked before
    for team_season, season in seasons.items():
        season["managers"] = [_link(person, _label_of(store, person)) for person in managers.get(team_season, [])]
    return sorted(seasons.values(), key=lambda s: s["year"], reverse=True)


def read_managers(store: Store) -> dict[str, list[str]]:
    """Every team-season's managers in the record, in the order of their stints, by the team-season's IRI."""
    rows = _rows(store, """SELECT ?ts ?person ?stint WHERE {
        ?m bb:role bb:Manager ; org:memberDuring ?season ; bb:member ?person .
        ?season bb:teamSeason ?ts ; bb:stint ?stint }""")
    managers: dict[str, list[str]] = {}
    for r in sorted(rows, key=lambda r: (r["ts"], int(r["stint"]), r["person"])):
        managers.setdefault(r["ts"], []).append(r["person"])
    return managers


# A club's page lists its managers season by season: found from the club, they are among every membership of
# its seasons (a tenth of a second for a club of a century); from the managers, a build saves them once.
MANAGERS = DerivedValue(read_managers, "club-managers", saved_as="club-managers.pickle",
                        refresh_seconds=SAVED_REFRESH_SECONDS)


def _roster(store: Store, team_season: NamedNode) -> list[dict[str, Any]]:
    """A team-season's people in the record: role, games, and the person."""
    rows = _rows(store, """SELECT ?ts ?person ?role ?games WHERE {
        ?season bb:teamSeason ?ts . ?m org:memberDuring ?season ; bb:member ?person ; bb:role ?role .
        OPTIONAL { ?season bb:games ?games } }""", ts=team_season)
    people = [{"person": _link(r["person"], _label_of(store, r["person"])), "role": r["role"].rsplit("#", 1)[-1],
               "games": int(r.get("games") or 0)} for r in rows]
    return sorted(people, key=lambda p: (p["role"] != "Manager", -p["games"], p["person"]["label"]))


def resource_page(store: Store, iri: str) -> dict[str, Any]:
    """Everything an entity page shows: names and types, memberships with each article's years and sentences,
    facts, shared organizations, what the graph stage computed, the articles that mention it, the community
    it belongs to, and every other statement made about it. Raises UnknownResourceError."""
    node = NamedNode(iri)
    outgoing = _outgoing(store, node)
    incoming = _incoming(store, node, MAX_LISTED + 1)
    if not outgoing and not incoming:
        raise UnknownResourceError(f"the graph says nothing about <{iri}>")

    def objects(predicate: str) -> list[str]:
        return sorted({_lexical(t.object) for t in outgoing if t.predicate.value == predicate})

    label = index.label(store, node)
    measures = graph_measures(store, iri)
    return {
        "iri": iri, "label": label, "other_names": [n for n in objects(namespaces.SKOS_ALT_LABEL) if n != label],
        "types": [t.rsplit("#", 1)[-1] for t in objects(namespaces.RDF_TYPE)],
        "memberships": _memberships(store, _memberships_of(store, node)), "facts": _facts_about(store, iri),
        "shared": _shared_organizations(store, iri), "measures": measures,
        "community": _same_group(store, measures["community"], BB + "community"),
        "articles": _articles_mentioning(store, iri),
        "statements": _statements(store, (t for t in outgoing if t.predicate.value not in _SHOWN_APART),
                                  incoming=False),
        "incoming": _statements(store, (t for t in incoming[:MAX_LISTED]
                                        if t.predicate.value not in _SHOWN_APART_INCOMING), incoming=True),
        "incoming_cut": len(incoming) > MAX_LISTED,
        "seasons": _club_seasons(store, node), "roster": _roster(store, node),
    }


def _conflicts(store: Store, facts: list[dict[str, Any]]) -> None:
    """Add to each fact the claims that contradict it, as conflicting_claims.rq finds them (a resignation and
    a firing from the same organization; the same event in another year): key `conflicts`."""
    for fact in facts:
        fact["conflicts"] = []
        if fact["object"] is None:
            continue
        rows = _rows(store, f"""
            SELECT {_FACT_COLUMNS} ?p ?o WHERE {{
              ?f bb:person ?p ; bb:object ?o .
              {_FACT_PATTERN}
            }}""", p=NamedNode(fact["person"]["iri"]), o=NamedNode(fact["object"]["iri"]))
        for other in _facts(rows):
            pair = frozenset({fact["relation"], other["relation"]})
            # The same event in another year (an award is won again; a hiring does not happen twice as one).
            differs = (fact["event"] and other["relation"] == fact["relation"] and fact["year"] and other["year"]
                       and other["year"] != fact["year"])
            if other["iri"] != fact["iri"] and (pair in _CONTRADICTING_RELATIONS or differs):
                fact["conflicts"].append(other)


def article_page(store: Store, iri: str) -> dict[str, Any]:
    """An article's text with its mentions and the sentences its statements come from (offsets into the
    text), and each statement with the sentence that states it and the claims of other articles beside it.
    Raises NotAnArticleError."""
    node = NamedNode(iri)
    if not index.has(store, node, RDF_TYPE, NamedNode(BB + "Article")):
        raise NotAnArticleError(f"<{iri}> is not an article of the graph")
    outgoing = {t.predicate.value: _lexical(t.object) for t in _outgoing(store, node)}
    derived = {_lexical(q.subject) for q in store.quads_for_pattern(None, PROV_DERIVED, node, DefaultGraph())}
    mentions = [{"start": int(r["start"]), "end": int(r["end"]), "iri": r["entity"], "label": r["label"],
                 "type": r["type"].rsplit("#", 1)[-1]} for r in _each(store, """
        SELECT ?mention ?start ?end ?entity ?label ?type WHERE {
          ?mention bb:refersTo ?entity ; bb:startOffset ?start ; bb:endOffset ?end ; a bb:Mention .
          ?entity rdfs:label ?label ; a ?type . FILTER(STRSTARTS(STR(?type), STR(bb:)))
        }""", "mention", derived)]
    mentions.sort(key=lambda m: (m["start"], m["end"], m["iri"]))
    sentences = [{"iri": r["ev"], "start": int(r["start"]), "end": int(r["end"])} for r in _each(store, """
        SELECT ?ev ?start ?end WHERE { ?ev bb:startOffset ?start ; bb:endOffset ?end ; a bb:Evidence }""",
        "ev", derived)]
    sentences.sort(key=lambda ev: (ev["start"], ev["end"]))
    # ?article is bound too: only the sentences of this article are read.
    facts = _facts(_each(store, f"SELECT {_FACT_COLUMNS} WHERE {{ {_FACT_PATTERN} }}", "f",
                         _stated_in(store, node, None) - _stated_in(store, node, MEMBERSHIP), article=node))
    _conflicts(store, facts)
    return {"iri": iri, "file": outgoing.get(BB + "fileName", ""), "sha256": outgoing.get(BB + "sha256", ""),
            "headline": outgoing.get(namespaces.SCHEMA_HEADLINE),
            "published": outgoing.get(namespaces.SCHEMA_DATE_PUBLISHED), "url": outgoing.get(namespaces.SCHEMA_URL),
            "text": outgoing.get(namespaces.SCHEMA_ARTICLE_BODY, ""), "mentions": mentions, "sentences": sentences,
            "memberships": _memberships(store, _stated_in(store, node, MEMBERSHIP)),
            "facts": facts}


def scanned_word_starts(store: Store, needle: str) -> set[str]:
    """The entities a label or written name of which has a word starting with the lowercased `needle`, found
    by scanning the store's names with SPARQL."""
    matched: set[str] = set()
    for names in ("rdfs:label", "skos:altLabel"):  # one scan each: joined, the optimizer reads every type first
        rows = _rows(store, f"""SELECT DISTINCT ?e ?needle ?spaced WHERE {{ ?e {names} ?name
            FILTER(STRSTARTS(LCASE(STR(?name)), ?needle) || CONTAINS(LCASE(STR(?name)), ?spaced)) }}""",
                     needle=Literal(needle), spaced=Literal(" " + needle))
        matched |= {r["e"] for r in rows}
    return matched


def suggest_entities(store: Store, prefix: str, limit: int, entity_type: str | None = None) -> list[dict[str, str]]:
    """Up to `limit` entities (of one of ENTITY_TYPES, if given) one of whose names (label or other name) has
    a word starting with `prefix`, in any case, for suggestions as a person types; labels starting with it first.
    """
    needle = prefix.strip().lower()
    table = name_table(store)
    found = described_entities(store, table.starting_with(needle) if table is not None
                               else scanned_word_starts(store, needle), entity_type)
    return sorted(found, key=lambda e: (not e["label"].lower().startswith(needle), e["label"], e["iri"]))[:limit]
