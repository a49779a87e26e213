"""The graph stage inside the seeds build: GraphFrames computed it in the JVM, and the graph says how."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from chispa import assert_df_equality
from pyoxigraph import NamedNode, Variable
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from bbkg.pipeline import BuildResult, run_build
from graph.algorithms import ACTIVITIES, graphframe
from graph.frames import (CONNECTING, DATED_POST_SCHEMA, graph_vertices, membership_edges, posts_dated_by_acts,
                          reference_edges, tenure_years, undirected)
from graph.jar import JAR_SHA256, GraphFramesJarError, checked_jar
from graph.seasons import SEASON_ACTIVITIES, article_season_links, compute_chains, event_links
from spark_etl.articles import decode_articles, read_article_files
from spark_etl.extract import extract_facts, extract_mentions, memberships
from spark_etl.lexicon import Lexicon
from spark_etl.extract import organizations_frame
from store.builds import open_current
from store.names import resolve_entity
from store.paths import shortest_paths
from vocab.namespaces import PREFIXES
from store.select import select_rows
from tests.helpers import SEEDS, build_settings

BASE = "https://bbkg.example.org/"


def test_the_installed_jar_is_the_one_the_repository_pins() -> None:
    jar = checked_jar()
    assert hashlib.sha256(jar.read_bytes()).hexdigest() == JAR_SHA256


def test_a_missing_or_altered_jar_is_refused_naming_the_fix(tmp_path: Path) -> None:
    with pytest.raises(GraphFramesJarError, match="make install"):
        checked_jar(tmp_path / "graphframes.jar")
    altered = tmp_path / "graphframes.jar"
    altered.write_bytes(checked_jar().read_bytes() + b"\0")
    with pytest.raises(GraphFramesJarError, match="SHA-256"):
        checked_jar(altered)


def test_a_build_without_the_jar_stops_before_any_work(spark: SparkSession, tmp_path: Path) -> None:
    settings = build_settings(SEEDS, tmp_path / "store", graphframes_jar=str(tmp_path / "missing.jar"))
    with pytest.raises(GraphFramesJarError, match="missing"):
        run_build(settings, spark=spark)
    assert not (tmp_path / "store" / "builds").exists() or not any((tmp_path / "store" / "builds").iterdir())


def rows(seeds_build: tuple[Path, BuildResult], query: str) -> list[dict[str, str]]:
    store, _ = open_current(seeds_build[0])
    return select_rows(store, PREFIXES + query)


def test_every_result_says_which_activity_made_it_and_how(seeds_build: tuple[Path, BuildResult]) -> None:
    activities = rows(seeds_build, """
        SELECT ?activity ?method ?parameters ?software WHERE {
          GRAPH <https://bbkg.example.org/graph/connections> {
            ?activity a prov:Activity ; bb:method ?method ; bb:parameters ?parameters ;
                      prov:wasAssociatedWith/rdfs:label ?software } }""")
    assert {a["method"] for a in activities} == {a.method for a in (*ACTIVITIES, *SEASON_ACTIVITIES)}
    assert {a["software"] for a in activities} == {"GraphFrames 0.8.2"}
    unexplained = rows(seeds_build, """
        SELECT ?result WHERE {
          { ?result a bb:SharedOrganization } UNION { ?result a bb:Component } UNION { ?result a bb:Community }
          UNION { ?result a bb:Centrality } UNION { ?result a bb:ChainMeasures } UNION { ?result a bb:ChainComponent }
          UNION { ?result a bb:LandmarkDistance }
          FILTER NOT EXISTS { ?result prov:wasGeneratedBy/a prov:Activity } }""")
    assert unexplained == []


def test_the_dump_holds_components_centrality_communities_and_shared_organizations(
        seeds_build: tuple[Path, BuildResult]) -> None:
    [backman] = rows(seeds_build, """
        SELECT ?component ?community ?pageRank ?degree WHERE {
          BIND(<https://bbkg.example.org/id/person/backmwa01> AS ?p)
          ?p bb:component ?component ; bb:community ?community .
          ?c bb:centralityOf ?p ; bb:pageRank ?pageRank ; bb:degree ?degree }""")
    assert int(backman["degree"]) >= 10 and float(backman["pageRank"]) > 1.0
    [collins] = rows(seeds_build, """
        SELECT ?component WHERE { <https://bbkg.example.org/id/person/collite99> bb:component ?component }""")
    assert collins["component"] == backman["component"]
    central = rows(seeds_build, """
        SELECT ?label WHERE { ?c bb:centralityOf ?p ; bb:pageRank ?r . ?p a bb:Person ; rdfs:label ?label }
        ORDER BY DESC(?r) LIMIT 1""")
    assert central == [{"label": "Wally Backman"}]
    [mets] = rows(seeds_build, """
        SELECT ?from ?to (COUNT(DISTINCT ?m) AS ?sources) WHERE {
          ?c a bb:SharedOrganization ; bb:person <https://bbkg.example.org/id/person/backmwa01>,
               <https://bbkg.example.org/id/person/collite99> ;
             bb:sharedOrganization <https://bbkg.example.org/id/org/new-york-mets> ;
             bb:overlapStart ?from ; bb:overlapEnd ?to ; prov:wasDerivedFrom ?m . ?m a bb:Membership }
        GROUP BY ?from ?to""")
    assert (mets["from"], mets["to"]) == ("2011", "2011") and int(mets["sources"]) >= 2


def test_graphframes_bfs_and_the_apis_paths_have_the_same_lengths(
        spark: SparkSession, lexicon: Lexicon, seeds_build: tuple[Path, BuildResult]) -> None:
    """The API's breadth-first search over the store and GraphFrames' bfs over the build's graph agree."""
    articles = decode_articles(read_article_files(spark, SEEDS), 2_000_000)
    facts = extract_facts(extract_mentions(articles, lexicon), lexicon).cache()
    organizations = organizations_frame(spark, lexicon)
    vertices = graph_vertices(memberships(facts), organizations)
    edges = membership_edges(memberships(facts), tenure_years(memberships(facts)), BASE).unionByName(
        reference_edges(organizations))
    graph = graphframe(vertices, undirected(edges.where(F.col("relationship").isin(*CONNECTING))))
    store, _ = open_current(seeds_build[0])
    pairs = [("Wally Backman", "Terry Collins"), ("Wally Backman", "Sandy Alderson"),
             ("Terry Collins", "Sandy Alderson"), ("Wally Backman", "Noah Syndergaard")]
    for a, b in pairs:
        source, target = (resolve_entity(store, name, "Person") for name in (a, b))
        api_paths = shortest_paths(store, source.iri, target.iri, max_hops=6)
        key_of = {iri: "person:" + _article_key(store, iri) for iri in (source.iri, target.iri)}
        found = graph.bfs(f"key = '{key_of[source.iri]}'", f"key = '{key_of[target.iri]}'", maxPathLength=6)
        edges_on_path = len([c for c in found.columns if c.startswith("e")])
        assert api_paths and found.count() > 0, (a, b)
        assert (len(api_paths[0]) - 1) // 2 == edges_on_path, (a, b)


def _article_key(store, iri: str) -> str:
    """The key extraction gave a person (this test's graph is not linked to the record): the link's, for a person
    the build linked to the record (id/person/backmwa01: wally-backman), or the IRI's own."""
    keys = [row["key"].value for row in store.query(
        "SELECT ?person ?key WHERE { ?link <https://bbkg.example.org/ontology#linkedPerson> ?person ; "
        "<https://bbkg.example.org/ontology#articleKey> ?key }", substitutions={Variable("person"): NamedNode(iri)})]
    return keys[0] if keys else iri.rsplit("/", 1)[1]


def test_the_articles_dated_memberships_and_events_become_season_and_event_links(spark: SparkSession) -> None:
    memberships = spark.createDataFrame([
        ("collins", "new-york-mets", 2011, 2017),  # a span: each of its years
        ("backman", "las-vegas-51s", 2013, None),  # one stated year, an affiliate's: its parent's too
        ("someone", "new-york-mets", None, None),  # no year stated: no season
        ("misread", "new-york-mets", 1900, 2016),  # a span too long to be one claim
        ("bison", "buffalo-bisons", 1995, 1995),  # the Mets' affiliate 2009-2012 only: not a Met in 1995
        ("umpire", "national-league", 1990, 1990),  # a league's year is not its parent's
    ], "person_key string, org_key string, start_year int, end_year int")
    organizations = spark.createDataFrame([
        ("las-vegas-51s", "Team", "new-york-mets", 2013, 2018),
        ("buffalo-bisons", "Team", "new-york-mets", 2009, 2012),
        ("new-york-mets", "Team", None, None, None),
        ("national-league", "League", "major-league-baseball", None, None)],
        "key string, type string, parent string, parent_from int, parent_to int")
    links = article_season_links(memberships, organizations)
    assert_df_equality(links, spark.createDataFrame(
        [("collins", f"season:new-york-mets/{y}", y) for y in range(2011, 2018)]
        + [("backman", "season:las-vegas-51s/2013", 2013), ("backman", "season:new-york-mets/2013", 2013),
           ("bison", "season:buffalo-bisons/1995", 1995), ("umpire", "season:national-league/1990", 1990)],
        "person_key string, node_key string, year int"), ignore_row_order=True, ignore_nullable=True)
    facts = spark.createDataFrame([
        ("reprimanded", "backman", "alderson", "Person", 2015), ("hired", "collins", "new-york-mets", "Team", 2010),
        ("fired", "backman", "alderson", "Person", None)],
        "relation string, person_key string, object_key string, object_type string, year int")
    events = event_links(facts)
    assert sorted((r.person_key, r.year) for r in events.collect()) == [("alderson", 2015), ("backman", 2015)]
    assert events.select("node_key").distinct().count() == 1


def test_graphframes_counts_teammates_and_links_everyone_to_the_landmarks(spark: SparkSession) -> None:
    """a and b share a season, b and c another, d is alone: two teammate pairs, two components, and c is two
    links from a."""
    links = spark.createDataFrame([
        ("a", "season:mets/1986", 1986), ("b", "season:mets/1986", 1986), ("b", "season:twins/1989", 1989),
        ("c", "season:twins/1989", 1989), ("d", "season:expos/1990", 1990)],
        "person_key string, node_key string, year int")
    results = compute_chains(links, ["c"])
    measures = {r.key: r for r in results.measures.collect()}
    assert {k: m.teammates for k, m in measures.items()} == {"person:a": 1, "person:b": 2, "person:c": 1, "person:d": 0}
    assert measures["person:a"].component == measures["person:c"].component != measures["person:d"].component
    assert results.counts["teammate_pairs"] == 2 and results.counts["chain_components"] == 2
    distances = {(r.key, r.landmark): r.links for r in results.distances.collect()}
    assert distances[("person:a", "person:c")] == 2 and distances[("person:c", "person:c")] == 0
    assert ("person:d", "person:c") not in distances
    assert "person:b" in {landmark for _, landmark in distances}  # the highest PageRank: a landmark too


def test_a_post_is_dated_by_the_acts_its_holder_did_in_it(spark: SparkSession) -> None:
    """An act dates the one acting post its actor holds at a club the person acted on belongs to (or its
    affiliate does); an undated selection takes the first year of the chosen person's one dated staff post."""
    members = spark.createDataFrame([
        ("alderson", "mets", "GeneralManager", None, None), ("collins", "mets", "Manager", 2011, 2011),
        ("backman", "las-vegas", "Manager", 2013, 2014), ("hale", "mets", "GeneralManager", None, None),
        ("hale", "twins", "Executive", None, None), ("ott", "mets", "Player", 1999, 1999),
        ("ott", "twins", "Player", None, None), ("rowe", "cubs", "Owner", None, None)],
        "person_key string, org_key string, role string, start_year int, end_year int")
    facts = spark.createDataFrame([
        ("doc1", 10, 90, "reprimanded", "backman", "alderson", "Person", 2015, None),
        ("doc1", 100, 150, "chosen", "collins", "alderson", "Person", None, None),
        ("doc2", 0, 40, "dismissed", "ott", "hale", "Person", 2001, None),  # Hale holds posts at both of Ott's clubs
        ("doc2", 50, 90, "chosen", "ott", "rowe", "Person", 2003, None),  # Rowe's Cubs: not a club of Ott's
        ("doc2", 95, 120, "reprimanded", "collins", "alderson", "Person", None, None),  # no year, none to take
        ("doc3", 0, 30, "hired", "collins", "mets", "Team", 2010, None)],  # a club's act, not a person's
        "doc_id string, sentence_start int, sentence_end int, relation string, person_key string, "
        "object_key string, object_type string, year int, value string")
    organizations = spark.createDataFrame([("las-vegas", "mets"), ("mets", None), ("twins", None), ("cubs", None)],
                                          "key string, parent string")
    dated = posts_dated_by_acts(members, facts, organizations)
    assert dated.schema.simpleString() == spark.createDataFrame([], DATED_POST_SCHEMA).schema.simpleString()
    rows = sorted((r.person_key, r.org_key, r.role, r.start_year, r.end_year, r.doc_id, r.sentence_start,
                   r.year_from is not None) for r in dated.collect())
    assert rows == [("alderson", "mets", "GeneralManager", 2011, 2011, "doc1", 100, True),
                    ("alderson", "mets", "GeneralManager", 2015, 2015, "doc1", 10, False)]
