"""The OpenAPI 3.1 description of the JSON API (tests check that every /api route is in it)."""

from __future__ import annotations

from typing import Any

_ENTITY = {"type": "object", "properties": {"iri": {"type": "string"}, "label": {"type": "string"}}}
_ROLE = {"type": "object", "properties": {
    "role": {"type": "string"}, "start": {"type": ["integer", "null"]}, "end": {"type": ["integer", "null"]},
    "via": {"oneOf": [_ENTITY, {"type": "null"}]}}}
_YEARS = {"oneOf": [{"type": "object", "properties": {"start": {"type": "integer"}, "end": {"type": "integer"}}},
                    {"type": "null"}]}
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
            "parameters": [
                {"name": "from", "in": "query", "schema": {"type": "string"}, "description": "Name, alias or IRI."},
                {"name": "to", "in": "query", "schema": {"type": "string"}},
                {"name": "among", "in": "query", "schema": {"type": "array", "items": {"type": "string"}},
                 "style": "form", "explode": True, "description": "Repeat for each person."},
                {"name": "max_hops", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 6,
                                                              "default": 4}},
            ],
            "responses": {
                "200": {"description": "The connection.", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "from": _ENTITY, "to": _ENTITY, "among": {"type": "array", "items": _ENTITY},
                        "shared_organizations": {"type": "array", "items": {"type": "object", "properties": {
                            "iri": {"type": "string"}, "label": {"type": "string"},
                            "computed_by": {"type": "string"},
                            "from_roles": {"type": "array", "items": _ROLE},
                            "to_roles": {"type": "array", "items": _ROLE},
                            "overlap": _YEARS,
                            "via": {"type": "array", "items": _ENTITY},
                            "evidence": {"type": "array", "items": {"type": "object", "properties": {
                                "article": {"type": "string"}, "quote": {"type": "string"}}}}}}},
                        "paths": {"type": "array", "items": {"type": "array", "items": {"oneOf": [
                            _ENTITY, {"type": "object", "properties": {"predicate": {"type": "string"}}}]}}}}}}}},
                "400": _error("Fewer than two names, a bad max_hops, or an ambiguous name (with candidates)."),
                "404": _error("A name that matches nobody in the graph."),
            }}},
        "/api/entities": {"get": {
            "summary": "Look up entities by name, alias or surname.",
            "parameters": [{"name": "q", "in": "query", "required": True, "schema": {"type": "string"}},
                           {"name": "type", "in": "query", "schema": {
                               "enum": ["Person", "Team", "League", "MediaOrganization"]}}],
            "responses": {"200": {"description": "Matching entities."}, "400": _error("Missing q.")}}},
        "/api/openapi.json": {"get": {"summary": "This document.", "responses": {"200": {"description": "OpenAPI."}}}},
    },
}
