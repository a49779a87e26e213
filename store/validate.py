"""Checking a built store against SHACL shapes, as SPARQL queries on the store itself.

Supports the SHACL Core constraints the project's shapes use (sh:targetClass, which takes in the instances
of its subclasses; property shapes with a single-IRI sh:path and sh:minCount, sh:maxCount, sh:datatype,
sh:class, sh:pattern). A shapes file that uses anything else is refused, never half-checked.

Every check is written so that its cost grows with the data, not faster, and touches the big sets once:
a path's values are grouped by subject in one query that tests all of that path's counts, datatypes and
patterns together, and only the subjects that break something are then matched to the focus nodes. The
focus nodes without any value come from one anti-join (MINUS), which Oxigraph evaluates by hashing; written
as plain joined patterns, Oxigraph would look the values up focus node by focus node.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
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


@dataclass(frozen=True)
class Violation:
    focus: str  # the focus node's IRI
    constraint: PropertyConstraint

    def __str__(self) -> str:
        return self.constraint.describe(self.focus)


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


def _is_focus(store: Store, targets: tuple[str, ...]) -> str:
    """Patterns keeping the ?focus that are instances of the targets: for matching a few candidates."""
    return f"VALUES ?target {{ {_with_subclasses(store, targets)} }} ?focus a ?target"


def _focus_nodes(store: Store, targets: tuple[str, ...]) -> str:
    """A subquery reading all the focus nodes once, for Oxigraph to join by hashing."""
    return f"{{ SELECT DISTINCT ?focus WHERE {{ {_is_focus(store, targets)} }} }}"


def _breaks(c: PropertyConstraint) -> str:
    """An expression true when the value ?v breaks the datatype or pattern constraint `c`."""
    if c.kind == "datatype":
        return f"!isLiteral(?v) || DATATYPE(?v) != {NamedNode(c.value)}"
    if c.kind == "pattern":
        return f"!REGEX(STR(?v), {Literal(c.value)})"
    raise UnsupportedShapeError(f"constraint {c.kind} is not supported")


def _path_violations(store: Store, group: list[PropertyConstraint]) -> list[Violation]:
    """The counts, datatypes and patterns of one shape's path, in one pass over the path's values.

    The values are grouped by subject first and only the subjects that break something are matched to
    the focus nodes, so the costly join is on a handful of rows. A value whose test cannot be evaluated
    (STR of a blank node) counts as breaking it, as in SHACL.
    """
    targets, path = group[0].targets, group[0].path
    least = max((int(c.value) for c in group if c.kind == "minCount"), default=0)
    most = min((int(c.value) for c in group if c.kind == "maxCount"), default=None)
    tested = [c for c in group if c.kind in ("datatype", "pattern")]
    sums = " ".join(f"(SUM(COALESCE(IF({_breaks(c)}, 1, 0), 1)) AS ?broken{i})" for i, c in enumerate(tested))
    # HAVING is evaluated before the projection names the aggregates, so it repeats them.
    outside = ([f"COUNT(DISTINCT ?v) < {least}"] * bool(least) + [f"COUNT(DISTINCT ?v) > {most}"] * (most is not None)
               + [f"SUM(COALESCE(IF({_breaks(c)}, 1, 0), 1)) > 0" for c in tested])
    rows: list[dict[str, str]] = []
    if outside:
        rows += select_rows(store, f"SELECT DISTINCT ?focus ?n {' '.join(f'?broken{i}' for i in range(len(tested)))} "
                                   f"WHERE {{ {{ SELECT ?focus (COUNT(DISTINCT ?v) AS ?n) {sums} "
                                   f"WHERE {{ ?focus {NamedNode(path)} ?v }} GROUP BY ?focus "
                                   f"HAVING ({' || '.join(outside)}) }} {_is_focus(store, targets)} }}")
    if least:  # the focus nodes without any value, which the grouping above cannot see
        rows += [{**row, "n": "0"} for row in select_rows(
            store, f"SELECT ?focus WHERE {{ {_focus_nodes(store, targets)} MINUS {{ ?focus {NamedNode(path)} ?v }} }}")]
    problems = []
    for row in rows:
        n = int(row["n"])
        problems += [Violation(row["focus"], c) for c in group
                     if (c.kind == "minCount" and n < int(c.value)) or (c.kind == "maxCount" and n > int(c.value))]
        problems += [Violation(row["focus"], c) for i, c in enumerate(tested) if int(row.get(f"broken{i}", "0")) > 0]
    return problems


def _class_violations(store: Store, c: PropertyConstraint) -> list[Violation]:
    """The focus nodes with a value of `c.path` that is not an instance of `c.value` or of its subclasses."""
    query = (f"SELECT DISTINCT ?focus WHERE {{ {{ SELECT DISTINCT ?focus WHERE {{ ?focus {NamedNode(c.path)} ?v "
             f"MINUS {{ VALUES ?k {{ {_with_subclasses(store, (c.value,))} }} ?v a ?k }} }} }} "
             f"{_is_focus(store, c.targets)} }}")
    return [Violation(row["focus"], c) for row in select_rows(store, query)]


def find_violations(store: Store, constraints: list[PropertyConstraint]) -> list[Violation]:
    """Every place the default graph (the union of all graphs, ontology included) breaks one of `constraints`."""
    by_path: dict[tuple[tuple[str, ...], str], list[PropertyConstraint]] = defaultdict(list)
    for c in constraints:
        if c.kind != "class":
            by_path[(c.targets, c.path)].append(c)
    checks: list[Callable[[], list[Violation]]] = [partial(_path_violations, store, group)
                                                   for group in by_path.values()]
    checks += [partial(_class_violations, store, c) for c in constraints if c.kind == "class"]
    # Oxigraph evaluates a query without holding the GIL, so the checks run side by side on every core.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return [problem for found in pool.map(lambda check: check(), checks) for problem in found]


def validate_store(store: Store, shapes_file: Path) -> int:
    """Check the default graph against `shapes_file`.

    Returns the number of constraints checked; raises ShapeViolationError with a readable report.
    """
    constraints = read_shapes(shapes_file)
    problems = sorted(str(violation) for violation in find_violations(store, constraints))
    if problems:
        shown = "\n  ".join(problems[:MAX_REPORTED])
        more = f"\n  ... and {len(problems) - MAX_REPORTED} more" if len(problems) > MAX_REPORTED else ""
        raise ShapeViolationError(f"the built graph violates {shapes_file.name} in {len(problems)} places; "
                                  f"the previous store stays in service:\n  {shown}{more}")
    return len(constraints)
