"""The graph GraphFrames works on, built from the extracted records: pure transforms DataFrame -> DataFrame.

Vertices are people and organizations (teams, affiliates, leagues, outlets), with a numeric `id` hashed
from their key: GraphFrames uses an integral id as it is, where it would number string ids in an order
that can change between runs, and components and communities are named after these ids. Edges are
memberships (person -> organization, with role and years), affiliate_of (team -> its parent organization)
and in_league (team -> league).
"""

from __future__ import annotations

from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from vocab import iris

VERTEX_SCHEMA = "id bigint, key string, kind string"
EDGE_SCHEMA = ("src bigint, dst bigint, relationship string, role string, start int, end int, "
               "via bigint, membership string")
MEMBER, AFFILIATE_OF, IN_LEAGUE = "member", "affiliate_of", "in_league"
# The edges a path between two people may follow: the API's path search walks the same ones.
CONNECTING = (MEMBER, AFFILIATE_OF)


def vertex_id(key: Column) -> Column:
    """The numeric vertex id of a key such as 'person:wally-backman': the same on every run."""
    return F.xxhash64(key)


def person_key(column: str) -> Column:
    return F.concat(F.lit("person:"), F.col(column))


def org_key(column: str) -> Column:
    return F.concat(F.lit("org:"), F.col(column))


def tenure_years(memberships: DataFrame) -> DataFrame:
    """The years of each membership (person_key, org_key, role, start, end): the earliest start and the latest
    end its sentences state, over every article (the widest claim: where articles disagree, each claim is kept
    in the RDF, and a connection counts when any of them overlaps). A bound no sentence states is null."""
    return (memberships.groupBy("person_key", "org_key", "role")
            .agg(F.min("start_year").alias("start"), F.max("end_year").alias("end"))
            .where(F.col("start").isNotNull() | F.col("end").isNotNull()))


def membership_edges(memberships: DataFrame, years: DataFrame, base: str) -> DataFrame:
    """Memberships (person_key, org_key, role) and their years -> one member edge per membership."""
    dated = memberships.select("person_key", "org_key", "role").distinct().join(
        years, ["person_key", "org_key", "role"], "left")
    return dated.select(
        vertex_id(person_key("person_key")).alias("src"),
        vertex_id(org_key("org_key")).alias("dst"),
        F.lit(MEMBER).alias("relationship"),
        "role", F.col("start").cast("int"), F.col("end").cast("int"),
        F.lit(None).cast("bigint").alias("via"),
        F.concat(F.lit(base + iris.MEMBERSHIP), F.expr(iris.membership_digest_sql("org_key"))).alias("membership"),
    )


def reference_edges(organizations: DataFrame) -> DataFrame:
    """The reference organizations -> affiliate_of edges (to the parent) and in_league edges (to the league)."""
    def edges(column: str, relationship: str) -> DataFrame:
        return organizations.where(F.col(column).isNotNull()).select(
            vertex_id(org_key("key")).alias("src"), vertex_id(org_key(column)).alias("dst"),
            F.lit(relationship).alias("relationship"), F.lit(None).cast("string").alias("role"),
            F.lit(None).cast("int").alias("start"), F.lit(None).cast("int").alias("end"),
            F.lit(None).cast("bigint").alias("via"), F.lit(None).cast("string").alias("membership"))
    return edges("parent", AFFILIATE_OF).unionByName(edges("league", IN_LEAGUE))


def graph_vertices(memberships: DataFrame, organizations: DataFrame) -> DataFrame:
    """Every person with a membership and every organization (named in a membership or in the reference)."""
    keys = (memberships.select(person_key("person_key").alias("key"))
            .union(memberships.select(org_key("org_key").alias("key")))
            .union(organizations.select(org_key("key").alias("key")))
            .union(organizations.where(F.col("parent").isNotNull()).select(org_key("parent").alias("key")))
            .union(organizations.where(F.col("league").isNotNull()).select(org_key("league").alias("key")))
            .distinct())
    return keys.select(vertex_id(F.col("key")).alias("id"), "key",
                       F.split("key", ":").getItem(0).alias("kind"))


def rolled_up_memberships(edges: DataFrame) -> DataFrame:
    """Member edges plus, for a membership of an affiliate, a member edge to its parent organization with
    `via` the affiliate's vertex id (so two people meet at a club whether they were with it or its farm team).

    Each edge to an organization carries the span of that role in the organization's whole system: Backman
    managed the Mets' affiliates from 2010 and the Mets' Triple-A team until 2016, so he was a manager in the
    Mets' system 2010-2016, while his years as a Mets player (1980-1988) stay apart, on their own role.
    """
    members = edges.where(F.col("relationship") == MEMBER)
    parents = edges.where(F.col("relationship") == AFFILIATE_OF).select(
        F.col("src").alias("team"), F.col("dst").alias("parent"))
    through = members.join(parents, members["dst"] == parents["team"]).select(
        "src", F.col("parent").alias("dst"), "relationship", "role", "start", "end",
        F.col("team").alias("via"), "membership")
    role_in_system = Window.partitionBy("src", "dst", "role")
    return (members.unionByName(through).distinct()
            .withColumn("start", F.min("start").over(role_in_system))
            .withColumn("end", F.max("end").over(role_in_system)))


def undirected(edges: DataFrame) -> DataFrame:
    """Each distinct pair of neighbours once in each direction (src, dst): what the GraphX algorithms, which
    follow edge direction, need to treat the graph as undirected."""
    ends = edges.select("src", "dst")
    return ends.union(ends.select(F.col("dst").alias("src"), F.col("src").alias("dst"))).distinct()
