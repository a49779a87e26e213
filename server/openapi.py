"""The OpenAPI 3.1 description of the JSON API (tests check that every /api route is in it)."""

from __future__ import annotations

from typing import Any

from store.names import ENTITY_TYPES
from store.seasons import SOURCES

# The limits the views enforce, stated once here so that the document and the server cannot disagree.
MAX_HOPS_LIMIT = 6
MAX_CHAINS = 10
YEAR_RANGE = (1800, 2200)  # `after` and `before`: a season's year
MAX_NAMES = 10  # `among` compares every pair of the people named: the cost grows with its square
MAX_NAME_CHARS = 300
MAX_CENTRAL = 100
MAX_SUGGESTIONS = 50
MATCH_MODES = ("exact", "prefix")  # /api/entities: a name as written, or the start of a word of one
_NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_CHARS}

_ENTITY_PROPERTIES: dict[str, Any] = {"iri": {"type": "string"}, "label": {"type": "string"}}
_ENTITY = {"type": "object", "properties": _ENTITY_PROPERTIES}
_ROLE = {"type": "object", "properties": {
    "role": {"type": "string"}, "start": {"type": ["integer", "null"]}, "end": {"type": ["integer", "null"]},
    "via": {"oneOf": [_ENTITY, {"type": "null"}]},
    "evidence": {"type": "array", "items": {"type": "object", "properties": {
        "article": {"type": "string"}, "quote": {"type": "string"}}}}}}
_YEARS = {"oneOf": [{"type": "object", "properties": {"start": {"type": "integer"}, "end": {"type": "integer"}}},
                    {"type": "null"}]}
_MEASURES: dict[str, Any] = {
    "component": {"type": ["string", "null"], "description": "IRI of the connected component (GraphFrames)."},
    "community": {"type": ["string", "null"], "description": "IRI of the label-propagation community."},
    "pagerank": {"type": ["number", "null"]}, "degree": {"type": ["integer", "null"]}}
_MEASURED_ENTITY = {"type": "object", "properties": {**_ENTITY_PROPERTIES, **_MEASURES}}
_CHAIN_MEASURES = {"type": "object", "description": "What GraphFrames computed about the person in the network of "
                   "shared seasons and events (null where it computed nothing).", "properties": {
    "teammates": {"type": ["integer", "null"]}, "pagerank": {"type": ["number", "null"]},
    "component": {"type": ["string", "null"]},
    "landmarks": {"type": "array", "description": "The fewest links to each landmark person (a \"Ruth number\").",
                  "items": {"type": "object", "properties": {**_ENTITY_PROPERTIES, "links": {"type": "integer"}}}}}}
_SIDE = {"type": "object", "properties": {**_ENTITY_PROPERTIES, **_MEASURES, "chain_measures": _CHAIN_MEASURES}}
_PAIR = {"type": "object", "properties": {
    "people": {"type": "array", "items": {"type": "string"}, "description": "The two people's IRIs."},
    "computed_by": {"type": "string", "description": "GraphFrames and its version, or 'store query'."},
    "overlap": _YEARS}}
_EVIDENCE = {"type": "object", "description": "Why one of the two people is in the season or the event: the "
              "record's team-season (role, games) or an article's quote.", "properties": {
    "person": {"type": "string"}, "source": {"enum": ["record", "articles"]},
    "role": {"type": ["string", "null"]}, "games": {"type": ["integer", "null"]},
    "team_season": _ENTITY, "organization": {"oneOf": [_ENTITY, {"type": "null"}]},
    "event": {"type": ["string", "null"]}, "article": {"type": ["string", "null"]},
    "quote": {"type": ["string", "null"]}}}
_CHAIN = {"type": "object", "properties": {"links": {"type": "array", "items": {"type": "object", "properties": {
    "from": _ENTITY, "to": _ENTITY, "season": {"type": "integer"},
    "sources": {"type": "array", "items": {"enum": ["record", "articles"]}},
    "club": _ENTITY, "event": _ENTITY, "evidence": {"type": "array", "items": _EVIDENCE}}}}}}
_ERROR = {"type": "object", "properties": {"error": {"type": "object", "properties": {
    "status": {"type": "integer"}, "message": {"type": "string"},
    "candidates": {"type": "array", "items": _ENTITY}}, "required": ["status", "message"]}}}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ERROR}}}


OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "bbkg connections API", "version": "0.1.0",
             "description": "How people in baseball news are connected, with the evidence for each link."},
    "paths": {
        "/api/connections": {"get": {
            "summary": "Organizations two people (from, to) or several (among) shared, and paths between two.",
            "description": f"Send both `from` and `to`, or `among` two to {MAX_NAMES} times, not both (OpenAPI cannot "
                           "express the rule: a request without them is answered 400).",
            "parameters": [
                {"name": "from", "in": "query", "schema": _NAME,
                 "description": "Name, alias or IRI."},
                {"name": "to", "in": "query", "schema": _NAME},
                {"name": "among", "in": "query", "schema": {"type": "array", "maxItems": MAX_NAMES, "items": _NAME},
                 "style": "form", "explode": True, "description": "Repeat for each person."},
                {"name": "max_hops", "in": "query", "schema": {
                    "type": "integer", "minimum": 1, "maximum": MAX_HOPS_LIMIT, "default": 4},
                 "description": "Longest path through organizations, in edges."},
                {"name": "links", "in": "query", "schema": {"enum": list(SOURCES), "default": "all"},
                 "description": "Chains over the record's team-seasons, the articles' dated memberships and "
                                "events, or both."},
                {"name": "after", "in": "query", "description": "Chains through seasons from this year on.",
                 "schema": {"type": "integer", "minimum": YEAR_RANGE[0], "maximum": YEAR_RANGE[1]}},
                {"name": "before", "in": "query", "description": "Chains through seasons up to this year.",
                 "schema": {"type": "integer", "minimum": YEAR_RANGE[0], "maximum": YEAR_RANGE[1]}},
                {"name": "chains", "in": "query", "description": "How many shortest chains to list.",
                 "schema": {"type": "integer", "minimum": 1, "maximum": MAX_CHAINS, "default": 1}},
            ],
            "responses": {
                "200": {"description": "The connection.", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "from": _SIDE, "to": _SIDE,
                        "connected": {"type": "boolean",
                                      "description": "Whether both are in one GraphFrames component."},
                        "among": {"type": "array", "items": _ENTITY},
                        "chains_between": {"type": "array", "description": "With among: for each pair of the "
                                           "people named, the shortest chains between them.",
                                           "items": {"type": "object", "properties": {
                                               "people": {"type": "array", "items": {"type": "string"}},
                                               "chains": {"type": "array", "items": _CHAIN}}}},
                        "shared_organizations": {"type": "array", "items": {"type": "object", "properties": {
                            "iri": {"type": "string"}, "label": {"type": "string"},
                            "computed_by": {"type": "string"},
                            "overlap": _YEARS,
                            "pairs": {"type": "array", "items": _PAIR},
                            "roles": {"type": "object", "description": "Each person's roles, by the person's IRI.",
                                      "additionalProperties": {"type": "array", "items": _ROLE}}}}},
                        "paths": {"type": "array", "items": {"type": "array", "items": {"oneOf": [
                            _ENTITY, {"type": "object", "properties": {"predicate": {"type": "string"}}}]}}},
                        "chains": {"type": "array", "items": _CHAIN,
                                   "description": "Shortest chains of people who shared a team-season, a club's "
                                                  "season (articles) or an event, each link with its evidence."}}}}}},
                "400": _error("Fewer than two names, a bad max_hops, links, after, before or chains, or an "
                              "ambiguous name (with candidates)."),
                "404": _error("A name that matches nobody in the graph."),
                "503": _error("The lookup ran past api_timeout, or no store is built yet."),
            }}},
        "/api/entities": {"get": {
            "summary": "Look up entities by name, alias, surname or record id (backmwa01); or, with match=prefix, "
                       "suggest entities one of whose names has a word starting with q.",
            "parameters": [{"name": "q", "in": "query", "required": True, "schema": _NAME},
                           {"name": "type", "in": "query", "schema": {
                               "enum": list(ENTITY_TYPES)}},
                           {"name": "match", "in": "query", "schema": {"enum": list(MATCH_MODES), "default": "exact"}},
                           {"name": "limit", "in": "query", "description": "With match=prefix: at most this many.",
                            "schema": {"type": "integer", "minimum": 1, "maximum": MAX_SUGGESTIONS, "default": 10}}],
            "responses": {"200": {"description": "Matching entities, with what GraphFrames computed about them.",
                                  "content": {"application/json": {"schema": {"type": "object", "properties": {
                                      "q": {"type": "string"}, "results": {"type": "array", "items": {
                                          "type": "object", "properties": {
                                              **_ENTITY_PROPERTIES, **_MEASURES,
                                              "type": {"type": "string"}}}}}}}}},
                          "400": _error("Missing or empty q, a malformed IRI, or an unknown type."),
                          "503": _error("The lookup ran past api_timeout, or no store is built yet.")}}},
        "/api/central": {"get": {
            "summary": "The most central entities by GraphFrames' PageRank.",
            "parameters": [{"name": "type", "in": "query", "schema": {"enum": list(ENTITY_TYPES)}},
                           {"name": "limit", "in": "query", "schema": {
                               "type": "integer", "minimum": 1, "maximum": MAX_CENTRAL, "default": 10}}],
            "responses": {"200": {"description": "Entities by PageRank, highest first.",
                                  "content": {"application/json": {"schema": {"type": "object", "properties": {
                                      "type": {"type": ["string", "null"]}, "computed_by": {"type": "string"},
                                      "results": {"type": "array", "items": _MEASURED_ENTITY}}}}}},
                          "400": _error("An unknown type or a limit out of range."),
                          "503": _error("The lookup ran past api_timeout, or no store is built yet.")}}},
        "/api/openapi.json": {"get": {"summary": "This document.", "responses": {"200": {"description": "OpenAPI."}}}},
    },
}
