"""What the graph stage computes, all with GraphFrames in the JVM: shared organizations at overlapping
times, connected components, PageRank and degree, and communities by label propagation.

Each function takes the graph's vertices and edges (graph/frames.py) and returns a DataFrame keyed by
vertex key; ACTIVITIES describes how each was computed, and goes into the graph with the results.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from graph.frames import AFFILIATE_OF, CONNECTING, MEMBER, rolled_up_memberships, undirected
from graph.jar import GRAPHFRAMES_VERSION
from spark_etl.session import kept, without_estimates

SOFTWARE = f"GraphFrames {GRAPHFRAMES_VERSION}"
PAGERANK_RESET_PROBABILITY = 0.15
PAGERANK_ITERATIONS = 20
LABEL_PROPAGATION_ITERATIONS = 5
# PageRank sums floating-point messages in an order that can change between runs; rounded, the same
# input gives the same digits, so the dump stays byte for byte the same.
PAGERANK_DIGITS = 6
SHARED_MOTIF = "(a)-[e1]->(o); (b)-[e2]->(o)"

# GraphFrames 0.8.2's Python wrapper wraps its results in DataFrames the Spark 3.1 way, which Spark 3.5
# warns about on every call; the results are the same.
for _message in ("DataFrame.sql_ctx is an internal property", "DataFrame constructor is internal"):
    warnings.filterwarnings("ignore", message=_message, category=UserWarning)


@dataclass(frozen=True)
class Activity:
    """One computation of the graph stage, as recorded in the graph (a prov:Activity)."""
    key: str
    label: str
    method: str
    parameters: str


SHARED_ORGANIZATIONS = Activity(
    "shared-organizations", "Pairs of people with the same organization at overlapping times", "GraphFrame.find",
    f"motif {SHARED_MOTIF}; a, b people; e1, e2 member edges, an affiliate's rolled up to its parent "
    "organization; the years of e1 and e2 overlap")
COMPONENTS = Activity(
    "connected-components", "Connected components of people and organizations", "GraphFrame.connectedComponents",
    f"algorithm=graphx; edges {MEMBER}, {AFFILIATE_OF}")
PAGERANK = Activity(
    "pagerank", "PageRank of people and organizations", "GraphFrame.pageRank",
    f"resetProbability={PAGERANK_RESET_PROBABILITY}; maxIter={PAGERANK_ITERATIONS}; edges {MEMBER}, "
    f"{AFFILIATE_OF}, both directions; rounded to {PAGERANK_DIGITS} decimals")
DEGREES = Activity(
    "degrees", "Degree of people and organizations", "GraphFrame.degrees",
    f"distinct neighbours over edges {MEMBER}, {AFFILIATE_OF}")
COMMUNITIES = Activity(
    "label-propagation", "Communities by label propagation", "GraphFrame.aggregateMessages",
    f"{LABEL_PROPAGATION_ITERATIONS} rounds; in each, people and then organizations take their neighbours' most "
    f"frequent label, a tie drawn by xxhash64(vertex, label, step); edges {MEMBER}, {AFFILIATE_OF}, both "
    "directions")
POSTS_DATED_BY_ACTS = Activity(
    "posts-dated-by-acts", "Posts dated by the acts their holders did in them", "Spark SQL join",
    "an act (a reprimand, a selection, a dismissal) by the holder of exactly one acting post (manager, general "
    "manager, executive, owner) at a club the person acted on belongs to, directly or through an affiliate; the "
    "act's year, or for an undated selection the first year of the chosen person's one dated staff post there")
ACTIVITIES = (SHARED_ORGANIZATIONS, COMPONENTS, PAGERANK, DEGREES, COMMUNITIES, POSTS_DATED_BY_ACTS)


def graphframe(vertices: DataFrame, edges: DataFrame) -> Any:
    """A GraphFrame over the vertices and edges (the JVM library; its Python package comes from its JAR)."""
    from graphframes import GraphFrame  # on sys.path once graph.jar.enable_python_package has run

    return GraphFrame(vertices, edges)


def _connecting(vertices: DataFrame, edges: DataFrame) -> Any:
    """The graph of people and organizations over the edges a path may follow, both directions."""
    return graphframe(vertices, undirected(edges.where(F.col("relationship").isin(*CONNECTING))))


def shared_organizations(vertices: DataFrame, edges: DataFrame) -> DataFrame:
    """Every pair of people (person_a < person_b, by key) with the same organization at overlapping years,
    found by GraphFrames' motif search: the organization, each side's roles, affiliates and years, the
    overlap, and the memberships it was derived from. Pairs without a year stay out (see the README)."""
    members = rolled_up_memberships(edges)
    found = graphframe(vertices, members).find(SHARED_MOTIF).where(
        "a.kind = 'person' AND b.kind = 'person' AND a.key < b.key "
        "AND e1.start IS NOT NULL AND e2.start IS NOT NULL "
        "AND greatest(e1.start, e2.start) <= least(e1.end, e2.end)")
    via_keys = vertices.select(F.col("id").alias("via_id"), F.col("key").alias("via_key"))
    found = (found.join(via_keys.withColumnRenamed("via_id", "a_via_id").withColumnRenamed("via_key", "a_via"),
                        F.col("e1.via") == F.col("a_via_id"), "left")
             .join(via_keys.withColumnRenamed("via_id", "b_via_id").withColumnRenamed("via_key", "b_via"),
                   F.col("e2.via") == F.col("b_via_id"), "left"))

    def sorted_set(column: Column | str) -> Column:
        return F.array_sort(F.collect_set(column))

    return found.groupBy(F.col("a.key").alias("person_a"), F.col("b.key").alias("person_b"),
                         F.col("o.key").alias("org")).agg(
        sorted_set("e1.role").alias("a_roles"), sorted_set("e2.role").alias("b_roles"),
        sorted_set("a_via").alias("a_via"), sorted_set("b_via").alias("b_via"),
        F.array_sort(F.array_union(F.collect_set("e1.membership"), F.collect_set("e2.membership")))
        .alias("memberships"),
        F.min("e1.start").alias("a_start"), F.max("e1.end").alias("a_end"),
        F.min("e2.start").alias("b_start"), F.max("e2.end").alias("b_end"),
        F.min(F.greatest("e1.start", "e2.start")).alias("overlap_start"),
        F.max(F.least("e1.end", "e2.end")).alias("overlap_end"),
    )


def connected_components(vertices: DataFrame, edges: DataFrame) -> DataFrame:
    """Each vertex's connected component (key, component: the smallest vertex id in it).

    GraphX's algorithm: GraphFrames' default one, with adaptive query execution on, ran the driver out of
    memory planning a 7-vertex graph (../shared/FACTS.md). Needs a checkpoint folder.
    """
    found = _connecting(vertices, edges).connectedComponents(algorithm="graphx")
    return found.select("key", "component")


def centrality(vertices: DataFrame, edges: DataFrame) -> DataFrame:
    """PageRank and degree (distinct neighbours) of every vertex: (key, pagerank, degree)."""
    graph = _connecting(vertices, edges)
    ranked = graph.pageRank(resetProbability=PAGERANK_RESET_PROBABILITY, maxIter=PAGERANK_ITERATIONS).vertices
    # Both directions of every edge are in the graph, so the out-degree counts each neighbour once.
    degrees = graph.outDegrees.select(F.col("id"), F.col("outDegree").alias("degree"))
    return (ranked.join(degrees, "id", "left")
            .select("key", F.round("pagerank", PAGERANK_DIGITS).alias("pagerank"),
                    F.coalesce("degree", F.lit(0)).alias("degree")))


def communities(vertices: DataFrame, edges: DataFrame) -> DataFrame:
    """Each vertex's community by label propagation: (key, community: a vertex id).

    Each step, a vertex takes the label most of its neighbours hold, by GraphFrames' aggregateMessages; a tie
    is drawn by a hash of the vertex, the label and the step. GraphFrames' own labelPropagation breaks ties by
    the order messages arrive in, which changes with the partitions: a cluster and one machine found different
    communities. People are linked only to organizations, so the graph is (nearly) bipartite, and updating
    every vertex at once swings on it: every person takes a club's label while every club takes a person's.
    So people and organizations take turns, as label propagation for bipartite networks does (LPAb): people
    first, from their organizations, then organizations, from their people and affiliates.
    """
    from graphframes.lib import AggregateMessages as AM  # on sys.path once the JAR is (see graphframe)

    links = _connecting(vertices, edges).edges.select("src", "dst")
    labels = kept(vertices.select("id", "key", (F.col("kind") == "person").alias("is_person"),
                                  F.col("id").alias("label")))
    for step in range(2 * LABEL_PROPAGATION_ITERATIONS):
        people_turn = step % 2 == 0
        heard = graphframe(labels, links).aggregateMessages(
            F.collect_list(AM.msg).alias("heard"), sendToDst=AM.src["label"])
        counted = heard.select("id", F.explode("heard").alias("label")).groupBy("id", "label").count()
        draw = F.xxhash64("id", "label", F.lit(step))
        chosen = counted.groupBy("id").agg(
            F.min(F.struct(-F.col("count"), draw, F.col("label")))["label"].alias("chosen"))
        labels = without_estimates(kept(labels.join(chosen, "id", "left").select(
            "id", "key", "is_person", F.when((F.col("is_person") == F.lit(people_turn)) & F.col("chosen").isNotNull(),
                                             F.col("chosen")).otherwise(F.col("label")).alias("label"))))
    return labels.select("key", F.col("label").alias("community"))
