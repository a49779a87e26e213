"""Linking the people the articles name to the record's people, and checking the articles' claims against it.
Each function is DataFrame -> DataFrame.

A name alone links nobody: the record has two Ken Griffeys and two Will Smiths, and a minor leaguer the record
lacks may share his name with a player of the 1890s. A person is linked to a record person whose name folds to
the same key (accents, case and punctuation off, a suffix apart, a given name's spellings as one:
ontology/reference/given_names.csv) when the article's context supports that record person more than any
namesake: the article's clubs, roles and years against the record's seasons (SUPPORT's weights). A person the
record lacks, or whose namesakes the context cannot tell apart, stays unlinked. A "Jr." is never the elder of
two namesakes, nor a "Sr." the younger.

Each article decides for itself: two articles may name two namesakes ("Chris Young" the pitcher, "Chris Young"
the outfielder) under one key, so every step runs in a scope, each article's own and the corpus's (CORPUS, what
all the articles say of the key together). An article takes its own decision, or, when it says nothing of the
person with a club, the corpus's (per_article).
"""

from __future__ import annotations

from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from spark_etl.record import LAST_SEASON, RECORD_ROLES, fold_sql
from vocab import iris

SUFFIX = r"(?i),?\\s+(jr|sr|ii|iii|iv)\\.?$"  # in Spark SQL text, where a backslash is written twice
JUNIOR = "('jr', 'ii', 'iii', 'iv')"
CORPUS = "*"  # the scope of what all the articles say of a person's key together
# Weights of what an article says of a person, when the record's seasons of a candidate agree with it: a
# candidate's support is the largest weight among its agreements.
SUPPORT = {
    "role_years": 4.0,  # the article's role with a club, in years the record has him there in that role (±1)
    "role": 3.0,  # the article's role with a club, in other years or in none
    "club": 2.0,  # the article ties him to a club as a member, in a role the record does not hold (coach...)
    "event": 1.0,  # drafted, hired, fired... by a club, or a member of its affiliate
    "article": 0.5,  # a club the article names
}
# Support from what an article states of the person (a claim), not only from a club it names.
STATED = SUPPORT["club"]
# The confidence a link's support gives it.
CONFIDENCE = "CASE WHEN support >= 4 THEN 0.95 WHEN support >= 3 THEN 0.9 WHEN support >= 2 THEN 0.85 " \
             "WHEN support >= 1 THEN 0.7 ELSE 0.6 END"
METHOD = {
    "role_years": "name, club, role and years", "role": "name, club and role", "club": "name and club",
    "event": "name and a club of an event or an affiliate", "article": "name and a club the article names",
}


def name_key_sql(core: str, given_names: dict[str, str]) -> str:
    """The key two names must share to be the same person's, in Spark SQL, over a name without its suffix:
    'zachwheeler' for "Zack Wheeler". The first word (or run of initials: "J.D.", "J. D.") is compared as its
    given name's one form, the rest with its middle initials off ("Pedro A. Martinez"); the two are joined without
    a mark, as the record writes "Chan Ho" Park where an article's first word is "Chan"."""
    canonical = "map(" + ", ".join(f"'{v}', '{c}'" for v, c in sorted(given_names.items())) + ")"
    first = rf"regexp_extract({core}, '^((?:[A-Za-z]\\.\\s*)+|\\S+)', 1)"
    rest = rf"regexp_replace(trim(substring({core}, length({first}) + 1)), '^([A-Z]\\.\\s+)+', '')"
    folded = fold_sql(first)
    return f"CASE WHEN {rest} != '' THEN concat(coalesce({canonical}[{folded}], {folded}), {fold_sql(rest)}) END"


def record_name_keys(people: DataFrame, given_names: dict[str, str]) -> DataFrame:
    """The record's people with their name keys and years (person_id, name_key, birth_year, debut_year,
    final_year)."""
    key = name_key_sql("concat(first, ' ', last)", given_names)
    return people.where("first IS NOT NULL AND last IS NOT NULL").selectExpr(
        "person_id", f"{key} AS name_key", "birth_year",
        "year(to_date(debut)) AS debut_year", "year(to_date(final_game)) AS final_year")


def _keyed(people: DataFrame, given_names: dict[str, str]) -> DataFrame:
    """People (..., label) with their name's key and suffix; a single word ("Ichiro") has no key: left out."""
    return people.selectExpr("*", f"lower(regexp_extract(label, '{SUFFIX}', 1)) AS suffix",
                             f"trim(regexp_replace(label, '{SUFFIX}', '')) AS core") \
        .selectExpr("*", f"{name_key_sql('core', given_names)} AS name_key").where("name_key IS NOT NULL") \
        .drop("core")


def article_people(mentions: DataFrame, given_names: dict[str, str]) -> DataFrame:
    """The people the articles name in full, in each article's scope and in the corpus's (scope, person_key,
    label, name_key, suffix, elder_beside, junior_beside). `elder_beside` says whether an article also names one
    of the same name without a "Jr." (his father, most often): any article, as a "Jr." is the son in all of them.
    `junior_beside` says whether the article names one with it: in the corpus's scope, every article that names
    him, as a name without a suffix may be the father in one article and the son in the next."""
    named = mentions.where("entity_type = 'Person'").selectExpr("doc_id", "entity_key AS person_key", "label")
    junior = f"suffix IN {JUNIOR}"
    by_name_in_doc = Window.partitionBy("doc_id", "name_key")
    in_doc = _keyed(named.groupBy("doc_id", "person_key").agg(F.min("label").alias("label")), given_names) \
        .withColumn("elder_beside", F.max(F.expr(f"NOT {junior}")).over(by_name_in_doc)) \
        .withColumn("junior_beside", F.max(F.expr(junior)).over(by_name_in_doc))
    beside = in_doc.groupBy("person_key").agg(F.max("elder_beside").alias("elder_anywhere"),
                                              F.min("junior_beside").alias("junior_beside"))
    in_doc = in_doc.join(beside.select("person_key", "elder_anywhere"), "person_key") \
        .withColumn("elder_beside", F.col("elder_beside") | F.col("elder_anywhere")).drop("elder_anywhere")
    corpus = _keyed(named.groupBy("person_key").agg(F.min("label").alias("label")), given_names) \
        .join(beside.withColumnRenamed("elder_anywhere", "elder_beside"), "person_key") \
        .withColumn("scope", F.lit(CORPUS))
    return in_doc.withColumnRenamed("doc_id", "scope").unionByName(corpus)


def _scoped(frame: DataFrame) -> DataFrame:
    """Rows of an article (doc_id, ...) in its own scope and in the corpus's (scope, ...)."""
    return frame.withColumnRenamed("doc_id", "scope").unionByName(
        frame.drop("doc_id").withColumn("scope", F.lit(CORPUS)), allowMissingColumns=False)


def context(facts: DataFrame, mentions: DataFrame, parents: DataFrame) -> DataFrame:
    """What the articles say that the record can support, in each article's scope and in the corpus's (scope,
    person_key, club_key, role, start_year, end_year, kind), kind a key of SUPPORT without its role or years.
    `parents` holds (org_key, parent) of affiliates."""
    claims = facts.where("relation = 'member' AND object_type = 'Team'").selectExpr(
        "doc_id", "person_key", "object_key AS club_key", "role", "start_year", "end_year", "'claim' AS kind")
    events = facts.where("relation != 'member' AND object_type = 'Team'").selectExpr(
        "doc_id", "person_key", "object_key AS club_key", "CAST(NULL AS STRING) AS role",
        "CAST(NULL AS INT) AS start_year", "CAST(NULL AS INT) AS end_year", "'event' AS kind")
    affiliates = claims.unionByName(events).join(parents, F.col("club_key") == parents.org_key).selectExpr(
        "doc_id", "person_key", "parent AS club_key", "CAST(NULL AS STRING) AS role",
        "CAST(NULL AS INT) AS start_year", "CAST(NULL AS INT) AS end_year", "'event' AS kind")
    people = mentions.where("entity_type = 'Person'").selectExpr("doc_id", "entity_key AS person_key")
    clubs = mentions.where("entity_type = 'Team'").selectExpr("doc_id", "entity_key AS club_key")
    named = people.join(clubs, "doc_id").selectExpr(
        "doc_id", "person_key", "club_key", "CAST(NULL AS STRING) AS role", "CAST(NULL AS INT) AS start_year",
        "CAST(NULL AS INT) AS end_year", "'article' AS kind")
    return _scoped(claims.unionByName(events).unionByName(affiliates).unionByName(named)).distinct()


def candidates(people: DataFrame, record_keys: DataFrame) -> DataFrame:
    """Each article person's namesakes in the record, in each scope (scope, person_key, person_id, candidates,
    debut_year, final_year): a "Jr." not the eldest of several, a "Sr." not the youngest, nor the name without a suffix
    when its article also names a "Jr." ("Sandy Alomar", the father, beside "Sandy Alomar Jr."); and a "Jr."
    not the record's only person of the name when his article also names one without the suffix (his father,
    most often: "Bobby Witt Jr." debuted after the record ended, which has his father, "Bobby Witt")."""
    junior, senior = f"suffix IN {JUNIOR}", "suffix = 'sr'"
    joined = people.join(record_keys, "name_key")
    by_person = Window.partitionBy("scope", "person_key")
    ranked = joined.withColumn("eldest", F.min("birth_year").over(by_person)) \
        .withColumn("youngest", F.max("birth_year").over(by_person)) \
        .withColumn("namesakes", F.count("*").over(by_person))
    several = "(namesakes > 1 AND eldest < youngest)"
    elder = f"({senior} OR suffix = '' AND junior_beside)"
    kept = ranked.where(f"NOT ({junior} AND birth_year = eldest AND ({several} OR elder_beside)) "
                        f"AND NOT ({elder} AND birth_year = youngest AND {several})")
    return kept.withColumn("candidates", F.count("*").over(by_person)).select(
        "scope", "person_key", "person_id", "candidates", "debut_year", "final_year")


def support(candidate_ids: DataFrame, said: DataFrame, seasons: DataFrame) -> DataFrame:
    """Each candidate's support (scope, person_key, person_id, candidates, support, kind, club_key): the
    strongest agreement between what the scope's articles say of the person and the candidate's seasons."""
    roles = "(" + ", ".join(f"'{r}'" for r in RECORD_ROLES) + ")"
    agreement = (
        f"CASE WHEN kind = 'claim' AND said_role = role AND coalesce(start_year, end_year) IS NOT NULL AND "
        f"year BETWEEN coalesce(start_year, end_year) - 1 AND coalesce(end_year, start_year) + 1 THEN 'role_years' "
        f"WHEN kind = 'claim' AND said_role = role THEN 'role' "
        f"WHEN kind = 'claim' AND said_role NOT IN {roles} THEN 'club' "
        f"WHEN kind = 'claim' THEN NULL ELSE kind END")
    matched = candidate_ids.join(said.withColumnRenamed("role", "said_role"), ["scope", "person_key"]) \
        .join(seasons.select("person_id", "club_key", "role", "year"), ["person_id", "club_key"]) \
        .selectExpr("scope", "person_key", "person_id", "candidates", "club_key", f"{agreement} AS kind") \
        .where("kind IS NOT NULL")
    weight = "map(" + ", ".join(f"'{k}', {w}D" for k, w in SUPPORT.items()) + ")"
    scored = matched.selectExpr("*", f"{weight}[kind] AS support")
    best = Window.partitionBy("scope", "person_key", "person_id").orderBy(F.desc("support"), "club_key")
    return scored.withColumn("rank", F.row_number().over(best)).where("rank = 1").drop("rank")


def ruled_out(candidate_ids: DataFrame, said: DataFrame, seasons: DataFrame) -> DataFrame:
    """The candidates (scope, person_key, person_id) the scope's articles rule out: they say he played for a club
    of the record in years all after his final game (a year apart allowed), as a son who debuted after the record
    ended cannot be his father. (Not before his debut: a club's prospects are its players in the news, "acquired
    from the White Sox in 2016" of a player who debuted in 2019.)"""
    clubs = seasons.select("club_key").distinct()
    played = said.where("kind = 'claim' AND role = 'Player' AND coalesce(start_year, end_year) IS NOT NULL") \
        .join(clubs, "club_key", "left_semi")
    return candidate_ids.join(played, ["scope", "person_key"]).where(
        "coalesce(start_year, end_year) > final_year + 1").select("scope", "person_key", "person_id").distinct()


def links(supported: DataFrame, ruled: DataFrame) -> DataFrame:
    """The links in each scope (scope, person_key, person_id, confidence, method, club_key, candidates): a person
    to the candidate (not ruled out) the scope's articles support more than any other. None where two are
    supported as much; none where the claims support two (STATED: they speak of both namesakes under one name, as
    "the Marlins had a Luis Castillo of their own" beside the Reds'); and none for a name the record gives several
    people when the only support is a club the article names."""
    # Whether the claims support two namesakes is asked before any is ruled out: a claim about the one rules
    # out the other.
    stated = supported.withColumn("stated", F.sum(F.expr(f"CAST(support >= {STATED} AS INT)"))
                                  .over(Window.partitionBy("scope", "person_key")))
    by_person = Window.partitionBy("scope", "person_key").orderBy(F.desc("support"), "person_id")
    ranked = stated.join(ruled, ["scope", "person_key", "person_id"], "left_anti") \
        .withColumn("place", F.row_number().over(by_person)).withColumn("runner_up", F.lead("support").over(by_person))
    method = "map(" + ", ".join(f"'{k}', '{m}'" for k, m in METHOD.items()) + ")"
    chosen = ranked.where(f"place = 1 AND (runner_up IS NULL OR support > runner_up) AND stated <= 1 "
                          f"AND (support > {SUPPORT['article']} OR candidates = 1)")
    return chosen.selectExpr("scope", "person_key", "person_id",
                             f"CAST({CONFIDENCE} AS DECIMAL(3, 2)) AS confidence", f"{method}[kind] AS method",
                             "club_key", "candidates")


def per_article(linked: DataFrame, said: DataFrame, people: DataFrame) -> DataFrame:
    """Each article's links (doc_id, person_key, person_id, confidence, method, club_key, candidates): its own
    scope's, or, for a person it says nothing of with a club (no claim, no event), the corpus's, its method
    saying so; none from the corpus for a key an article links to another person."""
    own = linked.where(F.col("scope") != CORPUS).withColumnRenamed("scope", "doc_id")
    corpus = linked.where(F.col("scope") == CORPUS).drop("scope")
    disputed = own.join(corpus.select("person_key", F.col("person_id").alias("corpus_id")), "person_key") \
        .where("person_id != corpus_id").select("person_key")
    spoken = said.where(f"scope != '{CORPUS}' AND kind != 'article'").select("scope", "person_key")
    silent = people.where(F.col("scope") != CORPUS).select("scope", "person_key") \
        .join(spoken, ["scope", "person_key"], "left_anti") \
        .join(own.withColumnRenamed("doc_id", "scope"), ["scope", "person_key"], "left_anti") \
        .join(disputed, "person_key", "left_anti")
    taken = silent.withColumnRenamed("scope", "doc_id").join(corpus, "person_key") \
        .withColumn("method", F.concat(F.lit("what the other articles say: "), "method"))
    return own.unionByName(taken)


def apply_links(mentions: DataFrame, facts: DataFrame, linked: DataFrame) -> tuple[DataFrame, DataFrame]:
    """Mentions and facts with each linked person's key replaced, in the article that links him, by the record's
    id: one IRI per person. `linked` holds (doc_id, person_key, person_id)."""
    ids = linked.select(F.col("doc_id").alias("linked_doc"), F.col("person_key").alias("linked_key"), "person_id")

    def relinked(frame: DataFrame, column: str, condition: str) -> DataFrame:
        joined = frame.join(ids, (F.col(column) == F.col("linked_key")) & (F.col("doc_id") == F.col("linked_doc"))
                            & F.expr(condition), "left")
        return joined.withColumn(column, F.coalesce("person_id", column)) \
            .drop("linked_doc", "linked_key", "person_id")

    mentions = relinked(mentions, "entity_key", "entity_type = 'Person'")
    facts = relinked(relinked(facts, "person_key", "true"), "object_key", "object_type = 'Person'")
    return mentions, facts


def claim_checks(facts: DataFrame, people: DataFrame, clubs: DataFrame, seasons: DataFrame, base: str) -> DataFrame:
    """Each article's dated membership claim (its interval) against the record: (interval, doc_id, person_key,
    club_key, role, start_year, end_year, verdict, reason, record_says). The verdict is `Confirmed` when the
    record has the person with the club in that role in the first and the last year stated, `Contradicted`
    otherwise, and `OutsideRecord` when the record cannot say: a person it lacks, a club that is not one of its
    franchises (minor leagues, other leagues), a role it does not hold (coaches, executives), a year after
    LAST_SEASON."""
    claims = facts.where("relation = 'member' AND (start_year IS NOT NULL OR end_year IS NOT NULL)") \
        .selectExpr("*", f"{iris.membership_digest_sql('object_key')} AS membership") \
        .withColumn("memberships", F.lit(base + iris.MEMBERSHIP)) \
        .groupBy("doc_id", "person_key", "object_key", "role", "membership", "memberships") \
        .agg(F.min("start_year").alias("start_year"), F.max("end_year").alias("end_year")) \
        .selectExpr(f"{iris.INTERVAL_DIGEST_SQL} AS interval", "doc_id",
                    "person_key", "object_key AS club_key", "role", "start_year", "end_year",
                    "coalesce(start_year, end_year) AS low", "coalesce(end_year, start_year) AS high")
    known_people = people.select(F.col("person_id").alias("person_key"), F.lit(True).alias("known_person"))
    known_clubs = clubs.select("club_key", "label", F.lit(True).alias("known_club"))
    there = seasons.groupBy(F.col("person_id").alias("person_key"), "club_key", "role").agg(
        F.collect_set("year").alias("years"), F.min("year").alias("first"), F.max("year").alias("last"),
        F.count("*").alias("seasons"), F.sum("games").alias("games"))
    roles = "(" + ", ".join(f"'{r}'" for r in RECORD_ROLES) + ")"
    checked = claims.join(known_people, "person_key", "left").join(known_clubs, "club_key", "left") \
        .join(there, ["person_key", "club_key", "role"], "left")
    reason = (f"CASE WHEN known_person IS NULL THEN 'the record has no such person' "
              f"WHEN known_club IS NULL THEN 'the club is not one of the record''s franchises' "
              f"WHEN role NOT IN {roles} THEN 'the record holds players and managers only' "
              f"WHEN low > {LAST_SEASON} THEN 'the record ends with the {LAST_SEASON} season' END")
    confirmed = f"array_contains(years, low) AND (high > {LAST_SEASON} OR array_contains(years, high))"
    says = ("CASE WHEN seasons IS NULL THEN concat('no ', role, ' season with the ', label) "
            "ELSE concat(role, ' with the ', label, ' in ', first, CASE WHEN last > first THEN concat('–', last) "
            "ELSE '' END, ' (', seasons, CASE WHEN seasons = 1 THEN ' season, ' ELSE ' seasons, ' END, "
            "format_number(games, 0), ' games)') END")
    return checked.selectExpr(
        "interval", "doc_id", "person_key", "club_key", "role", "start_year", "end_year", f"{reason} AS reason",
        f"CASE WHEN {reason} IS NOT NULL THEN 'OutsideRecord' WHEN {confirmed} THEN 'Confirmed' "
        "ELSE 'Contradicted' END AS verdict",
        f"CASE WHEN {reason} IS NOT NULL THEN NULL ELSE {says} END AS record_says")
