"""Every saved query parses, runs on the seeds graph, and answers what is known to be true."""

from pathlib import Path
from typing import Any

import pytest

from vocab.config import PROJECT_ROOT
from store.builds import open_current
from tests.helpers import SEEDS

QUERIES = sorted((PROJECT_ROOT / "queries").glob("*.rq"))


def test_there_are_saved_queries() -> None:
    assert QUERIES


# A row each saved query must answer on the seeds (with the tests' slice of the record), taken from what is known
# of these people, not from the query's output: variable -> value, or "~" + text the value must contain.
KNOWN_ROWS = {
    # The Mets' Triple-A club in Las Vegas, the 51s, which Backman managed.
    "affiliations_by_level_and_league.rq": {"team": "Las Vegas 51s", "parent": "New York Mets"},
    # The Mets drafted Backman in 1977's first round.
    "backman_career_timeline.rq": {"year": "1977", "what": "drafted", "about": "New York Mets"},
    "clubs_two_people_shared.rq": {"name": "New York Mets", "together": "~1986"},
    # The articles disagree on whether Arizona fired him or he resigned, days after hiring him in 2004.
    "conflicting_claims.rq": {"person": "Wally Backman", "organization": "Arizona Diamondbacks"},
    # Backman managed in the Mets' system (Binghamton) in 2011, Collins's first season as the Mets' manager.
    "connections.rq": {"organization": "New York Mets", "from": "2011"},
    "memberships_with_evidence.rq": {"person": "Terry Collins", "role": "manager", "organization": "New York Mets"},
    # Every seed article is about Backman.
    "most_central.rq": {"label": "Wally Backman"},
    "people_by_team_and_role.rq": {"organization": "Las Vegas 51s", "role": "manager", "people": "~Wally Backman"},
    # He played for the Mets from 1980.
    "record_beside_articles.rq": {"club": "New York Mets", "role": "player", "from": "1980"},
    # He never managed a major-league game: the record has no Arizona season of his.
    "record_contradictions.rq": {"person": "Wally Backman", "club": "Arizona Diamondbacks"},
    # Mets second baseman and center fielder together through the 1980s.
    "teammates_of_a_person.rq": {"name": "Mookie Wilson"},
    # Teammates on the 1962-63 Mets; Hodges managed Kranepool from 1968.
    "teammates_who_later_managed_each_other.rq": {"manager": "Gil Hodges", "player": "Ed Kranepool"},
    "communities.rq": {"members": "~Wally Backman"},
    "article_assertions.rq": {"file": "~_"},  # test_the_article_counts_name_every_seed_article checks them all
    "components.rq": {},  # any component: test_the_components_partition_the_entities checks them all
    # The Mets began in 1962: players who debuted in the 1960s are in the record's Mets seasons.
    "most_connected_by_decade.rq": {"decade": "1960"},
}


def _answers(path: Path, store: Any) -> list[dict[str, str]]:
    solutions = store.query(path.read_text(encoding="utf-8"))
    names = [v.value for v in solutions.variables]
    return [{name: row[name].value for name in names if row[name] is not None} for row in solutions]


def _matches(row: dict[str, str], known: dict[str, str]) -> bool:
    return all(expected[1:] in row.get(name, "") if expected.startswith("~") else row.get(name) == expected
               for name, expected in known.items())


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_saved_query_answers_what_is_known(path: Path, seeds_build: Any) -> None:
    """Each saved query parses, runs on the seeds and answers a row known to be true (KNOWN_ROWS)."""
    assert path.read_text(encoding="utf-8").startswith("#"), f"{path.name} needs a comment header saying what it asks"
    store, _ = open_current(seeds_build[0])
    rows = _answers(path, store)
    assert any(_matches(row, KNOWN_ROWS[path.name]) for row in rows), f"{path.name}: no row {KNOWN_ROWS[path.name]}"


def test_the_article_counts_name_every_seed_article(seeds_build: Any) -> None:
    store, _ = open_current(seeds_build[0])
    rows = _answers(PROJECT_ROOT / "queries" / "article_assertions.rq", store)
    assert sorted(row["file"] for row in rows) == sorted(p.name for p in SEEDS.glob("*.txt"))


def test_the_components_partition_the_entities(seeds_build: Any) -> None:
    """Components partition the entities."""
    store, _ = open_current(seeds_build[0])
    components = _answers(PROJECT_ROOT / "queries" / "components.rq", store)
    held = next(iter(store.query(
        "SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e <https://bbkg.example.org/ontology#component> ?c }")))
    assert sum(int(row["entities"]) for row in components) == int(held["n"].value)


def test_conflicting_claims_are_kept_side_by_side(seeds_build) -> None:
    store, _ = open_current(seeds_build[0])
    text = (PROJECT_ROOT / "queries" / "conflicting_claims.rq").read_text(encoding="utf-8")
    rows = [{v: row[v].value for v in ("person", "organization", "claim", "otherClaim", "article")}
            for row in store.query(text)]
    resigned_or_fired = [r for r in rows if r["claim"] == "resigned" and r["otherClaim"] == "was fired"]
    assert {(r["person"], r["organization"]) for r in resigned_or_fired} == {("Wally Backman", "New York Mets")}
    assert {r["article"] for r in resigned_or_fired} >= {"000_9d29100b6b5e65f2.txt", "002_42a94eca53463acc.txt"}
