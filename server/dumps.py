"""Whole-graph dumps at stable URLs."""

from __future__ import annotations

import io

from flask import Blueprint, Response

from server.context import current_store
from store.dumps import dump_store

bp = Blueprint("dumps", __name__)

DUMPS = {  # URL suffix -> (format name, media type)
    "ttl": ("turtle", "text/turtle"),
    "nt": ("ntriples", "application/n-triples"),
    "nq": ("nquads", "application/n-quads"),
    "trig": ("trig", "application/trig"),
}


@bp.route("/dump.<extension>")
def dump(extension: str) -> Response:
    if extension not in DUMPS:
        return Response(f"no dump as .{extension}; try /dump.ttl, /dump.nt, /dump.nq or /dump.trig\n",
                        status=404, mimetype="text/plain")
    format_name, media_type = DUMPS[extension]
    buffer = io.BytesIO()
    dump_store(current_store(), format_name, buffer)
    return Response(buffer.getvalue(), mimetype=media_type,
                    headers={"Content-Disposition": f'inline; filename="bbkg.{extension}"'})
