"""Mapping the extraction's records (articles, mentions, memberships with their years, facts, reference
organizations) to distinct N-Quads lines.

Spark SQL routes each record, once for every subject it speaks of, to the partition of that subject (column
`route`: the key, digest or year the subject's IRI is minted from, or the article's id for a subject that belongs
to one article; two subjects may share a route, which only puts them in one partition), with the digests its
IRIs need; mapping/lines.py then writes each partition's lines with Arrow's kernels and keeps each line once.
Every line's subject decides its partition, so two records that state the same line meet in one partition: no
line is made in two partitions, and no distinct over all the lines is needed. What crosses the shuffle is the
records, a small fraction of the lines' bytes.
On a local master the Python workers also write the lines to their files (mapping.terms.save_arrow_lines).
"""

from __future__ import annotations

from functools import partial, reduce
from pathlib import Path

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from mapping.lines import lines_of_partition
from mapping.terms import save_arrow_lines
from vocab import iris

# The class of each kind of fact other than membership.
FACT_CLASSES = {
    "drafted": "Draft", "hired": "Hiring", "fired": "Firing", "resigned": "Resignation",
    "promoted": "Promotion", "reprimanded": "Reprimand", "chosen": "Selection", "dismissed": "Dismissal",
    "award": "AwardWin", "record": "WinLossRecord",
    "age": "AgeStatement",
}


def _route(record_kind: str, route: str, condition: str | None = None, instant: str = "CAST(NULL AS INT)") -> str:
    """One of a record's routes in Spark SQL (null where `condition` fails); `instant` is the year of a time:Instant."""
    routed = f"named_struct('record_kind', '{record_kind}', 'route', CAST({route} AS STRING), 'instant', {instant})"
    return routed if condition is None else f"CASE WHEN {condition} THEN {routed} END"


def _each_route(*routes: str) -> str:
    """A row for each of the routes that holds (column `to`), in Spark SQL."""
    return f"explode(filter(array({', '.join(routes)}), r -> r IS NOT NULL)) AS to"


def _named(column: str) -> str:
    """The name a selected column ("doc_id", "object_label AS label") has after the select."""
    return column.split(" AS ")[-1]


def routed_records(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                   base: str) -> DataFrame:
    """Each record once per kind of subject it speaks of, with its `record_kind` (a key of mapping.lines.FORMATTERS),
    its `route` and the columns that kind's lines need; the union of all the kinds' columns. Each record table is
    read once.

    The expressions are Spark SQL text rather than Column objects: each Column function is a call into the JVM
    over Py4J, and about a thousand of them made building the plan a large part of a first mapping."""
    member = "relation = 'member'"
    # The digests, once a fact (a route and a column use each). The base IRI, a setting, comes in as a value,
    # never formatted into SQL text.
    digested = facts.where("relation IS NOT NULL").selectExpr(
        "*", f"CASE WHEN {member} THEN {iris.membership_digest_sql('object_key')} END AS membership",
        f"CASE WHEN NOT {member} THEN {iris.FACT_DIGEST_SQL} END AS fact",
    ).withColumn("memberships", F.lit(base + iris.MEMBERSHIP))
    interval = iris.INTERVAL_DIGEST_SQL
    classes = "map(" + ", ".join(f"'{relation}', '{cls}'" for relation, cls in FACT_CLASSES.items()) + ")"

    routed_articles = articles.where("error IS NULL").selectExpr(
        "'article' AS record_kind", "doc_id AS route", "doc_id", "file_name", "sha256", "text",
        *[f"{column} AS {column}" if column in articles.columns else f"CAST(NULL AS STRING) AS {column}"
          for column in ("headline", "published", "url")])
    mention_columns = ["doc_id", "start", "end", "surface", "entity_type", "entity_key", "label", "kind"]
    routed_mentions = mentions.selectExpr(
        _each_route(_route("span", "doc_id"), _route("entity", "entity_key")), *mention_columns)
    instants = [_route("year", bound, f"{member} AND {bound} IS NOT NULL", bound)
                for bound in ("start_year", "end_year")]
    fact_columns = ["doc_id", "sentence_start", "sentence_end", "sentence", "relation", "person_key", "object_key",
                    "object_type", "object_label AS label", "role", "year", "value", "start_year", "end_year",
                    "membership", "fact", f"{classes}[relation] AS class",
                    f"CASE WHEN {member} AND (start_year IS NOT NULL OR end_year IS NOT NULL) THEN {interval} END "
                    "AS interval"]
    routed_facts = digested.selectExpr(_each_route(
        _route("evidence", "doc_id"), _route("membership", "membership", member),
        _route("award", "object_key", f"NOT {member} AND object_type = 'Award'"),
        _route("fact", "fact", f"NOT {member}"), *instants), *fact_columns)
    routed_organizations = organizations.selectExpr(
        "'reference' AS record_kind", "key AS route", "key AS entity_key", "type AS entity_type", "label", "level",
        "parent", "parent_from", "parent_to", "league", "aliases")
    parts = [routed_articles, routed_mentions.selectExpr("to.*", *map(_named, mention_columns)),
             routed_facts.selectExpr("to.*", *map(_named, fact_columns)), routed_organizations]
    return reduce(partial(DataFrame.unionByName, allowMissingColumns=True), parts)


def records_by_route(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                     base: str, partitions: int | None = None) -> DataFrame:
    """The routed records in `partitions` partitions (mapping.lines sorts each by route). By default, one
    partition per core (Spark's default parallelism): with the build's shuffle partitions, adaptive execution
    can merge the records into a few uneven partitions, the smallest left running alone after the others."""
    routed = routed_records(articles, mentions, facts, organizations, base)
    count = partitions or routed.sparkSession.sparkContext.defaultParallelism
    return routed.repartition(count, "route")


def record_lines(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                 base: str, partitions: int | None = None) -> DataFrame:
    """The records as distinct N-Quads lines (column `line`), each statement in its article's graph (or the
    reference graph) and in the default graph."""
    by_route = records_by_route(articles, mentions, facts, organizations, base, partitions)
    return by_route.mapInArrow(partial(lines_of_partition, base), "line string")


def save_record_lines(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                      base: str, folder: Path, partitions: int | None = None) -> list[Path]:
    """The records' distinct lines as N-Quads files in a new `folder` on the driver's disk; returns them in order."""
    by_route = records_by_route(articles, mentions, facts, organizations, base, partitions)
    return save_arrow_lines(by_route, partial(lines_of_partition, base), folder)
