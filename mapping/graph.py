"""The graph stage's results as RDF, in the named graph graph/connections: each result is
prov:wasGeneratedBy the activity that computed it, and each activity names GraphFrames, its method,
its parameters and its version."""

from __future__ import annotations

from functools import reduce

from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from graph.algorithms import (ACTIVITIES, COMMUNITIES, COMPONENTS, DEGREES, PAGERANK, POSTS_DATED_BY_ACTS,
                              SHARED_ORGANIZATIONS, SOFTWARE, Activity)
from graph.jar import GRAPHFRAMES_VERSION
from graph.seasons import (CHAIN_COMPONENTS, CHAIN_PAGERANK, LANDMARK_DISTANCES, SEASON_ACTIVITIES, TEAMMATES,
                           ChainResults)
from graph.stage import GraphResults
from vocab.namespaces import BB, ORG, PROV, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, TIME
from mapping.terms import iri, literal, quads_about
from vocab import iris

PROV_GENERATED_BY = f"{PROV}wasGeneratedBy"


def connections_graph(base: str) -> Column:
    return iri(base + iris.CONNECTIONS_GRAPH)


def vertex_iri(base: str, key: Column) -> Column:
    """The IRI of a vertex key: 'person:x' -> id/person/x, 'org:y' -> id/org/y (as the mapping mints them)."""
    return iri(F.concat(F.lit(base + iris.ID), F.regexp_replace(key, ":", "/")))


def activity_iri(base: str, activity: Activity) -> str:
    return base + iris.ACTIVITY + activity.key


def software_iri(base: str) -> str:
    return f"{base}{iris.SOFTWARE}graphframes-{GRAPHFRAMES_VERSION}"


def _generated_by(base: str, *activities: Activity) -> list[tuple[str, Column]]:
    return [(PROV_GENERATED_BY, iri(activity_iri(base, a))) for a in activities]


def activity_quads(spark: SparkSession, base: str) -> DataFrame:
    """The activities of the graph stage and the software that ran them."""
    one = spark.range(1)
    graph = connections_graph(base)
    software = quads_about(one, graph, iri(software_iri(base)), [
        (RDF_TYPE, iri(f"{PROV}SoftwareAgent")), (RDFS_LABEL, literal(F.lit(SOFTWARE))),
        (f"{BB}softwareVersion", literal(F.lit(GRAPHFRAMES_VERSION))),
    ])
    activities = [quads_about(one, graph, iri(activity_iri(base, a)), [
        (RDF_TYPE, iri(f"{PROV}Activity")), (RDF_TYPE, iri(f"{BB}Computation")),
        (RDFS_LABEL, literal(F.lit(a.label))),
        (f"{BB}method", literal(F.lit(a.method))), (f"{BB}parameters", literal(F.lit(a.parameters))),
        (f"{PROV}wasAssociatedWith", iri(software_iri(base))),
    ]) for a in (*ACTIVITIES, *SEASON_ACTIVITIES)]
    return reduce(DataFrame.unionByName, activities, software)


def shared_organization_quads(shared: DataFrame, base: str) -> DataFrame:
    """Shared organizations as bb:SharedOrganization nodes, with the overlap and the memberships behind them."""
    graph = connections_graph(base)
    node = iri(F.concat(F.lit(base + iris.CONNECTION), F.expr(iris.CONNECTION_DIGEST_SQL)))
    facts = quads_about(shared, graph, node, [
        (RDF_TYPE, iri(f"{BB}SharedOrganization")),
        (f"{BB}person", vertex_iri(base, F.col("person_a"))),
        (f"{BB}person", vertex_iri(base, F.col("person_b"))),
        (f"{BB}sharedOrganization", vertex_iri(base, F.col("org"))),
        (f"{BB}overlapStart", literal(F.col("overlap_start"), "gYear")),
        (f"{BB}overlapEnd", literal(F.col("overlap_end"), "gYear")),
        (f"{BB}computedBy", literal(F.lit(SOFTWARE))),
        *_generated_by(base, SHARED_ORGANIZATIONS),
    ])
    vias = shared.select("person_a", "person_b", "org", F.explode(F.array_union("a_via", "b_via")).alias("v"))
    sources = shared.select("person_a", "person_b", "org", F.explode("memberships").alias("m"))
    return facts.unionByName(
        quads_about(vias, graph, node, [(f"{BB}via", vertex_iri(base, F.col("v")))])
    ).unionByName(
        quads_about(sources, graph, node, [(PROV_DERIVED, iri(F.col("m")))])
    )


def _group_quads(groups: DataFrame, base: str, column: str, kind: str, cls: str, activity: Activity) -> DataFrame:
    """Vertices (key, `column`: a group's vertex id) -> each group as a node of class `cls`, and each vertex
    linked to its group by bb:<column>."""
    graph = connections_graph(base)
    node = iri(F.concat(F.lit(f"{base}{iris.ID}{kind}/"), F.lower(F.hex(F.col(column)))))
    nodes = quads_about(groups.select(column).distinct(), graph, node, [
        (RDF_TYPE, iri(f"{BB}{cls}")), *_generated_by(base, activity)])
    links = quads_about(groups, graph, vertex_iri(base, F.col("key")), [(f"{BB}{column}", node)])
    return nodes.unionByName(links)


def component_quads(components: DataFrame, base: str) -> DataFrame:
    return _group_quads(components, base, "component", "component", "Component", COMPONENTS)


def community_quads(communities: DataFrame, base: str) -> DataFrame:
    return _group_quads(communities, base, "community", "community", "Community", COMMUNITIES)


def centrality_quads(centrality: DataFrame, base: str) -> DataFrame:
    """PageRank and degree of each vertex on a bb:Centrality node of its own, which says how they were computed."""
    node = iri(F.concat(F.lit(base + iris.CENTRALITY), F.substring(F.sha2(F.col("key"), 256), 1, 16)))
    return quads_about(centrality, connections_graph(base), node, [
        (RDF_TYPE, iri(f"{BB}Centrality")),
        (f"{BB}centralityOf", vertex_iri(base, F.col("key"))),
        (f"{BB}pageRank", literal(F.col("pagerank"), "double")),
        (f"{BB}degree", literal(F.col("degree"), "integer")),
        *_generated_by(base, PAGERANK, DEGREES),
    ])


def _digest_iri(base: str, path: str, *columns: str) -> Column:
    return iri(F.concat(F.lit(base + path), F.expr(iris.digest_sql(*columns))))


def chain_quads(chains: ChainResults, base: str) -> DataFrame:
    """Each person's measures in the chain network (bb:ChainMeasures: teammates, PageRank, component) and
    distance in links to each landmark (bb:LandmarkDistance), each saying which computation made it."""
    graph = connections_graph(base)
    components = _group_quads(chains.measures.select("key", F.col("component").alias("chainComponent")), base,
                              "chainComponent", "chain-component", "ChainComponent", CHAIN_COMPONENTS)
    measures = quads_about(chains.measures, graph, _digest_iri(base, iris.CHAIN_MEASURES, "key"), [
        (RDF_TYPE, iri(f"{BB}ChainMeasures")),
        (f"{BB}measuresOf", vertex_iri(base, F.col("key"))),
        (f"{BB}teammates", literal(F.col("teammates"), "integer")),
        (f"{BB}chainPageRank", literal(F.col("pagerank"), "double")),
        *_generated_by(base, TEAMMATES, CHAIN_PAGERANK),
    ])
    distances = quads_about(chains.distances, graph, _digest_iri(base, iris.DISTANCE, "key", "landmark"), [
        (RDF_TYPE, iri(f"{BB}LandmarkDistance")),
        (f"{BB}distanceOf", vertex_iri(base, F.col("key"))),
        (f"{BB}landmark", vertex_iri(base, F.col("landmark"))),
        (f"{BB}links", literal(F.col("links"), "integer")),
        *_generated_by(base, LANDMARK_DISTANCES),
    ])
    return reduce(DataFrame.unionByName, [components, measures, distances])


def dated_post_quads(dated: DataFrame, base: str) -> DataFrame:
    """Posts dated by acts (graph.frames.posts_dated_by_acts) -> each as an interval of its membership, inferred:
    the act's year, the act it is dated by, the membership whose first year an undated selection took, the act's
    sentence as evidence and the activity that inferred it."""
    graph = connections_graph(base)
    membership = F.concat(F.lit(base + iris.MEMBERSHIP), F.expr(iris.membership_digest_sql("org_key")))
    rows = dated.withColumn("membership", membership)
    interval = iri(F.concat(F.lit(base + iris.INTERVAL), F.expr(iris.digest_sql("membership", "act"))))
    year = iri(F.concat(F.lit(base + iris.YEAR), F.col("start_year").cast("string")))
    article = F.concat(F.lit(base + iris.ARTICLE), F.col("doc_id"))
    evidence = iri(F.concat(article, F.lit("#s"), F.col("sentence_start").cast("string"), F.lit("-"),
                            F.col("sentence_end").cast("string")))
    return quads_about(rows, graph, iri(F.col("membership")), [(f"{ORG}memberDuring", interval)]).unionByName(
        quads_about(rows, graph, interval, [
            (RDF_TYPE, iri(f"{TIME}Interval")), (f"{TIME}hasBeginning", year), (f"{TIME}hasEnd", year),
            (f"{BB}datedBy", iri(F.concat(F.lit(base + iris.FACT), F.col("act")))),
            (f"{BB}yearFrom", iri(F.concat(F.lit(base + iris.MEMBERSHIP), F.col("year_from")))),
            (f"{BB}evidence", evidence), (PROV_DERIVED, iri(article)),
            *_generated_by(base, POSTS_DATED_BY_ACTS),
        ])).unionByName(
        quads_about(rows, graph, year, [
            (RDF_TYPE, iri(f"{TIME}Instant")), (f"{TIME}inXSDgYear", literal(F.col("start_year"), "gYear"))]))


def graph_quads(results: GraphResults, base: str) -> DataFrame:
    """Every result of the graph stage as quads of graph/connections, with the activities that made them."""
    spark = results.shared.sparkSession
    return reduce(DataFrame.unionByName, [
        activity_quads(spark, base), shared_organization_quads(results.shared, base),
        component_quads(results.components, base), centrality_quads(results.centrality, base),
        community_quads(results.communities, base), chain_quads(results.chains, base),
        dated_post_quads(results.dated_posts, base)])
