"""The Baseball Databank's tables as the build's DataFrames: people, clubs, team-seasons and the seasons each
person spent with a club, as a player or as a manager. Each function is DataFrame -> DataFrame.

The record's clubs are its franchises, under the same keys as the articles' clubs: a franchise whose name (or,
for a franchise that moved, a season's name) is a label or an alias of a reference organization is that
organization (NYM, "New York Mets", is new-york-mets; WSN's seasons as the Montreal Expos are
washington-nationals too, whose alias "Montreal Expos" is); any other franchise (most are the 19th century's)
is keyed by a slug of its name and id.
"""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

# The record's last season: a claim about a later year is outside it.
LAST_SEASON = 2020
# The record's league codes that are the reference organizations' leagues.
LEAGUES = {"NL": "national-league", "AL": "american-league"}
# The roles the record holds: a season in Appearances is a player's, one in Managers a manager's.
RECORD_ROLES = ("Player", "Manager")

# Each table's columns as its pinned file's header has them, and those that hold counts or years (integers).
COLUMNS = {
    "People": ("playerID,birthYear,birthMonth,birthDay,birthCountry,birthState,birthCity,deathYear,deathMonth,"
               "deathDay,deathCountry,deathState,deathCity,nameFirst,nameLast,nameGiven,weight,height,bats,throws,"
               "debut,finalGame,retroID,bbrefID"),
    "Appearances": ("yearID,teamID,lgID,playerID,G_all,GS,G_batting,G_defense,G_p,G_c,G_1b,G_2b,G_3b,G_ss,G_lf,"
                    "G_cf,G_rf,G_of,G_dh,G_ph,G_pr"),
    "Managers": "playerID,yearID,teamID,lgID,inseason,G,W,L,rank,plyrMgr",
    "Teams": ("yearID,lgID,teamID,franchID,divID,Rank,G,Ghome,W,L,DivWin,WCWin,LgWin,WSWin,R,AB,H,2B,3B,HR,BB,SO,"
              "SB,CS,HBP,SF,RA,ER,ERA,CG,SHO,SV,IPouts,HA,HRA,BBA,SOA,E,DP,FP,name,park,attendance,BPF,PPF,"
              "teamIDBR,teamIDlahman45,teamIDretro"),
    "TeamsFranchises": "franchID,franchName,active,NAassoc",
}
INTEGER_COLUMNS = {
    "People": ("birthYear", "birthMonth", "birthDay", "deathYear"),
    "Appearances": ("yearID", "G_all"),
    "Managers": ("yearID", "inseason", "G", "W", "L", "rank"),
    "Teams": ("yearID", "Rank", "G", "W", "L"),
    "TeamsFranchises": (),
}


def table_schema(table: str) -> str:
    """A table's schema in Spark's DDL: its integer columns as INT, the rest as STRING."""
    return ", ".join(f"`{column}` {'INT' if column in INTEGER_COLUMNS[table] else 'STRING'}"
                     for column in COLUMNS[table].split(","))


def read_tables(spark: SparkSession, paths: dict[str, Path]) -> dict[str, DataFrame]:
    """The CSV files unpacked by spark_etl.databank as DataFrames, the counts and years as integers. The schemas
    are given, not inferred from the headers (a Spark job each); the headers are checked against them as the
    files are read."""
    return {table: spark.read.schema(table_schema(table)).option("header", True).option("enforceSchema", False)
            .option("mode", "FAILFAST").csv(str(path)) for table, path in paths.items()}


def fold_sql(column: str) -> str:
    """A name folded for comparison, in Spark SQL: lower case, accents off, letters only."""
    accented = "áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ"
    plain = "aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY"
    return f"regexp_replace(lower(translate({column}, '{accented}', '{plain}')), '[^a-z]', '')"


def club_names(organizations: DataFrame) -> DataFrame:
    """Every label and alias of the reference's major-league clubs, folded (name, club_key), the record's
    franchises being all of the majors (the Pacific Coast League's Los Angeles Angels are not the American
    League's); a name two clubs share is left out."""
    names = organizations.where("type = 'Team' AND level = 'MLB'").selectExpr(
        "key AS club_key", "explode(array_union(array(label), coalesce(aliases, array()))) AS name")
    # One aggregation: a name is one club's when its least and greatest club keys are the same.
    return names.selectExpr(f"{fold_sql('name')} AS name", "club_key").groupBy("name") \
        .agg(F.min("club_key").alias("club_key"), F.max("club_key").alias("last_club_key")) \
        .where("club_key = last_club_key").drop("last_club_key")


def record_clubs(franchises: DataFrame, teams: DataFrame, organizations: DataFrame) -> DataFrame:
    """Each franchise's club (franch_id, club_key, label, in_reference). An active franchise is the reference
    club its name, or one of its seasons' names, is (its current name first, then the latest season's); any
    other is a club of its own, keyed by a slug of its name and its id (the 1890s' Baltimore Orioles are
    baltimore-orioles-blo, not the Orioles of today)."""
    names = club_names(organizations)
    active = franchises.where("active = 'Y'")
    named = active.selectExpr("franchID AS franch_id", "0 AS priority", "franchName AS name").unionByName(
        teams.join(active.select("franchID"), "franchID", "left_semi")
        .selectExpr("franchID AS franch_id", "2100 - yearID AS priority", "name"))
    matched = named.selectExpr("franch_id", "priority", f"{fold_sql('name')} AS name").join(names, "name") \
        .groupBy("franch_id").agg(F.min_by("club_key", "priority").alias("club_key"))
    slug = ("concat(regexp_replace(regexp_replace(lower(regexp_replace(label, '[.\\']', '')), '[^a-z0-9]+', '-'), "
            "'^-|-$', ''), '-', lower(franch_id))")
    # The matched franchises are a few dozen rows: sent to every task, rather than both sides shuffled.
    return franchises.selectExpr("franchID AS franch_id", "franchName AS label") \
        .join(F.broadcast(matched), "franch_id", "left") \
        .selectExpr("franch_id", f"coalesce(club_key, {slug}) AS club_key", "label",
                    "club_key IS NOT NULL AS in_reference")


def team_seasons(teams: DataFrame, clubs: DataFrame) -> DataFrame:
    """Each team-season with its club: team_id, year, franch_id, club_key, league_code, league_key, name, park,
    games, wins, losses, rank."""
    leagues = "map(" + ", ".join(f"'{code}', '{key}'" for code, key in LEAGUES.items()) + ")"
    return teams.join(clubs.select("franch_id", "club_key"), teams.franchID == clubs.franch_id).selectExpr(
        "teamID AS team_id", "yearID AS year", "franch_id", "club_key", "lgID AS league_code",
        f"{leagues}[lgID] AS league_key", "name", "park", "G AS games", "W AS wins", "L AS losses", "Rank AS rank")


def record_people(people: DataFrame) -> DataFrame:
    """The record's people: person_id, label, first, last, given, birth_year, birth_date, death_year, debut,
    final_game, retro_id, bbref_id."""
    birth_date = ("CASE WHEN birthMonth IS NOT NULL AND birthDay IS NOT NULL THEN "
                  "format_string('%04d-%02d-%02d', birthYear, birthMonth, birthDay) END")
    return people.where("playerID IS NOT NULL AND (nameFirst IS NOT NULL OR nameLast IS NOT NULL)").selectExpr(
        "playerID AS person_id", "trim(concat_ws(' ', nameFirst, nameLast)) AS label", "nameFirst AS first",
        "nameLast AS last", "nameGiven AS given", "birthYear AS birth_year", f"{birth_date} AS birth_date",
        "deathYear AS death_year", "debut", "finalGame AS final_game", "retroID AS retro_id",
        "bbrefID AS bbref_id")


def record_seasons(appearances: DataFrame, managers: DataFrame, seasons: DataFrame, people: DataFrame) -> DataFrame:
    """Each season a person of `people` spent with a team, as a player (Appearances) or a manager (Managers, one
    row per part of a season a manager led the team, `stint`): person_id, club_key, role, year, team_id, stint,
    games, wins, losses, rank. (Appearances has a player of 1875 whom People lacks, thompan01.)"""
    played = appearances.selectExpr("playerID AS person_id", "teamID AS team_id", "yearID AS year",
                                    "'Player' AS role", "1 AS stint", "G_all AS games", "CAST(NULL AS INT) AS wins",
                                    "CAST(NULL AS INT) AS losses", "CAST(NULL AS INT) AS rank")
    managed = managers.selectExpr("playerID AS person_id", "teamID AS team_id", "yearID AS year",
                                  "'Manager' AS role", "inseason AS stint", "G AS games", "W AS wins", "L AS losses",
                                  "rank")
    return played.unionByName(managed).join(seasons.select("team_id", "year", "club_key"), ["team_id", "year"]) \
        .join(people.select("person_id"), "person_id", "left_semi") \
        .select("person_id", "club_key", "role", "year", "team_id", "stint", "games", "wins", "losses", "rank")


def record_slice(tables: dict[str, DataFrame], franchises: tuple[str, ...]) -> dict[str, DataFrame]:
    """The tables cut to some franchises' seasons and the people who played or managed in them (the tests
    build with a slice); every franchise stays, for the clubs' keys."""
    teams = tables["Teams"].where(F.col("franchID").isin(list(franchises)))
    team_ids = teams.select(F.col("teamID").alias("t"), F.col("yearID").alias("y"))

    def in_slice(frame: DataFrame) -> DataFrame:
        return frame.join(team_ids, (frame.teamID == team_ids.t) & (frame.yearID == team_ids.y), "left_semi")

    appearances, managers = in_slice(tables["Appearances"]), in_slice(tables["Managers"])
    ids = appearances.select("playerID").union(managers.select("playerID")).distinct()
    return {**tables, "Teams": teams, "Appearances": appearances, "Managers": managers,
            "People": tables["People"].join(ids, "playerID", "left_semi")}
