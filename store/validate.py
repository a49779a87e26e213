"""Checking a built store against the SHACL shapes before it is published."""

from __future__ import annotations

import io
from pathlib import Path

from pyoxigraph import Store

from store.dumps import dump_store

MAX_REPORTED = 20


class ShapeViolationError(ValueError):
    """The built graph does not conform to the shapes; the message lists the violations."""


def validate_store(store: Store, shapes_file: Path) -> int:
    """Validate the union of all graphs (ontology included, for subclasses) against `shapes_file`.

    Returns the number of triples checked; raises ShapeViolationError with a readable report.
    """
    import rdflib
    from pyshacl import validate

    data = io.BytesIO()
    dump_store(store, "ntriples", data)
    graph = rdflib.Graph()
    graph.parse(data=data.getvalue(), format="nt")
    shapes = rdflib.Graph().parse(shapes_file, format="turtle")
    conforms, report, _ = validate(graph, shacl_graph=shapes, inference="none", allow_warnings=True)
    if not conforms:
        sh = rdflib.Namespace("http://www.w3.org/ns/shacl#")
        results = sorted(
            f"<{report.value(node, sh.focusNode)}> {report.value(node, sh.resultPath) or ''}: "
            f"{report.value(node, sh.resultMessage)}"
            for node in report.subjects(rdflib.RDF.type, sh.ValidationResult))
        shown = "\n  ".join(results[:MAX_REPORTED])
        more = f"\n  ... and {len(results) - MAX_REPORTED} more" if len(results) > MAX_REPORTED else ""
        raise ShapeViolationError(f"the built graph violates {shapes_file.name} in {len(results)} places; "
                                  f"the previous store stays in service:\n  {shown}{more}")
    return len(graph)
