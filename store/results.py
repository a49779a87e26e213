"""SPARQL results serialized from a (possibly truncated) list of solutions: JSON, XML, CSV, TSV.

pyoxigraph serializes only a whole result iterator; a row cap needs its own writer.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape, quoteattr

from pyoxigraph import BlankNode, Literal, NamedNode, Triple

from vocab.namespaces import SPARQL_RESULTS, XSD_STRING

Row = Sequence[Any]  # one term (or None) per variable


def _json_term(term: Any) -> dict[str, Any]:
    if isinstance(term, NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, Literal):
        out: dict[str, Any] = {"type": "literal", "value": term.value}
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value != XSD_STRING:
            out["datatype"] = term.datatype.value
        return out
    if isinstance(term, Triple):
        return {"type": "triple", "value": {"subject": _json_term(term.subject),
                                            "predicate": _json_term(term.predicate),
                                            "object": _json_term(term.object)}}
    raise TypeError(f"unexpected term {term!r}")


def to_json(variables: list[str], rows: Sequence[Row]) -> bytes:
    bindings = [{v: _json_term(t) for v, t in zip(variables, row, strict=True) if t is not None} for row in rows]
    return json.dumps({"head": {"vars": variables}, "results": {"bindings": bindings}},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_XML_CONTROL = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}  # kept exactly, not normalised by the reader


def _xml_text(text: str) -> str:
    return escape(text, _XML_CONTROL)


def _xml_term(term: Any) -> str:
    if isinstance(term, NamedNode):
        return f"<uri>{escape(term.value)}</uri>"
    if isinstance(term, BlankNode):
        return f"<bnode>{escape(term.value)}</bnode>"
    if isinstance(term, Literal):
        if term.language:
            return f"<literal xml:lang={quoteattr(term.language)}>{_xml_text(term.value)}</literal>"
        if term.datatype.value != XSD_STRING:
            return f"<literal datatype={quoteattr(term.datatype.value)}>{_xml_text(term.value)}</literal>"
        return f"<literal>{_xml_text(term.value)}</literal>"
    if isinstance(term, Triple):
        return (f"<triple><subject>{_xml_term(term.subject)}</subject><predicate>{_xml_term(term.predicate)}"
                f"</predicate><object>{_xml_term(term.object)}</object></triple>")
    raise TypeError(f"unexpected term {term!r}")


def to_xml(variables: list[str], rows: Sequence[Row]) -> bytes:
    parts = [f'<?xml version="1.0"?>\n<sparql xmlns="{SPARQL_RESULTS}"><head>']
    parts += [f"<variable name={quoteattr(v)}/>" for v in variables]
    parts.append("</head><results>")
    for row in rows:
        parts.append("<result>")
        parts += [f"<binding name={quoteattr(v)}>{_xml_term(t)}</binding>"
                  for v, t in zip(variables, row, strict=True) if t is not None]
        parts.append("</result>")
    parts.append("</results></sparql>\n")
    return "".join(parts).encode("utf-8")


def _csv_value(term: Any) -> str:
    if term is None:
        return ""
    if isinstance(term, BlankNode):
        return f"_:{term.value}"
    if isinstance(term, (NamedNode, Literal)):
        return term.value
    return str(term)


def to_csv(variables: list[str], rows: Sequence[Row]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(variables)
    writer.writerows([_csv_value(t) for t in row] for row in rows)
    return out.getvalue().encode("utf-8")


def _tsv_term(term: Any) -> str:
    # TSV cells are terms in N-Triples syntax, which str() of a pyoxigraph term gives, but for triple terms.
    if term is None:
        return ""
    if isinstance(term, Triple):
        return f"<<( {_tsv_term(term.subject)} {_tsv_term(term.predicate)} {_tsv_term(term.object)} )>>"
    return str(term)


def to_tsv(variables: list[str], rows: Sequence[Row]) -> bytes:
    lines = ["\t".join(f"?{v}" for v in variables)]
    lines += ["\t".join(_tsv_term(t) for t in row) for row in rows]
    return ("\n".join(lines) + "\n").encode("utf-8")


SOLUTION_WRITERS: dict[str, Callable[[list[str], Sequence[Row]], bytes]] = {  # by format name (bbkg/formats.py)
    "json": to_json, "xml": to_xml, "csv": to_csv, "tsv": to_tsv,
}
