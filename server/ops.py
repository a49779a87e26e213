"""Operating the server: a health check and metrics."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from server.context import current_store, executor, metrics, store_dir
from store.builds import StoreUnavailableError, build_summary, current_build
from store.update import updated_quads

bp = Blueprint("ops", __name__)


@bp.route("/health")
def health() -> tuple[Response, int]:
    """200 with the build being served, or 503 with the reason when there is no store to serve.

    Quick at any size: the store is opened (and read once) when its build changes, and the quad count is
    the one the build recorded, or the one the last update counted (`updated`: the build has been changed
    by SPARQL Update since it was built, and the next `bbkg build` starts again from the articles).
    """
    folder = store_dir()
    try:
        current_store()
        summary = build_summary(folder)
    except StoreUnavailableError as exc:
        return jsonify({"status": "unavailable", "reason": exc.public_message}), 503
    build = current_build(folder)
    updated = updated_quads(folder)
    return jsonify({"status": "ok", "build": build.name if build else None,
                    "quads": summary["quads"] if updated is None else updated, "updated": updated is not None,
                    "query_store": executor().query_store()}), 200


@bp.route("/metrics")
def prometheus_metrics() -> Response:
    return Response(metrics().render(), mimetype="text/plain", headers={"Cache-Control": "no-store"})
