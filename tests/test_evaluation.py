"""The built seeds graph scored against the hand-written gold, and the scorer itself."""

from __future__ import annotations

import shutil

import pytest
from pyoxigraph import Store

from vocab.config import PROJECT_ROOT
from bbkg.evaluate import Score, articles_only, evaluate, score_facts, score_role_years
from store.builds import open_current

GOLD = PROJECT_ROOT / "tests" / "gold" / "seeds.json"


def test_seeds_reach_the_quality_bar(seeds_build) -> None:
    store, _ = open_current(seeds_build[0])
    scores = evaluate(store, GOLD)
    assert scores["entities"]["f1"] >= 0.97, scores["entities"]
    assert scores["facts"]["member"]["f1"] >= 0.90, scores["facts"]["member"]
    assert scores["facts"]["all"]["f1"] >= 0.85, scores["facts"]["all"]
    for relation in ("member", "fired", "resigned", "drafted"):
        assert scores["facts"][relation]["recall"] > 0, relation
    # Every role year the gold states is found, each role with its own (Backman: player 1980-1988).
    assert scores["role_years"]["recall"] == 1.0, scores["role_years"]


def test_scorer_matches_a_roles_years_exactly() -> None:
    gold = [{"relation": "member", "subject": "A", "object": "Mets", "role": "Player", "start": 1980, "end": 1988},
            {"relation": "member", "subject": "A", "object": "Mets", "role": "Manager", "start": 2010}]
    predicted = [{"relation": "member", "subject": "A", "object": "Mets", "role": "Player", "start": 1980,
                  "end": 1988},
                 {"relation": "member", "subject": "A", "object": "Mets", "role": "Manager", "start": 2010,
                  "end": 2016}]
    score = score_role_years(gold, predicted)
    assert (score.true_positives, score.predicted, score.gold) == (1, 2, 2)


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


GUARDED = ("dev", "heldout", "dev2", "heldout2", "dev3", "heldout3", "heldout4", "unseen", "unseen2")


@pytest.fixture(scope="module")
def gold_build(spark, tmp_path_factory: pytest.TempPathFactory) -> Store:
    """The articles of every guarded gold set (tests/gold/<set>/, their file names distinct) built together
    through the real pipeline, as one folder of news."""
    from bbkg.pipeline import run_build
    from tests.helpers import build_settings

    articles = tmp_path_factory.mktemp("gold-articles")
    for corpus in GUARDED:
        for article in (PROJECT_ROOT / "tests" / "gold" / corpus).iterdir():
            assert not (articles / article.name).exists(), article.name
            shutil.copy(article, articles)
    store_dir = tmp_path_factory.mktemp("gold-store")
    run_build(build_settings(articles, store_dir), spark=spark)
    return open_current(store_dir)[0]


def scores_of(gold_build: Store, corpus: str) -> dict:
    """tests/gold/<corpus>'s articles of the shared build scored against tests/gold/<corpus>.json."""
    gold = PROJECT_ROOT / "tests" / "gold"
    files = {article.name for article in (gold / corpus).iterdir()}
    return evaluate(articles_only(gold_build, files), gold / f"{corpus}.json")


def test_a_set_of_a_shared_build_is_scored_on_its_own_articles(gold_build: Store) -> None:
    """The view of one set's articles holds their mentions, and no other article's."""
    from store.select import select_rows
    from vocab.namespaces import PREFIXES

    files = {article.name for article in (PROJECT_ROOT / "tests" / "gold" / "unseen").iterdir()}
    mentioned_in = ("SELECT DISTINCT ?file WHERE { ?m a bb:Mention ; prov:wasDerivedFrom/bb:fileName ?file }")
    assert {r["file"] for r in select_rows(articles_only(gold_build, files), PREFIXES + mentioned_in)} == files
    assert len(select_rows(gold_build, PREFIXES + mentioned_in)) > len(files)


def test_unseen_paragraphs_generalize(gold_build: Store) -> None:
    """Paragraphs written for this test (new people and clubs) through the real pipeline."""
    scores = scores_of(gold_build, "unseen")
    assert scores["entities"]["recall"] >= 0.9, scores["entities"]
    assert scores["facts"]["member"]["recall"] >= 0.6, scores["facts"]["member"]
    assert scores["facts"]["all"]["precision"] >= 0.8, scores["facts"]["all"]
    assert scores["facts"]["all"]["recall"] >= 0.5, scores["facts"]["all"]


def test_new_paragraphs_reach_the_bar(gold_build: Store) -> None:
    """Three news-style paragraphs written for issue #11 before the extractor saw them (appositions, lists,
    possessives, passive voice, titles, initials, years of roles): entity F1 >= 0.95, fact F1 >= 0.85."""
    scores = scores_of(gold_build, "unseen2")
    assert scores["entities"]["f1"] >= 0.95, scores["entities"]
    assert scores["facts"]["all"]["f1"] >= 0.85, scores["facts"]["all"]
    assert scores["role_years"]["recall"] == 1.0, scores["role_years"]


def test_a_non_fact_the_graph_states_is_counted() -> None:
    from bbkg.evaluate import stated_non_facts

    non_facts = [{"relation": "member", "subject": "A", "object": "Mets", "role": "Manager"},
                 {"relation": "member", "subject": "B", "object": "Mets", "role": "Manager"}]
    predicted = [{"relation": "member", "subject": "A", "object": "Mets", "role": "Manager"},
                 {"relation": "member", "subject": "B", "object": "Mets", "role": "Player"}]
    assert stated_non_facts(non_facts, predicted) == non_facts[:1]


def test_a_club_the_gold_names_by_another_of_its_names_is_the_same_club() -> None:
    from bbkg.evaluate import in_graph_names

    gold = {"entities": [{"label": "Cleveland Guardians", "type": "Team"}, {"label": "Ann Roe", "type": "Person"}],
            "facts": [{"relation": "member", "subject": "Ann Roe", "object": "Cleveland Guardians", "role": "Coach"}]}
    named = in_graph_names(gold, {"Cleveland Guardians": "Cleveland Indians"})
    assert {e["label"] for e in named["entities"]} == {"Cleveland Indians", "Ann Roe"}
    assert named["facts"][0]["object"] == "Cleveland Indians" and named["facts"][0]["subject"] == "Ann Roe"


def test_news_nobody_here_wrote_keeps_its_scores(gold_build: Store) -> None:
    """The 44 articles of an independent annotator (tests/gold/dev, tuned on; tests/gold/heldout, never tuned on),
    and 70 real-news-length articles of five others (tests/gold/dev2 and dev3, tuned on; tests/gold/heldout2,
    heldout3 and heldout4, each scored once before and once after a round of tuning, and never tuned on),
    through the real pipeline: a guard against losing what the reading reached, not a target (the scores are in
    docs/extraction.md)."""
    for corpus, entity_f1, membership_f1, precision, non_facts in (
            ("dev", 0.95, 0.80, 0.85, 0), ("heldout", 0.95, 0.75, 0.80, 0), ("dev2", 0.95, 0.75, 0.85, 0),
            ("heldout2", 0.93, 0.70, 0.80, 5), ("dev3", 0.92, 0.60, 0.75, 0), ("heldout3", 0.92, 0.65, 0.80, 0),
            ("heldout4", 0.92, 0.65, 0.78, 8)):
        scores = scores_of(gold_build, corpus)
        assert scores["entities"]["f1"] >= entity_f1, (corpus, scores["entities"])
        assert scores["facts"]["member"]["f1"] >= membership_f1, (corpus, scores["facts"]["member"])
        assert scores["facts"]["member"]["precision"] >= precision, (corpus, scores["facts"]["member"])
        assert scores["non_facts"]["stated"] <= non_facts, (corpus, scores["non_facts"])
