"""extract_mentions and extract_memberships on a tiny hand-made corpus."""

from pyspark.sql import SparkSession

from spark_etl.extract import extract_facts, extract_mentions, memberships
from spark_etl.lexicon import Lexicon

ARTICLES_SCHEMA = "doc_id string, text string, error string"


def test_mentions_and_memberships_of_two_articles(spark: SparkSession, lexicon: Lexicon) -> None:
    articles = spark.createDataFrame([
        ("a", "Las Vegas 51s manager Hilda Quarterman won in 2014. Quarterman smiled.", None),
        ("b", "Mets GM Orrin Pellwether spoke.", None),
        ("broken", None, "not UTF-8 text"),
    ], ARTICLES_SCHEMA)
    mentions = extract_mentions(articles, lexicon)
    rows = {(r.doc_id, r.surface, r.entity_key) for r in mentions.collect()}
    assert rows == {
        ("a", "Las Vegas 51s", "las-vegas-51s"),
        ("a", "Hilda Quarterman", "hilda-quarterman"),
        ("a", "Quarterman", "hilda-quarterman"),
        ("b", "Mets", "new-york-mets"),
        ("b", "Orrin Pellwether", "orrin-pellwether"),
    }
    facts = extract_facts(mentions, lexicon)
    found = {(r.doc_id, r.person_key, r.org_key, r.role) for r in memberships(facts).collect()}
    assert found == {
        ("a", "hilda-quarterman", "las-vegas-51s", "Manager"),
        ("b", "orrin-pellwether", "new-york-mets", "GeneralManager"),
    }
    years = {(r.person_key, r.org_key, r.role, r.start_year, r.end_year) for r in memberships(facts).collect()}
    assert years == {("hilda-quarterman", "las-vegas-51s", "Manager", 2014, 2014),
                     ("orrin-pellwether", "new-york-mets", "GeneralManager", None, None)}
    quote = facts.where("doc_id = 'a'").first()
    assert quote.sentence == "Las Vegas 51s manager Hilda Quarterman won in 2014."


def test_no_articles_gives_no_rows(spark: SparkSession, lexicon: Lexicon) -> None:
    empty = spark.createDataFrame([], ARTICLES_SCHEMA)
    mentions = extract_mentions(empty, lexicon)
    assert mentions.count() == 0
    assert extract_facts(mentions, lexicon).count() == 0
