"""The page a person uses: a query box, a connection finder, and what the graph holds."""

from __future__ import annotations

from flask import Blueprint, render_template

from bbkg.namespaces import BB, RDFS
from server.context import current_store

bp = Blueprint("pages", __name__)

EXAMPLE_QUERY = "PREFIX bb: <" + BB + ">\nPREFIX rdfs: <" + RDFS + """>
SELECT ?person ?role ?team WHERE {
  ?m bb:member/rdfs:label ?person ; bb:role/rdfs:label ?role ; bb:organization/rdfs:label ?team .
} ORDER BY ?person ?team LIMIT 50"""


@bp.route("/")
def index() -> str:
    count = len(current_store())
    return render_template("index.html", quads=count, example_query=EXAMPLE_QUERY)
