"""Describing the service and the dataset: a SPARQL service description and a VoID description."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, render_template, request, url_for
from pyoxigraph import BlankNode, Literal, NamedNode, Triple, serialize

from server.context import current_store, setting, store_dir
from vocab import iris, namespaces
from vocab.formats import GRAPH_BY_MEDIA_TYPE, HTML
from server.media import GRAPH_TYPES, GRAPHS_FOR_BROWSERS, best_match
from store.builds import build_summary

bp = Blueprint("descriptions", __name__)

RDF_TYPE = NamedNode(namespaces.RDF_TYPE)
SD = namespaces.SD
VOID = namespaces.VOID
FORMATS = namespaces.FORMATS
XSD_INTEGER = NamedNode(namespaces.XSD_INTEGER)
PREFIXES = {"sd": SD, "void": VOID, "formats": FORMATS, "dcterms": namespaces.DCTERMS}


def _count(n: int) -> Literal:
    return Literal(str(n), datatype=XSD_INTEGER)


def _rdf_response(triples: list[Triple]) -> Response:
    media_type = best_match(request.accept_mimetypes, GRAPH_TYPES, GRAPHS_FOR_BROWSERS)
    if media_type is None:
        return Response(f"this description can be sent as {', '.join(GRAPH_TYPES)}\n", status=406,
                        mimetype="text/plain")
    prefixes = PREFIXES if GRAPH_BY_MEDIA_TYPE[media_type].keeps_prefixes else None
    body = serialize(triples, format=GRAPH_TYPES[media_type], prefixes=prefixes)
    return Response(body, mimetype=media_type, headers={"Vary": "Accept"})


def _statistics() -> dict[str, Any]:
    statistics: dict[str, Any] = build_summary(store_dir()).get("statistics", {})
    return statistics


def service_description() -> Response:
    """The sd:Service at the endpoint: languages, result formats, features and the default dataset."""
    endpoint = NamedNode(url_for("sparql.sparql", _external=True))
    triples = [Triple(endpoint, RDF_TYPE, NamedNode(f"{SD}Service")),
               Triple(endpoint, NamedNode(f"{SD}endpoint"), endpoint),
               Triple(endpoint, NamedNode(f"{SD}supportedLanguage"), NamedNode(f"{SD}SPARQL11Query"))]
    if setting("update_token"):
        triples.append(Triple(endpoint, NamedNode(f"{SD}supportedLanguage"), NamedNode(f"{SD}SPARQL11Update")))
    # The default graph is the union of the named graphs, materialized by the build.
    triples.append(Triple(endpoint, NamedNode(f"{SD}feature"), NamedNode(f"{SD}UnionDefaultGraph")))
    for name in ("SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV", "SPARQL_Results_TSV",
                 "Turtle", "N-Triples", "RDF_XML", "JSON-LD", "N-Quads", "TriG"):
        triples.append(Triple(endpoint, NamedNode(f"{SD}resultFormat"), NamedNode(f"{FORMATS}{name}")))
    dataset = BlankNode("dataset")
    default_graph = BlankNode("defaultGraph")
    statistics = _statistics()
    triples += [Triple(endpoint, NamedNode(f"{SD}defaultDataset"), dataset),
                Triple(dataset, RDF_TYPE, NamedNode(f"{SD}Dataset")),
                Triple(dataset, NamedNode(f"{SD}defaultGraph"), default_graph),
                Triple(default_graph, RDF_TYPE, NamedNode(f"{SD}Graph")),
                Triple(default_graph, NamedNode(f"{VOID}triples"), _count(statistics.get("triples", 0)))]
    for i, (graph, size) in enumerate(sorted(statistics.get("graphs", {}).items())):
        named, described = BlankNode(f"named{i}"), BlankNode(f"graph{i}")
        triples += [Triple(dataset, NamedNode(f"{SD}namedGraph"), named),
                    Triple(named, NamedNode(f"{SD}name"), NamedNode(graph)),
                    Triple(named, NamedNode(f"{SD}graph"), described),
                    Triple(described, NamedNode(f"{VOID}triples"), _count(size))]
    return _rdf_response(triples)


@bp.route("/ontology")
def ontology() -> Response | str:
    """The ontology at its namespace IRI: Turtle (or any RDF format) for programs, a page for people."""
    graph = NamedNode(setting("base_iri") + iris.ONTOLOGY_GRAPH)
    triples = [q.triple for q in current_store().quads_for_pattern(None, None, None, graph)]
    if request.accept_mimetypes.best == HTML:
        return render_template("ontology.html", terms=_terms(triples))
    return _rdf_response(sorted(triples, key=str))


def _terms(triples: list[Triple]) -> list[dict[str, Any]]:
    """Classes and properties of the ontology with their labels, comments and parents, for the page."""
    by_subject: dict[str, dict[str, Any]] = {}
    for t in triples:
        if not isinstance(t.subject, NamedNode) or "#" not in t.subject.value or isinstance(t.object, Triple):
            continue
        term = by_subject.setdefault(t.subject.value, {"iri": t.subject.value, "name": t.subject.value.split("#")[1],
                                                       "kind": "", "label": "", "comment": "", "parents": []})
        predicate = t.predicate.value.rsplit("#", 1)[-1]
        if predicate == "type":
            term["kind"] = t.object.value.rsplit("#", 1)[-1]
        elif predicate in ("label", "comment"):
            term[predicate] = t.object.value
        elif predicate in ("subClassOf", "subPropertyOf"):
            term["parents"].append(t.object.value)
    order = {"Class": 0, "ObjectProperty": 1, "DatatypeProperty": 2}
    return sorted((t for t in by_subject.values() if t["kind"]), key=lambda t: (order.get(t["kind"], 3), t["name"]))


@bp.route("/.well-known/void")
def void() -> Response:
    """The VoID description of the dataset: size, entities, classes, named graphs, where to query and dump it."""
    statistics = _statistics()
    dataset = NamedNode(url_for("descriptions.void", _external=True) + "#dataset")
    triples = [
        Triple(dataset, RDF_TYPE, NamedNode(f"{VOID}Dataset")),
        Triple(dataset, NamedNode(namespaces.DCTERMS + "title"), Literal("bbkg baseball knowledge graph")),
        Triple(dataset, NamedNode(f"{VOID}sparqlEndpoint"), NamedNode(url_for("sparql.sparql", _external=True))),
        Triple(dataset, NamedNode(f"{VOID}dataDump"),
               NamedNode(url_for("dumps.dump", extension="nq", _external=True))),
        Triple(dataset, NamedNode(f"{VOID}uriSpace"), Literal(setting("base_iri") + iris.ID)),
    ]
    for name, key in (("triples", "triples"), ("entities", "entities"), ("classes", "classes"),
                      ("properties", "properties"), ("distinctSubjects", "subjects"),
                      ("distinctObjects", "objects")):
        triples.append(Triple(dataset, NamedNode(f"{VOID}{name}"), _count(statistics.get(key, 0))))
    for graph, size in sorted(statistics.get("graphs", {}).items()):
        subset = NamedNode(graph)
        triples += [Triple(dataset, NamedNode(f"{VOID}subset"), subset),
                    Triple(subset, RDF_TYPE, NamedNode(f"{VOID}Dataset")),
                    Triple(subset, NamedNode(f"{VOID}triples"), _count(size))]
    return _rdf_response(triples)
