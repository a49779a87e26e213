"""The SHACL subset validator, constraint by constraint, on a tiny store."""

from pathlib import Path
from typing import Any

import pyshacl
import pytest
import rdflib
from pyoxigraph import Literal, NamedNode, Quad, QueryTriples, RdfFormat, Store

from store.builds import open_current
from store.validate import ShapeViolationError, UnsupportedShapeError, find_violations, read_shapes, validate_store
from vocab.config import PROJECT_ROOT
from vocab.namespaces import SH

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


def _union_triples(store: Store) -> bytes:
    """Every triple of every graph of `store`, as N-Triples: what the validator reads as the default graph."""
    triples = store.query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", use_default_graph_as_union=True)
    assert isinstance(triples, QueryTriples)
    return triples.serialize(format=RdfFormat.N_TRIPLES) or b""


def _pyshacl_violations(triples: bytes, shapes_file: Path) -> set[tuple[str, str, str]]:
    """(focus node, path, constraint component) of every result pySHACL, a full SHACL engine, reports."""
    data = rdflib.Graph().parse(data=triples, format="nt")
    conforms, report, _ = pyshacl.validate(data, shacl_graph=rdflib.Graph().parse(shapes_file, format="turtle"),
                                           inference="none")
    sh = rdflib.Namespace(SH)
    found = {(str(report.value(result, sh.focusNode)), str(report.value(result, sh.resultPath)),
              str(report.value(result, sh.sourceConstraintComponent)))
             for result in report.subjects(rdflib.RDF.type, sh.ValidationResult)}
    assert conforms == (not found)
    return found


def _our_violations(store: Store, shapes_file: Path) -> set[tuple[str, str, str]]:
    def component(kind: str) -> str:
        return f"{SH}{kind[0].upper()}{kind[1:]}ConstraintComponent"  # minCount -> sh:MinCountConstraintComponent

    return {(v.focus, v.constraint.path, component(v.constraint.kind))
            for v in find_violations(store, read_shapes(shapes_file))}


# One break per constraint kind the project's shapes use, each on the first node of its kind in IRI order.
BREAKS = """
PREFIX bb: <https://bbkg.example.org/ontology#> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
DELETE { ?p rdfs:label ?l } WHERE { { SELECT ?p WHERE { ?p a bb:Person } ORDER BY ?p LIMIT 1 } ?p rdfs:label ?l } ;
INSERT { ?a bb:fileName "second.txt" } WHERE { { SELECT ?a WHERE { ?a a bb:Article } ORDER BY ?a LIMIT 1 } } ;
DELETE { ?e bb:startOffset ?o } INSERT { ?e bb:startOffset "twelve" }
  WHERE { { SELECT ?e WHERE { ?e a bb:Evidence } ORDER BY ?e LIMIT 1 } ?e bb:startOffset ?o } ;
DELETE { ?a bb:sha256 ?h } INSERT { ?a bb:sha256 "not-a-hash" }
  WHERE { { SELECT ?a WHERE { ?a a bb:Article } ORDER BY DESC(?a) LIMIT 1 } ?a bb:sha256 ?h } ;
DELETE { ?m bb:organization ?o } INSERT { ?m bb:organization ?a }
  WHERE { { SELECT ?m WHERE { ?m a bb:Membership } ORDER BY ?m LIMIT 1 } ?m bb:organization ?o
          { SELECT ?a WHERE { ?a a bb:Article } ORDER BY ?a LIMIT 1 } }
"""


def test_the_validator_finds_what_pyshacl_finds_on_the_seeds(seeds_build: tuple[Path, Any]) -> None:
    """The SPARQL-based check against a full SHACL engine, with the project's shapes: the seeds build as built
    (no violation for either), then broken once per constraint kind (the same violations, each kind found)."""
    shapes_file = PROJECT_ROOT / "ontology" / "shapes.ttl"
    built, _ = open_current(seeds_build[0])
    triples = _union_triples(built)
    store = Store()
    store.load(triples, format=RdfFormat.N_TRIPLES)
    assert _our_violations(store, shapes_file) == _pyshacl_violations(triples, shapes_file) == set()
    store.update(BREAKS)
    ours = _our_violations(store, shapes_file)
    assert ours == _pyshacl_violations(_union_triples(store), shapes_file)
    assert {component.rsplit("#", 1)[1] for _, _, component in ours} == {
        "MinCountConstraintComponent", "MaxCountConstraintComponent", "DatatypeConstraintComponent",
        "PatternConstraintComponent", "ClassConstraintComponent"}
