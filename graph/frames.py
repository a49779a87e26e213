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

from spark_etl.relations import ACT_RELATIONS
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


# The posts whose holder acts for the club over its people: hires, dismisses, reprimands.
ACTING_POSTS = ("Manager", "GeneralManager", "Executive", "Owner")
STAFF_POSTS = (*ACTING_POSTS, "Coach", "Scout", "Broadcaster")
DATED_POST_SCHEMA = ("person_key string, org_key string, role string, start_year int, end_year int, doc_id string, "
                     "sentence_start int, sentence_end int, act string, year_from string")


def posts_dated_by_acts(memberships: DataFrame, facts: DataFrame, organizations: DataFrame) -> DataFrame:
    """The year of a post its holder acted in: "in 2015, Backman received a written reprimand from Alderson" puts
    Alderson's post in 2015, and "Alderson ultimately opted for Terry Collins" puts it in the year Collins's post
    as Mets manager began (another article's 2011). Rows like DATED_POST_SCHEMA's, one per act: the actor's
    post (person_key, org_key, role) in the act's year (start_year = end_year), the act's sentence, the act's
    fact digest (`act`) and, for a selection without a year of its own, the digest of the membership whose first
    year it took (`year_from`).

    An act dates a post only where it says which: the actor holds exactly one acting post (ACTING_POSTS) at a
    club the person acted on belongs to, directly or through an affiliate. A selection without its own year
    takes the first year of the chosen person's one staff post there that has one; otherwise no year."""
    acts = facts.where(F.col("relation").isin(*sorted(ACT_RELATIONS)) & (F.col("object_type") == "Person")) \
        .selectExpr("object_key AS actor", "person_key AS subject", "relation", "year AS act_year", "doc_id",
                    "sentence_start", "sentence_end", f"{iris.FACT_DIGEST_SQL} AS act")
    parents = organizations.where("parent IS NOT NULL").selectExpr("key AS org_key", "parent")
    subjects = memberships.join(parents, "org_key", "left").selectExpr(
        "person_key AS subject", "explode(array_distinct(array(org_key, coalesce(parent, org_key)))) AS org_key",
        "role AS subject_role", "start_year AS subject_start",
        f"{iris.membership_digest_sql('org_key')} AS subject_membership")
    posts = memberships.where(F.col("role").isin(*ACTING_POSTS)).selectExpr(
        "person_key AS actor", "org_key", "role").distinct()
    staff_start = F.when(F.col("subject_role").isin(*STAFF_POSTS) & F.col("subject_start").isNotNull(),
                         F.struct("subject_start", "subject_membership"))  # null otherwise: collect_set skips it
    act_columns = ["actor", "relation", "act_year", "doc_id", "sentence_start", "sentence_end", "act"]
    grouped = acts.join(posts, "actor").join(subjects, ["subject", "org_key"]).groupBy(*act_columns).agg(
        F.collect_set(F.struct("org_key", "role")).alias("posts"),
        F.collect_set(staff_start).alias("starts"))
    # A selection's year from the chosen person's post only when that post is one (one first year, one membership).
    from_post = (F.col("act_year").isNull() & (F.col("relation") == "chosen") & (F.size("starts") == 1))
    year = F.coalesce(F.col("act_year"), F.when(from_post, F.col("starts")[0]["subject_start"]))
    return grouped.where(F.size("posts") == 1).select(
        F.col("actor").alias("person_key"), F.col("posts")[0]["org_key"].alias("org_key"),
        F.col("posts")[0]["role"].alias("role"), year.cast("int").alias("start_year"),
        year.cast("int").alias("end_year"), "doc_id", "sentence_start", "sentence_end", "act",
        F.when(from_post, F.col("starts")[0]["subject_membership"]).alias("year_from"),
    ).where(F.col("start_year").isNotNull())


def with_dated_posts(memberships: DataFrame, dated_posts: DataFrame) -> DataFrame:
    """The memberships (person_key, org_key, role, start_year, end_year, ...) and a row for each dated post."""
    return memberships.unionByName(dated_posts.select("person_key", "org_key", "role", "start_year", "end_year"),
                                   allowMissingColumns=True)


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
