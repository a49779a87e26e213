"""People's names as the world writes them: accents, particles, inner capitals, apostrophes, initials, suffixes.

A name is a run of name tokens in a sentence: "José Núñez", "Oneil De la Cruz", "Jacob deGrom", "C.J. O'Neill",
"Ken Griffey Jr." (a suffix is part of the name: it tells a son from his father), "Ruiz-Ortega" (a hyphen
joins two capitalised parts). Which runs are names, and which words open or close a run without belonging
to it, is decided here; which runs stand for whom is the mention finder's business.

>>> slug("José Núñez Jr.")
'jose-nunez-jr'
>>> surname("Oneil De la Cruz"), given_name("Oneil De la Cruz")
('De la Cruz', 'Oneil')
>>> surname("Ken Griffey Jr.")
'Griffey'
"""

from __future__ import annotations

import re
import unicodedata

# Lower-case words that stand inside a name, between its capitalised parts: "De la Cruz", "van der Meer".
PARTICLES = frozenset({"de", "la", "del", "della", "di", "da", "dos", "das", "du", "van", "von", "der", "den",
                       "ten", "ter", "le", "y"})
# Capitalised particles that begin a compound surname: "Oneil De la Cruz", "Van Scoyoc" is a plain surname.
# Of those, a given name too: "Del Baker" ("Van Meter" is a town).
GIVEN_NAMES_THAT_OPEN_SURNAMES = frozenset({"Del"})
SURNAME_OPENERS = frozenset({"De", "Del", "Della", "Di", "Da", "Dos", "La", "Le", "Van", "Von", "St."})
SUFFIXES = frozenset({"Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV"})
# Capitalised words that close the name of a place, a body or an event, not a person's: "Ofunato High School",
# "Point Loma Nazarene University", "Smith's Ballpark", "Clark County", "the All-Star Game": the words before them
# are that name's, not someone's.
INSTITUTION_HEADS = frozenset({"School", "Academy", "University", "College", "Institute", "Stadium", "Ballpark",
                               "Arena", "Dome", "League", "Conference", "Group", "Company", "County", "Game",
                               "Games"})
# Words that close a place's name but are surnames too ("Minute Maid Park", "Chan Ho Park"): the name rules take
# them as a place's, the model may still read a person.
PLACE_HEADS = frozenset({"Park", "Field"})
# Words that open a place's name and no person's: "Fort Myers", "a New Yorker", "San Antonio".
PLACE_OPENERS = frozenset({"New", "San", "Santa", "Los", "Las", "Fort", "Port", "Mount", "St."})
_APOSTROPHES = "’'"


def _is_capitalised_word(word: str) -> bool:
    """'Núñez', 'McAllister', 'DeShields', 'O’Neill', 'd'Arnaud', 'deGrom': a letter run with an upper-case
    letter at its start or right after a lower-case prefix of one to three letters or an apostrophe."""
    if not word or not all(c.isalpha() or c in _APOSTROPHES for c in word) or word[-1] in _APOSTROPHES:
        return False
    if word[0].isupper():
        # Mostly lower-case after the first letter: "DeShields" and "McNeil", not "USA" or "MLB".
        return sum(c.isupper() for c in word) <= 2 and any(c.islower() for c in word)
    prefix = re.match(r"^[a-z]{1,3}[’']?(?=[A-ZÀ-Þ])", word)  # "deGrom", "d'Arnaud"
    return prefix is not None and word[prefix.end():][1:].islower()


def is_initials(word: str) -> bool:
    """'J.', 'C.J.', 'R.A.': one to three upper-case letters, each with its full stop."""
    return re.fullmatch(r"(?:[^\W\d_]\.){1,3}", word) is not None and word[0].isupper()


# Two initials with a J, written without full stops, as given names often are ("JJ Bleday", "CJ Abrams", "JD
# Martinez"); not other pairs of capitals ("NL", "AL", "LA"), which name leagues and places.
_INITIALS_WITHOUT_STOPS = re.compile(r"[A-Z]J|J[A-Z]")

# Lower-case words that follow a hyphen after a capitalised word without making it a name: "Texas-born".
_HYPHEN_COMPOUNDS = frozenset({"born", "based", "led", "bred", "raised", "like", "type", "era", "time", "class",
                               "year", "made", "area", "wide", "only", "native", "bound", "style", "owned"})
# A romanized Korean syllable of six letters ("hyoung", "myeong"), unlike an English word ("Right-hander").
# So is a Wade-Giles syllable of a Taiwanese given name ("Sheng-hsiung", "Chih-chiang").
_LONG_SYLLABLE = re.compile(r"[a-z]{1,2}[yw][aeiou]{1,2}ng|(?:hs|ch|sh|ts|tz)[aeiou]{2,3}ng?")
# Pronouns, which a sentence can start with after an initial ends the one before: "Class A. He became a scout".
_PRONOUNS = frozenset({"He", "She", "It", "They", "We", "You", "His", "Her", "Him", "Its", "Their", "Them", "I"})


def is_name_token(word: str) -> bool:
    """A token that can be a capitalised part of a person's name (not a particle or a suffix); a hyphen joins
    two such parts ("Ruiz-Ortega"), or a capitalised syllable and a short lower-case one, as Korean given
    names are written ("Dong-wook", "Tae-hyoung"); never a pronoun."""
    if word in _PRONOUNS:
        return False
    if is_initials(word) or _INITIALS_WITHOUT_STOPS.fullmatch(word):
        return True
    parts = word.split("-")
    if len(parts) == 2 and _is_capitalised_word(parts[0]) and parts[1].isalpha() and parts[1].islower() \
            and (2 <= len(parts[1]) <= 5 or _LONG_SYLLABLE.fullmatch(parts[1])) and parts[1] not in _HYPHEN_COMPOUNDS:
        return True
    return all(_is_capitalised_word(part) for part in parts)


def is_korean_given_name(word: str) -> bool:
    """'Jin-man', 'Chan-ho', 'Hyun-jin': a capitalised syllable, a hyphen and a short lower-case one, as Korean
    given names are written after the family name."""
    parts = word.split("-")
    return len(parts) == 2 and _is_capitalised_word(parts[0]) and len(parts[0]) <= 6 and parts[1].isalpha() \
        and parts[1].islower() and (2 <= len(parts[1]) <= 5 or _LONG_SYLLABLE.fullmatch(parts[1]) is not None) \
        and parts[1] not in _HYPHEN_COMPOUNDS


def is_nickname(word: str) -> bool:
    """A nickname written in quotes or parentheses inside a name: '"Tavo"' in 'Gustavo "Tavo" Zamora-Reyes',
    "(Pants)" in "Clarence (Pants) Rowland", '"Big Train"' in 'Walter "Big Train" Johnson'."""
    return len(word) > 2 and (word[0] in "\"“" and word[-1] in "\"”" or word[0] + word[-1] == "()") \
        and 1 <= len(word[1:-1].split(" ")) <= 3 and all(is_name_token(part) for part in word[1:-1].split(" "))


# Words of a title that an old-time player went by instead of a given name: "Lefty Grove", "Ace Adams" (but a
# title before a full name, "lefty Zach Eflin", is a title).
TITLES_AS_GIVEN_NAMES = frozenset({"Lefty", "Righty", "Ace"})


# Abbreviations that stand inside a name, between its capitalised parts: "Dave St. Peter".
INNER_ABBREVIATIONS = frozenset({"St."})


def is_particle(word: str) -> bool:
    return word in PARTICLES or word in INNER_ABBREVIATIONS


def is_suffix(word: str) -> bool:
    return word in SUFFIXES


def _parts(label: str) -> list[str]:
    words = label.split()
    while words and is_suffix(words[-1].rstrip(",")):
        words.pop()
    return words


def surname(label: str) -> str:
    """The family name of a full name: its last part, or the compound a particle opens ("De la Cruz"); the first
    of a Korean name written in its own order ("Park" of "Park Chan-ho")."""
    words = _parts(label)
    if _korean_order(words):
        return words[0]
    for i, word in enumerate(words[1:], start=1):
        if word in SURNAME_OPENERS or is_particle(word):
            return " ".join(words[i:])
    return words[-1] if words else label


def given_name(label: str) -> str:
    words = _parts(label)
    if _korean_order(words):
        return words[1]
    return words[0] if words else label


def _korean_order(words: list[str]) -> bool:
    """A family name of one short syllable before a Korean given name: "Park Chan-ho", "Kim Tae-kyun"."""
    return len(words) == 2 and len(words[0]) <= 4 and _is_capitalised_word(words[0]) \
        and is_korean_given_name(words[1])


def slug(text: str) -> str:
    """A stable IRI-safe key, accents folded: 'Wally Backman' -> 'wally-backman', 'Núñez' -> 'nunez'."""
    folded = unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    ascii_text = folded.lower().replace("’", "").replace("'", "").replace(".", "")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
