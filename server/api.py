"""The graph-connection JSON API, described by the OpenAPI document at /api/openapi.json."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from server.context import current_store
from server.errors import json_error
from server.openapi import OPENAPI
from store.connections import (AmbiguousEntityError, Entity, UnknownEntityError, connection, find_entities,
                               resolve_entity, shared_among)

bp = Blueprint("api", __name__, url_prefix="/api")
MAX_HOPS_LIMIT = 6


def _entity_json(entity: Entity) -> dict[str, str]:
    return {"iri": entity.iri, "label": entity.label}


@bp.route("/connections")
def connections() -> Response | tuple[Response, int]:
    """How `from` and `to` are connected, or the organizations shared by every person named with `among`."""
    among = request.args.getlist("among")
    names = among or [n for n in (request.args.get("from"), request.args.get("to")) if n]
    if len(names) < 2:
        return json_error(400, "name two people: ?from=A&to=B, or several: ?among=A&among=B&among=C")
    try:
        max_hops = int(request.args.get("max_hops", "4"))
    except ValueError:
        return json_error(400, "max_hops takes a whole number")
    if not 1 <= max_hops <= MAX_HOPS_LIMIT:
        return json_error(400, f"max_hops must be between 1 and {MAX_HOPS_LIMIT}")
    store = current_store()
    try:
        people = [resolve_entity(store, name, "Person") for name in names]
    except UnknownEntityError as exc:
        return json_error(404, str(exc))
    except AmbiguousEntityError as exc:
        return json_error(400, str(exc), candidates=exc.candidates)
    if not among:
        return jsonify(connection(store, people[0], people[1], max_hops))
    return jsonify({
        "among": [_entity_json(p) for p in people],
        "shared_organizations": [
            {"iri": s.iri, "label": s.label, "computed_by": s.computed_by, "overlap": s.overlap,
             "roles": {person.label: s.roles[person.iri] for person in people}}
            for s in shared_among(store, people)
        ],
    })


@bp.route("/entities")
def entities() -> Response | tuple[Response, int]:
    """Entities whose name, alias or surname is `q`, optionally of one type."""
    q = request.args.get("q", "").strip()
    if not q:
        return json_error(400, "missing 'q': send ?q=NAME")
    return jsonify({"q": q, "results": find_entities(current_store(), q, request.args.get("type"))})


@bp.route("/openapi.json")
def openapi() -> Response:
    return jsonify(OPENAPI)
