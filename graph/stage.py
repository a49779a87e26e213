"""The graph stage as the build runs it: the records in, GraphFrames' results out, then their quads."""

from __future__ import annotations

from dataclasses import dataclass

from pyspark.sql import DataFrame

from graph.algorithms import centrality, communities, connected_components, shared_organizations
from graph.frames import graph_vertices, membership_edges, reference_edges, tenure_years, with_dated_posts
from graph.seasons import ChainResults, compute_chains
from spark_etl.session import kept


@dataclass
class GraphResults:
    """What GraphFrames computed, keyed by vertex key (cached: each is counted, then mapped to RDF)."""
    shared: DataFrame
    components: DataFrame
    centrality: DataFrame
    communities: DataFrame
    chains: ChainResults
    dated_posts: DataFrame  # graph.frames.posts_dated_by_acts: the posts dated by their holders' acts

    def frames(self) -> tuple[DataFrame, ...]:
        return (self.shared, self.components, self.centrality, self.communities, self.chains.measures,
                self.chains.distances, self.dated_posts)

    def counts(self) -> dict[str, int]:
        return {"shared_organization_pairs": self.shared.count(),
                "components": self.components.select("component").distinct().count(),
                "communities": self.communities.select("community").distinct().count(),
                "graph_vertices": self.centrality.count(), "posts_dated_by_acts": self.dated_posts.count(),
                **self.chains.counts}

    def unpersist(self) -> None:
        for frame in self.frames():
            frame.unpersist()


def compute_graph(memberships: DataFrame, organizations: DataFrame, base: str, chain_links: DataFrame,
                  landmarks: list[str], dated_posts: DataFrame) -> GraphResults:
    """Build the person-organization graph from the records (the memberships, and the posts `dated_posts` dates:
    graph.frames.posts_dated_by_acts) and run every GraphFrames computation on it, and on the chain network of
    `chain_links` (graph/seasons.py) with the configured `landmarks` (record ids)."""
    memberships = with_dated_posts(memberships, dated_posts)
    # Kept, not cached: a cached frame keeps its plan (the whole extraction), which every query of every
    # iteration below would analyse again before finding the cache.
    vertices = kept(graph_vertices(memberships, organizations))
    edges = kept(membership_edges(memberships, tenure_years(memberships), base).unionByName(
        reference_edges(organizations)))
    # Each result is computed once and kept with its lineage cut: the plans GraphFrames builds (motif joins,
    # GraphX iterations) are long, and planning them again in the mapping cost seconds per result.
    return GraphResults(
        shared=kept(shared_organizations(vertices, edges)),
        components=kept(connected_components(vertices, edges)),
        centrality=kept(centrality(vertices, edges)),
        communities=kept(communities(vertices, edges)),
        chains=compute_chains(chain_links, landmarks),
        dated_posts=dated_posts,
    )
