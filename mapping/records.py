"""Mapping the extraction's records (articles, mentions, memberships with their years, facts, reference
organizations) to RDF quads (s, p, o, g as N-Triples terms), with Spark SQL expressions only."""

from __future__ import annotations

from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from mapping.terms import (article_graph, article_iri, entity_iri, iri, literal, membership_iri, quads_about,
                           year_iri)
from vocab import iris
from vocab.namespaces import BB, ORG, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA_ARTICLE_BODY, SKOS_ALT_LABEL, TIME


def article_quads(articles: DataFrame, base: str) -> DataFrame:
    """Each readable article as a bb:Article in its own named graph, with its text (schema:articleBody), which
    the mentions' and the sentences' offsets point into: the article pages show the text with them marked."""
    readable = articles.where(F.col("error").isNull())
    return quads_about(readable, article_graph(base, F.col("doc_id")), iri(article_iri(base, F.col("doc_id"))), [
        (RDF_TYPE, iri(f"{BB}Article")),
        (f"{BB}fileName", literal(F.col("file_name"))),
        (f"{BB}sha256", literal(F.col("sha256"))),
        (SCHEMA_ARTICLE_BODY, literal(F.col("text"))),
    ])


def mention_quads(mentions: DataFrame, base: str) -> DataFrame:
    """Entities with their type and label, and each mention with its offsets and quote."""
    graph = article_graph(base, F.col("doc_id"))
    entity = iri(entity_iri(base, F.col("entity_type"), F.col("entity_key")))
    mention = iri(F.concat(article_iri(base, F.col("doc_id")), F.lit("#m"),
                           F.col("start").cast("string"), F.lit("-"), F.col("end").cast("string")))
    # Every other way an article writes the entity's name ("the Mets", "Backman"; not a pronoun).
    other_name = (F.col("kind") != "pronoun") & (F.col("surface") != F.col("label"))
    entities = quads_about(mentions, graph, entity, [
        (RDF_TYPE, iri(F.concat(F.lit(BB), F.col("entity_type")))),
        (RDFS_LABEL, literal(F.col("label"))),
        (SKOS_ALT_LABEL, F.when(other_name, literal(F.col("surface")))),
    ])
    spans = quads_about(mentions, graph, mention, [
        (RDF_TYPE, iri(f"{BB}Mention")),
        (f"{BB}refersTo", entity),
        (f"{BB}quote", literal(F.col("surface"))),
        (f"{BB}startOffset", literal(F.col("start"), "integer")),
        (f"{BB}endOffset", literal(F.col("end"), "integer")),
        (PROV_DERIVED, iri(article_iri(base, F.col("doc_id")))),
    ])
    return entities.unionByName(spans)


def _evidence_iri(base: str) -> Column:
    return iri(F.concat(article_iri(base, F.col("doc_id")), F.lit("#s"),
                        F.col("sentence_start").cast("string"), F.lit("-"), F.col("sentence_end").cast("string")))


def evidence_quads(rows: DataFrame, base: str) -> DataFrame:
    """The sentence (quote and offsets) each row was read from, as a bb:Evidence of the row's article."""
    return quads_about(rows, article_graph(base, F.col("doc_id")), _evidence_iri(base), [
        (RDF_TYPE, iri(f"{BB}Evidence")),
        (f"{BB}quote", literal(F.col("sentence"))),
        (f"{BB}startOffset", literal(F.col("sentence_start"), "integer")),
        (f"{BB}endOffset", literal(F.col("sentence_end"), "integer")),
        (PROV_DERIVED, iri(article_iri(base, F.col("doc_id")))),
    ])


def membership_quads(memberships: DataFrame, base: str) -> DataFrame:
    """Memberships (person, organization, role) with the sentence that states each, as evidence."""
    graph = article_graph(base, F.col("doc_id"))
    membership = iri(membership_iri(base))
    evidence = _evidence_iri(base)
    claims = quads_about(memberships, graph, membership, [
        (RDF_TYPE, iri(f"{BB}Membership")),
        (f"{BB}member", iri(entity_iri(base, F.lit("Person"), F.col("person_key")))),
        (f"{BB}organization", iri(entity_iri(base, F.lit("Team"), F.col("org_key")))),
        (f"{BB}role", iri(F.concat(F.lit(BB), F.col("role")))),
        (f"{BB}evidence", evidence),
    ])
    return claims.unionByName(evidence_quads(memberships, base)).unionByName(
        membership_interval_quads(memberships, base))


def membership_interval_quads(memberships: DataFrame, base: str) -> DataFrame:
    """Each article's claim of when a membership held (org:memberDuring, an OWL-Time interval), when it states
    a year: the earliest start and the latest end its sentences give, each bound absent when none is stated.
    Articles that disagree keep their own interval, side by side, each in its article's graph."""
    dated = memberships.where(F.col("start_year").isNotNull() | F.col("end_year").isNotNull())
    claims = dated.groupBy("doc_id", "person_key", "org_key", "role").agg(
        F.min("start_year").alias("start_year"), F.max("end_year").alias("end_year"))
    membership = membership_iri(base)
    interval = iri(F.concat(F.lit(base + iris.INTERVAL), F.substring(
        F.sha2(F.concat_ws("|", membership, F.col("doc_id")), 256), 1, 16)))
    graph = article_graph(base, F.col("doc_id"))
    intervals = quads_about(claims, graph, interval, [
        (RDF_TYPE, iri(f"{TIME}Interval")),
        (f"{TIME}hasBeginning", F.when(F.col("start_year").isNotNull(), iri(year_iri(base, F.col("start_year"))))),
        (f"{TIME}hasEnd", F.when(F.col("end_year").isNotNull(), iri(year_iri(base, F.col("end_year"))))),
        (PROV_DERIVED, iri(article_iri(base, F.col("doc_id")))),
    ])
    during = claims.select(iri(membership).alias("s"), F.lit(f"<{ORG}memberDuring>").alias("p"),
                           interval.alias("o"), graph.alias("g"))
    # Which sentences gave the years: each one's evidence is already stated for the membership.
    interval_evidence = dated.select(interval.alias("s"), F.lit(f"<{BB}evidence>").alias("p"),
                                     _evidence_iri(base).alias("o"), graph.alias("g"))
    years = (dated.select("doc_id", F.explode(F.array("start_year", "end_year")).alias("year"))
             .where(F.col("year").isNotNull()).distinct())
    instants = quads_about(years, graph, iri(year_iri(base, F.col("year"))), [
        (RDF_TYPE, iri(f"{TIME}Instant")),
        (f"{TIME}inXSDgYear", literal(F.col("year"), "gYear")),
    ])
    return intervals.unionByName(during).unionByName(interval_evidence).unionByName(instants)


# The class of each kind of fact other than membership.
FACT_CLASSES = {
    "drafted": "Draft", "hired": "Hiring", "fired": "Firing", "resigned": "Resignation",
    "promoted": "Promotion", "reprimanded": "Reprimand", "award": "AwardWin", "record": "WinLossRecord",
    "age": "AgeStatement",
}


def _object_iri(base: str) -> Column:
    kind = (F.when(F.col("object_type") == "Person", F.lit(iris.PERSON))
            .when(F.col("object_type") == "Award", F.lit(iris.AWARD)).otherwise(F.lit(iris.ORG)))
    return F.when(F.col("object_key").isNotNull(),
                  iri(F.concat(F.lit(base), kind, F.col("object_key"))))


def fact_quads(facts: DataFrame, base: str) -> DataFrame:
    """Events, awards, records and ages: one node per distinct fact, with its evidence."""
    others = facts.where(F.col("relation") != "member")
    classes = F.create_map(*[x for r, c in FACT_CLASSES.items() for x in (F.lit(r), F.lit(c))])
    identity = F.concat_ws("|", "relation", "person_key", F.coalesce("object_key", F.lit("")),
                           F.coalesce(F.col("year").cast("string"), F.lit("")), F.coalesce("value", F.lit("")))
    node = iri(F.concat(F.lit(base + iris.FACT), F.substring(F.sha2(identity, 256), 1, 16)))
    graph = article_graph(base, F.col("doc_id"))
    is_detail = F.col("relation") == "drafted"
    statements = quads_about(others, graph, node, [
        (RDF_TYPE, iri(F.concat(F.lit(BB), classes[F.col("relation")]))),
        (f"{BB}relation", literal(F.col("relation"))),
        (f"{BB}person", iri(entity_iri(base, F.lit("Person"), F.col("person_key")))),
        (f"{BB}object", _object_iri(base)),
        (f"{BB}value", F.when(~is_detail, literal(F.col("value")))),
        (f"{BB}detail", F.when(is_detail, literal(F.col("value")))),
        (f"{BB}year", F.when(F.col("year").isNotNull(), literal(F.col("year"), "gYear"))),
        (f"{BB}evidence", _evidence_iri(base)),
    ])
    awards = others.where(F.col("object_type") == "Award")
    award_entities = quads_about(awards, graph, _object_iri(base), [
        (RDF_TYPE, iri(f"{BB}Award")), (RDFS_LABEL, literal(F.col("object_label")))])
    return statements.unionByName(evidence_quads(others, base)).unionByName(award_entities)


def reference_quads(organizations: DataFrame, base: str) -> DataFrame:
    """The reference organizations, their aliases, affiliations and leagues, in the reference graph."""
    graph = iri(base + iris.REFERENCE_GRAPH)
    org = iri(F.concat(F.lit(base + iris.ORG), F.col("key")))

    def org_ref(column: str) -> Column:
        return F.when(F.col(column).isNotNull(), iri(F.concat(F.lit(base + iris.ORG), F.col(column))))

    facts = quads_about(organizations, graph, org, [
        (RDF_TYPE, iri(F.concat(F.lit(BB), F.col("type")))),
        (RDFS_LABEL, literal(F.col("label"))),
        (f"{BB}level", literal(F.col("level"))),
        (f"{BB}affiliateOf", org_ref("parent")),
        (f"{BB}affiliatedFrom", literal(F.col("parent_from"), "gYear")),
        (f"{BB}affiliatedUntil", literal(F.col("parent_to"), "gYear")),
        (f"{BB}inLeague", org_ref("league")),
    ])
    aliases = organizations.select("key", F.explode("aliases").alias("alias"))
    return facts.unionByName(quads_about(aliases, graph, org, [(f"{BB}alias", literal(F.col("alias")))]))


