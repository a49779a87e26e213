"""The graph-connection JSON API."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from server.context import current_store
from server.errors import json_error
from store.connections import (AmbiguousEntityError, Entity, UnknownEntityError, find_entities, resolve_entity,
                               shared_among)

bp = Blueprint("api", __name__, url_prefix="/api")


def _entity_json(entity: Entity) -> dict[str, str]:
    return {"iri": entity.iri, "label": entity.label}


@bp.route("/connections")
def connections() -> Response | tuple[Response, int]:
    """Organizations shared by `from` and `to`, or by every person named with `among`."""
    names = request.args.getlist("among") or [n for n in (request.args.get("from"), request.args.get("to")) if n]
    if len(names) < 2:
        return json_error(400, "name two people: ?from=A&to=B, or several: ?among=A&among=B&among=C")
    store = current_store()
    try:
        people = [resolve_entity(store, name, "Person") for name in names]
    except UnknownEntityError as exc:
        return json_error(404, str(exc))
    except AmbiguousEntityError as exc:
        return json_error(400, str(exc), candidates=exc.candidates)
    shared = shared_among(store, people)
    body: dict[str, object] = {}
    if "among" in request.args:
        body["among"] = [_entity_json(p) for p in people]
    else:
        body["from"], body["to"] = _entity_json(people[0]), _entity_json(people[1])
    body["shared_organizations"] = [
        {"iri": s.iri, "label": s.label, "computed_by": s.computed_by,
         "roles": {person.label: s.roles[person.iri] for person in people}}
        for s in shared
    ]
    return jsonify(body)


@bp.route("/entities")
def entities() -> Response | tuple[Response, int]:
    """Entities whose name, alias or surname is `q`, optionally of one type."""
    q = request.args.get("q", "").strip()
    if not q:
        return json_error(400, "missing 'q': send ?q=NAME")
    return jsonify({"q": q, "results": find_entities(current_store(), q, request.args.get("type"))})
