"""The graph stage on small hand-made graphs with known answers, all computed by GraphFrames in the JVM."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from chispa import assert_df_equality
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from graph.algorithms import centrality, communities, connected_components, shared_organizations
from spark_etl.session import kept, without_estimates
from graph.frames import (EDGE_SCHEMA, graph_vertices, membership_edges, reference_edges, rolled_up_memberships,
                          tenure_years, undirected, vertex_id)

MEMBERSHIP_SCHEMA = "person_key string, org_key string, role string, start_year int, end_year int"
ORGS_SCHEMA = "key string, parent string, league string"
BASE = "https://bbkg.example.org/"
SHARED_SCHEMA = ("person_a string, person_b string, org string, a_roles array<string>, b_roles array<string>, "
                 "a_via array<string>, b_via array<string>, a_start int, a_end int, b_start int, b_end int, "
                 "overlap_start int, overlap_end int")


def graph(spark: SparkSession, memberships: list[tuple], years: list[tuple], organizations: list[tuple]
          ) -> tuple[DataFrame, DataFrame]:
    """The stage's vertices and edges for hand-written memberships (person, organization, role), the years
    their sentences state (person, organization, year: that year the role's first and last) or, for several
    roles in one club, (person, organization, role, first year, last year), and organizations."""
    role_of = {(p, o): role for p, o, role in memberships}
    stated = [(p, o, role_of[(p, o)], y, y) for p, o, y in (y for y in years if len(y) == 3)]
    stated += [y for y in years if len(y) == 5]
    dated = {(p, o, role) for p, o, role, _, _ in stated}
    rows = stated + [(p, o, role, None, None) for p, o, role in memberships if (p, o, role) not in dated]
    members = spark.createDataFrame(rows, MEMBERSHIP_SCHEMA)
    orgs = spark.createDataFrame(organizations, ORGS_SCHEMA)
    vertices = graph_vertices(members, orgs)
    edges = membership_edges(members, tenure_years(members), BASE).unionByName(reference_edges(orgs))
    return vertices, edges


def test_vertex_ids_are_the_same_on_every_run(spark: SparkSession) -> None:
    keys = spark.createDataFrame([("person:ann",), ("org:mets",)], "key string")
    first = keys.select(vertex_id(F.col("key")).alias("id")).collect()
    assert first == keys.select(vertex_id(F.col("key")).alias("id")).collect()
    assert first[0].id != first[1].id


def test_an_affiliates_membership_rolls_up_to_its_parent(spark: SparkSession) -> None:
    vertices, edges = graph(spark, [("ann", "vegas", "Manager")], [("ann", "vegas", 2010)],
                            [("vegas", "mets", None), ("mets", None, None)])
    rolled = rolled_up_memberships(edges)
    ids = {r.key: r.id for r in vertices.collect()}
    expected = spark.createDataFrame([
        (ids["person:ann"], ids["org:vegas"], "member", "Manager", 2010, 2010, None),
        (ids["person:ann"], ids["org:mets"], "member", "Manager", 2010, 2010, ids["org:vegas"]),
    ], "src bigint, dst bigint, relationship string, role string, start int, end int, via bigint")
    assert_df_equality(rolled.drop("membership"), expected, ignore_row_order=True, ignore_nullable=True)
    assert rolled.schema.simpleString() == spark.createDataFrame([], EDGE_SCHEMA).schema.simpleString()


def test_shared_organizations_at_overlapping_times(spark: SparkSession) -> None:
    """3 people with the Mets (one through its Las Vegas affiliate), 2 clubs: only overlapping years pair up."""
    vertices, edges = graph(spark, [
        ("ann", "vegas", "Manager"), ("bob", "mets", "GeneralManager"), ("cy", "mets", "Manager"),
        ("dee", "yankees", "Player"), ("eve", "mets", "Player"),  # Eve has no year: no precomputed pair
    ], [
        ("ann", "vegas", 2010), ("ann", "vegas", 2012), ("bob", "mets", 2011), ("bob", "mets", 2015),
        ("cy", "mets", 2016), ("cy", "mets", 2017), ("dee", "yankees", 2011),
    ], [("vegas", "mets", None), ("mets", None, None), ("yankees", None, None)])
    shared = shared_organizations(vertices, edges).drop("memberships")
    expected = spark.createDataFrame([
        ("person:ann", "person:bob", "org:mets", ["Manager"], ["GeneralManager"], ["org:vegas"], [],
         2010, 2012, 2011, 2015, 2011, 2012),
    ], SHARED_SCHEMA)
    assert_df_equality(shared, expected, ignore_row_order=True, ignore_nullable=True)


def test_each_role_keeps_its_own_years(spark: SparkSession) -> None:
    """Backman played for the Mets 1980-1988 and managed in their system 2010-2016 (an affiliate in 2010, the
    club itself 2012-2016); Collins managed the Mets in 2011. Only the managers overlap, and only in 2011."""
    vertices, edges = graph(spark, [
        ("backman", "mets", "Player"), ("backman", "mets", "Manager"), ("backman", "cyclones", "Manager"),
        ("collins", "mets", "Manager"), ("kid", "mets", "Player"),
    ], [
        ("backman", "mets", "Player", 1980, None), ("backman", "mets", "Player", None, 1988),
        ("backman", "mets", "Manager", 2012, 2016), ("backman", "cyclones", "Manager", 2010, 2010),
        ("collins", "mets", "Manager", 2011, 2011), ("kid", "mets", "Player", 1992, 1993),
    ], [("cyclones", "mets", None), ("mets", None, None)])
    shared = shared_organizations(vertices, edges).drop("memberships")
    expected = spark.createDataFrame([
        ("person:backman", "person:collins", "org:mets", ["Manager"], ["Manager"], ["org:cyclones"], [],
         2010, 2016, 2011, 2011, 2011, 2011),
    ], SHARED_SCHEMA)
    assert_df_equality(shared, expected, ignore_row_order=True, ignore_nullable=True)


def test_two_islands_are_two_components(spark: SparkSession) -> None:
    vertices, edges = graph(spark, [("ann", "mets", "Player"), ("bob", "mets", "Coach"), ("cy", "cubs", "Player")],
                            [], [("mets", None, None), ("cubs", None, None)])
    found = {r.key: r.component for r in connected_components(vertices, edges).collect()}
    assert found["person:ann"] == found["person:bob"] == found["org:mets"]
    assert found["person:cy"] == found["org:cubs"] != found["org:mets"]
    # A component is named after its smallest vertex id: the same on every run.
    ids = {r.key: r.id for r in vertices.collect()}
    assert found["org:cubs"] == min(ids["person:cy"], ids["org:cubs"])


def test_the_hub_of_a_star_ranks_first(spark: SparkSession) -> None:
    players = [(f"p{i}", "mets", "Player") for i in range(5)]
    vertices, edges = graph(spark, players + [("p0", "cubs", "Player")], [],
                            [("mets", None, None), ("cubs", None, None)])
    ranked = centrality(vertices, edges).orderBy(F.desc("pagerank"), "key").collect()
    assert ranked[0].key == "org:mets" and ranked[0].degree == 5
    degree = {r.key: r.degree for r in ranked}
    assert degree["person:p0"] == 2 and degree["person:p1"] == 1 and degree["org:cubs"] == 1


def test_two_cliques_are_two_communities(spark: SparkSession) -> None:
    """Two clubs, each with its people, joined by one person who moved: label propagation splits them."""
    east = [(f"e{i}", club, "Player") for i in range(4) for club in ("mets", "yankees")]
    west = [(f"w{i}", club, "Player") for i in range(4) for club in ("dodgers", "giants")]
    vertices, edges = graph(spark, east + west + [("e0", "dodgers", "Coach")], [],
                            [(c, None, None) for c in ("mets", "yankees", "dodgers", "giants")])
    found = {r.key: r.community for r in communities(vertices, edges).collect()}
    assert len({found[f"person:e{i}"] for i in range(1, 4)} | {found["org:mets"], found["org:yankees"]}) == 1
    assert len({found[f"person:w{i}"] for i in range(4)} | {found["org:dodgers"], found["org:giants"]}) == 1
    assert found["org:mets"] != found["org:dodgers"]


def test_communities_do_not_depend_on_the_partitions(spark: SparkSession) -> None:
    """Ties are drawn by a hash, not by the order messages arrive in: the same graph split and ordered another
    way has the same communities (tests/test_cluster.py compares whole dumps built on a cluster)."""
    draw = random.Random(0)
    clubs = [f"c{j}" for j in range(15)]
    memberships = sorted({(f"p{i}", club, "Player") for i in range(60) for club in draw.sample(clubs, 2)})
    vertices, edges = graph(spark, memberships, [], [(c, None, None) for c in clubs])
    one_way = {r.key: r.community for r in communities(vertices.coalesce(1), edges.coalesce(1)).collect()}
    shuffled = communities(vertices.repartition(7).orderBy(F.rand(3)), edges.repartition(5).orderBy(F.rand(4)))
    assert {r.key: r.community for r in shuffled.collect()} == one_way
    assert 1 < len(set(one_way.values())) < 30


def test_a_loop_over_its_own_result_plans_each_round_afresh(spark: SparkSession) -> None:
    """Label propagation joins its last round's result again: a checkpoint alone carries the plan's size estimate
    into the next round, where a join multiplies it (2**64-fold after six rounds); without_estimates drops it."""
    def rounds(keep: Callable[[DataFrame], DataFrame]) -> tuple[int, list[Any]]:
        frame = spark.createDataFrame([(i, i % 3) for i in range(10)], "id int, label int")
        for _ in range(6):
            frame = keep(frame.join(frame.select("id", F.col("label").alias("other")), "id").select("id", "label"))
        estimate = frame._jdf.queryExecution().optimizedPlan().stats().sizeInBytes()
        return len(str(estimate)), sorted(frame.collect())

    carried_digits, carried_rows = rounds(kept)
    fresh_digits, fresh_rows = rounds(lambda frame: without_estimates(kept(frame)))
    assert fresh_rows == carried_rows and len(fresh_rows) == 10
    assert carried_digits > 100 and fresh_digits < 45, (carried_digits, fresh_digits)


def test_undirected_edges_go_both_ways_once(spark: SparkSession) -> None:
    edges = spark.createDataFrame([(1, 2), (2, 1), (1, 3)], "src bigint, dst bigint")
    expected = spark.createDataFrame([(1, 2), (2, 1), (1, 3), (3, 1)], "src bigint, dst bigint")
    assert_df_equality(undirected(edges), expected, ignore_row_order=True)
