"""Serving stage: the Flask app, built by `create_app(config)`, with one blueprint per concern."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from collections.abc import Mapping

from flask import Flask, Response, request

from vocab.config import load_settings
from vocab.formats import HTML
from server import api, descriptions, dumps, errors, ops, pages, resources, sparql
from server.cache import SparqlResponseCache
from server.executor import QueryExecutor
from server.metrics import Metrics
from server.wsgi import PAGE_POLICY, SAFE_CONTENT, BodyLimit, CorsPolicy, count_request
from store.handle import CurrentStore


def create_app(config: Mapping[str, Any] | None = None, metrics: Metrics | None = None) -> Flask:
    """Build the app over the store folder named in the settings (overridden by `config`).

    `metrics` lets a multi-process server share one set of counters among its workers.
    """
    settings = load_settings(config)
    app = Flask(__name__)
    app.config["BBKG"] = settings
    app.config["MAX_CONTENT_LENGTH"] = settings["max_request_bytes"]
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented field order
    # Opened on first use, so that each server worker process opens its own read-only handle.
    app.extensions["bbkg_store"] = CurrentStore(settings["store_dir"])
    app.extensions["bbkg_executor"] = QueryExecutor(settings["store_dir"], settings["query_timeout"],
                                                    settings["isolate_query_network"], settings["query_slots"],
                                                    settings["quick_query_seconds"], settings["memory_store_quads"],
                                                    settings["query_memory_mb"] * 2**20)
    app.extensions["bbkg_metrics"] = metrics or Metrics()
    for blueprint in (sparql.bp, descriptions.bp, dumps.bp, api.bp, pages.bp, resources.bp, ops.bp):
        app.register_blueprint(blueprint)
    errors.register(app)
    _around_answers(app, CorsPolicy(settings["cors_origins"]))
    # Queries skip Flask: its routing and contexts cost more than a small query's evaluation.
    app.extensions["bbkg_sparql"] = sparql.SparqlEndpoint(settings, app.extensions["bbkg_metrics"], app.logger)
    app.wsgi_app = sparql.SparqlFastPath(app.wsgi_app, app.extensions["bbkg_sparql"])  # type: ignore[method-assign]
    if settings["query_cache_bytes"] > 0:
        app.wsgi_app = SparqlResponseCache(  # type: ignore[method-assign]
            app.wsgi_app, Path(settings["store_dir"]), settings["query_cache_bytes"], app.extensions["bbkg_metrics"],
            settings["max_request_bytes"])
    # Outermost, so that no layer (the cache, the fast path, Flask) reads a body the limit has not counted.
    app.wsgi_app = BodyLimit(app.wsgi_app, settings["max_request_bytes"],  # type: ignore[method-assign]
                             app.extensions["bbkg_metrics"], CorsPolicy(settings["cors_origins"]))
    return app


def _around_answers(app: Flask, cors: CorsPolicy) -> None:
    """What every answer Flask makes gets (the /sparql fast path does the same without Flask)."""
    @app.after_request
    def count_and_allow(response: Response) -> Response:
        count_request(app.extensions["bbkg_metrics"], response.status_code)
        cors.add_headers(request, response)
        response.headers.update(SAFE_CONTENT)
        if response.mimetype == HTML:
            response.headers.update(PAGE_POLICY)
        return response
