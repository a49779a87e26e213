"""Checking a built store against SHACL shapes, as SPARQL queries on the store itself.

Supports the SHACL Core constraints the project's shapes use (sh:targetClass; property shapes
with a single-IRI sh:path and sh:minCount, sh:maxCount, sh:datatype, sh:class, sh:pattern).
A shapes file that uses anything else is refused, never half-checked. Running on Oxigraph
keeps validation fast at scale, where an rdflib-based validator needs gigabytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyoxigraph import Literal, NamedNode, RdfFormat, Store, parse

from vocab.errors import UserError
from store.select import select_rows

from vocab.namespaces import RDFS_SUBCLASS_OF as RDFS_SUBCLASS
from vocab.namespaces import SH
SUPPORTED = {f"{SH}{name}" for name in ("path", "minCount", "maxCount", "datatype", "class", "pattern",
                                          "message", "name", "description")}
MAX_REPORTED = 20


class ShapeViolationError(UserError, ValueError):
    """The built graph does not conform to the shapes; the message lists the violations."""


class UnsupportedShapeError(UserError, ValueError):
    """The shapes use a SHACL feature this validator does not check."""


@dataclass(frozen=True)
class PropertyConstraint:
    target: str
    path: str
    kind: str  # minCount, maxCount, datatype, class, pattern
    value: str


def read_shapes(shapes_file: Path) -> list[PropertyConstraint]:
    """The constraints of a shapes file, one per (target class, path, constraint)."""
    triples = [q.triple for q in parse(path=str(shapes_file), format=RdfFormat.TURTLE)]
    by_subject: dict[object, list[tuple[str, object]]] = {}
    for t in triples:
        by_subject.setdefault(t.subject, []).append((t.predicate.value, t.object))
    constraints = []
    for subject, statements in by_subject.items():
        targets = [str(o.value) for p, o in statements if p == f"{SH}targetClass" and isinstance(o, NamedNode)]
        for predicate, obj in statements:
            if predicate in (f"{SH}targetNode", f"{SH}targetSubjectsOf", f"{SH}targetObjectsOf", f"{SH}sparql"):
                raise UnsupportedShapeError(f"{shapes_file.name}: {predicate} is not supported; use sh:targetClass")
            if predicate != f"{SH}property":
                continue
            shape = by_subject.get(obj, [])
            paths = [o for p, o in shape if p == f"{SH}path"]
            if len(paths) != 1 or not isinstance(paths[0], NamedNode):
                raise UnsupportedShapeError(f"{shapes_file.name}: a property shape of {subject} needs one IRI sh:path")
            for p, o in shape:
                if not p.startswith(SH):
                    continue
                if p not in SUPPORTED:
                    raise UnsupportedShapeError(f"{shapes_file.name}: {p} is not supported by this validator "
                                                "(supported: minCount, maxCount, datatype, class, pattern)")
                if p in (f"{SH}path", f"{SH}message", f"{SH}name", f"{SH}description"):
                    continue
                assert isinstance(o, (NamedNode, Literal))
                constraints += [PropertyConstraint(target, paths[0].value, p[len(SH):], o.value) for target in targets]
    return constraints


def _subclasses(store: Store, cls: str) -> list[str]:
    rows = select_rows(store, f"SELECT DISTINCT ?c WHERE {{ ?c <{RDFS_SUBCLASS}>* <{cls}> }}")
    return sorted({cls, *(r["c"] for r in rows)})


def _violations_query(store: Store, c: PropertyConstraint) -> str:
    """A SELECT of the focus nodes that break `c`, written for Oxigraph to answer fast at scale."""
    focus = f"?focus a <{c.target}> ."
    path = f"<{c.path}>"
    if c.kind == "minCount" and int(c.value) == 1:
        return f"SELECT ?focus WHERE {{ {focus} FILTER NOT EXISTS {{ ?focus {path} ?v }} }}"
    if c.kind == "minCount":
        return (f"SELECT ?focus WHERE {{ {focus} OPTIONAL {{ ?focus {path} ?v }} }} "
                f"GROUP BY ?focus HAVING (COUNT(DISTINCT ?v) < {int(c.value)})")
    if c.kind == "maxCount":
        return (f"SELECT ?focus WHERE {{ {focus} ?focus {path} ?v }} "
                f"GROUP BY ?focus HAVING (COUNT(DISTINCT ?v) > {int(c.value)})")
    if c.kind == "datatype":
        return (f"SELECT DISTINCT ?focus WHERE {{ {focus} ?focus {path} ?v "
                f"FILTER(!isLiteral(?v) || DATATYPE(?v) != <{c.value}>) }}")
    if c.kind == "class":
        # The subclasses are resolved once, not as a property path per value.
        classes = " ".join(f"<{k}>" for k in _subclasses(store, c.value))
        return (f"SELECT DISTINCT ?focus WHERE {{ {focus} ?focus {path} ?v "
                f"FILTER NOT EXISTS {{ VALUES ?k {{ {classes} }} ?v a ?k }} }}")
    if c.kind == "pattern":
        return (f"SELECT DISTINCT ?focus WHERE {{ {focus} ?focus {path} ?v "
                f"FILTER(!REGEX(STR(?v), {Literal(c.value)})) }}")
    raise UnsupportedShapeError(f"constraint {c.kind} is not supported")


def validate_store(store: Store, shapes_file: Path) -> int:
    """Check the default graph (the union of all graphs, ontology included) against `shapes_file`.

    Returns the number of constraints checked; raises ShapeViolationError with a readable report.
    """
    constraints = read_shapes(shapes_file)
    problems: list[str] = []
    for c in constraints:
        for row in select_rows(store, _violations_query(store, c)):
            problems.append(f"<{row['focus']}> <{c.path}>: sh:{c.kind} {c.value} (shape for <{c.target}>)")
    if problems:
        problems.sort()
        shown = "\n  ".join(problems[:MAX_REPORTED])
        more = f"\n  ... and {len(problems) - MAX_REPORTED} more" if len(problems) > MAX_REPORTED else ""
        raise ShapeViolationError(f"the built graph violates {shapes_file.name} in {len(problems)} places; "
                                  f"the previous store stays in service:\n  {shown}{more}")
    return len(constraints)

