"""The graph-connection JSON API, described by the OpenAPI document at /api/openapi.json.

Views check every parameter here, at the boundary (names, IRIs, types against a closed list, counts), then
hand the lookup to a killable query process without network, under the api_timeout deadline, like /sparql.
"""

from __future__ import annotations


from flask import Blueprint, Response, jsonify, request

from vocab.errors import UserError
from server.context import InputError, checked_name, lookup, metrics
from server.errors import json_error
from server.executor import ApiAnswer, QueryCrashed
from server.openapi import (MATCH_MODES, MAX_CENTRAL, MAX_CHAINS, MAX_HOPS_LIMIT, MAX_NAMES, MAX_SUGGESTIONS,
                            OPENAPI, YEAR_RANGE)
from store.names import Entity, checked_entity_type
from store.seasons import checked_source

bp = Blueprint("api", __name__, url_prefix="/api")


def _entity_json(entity: Entity) -> dict[str, str]:
    return {"iri": entity.iri, "label": entity.label}


def _single(parameter: str) -> str | None:
    values = request.args.getlist(parameter)
    if len(values) > 1:
        raise InputError(f"'{parameter}' is given more than once; send it once")
    return values[0] if values else None


def _whole_number(parameter: str, default: int, highest: int, lowest: int = 1) -> int:
    """A parameter that takes a whole number from `lowest` to `highest`."""
    try:
        value = int(_single(parameter) or default)
    except ValueError:
        raise InputError(f"{parameter} takes a whole number") from None
    if not lowest <= value <= highest:
        raise InputError(f"{parameter} must be between {lowest} and {highest}")
    return value


def _year(parameter: str) -> int | None:
    """An optional year (`after`, `before`); sent empty, as a form leaves it, it is not given."""
    if not (_single(parameter) or "").strip():
        return None
    return _whole_number(parameter, 0, YEAR_RANGE[1], YEAR_RANGE[0])


def _entity_type() -> str | None:
    """The `type` parameter, once it is one of the closed list of entity types (checked here, at the
    boundary, before any process is asked: UnknownEntityTypeError is a UserError, answered 400)."""
    return checked_entity_type(_single("type"))


def _failure(answer: ApiAnswer) -> tuple[Response, int] | None:
    """The HTTP answer of a lookup that did not succeed, or None when it did."""
    if answer.status == 200:
        return None
    details = {"candidates": answer.candidates} if answer.candidates else {}
    return json_error(answer.status, answer.message, **details)


@bp.errorhandler(UserError)
def bad_input(exc: UserError) -> tuple[Response, int]:
    """A parameter the API refused at its boundary (InputError, an unknown entity type): 400, counted."""
    metrics().count("api_errors")
    return json_error(exc.status, str(exc))


@bp.errorhandler(QueryCrashed)
def crashed(exc: QueryCrashed) -> tuple[Response, int]:
    return json_error(500, str(exc))


@bp.route("/connections")
def connections() -> Response | tuple[Response, int]:
    """How `from` and `to` are connected, or the organizations shared by every person named with `among`."""
    among = [checked_name(n, "among") for n in request.args.getlist("among")]
    pair = [_single("from"), _single("to")]
    if among and any(n is not None for n in pair):
        raise InputError("send either from and to, or among, not both")
    names = among or [checked_name(n, p) for n, p in zip(pair, ("from", "to"), strict=True) if n is not None]
    if len(names) < 2:
        raise InputError("name two people: ?from=A&to=B, or several: ?among=A&among=B&among=C")
    if len(names) > MAX_NAMES:
        raise InputError(f"name at most {MAX_NAMES} people")
    max_hops = _whole_number("max_hops", 4, MAX_HOPS_LIMIT)
    after, before = _year("after"), _year("before")
    if after is not None and before is not None and after > before:
        raise InputError("after is later than before: no season is in between")
    chain_options = {"links": checked_source(_single("links")), "after": after, "before": before,
                     "chains": _whole_number("chains", 1, MAX_CHAINS)}
    if not among:
        answer = lookup("connection", names=names, max_hops=max_hops, **chain_options)
        return _failure(answer) or jsonify(answer.value)
    answer = lookup("among", names=names, **chain_options)
    if failed := _failure(answer):
        return failed
    people, shared, chains = answer.value
    return jsonify({"among": [_entity_json(p) for p in people], "shared_organizations": [s.as_dict() for s in shared],
                    "chains_between": chains})


@bp.route("/entities")
def entities() -> Response | tuple[Response, int]:
    """Entities whose name, alias, surname or record id (the Baseball Databank's: backmwa01) is `q`, optionally of
    one type; with match=prefix, up to `limit`
    entities one of whose names has a word starting with `q` (suggestions as a person types)."""
    q = (_single("q") or "").strip()
    if not q:
        raise InputError("missing 'q': send ?q=NAME")
    match = _single("match") or "exact"
    if match not in MATCH_MODES:
        raise InputError(f"match must be one of {', '.join(MATCH_MODES)}")
    if match == "prefix":
        answer = lookup("suggest", prefix=checked_name(q, "q"), entity_type=_entity_type(),
                      limit=_whole_number("limit", 10, MAX_SUGGESTIONS))
    else:
        answer = lookup("entities", q=checked_name(q, "q"), entity_type=_entity_type())
    return _failure(answer) or jsonify({"q": q, "results": answer.value})


@bp.route("/central")
def central() -> Response | tuple[Response, int]:
    """The most central people or organizations by GraphFrames' PageRank, with degree, component, community."""
    answer = lookup("central", entity_type=_entity_type(), limit=_whole_number("limit", 10, MAX_CENTRAL))
    if failed := _failure(answer):
        return failed
    software, results = answer.value
    return jsonify({"type": request.args.get("type"), "computed_by": software, "results": results})


@bp.route("/openapi.json")
def openapi() -> Response:
    return jsonify(OPENAPI)
