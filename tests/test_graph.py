"""Shared organizations on a small hand-made graph with known answers, by each available engine."""

import pytest
from pyspark.sql import SparkSession

from graph.connections import affiliation_edges, rolled_up_memberships, shared_organizations
from spark_etl.session import graphframes_available

EDGES_SCHEMA = "src string, dst string, role string, via string, membership string, doc_id string"
ORGS_SCHEMA = "key string, parent string"

MEMBERSHIPS = [
    ("person:ann", "org:vegas", "Manager", None, "m1", "a1"),
    ("person:bob", "org:mets", "GeneralManager", None, "m2", "a1"),
    ("person:cy", "org:mets", "Manager", None, "m3", "a1"),
    ("person:dee", "org:yankees", "Player", None, "m4", "a1"),
    ("person:eve", "org:mets", "Player", None, "m5", "a2"),  # another article: no precomputed pair
]
ORGANIZATIONS = [("vegas", "mets"), ("mets", None), ("yankees", None)]

EXPECTED = {
    ("person:ann", "person:bob", "org:mets", ("Manager",), ("GeneralManager",), ("org:vegas",), ()),
    ("person:ann", "person:cy", "org:mets", ("Manager",), ("Manager",), ("org:vegas",), ()),
    ("person:bob", "person:cy", "org:mets", ("GeneralManager",), ("Manager",), (), ()),
}


def engines() -> list:
    jar = graphframes_available("io.graphframes:graphframes-spark4_2.13:0.12.3")
    return [
        "spark-sql",
        pytest.param("graphframes", marks=pytest.mark.skipif(
            not jar, reason="GraphFrames JAR is not in ~/.m2 (Maven Central here does not serve it)")),
    ]


@pytest.mark.parametrize("graph_engine", engines())
def test_shared_organizations_through_the_affiliation_tree(spark: SparkSession, graph_engine: str) -> None:
    edges = rolled_up_memberships(spark.createDataFrame(MEMBERSHIPS, EDGES_SCHEMA),
                                  affiliation_edges(spark.createDataFrame(ORGANIZATIONS, ORGS_SCHEMA)))
    shared = shared_organizations(edges, graph_engine).collect()
    found = {(r.person_a, r.person_b, r.org, tuple(r.a_roles), tuple(r.b_roles), tuple(r.a_via), tuple(r.b_via))
             for r in shared}
    assert found == EXPECTED
    # Dee shares nothing; Ann and the Vegas club are not a pair of people.
    assert all("person:dee" not in (r.person_a, r.person_b) for r in shared)
    sources = {(r.person_a, r.person_b): tuple(r.memberships) for r in shared}
    assert sources[("person:ann", "person:bob")] == ("m1", "m2")


def test_unknown_engine_is_refused(spark: SparkSession) -> None:
    edges = spark.createDataFrame(MEMBERSHIPS, EDGES_SCHEMA)
    with pytest.raises(ValueError, match="graph engine"):
        shared_organizations(edges, "networkx")
