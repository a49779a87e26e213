"""Mapping records to quads: valid N-Quads, escaping, one IRI per fact across articles, and each line once
however the records are partitioned."""

from functools import partial

from pyoxigraph import DefaultGraph, Literal, RdfFormat, parse
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from vocab.namespaces import BB, SCHEMA_ARTICLE_BODY
from mapping.lines import SLICE_RECORDS, lines_of_partition
from mapping.records import record_lines, records_by_route, save_record_lines
from mapping.terms import literal, nquad_lines
from spark_etl.extract import FACT_SCHEMA, MENTION_SCHEMA

BASE = "https://example.org/"
ARTICLE_SCHEMA = "doc_id string, file_name string, sha256 string, error string, text string"
ORGANIZATION_SCHEMA = ("key string, label string, type string, aliases array<string>, parent string, "
                       "parent_from int, parent_to int, level string, league string")


def record_frames(spark: SparkSession, articles: tuple = (), mentions: tuple = (), facts: tuple = (),
                  organizations: tuple = ()) -> list[DataFrame]:
    """Hand-made records (tuples of rows) as DataFrames in the extraction's schemas."""
    return [spark.createDataFrame(list(rows), schema) for rows, schema in (
        (articles, ARTICLE_SCHEMA), (mentions, MENTION_SCHEMA), (facts, FACT_SCHEMA),
        (organizations, ORGANIZATION_SCHEMA))]


def mapped(spark: SparkSession, articles: tuple = (), mentions: tuple = (), facts: tuple = (),
           organizations: tuple = (), partitions: int | None = None) -> list[str]:
    """The lines record_lines makes of hand-made records."""
    frames = record_frames(spark, articles, mentions, facts, organizations)
    return [r.line for r in record_lines(*frames, BASE, partitions).collect()]


def named_graphs(lines: list[str]):
    """The quads of the named graphs, through a real N-Quads parser."""
    return [q for q in parse("\n".join(lines).encode(), format=RdfFormat.N_QUADS) if q.graph_name != DefaultGraph()]


def parsed(quads: DataFrame):
    """The quads of the named graphs, through nquad_lines and a real N-Quads parser."""
    return named_graphs([r.line for r in nquad_lines(quads).collect()])


def membership(doc_id: str, sentence: tuple[int, int, str], person: str, org: str, role: str | None,
               years: tuple[int | None, int | None] = (None, None)) -> tuple:
    """A membership fact as the extraction writes it."""
    label = person.replace("-", " ").title()
    return (doc_id, *sentence, "member", person, label, org, org.replace("-", " ").title(), "Team", role, None,
            None, sentence[0], sentence[0] + len(label), *years)


def test_literals_survive_quotes_backslashes_and_newlines(spark: SparkSession) -> None:
    tricky = 'He said "go"\\n, then\nleft\r.'
    frame = spark.createDataFrame([(tricky,)], "v string")
    quads = frame.select(F.lit("<https://e/s>").alias("s"), F.lit("<https://e/p>").alias("p"),
                         literal(F.col("v")).alias("o"), F.lit("<https://e/g>").alias("g"))
    [quad] = parsed(quads)
    assert quad.object == Literal(tricky)
    article = ("a", "a.txt", "0" * 64, None, tricky)
    [body] = [q for q in named_graphs(mapped(spark, articles=(article,))) if q.predicate.value == SCHEMA_ARTICLE_BODY]
    assert body.object == Literal(tricky)


def test_the_same_membership_in_two_articles_is_one_node_with_two_evidences(spark: SparkSession) -> None:
    sentences = [(0, 30, "Mets GM Sandy Alderson said no."), (100, 140, "GM Sandy Alderson of the Mets agreed.")]
    facts = [membership(doc_id, sentence, "sandy-alderson", "new-york-mets", "GeneralManager")
             for doc_id, sentence in zip("ab", sentences, strict=True)]
    quads = named_graphs(mapped(spark, facts=tuple(facts)))
    memberships = {q.subject for q in quads if q.predicate.value == f"{BB}member"}
    assert len(memberships) == 1
    graphs = {q.graph_name.value for q in quads if q.subject in memberships}
    assert graphs == {f"{BASE}graph/article/a", f"{BASE}graph/article/b"}
    evidences = {q.object for q in quads if q.predicate.value == f"{BB}evidence"}
    assert len(evidences) == 2
    quotes = {q.object.value for q in quads if q.predicate.value == f"{BB}quote"}
    assert quotes == {sentences[0][2], sentences[1][2]}


def test_nquad_lines_are_distinct_with_each_triple_also_in_the_default_graph(spark: SparkSession) -> None:
    quads = spark.createDataFrame([("<b>", "<p>", "<o>", "<g>"), ("<a>", "<p>", "<o>", "<g>"),
                                   ("<b>", "<p>", "<o>", "<g>")], "s string, p string, o string, g string")
    assert sorted(r.line for r in nquad_lines(quads).collect()) == [
        "<a> <p> <o> .", "<a> <p> <o> <g> .", "<b> <p> <o> .", "<b> <p> <o> <g> ."]


def test_each_article_keeps_its_own_years_of_a_membership(spark) -> None:
    """Two articles disagree on when a role began: two OWL-Time intervals, side by side, each in its graph."""
    facts = [
        membership("a", (0, 40, "Feld managed the Tides from 2019 to 2023."), "marcus-feld", "norfolk-tides",
                   "Manager", (2019, 2023)),
        membership("b", (0, 40, "Feld began managing the Tides in 2018."), "marcus-feld", "norfolk-tides",
                   "Manager", (2018, None)),
    ]
    quads = named_graphs(mapped(spark, facts=tuple(facts)))
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
    """vocab/iris.py writes each digest rule for Python and for Spark SQL: both mint the same IRI (a part that is
    null is left out by both)."""
    from vocab import iris

    facts = [membership("a", (0, 20, "Backman managed."), "wally-backman", "new-york-mets", "Manager", (1990, None)),
             membership("a", (0, 20, "Reyes played."), "jose-reyes", "new-york-mets", None)]
    subjects = {q.subject.value for q in named_graphs(mapped(spark, facts=tuple(facts)))}
    memberships = [BASE + iris.membership_path("wally-backman", "new-york-mets", "Manager"),
                   BASE + iris.membership_path("jose-reyes", "new-york-mets", None)]
    interval = BASE + iris.INTERVAL + iris.digest(memberships[0], "a")
    assert {*memberships, interval} <= subjects
    assert iris.local_part(memberships[0], BASE) == memberships[0][len(BASE):]
    assert iris.local_part("https://elsewhere.example/id/x", BASE) is None


def backman_in_twelve_articles() -> dict[str, tuple]:
    """Twelve articles that all say Backman managed the Mets from 1990, and the Mets' reference record."""
    docs = [f"d{i}" for i in range(12)]
    sentence = (0, 40, "Backman managed the Mets from 1990.")
    mentions = [(doc, 0, 0, 40, sentence[2], start, start + 7, surface, entity_type, key, label, "name", None, None)
                for doc in docs for start, surface, entity_type, key, label in (
                    (0, "Backman", "Person", "wally-backman", "Wally Backman"),
                    (20, "Mets", "Team", "new-york-mets", "New York Mets"))]
    facts = [membership(doc, sentence, "wally-backman", "new-york-mets", "Manager", (1990, None)) for doc in docs]
    organizations = [("new-york-mets", "New York Mets", "Team", ["Mets"], None, None, None, "MLB", None)]
    return {"mentions": tuple(mentions), "facts": tuple(facts), "organizations": tuple(organizations)}


def test_each_line_is_made_once_however_the_records_are_partitioned(spark) -> None:
    """Records are routed by the subject they speak of, so a line many articles state (a person's label, a
    membership, a year, a club the reference data also describes) is made in one partition only."""
    records = backman_in_twelve_articles()
    by_partitions = {partitions: mapped(spark, **records, partitions=partitions) for partitions in (1, 5)}
    assert len(set(by_partitions[5])) == len(by_partitions[5])
    assert sorted(by_partitions[5]) == sorted(by_partitions[1])
    assert f'<{BASE}id/person/wally-backman> <http://www.w3.org/2000/01/rdf-schema#label> "Wally Backman" .' \
        in by_partitions[5]


def test_a_partition_is_mapped_a_few_whole_routes_at_a_time(spark) -> None:
    """lines_of_partition sorts its records by route and maps them a slice at a time; a slice never splits a
    route, so a line twelve articles state is still made once when the slices are one record long."""
    by_route = records_by_route(*record_frames(spark, **backman_in_twelve_articles()), BASE, partitions=1)

    def lines(slice_records: int) -> list[str]:
        mapper = partial(lines_of_partition, BASE, slice_records=slice_records)
        return [r.line for r in by_route.mapInArrow(mapper, "line string").collect()]

    one_record_long = lines(1)
    assert len(set(one_record_long)) == len(one_record_long)
    assert sorted(one_record_long) == sorted(lines(SLICE_RECORDS))


def test_on_a_local_master_the_workers_write_the_same_lines_to_files(spark, tmp_path) -> None:
    """save_record_lines: each Python worker writes its partition's lines to a file of its own, the same lines
    that record_lines hands back to the JVM, each ended by a newline."""
    records = backman_in_twelve_articles()
    article = ("d0", "d0.txt", "0" * 64, None, 'A "quoted"\nbody')
    frames = record_frames(spark, articles=(article,), **records)
    files = save_record_lines(*frames, BASE, tmp_path / "lines", partitions=3)
    assert [f.name for f in files] == ["part-00000.nq", "part-00001.nq", "part-00002.nq"]
    written = [f.read_bytes() for f in files]
    assert all(text.endswith(b"\n") for text in written if text)
    lines = [line for text in written for line in text.decode().splitlines()]
    assert sorted(lines) == sorted(mapped(spark, articles=(article,), **records, partitions=3))
    assert not list((tmp_path / "lines").glob("*.unfinished"))
