"""Every saved query parses, runs on the seeds graph, and answers something."""

import pytest

from bbkg.config import PROJECT_ROOT
from store.builds import open_current

QUERIES = sorted((PROJECT_ROOT / "queries").glob("*.rq"))


def test_there_are_saved_queries() -> None:
    assert QUERIES


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_saved_query_runs_and_answers(path, seeds_build) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#"), f"{path.name} needs a comment header saying what it answers"
    store, _ = open_current(seeds_build[0])
    rows = list(store.query(text, use_default_graph_as_union=True))
    assert rows, f"{path.name} returned nothing on the seeds"
