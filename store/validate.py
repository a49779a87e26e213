"""Checking a built store against SHACL shapes, as SPARQL queries on the store itself.

Supports the SHACL Core constraints the project's shapes use (sh:targetClass, which takes in the instances
of its subclasses; property shapes with a single-IRI sh:path and sh:minCount, sh:maxCount, sh:datatype,
sh:class, sh:pattern). A shapes file that uses anything else is refused, never half-checked.

Every check is written so that its cost grows with the data, not faster: the focus nodes and a path's
values are each read in a subquery of their own, which Oxigraph then joins by hashing. Written as plain
joined patterns, Oxigraph looks the values up focus node by focus node, and the check grew 62× for 10× the
articles. The counts of one path are checked in one query, the others one per constraint.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from pyoxigraph import Literal, NamedNode, RdfFormat, Store, parse

from vocab.errors import UserError
from vocab.namespaces import RDFS_SUBCLASS_OF, SH
from store.select import select_rows

SUPPORTED = {f"{SH}{name}" for name in ("path", "minCount", "maxCount", "datatype", "class", "pattern",
                                          "message", "name", "description")}
MAX_REPORTED = 20


class ShapeViolationError(UserError, ValueError):
    """The built graph does not conform to the shapes; the message lists the violations."""


class UnsupportedShapeError(UserError, ValueError):
    """The shapes use a SHACL feature this validator does not check."""


@dataclass(frozen=True)
class PropertyConstraint:
    targets: tuple[str, ...]  # the shape's target classes
    path: str
    kind: str  # minCount, maxCount, datatype, class, pattern
    value: str

    def describe(self, focus: str) -> str:
        shape_for = ", ".join(f"<{t}>" for t in self.targets)
        return f"<{focus}> <{self.path}>: sh:{self.kind} {self.value} (shape for {shape_for})"


def read_shapes(shapes_file: Path) -> list[PropertyConstraint]:
    """The constraints of a shapes file, one per (shape, path, constraint)."""
    triples = [q.triple for q in parse(path=str(shapes_file), format=RdfFormat.TURTLE)]
    by_subject: dict[object, list[tuple[str, object]]] = {}
    for t in triples:
        by_subject.setdefault(t.subject, []).append((t.predicate.value, t.object))
    constraints = []
    for subject, statements in by_subject.items():
        targets = tuple(sorted(str(o.value) for p, o in statements
                               if p == f"{SH}targetClass" and isinstance(o, NamedNode)))
        for predicate, obj in statements:
            if predicate in (f"{SH}targetNode", f"{SH}targetSubjectsOf", f"{SH}targetObjectsOf", f"{SH}sparql"):
                raise UnsupportedShapeError(f"{shapes_file.name}: {predicate} is not supported; use sh:targetClass")
            if predicate != f"{SH}property" or not targets:
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
                constraints.append(PropertyConstraint(targets, paths[0].value, p[len(SH):], o.value))
    return constraints


def _with_subclasses(store: Store, classes: tuple[str, ...]) -> str:
    """The classes and all their subclasses, as the terms of a VALUES block."""
    found = set(classes)
    for cls in classes:
        rows = select_rows(store, f"SELECT DISTINCT ?c WHERE {{ ?c {NamedNode(RDFS_SUBCLASS_OF)}* {NamedNode(cls)} }}")
        found.update(r["c"] for r in rows)
    return " ".join(str(NamedNode(c)) for c in sorted(found))


def _focus_nodes(store: Store, c: PropertyConstraint) -> str:
    return f"{{ SELECT DISTINCT ?focus WHERE {{ VALUES ?target {{ {_with_subclasses(store, c.targets)} }} " \
           "?focus a ?target } }"


def _values(c: PropertyConstraint, condition: str = "") -> str:
    return f"{{ SELECT ?focus ?v WHERE {{ ?focus {NamedNode(c.path)} ?v {condition} }} }}"


def _count_violations(store: Store, counted: list[PropertyConstraint]) -> list[str]:
    """One query for the minCount and maxCount of one path: each focus node's number of distinct values."""
    least = max((int(c.value) for c in counted if c.kind == "minCount"), default=0)
    most = min((int(c.value) for c in counted if c.kind == "maxCount"), default=None)
    # HAVING is evaluated before the projection names the count, so it repeats the aggregate.
    count = "COUNT(DISTINCT ?v)"
    outside = " || ".join([f"{count} < {least}"] * bool(least) + [f"{count} > {most}"] * (most is not None))
    query = (f"SELECT ?focus ({count} AS ?n) WHERE {{ {_focus_nodes(store, counted[0])} "
             f"OPTIONAL {_values(counted[0])} }} GROUP BY ?focus HAVING ({outside})")
    problems = []
    for row in select_rows(store, query):
        n = int(row["n"])
        problems += [c.describe(row["focus"]) for c in counted
                     if (c.kind == "minCount" and n < int(c.value)) or (c.kind == "maxCount" and n > int(c.value))]
    return problems


def _value_condition(store: Store, c: PropertyConstraint) -> str:
    """A filter keeping the values of ?v that break `c`."""
    if c.kind == "datatype":
        return f"FILTER(!isLiteral(?v) || DATATYPE(?v) != {NamedNode(c.value)})"
    if c.kind == "pattern":
        return f"FILTER(!REGEX(STR(?v), {Literal(c.value)}))"
    if c.kind == "class":
        return f"MINUS {{ VALUES ?k {{ {_with_subclasses(store, (c.value,))} }} ?v a ?k }}"
    raise UnsupportedShapeError(f"constraint {c.kind} is not supported")


def _value_violations(store: Store, c: PropertyConstraint) -> list[str]:
    query = (f"SELECT DISTINCT ?focus WHERE {{ {_focus_nodes(store, c)} "
             f"{_values(c, _value_condition(store, c))} }}")
    return [c.describe(row["focus"]) for row in select_rows(store, query)]


def validate_store(store: Store, shapes_file: Path) -> int:
    """Check the default graph (the union of all graphs, ontology included) against `shapes_file`.

    Returns the number of constraints checked; raises ShapeViolationError with a readable report.
    """
    constraints = read_shapes(shapes_file)
    counted: dict[tuple[tuple[str, ...], str], list[PropertyConstraint]] = defaultdict(list)
    problems: list[str] = []
    for c in constraints:
        if c.kind in ("minCount", "maxCount"):
            counted[(c.targets, c.path)].append(c)
        else:
            problems += _value_violations(store, c)
    for group in counted.values():
        problems += _count_violations(store, group)
    if problems:
        problems.sort()
        shown = "\n  ".join(problems[:MAX_REPORTED])
        more = f"\n  ... and {len(problems) - MAX_REPORTED} more" if len(problems) > MAX_REPORTED else ""
        raise ShapeViolationError(f"the built graph violates {shapes_file.name} in {len(problems)} places; "
                                  f"the previous store stays in service:\n  {shown}{more}")
    return len(constraints)
