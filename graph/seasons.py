"""The network of chains, computed with GraphFrames: people linked to the seasons (a club in a year) and the
events they were part of, the same network the connection API's chains walk (store/seasons.py), here over the
whole record at once.

Its people are linked to a season by the record (one team-season per player-season and manager-season) or by
an article's dated membership (each year it states, an affiliate's year its parent's too), and to an event an
article dates and names two people in. Pure transforms DataFrame -> DataFrame, as in graph/frames.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from graph.algorithms import Activity, graphframe
from graph.frames import person_key, vertex_id
from spark_etl.session import kept

MAX_SPAN_YEARS = 40  # as store/seasons.MAX_SPAN_YEARS: a longer stated span is not spread over seasons
TOP_LANDMARKS = 2  # the people of the highest PageRank whose distance everyone gets, beside the configured ones
CHAIN_PAGERANK_ITERATIONS = 10
PAIR_MOTIF = "(a)-[]->(s); (b)-[]->(s)"

TEAMMATES = Activity(
    "teammates", "People who shared a season or an event", "GraphFrame.find",
    f"motif {PAIR_MOTIF}; a, b people (a < b); s a club's season (the record's team-season, or an article's dated "
    "membership, an affiliate's also its parent's) or an event an article dates with both; counted per person")
CHAIN_COMPONENTS = Activity(
    "chain-components", "Connected components of people through seasons and events",
    "GraphFrame.connectedComponents", "algorithm=graphx; edges person-season and person-event, both directions")
CHAIN_PAGERANK = Activity(
    "chain-pagerank", "PageRank of people through seasons and events", "GraphFrame.pageRank",
    f"resetProbability=0.15; maxIter={CHAIN_PAGERANK_ITERATIONS}; edges person-season and person-event, both "
    "directions; rounded to 6 decimals")
LANDMARK_DISTANCES = Activity(
    "landmark-distances", "Links from each person to landmark people", "GraphFrame.shortestPaths",
    f"landmarks: the {TOP_LANDMARKS} people of the highest chain PageRank and the configured ones; edges "
    "person-season and person-event, both directions; a person's links are half the edges on the path")
SEASON_ACTIVITIES = (TEAMMATES, CHAIN_COMPONENTS, CHAIN_PAGERANK, LANDMARK_DISTANCES)


def _season_key(club: Column | str, year: Column | str) -> Column:
    return F.concat(F.lit("season:"), F.col(club) if isinstance(club, str) else club, F.lit("/"),
                    F.col(year).cast("string") if isinstance(year, str) else year.cast("string"))


def record_season_links(seasons: DataFrame) -> DataFrame:
    """The record's seasons (person_id, club_key, year) -> (person_key, node_key, year)."""
    return seasons.select(F.col("person_id").alias("person_key"), _season_key("club_key", "year").alias("node_key"),
                          F.col("year").cast("int").alias("year"))


def article_season_links(memberships: DataFrame, organizations: DataFrame) -> DataFrame:
    """The articles' memberships (person_key, org_key, start_year, end_year) and the reference organizations
    (key, type, parent, parent_from, parent_to) -> a link to each season they state, from the first year to the
    last (one stated year alone: that year), of the club and of its parent then."""
    first = F.coalesce("start_year", "end_year")
    last = F.coalesce("end_year", "start_year")
    dated = memberships.where(first.isNotNull() & (last - first).between(0, MAX_SPAN_YEARS)).select(
        "person_key", "org_key", F.explode(F.sequence(first, last)).alias("year"))
    # A team's year is its parent club's too, in the years the reference dates the affiliation (an undated one,
    # or a league's, rolls nothing up: the Bisons were the Mets' affiliate 2009-2012 only).
    parents = organizations.where("parent IS NOT NULL AND parent_from IS NOT NULL AND type = 'Team'").select(
        F.col("key").alias("org_key"), "parent", "parent_from", "parent_to")
    then = (F.col("year") >= F.col("parent_from")) & (
        F.col("parent_to").isNull() | (F.col("year") <= F.col("parent_to")))
    clubs = dated.unionByName(dated.join(parents, "org_key").where(then).select(
        "person_key", F.col("parent").alias("org_key"), "year"))
    return clubs.select("person_key", _season_key("org_key", "year").alias("node_key"), "year")


def event_links(facts: DataFrame) -> DataFrame:
    """The articles' dated events between two people (relation, person_key, object_key, year) -> a link from
    each of them to the event."""
    events = facts.where("relation != 'member' AND object_type = 'Person' AND year IS NOT NULL").select(
        "person_key", "object_key", "year",
        F.concat_ws("|", F.lit("event:"), "relation", "person_key", "object_key", F.col("year").cast("string"))
        .alias("node_key"))
    return events.select("person_key", "node_key", "year").unionByName(
        events.select(F.col("object_key").alias("person_key"), "node_key", "year"))


def chain_graph(links: DataFrame) -> tuple[DataFrame, DataFrame]:
    """Links (person_key, node_key, year) -> the GraphFrame's vertices (id, key, kind) and edges (src, dst),
    person -> node, each distinct link once."""
    distinct = links.select(person_key("person_key").alias("person"), F.col("node_key").alias("node")).distinct()
    keys = distinct.select(F.col("person").alias("key")).union(distinct.select(F.col("node").alias("key"))).distinct()
    vertices = keys.select(vertex_id(F.col("key")).alias("id"), "key", F.split("key", ":").getItem(0).alias("kind"))
    edges = distinct.select(vertex_id(F.col("person")).alias("src"), vertex_id(F.col("node")).alias("dst"))
    return vertices, edges


def _both_ways(edges: DataFrame) -> DataFrame:
    return edges.select("src", "dst").union(edges.select(F.col("dst").alias("src"), F.col("src").alias("dst")))


def teammate_pairs(vertices: DataFrame, edges: DataFrame) -> DataFrame:
    """Every distinct pair of people (a < b, by key) who shared a season or an event, by GraphFrames' motif."""
    found = graphframe(vertices, edges).find(PAIR_MOTIF).where("a.key < b.key")
    return found.select(F.col("a.key").alias("person_a"), F.col("b.key").alias("person_b")).distinct()


def teammate_counts(pairs: DataFrame) -> DataFrame:
    """Pairs (person_a, person_b) -> each person's number of teammates (key, teammates)."""
    return (pairs.select(F.col("person_a").alias("key")).unionAll(pairs.select(F.col("person_b").alias("key")))
            .groupBy("key").agg(F.count(F.lit(1)).alias("teammates")))


def chain_measures(vertices: DataFrame, edges: DataFrame, pairs: DataFrame) -> DataFrame:
    """Each person's component, PageRank and number of teammates: (key, component, pagerank, teammates)."""
    graph = graphframe(vertices, _both_ways(edges))
    components = graph.connectedComponents(algorithm="graphx").select("id", "component")
    ranked = graph.pageRank(resetProbability=0.15, maxIter=CHAIN_PAGERANK_ITERATIONS).vertices
    people = ranked.where("kind = 'person'").select("id", "key", F.round("pagerank", 6).alias("pagerank"))
    return (people.join(components, "id").join(teammate_counts(pairs), "key", "left")
            .select("key", "component", "pagerank", F.coalesce("teammates", F.lit(0)).alias("teammates")))


def landmark_keys(measures: DataFrame, configured: list[str]) -> list[str]:
    """The landmarks' vertex keys: the people of the highest PageRank and the configured record ids in the graph."""
    top = [r.key for r in measures.orderBy(F.desc("pagerank"), "key").limit(TOP_LANDMARKS).collect()]
    wanted = [f"person:{c}" for c in configured]
    present = {r.key for r in measures.where(F.col("key").isin(wanted)).select("key").collect()} if wanted else set()
    return sorted(set(top) | present)


def landmark_distances(vertices: DataFrame, edges: DataFrame, landmarks: list[str]) -> DataFrame:
    """Each person's links to each landmark they are connected to: (key, landmark, links)."""
    if not landmarks:
        return vertices.sparkSession.createDataFrame([], "key string, landmark string, links int")
    ids = vertices.where(F.col("key").isin(landmarks)).select("id", "key").collect()
    keys = {row.id: row.key for row in ids}
    found = graphframe(vertices, _both_ways(edges)).shortestPaths(landmarks=sorted(keys))
    distances = found.where("kind = 'person'").select("key", F.explode("distances").alias("landmark_id", "edges"))
    names = vertices.sparkSession.createDataFrame(sorted(keys.items()), "landmark_id bigint, landmark string")
    return distances.join(names, "landmark_id").select("key", "landmark", (F.col("edges") / 2).cast("int")
                                                       .alias("links"))


@dataclass
class ChainResults:
    """What GraphFrames computed over the chain network (each cut from its lineage, as in graph/stage.py)."""
    measures: DataFrame  # key, component, pagerank, teammates
    distances: DataFrame  # key, landmark, links
    counts: dict[str, int]


def compute_chains(links: DataFrame, configured_landmarks: list[str]) -> ChainResults:
    """Every GraphFrames computation over the chain network of `links` (person_key, node_key, year)."""
    vertices, edges = chain_graph(links)
    vertices, edges = kept(vertices), kept(edges)
    pairs = kept(teammate_pairs(vertices, edges))
    measures = kept(chain_measures(vertices, edges, pairs))
    distances = kept(landmark_distances(vertices, edges, landmark_keys(measures, configured_landmarks)))
    counts = {"chain_vertices": vertices.count(), "chain_edges": edges.count(), "teammate_pairs": pairs.count(),
              "chain_components": measures.select("component").distinct().count(),
              "landmark_distances": distances.count()}
    return ChainResults(measures, distances, counts)
