"""Mapping the extraction's records (articles, mentions, memberships with their years, facts, reference
organizations) to distinct N-Quads lines.

Spark SQL routes each record, once for every subject it speaks of, to the partition of that subject (column
`route`: the key, digest or year the subject's IRI is minted from, or the article's id for a subject that belongs
to one article; two subjects may share a route, which only puts them in one partition), with the digests its
IRIs need; mapping/lines.py then writes each partition's lines with Arrow's kernels and keeps each line once.
Every line's subject decides its partition, so two records that state the same line meet in one partition: no
line is made in two partitions, and no distinct over all the lines is needed. What crosses the shuffle is the
records, about a thirteenth of the lines' bytes (10,000 articles: 22 MB of records against 284 MB of lines).
On a local master the Python workers also write the lines to their files (`save_record_lines`).
"""

from __future__ import annotations

from functools import partial, reduce
from pathlib import Path

from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from mapping.lines import lines_of_partition, write_lines_of_partition
from mapping.terms import on_local_master, save_lines
from vocab import iris

# The class of each kind of fact other than membership.
FACT_CLASSES = {
    "drafted": "Draft", "hired": "Hiring", "fired": "Firing", "resigned": "Resignation",
    "promoted": "Promotion", "reprimanded": "Reprimand", "award": "AwardWin", "record": "WinLossRecord",
    "age": "AgeStatement",
}


def _digest(*parts: Column) -> Column:
    """vocab.iris.digest in Spark SQL (concat_ws leaves null parts out, as `digest` does)."""
    return F.substring(F.sha2(F.concat_ws("|", *parts), 256), 1, iris.DIGEST_CHARS)


def _route(record_kind: str, route: Column, condition: Column | None = None, instant: Column | None = None) -> Column:
    """One of a record's routes (null where `condition` fails); `instant` is the year of a time:Instant."""
    year = instant if instant is not None else F.lit(None).cast("int")
    routed = F.struct(F.lit(record_kind).alias("record_kind"), route.cast("string").alias("route"),
                      year.alias("instant"))
    return routed if condition is None else F.when(condition, routed)


def _each_route(*routes: Column) -> Column:
    """A row for each of the routes that holds."""
    return F.explode(F.filter(F.array(*routes), lambda route: route.isNotNull())).alias("to")


def routed_records(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                   base: str) -> DataFrame:
    """Each record once per kind of subject it speaks of, with its `record_kind` (a key of mapping.lines.FORMATTERS),
    its `route` and the columns that kind's lines need; the union of all the kinds' columns. Each record table is
    read once."""
    doc = F.col("doc_id")
    relation, object_type = F.col("relation"), F.col("object_type")
    member = relation == "member"
    # The digests, once a fact (a route and a column use each).
    identity = (relation, F.col("person_key"), F.coalesce("object_key", F.lit("")),
                F.coalesce(F.col("year").cast("string"), F.lit("")), F.coalesce("value", F.lit("")))
    digested = facts.where(relation.isNotNull()).select(
        "*", F.when(member, F.expr(iris.membership_digest_sql("object_key"))).alias("membership"),
        F.when(~member, _digest(*identity)).alias("fact"))
    membership, fact = F.col("membership"), F.col("fact")
    dated = F.col("start_year").isNotNull() | F.col("end_year").isNotNull()
    classes = F.create_map(*[F.lit(x) for relation, cls in FACT_CLASSES.items() for x in (relation, cls)])

    routed_articles = articles.where(F.col("error").isNull()).select(
        F.lit("article").alias("record_kind"), doc.alias("route"), "doc_id", "file_name", "sha256", "text")
    routed_mentions = mentions.select(
        _each_route(_route("span", doc), _route("entity", F.col("entity_key"))),
        "doc_id", "start", "end", "surface", "entity_type", "entity_key", "label", "kind")
    instants = [_route("year", F.col(bound), member & F.col(bound).isNotNull(), F.col(bound))
                for bound in ("start_year", "end_year")]
    routed_facts = digested.select(
        _each_route(
            _route("evidence", doc), _route("membership", membership, member),
            _route("award", F.col("object_key"), ~member & (object_type == "Award")),
            _route("fact", fact, ~member), *instants),
        "doc_id", "sentence_start", "sentence_end", "sentence", "relation", "person_key", "object_key", "object_type",
        F.col("object_label").alias("label"), "role", "year", "value", "start_year", "end_year",
        "membership", F.when(member & dated, _digest(F.concat(F.lit(base + iris.MEMBERSHIP), membership), doc))
        .alias("interval"), "fact", classes[relation].alias("class"))
    routed_organizations = organizations.select(
        F.lit("reference").alias("record_kind"), F.col("key").alias("route"),
        F.col("key").alias("entity_key"), F.col("type").alias("entity_type"), "label", "level", "parent",
        "parent_from", "parent_to", "league", "aliases")
    parts = [routed_articles, *(rows.select("to.*", *[c for c in rows.columns if c != "to"])
                                for rows in (routed_mentions, routed_facts)), routed_organizations]
    return reduce(partial(DataFrame.unionByName, allowMissingColumns=True), parts)


def records_by_route(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                     base: str, partitions: int | None = None) -> DataFrame:
    """The routed records in `partitions` partitions, each sorted by route so that mapping.lines can map a few
    routes at a time. By default, one partition per core (Spark's default parallelism): with the build's shuffle
    partitions, adaptive execution merged 10,000 articles' records into two large partitions and a small one,
    which ran alone after the other two on two cores."""
    routed = routed_records(articles, mentions, facts, organizations, base)
    count = partitions or routed.sparkSession.sparkContext.defaultParallelism
    return routed.repartition(count, "route").sortWithinPartitions("route")


def record_lines(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                 base: str, partitions: int | None = None) -> DataFrame:
    """The records as distinct N-Quads lines (column `line`), each statement in its article's graph (or the
    reference graph) and in the default graph."""
    by_route = records_by_route(articles, mentions, facts, organizations, base, partitions)
    return by_route.mapInArrow(partial(lines_of_partition, base), "line string")


def save_record_lines(articles: DataFrame, mentions: DataFrame, facts: DataFrame, organizations: DataFrame,
                      base: str, folder: Path, partitions: int | None = None) -> list[Path]:
    """The records' distinct lines as N-Quads files in a new `folder` on the driver's disk; returns them in order.

    On a local master each Python worker writes its partition's lines to a file itself: they would otherwise
    cross into the JVM and out through its text writer (10,000 articles: 284 MB; the mapping took 0.25-0.3 s
    longer). On a cluster the workers cannot see the driver's disk, and the lines stream to it.
    """
    if not on_local_master(articles.sparkSession):
        return save_lines(record_lines(articles, mentions, facts, organizations, base, partitions), folder)
    folder.mkdir(parents=True)
    by_route = records_by_route(articles, mentions, facts, organizations, base, partitions)
    written = by_route.mapInArrow(partial(write_lines_of_partition, base, str(folder.resolve())), "file string")
    return sorted(Path(row.file) for row in written.collect())
