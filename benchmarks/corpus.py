"""A deterministic generator of baseball news: a world of people and careers, written up as wire stories,
with the ground truth (entities and facts in the gold-file shape) of every sentence it writes.

The clubs come from the reference lexicon; the people are invented from name parts.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vocab.config import PROJECT_ROOT
from spark_etl.lexicon import load_lexicon

GIVEN_NAMES = (
    "Aaron Adrian Alvin Andre Arturo Benny Brett Caleb Carlos Cody Dante Darnell Desmond Devin Dominic Eli Emilio "
    "Esteban Felix Gavin Hector Ivan Jalen Javier Jesse Joaquin Jonah Julian Kenji Keon Kyle Lance Lorenzo Malik "
    "Marco Mateo Miles Nolan Omar Oscar Pablo Quentin Rafael Reggie Rico Rowan Ruben Sergio Shane Tobias Trevor "
    "Victor Wade Wesley Xavier Yusuf Zane Ada Carmen Delia Elena Greta Ines Lena Marisol Nadia Rosa Tessa Vera"
).split()
SURNAME_PARTS = ("Al Bel Cor Dal Es Fer Gar Hol Kes Lan Mar Nor Ol Pen Quin Ros Sal Tor Val Wes "
                 "ba den dor fer gan kin lan mer nez ro son ter vin wick zo").split()
FEMALE = {"Ada", "Carmen", "Delia", "Elena", "Greta", "Ines", "Lena", "Marisol", "Nadia", "Rosa", "Tessa", "Vera"}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}

# How many people the world's league holds. Careers start in one of 28 seasons (1985-2012) and last 6
# club-seasons on average (1-3 clubs, 1-5 years each): 40 people per club-season over the 30 major-league
# clubs' 28 seasons make 5,600 people. Spread over the seasons their careers run into, a club's season then
# holds 15 people on average and 59 at most, about a season's roster with its manager and front office.
# Past that, more articles are more news about the same people, as in real news. Without the bound,
# a large corpus makes hundreds of people to a club's season, and the pairs of people sharing a club at
# overlapping times grow as the square of that crowd.
FIRST_SEASONS = range(1985, 2013)
PEOPLE_PER_CLUB_SEASON = 40
CLUB_SEASONS_PER_CAREER = 6


@dataclass
class Person:
    name: str
    role: str  # Manager, GeneralManager, Player
    teams: list[tuple[str, int, int]] = field(default_factory=list)  # team label, first year, last year

    @property
    def surname(self) -> str:
        return self.name.split()[-1]

    @property
    def pronoun(self) -> str:
        return "She" if self.name.split()[0] in FEMALE else "He"


def _surname(rng: random.Random) -> str:
    upper = [p for p in SURNAME_PARTS if p[0].isupper()]
    lower = [p for p in SURNAME_PARTS if p[0].islower()]
    return rng.choice(upper) + rng.choice(lower) + (rng.choice(lower) if rng.random() < 0.4 else "")


def _clubs() -> tuple[list[str], list[str]]:
    """The lexicon's major-league clubs, and the Triple-A clubs (where half the managers work)."""
    lexicon = load_lexicon(PROJECT_ROOT / "ontology")
    clubs = sorted(o.label for o in lexicon.organizations if o.type == "Team" and o.level == "MLB")
    farm = sorted(o.label for o in lexicon.organizations if o.type == "Team" and o.level == "Triple-A")
    return clubs, farm


def world_size(articles: int) -> int:
    """People in the world written about: one per two articles, up to what the league holds (see above)."""
    capacity = PEOPLE_PER_CLUB_SEASON * len(_clubs()[0]) * len(FIRST_SEASONS) // CLUB_SEASONS_PER_CAREER
    return min(max(20, articles // 2), capacity)


def make_world(rng: random.Random, people: int) -> list[Person]:
    """People with unique names and careers at the lexicon's clubs."""
    clubs, farm = _clubs()
    world: list[Person] = []
    names: set[str] = set()
    while len(world) < people:
        name = f"{rng.choice(GIVEN_NAMES)} {_surname(rng)}"
        if name in names or name.split()[1] in {p.surname for p in world[-50:]}:
            continue
        names.add(name)
        role = rng.choices(["Player", "Manager", "GeneralManager"], weights=[6, 3, 1])[0]
        person = Person(name, role)
        year = rng.randint(FIRST_SEASONS[0], FIRST_SEASONS[-1])
        for _ in range(rng.randint(1, 3)):
            team = rng.choice(farm if role == "Manager" and rng.random() < 0.5 else clubs)
            length = rng.randint(1, 5)
            person.teams.append((team, year, year + length - 1))
            year += length
        world.append(person)
    return world


def _article(rng: random.Random, person: Person, other: Person) -> tuple[str, list[dict[str, Any]]]:
    """One wire story about `person`, and the facts it states."""
    facts: list[dict[str, Any]] = []
    team, first, last = rng.choice(person.teams)
    sentences = []
    age = rng.randint(24, 66)

    def fact(relation: str, obj: Any, **extra: Any) -> None:
        facts.append({"relation": relation, "subject": person.name, "object": obj, **extra})

    if person.role == "Manager":
        headline = f"{team} name {person.name} manager"
        sentences.append(f"The {team} hired {person.name} as their manager in {first}.")
        fact("hired", team, year=first)
        fact("member", team, role="Manager", start=first, end=last)
        sentences.append(f"{person.surname}, {age}, managed the {team} from {first} to {last}.")
        fact("age", str(age))
        if rng.random() < 0.5:
            wins, losses = rng.randint(50, 95), rng.randint(50, 95)
            sentences.append(f"{person.pronoun} went {wins}-{losses} in {last}.")
            fact("record", f"{wins}-{losses}", year=last)
        if rng.random() < 0.4:
            sentences.append(f"{person.surname} won Manager of the Year in {last} with the {team}.")
            fact("award", "Manager of the Year", year=last)
    elif person.role == "GeneralManager":
        headline = f"{team} general manager speaks"
        sentences.append(f"General manager {person.name} of the {team} said the club would spend this winter.")
        fact("member", team, role="GeneralManager")
        sentences.append(f"\u201cWe have work to do,\u201d {person.surname} said.")
    else:
        headline = f"{person.name} looks back"
        round_number = rng.randint(1, 5)
        sentences.append(f"{person.name} was drafted by the {team} in the {ORDINALS[round_number]} round in {first}.")
        fact("drafted", team, year=first, detail=f"round {round_number}")
        fact("member", team, role="Player", start=first, end=last)
        sentences.append(f"{person.pronoun} played for the {team} from {first} to {last}.")
    if rng.random() < 0.3:
        sentences.append(f"The {team} fired {person.surname} in {last}.")
        fact("fired", team, year=last)
    if other.role == "GeneralManager":
        other_team = other.teams[0][0]
        sentences.append(f"General manager {other.name} of the {other_team} did not return a call.")
        facts.append({"relation": "member", "subject": other.name, "object": other_team, "role": "GeneralManager"})
    text = headline + "\n\n" + " ".join(sentences) + "\n"
    return text, facts


def generate_corpus(folder: Path, articles: int, seed: int = 7) -> dict[str, Any]:
    """Write `articles` stories into `folder` and return their gold (entities and facts)."""
    rng = random.Random(seed)
    world = make_world(rng, world_size(articles))
    folder.mkdir(parents=True, exist_ok=True)
    entities: dict[tuple[str, str], dict[str, str]] = {}
    facts: list[dict[str, Any]] = []
    for i in range(articles):
        person, other = rng.sample(world, 2)
        text, stated = _article(rng, person, other)
        (folder / f"{i:06d}.txt").write_text(text, encoding="utf-8")
        for f in stated:
            entities[(f["subject"], "Person")] = {"label": f["subject"], "type": "Person"}
            if f["relation"] in ("member", "hired", "fired", "drafted"):
                entities[(f["object"], "Team")] = {"label": f["object"], "type": "Team"}
        facts += stated
    unique = list({json.dumps(f, sort_keys=True): f for f in facts}.values())
    return {"entities": sorted(entities.values(), key=lambda e: (e["type"], e["label"])), "facts": unique}
