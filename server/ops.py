"""Operating the server: a health check and metrics."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from server.context import current_store, metrics
from store.builds import StoreUnavailableError, current_build

bp = Blueprint("ops", __name__)


@bp.route("/health")
def health() -> tuple[Response, int]:
    """200 with the build being served, or 503 when there is no store to serve."""
    store_dir = current_app.extensions["bbkg_store"].store_dir
    try:
        quads = len(current_store())
    except StoreUnavailableError as exc:
        return jsonify({"status": "unavailable", "reason": exc.public_message}), 503
    build = current_build(store_dir)
    return jsonify({"status": "ok", "build": build.name if build else None, "quads": quads}), 200


@bp.route("/metrics")
def prometheus_metrics() -> Response:
    return Response(metrics().render(), mimetype="text/plain", headers={"Cache-Control": "no-store"})
