"""The baseline for the mapping stage: the same records mapped to the same N-Quads by plain Python in one
process, the way a user without Spark would write it (dicts, f-strings, hashlib, a set and a sort).

It must produce the build's mapping byte for byte; `benchmarks/mapping.py` checks that it does, so the
timing compares equal work.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from vocab.namespaces import (BB, ORG, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA_ARTICLE_BODY, SCHEMA_DATE_PUBLISHED,
                              SCHEMA_HEADLINE, SCHEMA_URL, SKOS_ALT_LABEL, TIME, XSD)
from mapping.records import FACT_CLASSES
from vocab import iris

Quad = tuple[str, str, str, str]
Row = dict[str, Any]


def _iri(value: str | None) -> str | None:
    return None if value is None else f"<{value}>"


def _literal(value: Any, datatype: str | None = None) -> str | None:
    if value is None:
        return None
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{text}"^^<{XSD}{datatype}>' if datatype else f'"{text}"'


_digest = iris.digest  # the build's rule (vocab/iris.py)


def _entity(base: str, entity_type: str | None, key: str | None) -> str | None:
    kind = "person" if entity_type == "Person" else "org"
    return None if key is None else f"<{base}{iris.ID}{kind}/{key}>"


def _about(graph: str, subject: str, statements: list[tuple[str, str | None]]) -> Iterator[Quad]:
    for predicate, obj in statements:
        if obj is not None:
            yield subject, f"<{predicate}>", obj, graph


def _article(base: str, doc_id: str) -> str:
    return f"{base}{iris.ARTICLE}{doc_id}"


def _graph(base: str, doc_id: str) -> str:
    return f"<{base}{iris.ARTICLE_GRAPH}{doc_id}>"


def _evidence(base: str, row: Row) -> str:
    return f"<{_article(base, row['doc_id'])}#s{row['sentence_start']}-{row['sentence_end']}>"


def _evidence_quads(base: str, row: Row) -> Iterator[Quad]:
    yield from _about(_graph(base, row["doc_id"]), _evidence(base, row), [
        (RDF_TYPE, f"<{BB}Evidence>"), (f"{BB}quote", _literal(row["sentence"])),
        (f"{BB}startOffset", _literal(row["sentence_start"], "integer")),
        (f"{BB}endOffset", _literal(row["sentence_end"], "integer")),
        (PROV_DERIVED, f"<{_article(base, row['doc_id'])}>"),
    ])


def article_quads(articles: list[Row], base: str) -> Iterator[Quad]:
    for row in articles:
        if row["error"] is None:
            yield from _about(_graph(base, row["doc_id"]), f"<{_article(base, row['doc_id'])}>", [
                (RDF_TYPE, f"<{BB}Article>"), (f"{BB}fileName", _literal(row["file_name"])),
                (f"{BB}sha256", _literal(row["sha256"])), (SCHEMA_ARTICLE_BODY, _literal(row["text"])),
                (SCHEMA_HEADLINE, _literal(row.get("headline"))),
                (SCHEMA_DATE_PUBLISHED, _literal(published, "gYearMonth" if len(published) == 7 else "date")
                 if (published := row.get("published")) else None),
                (SCHEMA_URL, _literal(row.get("url"), "anyURI")),
            ])


def mention_quads(mentions: list[Row], base: str) -> Iterator[Quad]:
    for row in mentions:
        graph = _graph(base, row["doc_id"])
        entity = _entity(base, row["entity_type"], row["entity_key"])
        if entity is None:
            continue
        yield from _about(graph, entity, [
            (RDF_TYPE, _iri(None if row["entity_type"] is None else BB + row["entity_type"])),
            (RDFS_LABEL, _literal(row["label"])),
            (SKOS_ALT_LABEL, _literal(row["surface"]) if row["kind"] not in ("pronoun", "description")
             and row["surface"] != row["label"] else None),
        ])
        mention = f"<{_article(base, row['doc_id'])}#m{row['start']}-{row['end']}>"
        yield from _about(graph, mention, [
            (RDF_TYPE, f"<{BB}Mention>"), (f"{BB}refersTo", entity), (f"{BB}quote", _literal(row["surface"])),
            (f"{BB}startOffset", _literal(row["start"], "integer")),
            (f"{BB}endOffset", _literal(row["end"], "integer")),
            (PROV_DERIVED, f"<{_article(base, row['doc_id'])}>"),
        ])


def membership_quads(facts: list[Row], base: str) -> Iterator[Quad]:
    for row in facts:
        if row["relation"] != "member":
            continue
        membership = f"<{base}{iris.membership_path(row['person_key'], row['object_key'], row['role'])}>"
        yield from _about(_graph(base, row["doc_id"]), membership, [
            (RDF_TYPE, f"<{BB}Membership>"), (f"{BB}member", _entity(base, "Person", row["person_key"])),
            (f"{BB}organization", _entity(base, "Team", row["object_key"])),
            (f"{BB}role", _iri(None if row["role"] is None else BB + row["role"])),
            (f"{BB}evidence", _evidence(base, row)),
        ])
        yield from _evidence_quads(base, row)
    yield from _interval_quads(facts, base)


def _interval_quads(facts: list[Row], base: str) -> Iterator[Quad]:
    """Each article's years of a membership: the earliest start and the latest end its sentences state."""
    claims: dict[tuple[str, str, str, str], list[Row]] = {}
    for row in facts:
        if row["relation"] == "member" and (row["start_year"] is not None or row["end_year"] is not None):
            claims.setdefault((row["doc_id"], row["person_key"], row["object_key"], row["role"]), []).append(row)
    for (doc_id, person, org, role), rows in claims.items():
        membership = base + iris.membership_path(person, org, role)
        interval = f"<{base}{iris.INTERVAL}{_digest(membership, doc_id)}>"
        start = min((r["start_year"] for r in rows if r["start_year"] is not None), default=None)
        end = max((r["end_year"] for r in rows if r["end_year"] is not None), default=None)
        graph = _graph(base, doc_id)
        yield from _about(graph, interval, [
            (RDF_TYPE, f"<{TIME}Interval>"),
            (f"{TIME}hasBeginning", None if start is None else f"<{base}{iris.YEAR}{start}>"),
            (f"{TIME}hasEnd", None if end is None else f"<{base}{iris.YEAR}{end}>"),
            (PROV_DERIVED, f"<{_article(base, doc_id)}>"),
        ])
        yield f"<{membership}>", f"<{ORG}memberDuring>", interval, graph
        for row in rows:
            yield interval, f"<{BB}evidence>", _evidence(base, row), graph
            for year in (row["start_year"], row["end_year"]):
                if year is not None:
                    yield from _about(graph, f"<{base}{iris.YEAR}{year}>", [
                        (RDF_TYPE, f"<{TIME}Instant>"), (f"{TIME}inXSDgYear", _literal(year, "gYear"))])


def _object(base: str, row: Row) -> str | None:
    kind = {"Person": "person", "Award": "award"}.get(row["object_type"], "org")
    return None if row["object_key"] is None else f"<{base}{iris.ID}{kind}/{row['object_key']}>"


def fact_quads(facts: list[Row], base: str) -> Iterator[Quad]:
    for row in facts:
        relation = row["relation"]
        if relation is None or relation == "member":
            continue
        year = None if row["year"] is None else str(row["year"])
        identity = _digest(relation, row["person_key"], row["object_key"] or "", year or "", row["value"] or "")
        graph = _graph(base, row["doc_id"])
        detail = relation == "drafted"
        yield from _about(graph, f"<{base}{iris.FACT}{identity}>", [
            (RDF_TYPE, _iri(BB + FACT_CLASSES[relation]) if relation in FACT_CLASSES else None),
            (f"{BB}relation", _literal(relation)), (f"{BB}person", _entity(base, "Person", row["person_key"])),
            (f"{BB}object", _object(base, row)),
            (f"{BB}value", None if detail else _literal(row["value"])),
            (f"{BB}detail", _literal(row["value"]) if detail else None),
            (f"{BB}year", _literal(row["year"], "gYear")), (f"{BB}evidence", _evidence(base, row)),
        ])
        yield from _evidence_quads(base, row)
        award = _object(base, row)
        if row["object_type"] == "Award" and award is not None:
            yield from _about(graph, award, [(RDF_TYPE, f"<{BB}Award>"), (RDFS_LABEL, _literal(row["object_label"]))])


def reference_quads(organizations: list[Row], base: str) -> Iterator[Quad]:
    graph = f"<{base}{iris.REFERENCE_GRAPH}>"
    for row in organizations:
        org = f"<{base}{iris.ORG}{row['key']}>"
        yield from _about(graph, org, [
            (RDF_TYPE, _iri(BB + row["type"]) if row["type"] is not None else None),
            (RDFS_LABEL, _literal(row["label"])),
            (f"{BB}level", _literal(row["level"])), (f"{BB}affiliateOf", _entity(base, "Team", row["parent"])),
            (f"{BB}affiliatedFrom", _literal(row["parent_from"], "gYear")),
            (f"{BB}affiliatedUntil", _literal(row["parent_to"], "gYear")),
            (f"{BB}inLeague", _entity(base, "Team", row["league"])),
        ])
        for alias in row["aliases"] or []:
            yield org, f"<{BB}alias>", _literal(alias) or "", graph


def _read(folder: Path) -> list[Row]:
    return pq.read_table(folder).to_pylist()


def map_records(records_dir: Path, base: str) -> set[str]:
    """The records written by benchmarks/mapping.py -> distinct N-Quads lines, as the build makes them."""
    facts = _read(records_dir / "facts")
    quads = itertools.chain(
        article_quads(_read(records_dir / "articles"), base), mention_quads(_read(records_dir / "mentions"), base),
        membership_quads(facts, base), fact_quads(facts, base),
        reference_quads(_read(records_dir / "organizations"), base),
    )
    lines: set[str] = set()  # only the distinct lines are ever held: 100,000 articles make ~16M quads
    for s, p, o, g in quads:
        lines.add(f"{s} {p} {o} {g} .")
        lines.add(f"{s} {p} {o} .")
    return lines


def save_lines(lines: set[str], path: Path) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.writelines(line + "\n" for line in lines)
