"""How people are connected: the organizations each pair of people shares, written back as RDF.

Two engines compute the same motif, (a)-[]->(o); (b)-[]->(o), for people whose memberships
one article states: GraphFrames' `find` in the JVM, and a Spark SQL self-join that stands in
for it where the GraphFrames JAR cannot be installed. Every result says which engine made it.
Pairs are taken within an article because all pairs of a club's people grow with the square of
the corpus; any other pair is answered from the memberships in the store at query time.
"""

from __future__ import annotations

from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from spark_etl.rdf import BB, PROV_DERIVED, RDF_TYPE, quads_about, entity_iri, iri, literal, membership_iri

ENGINES = ("graphframes", "spark-sql")
SHARED_COLUMNS = ("person_a", "person_b", "org", "a_roles", "b_roles", "a_via", "b_via", "memberships")


def membership_edges(memberships: DataFrame, base: str) -> DataFrame:
    """Memberships -> distinct edges person -> team (src, dst, role, via, membership IRI, article)."""
    return memberships.select(
        F.concat(F.lit("person:"), "person_key").alias("src"),
        F.concat(F.lit("org:"), "org_key").alias("dst"),
        "role",
        F.lit(None).cast("string").alias("via"),
        membership_iri(base, F.col("person_key"), F.col("org_key"), F.col("role")).alias("membership"),
        "doc_id",
    ).distinct()


def affiliation_edges(organizations: DataFrame) -> DataFrame:
    """Reference organizations -> edges team -> parent organization (an affiliate's major-league club)."""
    return organizations.where(F.col("parent").isNotNull()).select(
        F.concat(F.lit("org:"), "key").alias("src"),
        F.concat(F.lit("org:"), "parent").alias("dst"),
    )


def rolled_up_memberships(edges: DataFrame, affiliations: DataFrame) -> DataFrame:
    """Add, for a membership of an affiliate, the membership of its parent organization via that affiliate."""
    through = edges.alias("m").join(affiliations.alias("a"), F.col("m.dst") == F.col("a.src")).select(
        F.col("m.src").alias("src"), F.col("a.dst").alias("dst"), F.col("m.role").alias("role"),
        F.col("m.dst").alias("via"), F.col("m.membership").alias("membership"), F.col("m.doc_id").alias("doc_id"),
    )
    return edges.unionByName(through).distinct()


def graph_vertices(edges: DataFrame) -> DataFrame:
    """Every endpoint of an edge as a vertex (id, kind)."""
    ends = edges.select(F.col("src").alias("id")).union(edges.select(F.col("dst").alias("id"))).distinct()
    return ends.withColumn("kind", F.split("id", ":").getItem(0))


def _aggregate_pairs(found: DataFrame, person_a: str, person_b: str, org: str) -> DataFrame:
    """Motif matches (two edges e1, e2 into one organization) -> one row per (person_a, person_b, org)
    with each side's roles, vias and source memberships; the engines differ only in where a, b and o are."""
    def sorted_set(column: str) -> Column:
        return F.array_sort(F.collect_set(column))

    pairs = found.select(
        F.col(person_a).alias("person_a"), F.col(person_b).alias("person_b"), F.col(org).alias("org"),
        F.col("e1.role").alias("a_role"), F.col("e2.role").alias("b_role"),
        F.col("e1.via").alias("a_via"), F.col("e2.via").alias("b_via"),
        F.col("e1.membership").alias("a_membership"), F.col("e2.membership").alias("b_membership"),
    )
    return pairs.groupBy("person_a", "person_b", "org").agg(
        sorted_set("a_role").alias("a_roles"), sorted_set("b_role").alias("b_roles"),
        sorted_set("a_via").alias("a_via"), sorted_set("b_via").alias("b_via"),
        F.array_sort(F.array_union(F.collect_set("a_membership"), F.collect_set("b_membership"))).alias("memberships"),
    ).select(*SHARED_COLUMNS)


def shared_organizations_graphframes(vertices: DataFrame, edges: DataFrame) -> DataFrame:
    """Organizations shared by each pair of people, found by GraphFrames motif search in the JVM."""
    from graphframes import GraphFrame

    graph = GraphFrame(vertices, edges)
    found = graph.find("(a)-[e1]->(o); (b)-[e2]->(o)").where(
        "a.kind = 'person' AND b.kind = 'person' AND a.id < b.id AND e1.doc_id = e2.doc_id")
    return _aggregate_pairs(found, "a.id", "b.id", "o.id")


def shared_organizations_sql(edges: DataFrame) -> DataFrame:
    """The same motif as a Spark SQL self-join on the organization: the stand-in while GraphFrames is missing."""
    people = edges.where(F.col("src").startswith("person:"))
    found = people.alias("e1").join(people.alias("e2"), (F.col("e1.dst") == F.col("e2.dst"))
                                    & (F.col("e1.doc_id") == F.col("e2.doc_id")) & (F.col("e1.src") < F.col("e2.src")))
    return _aggregate_pairs(found, "e1.src", "e2.src", "e1.dst")


def shared_organizations(edges: DataFrame, engine: str) -> DataFrame:
    """Organizations shared by each pair of people, computed by the named engine."""
    if engine == "graphframes":
        return shared_organizations_graphframes(graph_vertices(edges), edges)
    if engine == "spark-sql":
        return shared_organizations_sql(edges)
    raise ValueError(f"unknown graph engine {engine!r}; choose one of {', '.join(ENGINES)}")


def _vertex_iri(base: str, vertex: Column) -> Column:
    kind = F.split(vertex, ":").getItem(0)
    key = F.split(vertex, ":").getItem(1)
    return iri(entity_iri(base, F.when(kind == "person", "Person").otherwise("Team"), key))


def connection_quads(shared: DataFrame, base: str, engine: str) -> DataFrame:
    """Shared organizations as bb:SharedOrganization nodes in the connections graph, linked to their sources."""
    graph = iri(f"{base}graph/connections")
    digest = F.substring(F.sha2(F.concat_ws("|", "person_a", "person_b", "org"), 256), 1, 16)
    node = iri(F.concat(F.lit(f"{base}id/connection/"), digest))
    facts = quads_about(shared, graph, node, [
        (RDF_TYPE, iri(f"{BB}SharedOrganization")),
        (f"{BB}person", _vertex_iri(base, F.col("person_a"))),
        (f"{BB}person", _vertex_iri(base, F.col("person_b"))),
        (f"{BB}sharedOrganization", _vertex_iri(base, F.col("org"))),
        (f"{BB}computedBy", literal(F.lit(engine))),
    ])
    vias = shared.select("person_a", "person_b", "org", F.explode(F.array_union("a_via", "b_via")).alias("v"))
    sources = shared.select("person_a", "person_b", "org", F.explode("memberships").alias("m"))
    return facts.unionByName(
        quads_about(vias, graph, node, [(f"{BB}via", _vertex_iri(base, F.col("v")))])
    ).unionByName(
        quads_about(sources, graph, node, [(PROV_DERIVED, iri(F.col("m")))])
    )
