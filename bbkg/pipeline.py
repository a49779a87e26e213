"""`bbkg build`: articles -> Spark extraction -> GraphFrames -> RDF -> a new Oxigraph store, switched in atomically."""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterator

from pyoxigraph import DefaultGraph, NamedNode, Quad, RdfFormat, Store, parse, serialize
from py4j.protocol import Py4JJavaError
from pyspark.errors.exceptions.captured import CapturedException
from pyspark.sql import DataFrame, SparkSession

from vocab.errors import InputError, InputFolderError, UserError
from graph.algorithms import SOFTWARE
from graph.jar import checked_jar, enable_python_package
from graph.frames import posts_dated_by_acts, with_dated_posts
from graph.seasons import article_season_links, event_links, record_season_links
from graph.stage import GraphResults, compute_graph
from spark_etl.articles import (METADATA_SUFFIX, article_files, decode_articles, metadata_report, read_article_files,
                                unread_files, with_metadata)
from spark_etl.extract import extract_facts, extract_mentions, memberships, organizations_frame
from spark_etl.lexicon import load_given_names, load_lexicon
from spark_etl import databank
from spark_etl.linking import (apply_links, article_people, candidates, claim_checks, context, links,
                               per_article, record_name_keys, ruled_out, support)
from spark_etl.record import (read_tables, record_clubs, record_people, record_seasons, record_slice,
                              team_seasons)
from mapping.graph import graph_quads
from mapping import record as record_rdf
from vocab import iris
from mapping.records import save_record_lines
from mapping.terms import nquad_lines, save_lines
from spark_etl.session import check_master, create_spark_session, kept, wait_for_executors
from store import derived
from store.builds import (DERIVED, LoadError, check_writable, dataset_statistics, load_build, new_build_dir,
                          prune_builds, publish_build)
from store.saved import SAVED_VALUES
from store.update import replay_updates, set_log_aside, writer_lock
from store.validate import validate_store


# With automatic partitioning: about 130k N-Quads lines per partition, which the driver takes one at a time.
ARTICLES_PER_PARTITION = 500
NQUADS_FOLDER = "nquads"
ONTOLOGY_NQUADS = "ontology.nq"


BUILD_ERROR_LOG = "last-build-error.log"


def failure_details(store_dir: Path, details: str) -> str:
    """Keep a failed build's details in the store folder's log, or print them when even that cannot be written
    (a full disk); says where they are, for the one line the user reads."""
    log = store_dir / BUILD_ERROR_LOG
    try:
        log.write_text(details, encoding="utf-8")
        return f"the full trace is in {log}"
    except OSError as exc:
        log.unlink(missing_ok=True)
        sys.stderr.write(details.rstrip("\n") + "\n")
        return f"the full trace is printed above ({log} could not be written: {exc.strerror})"


class SparkStageError(UserError, RuntimeError):
    """The Spark job failed (a full disk, a lost executor...): one line for the user, the rest in a log."""

    @classmethod
    def from_exception(cls, exc: Exception, store_dir: Path) -> SparkStageError:
        details = "".join(traceback.format_exception(exc))
        causes = [line.strip() for line in str(exc).splitlines() if ("Exception" in line or "Error" in line)
                  and not line.strip().startswith(("at ", "..."))]  # not a stack frame (SparkErrorUtils...)
        # The deepest cause says what happened ("No space left on device"), without its Java class's name.
        deepest = causes[-1] if causes else str(exc).strip().splitlines()[0]
        cause = re.sub(r"^(?:Caused by: )?(?:[\w.$]+(?:Exception|Error): )*", "", deepest)
        return cls(f"the Spark job failed: {cause[:300]}; {failure_details(store_dir, details)}")


class BuildWriteError(UserError, OSError):
    """The build could not be written (a full disk, most often); the store being served stays as it was."""


@dataclass
class BuildResult:
    build_dir: Path
    quads: int
    articles: list[dict[str, Any]]  # file_name, doc_id, error (None when read)
    timings: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    statistics: dict[str, Any] = field(default_factory=dict)
    nquads_files: list[Path] = field(default_factory=list)  # what the mapping wrote and the load reads
    updates_replayed: int = 0  # updates from the store's log, applied to this build before it was published
    updates_set_aside: Path | None = None  # where the log went, for a build told to drop the updates

    @property
    def skipped(self) -> list[dict[str, Any]]:
        return [a for a in self.articles if a["error"]]

    def summary(self) -> dict[str, Any]:
        return {"quads": self.quads, "graph_computed_by": SOFTWARE, "articles": self.articles,
                "timings_seconds": {k: round(v, 3) for k, v in self.timings.items()}, "counts": self.counts,
                "statistics": self.statistics, "updates_replayed": self.updates_replayed}


def build_jar(settings: dict[str, Any]) -> Path:
    """The GraphFrames JAR of the graphframes_jar setting, or the installed one, once its hash is checked."""
    return checked_jar(Path(settings["graphframes_jar"]) if settings["graphframes_jar"] else None)


def spark_for_build(settings: dict[str, Any], work_dir: Path) -> SparkSession:
    """The build's SparkSession, with the hash-checked GraphFrames JAR on the JVM's and Python's paths."""
    jar = build_jar(settings)
    enable_python_package(jar)
    spark = create_spark_session(settings["spark_master"], settings["spark_shuffle_partitions"] or 2,
                                 settings["spark_checkpoint_dir"] or work_dir / "checkpoints", [jar],
                                 driver_memory=settings["spark_driver_memory"],
                                 java_options=settings["spark_driver_java_options"],
                                 executor_memory=settings["spark_executor_memory"],
                                 python_archive=settings["spark_python_archive"])
    wait_for_executors(spark, settings["spark_executor_wait"])
    # A failed job is one line for the user and its trace in the build's log (SparkStageError), not Spark's
    # own error log on the terminal: a full disk printed 600 lines of Java stack traces there.
    spark.sparkContext.setLogLevel("OFF")
    return spark


def ontology_nquads(ontology_file: Path, graph_iri: str) -> bytes:
    """The ontology's triples as N-Quads in their own named graph, and in the default graph (the union)."""
    triples = [t.triple for t in parse(path=str(ontology_file), format=RdfFormat.TURTLE)]
    quads = sorted((Quad(t.subject, t.predicate, t.object, graph)
                    for t in triples for graph in (NamedNode(graph_iri), DefaultGraph())), key=str)
    return serialize(quads, format=RdfFormat.N_QUADS) or b""


class Stopwatch:
    """Seconds per stage; `on_start` hears each stage's name as it begins (the CLI shows progress with it)."""

    def __init__(self, on_start: Callable[[str], None] | None = None) -> None:
        self.timings: dict[str, float] = {}
        self.on_start = on_start

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        if self.on_start:
            self.on_start(name)
        start = time.perf_counter()
        try:
            yield
        finally:
            self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - start


def run_build(settings: dict[str, Any], spark: SparkSession | None = None,
              on_stage: Callable[[str], None] | None = None, drop_updates: bool = False) -> BuildResult:
    """Build a new store from settings['input_dir'], replay the updates applied to the store before (its update
    log, store/update.py), and publish it; the previous store survives any failure.

    Pass `spark` to reuse a running session (tests do); otherwise one is created and stopped.
    `on_stage` is called with each stage's name as it starts. With `drop_updates`, the logged updates are left
    out, and the log set aside (renamed) once the new build is published.
    """
    input_dir = Path(settings["input_dir"])
    store_dir = Path(settings["store_dir"])
    base = settings["base_iri"]
    if not input_dir.is_dir():
        raise InputFolderError(f"input folder {input_dir} does not exist; pass --input DIR with the articles")
    build_jar(settings)  # a missing or altered GraphFrames JAR stops the build before any work, with the fix
    if spark is None:
        check_master(settings["spark_master"])  # likewise a master that cannot be reached
    if record_franchises(settings) is not None:
        databank.checked_tables()  # likewise the Databank
    check_writable(store_dir)  # before Spark's minutes of work, not at publishing
    prune_builds(store_dir, settings["keep_builds"])  # partial folders of builds that were killed
    lexicon = load_lexicon(settings["ontology_dir"])
    build_dir = new_build_dir(store_dir)
    clock = Stopwatch(on_stage)
    own_session = spark is None
    try:
        with clock.stage("spark_start"):
            if spark is None:
                spark = spark_for_build(settings, build_dir)
        try:
            result = _transform(spark, settings, lexicon, input_dir, build_dir, base, clock)
        except (Py4JJavaError, CapturedException) as exc:
            shutil.rmtree(build_dir, ignore_errors=True)  # first: on a full disk, the log needs its room
            raise SparkStageError.from_exception(exc, store_dir) from None
        if own_session:
            # Nothing after this needs Spark, and its JVM (heap, cleanup threads) would sit beside the loader.
            with clock.stage("spark_stop"):
                spark.stop()
            spark = None
        try:
            _load_and_check(result, settings, clock)
            # From the replay to the switch, no update may land on the build being replaced.
            with clock.stage("updates"), writer_lock(store_dir):
                if not drop_updates:
                    result.updates_replayed = replay_updates(store_dir, build_dir, settings["query_timeout"],
                                                             settings["isolate_query_network"])
                publish_build(store_dir, build_dir, result.summary(), settings["keep_builds"])
                if drop_updates:  # only once the build without them is served
                    result.updates_set_aside = set_log_aside(store_dir)
        except LoadError as exc:
            shutil.rmtree(build_dir, ignore_errors=True)
            raise LoadError(f"{exc}; {failure_details(store_dir, exc.details)}") from None
        return result
    except OSError as exc:
        shutil.rmtree(build_dir, ignore_errors=True)  # for every OSError: the handler below is not reached
        if isinstance(exc, UserError):
            raise
        raise BuildWriteError(f"the build could not be written: {exc.strerror or exc} ({exc.filename}); the store "
                              "being served stays as it was") from None
    except BaseException:
        shutil.rmtree(build_dir, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(build_dir / "checkpoints", ignore_errors=True)
        if own_session and spark is not None:
            spark.stop()


def record_franchises(settings: dict[str, Any]) -> tuple[str, ...] | None:
    """The record_scope setting: None for no record, () for all of it, or the franchises of a slice."""
    scope = str(settings["record_scope"]).strip()
    if scope == "none":
        return None
    return () if scope == "all" else tuple(sorted(f.strip().upper() for f in scope.split(",") if f.strip()))


def landmark_ids(settings: dict[str, Any]) -> list[str]:
    """The landmarks setting: record ids, comma-separated."""
    return sorted({i.strip() for i in str(settings["landmarks"]).split(",") if i.strip()})


@dataclass
class Record:
    """The record's part of a build: its tables as the mapping needs them, the links and the checks."""
    people: DataFrame
    clubs: DataFrame
    team_seasons: DataFrame
    seasons: DataFrame
    article_people: DataFrame
    links: DataFrame
    checks: DataFrame

    def frames(self) -> tuple[DataFrame, ...]:
        return (self.people, self.clubs, self.team_seasons, self.seasons, self.article_people, self.links,
                self.checks)

    def save_lines(self, base: str, folder: Path) -> list[Path]:
        """The record itself, and the links and checks that set the articles beside it, as N-Quads files."""
        beside = reduce(DataFrame.unionByName, [
            record_rdf.activity_quads(self.people.sparkSession, base),
            record_rdf.link_quads(self.links, self.article_people, base),
            record_rdf.check_quads(self.checks, base)])
        return [*record_rdf.save_record_lines(self.people, self.clubs, self.team_seasons, self.seasons, base,
                                              folder / "record"),
                *save_lines(nquad_lines(beside), folder / "record-links")]


@dataclass
class Records:
    """What extraction and the graph stage produce: the input of the mapping to RDF."""
    articles: DataFrame
    mentions: DataFrame
    facts: DataFrame
    organizations: DataFrame
    graph: GraphResults
    record: Record | None = None

    def unpersist(self) -> None:
        for frame in (self.articles, self.mentions, self.facts, *(self.record.frames() if self.record else ())):
            frame.unpersist()
        self.graph.unpersist()


def beside_record(spark: SparkSession, settings: dict[str, Any], mentions: DataFrame, facts: DataFrame,
                  organizations: DataFrame) -> tuple[DataFrame, DataFrame, Record]:
    """The record read from the checked Databank, the articles' people linked to it and their dated claims
    checked: the mentions and facts with the linked people's keys, and the record."""
    franchises = record_franchises(settings)
    tables = read_tables(spark, databank.checked_tables())
    if franchises:
        tables = record_slice(tables, franchises)
    given_names = load_given_names(settings["ontology_dir"])
    clubs = record_clubs(tables["TeamsFranchises"], tables["Teams"], organizations).cache()
    seasons_of_teams = team_seasons(tables["Teams"], clubs).cache()
    people = record_people(tables["People"]).cache()
    seasons = record_seasons(tables["Appearances"], tables["Managers"], seasons_of_teams, people).cache()
    named = article_people(mentions, given_names).cache()
    namesakes = candidates(named, record_name_keys(people, given_names)).cache()
    parents = organizations.where("parent IS NOT NULL").selectExpr("key AS org_key", "parent")
    # Each step computed once and its lineage cut: the two scopes' plans share their inputs, and every later
    # action would otherwise plan and run the whole linking again, several times over.
    said = kept(context(facts, mentions, parents))
    scoped = kept(links(support(namesakes, said, seasons), ruled_out(namesakes, said, seasons)))
    linked = kept(per_article(scoped, said, named))
    mentions, facts = apply_links(mentions, facts, linked)
    # Cut the plan here: otherwise each of the graph stage's iterations plans the whole linking again.
    mentions, facts = kept(mentions), kept(facts)
    checks = claim_checks(facts, people, clubs, seasons, settings["base_iri"]).cache()
    return mentions, facts, Record(people, clubs, seasons_of_teams, seasons, named, linked, checks)


def extract_records(spark: SparkSession, settings: dict[str, Any], lexicon: Any, input_dir: Path,
                    clock: Stopwatch) -> tuple[Records, list[dict[str, Any]], dict[str, int]]:
    """Read, extract and connect: the records to map, the per-file report and the counts."""
    base = settings["base_iri"]
    with clock.stage("read"):
        listed = article_files(input_dir)
        partitions = settings["spark_shuffle_partitions"] or max(2, len(listed) // ARTICLES_PER_PARTITION)
        spark.conf.set("spark.sql.shuffle.partitions", str(partitions))
        # Spread the articles evenly: the file reader packs small files by size, which suits no later stage.
        files = read_article_files(spark, input_dir).repartition(partitions)
        decoded = decode_articles(files, settings["max_article_bytes"]).cache()
        articles = with_metadata(decoded).cache()
        report = [r.asDict() for r in articles.select("file_name", "doc_id", "error").collect()]
        sidecars = [r.asDict() for r in metadata_report(decoded).collect()]
        decoded.unpersist()
        _check_unique_ids(report)
        report += [sidecar for sidecar in sidecars if sidecar["error"]]
        report += unread_files(listed, {a["file_name"] for a in report + sidecars})
        report.sort(key=lambda a: a["file_name"])
    with clock.stage("extract"):
        mentions = extract_mentions(articles, lexicon, settings["extraction_model"]).cache()
        facts = extract_facts(mentions, lexicon).cache()
        articles_only = [a for a in report if not a["file_name"].endswith(METADATA_SUFFIX)]
        counts = {"articles_read": sum(1 for a in articles_only if not a["error"]),
                  "articles_skipped": sum(1 for a in articles_only if a["error"]),
                  **({"sidecars_read": sum(1 for s in sidecars if not s["error"]),
                      "sidecars_skipped": sum(1 for s in sidecars if s["error"])} if sidecars else {}),
                  "mentions": mentions.count(), "facts": facts.count()}
    organizations = organizations_frame(spark, lexicon)
    record = None
    if record_franchises(settings) is not None:
        with clock.stage("record"):
            mentions, facts, record = beside_record(spark, settings, mentions, facts, organizations)
            counts.update({"record_people": record.people.count(), "record_seasons": record.seasons.count(),
                           "people_linked": record.links.select("person_id").distinct().count()})
            counts.update({f"claims_{row.verdict}": row[1] for row in record.checks.groupBy("verdict").count()
                           .collect()})
    with clock.stage("graph"):
        dated_posts = kept(posts_dated_by_acts(memberships(facts), facts, organizations))
        members = with_dated_posts(memberships(facts), dated_posts)
        chain_links = article_season_links(members, organizations).unionByName(event_links(facts))
        if record is not None:
            chain_links = chain_links.unionByName(record_season_links(record.seasons))
        graph = compute_graph(memberships(facts), organizations, base, chain_links, landmark_ids(settings),
                              dated_posts)
        counts.update(graph.counts())
    return Records(articles, mentions, facts, organizations, graph, record), report, counts


def save_rdf_lines(records: Records, base: str, folder: Path) -> list[Path]:
    """The records, the graph stage's results and the record's part as N-Quads files in a new `folder`. Each is
    made distinct on its own. No line of the graph stage is among the articles' records: its lines are about its
    own nodes, or link a person or an organization to them with predicates (bb:component, bb:community) that no
    record states. The record's part and the articles' may share a default-graph triple (a membership's type,
    a year's instant), which the store keeps once."""
    stated = save_record_lines(records.articles, records.mentions, records.facts, records.organizations, base,
                               folder / "records")
    computed = save_lines(nquad_lines(graph_quads(records.graph, base)), folder / "graph")
    record = records.record.save_lines(base, folder) if records.record else []
    return [*stated, *computed, *record]


def _transform(spark: SparkSession, settings: dict[str, Any], lexicon: Any,
               input_dir: Path, build_dir: Path, base: str, clock: Stopwatch) -> BuildResult:
    """Everything Spark does: read, extract, connect, map; leaves the N-Quads files in the build folder."""
    records, report, counts = extract_records(spark, settings, lexicon, input_dir, clock)
    with clock.stage("map_rdf"):
        files = save_rdf_lines(records, base, build_dir / NQUADS_FOLDER)
        ontology = build_dir / NQUADS_FOLDER / ONTOLOGY_NQUADS
        ontology.write_bytes(ontology_nquads(Path(settings["ontology_dir"]) / "bbkg.ttl", base + iris.ONTOLOGY_GRAPH))
        result = BuildResult(build_dir, 0, report, clock.timings, counts, nquads_files=[*files, ontology])
        # Flush what the mapping wrote (and Spark's shuffle files) now, so that the kernel's write-back of
        # this stage's output does not compete with the loader for the cores.
        os.sync()
    records.unpersist()
    return result


def _load_and_check(result: BuildResult, settings: dict[str, Any], clock: Stopwatch) -> None:
    """Load the N-Quads files into the build's store, count it and check it against the shapes."""
    with clock.stage("load"):
        load_build(result.build_dir, result.nquads_files)
        shutil.rmtree(result.build_dir / NQUADS_FOLDER)
    built = Store.read_only(str(result.build_dir / "oxigraph"))
    with clock.stage("statistics"):
        result.statistics = dataset_statistics(built)
        result.quads = result.statistics["quads"]
    with clock.stage("derived"):
        # What a server would otherwise read from the store at every start (store/derived.py).
        derived.save(SAVED_VALUES, built, result.build_dir / DERIVED)
    if settings["validate_shapes"]:
        with clock.stage("validate"):
            validate_store(built, Path(settings["ontology_dir"]) / "shapes.ttl")


def _check_unique_ids(report: list[dict[str, Any]]) -> None:
    seen: dict[str, str] = {}
    for article in report:
        other = seen.setdefault(article["doc_id"], article["file_name"])
        if other != article["file_name"]:
            raise InputError(f"articles {other!r} and {article['file_name']!r} would share the IRI id "
                             f"{article['doc_id']!r}; rename one of them")
