"""The SHACL subset validator, constraint by constraint, on a tiny store."""

from pathlib import Path

import pytest
from pyoxigraph import Literal, NamedNode, Quad, Store

from store.validate import ShapeViolationError, UnsupportedShapeError, validate_store

EX = "https://e.org/"
PREFIXES = (f"@prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ex: <{EX}> . "
            "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n")


def store_with(*triples: tuple) -> Store:
    store = Store()
    for s, p, o in triples:
        store.add(Quad(NamedNode(EX + s), NamedNode(p if p.startswith("http") else EX + p),
                       o if not isinstance(o, str) else NamedNode(EX + o)))
    return store


TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
SUBCLASS = "http://www.w3.org/2000/01/rdf-schema#subClassOf"


def shapes(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "shapes.ttl"
    path.write_text(PREFIXES + f"ex:S a sh:NodeShape ; sh:targetClass ex:Person ; {body} .", encoding="utf-8")
    return path


@pytest.mark.parametrize("constraint, good, bad", [
    ("sh:minCount 1", [("a", "name", Literal("Ann"))], []),
    ("sh:maxCount 1", [("a", "name", Literal("Ann"))], [("a", "name", Literal("Anna"))]),
    ("sh:datatype xsd:string", [("a", "name", Literal("Ann"))], [("b", TYPE, "Person"), ("b", "name", Literal("1",
                                                                  datatype=NamedNode(EX + "int")))]),
    ("sh:pattern \"^A\"", [("a", "name", Literal("Ann"))], [("b", TYPE, "Person"), ("b", "name", Literal("Bo"))]),
])
def test_each_constraint_passes_and_fails(tmp_path: Path, constraint: str, good: list, bad: list) -> None:
    path = shapes(tmp_path, f"sh:property [ sh:path ex:name ; {constraint} ]")
    base = [("a", TYPE, "Person")]
    assert validate_store(store_with(*base, *good), path) == 1
    failing = bad or [("c", TYPE, "Person")]  # minCount: a person without a name
    with pytest.raises(ShapeViolationError, match="sh:"):
        validate_store(store_with(*base, *good, *failing), path)


def test_class_follows_subclasses(tmp_path: Path) -> None:
    path = shapes(tmp_path, "sh:property [ sh:path ex:team ; sh:class ex:Organization ]")
    good = store_with(("a", TYPE, "Person"), ("a", "team", "mets"), ("mets", TYPE, "Team"),
                      ("Team", SUBCLASS, "Organization"))
    assert validate_store(good, path) == 1
    bad = store_with(("a", TYPE, "Person"), ("a", "team", "bob"), ("bob", TYPE, "Person"))
    with pytest.raises(ShapeViolationError, match="sh:class"):
        validate_store(bad, path)


def test_a_target_class_takes_in_its_subclasses(tmp_path: Path) -> None:
    """As SHACL says: a node of a subclass is a focus node of the shape for its superclass."""
    path = shapes(tmp_path, "sh:property [ sh:path ex:name ; sh:minCount 1 ]")
    nameless_pitcher = store_with(("Pitcher", SUBCLASS, "Player"), ("Player", SUBCLASS, "Person"),
                                  ("a", TYPE, "Pitcher"))
    with pytest.raises(ShapeViolationError, match=f"<{EX}a> <{EX}name>: sh:minCount 1"):
        validate_store(nameless_pitcher, path)


def test_counts_are_checked_together_and_reported_apart(tmp_path: Path) -> None:
    path = shapes(tmp_path, "sh:property [ sh:path ex:name ; sh:minCount 2 ; sh:maxCount 3 ]")
    assert validate_store(store_with(("a", TYPE, "Person"), ("a", "name", Literal("A")),
                                     ("a", "name", Literal("B"))), path) == 2
    with pytest.raises(ShapeViolationError, match="in 2 places") as raised:
        validate_store(store_with(("a", TYPE, "Person"), ("a", "name", Literal("A")), ("b", TYPE, "Person"),
                                  *[("b", "name", Literal(n)) for n in "BCDE"]), path)
    assert f"<{EX}a> <{EX}name>: sh:minCount 2" in str(raised.value)
    assert f"<{EX}b> <{EX}name>: sh:maxCount 3" in str(raised.value)


def test_unsupported_constraints_are_refused_not_ignored(tmp_path: Path) -> None:
    path = shapes(tmp_path, "sh:property [ sh:path ex:name ; sh:minLength 2 ]")
    with pytest.raises(UnsupportedShapeError, match="minLength"):
        validate_store(store_with(("a", TYPE, "Person")), path)


def test_a_paths_constraints_are_checked_together_and_only_on_focus_nodes(tmp_path: Path) -> None:
    """One grouped pass tests every constraint of a path; a subject outside the targets is not judged."""
    path = shapes(tmp_path, "sh:property [ sh:path ex:name ; sh:maxCount 1 ; sh:datatype xsd:string ; "
                            "sh:pattern \"^A\" ]")
    club_named_badly = [("mets", TYPE, "Club"), ("mets", "name", Literal("Mets")), ("mets", "name", Literal("NYM"))]
    assert validate_store(store_with(("a", TYPE, "Person"), ("a", "name", Literal("Ann")), *club_named_badly),
                          path) == 3
    with pytest.raises(ShapeViolationError, match="in 4 places") as raised:
        validate_store(store_with(("a", TYPE, "Person"), ("a", "name", Literal("Ann")), ("a", "name", Literal("7",
                       datatype=NamedNode(EX + "int"))), ("b", TYPE, "Person"), ("b", "name", Literal("Bo"))), path)
    assert f"<{EX}a> <{EX}name>: sh:maxCount 1" in str(raised.value)
    assert f"<{EX}a> <{EX}name>: sh:datatype http://www.w3.org/2001/XMLSchema#string" in str(raised.value)
    assert f"<{EX}a> <{EX}name>: sh:pattern ^A" in str(raised.value)
    assert f"<{EX}b> <{EX}name>: sh:pattern ^A" in str(raised.value)
