"""The pages people use: the query editor with the saved queries, search, and the connection picture.

Each page works without JavaScript for its essentials (a plain query form, search results, a table of the
connections); with it, the editor is YASGUI and the connections are drawn with cytoscape, both served from
this server's /static/vendor/ (installed from npm by `make install`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request
from werkzeug.wrappers.response import Response as BaseResponse

from vocab.errors import UserError
from vocab.namespaces import BB, NAMESPACES
from vocab.queries import saved_queries
from server.context import InputError, checked_name, current_store, lookup, setting
from server.openapi import MAX_NAMES, YEAR_RANGE
from server.resources import local_path
from store.seasons import checked_source

bp = Blueprint("pages", __name__)




@bp.app_template_filter("local")
def local_filter(iri: str) -> str:
    return local_path(iri)


@bp.app_context_processor
def page_globals() -> dict[str, Any]:
    """What every page's layout uses: whether the front-end assets are installed."""
    if "bbkg_has_vendor" not in current_app.extensions:  # looked for once per app, not at every page
        vendor = Path(current_app.static_folder or "") / "vendor"
        current_app.extensions["bbkg_has_vendor"] = all((vendor / name).is_file()
                                                        for name in ("yasgui.min.js", "cytoscape.min.js"))
    return {"has_vendor": current_app.extensions["bbkg_has_vendor"], "base_iri": setting("base_iri"), "bb": BB}


@bp.route("/")
def index() -> str:
    queries = saved_queries(Path(setting("queries_dir")))
    chosen = next((q for q in queries if q.name == request.args.get("saved")), queries[0] if queries else None)
    return render_template("index.html", quads=len(current_store()), queries=queries, chosen=chosen,
                           saved=[q.as_dict() for q in queries], prefixes=NAMESPACES)


@bp.route("/search")
def search() -> BaseResponse | tuple[str, int] | str:
    """Entities by name: one that is exactly named goes straight to its page; otherwise a list, exact names
    first, then every name a word of which starts with what was typed."""
    q = request.args.get("q", "").strip()
    if not q:
        return render_template("search.html", q=q, exact=[], starting=[], message="")
    try:
        checked_name(q, "q")
    except InputError as exc:
        return render_template("search.html", q=q, exact=[], starting=[], message=str(exc)), exc.status
    exact = lookup("entities", q=q, entity_type=None)
    if exact.status != 200:
        return render_template("search.html", q=q, exact=[], starting=[], message=exact.message), exact.status
    if len(exact.value) == 1:
        return redirect(local_path(exact.value[0]["iri"]), code=303)
    starting = lookup("suggest", prefix=q, limit=50)
    known = {e["iri"] for e in exact.value}
    others = [e for e in starting.value if e["iri"] not in known] if starting.status == 200 else []
    return render_template("search.html", q=q, exact=exact.value, starting=others, message="")


CHAINS_SHOWN = 3


def _chain_options() -> dict[str, Any]:
    """The chain options of the connection page's form (links, after, before), checked as the API checks them."""
    try:
        links = checked_source(request.args.get("links") or None)
    except UserError as exc:
        raise InputError(str(exc)) from None
    years: dict[str, int | None] = {}
    for bound in ("after", "before"):
        text = (request.args.get(bound) or "").strip()
        try:
            year = int(text) if text else None
        except ValueError:
            raise InputError(f"{bound} takes a year") from None
        if year is not None and not YEAR_RANGE[0] <= year <= YEAR_RANGE[1]:
            raise InputError(f"{bound} must be a year from {YEAR_RANGE[0]} to {YEAR_RANGE[1]}")
        years[bound] = year
    if years["after"] is not None and years["before"] is not None and years["after"] > years["before"]:
        raise InputError("after is later than before: no season is in between")
    return {"links": links, **years, "chains": CHAINS_SHOWN}


@bp.route("/connections")
def connections() -> tuple[str, int] | str:
    """The organizations shared by the people named with `among`: a table here, a picture drawn by the page's
    script from /api/connections (the same answer); for two people, the shortest chains between them too."""
    names = [n.strip() for n in request.args.getlist("among") if n.strip()]
    page: dict[str, Any] = {"names": names, "people": [], "shared": None, "chains": None, "message": "",
                            "options": request.args}
    if len(names) < 2:
        return render_template("connections.html", **{**page, "names": names or ["", ""]})
    try:
        if len(names) > MAX_NAMES:
            raise InputError(f"name at most {MAX_NAMES} people")
        checked = [checked_name(n, "among") for n in names]
        if len(names) == 2:
            answer = lookup("connection", names=checked, max_hops=4, **_chain_options())
        else:
            answer = lookup("among", names=checked, **_chain_options())
    except InputError as exc:
        return render_template("connections.html", **{**page, "names": names[:MAX_NAMES], "message": str(exc)}), \
            exc.status
    if answer.status != 200:
        return render_template("connections.html", **{**page, "message": answer.message,
                                                        "candidates": answer.candidates}), answer.status
    if len(names) == 2:
        value = answer.value
        return render_template("connections.html", **{**page, "people": [value["from"], value["to"]],
                                                        "shared": value["shared_organizations"],
                                                        "chains": value["chains"]})
    people, shared, _ = answer.value
    return render_template("connections.html", **{**page, "people": people, "shared": [s.as_dict() for s in shared]})
