"""The Databank's CSV rows read in plain Python, and the values the record's mapping derives from them, as the
build derives them (spark_etl/record.py, mapping/record.py): for the mappings measured beside the build's."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from mapping.record_lines import BBREF
from spark_etl.lexicon import Lexicon

ACCENTED = str.maketrans("áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ",
                         "aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY")


def rows(path: Path) -> list[dict[str, Any]]:
    """A CSV file's rows, an empty cell as None."""
    with open(path, encoding="utf-8", newline="") as f:
        return [{k: (v if v != "" else None) for k, v in row.items()} for row in csv.DictReader(f)]


def integer(value: str | None) -> int | None:
    return int(value) if value is not None else None


def season_rows(paths: dict[str, Path]) -> list[tuple[Any, ...]]:
    """The record's seasons: (person, team, year, role, stint, games, wins, losses, rank), players' from
    Appearances (one stint) and managers' from Managers."""
    seasons: list[tuple[Any, ...]] = [(a["playerID"], a["teamID"], int(a["yearID"]), "Player", 1,
                                       integer(a["G_all"]), None, None, None) for a in rows(paths["Appearances"])]
    seasons += [(m["playerID"], m["teamID"], int(m["yearID"]), "Manager", integer(m["inseason"]), integer(m["G"]),
                 integer(m["W"]), integer(m["L"]), integer(m["rank"])) for m in rows(paths["Managers"])]
    return seasons


def _fold(name: str) -> str:
    return re.sub("[^a-z]", "", name.translate(ACCENTED).lower())


def bbref_page(bbref: str | None) -> str | None:
    """A person's Baseball-Reference page, from the record's bbrefID (a manager's ends in 99)."""
    if bbref is None:
        return None
    return f"{BBREF}managers/{bbref}.shtml" if bbref.endswith("99") else f"{BBREF}players/{bbref[0]}/{bbref}.shtml"


def birth_date(person: dict[str, Any]) -> str | None:
    """A People row's birth date as xsd:date text, when the record has its year, month and day."""
    if person["birthYear"] is None or person["birthMonth"] is None or person["birthDay"] is None:
        return None
    return f"{int(person['birthYear']):04d}-{int(person['birthMonth']):02d}-{int(person['birthDay']):02d}"


def franchise_clubs(franchises: list[dict[str, Any]], teams: list[dict[str, Any]],
                    lexicon: Lexicon) -> dict[str, tuple]:
    """franch_id -> (club_key, label, in_reference), as spark_etl.record.record_clubs."""
    owners: dict[str, set[str]] = defaultdict(set)
    for org in lexicon.organizations:
        if org.type == "Team" and org.level == "MLB":
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


