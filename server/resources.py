"""Linked Data: every IRI the build mints under `<base_iri>id/` dereferences here, at `/id/...`.

A browser gets a page (an entity's names, memberships with each article's years and sentences, facts, shared
organizations, what the graph stage computed; an article's text with its mentions marked); a program gets the
resource's triples in the RDF format its Accept header asks for, or `?format=turtle|jsonld|...`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, render_template, request
from markupsafe import Markup, escape
from pyoxigraph import NamedNode

from vocab.errors import UserError
from vocab.formats import GRAPH_BY_MEDIA_TYPE, GRAPH_FORMATS, HTML, graph_format
from vocab import iris
from vocab.namespaces import BB
from server.context import lookup, metrics, setting
from server.errors import count_stopped, stopped_headers
from server.executor import QueryStopped

bp = Blueprint("resources", __name__)

# What /id/... offers, in order: a client that states no preference (curl, */*) gets Turtle.
OFFERS = [f.media_type for f in GRAPH_FORMATS[:1]] + [HTML] + [f.media_type for f in GRAPH_FORMATS[1:]]


class BadResourceRequest(UserError, ValueError):
    """An /id/... request that names no valid IRI or an unknown format; answered 400."""


class NotAcceptable(UserError, ValueError):
    """An /id/... request whose Accept header names no format the resource can be sent as; answered 406."""

    status = 406


def local_path(iri: str) -> str:
    """Where an IRI of the build is served on this server: `<base_iri>id/X` at `/id/X` and the ontology's
    terms on its page; any other IRI is left as it is."""
    path = iris.local_part(iri, setting("base_iri"))
    if path is not None:
        return "/" + path
    if iri.startswith(BB):
        return "/ontology#" + iri[len(BB):]
    return iri


def _media_type() -> str:
    """The media type to answer with: `?format=` when given (a graph format's name), else by Accept."""
    name = request.args.get("format")
    if name is not None:
        return graph_format(name).media_type  # UnknownFormatError is a UserError: 400
    if not request.accept_mimetypes:
        return OFFERS[0]
    best = request.accept_mimetypes.best_match(OFFERS)
    if best is None:
        raise NotAcceptable(f"cannot answer with any media type of Accept: {request.headers.get('Accept')}; "
                            f"this resource can be sent as {', '.join(OFFERS)}")
    return best


@bp.route("/id/<path:rest>")
def resource(rest: str) -> Response | tuple[str, int, dict[str, str]]:
    iri = setting("base_iri") + iris.ID + rest
    try:
        NamedNode(iri)
    except ValueError:
        raise BadResourceRequest(f"/id/{rest} names no valid IRI") from None
    media_type = _media_type()
    if media_type != HTML:
        return _description(iri, media_type)
    is_article = (iris.ID + rest).startswith(iris.ARTICLE)
    answer = lookup("article_page" if is_article else "resource_page", iri=iri)
    # The same URL answers programs with RDF: a shared cache must key the page on Accept too.
    vary = {"Vary": "Accept"}
    if answer.status != 200:
        return render_template("missing.html", iri=iri, message=answer.message), answer.status, vary
    if is_article:
        page = answer.value
        return render_template("article.html", article=page, marked_text=marked_text(
            page["text"], page["mentions"], page["sentences"], local_path)), 200, vary
    return render_template("entity.html", entity=answer.value), 200, vary


def _description(iri: str, media_type: str) -> Response:
    fmt = GRAPH_BY_MEDIA_TYPE[media_type]
    answer = lookup("describe", iri=iri, format_name=fmt.name, row_cap=setting("result_row_cap"))
    if answer.status != 200:
        return Response(answer.message + "\n", status=answer.status, mimetype="text/plain")
    body, count, truncated = answer.value
    headers = {"Vary": "Accept", "X-Result-Row-Cap": str(setting("result_row_cap"))}
    if truncated:
        headers["X-Result-Truncated"] = "true"
    return Response(body, mimetype=media_type, headers=headers)


@bp.errorhandler(QueryStopped)
def stopped(exc: QueryStopped) -> tuple[str, int, dict[str, str]]:
    count_stopped(metrics(), exc, "api_timeouts")
    return render_template("missing.html", iri="", message=str(exc), title="Busy",
                           heading="Not answered in time"), 503, stopped_headers(exc)


def marked_text(text: str, mentions: list[dict[str, Any]], sentences: list[dict[str, Any]],
                href: Callable[[str], str]) -> Markup:
    """The article's text as HTML: each evidence sentence a span with its fragment id (`s<start>-<end>`, the
    fragment of its IRI), each mention a link to `href(entity IRI)`. Overlapping spans keep the first."""

    def first_of_overlapping(spans: list[dict[str, Any]]) -> list[dict[str, Any]]:
        kept: list[dict[str, Any]] = []
        for span in sorted(spans, key=lambda s: (s["start"], -s["end"])):
            inside = 0 <= span["start"] < span["end"] <= len(text)
            if inside and (not kept or span["start"] >= kept[-1]["end"]):
                kept.append(span)
        return kept

    kept_sentences, kept_mentions = first_of_overlapping(sentences), first_of_overlapping(mentions)
    bounds = sorted({0, len(text)} | {s[k] for s in kept_sentences + kept_mentions for k in ("start", "end")})

    def around(spans: list[dict[str, Any]], start: int) -> dict[str, Any] | None:
        return next((s for s in spans if s["start"] <= start < s["end"]), None)

    out: list[str] = []
    open_sentence: dict[str, Any] | None = None
    open_mention: dict[str, Any] | None = None
    for start, end in zip(bounds, bounds[1:], strict=False):
        sentence, mention = around(kept_sentences, start), around(kept_mentions, start)
        if sentence is not open_sentence or mention is not open_mention:
            if open_mention is not None:
                out.append("</a>")
            if sentence is not open_sentence:
                if open_sentence is not None:
                    out.append("</span>")
                if sentence is not None:
                    out.append(f'<span class="sentence" id="s{sentence["start"]}-{sentence["end"]}">')
            if mention is not None:
                out.append(f'<a class="mention {escape(mention["type"])}" href="{escape(href(mention["iri"]))}" '
                           f'title="{escape(mention["label"])} ({escape(mention["type"])})">')
            open_sentence, open_mention = sentence, mention
        out.append(str(escape(text[start:end])))
    if open_mention is not None:
        out.append("</a>")
    if open_sentence is not None:
        out.append("</span>")
    return Markup("".join(out))
