"""The record as RDF, in the named graph graph/record (its rows here, its lines by mapping/record_lines.py), and
the links and checks that set the articles beside it, in graph/record-links.

The record's memberships have the articles' shape: a person's membership of a club in a role is one node (the
same IRI whoever states it), and each season the record has him there is an interval of it (org:memberDuring),
a bb:RecordSeason with its team-season and games, derived from the record's dataset. A query for a person's
memberships and their intervals reads the articles' claims and the record's seasons together, each saying where
it comes from: an article (prov:wasDerivedFrom, bb:evidence) or the record.
"""

from __future__ import annotations

from functools import partial, reduce
from pathlib import Path

from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from mapping.record_lines import record_lines_of_partition
from mapping.terms import iri, literal, quads_about, save_arrow_lines
from spark_etl.linking import METHOD, SUPPORT
from vocab import iris
from vocab.namespaces import BB, PROV, RDF_TYPE, RDFS_LABEL

PROV_GENERATED_BY = f"{PROV}wasGeneratedBy"
# The activities that set the articles beside the record (graph/record-links).
LINKING = ("record-linking", "Linking the articles' people to the record's",
           "a person named in an article is the record person whose name folds to the same key and whose seasons "
           "agree best with what the articles say of him (clubs, roles, years), when no namesake agrees as well",
           "support weights: " + ", ".join(f"{METHOD[k]} {w}" for k, w in SUPPORT.items()))
CHECKING = ("record-checking", "Checking the articles' dated memberships against the record",
            "Confirmed when the record has the person with the club in the role in the first and last year the "
            "article states; Contradicted otherwise; OutsideRecord for a person, club, role or year it does not hold",
            "the record's seasons by person, club and role")


def links_graph(base: str) -> Column:
    return iri(base + iris.RECORD_LINKS_GRAPH)


def dataset_iri(base: str) -> Column:
    return iri(base + iris.RECORD_DATASET)


def _person(base: str, column: str) -> Column:
    return iri(F.concat(F.lit(base + iris.PERSON), F.col(column)))


def _org(base: str, column: str) -> Column:
    return iri(F.concat(F.lit(base + iris.ORG), F.col(column)))


def record_rows(people: DataFrame, clubs: DataFrame, team_seasons: DataFrame, seasons: DataFrame) -> DataFrame:
    """The rows the record's lines are made from, each once, with its `record_kind` (a key of
    mapping.record_lines.FORMATTERS), its `route` (the key of the subject its shared lines are about: a season's
    membership, a team-season's year) and the digests its IRIs need: the dataset, people, clubs, team-seasons and
    seasons, each season with its membership (one per person, club and role, as vocab.iris.membership_path: the
    articles' membership of the same person, club and role is the same node); the union of the kinds' columns."""
    membership = iris.digest_sql("person_id", "club_key", "role")
    interval = iris.digest_sql("person_id", "team_id", "CAST(year AS STRING)", "role", "CAST(stint AS STRING)")
    parts = [
        people.sparkSession.range(1).selectExpr("'dataset' AS record_kind", "'' AS route"),
        people.selectExpr("'person' AS record_kind", "person_id AS route", "person_id", "label", "first", "last",
                          "retro_id", "bbref_id", "birth_date", "debut", "final_game"),
        clubs.selectExpr("'club' AS record_kind", "club_key AS route", "franch_id", "club_key", "label",
                         "in_reference"),
        team_seasons.selectExpr("'team_season' AS record_kind", "CAST(year AS STRING) AS route", "team_id", "year",
                                "club_key", "league_code", "league_key", "name", "park", "games", "wins", "losses",
                                "rank"),
        seasons.selectExpr("'season' AS record_kind", "person_id", "club_key", "role", "team_id", "year", "stint",
                           "games", "wins", "losses", "rank", f"{membership} AS membership",
                           f"{interval} AS interval").withColumn("route", F.col("membership")),
    ]
    return reduce(partial(DataFrame.unionByName, allowMissingColumns=True), parts)


def save_record_lines(people: DataFrame, clubs: DataFrame, team_seasons: DataFrame, seasons: DataFrame,
                      base: str, folder: Path) -> list[Path]:
    """The record itself (graph/record) as N-Quads files in a new `folder`: its dataset, people, clubs,
    team-seasons, memberships and seasons. One partition per core, as mapping.records.records_by_route."""
    rows = record_rows(people, clubs, team_seasons, seasons)
    by_route = rows.repartition(rows.sparkSession.sparkContext.defaultParallelism, "route")
    return save_arrow_lines(by_route, partial(record_lines_of_partition, base), folder)


def _activity(base: str, key: str) -> Column:
    return iri(base + iris.ACTIVITY + key)


def activity_quads(spark: SparkSession, base: str) -> DataFrame:
    """The linking and the checking, each with its method and the software that ran it (bbkg)."""
    one, graph = spark.range(1), links_graph(base)
    software = iri(base + iris.SOFTWARE + "bbkg")
    parts = [quads_about(one, graph, software, [(RDF_TYPE, iri(f"{PROV}SoftwareAgent")),
                                                (RDFS_LABEL, literal(F.lit("bbkg")))])]
    parts += [quads_about(one, graph, _activity(base, key), [
        (RDF_TYPE, iri(f"{PROV}Activity")), (RDF_TYPE, iri(f"{BB}Computation")),
        (RDFS_LABEL, literal(F.lit(label))), (f"{BB}method", literal(F.lit(method))),
        (f"{BB}parameters", literal(F.lit(parameters))), (f"{PROV}wasAssociatedWith", software),
        (f"{PROV}used", dataset_iri(base)),
    ]) for key, label, method, parameters in (LINKING, CHECKING)]
    return reduce(DataFrame.unionByName, parts)


def link_quads(links: DataFrame, people: DataFrame, base: str) -> DataFrame:
    """Each link (a person an article names to a record person), with the article, the confidence and what it
    rests on."""
    named = links.join(people.select(F.col("scope").alias("doc_id"), "person_key", "label"),
                       ["doc_id", "person_key"])
    node = iri(F.concat(F.lit(base + iris.LINK), F.expr(iris.digest_sql("doc_id", "person_key"))))
    return quads_about(named, links_graph(base), node, [
        (RDF_TYPE, iri(f"{BB}RecordLink")),
        (f"{PROV}wasDerivedFrom", iri(F.concat(F.lit(base + iris.ARTICLE), F.col("doc_id")))),
        (f"{BB}linkedPerson", _person(base, "person_id")),
        (f"{BB}articleName", literal(F.col("label"))),
        (f"{BB}articleKey", literal(F.col("person_key"))),
        (f"{BB}confidence", literal(F.col("confidence"), "decimal")),
        (f"{BB}linkMethod", literal(F.col("method"))),
        (f"{BB}matchedClub", _org(base, "club_key")),
        (f"{BB}namesakes", literal(F.col("candidates"), "integer")),
        (PROV_GENERATED_BY, _activity(base, LINKING[0])),
    ])


def check_quads(checks: DataFrame, base: str) -> DataFrame:
    """Each article's dated claim with the record's verdict on it."""
    node = iri(F.concat(F.lit(base + iris.CHECK), F.col("interval")))
    return quads_about(checks, links_graph(base), node, [
        (RDF_TYPE, iri(f"{BB}RecordCheck")),
        (f"{BB}checks", iri(F.concat(F.lit(base + iris.INTERVAL), F.col("interval")))),
        (f"{BB}verdict", iri(F.concat(F.lit(BB), F.col("verdict")))),
        (f"{BB}reason", literal(F.col("reason"))),
        (f"{BB}recordSays", literal(F.col("record_says"))),
        (PROV_GENERATED_BY, _activity(base, CHECKING[0])),
    ])
