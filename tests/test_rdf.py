"""Mapping records to quads: valid N-Quads, escaping, and one IRI per fact across articles."""

from pyoxigraph import DefaultGraph, Literal, RdfFormat, parse
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from vocab.namespaces import BB
from mapping.records import membership_quads
from mapping.terms import literal, nquad_lines

BASE = "https://example.org/"
MEMBERSHIP_SCHEMA = (
    "doc_id string, sentence_start int, sentence_end int, sentence string, "
    "person_key string, person_label string, org_key string, org_label string, role string, start int, end int, "
    "start_year int, end_year int"
)


def parsed(quads: DataFrame):
    """The quads of the named graphs, through nquad_lines and a real N-Quads parser."""
    text = "\n".join(r.line for r in nquad_lines(quads).collect())
    return [q for q in parse(text.encode(), format=RdfFormat.N_QUADS) if q.graph_name != DefaultGraph()]


def test_literals_survive_quotes_backslashes_and_newlines(spark: SparkSession) -> None:
    tricky = 'He said "go"\\n, then\nleft\r.'
    frame = spark.createDataFrame([(tricky,)], "v string")
    quads = frame.select(F.lit("<https://e/s>").alias("s"), F.lit("<https://e/p>").alias("p"),
                         literal(F.col("v")).alias("o"), F.lit("<https://e/g>").alias("g"))
    [quad] = parsed(quads)
    assert quad.object == Literal(tricky)


def test_the_same_membership_in_two_articles_is_one_node_with_two_evidences(spark: SparkSession) -> None:
    rows = [
        ("a", 0, 30, "Mets GM Sandy Alderson said no.", "sandy-alderson", "Sandy Alderson",
         "new-york-mets", "New York Mets", "GeneralManager", 0, 22, None, None),
        ("b", 100, 140, "GM Sandy Alderson of the Mets agreed.", "sandy-alderson", "Sandy Alderson",
         "new-york-mets", "New York Mets", "GeneralManager", 103, 128, None, None),
    ]
    quads = parsed(membership_quads(spark.createDataFrame(rows, MEMBERSHIP_SCHEMA), BASE))
    memberships = {q.subject for q in quads if q.predicate.value == f"{BB}member"}
    assert len(memberships) == 1
    graphs = {q.graph_name.value for q in quads if q.subject in memberships}
    assert graphs == {f"{BASE}graph/article/a", f"{BASE}graph/article/b"}
    evidences = {q.object for q in quads if q.predicate.value == f"{BB}evidence"}
    assert len(evidences) == 2
    quotes = {q.object.value for q in quads if q.predicate.value == f"{BB}quote"}
    assert quotes == {rows[0][3], rows[1][3]}


def test_nquad_lines_are_distinct_with_each_triple_also_in_the_default_graph(spark: SparkSession) -> None:
    quads = spark.createDataFrame([("<b>", "<p>", "<o>", "<g>"), ("<a>", "<p>", "<o>", "<g>"),
                                   ("<b>", "<p>", "<o>", "<g>")], "s string, p string, o string, g string")
    assert sorted(r.line for r in nquad_lines(quads).collect()) == [
        "<a> <p> <o> .", "<a> <p> <o> <g> .", "<b> <p> <o> .", "<b> <p> <o> <g> ."]


def test_each_article_keeps_its_own_years_of_a_membership(spark) -> None:
    """Two articles disagree on when a role began: two OWL-Time intervals, side by side, each in its graph."""
    rows = [
        ("a", 0, 40, "Feld managed the Tides from 2019 to 2023.", "marcus-feld", "Marcus Feld",
         "norfolk-tides", "Norfolk Tides", "Manager", 0, 30, 2019, 2023),
        ("b", 0, 40, "Feld began managing the Tides in 2018.", "marcus-feld", "Marcus Feld",
         "norfolk-tides", "Norfolk Tides", "Manager", 0, 30, 2018, None),
    ]
    quads = parsed(membership_quads(spark.createDataFrame(rows, MEMBERSHIP_SCHEMA), BASE))
    time = "http://www.w3.org/2006/time#"
    during = {q.object: q.graph_name.value for q in quads if q.predicate.value == "http://www.w3.org/ns/org#memberDuring"}
    assert sorted(during.values()) == [f"{BASE}graph/article/a", f"{BASE}graph/article/b"]
    bounds = {(q.subject, q.predicate.value.rsplit("#", 1)[1], q.object.value) for q in quads
              if q.subject in during and q.predicate.value in (f"{time}hasBeginning", f"{time}hasEnd")}
    by_graph = {during[s]: sorted((p, o.rsplit("/", 1)[1]) for s2, p, o in bounds if s2 == s) for s in during}
    assert by_graph == {f"{BASE}graph/article/a": [("hasBeginning", "2019"), ("hasEnd", "2023")],
                        f"{BASE}graph/article/b": [("hasBeginning", "2018")]}
    years = {q.object.value for q in quads if q.predicate.value == f"{time}inXSDgYear"}
    assert years == {"2018", "2019", "2023"}


def test_the_iri_rules_agree_in_python_and_in_spark(spark) -> None:
    """vocab/iris.py writes each digest rule for Python and for Spark SQL: both mint the same IRI."""
    from mapping.terms import membership_iri
    from vocab import iris

    base = "https://bbkg.example.org/"
    rows = spark.createDataFrame([("wally-backman", "new-york-mets", "Manager"), ("a|b", "c", "Player")],
                                 "person_key string, org_key string, role string")
    minted = [r[0] for r in rows.select(membership_iri(base)).collect()]
    assert minted == [base + iris.membership_path("wally-backman", "new-york-mets", "Manager"),
                      base + iris.membership_path("a|b", "c", "Player")]
    assert iris.local_part(minted[0], base) == minted[0][len(base):]
    assert iris.local_part("https://elsewhere.example/id/x", base) is None
