"""Serving stage: the Flask app, built by `create_app(config)`, with one blueprint per concern."""

from __future__ import annotations

from typing import Any, Mapping

from flask import Flask

from bbkg.config import load_settings
from store.handle import CurrentStore


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app over the store folder named in the settings (overridden by `config`)."""
    from server import api, dumps, errors, pages, sparql

    settings = load_settings(config)
    app = Flask(__name__)
    app.config["BBKG"] = settings
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented field order
    # Opened on first use, so that each server worker process opens its own read-only handle.
    app.extensions["bbkg_store"] = CurrentStore(settings["store_dir"])
    for blueprint in (sparql.bp, dumps.bp, api.bp, pages.bp):
        app.register_blueprint(blueprint)
    errors.register(app)
    return app
