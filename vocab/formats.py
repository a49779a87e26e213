"""The formats bbkg reads and writes, in one table: name (CLI), media type (HTTP), file suffix, pyoxigraph format.

Everyone looks formats up here: the CLI by name, the server by media type and URL suffix, the store by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyoxigraph import QueryResultsFormat, RdfFormat

from vocab.errors import UserError


class UnknownFormatError(UserError, ValueError):
    """A format name that is not in the table, or not one for that kind of result."""


@dataclass(frozen=True)
class Format:
    name: str
    media_type: str
    suffix: str
    rdf: RdfFormat | None = None  # for graphs (dumps, CONSTRUCT and DESCRIBE results)
    results: QueryResultsFormat | None = None  # for SELECT and ASK results

    @property
    def keeps_prefixes(self) -> bool:
        """Whether the serialization writes prefix declarations (Turtle and TriG)."""
        return self.rdf in (RdfFormat.TURTLE, RdfFormat.TRIG)


# In order of preference: the first is what a client that states no preference gets.
GRAPH_FORMATS = (
    Format("turtle", "text/turtle", "ttl", rdf=RdfFormat.TURTLE),
    Format("ntriples", "application/n-triples", "nt", rdf=RdfFormat.N_TRIPLES),
    Format("rdfxml", "application/rdf+xml", "rdf", rdf=RdfFormat.RDF_XML),
    Format("jsonld", "application/ld+json", "jsonld", rdf=RdfFormat.JSON_LD),
    Format("nquads", "application/n-quads", "nq", rdf=RdfFormat.N_QUADS),
    Format("trig", "application/trig", "trig", rdf=RdfFormat.TRIG),
)
RESULT_FORMATS = (
    Format("json", "application/sparql-results+json", "srj", results=QueryResultsFormat.JSON),
    Format("xml", "application/sparql-results+xml", "srx", results=QueryResultsFormat.XML),
    Format("csv", "text/csv", "csv", results=QueryResultsFormat.CSV),
    Format("tsv", "text/tab-separated-values", "tsv", results=QueryResultsFormat.TSV),
)
# What a browser asks for first; the pages and the entity pages at /id/... are sent as this.
HTML = "text/html"
# Generic media types clients send for results, and the format they get.
RESULT_MEDIA_TYPE_ALIASES = {"application/json": "json", "application/xml": "xml"}


def _by(formats: tuple[Format, ...], field: str) -> dict[str, Format]:
    return {getattr(f, field): f for f in formats}


GRAPH_BY_MEDIA_TYPE = _by(GRAPH_FORMATS, "media_type")
GRAPH_BY_SUFFIX = _by(GRAPH_FORMATS, "suffix")
RESULT_BY_MEDIA_TYPE = {**_by(RESULT_FORMATS, "media_type"), **{
    media_type: _by(RESULT_FORMATS, "name")[name] for media_type, name in RESULT_MEDIA_TYPE_ALIASES.items()}}


def _named(formats: tuple[Format, ...], name: str, kind: str) -> Format:
    found = _by(formats, "name").get(name)
    if found is None:
        raise UnknownFormatError(f"{name!r} is not {kind}; use one of {', '.join(f.name for f in formats)}")
    return found


def graph_format(name: str) -> Format:
    """The graph format called `name` ("turtle", "nquads", ...)."""
    return _named(GRAPH_FORMATS, name, "a graph format")


def result_format(name: str) -> Format:
    """The SELECT/ASK result format called `name` ("json", "csv", ...)."""
    return _named(RESULT_FORMATS, name, "a SELECT or ASK result format")
