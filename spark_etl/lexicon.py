"""Reference knowledge the extractor needs: organizations and their aliases, place and region names, non-name
words.

It is read from ``ontology/reference/``; it names organizations, never people.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from spark_etl.names import slug
from vocab.errors import InputError


@dataclass(frozen=True)
class Organization:
    key: str
    label: str
    type: str
    aliases: tuple[str, ...]
    parent: str | None
    parent_from: int | None
    parent_to: int | None
    level: str | None
    league: str | None


@dataclass(frozen=True)
class ClubName:
    """A name written alone for a club, a city ("Kansas City" for the Royals) or the club's own name ("Brewers"),
    and the years the club played there or bore it (`last` None: to this day): in other years it is another
    club's, or a place ("the Milwaukee Brewers" of 1951 were the American Association's)."""
    key: str
    name: str
    first: int
    last: int | None


@dataclass(frozen=True)
class Lexicon:
    organizations: tuple[Organization, ...]
    places: frozenset[str] = field(default_factory=frozenset)
    not_name_words: frozenset[str] = field(default_factory=frozenset)
    awards: frozenset[str] = field(default_factory=frozenset)
    regions: frozenset[str] = field(default_factory=frozenset)  # states, provinces, countries after a town
    club_names: tuple[ClubName, ...] = ()
    given_names: tuple[tuple[str, str], ...] = ()  # (variant, canonical), folded: ("eddie", "edward")

    def clubs_by_name(self, year: int) -> dict[str, tuple[str, ...]]:
        """Each name club_names lists, with the clubs of the reference that played there or bore it in `year`:
        none ("Kansas City" in 1951), one, or two ("Philadelphia" in 1933), sorted by key.

        >>> Lexicon((), club_names=(ClubName("royals", "Kansas City", 1969, None),
        ...                         ClubName("athletics", "Kansas City", 1955, 1967))).clubs_by_name(1960)
        {'Kansas City': ('athletics',)}
        """
        there: dict[str, set[str]] = {}
        for club in self.club_names:
            keys = there.setdefault(club.name, set())
            if club.first <= year <= (club.last or year):
                keys.add(club.key)
        return {name: tuple(sorted(keys)) for name, keys in there.items()}

    def given_form(self, given_name: str) -> str:
        """A given name folded, as the one form its spellings and short forms are compared as: "Eddie" -> "edward"."""
        folded = slug(given_name)
        return _as_dict(self.given_names).get(folded, folded)

    def clubs_ever_by_name(self) -> dict[str, set[str]]:
        """Each name club_names lists, with every club of the reference that ever played there or bore it."""
        ever: dict[str, set[str]] = {}
        for club in self.club_names:
            ever.setdefault(club.name, set()).add(club.key)
        return ever

    def surface_forms(self) -> dict[str, str]:
        """Map every label and alias to its organization key."""
        forms: dict[str, str] = {}
        for org in self.organizations:
            for form in (org.label, *org.aliases):
                forms.setdefault(form, org.key)
        return forms

    def by_key(self) -> dict[str, Organization]:
        return {org.key: org for org in self.organizations}

    def colleges(self) -> frozenset[str]:
        """The keys of the college teams: their coach, unqualified, is the head coach."""
        return frozenset(org.key for org in self.organizations if (org.level or "").startswith("NCAA"))

    def parents(self, year: int | None = None) -> dict[str, str]:
        """Each affiliate's parent club in `year` (every affiliation the reference lists, without a year): the
        Sugar Land club is the Astros' from 2021, not in a story of 2012."""
        return {org.key: org.parent for org in self.organizations if org.parent and (
            year is None or (org.parent_from or year) <= year <= (org.parent_to or year))}


@lru_cache(maxsize=4)
def _as_dict(pairs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return dict(pairs)


def load_given_names(ontology_dir: Path | str) -> dict[str, str]:
    """The given names' spellings and short forms, folded, each to the one form they are compared as."""
    with open(Path(ontology_dir) / "reference" / "given_names.csv", encoding="utf-8", newline="") as f:
        return {row["variant"]: row["canonical"] for row in csv.DictReader(f)}


def _int_or_none(text: str) -> int | None:
    return int(text) if text.strip() else None


def _word_list(path: Path) -> frozenset[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def club_places(organizations: tuple[Organization, ...]) -> frozenset[str]:
    """The places of several words that clubs are named after ("Lake Elsinore" of the Lake Elsinore Storm,
    "La Guaira" of the Tiburones de La Guaira): capitalised words that name a place, never a person.

    >>> sorted(club_places((Organization("x", "Tiburones de La Guaira", "Team", (), None, None, None, None, None),
    ...                     Organization("y", "Lake Elsinore Storm", "Team", (), None, None, None, None, None))))
    ['La Guaira', 'Lake Elsinore']
    """
    places = set()
    for org in organizations:
        if org.type != "Team":
            continue
        words = org.label.split()
        particle = next((i for i, w in enumerate(words) if w in ("de", "del")), None)
        place = words[particle + 1:] if particle is not None else words[:-1]
        if len(place) >= 2:
            places.add(" ".join(place))
    return frozenset(places)


def load_lexicon(ontology_dir: Path | str) -> Lexicon:
    """Read the reference data under ``ontology_dir/reference``."""
    reference = Path(ontology_dir) / "reference"
    with open(reference / "organizations.csv", encoding="utf-8", newline="") as f:
        organizations = tuple(
            Organization(
                key=row["key"],
                label=row["label"],
                type=row["type"],
                aliases=tuple(a for a in row["aliases"].split("|") if a),
                parent=row["parent"] or None,
                parent_from=_int_or_none(row["parent_from"]),
                parent_to=_int_or_none(row["parent_to"]),
                level=row["level"] or None,
                league=row["league"] or None,
            )
            for row in csv.DictReader(f)
        )
    keys = [org.key for org in organizations]
    if len(keys) != len(set(keys)):
        raise InputError(f"{reference / 'organizations.csv'}: an organization key is listed twice")
    with open(reference / "club_names.csv", encoding="utf-8", newline="") as f:
        club_names = tuple(ClubName(row["key"], row["name"], int(row["from"]), _int_or_none(row["to"]))
                           for row in csv.DictReader(f))
    if unknown := sorted({c.key for c in club_names} - set(keys)):
        raise InputError(f"{reference / 'club_names.csv'}: no organization has the key {unknown[0]}")
    return Lexicon(
        organizations=organizations,
        places=_word_list(reference / "places.txt") | club_places(organizations),
        not_name_words=_word_list(reference / "not_name_words.txt"),
        awards=_word_list(reference / "awards.txt"),
        regions=_word_list(reference / "regions.txt"),
        club_names=club_names,
        given_names=tuple(sorted(load_given_names(ontology_dir).items())),
    )
