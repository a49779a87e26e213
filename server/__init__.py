"""Serving stage: the Flask app, built by `create_app(config)`, with one blueprint per concern."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from collections.abc import Mapping

from flask import Flask, Response, request

from vocab.config import load_settings
from server.cache import SparqlResponseCache
from server.executor import QueryExecutor
from server.metrics import Metrics
from store.handle import CurrentStore


def create_app(config: Mapping[str, Any] | None = None, metrics: Metrics | None = None) -> Flask:
    """Build the app over the store folder named in the settings (overridden by `config`).

    `metrics` lets a multi-process server share one set of counters among its workers.
    """
    from server import api, descriptions, dumps, errors, ops, pages, resources, sparql

    settings = load_settings(config)
    app = Flask(__name__)
    app.config["BBKG"] = settings
    app.config["MAX_CONTENT_LENGTH"] = settings["max_request_bytes"]
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented field order
    # Opened on first use, so that each server worker process opens its own read-only handle.
    app.extensions["bbkg_store"] = CurrentStore(settings["store_dir"])
    app.extensions["bbkg_executor"] = QueryExecutor(settings["store_dir"], settings["query_timeout"],
                                                    settings["isolate_query_network"], settings["query_slots"])
    app.extensions["bbkg_metrics"] = metrics or Metrics()
    for blueprint in (sparql.bp, descriptions.bp, dumps.bp, api.bp, pages.bp, resources.bp, ops.bp):
        app.register_blueprint(blueprint)
    errors.register(app)
    _count_requests(app)
    _allow_origins(app, settings["cors_origins"])
    if settings["query_cache_bytes"] > 0:
        app.wsgi_app = SparqlResponseCache(  # type: ignore[method-assign]
            app.wsgi_app, Path(settings["store_dir"]), settings["query_cache_bytes"], app.extensions["bbkg_metrics"])
    return app


def _count_requests(app: Flask) -> None:
    """Every answer Flask makes counts as a request, and a 5xx one as a server error (cache hits count in the cache)."""
    @app.after_request
    def count(response: Response) -> Response:
        counters = app.extensions["bbkg_metrics"]
        counters.count("requests")
        if response.status_code >= 500:
            counters.count("server_errors")
        return response


def _allow_origins(app: Flask, origins_setting: str) -> None:
    """CORS for the origins listed in the cors_origins setting; none when it is empty."""
    origins = {o.strip() for o in origins_setting.split(",") if o.strip()}
    if not origins:
        return

    @app.after_request
    def add_cors_headers(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin and ("*" in origins or origin in origins):
            response.headers["Access-Control-Allow-Origin"] = "*" if "*" in origins else origin
            response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
            response.headers["Access-Control-Allow-Headers"] = "Content-Type, Accept, Authorization"
            response.headers["Access-Control-Expose-Headers"] = "X-Result-Truncated, X-Result-Row-Cap"
            if "*" not in origins:
                response.vary.add("Origin")
        return response
