"""Every saved query parses, runs on the seeds graph, and answers something."""

import pytest

from vocab.config import PROJECT_ROOT
from store.builds import open_current

QUERIES = sorted((PROJECT_ROOT / "queries").glob("*.rq"))


def test_there_are_saved_queries() -> None:
    assert QUERIES


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_saved_query_runs_and_answers(path, seeds_build) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#"), f"{path.name} needs a comment header saying what it answers"
    store, _ = open_current(seeds_build[0])
    rows = list(store.query(text))
    assert rows, f"{path.name} returned nothing on the seeds"


def test_conflicting_claims_are_kept_side_by_side(seeds_build) -> None:
    store, _ = open_current(seeds_build[0])
    text = (PROJECT_ROOT / "queries" / "conflicting_claims.rq").read_text(encoding="utf-8")
    rows = [{v: row[v].value for v in ("person", "organization", "claim", "otherClaim", "article")}
            for row in store.query(text)]
    resigned_or_fired = [r for r in rows if r["claim"] == "resigned" and r["otherClaim"] == "was fired"]
    assert {(r["person"], r["organization"]) for r in resigned_or_fired} == {("Wally Backman", "New York Mets")}
    assert {r["article"] for r in resigned_or_fired} >= {"000_9d29100b6b5e65f2.txt", "002_42a94eca53463acc.txt"}
