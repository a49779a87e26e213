"""The built seeds graph scored against the hand-written gold, and the scorer itself."""

from __future__ import annotations

from bbkg.config import PROJECT_ROOT
from bbkg.evaluate import Score, evaluate, score_facts
from store.builds import open_current

GOLD = PROJECT_ROOT / "tests" / "gold" / "seeds.json"


def test_seeds_reach_the_quality_bar(seeds_build) -> None:
    store, _ = open_current(seeds_build[0])
    scores = evaluate(store, GOLD)
    assert scores["entities"]["f1"] >= 0.95, scores["entities"]
    assert scores["facts"]["all"]["f1"] >= 0.85, scores["facts"]["all"]
    for relation in ("member", "fired", "resigned", "drafted"):
        assert scores["facts"][relation]["recall"] > 0, relation


def test_scorer_counts_distinct_facts_and_optional_years() -> None:
    gold = [{"relation": "fired", "subject": "A", "object": "Mets"},
            {"relation": "member", "subject": "A", "object": "Mets", "role": "Manager"},
            {"relation": "drafted", "subject": "A", "object": "Mets", "year": 1977}]
    predicted = [{"relation": "fired", "subject": "A", "object": "Mets", "year": 2016},
                 {"relation": "fired", "subject": "A", "object": "Mets", "year": 2016},
                 {"relation": "member", "subject": "A", "object": "Mets", "role": "Player"},
                 {"relation": "drafted", "subject": "A", "object": "Mets", "year": 1978}]
    scores = score_facts(gold, predicted)
    assert (scores["fired"].true_positives, scores["fired"].predicted) == (1, 1)
    assert scores["member"].true_positives == 0 and scores["member"].predicted == 1
    assert scores["drafted"].true_positives == 0
    assert scores["all"].as_dict()["precision"] == round(1 / 3, 3)
    assert Score(0, 0, 0).f1 == 1.0  # nothing to find, nothing found
    assert Score(0, 3, 2).f1 == 0.0
