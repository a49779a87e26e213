"""Finding the people and organizations an article names: plain functions the Spark stage runs per article.

Sentences and tokens come from spaCy's blank English pipeline; the model, where it runs, adds the names the
rules cannot read and parses each sentence once for the fact stage (spark_etl/parse.py). Organizations come
from the reference lexicon (and, within one article, the short names of the clubs it names in full); people
from the shape and context of the text (spark_etl/names.py), never from a list of names; pronouns and "the
club" resolve to who and what the article named before them.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, NamedTuple
from collections.abc import Callable, Iterable

from spark_etl import dates, names, parse, relations
from spark_etl.lexicon import Lexicon, Organization
from spark_etl.names import slug

_POSSESSIVE = ("’s", "'s")
_PRONOUN = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.I)
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
# A pronoun stands for the last person named at most this many sentences before it.
PRONOUN_REACH = 2


@dataclass(frozen=True)
class Mention:
    sentence_index: int
    sentence_start: int
    sentence_end: int
    start: int
    end: int
    surface: str
    entity_type: str  # Person, Team, League, MediaOrganization
    entity_key: str
    label: str
    kind: str  # name, short (surname or first name), pronoun, organization, description ("the club")


@lru_cache(maxsize=1)
def _nlp() -> Any:
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


@lru_cache(maxsize=8)
def _surface_pattern(forms: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    # A place as a word's first part is no club: "Cleveland-based Union Home Mortgage", "a Boston-born pitcher";
    # nor is the first part of a school's name: "Notre Dame High School", "Miami Prep".
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w|-(?:based|born|bred|raised|area)\b|"
                      r"\s+(?:High|Middle|Junior High)\s+School\b|\s+(?:Academy|Prep|Preparatory)\b)")


def _first_part_of_a_name(text: str, end: int, forms: dict[str, str]) -> bool:
    """Whether a name ending at `end` is the first part of a hyphenated name ("Harvard-Westlake School"), not one
    club of a pair ("the Yankees-Red Sox rivalry")."""
    if not re.match(r"-[A-Z]", text[end:end + 2]):
        return False
    return not any(text.startswith(form, end + 1) for form in forms if form[:1] == text[end + 1])


def _sentences(text: str) -> Iterable[tuple[int, int]]:
    """Yield (start, end) of each sentence; a line break always ends one (headlines have no full stop)."""
    nlp = _nlp()
    offset = 0
    for line in text.split("\n"):
        spans: list[tuple[int, int]] = []
        for sent in nlp(line).sents if line.strip() else ():
            stripped = sent.text.strip()
            if not stripped:
                continue
            start = offset + sent.start_char + (len(sent.text) - len(sent.text.lstrip()))
            # A full stop of an abbreviation ends no sentence where a comma follows it: "His father, Ken Griffey
            # Sr., is the Reds' bench coach".
            if spans and text[spans[-1][1] - 1] in ",;":
                spans[-1] = (spans[-1][0], start + len(stripped))
            else:
                spans.append((start, start + len(stripped)))
        yield from spans
        offset += len(line) + 1


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in pattern.finditer(text)]


def _overlaps(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return any(start < t_end and t_start < end for t_start, t_end in taken)


def _words(text: str, start: int, end: int) -> list[tuple[int, int, str, bool]]:
    """(start, end, word, followed by a space) of text[start:end]'s tokens, a possessive stripped, and the
    tokens of one written word joined back: "Cruz" "-" "Ortega" is "Cruz-Ortega", "Sr" "." is "Sr."."""
    words: list[tuple[int, int, str, bool]] = []
    for token in _nlp()(text[start:end]):
        t_start, word = start + token.idx, token.text
        possessive = next((s for s in _POSSESSIVE if word.endswith(s) and len(word) > len(s)), None)
        if possessive:
            word = word[: -len(possessive)]
        spaced = token.whitespace_ == " " and not possessive
        if words and not words[-1][3] and (
                (word == "." and names.is_suffix(words[-1][2] + "."))
                or (words[-1][2].endswith("-") and names.is_name_token(words[-1][2] + word))
                or (word == "-" and names.is_name_token(words[-1][2]))):
            words[-1] = (words[-1][0], t_start + len(word), words[-1][2] + word, spaced)
            continue
        words.append((t_start, t_start + len(word), word, spaced))
    # A trailing hyphen joined nothing: "Cruz-" stays "Cruz".
    words = [(s, e - 1, w[:-1], sp) if w.endswith("-") and len(w) > 1 else (s, e, w, sp) for s, e, w, sp in words]
    # Quoted words are one word: '"Tavo"', '"Big Train"', and so is a word in parentheses: "(Pants)" (a nickname,
    # if it stands inside a name: "Clarence (Pants) Rowland").
    joined: list[tuple[int, int, str, bool]] = []
    for word in words:
        for size in (1, 2, 3):
            if len(joined) <= size:
                break
            quote, inner = joined[-size - 1], joined[-size:]
            if (word[2] in ('"', "”") and quote[2] in ('"', "“") or word[2] == ")" and quote[2] == "(") \
                    and not quote[3] and not inner[-1][3] and all(w[3] for w in inner[:-1]) \
                    and (size == 1 or all(names.is_name_token(w[2]) for w in inner)):
                del joined[-size - 1:]
                word = (quote[0], word[1], quote[2] + " ".join(w[2] for w in inner) + word[2], word[3])
                break
        joined.append(word)
    return joined


def _name_runs(text: str, start: int, end: int, taken: list[tuple[int, int]],
               not_name_words: frozenset[str]) -> list[tuple[int, int, list[str]]]:
    """Runs of name words in text[start:end], outside the spans already taken: capitalised parts, particles
    between them ("De la Cruz") and a closing suffix ("Jr."), as spark_etl/names.py reads them."""
    runs: list[tuple[int, int, list[str]]] = []
    current: list[tuple[int, int, str]] = []
    opens = True  # whether the run's first word opens the sentence or a quotation, where any word is capitalised
    article = False  # whether "the" stands right before the run: "the Nashua Pride" names no person
    school = False  # whether "out of" does: a player comes "out of Azusa Pacific", a school
    place = False  # whether a place's first word does, apart from the run: "San Luis Obispo"

    def close(after: str = "") -> None:
        words = list(current)
        # A name the article "the" opens is a club's or a place's ("the Kintetsu Buffaloes", "The Des Moines
        # Demons of the Western League"), and one before "surgery" an operation's ("Tommy John surgery").
        if article or school or after.lower() in _EPONYMOUS_NOUNS or (words and words[0][2] == "The"):
            words.clear()
        # A family name that is also a word of places ("Park") before a Korean given name is a name: "Park
        # Jin-man".
        korean = len(words) >= 2 and words[-2][2] in not_name_words and names.is_korean_given_name(words[-1][2]) \
            and names.is_name_token(words[-2][2])
        if korean:
            words = words[-2:]
            runs.append((words[0][0], words[-1][1], [w[2] for w in words]))
            current.clear()
            return
        # A month before an initial is a given name: "August A. Busch Jr." (never a date).
        months = {w[0] for w, after in zip(words, words[1:], strict=False)
                  if w[2] in _MONTHS and names.is_initials(after[2])
                  and not _BEFORE_A_DATE.search(text[max(0, w[0] - 12):w[0]])}
        # So is a title before a surname alone, where a player went by it: "Lefty Grove".
        if len(words) == 2 and words[0][2] in names.TITLES_AS_GIVEN_NAMES and words[1][2] not in not_name_words:
            months.add(words[0][0])
        # A run a place's first word opens is a place, whatever the reference lacks of it: "Cal Poly-San Luis
        # Obispo" ("New" may be an adjective opening a sentence).
        if place or words and words[0][2] in _PLACE_OPENERS and not opens:
            words.clear()
        # Leading and trailing titles, sentence openers and particles are not part of a name.
        while words and (words[0][2] in not_name_words and words[0][0] not in months
                         or names.is_particle(words[0][2]) or (opens and _nlp().vocab[words[0][2].lower()].is_stop)):
            words.pop(0)
        if any(w[2] in names.INSTITUTION_HEADS | names.PLACE_HEADS for w in words[1:]) or (
                words and words[0][2] in names.PLACE_OPENERS):
            words.clear()
        while words and (words[-1][2] in not_name_words or names.is_particle(words[-1][2])):
            words.pop()
        if words and names.is_suffix(words[0][2]):
            words = []
        while words and names.is_nickname(words[-1][2]):
            words.pop()
        if words and not any(w[2] in not_name_words and w[0] not in months for w in words):
            # A nickname stays in the mention's span, not in the name: 'Gustavo "Tavo" Zamora-Reyes'.
            runs.append((words[0][0], words[-1][1], [w[2] for w in words]))
        current.clear()

    previous = before_previous = ""
    # Whether the words right before are a club or a place the reference took, after "the": "the Toledo Blue
    # Stockings" names no person either (but "the Yankees' Bob Turley" does).
    after_the = False
    for w_start, w_end, word, spaced in _words(text, start, end):
        free = not _overlaps(w_start, w_end, taken)
        if free and current and names.is_suffix(word):
            current.append((w_start, w_end, word))
            close()
        elif free and (names.is_name_token(word) or (current and (names.is_particle(word)
                                                                    or names.is_nickname(word)))):
            if not current:
                opens = previous in ("", "“", '"', "(", ":", "—", "‘")
                article = previous.lower() == "the" or after_the
                school = (before_previous.lower(), previous.lower()) == ("out", "of")
                place = previous.rsplit("-", 1)[-1] in _PLACE_OPENERS
            current.append((w_start, w_end, word))
            if not spaced:
                close()
        else:
            close(word)
        after_the = not free and word[:1].isupper() and not re.search(r"[’']s?$", word) and (
            after_the or previous.lower() == "the")
        previous, before_previous = word, previous
    close()
    return runs


_MONTHS = frozenset({"January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"})
_BEFORE_A_DATE = re.compile(r"\b(?:in|since|until|by|of|last|this|next|early|late|mid|through|from|during|into|"
                            r"that|each|every)\s+$", re.I)
# Nouns a name before them names no person: "Tommy John surgery".
_EPONYMOUS_NOUNS = frozenset({"surgery", "surgeries", "procedure"})
# ... the noun heading the words set off after the name ("Yakult Honsha, the dairy drink company that owns the
# club"; not "August A. Busch Jr., the brewery's president", "Dick Meyer, a brewery vice president").
_COMPANY_APPOSED = re.compile(r",\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}(?:company|corporation|conglomerate|firm|"
                              r"brewery|maker|manufacturer|chain|bank|retailer|business)"
                              r"(?=\s*(?:[,.;]|$)|\s+(?:that|which|whose|of|in|based)\b)")
_KIN_NOUN = r"(?:half-|step-?)?(?:grand)?(?:son|daughter|brother|sister|father|mother|wife|husband|cousin|uncle|" \
    r"nephew|niece)"
_RELATIVES_GIVEN_NAME = re.compile(rf"\b([A-Z][\w’'-]+)(?:’s|'s)\s+(?:[a-z-]+\s+)?{_KIN_NOUN},\s+([A-Z][a-z]+),")
_KIN_OF_A_NAME = re.compile(rf"(?:’s|'s)\s+(?:[a-z-]+\s+)?{_KIN_NOUN}\b")
_KIN_OF_A_TITLED = re.compile(rf"\b{_KIN_NOUN}\s+of\s+(?:the\s+)?$")
_KIN_AFTER_PRONOUN = re.compile(rf"\s+(?:[a-z-]+\s+)?{_KIN_NOUN}\b")
_RELATIVE_OF = re.compile(rf"\b(?:[Hh]is|[Hh]er|[Tt]heir)\s+(?:[a-z-]+\s+)?{_KIN_NOUN}\s*,?\s+$")
# A name whose apposition says whose relative he is: "Willie Foster, Rube Foster's half-brother,".
_NAMED_AS_A_RELATIVE = re.compile(rf",\s+(?:[A-Z][\w.’'-]*\s+){{1,3}}?[A-Z][\w.-]*(?:’s|'s|’|')\s+(?:[a-z-]+\s+)?"
                                  rf"{_KIN_NOUN}\b")
_BORN = re.compile(r"\b[Bb]orn\s+$")
_PLACE_PREPOSITION = re.compile(r"\b(?:in|at|to|from|of|near|outside|around|since|on|last|next|this|the)\s+$",
                                re.I)
_CITY_OF_A_CLUB = re.compile(r"(?:\b[A-Z][a-z]+s|\bclub|\bteam|\bnine)\s+of\s+$")
_PLACE_OPENERS = names.PLACE_OPENERS - {"New"}
_AFTER_A_SUFFIX = re.compile(r"\b(?:Sr|Jr)\.\s+$")
_LIST_SEPARATOR = re.compile(r",?\s+(?:and|or)\s+|,\s+")
_NATIVE = re.compile(r"\s+natives?\b")
# "A native of Texas", "born in Cleveland", "grew up in Chicago": where a person comes from is a place.
_PLACE_OF_A_PERSON = re.compile(r"\b(?:natives?\s+of|residents?\s+of|born\s+in|raised\s+in|grew\s+up\s+in)\s+$"
                               # Nor where people travel: "flew to Arizona and spent Thanksgiving with Schilling".
                               r"|\b(?:flew|flown|fly|flies|flying|traveled|travelled|traveling|travelling|drove|"
                               r"driven)\s+(?:back\s+|home\s+|out\s+)?(?:to|from|into)\s+$")
_AT_A_PLACE = re.compile(r"\b(?:in|at|from|near|outside)\s+$", re.I)


def _is_full_name(words: list[str]) -> bool:
    """Two to four capitalised parts ("Oneil De la Cruz", "Ken Griffey Jr."), not a surname alone ("De la Cruz")."""
    capitalised = [w for w in words if names.is_name_token(w)]
    return 2 <= len(capitalised) <= 4 and words[0] not in names.SURNAME_OPENERS


# Single words that open a club's name without naming it alone: "West" of "West Michigan Whitecaps".
_NAME_OPENERS = frozenset({"New", "San", "Santa", "Los", "Las", "El", "La", "Le", "St.", "North", "South", "East",
                           "West", "Fort", "Lake", "Grand", "Great", "Little", "Old", "Round", "Salt", "Rio", "Port",
                           "Mount", "Palm", "High", "Long", "Big", "Red", "Blue", "White", "Green", "Black", "Golden",
                           "Kansas", "Bay", "Inland", "Rocky", "Northern", "Southern"})


# Leagues whose clubs the press names by their owner's company, which stands inside the club's name.
_SPONSOR_NAMED = frozenset({"NPB", "KBO", "CPBL"})


# A minor-league level written before a city ("Triple-A Memphis", "rookie-level Johnson City"), and the levels of
# the reference's clubs it may mean: "Class A" is whichever A level a club played at in its day.
_LEVEL = (r"(?P<level>Triple-A|Double-A|(?:[Aa]dvanced\s+)?Class[- ]A(?:\s+Advanced)?|Single-A|High-A|Low-A|"
          r"[Rr]ookie-level|[Ss]hort-season(?:\s+Class[- ]A)?)")
_CITY = r"(?P<city>[A-Z][\w.’'-]*(?:\s+[A-Z][\w.’'-]*){0,2})"
_LEVEL_BEFORE_A_CITY = re.compile(rf"\b{_LEVEL}\s+{_CITY}")
# "the Red Sox' Class A affiliate in Greenville, S.C.": the level's club of that city.
_LEVELS_CLUB_IN_A_CITY = re.compile(rf"\b{_LEVEL}\s+(?:affiliate|team|club|farm club)\s+(?:in|at)\s+{_CITY}")
_LEVELS_WRITTEN = {"Triple-A": {"Triple-A"}, "Double-A": {"Double-A"}, "rookie": {"Rookie"},
                   "short": {"Short-season A"}}
_A_LEVELS = {"High-A", "Single-A", "Class A", "Short-season A"}


def cities_at_a_level(text: str, orgs: dict[str, Organization]) -> dict[str, str]:
    """The minor-league clubs an article names by level and city ("pitched for Class A Fort Wayne", "managed
    Double-A Springfield from 2012-14", "the Red Sox' Class A affiliate in Greenville"), by the city as written:
    the one club of the reference named after that city, or of several the one at that level. That city then
    names the club throughout the article, as a city the article has named a club after does."""
    clubs = [org for org in orgs.values() if org.type == "Team" and org.level and org.level != "MLB"
             and not org.level.startswith("NCAA")]
    found: dict[str, str] = {}
    for m in [*_LEVEL_BEFORE_A_CITY.finditer(text), *_LEVELS_CLUB_IN_A_CITY.finditer(text)]:
        level = m.group("level")
        levels = next((written for key, written in _LEVELS_WRITTEN.items() if level.lower().startswith(key.lower())),
                      _A_LEVELS)
        words = m.group("city").split()
        for n in range(len(words), 0, -1):
            city = " ".join(words[:n]).rstrip(".,")
            named = [org for org in clubs if org.label.startswith(f"{city} ")]
            at_level = [org for org in named if org.level in levels]
            if len(named) == 1 or len(at_level) == 1:
                found.setdefault(city, (named if len(named) == 1 else at_level)[0].key)
                break
    return found


# A player's title as draft and college stories write it after his school: "Louisville outfielder Corey Ray".
_PLAYER_TITLE = (r"(?:(?:college|junior|senior|sophomore|freshman|redshirt|two-way|star|standout)\s+)?"
                 r"(?:left-hander|right-hander|lefty|righty|pitcher|catcher|infielder|outfielder|shortstop|"
                 r"(?:first|second|third) baseman|(?:center|left|right) fielder|reliever|closer|slugger|"
                 r"(?:junior|senior|sophomore|freshman|standout|star))")
# A sentence about the draft or college play, where a school is what names a player before his title.
_DRAFT_OR_COLLEGE = re.compile(
    r"\b(?:draft|drafted|picks?|college|College World Series|NCAA|scholarship)\b|"
    # "took Louisville outfielder Corey Ray fifth": a place right after a name (not "took second on a wild pitch",
    # "took a no-hitter into the seventh", "took the loss after a fifth-inning homer")
    r"\b(?:took|selected)\b[^.;]*?[A-Z][\w.’'-]+ (?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth|tenth|eleventh|twelfth)(?: overall)?(?=[.,;]| (?:and|in|with|out of|overall)\b)")
_SCHOOL_FORM = re.compile(r"^(?:University of (?P<of>[A-Z][\w .&'-]+)|(?P<named>[A-Z][\w .&'-]+) University)$")


def schools_of_players(text: str, orgs: dict[str, Organization]) -> dict[tuple[int, int], str]:
    """The colleges an article names by their place alone before a player's title, in a sentence about the draft
    or college play ("took Louisville outfielder Corey Ray fifth", "Florida left-hander A.J. Puk"), by the span
    of the place: the one college of the reference that is the "University of" that place (or else the one that
    is that place's "University")."""
    schools: dict[str, set[str]] = {}
    named: dict[str, set[str]] = {}
    for org in orgs.values():
        if org.type == "Team" and (org.level or "").startswith("NCAA"):
            for alias in org.aliases:
                if (m := _SCHOOL_FORM.match(alias)) is not None:
                    (schools if m.group("of") else named).setdefault(m.group("of") or m.group("named"), set()) \
                        .add(org.key)
    places = {place: keys for place, keys in named.items() if place not in schools} | schools
    found: dict[tuple[int, int], str] = {}
    draft_sentences = [(start, end) for start, end in _sentences(text) if _DRAFT_OR_COLLEGE.search(text[start:end])]
    for start, end in draft_sentences:
        sentence = text[start:end]
        for m in re.finditer(rf"(?<![\w’'-])([A-Z][\w.&'-]*(?: [A-Z][\w.&'-]*)?) {_PLAYER_TITLE} [A-Z]", sentence):
            keys = places.get(m.group(1), set())
            if len(keys) == 1:
                found[(start + m.start(1), start + m.end(1))] = next(iter(keys))
    # In such a sentence the place alone is the college too: "a 10th-round pick of the Reds out of high school in
    # 2013 but went to Miami instead".
    colleges = {text[start:end]: key for (start, end), key in found.items()}
    for start, end in draft_sentences:
        for place, key in colleges.items():
            for m in re.finditer(rf"(?<![\w’'-]){re.escape(place)}(?![\w’'-]| [A-Z])", text[start:end]):
                found.setdefault((start + m.start(), start + m.end()), key)
    return found


def _school_places(text: str, schools: dict[tuple[int, int], str], org_spans: list[tuple[int, int, str]],
                   forms: dict[str, str]) -> dict[str, str]:
    """The places that name a college (schools_of_players) throughout the article, as a draft story goes on ("the
    highest pick ever from Louisville"): each, unless the article names in full a club of that place ("Texas"
    of the Texas Rangers in a game story that also names a Texas right-hander's school)."""
    places: dict[str, str] = {}
    for (start, end), key in schools.items():
        place = text[start:end]
        if not any(surface.startswith(f"{place} ") and forms.get(surface) != key for _, _, surface in org_spans):
            places.setdefault(place, key)
    return places


# The words that give a name someone goes by: "known as the Thunder Twins".
_KNOWN_AS_WORDS = r"\b(?:known as|nicknamed|dubbed)\s+(?:the\s+)?"
# ... then the name: what people were known as is no club.
_KNOWN_AS_NAME = re.compile(_KNOWN_AS_WORDS + r"((?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*)\b(?![’'\w-])")
# ... right before a name that starts here.
_KNOWN_AS_THE = re.compile(_KNOWN_AS_WORDS + "$", re.I)
# A nickname given in quotes after the words that say it is one: 'known as "Bam Bam,"', 'known at home as the
# "Knuckle Princess"', 'nicknamed "Raffy"'.
# ... or opening a sentence, before the name of the one it goes on to name.
_OPENS_KNOWN_AS = re.compile(r"(?:^|[.!?]\s+|\n)(?:Known|Nicknamed|Dubbed)\s+(?:(?:[a-z]+\s+){0,2}as\s+)?"
                             r"(?:the\s+)?[\"“']?$")
_KNOWN_AS = re.compile(r"\b(?:(?:known|referred to)\s+(?:[A-Za-z]+\s+){0,2}?as|nicknamed|dubbed)\s+(?:the\s+)?[\"“']$")


_A_RELATIVE = re.compile(r"\b(?:whose|his|her|their)\s+(?:[a-z-]+\s+)?(?:grand)?(?:son|daughter|brother|sister|"
                         r"father|mother|wife|husband|cousin|uncle|nephew|niece)\b", re.I)


def _known_as(text: str, found: list[tuple[int, int, str, str, str, str]], sentence_of: Callable[[int], int]
              ) -> list[tuple[int, int, str, str, str, str]]:
    """The mentions of a nickname the article gives someone ('Hensley Meulens, ... known as "Bam Bam,"') as that
    person's: the one named last before it in its sentence."""
    people = sorted(f for f in found if f[2] == "Person")
    owners: dict[str, tuple[str, str]] = {}  # the nickname's key -> the person's key and label
    for f in people:
        here = sentence_of(f[0])
        if f[5] == "name" and _KNOWN_AS.search(text[max(0, f[0] - 40):f[0]]):
            before = [p for p in people if p[5] in ("name", "short") and p[1] <= f[0] and p[3] != f[3]
                      and sentence_of(p[0]) == here]
            # Not a relative's ('Jose Ruiz, whose brother is known as "Big Bo,"').
            if before and not _A_RELATIVE.search(text[before[-1][1]:f[0]]):
                owners.setdefault(f[3], (before[-1][3], before[-1][4]))
        elif f[5] == "name" and _OPENS_KNOWN_AS.search(text[max(0, f[0] - 40):f[0]]):
            # "Known as Scrap Iron in his playing days, Garner was an infielder": the name of the one the
            # sentence goes on to name.
            after = [p for p in people if p[5] in ("name", "short") and p[0] >= f[1] and p[3] != f[3]
                     and sentence_of(p[0]) == here]
            if after:
                owners.setdefault(f[3], (after[0][3], after[0][4]))
    return [(s, e, t, *owners[key], "short") if key in owners else (s, e, t, key, label, kind)
            for s, e, t, key, label, kind in found if key not in owners or t == "Person"]


def _known_as_by_pronoun(text: str, found: list[tuple[int, int, str, str, str, str]],
                         sentence_of: Callable[[int], int]) -> list[tuple[int, int, str, str, str, str]]:
    """The mentions of a nickname given to someone a pronoun stands for ('In 2016 he signed with the Cardinals,
    where he was nicknamed "Final Boss"') as that person's, with the pronouns read as the nickname's: the last
    person pronoun before it in its sentence, where no one is named there before it."""
    owners: dict[str, tuple[str, str]] = {}
    for f in sorted(found):
        if f[2] != "Person" or f[5] != "name" or not _KNOWN_AS.search(text[max(0, f[0] - 40):f[0]]):
            continue
        here = sentence_of(f[0])
        before = [p for p in found if p[2] == "Person" and p[1] <= f[0] and sentence_of(p[0]) == here
                  and p[3] != f[3]]
        if before and before[-1][5] == "pronoun" and all(p[5] == "pronoun" for p in before) \
                and not _A_RELATIVE.search(text[before[-1][1]:f[0]]):
            owners.setdefault(f[3], (before[-1][3], before[-1][4]))
    # A club the model read in the nickname elsewhere ('"Final Boss" comes home') is none.
    return [(s, e, t, *owners[key], "short" if kind == "name" else kind) if key in owners
            else (s, e, t, key, label, kind) for s, e, t, key, label, kind in found
            if key not in owners or t == "Person"]


def _names_a_school(text: str, span: tuple[int, int, str], org: Organization) -> bool:
    """Whether a club's name stands in a school's: its city or state after "out of" ("a first-round pick in 2006
    out of Texas": the university, not the Rangers), or a university's name that goes on with another campus
    ("the University of Illinois at Chicago")."""
    start, end, surface = span
    if surface.startswith("University of") and re.match(r"\s+at\s+[A-Z]", text[end:]):
        return True
    return org.type == "Team" and not (org.level or "").startswith("NCAA") and surface != org.label \
        and org.label.startswith(f"{surface} ") and bool(re.search(r"\bout of\s+$", text[:start])) \
        and not text[end:].startswith(_POSSESSIVE)  # "out of Houston's system" is the club's


def _surnames_the_model_reads(doc: Any, forms: dict[str, str], not_name_words: frozenset[str]) -> set[tuple[int, int]]:
    """The spans of a club's one-word other name that end a name the model reads as a person's ("outfielder Don
    Baylor", "Reggie Cleveland"): a surname, not the club, after given names that are no club's or title's words."""
    found = set()
    for ent in doc.ents:
        last = ent[-1]
        given = [t for t in ent[:-1] if t.text.lower() != "the"]
        if ent.label_ == "PERSON" and given and last.text in forms \
                and all(names.is_name_token(t.text) and t.text not in forms and t.text not in not_name_words
                        for t in given):
            found.add((last.idx, last.idx + len(last.text)))
    return found


def _unlisted(label: str, kind: str) -> Organization:
    """An organization the reference lacks, known by the one name the article gives it."""
    return Organization(slug(label), label, kind, (), None, None, None, None, None)


def clubs_after_a_city(text: str, forms: dict[str, str], orgs: dict[str, Organization],
                       doc: Any = None) -> list[Organization]:
    """Clubs the reference lacks, written as the city of a club it has and another nickname ("the Indianapolis
    Clowns", "the Houston Texans", "the Houston Armadillos' outfielder"): another club of that city, not the one
    the reference has. Not a name the model reads as a person's ("Dallas Keuchel")."""
    cities = {form for form, key in forms.items() if orgs[key].type == "Team" and orgs[key].label != form
              and orgs[key].label.startswith(f"{form} ")}
    if not cities:
        return []
    pattern = re.compile(rf"(?<![\w’'.-])({'|'.join(re.escape(c) for c in sorted(cities, key=len, reverse=True))})"
                         r" ((?-i:[A-Z][a-z]+s))\b(?!-|[’']\w)")
    clubs: dict[str, Organization] = {}
    people = [(e.start_char, e.end_char) for e in doc.ents if e.label_ == "PERSON"] if doc is not None else []
    for m in pattern.finditer(text):
        label = f"{m.group(1)} {m.group(2)}"
        if label not in forms and not _overlaps(m.start(), m.end(), people):
            # Of another sport, an organization but no club: "the NFL's Baltimore Colts".
            kind = "Organization" if _of_another_sport(text, m.start(), m.end()) else "Team"
            clubs.setdefault(label, _unlisted(label, kind))
    return sorted(clubs.values(), key=lambda club: club.key)


def clubs_by_their_nickname(doc: Any, forms: dict[str, str], not_name_words: frozenset[str]) -> list[Organization]:
    """Clubs the reference lacks, written as a name of two or three words that ends in a plural the article puts
    after "the", as people are not written ("the Sugar Kings would play", "a Sugar Kings game"), where the
    model reads it as a name somewhere: not a known club's nickname ("the Amazin' Mets"), nor a title's words."""
    names_read = {ent.text.removeprefix("the ").removeprefix("The ") for ent in doc.ents
                  if ent.label_ in ("PERSON", "ORG")}
    # ... or as a place built ("the Chico Outlaws" read as a facility), where the article writes its nickname
    # alone too, as no stadium's is ("the Polo Grounds").
    names_read |= {ent.text.removeprefix("the ").removeprefix("The ") for ent in doc.ents
                   if ent.label_ == "FAC" and _nickname_used_alone([t for t in ent if t.lower_ != "the"], doc.text)}
    clubs: dict[str, Organization] = {}
    for m in _THE_PLURAL_NAME.finditer(doc.text):
        label, words = m.group(1), m.group(1).split()
        if label in forms or words[-1] in forms or words[-1] in _NOT_A_NICKNAME or label not in names_read \
                or words[-1].endswith(("ss", "us", "is")) or any(w in not_name_words for w in words):
            continue
        # Of another sport, an organization but no club, wherever the article says so: "a basketball star with
        # the Baltimore Miners", "the Chicago Black Hawks hockey star ... return to the Black Hawks".
        kind = "Organization" if any(_of_another_sport(doc.text, o.start(), o.end())
                                     for o in re.finditer(re.escape(label), doc.text)) else "Team"
        clubs.setdefault(label, _unlisted(label, kind))
    return sorted(clubs.values(), key=lambda club: club.key)


_THE_PLURAL_NAME = re.compile(r"(?<![\w’'.-])[Tt]he ((?:[A-Z][a-z]+ ){1,2}[A-Z][a-z]+s)\b(?!-|[’']\w| [A-Z])")


# A league's own name: capitalised words before "League" ("the Interstate League", "the Three-I League"), not
# those of a level, a kind or a title before it ("Class B", "the independent"), nor a name that goes on ("the
# American League Championship Series"), nor words that name no league ("Little League", "Major League").
_LEAGUE_NAME = re.compile(r"(?<![\w’'.-])((?:(?:[A-Z][\w’'-]*|[A-Z]\.)\s+){1,3})League\b(?!\s+[A-Z0-9])(?![’'-])")
_NOT_A_LEAGUES_NAME = frozenset({"The", "A", "Class", "B", "C", "D", "AA", "AAA", "Double-A", "Triple-A", "Single-A",
                                 "High-A", "Low-A", "Rookie", "Summer", "Winter", "Independent", "Little", "Major",
                                 "Minor", "Big", "Premier", "In", "His", "Her", "Their", "Its", "Of", "And", "For"})


def leagues_by_their_name(text: str, forms: dict[str, str]) -> list[Organization]:
    """Leagues the reference lacks, written by their own name ("the Interstate League", "the United States
    League"): from the first capitalised word that is not a level's or a title's, to "League"."""
    leagues: dict[str, Organization] = {}
    for m in _LEAGUE_NAME.finditer(text):
        words = m.group(1).split()
        while words and words[0] in _NOT_A_LEAGUES_NAME:
            words.pop(0)
        label = " ".join([*words, "League"])
        if words and label not in forms and not any(form.endswith(f" {label}") for form in forms):
            leagues.setdefault(label, _unlisted(label, "League"))
    return sorted(leagues.values(), key=lambda league: league.key)


# An outlet the reference lacks, written after the noun that says what it is: "the Cuban news agency Prensa
# Latina", "the newspaper El Universal", "the Tokyo daily Nikkan Sports".
_OUTLET_NAME = re.compile(r"\b(?:news agency|newspaper|daily|weekly|magazine|network|radio station|"
                          r"television station|TV station|website)\s+((?:[A-Z][\w’'-]*\s+){0,3}[A-Z][\w’'-]*)\b"
                          r"(?![’'-])")


def outlets_by_their_noun(text: str, forms: dict[str, str]) -> list[Organization]:
    """Outlets the reference lacks, named right after the noun that says what they are ("the news agency Prensa
    Latina"): media organizations, not people."""
    outlets = {m.group(1): _unlisted(m.group(1), "MediaOrganization")
               for m in _OUTLET_NAME.finditer(text) if m.group(1) not in forms}
    return sorted(outlets.values(), key=lambda outlet: outlet.key)


def _full_names_written(org: Organization, surface: str) -> list[list[str]]:
    """The club's full names as the article writes them, by word: its label, and an older full name it goes by
    ("the Sugar Land Skeeters", whose nickname "Skeeters" the article then writes alone), where that name ends in
    another nickname (not "Oregon State" of the Oregon State Beavers, nor a college's "University of Toledo")."""
    label, written = org.label.split(), surface.split()
    if surface in org.aliases and len(written) >= 2 and written[-1] not in label \
            and not (org.level or "").startswith("NCAA"):
        return [label, written]
    return [label]


# Words that go on with a place to name another school: "Oregon State", "Texas Tech", "Texas A&M".
_SCHOOL_WORDS = frozenset({"State", "Tech", "A&M"})


def _article_forms(org_spans: list[tuple[int, int, str]], forms: dict[str, str], orgs: dict[str, Any],
                   not_name_words: frozenset[str]) -> dict[str, str]:
    """Shorter names of the clubs an article names in full, for that article alone: its city ("Lakeland" of the
    Lakeland Flying Tigers, "Monterrey" of the Sultanes de Monterrey) and its nickname ("Whitecaps" of the West
    Michigan Whitecaps). A reader takes them so once the club is named; the reference lists them for no club,
    since elsewhere they name a place or another team. Japanese, Korean and Taiwanese clubs go by their owner's
    name too ("Yakult"). A short name that two of the article's clubs share, or that the reference gives another
    organization the article names (or a city of another club), names none."""
    local: dict[str, set[str]] = {}
    # The clubs the article names otherwise than by a nickname alone, which another club may share ("Tigers").
    named = {forms[surface] for _, _, surface in org_spans
             if " " in surface or not orgs[forms[surface]].label.endswith(" " + surface)}
    for _, _, surface in org_spans:
        org = orgs[forms[surface]]
        if org.type != "Team" or len(org.label.split()) < 2 or org.key not in named:
            continue
        parts: list[tuple[list[str], bool]] = []  # (words, whether they open the name: its city)
        for words in _full_names_written(org, surface):
            # A college goes by its school, not by a shorter place that names another ("Cal" of Cal State
            # Fullerton, "Oregon" of Oregon State): its name up to a nickname of one or two words.
            college = (org.level or "").startswith("NCAA")
            parts += [(words[:k], True) for k in range(max(1, len(words) - 2) if college else 1, len(words))
                      if not (college and words[k] in _SCHOOL_WORDS)]
            parts += [(words[k:], False) for k in range(1, len(words))]
            if org.level in _SPONSOR_NAMED:  # "Yakult" of the Tokyo Yakult Swallows, "Doosan" of the Doosan Bears
                parts += [(words[i:j], False) for i in range(1, len(words)) for j in range(i + 1, len(words))]
        # ... and by a past owner's name it was named after: "Haitai" of the Haitai Tigers (the KIA Tigers).
        written = surface.split()
        if org.level in _SPONSOR_NAMED and surface in org.aliases and len(written) >= 2 \
                and written[0] not in org.label.split():
            parts.append((written[:1], True))
        for part, city in parts:
            form = " ".join(part)
            # A word that opens no person's name ("Washington") may still be the city a club is named after.
            # A nickname the reference gives a club the article does not name is this club's in this article:
            # "The Tigers' roster" of a story about LSU.
            # Not the nickname of the club's own parent ("Mets" of the Binghamton Mets is still the Mets').
            taken = form in forms and (city or forms[form] in named or orgs[forms[form]].type != "Team"
                                       or forms[form] == org.parent)
            if part[0][:1].isupper() and part[-1] not in ("de", "del", "la") and form not in _NAME_OPENERS \
                    and (city or form not in not_name_words) and not taken:
                local.setdefault(form, set()).add(org.key)
    return {form: next(iter(keys)) for form, keys in local.items() if len(keys) == 1}


# "is a St. Louis Cardinal", "a former Met", "a lifelong Yankee": one of a club's players, by its name in the singular.
_ONE_OF_A_CLUB = re.compile(r"\b(?:[Aa]n?|[Ff]ormer|[Ll]ifelong|[Cc]areer)\s+((?:[A-Z][\w.]*\s+){0,2}[A-Z][a-z]+)\b"
                            r"(?![’'\w-])")


def clubs_in_the_singular(text: str, forms: dict[str, str], orgs: dict[str, Organization]) -> dict[str, str]:
    """A club's name in the singular, after "a" or "former", names the club: "Nolan Arenado is a St. Louis
    Cardinal", "a former Met"."""
    found = {}
    for m in _ONE_OF_A_CLUB.finditer(text):
        name = m.group(1)
        key = forms.get(name + "s")
        if key is not None and name not in forms and orgs[key].type == "Team":
            found[name] = key
    return found


_COLLEGE_PARTS: dict[int, tuple[tuple[Organization, ...], list[tuple[str, str, str]]]] = {}


def _college_parts(organizations: tuple[Organization, ...]) -> list[tuple[str, str, str]]:
    """(school, nickname, key) of each college team, split before its last word and before its last two ("Notre
    Dame", "Fighting Irish"); read once per reference."""
    cached = _COLLEGE_PARTS.get(id(organizations))
    if cached is None or cached[0] is not organizations:
        parts = [(" ".join(words[:-k]), " ".join(words[-k:]), org.key) for org in organizations
                 if (org.level or "").startswith("NCAA") and len(words := org.label.split()) >= 2 for k in (1, 2)
                 if len(words) > k]
        cached = _COLLEGE_PARTS[id(organizations)] = (organizations, parts)
    return cached[1]


def colleges_by_their_parts(text: str, forms: dict[str, str], organizations: tuple[Organization, ...]
                            ) -> dict[str, str]:
    """A college team the article names by its school and, elsewhere, by its nickname ("Arkansas coach Dave Van
    Horn" and "the Razorbacks", "Virginia got its revenge" and "the Cavaliers beat the Commodores"), where the
    school is a name the reference gives nothing else (a state), or gives a club this article names by no other
    name ("Texas hired Tulane coach David Pierce" and "the Longhorns", where "Texas" alone is the Rangers
    elsewhere): both name it in this article. Either alone names a place or another team."""
    found: dict[str, set[str]] = {}
    after_the = {m.group(1) for m in re.finditer(r"\b[Tt]he\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)", text)}
    after_the |= {phrase.split()[0] for phrase in after_the}
    for school, nickname, key in _college_parts(organizations):
        if nickname not in after_the or nickname in forms or (school in forms and _named_otherwise(
                text, school, forms)):
            continue
        # The school alone, not the start of another name ("Virginia Tech", "Arkansas State").
        if re.search(rf"(?<![\w’'-]){re.escape(school)}(?![\w-]|\s+[A-Z])", text) and \
                re.search(rf"\b[Tt]he\s+{re.escape(nickname)}(?![\w-])", text):
            found.setdefault(school, set()).add(key)
            found.setdefault(nickname, set()).add(key)
    return {form: next(iter(keys)) for form, keys in found.items() if len(keys) == 1}


# Words of a story about the college game.
_COLLEGE_STORY = re.compile(r"\b(?:college|colleges|NCAA|university|universities|Division I|College World Series|"
                            r"athletic director|scholarship)\b", re.I)


def colleges_at_their_school(text: str, forms: dict[str, str], organizations: tuple[Organization, ...],
                             places: frozenset[str]) -> dict[str, str]:
    """A college team the article names by its school alone where a team is named ("an assistant at Arkansas",
    "Alabama's Todd Butler", "Oklahoma coach Skip Johnson"), in a story of the college game, where the school is a
    place (of `places`: "Oklahoma", not "Butler") the reference gives nothing else: the team of the "University of"
    that place (the Sooners, not Oklahoma State). Elsewhere "Oklahoma" is a place."""
    if not _COLLEGE_STORY.search(text):
        return {}
    found: dict[str, set[str]] = {}
    universities = {org.key: org.aliases for org in organizations}
    for school, _, key in _college_parts(organizations):
        if school in forms or school not in places or f"University of {school}" not in universities[key]:
            continue
        name = re.escape(school)
        if re.search(rf"\b(?:at|for)\s+{name}(?![\w-]|\s+[A-Z])|(?<![\w’'-]){name}(?:’s|'s|\s+(?:head\s+)?coach\b)",
                     text):
            found.setdefault(school, set()).add(key)
    return {form: next(iter(keys)) for form, keys in found.items() if len(keys) == 1}


def _named_otherwise(text: str, form: str, forms: dict[str, str]) -> bool:
    """Whether the article names the club `form` stands for by another of its names ("Rangers", "Texas Rangers")."""
    others = [other for other, key in forms.items() if key == forms[form] and other != form]
    return any(re.search(rf"(?<![\w’'-]){re.escape(other)}(?![\w-])", text) for other in others)


# What the model calls a span that is no club's name, whatever its words.
_NOT_A_CLUB_ENTITY = frozenset({"PERSON", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"})


@lru_cache(maxsize=8)
def _after_a_place(nicknames: tuple[str, ...]) -> re.Pattern[str]:
    """One or two capitalised words, then one of the nicknames."""
    alternatives = "|".join(re.escape(n) for n in sorted(nicknames, key=len, reverse=True))
    # Not a possessive: "Naimoli's Devil Rays" are the Devil Rays.
    return re.compile(rf"(?<![\w’'.-])((?:[A-Z][a-z][\w’'-]*(?<![’']s)\s+){{1,2}})({alternatives})(?!\w)")


def clubs_sharing_a_nickname(doc: Any, forms: dict[str, str], orgs: dict[str, Organization],
                             not_name_words: frozenset[str]) -> list[Organization]:
    """Clubs the reference lacks, written as a place and the nickname of a club it has ("the Brisbane Bandits",
    where it knows the Bend Bandits): a nickname after another place's name is another club's, where the model
    reads place and nickname as one name. A major-league club's nickname too ("the Jacksonville Braves", the
    Braves' farm club; "the New York Giants" of the Giants' years there), unless the reference gives the club
    that name ("the Milwaukee Braves")."""
    text = doc.text
    nicknames = {form: orgs[key] for form, key in forms.items() if " " not in form and orgs[key].type == "Team"
                 and orgs[key].label.endswith(f" {form}")}
    clubs: dict[str, Organization] = {}
    for m in _after_a_place(tuple(sorted(nicknames))).finditer(text) if nicknames else ():
        form, org = m.group(2), nicknames[m.group(2)]
        place = m.group(1).split()
        while place and (place[0] in not_name_words or place[0] in ("The", "A", "An")):
            place.pop(0)
        label = " ".join([*place, form])
        # Not a possessor's: "Backman’s Mets" are the Mets.
        if not place or label in forms or org.label.startswith(" ".join(place)) \
                or place[-1].endswith(("’s", "'s", "’", "'")) \
                or _KNOWN_AS_THE.search(text[max(0, m.start() - 20):m.start()]):
            continue
        entity = next((e for e in doc.ents if e.start_char <= m.start(1) + m.group(1).index(place[0])
                       and m.end() <= e.end_char), None)
        if entity is not None and entity.label_ not in _NOT_A_CLUB_ENTITY:
            clubs.setdefault(label, _unlisted(label, "Team"))
    return sorted(clubs.values(), key=lambda club: club.key)


def _nickname_owners(org_spans: list[tuple[int, int, str]], forms: dict[str, str],
                     orgs: dict[str, Any]) -> dict[str, str]:
    """The club each shared nickname names in this article: the first club it names in full with that nickname,
    as a reporter writes the story's own club short and others in full ("Giants" is the Yomiuri Giants in a
    story that names them first, even where the San Francisco Giants come up later), by the nickname."""
    first: dict[str, str] = {}
    for _, _, surface in sorted(org_spans):
        org = orgs[forms[surface]]
        words = surface.split()
        # An affiliate ("the Syracuse Mets") is written in full beside its parent's short name, not instead of it.
        if org.type == "Team" and words in _full_names_written(org, surface) and not org.parent:
            for k in range(1, len(words)):
                first.setdefault(" ".join(words[k:]), org.key)
    return {form: key for form, key in first.items() if form in forms and forms[form] != key}


# The words before the other side of a game: "beat the Bees", "a 9-6 win over the Angels", "losing the World
# Series to the Dodgers", "to face the Angels".
OPPONENT_BEFORE = re.compile(
    r"\b(?:(?:game|games|series|win|loss|played|playing)\s+(?:\w+\s+){0,2}against|versus|vs\.?|beat|beating|"
    r"defeated|defeating|(?:win|victory|loss|defeat|sweep)\s+(?:\w+\s+){0,2}(?:over|to)|(?:losing|lost|loses|lose|"
    r"fell)\s+(?:(?:\d+-\d+|the\s+(?:\w+\s+)?(?:Series|series|pennant|game|opener|finale|title))\s+)?to|"
    r"(?:to\s+)?face|facing|faced|host|hosting|hosted|"
    r"games\s+(?:behind|ahead\s+of)|trail|trails|trailed|trailing)\s+(?:the\s+)?$")
# The standings' other side, which is no game's account: "8 1/2 games behind the Yankees", "who trail the Cardinals".
STANDINGS_BEFORE = re.compile(r"\b(?:games\s+(?:behind|ahead\s+of)|trail|trails|trailed|trailing)\s+(?:the\s+)?$")

# "the club", "the team", "the club's president", "club president Gabe Paul", "managed the 1982 club": the club the
# article spoke of last.
# Not "the club's top affiliate", "the team's owner": what a club owns is said of that, not of the club's people
# (but "the club's president and owner" is).
_CLUB_DESCRIPTION = re.compile(r"\b[Tt]he (?:(?:1[89]|20)\d\d )?(?:club|team|franchise)\b"
                               r"(?![’']s?\s+(?:(?!and\b)[\w-]+\s+){0,2}?(?:affiliates?|farm|"
                               r"system|parent|owners?|ownership)\b)"
                               # "put together by club president Gabe Paul": a title the word "club" opens.
                               r"|(?<![Tt]he )\b[Cc]lub(?= (?:president|chairman|chairwoman|owner|official) [A-Z])")


def _in_relative_clauses(doc: Any, spans: list[tuple[int, int]], antecedents: list[tuple[int, int]]
                         ) -> set[tuple[int, int]]:
    """The clubs named only in a relative clause about one of `antecedents`: a person ("Don Kelly, who was the
    Houston Astros' first base coach this season") or a club ("The ValleyCats, who lost their place in the Astros'
    farm system")."""
    def about_an_antecedent(clause: Any) -> bool:
        head = _out_of_apposition(clause.head)  # "Kelly, a Pittsburgh-area native who was ..."
        return any(start <= head.idx < end for start, end in antecedents)

    found = set()
    for start, end in spans:
        token = _span_head(doc, start, end)
        if token is not None and any(a.dep_ == "relcl" and about_an_antecedent(a) for a in token.ancestors):
            found.add((start, end))
    return found


def _club_descriptions(text: str, found: list[tuple[int, int, str, str, str, str]], sentence_of: Any,
                       colleges: frozenset[str] = frozenset(), titling: set[tuple[int, int]] | None = None,
                       about_someone: set[tuple[int, int]] | None = None,
                       about_a_club: set[tuple[int, int]] | None = None) -> list[tuple[int, int, str, str, str, str]]:
    """Each "the club" or "the team", as a mention of the last club named in its sentence or the one before (in
    its sentence only for "the club's"); further on, of the club the story's first line names ("Owner Fred Wilpon
    called the hire a new direction for the franchise", paragraphs after "former Texas general manager Doug
    Melvin": the Mets of the headline). Not a college, which a story about professionals names as someone's past
    ("a former outfielder at Stanford"), nor a club that only titles someone (`titling`: "hired Tampa Bay Rays
    general manager Peter Bendix"), nor, in a later sentence, one named only in a relative clause about someone
    (`about_someone`: "Kelly, who was the Houston Astros' first base coach ... the club hired Oscar Marin"), nor, where
    its sentence names another before it, one named only in a relative clause about a club (`about_a_club`: "The
    ValleyCats, who lost their place in the Astros' farm system, hired Incaviglia to manage the club")."""
    # Nor the other side of a game ("where they lost to the Los Angeles Dodgers. Shildt took the club to ...").
    named = sorted((f for f in found if f[2] == "Team" and f[3] not in colleges
                    and not OPPONENT_BEFORE.search(text[max(f[0] - 80, 0):f[0]])), key=lambda f: f[0])
    topic = next((c for c in named if sentence_of(c[0]) == 0), None)
    # Nor a club that titles someone's relative ("Tucker, the older brother of Houston Astros outfielder Kyle
    # Tucker, joined the club"): the relative's, not the story's.
    named = [c for c in named if (c[0], c[1]) not in (titling or set())
             or not _KIN_OF_A_TITLED.search(text[max(0, c[0] - 40):c[0]])]
    described = []
    quoted = [(q.start(), q.end()) for q in _QUOTED.finditer(text)]
    # Nor, outside a quotation, a club named inside one: the speaker's word, not the reporter's antecedent ('"...
    # close the gap with Cleveland," said Jerry Reinsdorf, who bought the club'); but a speaker's title of "the
    # club's" is of the club he speaks of ('"... Cardinals baseball," said Bill DeWitt Jr., the club's chairman').
    unquoted = [c for c in named if not _overlaps(c[0], c[1], quoted)]
    all_named = named
    for m in _CLUB_DESCRIPTION.finditer(text):
        # A season's club is an earlier sentence's, not one its own sentence names: "a day after sending Rizzo to
        # the New York Yankees, ... tore down the core of the 2016 team".
        if re.search(r"\d", m.group()) and any(
                sentence_of(c[0]) == sentence_of(m.start()) and c[1] <= m.start() for c in all_named):
            continue
        # "the club's president", "the team's leading hitter": the story's club, unless its sentence named one,
        # whichever way ("the former Houston Astros manager ... his role in the club's scheme").
        possessive = text[m.end():m.end() + 1] in ("’", "'")
        named = all_named if possessive or _overlaps(m.start(), m.end(), quoted) else unquoted
        clubs = [c for c in named if (c[0], c[1]) not in (titling or set())]
        before = [c for c in clubs if c[1] <= m.start()]
        if outside := [c for c in before if (c[0], c[1]) not in (about_a_club or set())]:
            before = outside
        # A club that only titles someone is passed over for one its sentence names otherwise, not for an earlier
        # sentence's ("Mud Hens president Joe Napoli said the club was thrilled").
        if possessive or not before or sentence_of(before[-1][0]) != sentence_of(m.start()):
            before = [c for c in named if c[1] <= m.start() and (
                sentence_of(c[0]) == sentence_of(m.start()) or (c[0], c[1]) not in (about_someone or set())
                or topic is not None and c[3] == topic[3])]
        reach = 0 if possessive else 1
        # Nor across a paragraph: a new paragraph's "the team said" is the story's club's.
        if before and (sentence_of(m.start()) - sentence_of(before[-1][0]) > reach
                       or "\n" in text[before[-1][1]:m.start()]) and topic is not None:
            before.append(topic)
        # Not the club a player came from when his sentence names the one that got him: "Toronto claimed Guerra
        # off waivers from the Miami Marlins. The club also designated Pannone" is Toronto.
        while len(before) >= 2 and sentence_of(before[-1][0]) == sentence_of(before[-2][0]) and \
                re.search(r"\bfrom\s+(?:the\s+)?$", text[max(before[-1][0] - 10, 0):before[-1][0]]):
            before = before[:-1]
        if before and not _overlaps(m.start(), m.end(), [(f[0], f[1]) for f in found]):
            _, _, entity_type, key, label, _ = before[-1]
            described.append((m.start(), m.end(), entity_type, key, label, "description"))
    return described


def _names_a_subject(doc: Any, mention: tuple[int, int, str, str, str, str]) -> bool:
    """Whether a mention is a clause's subject, or one in a list of subjects ("Van Wagenen and Wilpon said")."""
    token = _span_head(doc, mention[0], mention[1])
    while token is not None and token.dep_ in ("conj", "appos", "compound", "flat") and token.head is not token:
        token = token.head
    return token is not None and token.dep_ in _SUBJECT_DEPS


def _club_pronouns(doc: Any, found: list[tuple[int, int, str, str, str, str]],
                   sentence_of: Any) -> list[tuple[int, int, str, str, str, str]]:
    """Each "they" that is its clause's subject, outside quotations, as a mention of the club that was the subject
    of the last sentence before it that speaks of a club or a person ("The Mets ... are 70-79. At the deadline
    they traded Max Scherzer"); none when that sentence's subject is no club, or when its own sentence names a
    subject before it; a second "they" of a sentence is the first's."""
    text = doc.text
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    named = sorted((f for f in found if f[2] in ("Team", "Person")), key=lambda f: f[0])
    subject_starts = {t.idx for t in doc if t.dep_ in _SUBJECT_DEPS}
    resolved: list[tuple[int, int, str, str, str, str]] = []
    for token in doc:
        # "founded the American Giants in 1911, still owns them and managed them": an object "them" of a verb
        # coordinated after one whose object is a club is that club.
        if token.lower_ == "them" and token.dep_ == "dobj" and not _overlaps(token.idx, token.idx + 4, quoted):
            verb = token.head
            while verb.dep_ == "conj" and verb.head is not verb:
                verb = verb.head
                objects = {c.idx for c in verb.children if c.dep_ == "dobj"}
                club = next((f for f in named if f[2] == "Team" and any(f[0] <= i < f[1] for i in objects)), None)
                if club is not None:
                    resolved.append((token.idx, token.idx + 4, "Team", club[3], club[4], "description"))
                    break
            continue
        if token.lower_ != "they" or token.dep_ not in _SUBJECT_DEPS or _overlaps(token.idx, token.idx + 4, quoted):
            continue
        here = sentence_of(token.idx)
        before = [f for f in named if sentence_of(f[0]) < here]
        # "they got Sanchez from Toronto ..., and they acquired Maldonado": the clause before goes on.
        earlier_they = [r for r in resolved if sentence_of(r[0]) == here]
        if earlier_they:
            _, _, entity_type, key, label, kind = earlier_they[-1]
            resolved.append((token.idx, token.idx + 4, entity_type, key, label, kind))
            continue
        # "The Marlins signed Rodríguez in January, and they got Pierre from the Rockies": the subject of a clause
        # coordinated after one whose subject is a club is that club.
        if token.head.dep_ == "conj" and token.head.pos_ in ("VERB", "AUX"):
            first_subjects = {c.idx for c in token.head.head.children if c.dep_ in _SUBJECT_DEPS}
            club = next((f for f in named if f[2] == "Team" and any(f[0] <= i < f[1] for i in first_subjects)), None)
            if club is not None:
                resolved.append((token.idx, token.idx + 4, "Team", club[3], club[4], "description"))
                continue
        # "Van Wagenen and Wilpon said they met with Beltran": subjects named before it in its sentence are nearer.
        if any(sentence_of(f[0]) == here and f[0] < token.idx and _names_a_subject(doc, f) for f in named):
            continue
        if not before or here - sentence_of(before[-1][0]) > PRONOUN_REACH:
            continue
        last = sentence_of(before[-1][0])
        subjects = [f for f in before if sentence_of(f[0]) == last
                    and any(f[0] <= start < f[1] for start in subject_starts)]
        # "The signing caps a busy winter for the Yankees, who finished second ... In October they acquired":
        # where no one is that sentence's subject, the one club its relative clause is about.
        if not subjects:
            subjects = [f for f in before if sentence_of(f[0]) == last and f[2] == "Team"
                        and _relative_clause_subject(doc, f)]
            subjects = subjects if len({f[3] for f in subjects}) == 1 else []
        if subjects and subjects[0][2] == "Team":
            _, _, entity_type, key, label, _ = subjects[0]
            resolved.append((token.idx, token.idx + 4, entity_type, key, label, "description"))
    return resolved


# The nouns of a post a club's "their" or "its" may own: "resigned as their vice president and general manager".
_OWNED_POSTS = frozenset({"manager", "managers", "coach", "coaches", "president", "owner", "owners", "executive",
                          "director", "scout", "chairman", "chairwoman", "GM", "skipper", "officer"})


def _club_possessive_pronouns(doc: Any, found: list[tuple[int, int, str, str, str, str]], sentence_of: Any,
                              titling: set[tuple[int, int]]) -> list[tuple[int, int, str, str, str, str]]:
    """Each "their" or "its" that owns a post, outside quotations, as a mention of a club: the club its clause's
    subject is ("The Mets hired Yankees bench coach Carlos Mendoza as their manager"); under a person's subject,
    the last club its sentence names before it as a subject, or else the last but one that titles someone or owns
    something ("Rickey, who built the Cardinals into champions, resigned as their general manager"); or else the
    club the sentence before is about, as its subject ("The Cardinals had a bad year. Jones resigned as their
    general manager"). None where people listed together own it ("Smith and Jones thanked their manager")."""
    text = doc.text
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    clubs = sorted((f for f in found if f[2] == "Team" and not _overlaps(f[0], f[1], quoted)), key=lambda f: f[0])
    people = [f for f in found if f[2] == "Person"]
    taken = [(f[0], f[1]) for f in found]
    resolved: list[tuple[int, int, str, str, str, str]] = []
    for token in doc:
        end = token.idx + len(token.text)
        if token.lower_ not in ("their", "its") or token.dep_ != "poss" or token.head.text not in _OWNED_POSTS \
                or _overlaps(token.idx, end, quoted) or _overlaps(token.idx, end, taken):
            continue
        here = sentence_of(token.idx)
        listed = [p for p in people if sentence_of(p[0]) == here and p[1] <= token.idx
                  and (head := _span_head(doc, p[0], p[1])) is not None
                  and (head.dep_ == "conj" or any(c.dep_ == "conj" for c in head.children))]
        if listed:
            continue
        subject = _clause_subject(token)
        owner = next((c for c in clubs if subject is not None and c[0] <= subject.idx < c[1]), None)
        # Under a subject that is neither a club nor a person, none: "the fans booed their manager".
        if owner is None and subject is not None and not any(p[0] <= subject.idx < p[1] for p in people):
            continue
        if owner is None:
            same = [c for c in clubs if sentence_of(c[0]) == here and c[1] <= token.idx
                    and (c[0], c[1]) not in titling and text[c[1]:c[1] + 1] not in ("'", "’")]
            # Of several, one that is a clause's subject: "The Dodgers lost Seager to the Rangers, and Andrew
            # Friedman, their president of baseball operations, said".
            same = [c for c in same if _names_a_subject(doc, c)] or same
            owner = same[-1] if same else next((c for c in clubs if sentence_of(c[0]) == here - 1
                                                and _names_a_subject(doc, c) and "\n" not in text[c[1]:token.idx]),
                                               None)
        if owner is not None:
            _, _, entity_type, key, label, _ = owner
            resolved.append((token.idx, end, entity_type, key, label, "description"))
    return resolved


def _out_of_apposition(token: Any) -> Any:
    """The word a noun is in apposition to (through a chain of them), or the noun itself."""
    while token.dep_ == "appos" and token.head.i != token.i:
        token = token.head
    return token


def _clause_subject(token: Any) -> Any:
    """The subject of the nearest clause above a token (a relative pronoun's antecedent for it), or None."""
    verb = token.head
    while True:
        subject = next((c for c in verb.children if c.dep_ in _SUBJECT_DEPS), None)
        if subject is not None and subject.lower_ in ("who", "which", "that") and verb.dep_ == "relcl":
            # "Joe Girardi, the former Cubs catcher who was fired": the name the noun is in apposition to.
            return _out_of_apposition(verb.head)
        if subject is not None:
            return subject
        if verb.head.i == verb.i:
            return None
        verb = verb.head


def _relative_clause_subject(doc: Any, mention: tuple[int, int, str, str, str, str]) -> bool:
    """Whether a mention is what a relative clause hung on it is about: "the Yankees, who finished second"."""
    token = _span_head(doc, mention[0], mention[1])
    return token is not None and any(
        clause.dep_ == "relcl" and any(c.dep_ in _SUBJECT_DEPS and c.lower_ in ("who", "which", "that")
                                       for c in clause.children)
        for clause in token.children)


def _towns(text: str, regions: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the capitalised words before a comma and a state, province or country that ends a phrase
    ("a native of Port Orchard, Washington,", "Sarnia, Ontario.", "Hertford, N.C."), and of the state: a town's
    name and a region's, never a person's."""
    if not regions:
        return []
    region = "|".join(re.escape(r) for r in sorted(regions, key=len, reverse=True))
    # A state's abbreviation may end the sentence too: "in Hertford, N.C. Kluttz spent ...".
    town = re.compile(r"(?<![\w.’'-])((?:[A-Z][\w’'.-]*\s+){0,2}[A-Z][\w’'.-]*),\s+(" + region +
                      r")(?:(?<=\.)|(?=\s*[,.;:()\n—]|\s*$))")
    return [span for m in town.finditer(text) for span in ((m.start(1), m.end(1)), (m.start(2), m.end(2)))]


def _dateline_apart(text: str) -> str:
    """The text with the dash that closes each dateline ("SENDAI, Japan (Kyodo) — The Eagles named ...") a line
    break, of the same length: the dateline is a sentence of its own, and the model parses the story's first
    sentence without it."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        end = dates.dateline_end(line)
        # With the spaces around it: a blank line is where the model ends a sentence.
        dash = re.search(r"\s+[—–]+\s+$", line[:end]) if end else None
        if dash is not None:
            lines[i] = line[:dash.start()] + "\n" * (dash.end() - dash.start()) + line[dash.end():]
    return "\n".join(lines)


def find_mentions(text: str, lexicon: Lexicon, use_model: bool = True) -> list[Mention]:
    """Every organization and person mention in an article (pronouns resolved), with sentence and offsets.

    With `use_model`, spaCy's model adds candidates where the rules found nothing (see model_candidates).
    """
    return read_article(text, lexicon, use_model)[0]


def _club_of_the_city(clubs: tuple[str, ...], ever: set[str], named_otherwise: set[str],
                      named_in_full: frozenset[str] | set[str] = frozenset()) -> str | None:
    """The club a city written alone stands for, of the `clubs` that played there in the article's year: the one
    club, or of two the one the article also names by another of its names ("Philadelphia" in a story of 1933
    that speaks of the Athletics); with none, the one club of those that ever played there (`ever`) that the
    article names so ("Kansas City" in a story of 1968 that tells of a trade to the Kansas City Athletics in 1959).
    The one club of the year too, unless the city's sentence names one other club of the city in full
    (`named_in_full`) and not that one. None when the article does not say which."""
    if len(clubs) == 1:
        # Not where the article names the city's other club in full and not this one: "the Pittsburgh Crawfords
        # ... brought him to Pittsburgh" in a story of 1982.
        others = named_in_full - {clubs[0]}
        return clubs[0] if clubs[0] in named_in_full or len(others) != 1 else next(iter(others))
    named = [key for key in (clubs or sorted(ever)) if key in named_otherwise]
    return named[0] if len(named) == 1 else None


_CLUB_OF_THE = re.compile(r"(?:\s+club)?\s+of\s+the\s+")
_LEAGUES_CLUB = re.compile(r"\s+([A-Z][a-z]+(?:\s+League)?)\s+club\b")


def club_in_its_league(text: str, surface: str, end: int, club: Organization | None,
                       org_spans: list[tuple[int, int, str]], forms: dict[str, str],
                       orgs: dict[str, Organization]) -> Organization | None:
    """The club a city (or a nickname) written before its league stands for: the reference's club of that city in
    that league ("the St. Louis Federal club" of 1915 is the Terriers, not the Browns); `club` where no league
    is named, the league is its own, or the reference has no club of that city in it (clubs change leagues:
    "Toledo of the American Association" of 1922 is the Mud Hens, of the International League today); and none
    where that club is of the minors or an independent league, whose clubs the reference gives as they are today
    ("the Milwaukee club of the American Association" of 1941 is not today's Milwaukee Milkmen). `club` is None
    for a city of several clubs in the article's year ("St. Louis" of 1915).

    >>> clubs = {o.key: o for o in (Organization("terriers", "St. Louis Terriers", "Team", (), None, None, None,
    ...     "MLB", "federal"), Organization("browns", "St. Louis Browns", "Team", (), None, None, None, "MLB",
    ...     "american"), Organization("federal", "Federal League", "League", (), None, None, None, None, None))}
    >>> club_in_its_league("the St. Louis Federal club", "St. Louis", 13, clubs["browns"], [], {}, clubs).label
    'St. Louis Terriers'
    """
    if club is not None and (club.type != "Team" or club.league is None):
        return club
    if joint := _CLUB_OF_THE.match(text, end):
        league = next((orgs[forms[form]] for s, _, form in org_spans if s == joint.end()), None)
    elif written := _LEAGUES_CLUB.match(text, end):
        league = next((o for o in orgs.values() if o.type == "League" and o.label in (
            written.group(1), f"{written.group(1)} League")), None)
    else:
        return club
    if league is None or league.type != "League" or club is not None and league.key == club.league:
        return club
    theirs = [o for o in orgs.values() if o.type == "Team" and o.league == league.key
              and o.label.startswith(surface + " ")]
    if len(theirs) != 1:
        return club
    return theirs[0] if theirs[0].level == "MLB" else None


def read_article(text: str, lexicon: Lexicon, use_model: bool = True,
                 read_parse: bool = True, year: int | None = None) -> tuple[list[Mention], dict[int, str]]:
    """find_mentions, and with `use_model` the model's parse of each sentence that has a mention, by the
    sentence's start (spark_etl/parse.py's text), for the relation rules of the fact stage. Without
    `read_parse` the model gives names only: no parse for the fact stage, pronouns by the last name written
    (what the extraction was before it read the parse; the extraction benchmark measures the parse's cost so).
    A city or a club's name written alone stands for the club that played there or bore it in `year` (the
    article's, by default the one its text gives), where the reference lists its years (Lexicon.club_names)."""
    # Same-length normalisation keeps offsets valid: a left quote used as an apostrophe; a dateline set apart.
    normalized = _dateline_apart(text.replace("‘", "’"))
    forms = lexicon.surface_forms()
    orgs = lexicon.by_key()
    doc = None
    if use_model:
        from spark_etl.model import load_model

        doc = load_model()(normalized)
        others = clubs_sharing_a_nickname(doc, forms, orgs, lexicon.not_name_words) \
            + clubs_by_their_nickname(doc, forms, lexicon.not_name_words)
        forms = {**forms, **{club.label: club.key for club in others}}
        orgs = {**orgs, **{club.key: club for club in others}}
    after_a_city = clubs_after_a_city(normalized, forms, orgs, doc) + leagues_by_their_name(normalized, forms) \
        + outlets_by_their_noun(normalized, forms)
    forms = {**forms, **{club.label: club.key for club in after_a_city},
             **clubs_in_the_singular(normalized, forms, orgs)}
    orgs = {**orgs, **{club.key: club for club in after_a_city}}
    model_surnames = _surnames_the_model_reads(doc, forms, lexicon.not_name_words) if doc is not None else set()
    # What people were "known as" ("the Thunder Twins") is no club, unless the reference has that club's name
    # ("the Brewers, then known as the Seattle Pilots").
    known_as = [(m.start(1), m.end(1)) for m in _KNOWN_AS_NAME.finditer(normalized) if m.group(1) not in forms]
    org_spans = [span for span in _spans(_surface_pattern(tuple(forms)), normalized)
                 if not _names_a_school(normalized, span, orgs[forms[span[2]]]) and span[:2] not in model_surnames
                 and not _first_part_of_a_name(normalized, span[1], forms)]
    # ... nor a person's name, where it holds a club's nickname ("Twins"); a man "known as Yogi Berra" is one.
    known_as = [span for span in known_as if any(_overlaps(s, e, [span]) for s, e, _ in org_spans)]
    org_spans = [span for span in org_spans if not _overlaps(span[0], span[1], known_as)]
    local_forms = _article_forms(org_spans, forms, orgs, lexicon.not_name_words)
    local_forms |= {city: key for city, key in cities_at_a_level(normalized, orgs).items()
                    if city not in forms and city not in local_forms}
    local_forms |= {form: key for form, key in colleges_by_their_parts(normalized, forms, lexicon.organizations).items()
                    if form not in local_forms}
    local_forms |= {form: key for form, key in colleges_at_their_school(
        normalized, forms, lexicon.organizations, lexicon.places | lexicon.regions).items()
                    if form not in local_forms}
    schools = schools_of_players(normalized, orgs)
    school_places = _school_places(normalized, schools, org_spans, forms)
    written_schools = {normalized[start:end]: key for (start, end), key in schools.items()}
    local_forms |= {place: key for place, key in written_schools.items() if place not in forms}
    forms = {**forms, **local_forms, **school_places}
    taken = [(s, e) for s, e, _ in org_spans]
    # A short name inside a longer capitalised name is part of that name: "Salt Lake" of "Salt Lake City".
    org_spans += [(s, e, form) for s, e, form in (_spans(_surface_pattern(tuple(local_forms)), normalized)
                                                  if local_forms else [])
                  if not _overlaps(s, e, taken) and not re.match(r"\s+[A-Z]", normalized[e:])]
    # "in Louisville, Ky.": a city before its state is the place, whichever club the reference names after it
    # (but "the Red Sox' Class A affiliate in Greenville, S.C." is the club the article says is there).
    towns = _towns(normalized, lexicon.regions)
    org_spans = [(s, e, form) for s, e, form in org_spans
                 if (s, e) not in towns or form == orgs[forms[form]].label or form in local_forms]
    # "the San Francisco native" is a man born there, whichever club plays there.
    natives = [(s, e) for s, e, form in org_spans if form != orgs[forms[form]].label and (
        _NATIVE.match(normalized, e) or _PLACE_OF_A_PERSON.search(normalized[max(0, s - 20):s]))]
    # "the Athletics of Philadelphia", "the Forest City club of Rockford": the city of a club named before it.
    natives += [(s, e) for s, e, form in org_spans
                if form != orgs[forms[form]].label and _CITY_OF_A_CLUB.search(normalized[max(0, s - 40):s])]
    org_spans = [span for span in org_spans if span[:2] not in natives]
    taken = [(s, e) for s, e, _ in org_spans] + known_as
    # An award's plural is an award too: "three Cy Youngs", "two Gold Gloves".
    blocked = list(lexicon.places | lexicon.awards | {f"{award}s" for award in lexicon.awards})
    taken += [(s, e) for s, e, _ in _spans(_surface_pattern(tuple(blocked)), normalized)
              if not _overlaps(s, e, taken)]
    taken += [span for span in towns + natives if not _overlaps(*span, taken)]

    sentences = list(_sentences(normalized))

    def sentence_of(pos: int) -> int:
        return next((i for i, (s, e) in enumerate(sentences) if s <= pos < e), -1)

    found: list[tuple[int, int, str, str, str, str]] = []  # start, end, type, key, label, kind
    nicknamed = _nickname_owners(org_spans, forms, orgs)
    if year is None and (dated := dates.article_date(text)) is not None:
        year = dated[0]
    # "Kansas City" in a story of 1951 is no Royal, nor "the Milwaukee Brewers" of 1951 the club born in 1969: the
    # club of the article's year, or none (the city stays a place, the name another club's).
    eras = {city: keys for city, keys in lexicon.clubs_by_name(year).items()
            if city not in local_forms and city not in school_places} if year is not None else {}
    ever = lexicon.clubs_ever_by_name()
    # (By a name that is its own in the article's year too: "Kansas City" in 1960 beside "Athletics".)
    named_by_name = {nicknamed.get(surface, forms[surface]) for _, _, surface in org_spans if surface not in eras}
    named_otherwise = named_by_name | {eras[surface][0] for _, _, surface in org_spans
                                       if len(eras.get(surface, ())) == 1}
    # Where each club named by its own name is named, by sentence.
    named_in: dict[str, set[int]] = {}
    for s, _, surface in org_spans:
        if surface not in eras:
            named_in.setdefault(nicknamed.get(surface, forms[surface]), set()).add(sentence_of(s))
    for s, e, surface in org_spans:
        # (Of the city's clubs, not colleges, the article names in full in its sentence: "the Pittsburgh
        # Crawfords ... brought him to Pittsburgh" in a story of 1982.)
        here = sentence_of(s)
        club_then = _club_of_the_city(eras[surface], ever.get(surface, set()), named_otherwise, {
            key for key in named_by_name if orgs[key].label.startswith(f"{surface} ")
            and not (orgs[key].level or "").startswith("NCAA") and here in named_in[key]}) \
            if surface in eras and (s, e) not in schools else ""
        org: Organization | None = None if club_then is None else \
            orgs[schools.get((s, e)) or club_then or nicknamed.get(surface, forms[surface])]
        if (org is None or surface != org.label) and (org := club_in_its_league(
                normalized, surface, e, org, org_spans, forms, orgs)) is None:
            continue
        found.append((s, e, org.type, org.key, org.label, "organization"))

    candidates: list[tuple[int, int, list[str]]] = []  # a person's name as the rules or the model read it
    model_people: set[tuple[int, int]] = set()  # the spans of those the model read
    for s_start, s_end in sentences:
        candidates += _name_runs(normalized, s_start, s_end, taken, lexicon.not_name_words)

    if doc is not None:
        occupied = taken + [(c[0], c[1]) for c in candidates if _is_full_name(c[2])] + \
            [(f[0], f[1]) for f in found]
        for start, end, entity_type, label in model_candidates(doc, occupied, lexicon.not_name_words):
            if sentence_of(start) != sentence_of(end - 1):
                continue
            if entity_type == "Person":
                # "Okafor" of a name the rules did not read whole is a lone surname to them: the model's span wins.
                candidates = [c for c in candidates if not _overlaps(c[0], c[1], [(start, end)])]
                candidates.append((start, end, [w[2] for w in _words(normalized, start, end)]))
                model_people.add((start, end))
            else:
                found.append((start, end, entity_type, slug(label), label, "organization"))
        # A club the reference lacks goes by its city or nickname once named in full, as one it has does:
        # "Chico owner Bill Pyle", after "the Chico Outlaws".
        model_clubs = {f[4]: Organization(key=f[3], label=f[4], type="Team", aliases=(), parent=None,
                                          parent_from=None, parent_to=None, level=None, league=None)
                       for f in found if f[2] == "Team" and f[5] == "organization" and f[4] not in forms}
        short_forms = _article_forms([(0, 0, label) for label in model_clubs], {**forms, **{
            label: club.key for label, club in model_clubs.items()}}, {club.key: club for club in model_clubs.values()},
            lexicon.not_name_words) if model_clubs else {}
        model_club_by_key = {club.key: club for club in model_clubs.values()}
        claimed = taken + [(f[0], f[1]) for f in found]
        for s, e, form in _spans(_surface_pattern(tuple(short_forms)), normalized) if short_forms else []:
            if not _overlaps(s, e, claimed) and not re.match(r"\s+[A-Z]", normalized[e:]):
                club = model_club_by_key[short_forms[form]]
                found.append((s, e, "Team", club.key, club.label, "organization"))
                candidates = [c for c in candidates if not _overlaps(c[0], c[1], [(s, e)])]
        # "died at his home in Bel Air", "from Las Matas de Santa Cruz": a name the model reads as a place, after a
        # preposition of place, is one.
        # Not after a verb's particle: "would bring in Warren Giles".
        places = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in ("GPE", "LOC", "FAC")]
        particles = {t.idx for t in doc if t.dep_ == "prt"}
        candidates = [c for c in candidates if not (
            _overlaps(c[0], c[1], places) and (at := _AT_A_PLACE.search(normalized[max(0, c[0] - 12):c[0]]))
            and max(0, c[0] - 12) + at.start() not in particles)]

    # A name the article calls a company is none of a person: "Yakult Honsha, the dairy drink company".
    candidates = [c for c in candidates if not _COMPANY_APPOSED.match(normalized, c[1])]

    # Other names of a person the article names in full: "Garza Villarreal" (the family name of "Héctor Garza
    # Villarreal"), "Tavo Zamora-Reyes" (with the nickname of 'Gustavo "Tavo" Zamora-Reyes').
    other_names: set[str] = set()
    for _, _, written in candidates:
        words = [w for w in written if not names.is_nickname(w)]
        if _is_full_name(words):
            if len(words) >= 3:
                other_names.add(" ".join(words[1:]))
            other_names |= {f"{w[1:-1]} {names.surname(' '.join(words))}" for w in written if names.is_nickname(w)}
            if (without := _without_middle_initials(words)) is not None:
                other_names.add(without)
    # ... and a given name cut short: "Fleet Walker" of "Moses Fleetwood Walker", the one person of that surname
    # with a given name that begins so.
    short_given = _short_given_names([[w for w in written if not names.is_nickname(w)] for _, _, written in candidates])
    other_names |= set(short_given)
    # A relative named by his given name alone after the possessive of someone's surname: "Lee's older brother,
    # Leron," is Leron Lee.
    surnames_written = {names.surname(" ".join(written)) for _, _, written in candidates if _is_full_name(written)}
    for m in _RELATIVES_GIVEN_NAME.finditer(normalized):
        if m.group(1) in surnames_written and not _overlaps(m.start(2), m.end(2), taken):
            candidates = [c for c in candidates if not _overlaps(c[0], c[1], [m.span(2)])]
            candidates.append((m.start(2), m.end(2), [m.group(2), m.group(1)]))
    full_names: dict[str, str] = {}  # key -> label
    singles: list[tuple[int, int, str]] = []
    for start, end, written in sorted(candidates):
        words = [w for w in written if not names.is_nickname(w)]
        label = " ".join(words)
        if _is_full_name(words) and _BORN.search(normalized[max(0, start - 8):start]):
            # A birth name ("Born Lawrence Peter Berra in St. Louis", after "Yogi Berra") is a name of the one
            # person named before with its surname.
            kin = [key for key, named in full_names.items() if names.surname(named) == names.surname(label)]
            if len(kin) == 1:
                found.append((start, end, "Person", kin[0], full_names[kin[0]], "short"))
                continue
        # A formal name and a short one of the same given name and surname are one person's, whichever the article
        # gives first: "Edward Trowbridge Collins" and "Eddie Collins" (not his son "Eddie Collins Jr.", nor "Paul
        # Collins").
        if _is_full_name(words) and not names.is_suffix(words[-1]) and label not in other_names:
            kin = [key for key, named in full_names.items() if names.surname(named) == names.surname(label)
                   and max(len(words), len(named.split())) >= 3 and not names.is_suffix(named.split()[-1])
                   and lexicon.given_form(names.given_name(named)) == lexicon.given_form(words[0])]
            if len(kin) == 1:
                found.append((start, end, "Person", kin[0], full_names[kin[0]], "short"))
                continue
        # "Del Baker", which the model reads as a man's name (or which the article lists with one: "Dan Topping
        # and Del Webb"), opens with a given name that also opens surnames.
        listed = any(f[2] == "Person" and f[5] == "name" and _LIST_SEPARATOR.fullmatch(normalized, f[1], start)
                     for f in found)
        given_as_opener = ((start, end) in model_people or listed) and len(words) == 2 \
            and words[0] in names.GIVEN_NAMES_THAT_OPEN_SURNAMES and names.is_name_token(words[1])
        if (_is_full_name(words) or given_as_opener) and label not in other_names:
            full_names.setdefault(slug(label), label)
            found.append((start, end, "Person", slug(label), label, "name"))
        else:
            singles.append((start, end, label))

    # Within one article a lone surname or first name stands for the full name it abbreviates,
    # when exactly one person of the article carries it.
    nicknames = {" ".join(w for w in written if not names.is_nickname(w)): [w[1:-1] for w in written
                                                                           if names.is_nickname(w)]
                 for _, _, written in candidates}
    by_part: dict[str, set[str]] = {}
    for key, label in full_names.items():
        words = label.split()
        parts = {names.given_name(label), names.surname(label)}
        parts |= {f"{nickname} {names.surname(label)}" for nickname in nicknames.get(label, [])}
        if len(words) >= 3:
            parts.add(" ".join(words[1:]))
        if (without := _without_middle_initials(words)) is not None:
            parts.add(without)  # "Philip Wrigley", after "Philip K. Wrigley"
        if names.is_suffix(words[-1]):  # "Griffey Jr." is the son, whoever else is a Griffey
            parts.add(f"{names.surname(label)} {words[-1]}")
        parts |= {short for short, full in short_given.items() if full == label}
        for part in parts:
            by_part.setdefault(part, set()).add(key)
    # A short name stands for someone the article has introduced before it ("DiNapoli, 57," is the father when
    # "his son, Carmine DiNapoli Jr." comes later); a headline's may stand for someone introduced after it.
    introduced: dict[str, int] = {}
    for f in sorted(found):
        if f[2] == "Person":
            introduced.setdefault(f[3], f[0])
    relatives = {f[3] for f in found if f[2] == "Person" and f[5] == "name" and introduced[f[3]] == f[0]
                 and (_RELATIVE_OF.search(normalized[max(0, f[0] - 40):f[0]])
                      or _NAMED_AS_A_RELATIVE.match(normalized, f[1]))}
    # A word that names no one elsewhere ("Washington") is the surname of someone the article named in full, where
    # no club or place takes it, no preposition of place or time stands before it, and it ends no longer name
    # ("Washington played parts of 10 seasons", after "Ron Washington"; not "Minute Maid Park").
    # Not a given name that is such a word: news calls a man by his surname ("Early in the 1951 season" is no
    # Early Wynn).
    occupied = taken + [(f[0], f[1]) for f in found]
    surnames = {names.surname(label) for label in full_names.values()}
    given_names = {names.given_name(label) for label in full_names.values() if len(label.split()) >= 2}
    # So is a surname that is a common word, which the name rules drop where it opens a sentence ("Go, 25,
    # signed", after "Go Woo-suk"), written with its capital.
    for part, keys in by_part.items():
        if len(keys) == 1 and (part in lexicon.not_name_words or _nlp().vocab[part.lower()].is_stop) \
                and part.lower() not in dates.MONTHS \
                and part not in dates.WEEKDAYS and part in surnames:
            singles += [(m.start(), m.end(), part) for m in re.finditer(rf"\b{re.escape(part)}\b(?![’'-])", normalized)
                        if not _overlaps(m.start(), m.end(), occupied)
                        and not _PLACE_PREPOSITION.search(normalized[max(0, m.start() - 12):m.start()])
                        and not re.search(r"\b[A-Z][\w’'-]*\s+$", normalized[max(0, m.start() - 30):m.start()])]
    # A surname the article has used alone for one person goes on standing for him where others of his name come
    # in later: a reporter names them in full ("Kim, 72, signed", then "Kim Eung-ryong", then "Kim moved").
    used_alone: dict[str, str] = {}
    for start, end, word in sorted(singles):
        # "Cal" of "Cal State Los Angeles": a school's word after it makes it part of the school's name.
        following = re.match(r" ([A-Z][\w-]*)", normalized[end:])
        if following is not None and following.group(1) in names.INSTITUTION_HEADS | {"State"}:
            continue
        # "Park" of "Park Min-soo": a family name written first, before a hyphenated given name, is another person's.
        if following is not None and re.fullmatch(r"[A-Z][a-z]+-[a-z]+", following.group(1)):
            continue
        keys = by_part.get(word, set())
        # A given name alone that opens a sentence before a preposition is the word, not the man: "Early in the
        # 1951 season" is no Early Wynn.
        opens = start < 2 or sentence_of(start) != sentence_of(start - 2)
        if word not in surnames and word in given_names and opens and _PREPOSITION_AFTER.match(normalized[end:]):
            continue
        # "His brother Mike" is a relative of the one "his" stands for, not another Mike the article named before;
        # he may be one it names in full after ("with his son Koby ... Koby Clemens, drafted by the Astros").
        if _RELATIVE_OF.search(normalized[max(0, start - 40):start]):
            keys = {k for k in keys if introduced.get(k, start) > start}
        keys = {k for k in keys if introduced.get(k, start) < start} or keys
        # A surname shared with a relative the article introduced as one ("his twin brother, Ozzie Canseco") is
        # the other one's: the relative goes by his first name after.
        keys = {k for k in keys if k not in relatives} if len(keys - relatives) == 1 else keys
        if len(keys) > 1 and used_alone.get(word) in keys:
            keys = {used_alone[word]}
        if len(keys) == 1:
            key = next(iter(keys))
            used_alone.setdefault(word, key)
            found.append((start, end, "Person", key, full_names[key], "short"))

    found = _known_as(normalized, found, sentence_of)
    parsed_doc = doc if read_parse else None
    # What the parse says of the people's and pronouns' spans (None without the parse).
    roles = None if parsed_doc is None else _grammatical_roles(
        parsed_doc, [(f[0], f[1]) for f in found if f[2] == "Person"],
        [(m.start(), m.end()) for m in _PRONOUN.finditer(normalized)])
    found += _pronoun_mentions(normalized, found, sentence_of, roles or _Roles(set(), set(), {}, {}))
    found = _known_as_by_pronoun(normalized, found, sentence_of)
    found += _person_descriptions(normalized, found, sentence_of, roles.subjects if roles else None)
    if parsed_doc is not None and roles is not None:
        found += _club_posts_as_subjects(parsed_doc, found, sentence_of, roles.subjects)
        found += _club_pronouns(parsed_doc, found, sentence_of)
    colleges = frozenset(o.key for o in lexicon.organizations if (o.level or "").startswith("NCAA"))
    teams = [(f[0], f[1]) for f in found if f[2] == "Team"]
    titling = set() if parsed_doc is None else _noun_modifiers(
        parsed_doc, teams, [(f[0], f[1]) for f in found if f[2] == "Person"])
    about_someone = set() if parsed_doc is None else _in_relative_clauses(
        parsed_doc, teams, [(f[0], f[1]) for f in found if f[2] == "Person" and f[5] != "pronoun"])
    about_a_club = set() if parsed_doc is None else _in_relative_clauses(parsed_doc, teams, teams)
    found += _club_descriptions(normalized, found, sentence_of, colleges, titling, about_someone, about_a_club)
    if parsed_doc is not None:
        found += _club_possessive_pronouns(parsed_doc, found, sentence_of, titling)

    mentions = []
    for start, end, entity_type, key, label, kind in sorted(found):
        index = sentence_of(start)
        if index < 0:
            continue
        s_start, s_end = sentences[index]
        mentions.append(Mention(index, s_start, s_end, start, end, text[start:end], entity_type, key, label, kind))
    parses = {}
    if parsed_doc is not None:
        for s_start, s_end in sorted({(m.sentence_start, m.sentence_end) for m in mentions}):
            encoded = parse.encode_span(parsed_doc, s_start, s_end)
            if encoded is not None:
                parses[s_start] = encoded
    return mentions, parses




# Plural words that close the names of bodies other than clubs: "Dayton Daily News", "Fox Sports".
_NOT_A_NICKNAME = frozenset({"News", "Sports", "Times", "Networks", "Communications", "Industries", "Holdings",
                             "Brothers", "Airlines", "Partners", "Associates", "Services", "Systems", "Studios",
                             "Games", "Olympics", "Productions", "Enterprises", "Investments", "Properties",
                             "Resources", "Affairs", "Relations", "Nations", "Islands", "States", "Americas",
                             "Athletics", "Pictures", "Records", "Laboratories", "Labs", "Solutions", "Sciences",
                             "Friends", "Legends", "Awards", "Classics", "Series", "Championships", "Trials",
                             "Leagues", "Majors", "Minors", "Meetings"})


def _of_another_sport(text: str, start: int, end: int) -> bool:
    """Whether the words around an organization's name at `start`-`end` say it plays another sport: "the NFL's
    Baltimore Colts", "the Chicago Black Hawks hockey star"."""
    return _OTHER_SPORT.search(text[max(0, start - 40):start]) is not None or _SPORT_AFTER.match(text, end) is not None


_OTHER_SPORTS = r"(?:NFL|NBA|NHL|MLS|WNBA|football|basketball|hockey|soccer)"
_OTHER_SPORT = re.compile(rf"\b{_OTHER_SPORTS}(?:['’]s)?\s+(?:[a-z]+\s+){{0,2}}(?:,\s+)?(?:the\s+)?$")
_SPORT_AFTER = re.compile(rf"(?:['’]s?)?\s+{_OTHER_SPORTS}\b")


def _is_club_name(tokens: list[Any]) -> bool:
    """Whether an organization's name is shaped as a club's: a place or a sponsor, then a plural nickname the
    model tags as a plural proper noun ("Hyundai Unicorns", "Yolo High Wheelers"), not a company's or an
    outlet's ("Dayton Daily News"), nor a hyphenated surname ("Zamora-Reyes")."""
    last = tokens[-1]
    # Or, as Latin American clubs are named, a nickname, "de" and a place: "Águila de Veracruz", "Tigres del
    # Licey".
    spanish = len(tokens) >= 3 and tokens[1].text in ("de", "del") and tokens[0].text[:1].isupper() \
        and tokens[0].text not in _NOT_A_SPANISH_NICKNAME and last.text[:1].isupper()
    return spanish or len(tokens) >= 2 and last.tag_ == "NNPS" and last.text not in _NOT_A_NICKNAME \
        and all(t.whitespace_ for t in tokens[:-1])


def _nickname_used_alone(tokens: list[Any], text: str) -> bool:
    """Whether an organization's name ends in a plural the article also writes alone after "the", as a club's
    nickname is ("the San Rafael Pacifics" ... "the Pacifics beat"), which no company's name is."""
    last = tokens[-1].text
    return len(tokens) >= 2 and last.endswith("s") and not last.endswith(("ss", "us", "is")) \
        and last[:1].isupper() and last not in _NOT_A_NICKNAME \
        and bool(re.search(rf"\b[Tt]he {re.escape(last)}\b", text))


# Heads of Spanish names of what is no club: "Universidad de Sonora", "Estadio de Béisbol", "Banco de México".
_NOT_A_SPANISH_NICKNAME = frozenset({"Universidad", "Estadio", "Banco", "Instituto", "Ciudad", "Liga", "Serie",
                                     "Copa", "Federación", "Club", "Escuela", "Colegio", "Parque", "Gobierno",
                                     "Secretaría", "Museo", "Salón", "Hospital", "Santo", "San", "Santa"})


# A league named right after an organization makes it one of its clubs: "the Rocky Mount Leafs of the Class A
# Carolina League".
_OF_A_LEAGUE = re.compile(r"\s+of the (?:[A-Z][\w-]*\s+){1,4}League\b")


def model_candidates(doc: Any, occupied: list[tuple[int, int]],
                     not_name_words: frozenset[str]) -> list[tuple[int, int, str, str]]:
    """People and organizations spaCy's model finds where the lexicon and the name rules found nothing:
    (start, end, "Person" or "Organization", label).

    Which wins where they disagree: the lexicon, for every club, league and outlet it knows (the model calls
    "Chihuahuas" a person and "Brewers" a place); the name rules, for every name they found (on the gold
    they are exact, and the model calls "Marcus Feld" an organization in one sentence and a person in the
    next). The model adds only spans nothing else claimed, and only shapes a rule would accept as a full
    name or a proper organization name: two or more capitalised tokens (initials such as "J.J." count), no
    title, not in capitals (a dateline). One-word spans stay out: the model's single-word guesses were
    wrong more often than right on real news ("Feld" as a place, "Brandt" as an organization). An
    organization is a club only when its name is shaped as one (`_is_club_name`: "Hyundai Unicorns").
    """
    text = doc.text
    found = []
    for ent in doc.ents:
        if ent.label_ not in ("PERSON", "ORG"):
            continue
        tokens = [t for t in ent if not (t.text in ("’s", "'s") or t.is_punct and t.text not in (".",))]
        while tokens and (tokens[0].text in not_name_words or tokens[0].text.lower() == "the"):
            tokens.pop(0)
        # "The Des Moines Demons of the Western League": a club and its league, read as one organization.
        of_the = next((i for i, t in enumerate(tokens[:-1]) if i and t.text == "of" and tokens[i + 1].lower_ == "the"),
                      None)
        club_of_a_league = ent.label_ == "ORG" and of_the is not None and _is_club_name(tokens[:of_the])
        if club_of_a_league:
            tokens = tokens[:of_the]
        # A person's surname may be a word that names no one elsewhere: "Ron Washington" (not "Washington" alone).
        while tokens and tokens[-1].text in not_name_words and not (
                ent.label_ == "PERSON" and tokens[-1].i == ent[-1].i and 2 <= len(tokens) <= 3
                and tokens[-1].text not in names.INSTITUTION_HEADS
                and all(t.text not in not_name_words and names.is_name_token(t.text) for t in tokens[:-1])):
            tokens.pop()
        if any(t.text in names.INSTITUTION_HEADS for t in (tokens[1:] if club_of_a_league else ent[1:])):
            continue
        # "Minute Maid Park", read "Maid Park": a place's name the model cut short, not "Chan Ho Park".
        before = doc[ent.start - 1] if ent.start > 0 else None
        if ent[-1].text in names.PLACE_HEADS and before is not None and before.text[:1].isupper() \
                and not before.is_sent_start:
            continue
        if len(tokens) < 2 or any(t.text.isupper() and len(t.text) > 1 and "." not in t.text for t in tokens):
            continue
        start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)
        if _overlaps(start, end, occupied):
            continue
        label = text[start:end]
        after = doc[ent.end] if ent.end < len(doc) else None
        if ent.label_ == "PERSON" and after is not None and after.text.lower() in _EPONYMOUS_NOUNS:
            continue
        if ent.label_ == "PERSON":
            if len(tokens) <= 6 and all(names.is_name_token(t.text) or names.is_particle(t.text)
                                        or names.is_suffix(t.text) or t.text in ("-", '"', "“", "”")
                                        for t in tokens):
                found.append((start, end, "Person", label))
        # Nor a name cut short inside a word ("Hall of" of "Hall of Famer"): one ends on a name's word.
        elif all(t.text[:1].isupper() or t.text in ("of", "de", "&") for t in tokens) and tokens[-1].text[:1].isupper():
            # A club of another sport is no baseball club: "the NFL's Baltimore Colts", "an NBA team, the Bulls".
            other_sport = _of_another_sport(text, start, end)
            # A nickname of people is no club: "Leonard and Gibson were known as the Thunder Twins".
            if _KNOWN_AS_THE.search(text[max(0, start - 20):start]):
                continue
            club = _is_club_name(tokens) or bool(_OF_A_LEAGUE.match(text, end)) or _nickname_used_alone(tokens, text)
            found.append((start, end, "Team" if club and not other_sport else "Organization", label))
    return found


_FEMININE = frozenset({"she", "her", "hers", "herself"})
# Words before a name that say a woman or a man is meant: "Ms. Tilden", "businesswoman Ann Roe".
_FEMININE_TITLE = re.compile(r"\b(?:Ms|Mrs|Miss|Madam)\.?\s*$|\b\w*(?:woman|women)\s*$")
_MASCULINE_TITLE = re.compile(r"\b(?:Mr)\.?\s*$|\b\w*(?<!wo)man\s*$")


_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})


def _noun_modifiers(doc: Any, spans: list[tuple[int, int]], people: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The spans (of `spans`) the model's parse reads as modifying a noun after them that titles a person named
    next: a club in "Tampa Bay Rays general manager Peter Bendix" titles him, it is not what the sentence is
    about (a club in "Mets fans" or "a Dodgers uniform" still is)."""
    text = doc.text
    return {(start, end) for start, end in spans
            if any(re.fullmatch(r"\s+(?:[a-z-]+\s+){1,4}", text[end:p]) for p, _ in people if end < p <= end + 50)
            and any(t.dep_ in ("compound", "nmod") and t.head.pos_ in ("NOUN", "PROPN")
                    and not start <= t.head.idx < end for t in doc if start <= t.idx < end)}


def _subjects(doc: Any, spans: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The spans (of `spans`) the model's parse reads as a clause's subject, alone: not one of two people a
    subject joins ("Willie Wells and George Suttles played beside him. In 1933 he joined": neither is "he")."""
    return {(start, end) for start, end in spans
            if any(t.dep_ in _SUBJECT_DEPS and len(_phrase_people(t, spans)) < 2
                   for t in doc if start <= t.idx < end)}


# The words under a subject that are not its own phrase: a clause, a preposition's phrase, a possessive (an
# apposition is: "The Stars' manager, Bill Gatewood, gave him his nickname").
_NOT_THE_PHRASE = frozenset({"relcl", "acl", "advcl", "prep", "poss"})


def _phrase_people(head: Any, spans: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The spans (of `spans`) in a noun's own phrase (a subject's, an object's): its conjuncts and their titles,
    however the model hung them ("Shortstop Willie Wells and first baseman George (Mule) Suttles", read as one
    noun's modifiers)."""
    phrase = [head]
    for token in phrase:
        phrase += [c for c in token.children if c.dep_ not in _NOT_THE_PHRASE]
    return {(start, end) for start, end in spans if any(start <= t.idx < end for t in phrase)}


class _Roles(NamedTuple):
    """What the model's parse says of the people's and pronouns' spans, for choosing a pronoun's antecedent."""
    subjects: set[tuple[int, int]]  # a clause's subject
    obliques: set[tuple[int, int]]  # the object of a preposition ("a home run off Wakefield", "with Earl Weaver")
    # A pronoun object's own verb's subject, which it cannot stand for ("DeWitt called him": not DeWitt).
    coarguments: dict[tuple[int, int], set[tuple[int, int]]]
    # A pronoun subject of a clause coordinated with an earlier one: that clause's subject, whose story it goes
    # on with ("he married his sweetheart, Carol Bauerle, ... and two years later he was nearly killed": not her).
    continued: dict[tuple[int, int], set[tuple[int, int]]]
    # The subject of a sentence's main clause: whom the sentence is about, before a subordinate clause's subject
    # ("He took over in 1972 after Gil Hodges died. He returned to the Yankees": not Hodges).
    main_subjects: frozenset[tuple[int, int]] = frozenset()
    # Those that say what the sentence quotes or reports ("said Mark O'Brien"): the story's witnesses.
    speakers: frozenset[tuple[int, int]] = frozenset()


def _span_head(doc: Any, start: int, end: int) -> Any:
    """The token of a span whose head lies outside it; None when the span covers no token."""
    inside = [t for t in doc if start <= t.idx < end]
    return next((t for t in inside if not start <= t.head.idx < end or t.head is t), None)


def _clause_marker(verb: Any) -> str | None:
    """The word that opens an adverbial or relative clause ("when", "after", "where"), None for another verb."""
    if verb.dep_ not in ("advcl", "relcl"):
        return None
    return next((c.text.lower() for c in verb.children if c.dep_ in ("mark", "advmod") and c.i < verb.i), None)


_CLAUSES_OF_TIME = frozenset({"before", "after", "until", "when", "once"})


# A preposition or a word of time right after a word: "Early in the season", "Early that year".
_PREPOSITION_AFTER = re.compile(r"\s+(?:in|on|at|of|for|to|after|before|this|that|last|next)\b")


def _without_middle_initials(words: list[str]) -> str | None:
    """A full name without the initials between its given name and surname ("Philip Wrigley" of "Philip K.
    Wrigley"); None when it has none."""
    kept = [w for i, w in enumerate(words) if not (0 < i < len(words) - 1 and re.fullmatch(r"[A-Z]\.", w))]
    return " ".join(kept) if len(kept) < len(words) and len(kept) >= 2 else None


def _short_given_names(written: list[list[str]]) -> dict[str, str]:
    """Two-word names whose given name is the start of another given name of one full name only, of their surname:
    {"Fleet Walker": "Moses Fleetwood Walker"} (beside "Weldy Walker")."""
    fulls = {" ".join(words) for words in written if _is_full_name(words) and not names.is_suffix(words[-1])}
    found = {}
    for words in written:
        if len(words) != 2 or len(words[0]) < 3 or not _is_full_name(words):
            continue
        owners = [full for full in fulls if full.split()[-1] == words[1] and any(
            given != words[0] and given.startswith(words[0]) for given in full.split()[:-1])]
        if len(owners) == 1:
            found[" ".join(words)] = owners[0]
    return found


def _tells_the_time(verb: Any) -> bool:
    """Whether a verb's clause opens with "before", "after", "until", "when": as the model reads it, or right
    before its subject or the name before it (where the model hangs "before the Royals hired him" on the noun
    before it)."""
    if _clause_marker(verb) in _CLAUSES_OF_TIME:
        return True
    subjects = [c for c in verb.children if c.dep_ in _SUBJECT_DEPS]
    at = subjects[0].left_edge.i if subjects else verb.i
    # Without a subject the model gave it, the name right before the verb: "before the Kansas City Royals hired",
    # past the clause set off after it ("before the San Diego Padres, where he was general manager, put him").
    while not subjects and at > 0:
        before = verb.doc[at - 1]
        if before.pos_ in ("PROPN", "DET"):
            at -= 1
        elif before.text == "," and before.head.pos_ == "PROPN" and before.head.i < before.i \
                and before.head.left_edge.i < at - 1:
            at = before.head.left_edge.i
        else:
            break
    return at > 0 and verb.doc[at - 1].lower_ in _CLAUSES_OF_TIME


def _grammatical_roles(doc: Any, spans: list[tuple[int, int]], pronouns: list[tuple[int, int]]) -> _Roles:
    obliques, coarguments = set(), {}
    for start, end in spans:
        token = _span_head(doc, start, end)
        while token is not None and token.dep_ in ("conj", "appos", "compound", "flat") and token.head is not token:
            token = token.head  # "with Brooks Robinson, Jim Palmer and manager Earl Weaver": all objects of "with"
        # "on Bucky Dent's home run": a possessive of a preposition's object is as oblique; so is one of a name
        # that is no subject ("he played for a dozen clubs, among them Rube Foster's American Giants, the
        # Harrisburg Giants, whom he managed": not Foster), but not one of a common noun ("The Giants bought
        # Irvin's contract ..., and he was called up": Irvin).
        if token is not None and (token.dep_ == "pobj" or token.dep_ == "poss" and (
                token.head.dep_ == "pobj" or token.head.dep_ not in _SUBJECT_DEPS and (
                    token.head.pos_ == "PROPN" or any(c.dep_ == "compound" and c.pos_ == "PROPN"
                                                      for c in token.head.children)))):
            obliques.add((start, end))
    continued = {}
    for start, end in pronouns:
        token = _span_head(doc, start, end)
        if token is not None and token.dep_ in _SUBJECT_DEPS and token.head.dep_ == "conj":
            first = token.head.head
            first_subjects = [c for c in first.children if c.dep_ in _SUBJECT_DEPS]
            continued[(start, end)] = {(s, e) for s, e in spans + pronouns
                                       if any(s <= c.idx < e for c in first_subjects)}
        elif token is not None and token.dep_ in _SUBJECT_DEPS and (marker := _clause_marker(token.head)):
            # A clause opened as an earlier one of its sentence was goes on with that one's subject: "when Rizzo
            # sent Scherzer and Trea Turner to the Dodgers, and ..., when he traded Soto" (Rizzo).
            parallel = [v for v in token.sent if v.i < token.head.i and _clause_marker(v) == marker]
            first_subjects = [c for v in parallel for c in v.children if c.dep_ in _SUBJECT_DEPS]
            if first_subjects:
                continued[(start, end)] = {(s, e) for s, e in spans + pronouns
                                           if any(s <= c.idx < e for c in first_subjects)}
        if token is not None and token.dep_ == "poss" and token.head.lemma_ in relations.LEADS:
            # "keep Brent Kemnitz on his staff", "hired Dunn as his bench coach": the one put on a staff does not
            # lead it.
            staff, verb = token.head, token.head
            while verb.dep_ in ("pobj", "prep") and verb.head is not verb:
                verb = verb.head
            placed = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")] if verb is not staff else []
            coarguments[(start, end)] = {span for c in placed for span in _phrase_people(c, spans + pronouns)}
        if token is None or token.dep_ not in ("dobj", "dative", "pobj"):
            continue
        verb = token.head.head if token.dep_ == "pobj" else token.head
        # "Hillman led the Fighters to the title before the Royals hired him": the object of a clause of time goes
        # on with the subject of the clause it tells the time of.
        if token.dep_ == "dobj" and _tells_the_time(verb) and verb.head is not verb:
            main_subjects = [c for c in verb.head.children if c.dep_ in _SUBJECT_DEPS]
            # ... a relative clause's subject being its antecedent: "Jim Bowden, who was general manager of the
            # Reds before the Nationals hired him" (Bowden).
            main_subjects = [verb.head.head if c.lower_ in ("who", "that") and verb.head.dep_ == "relcl" else c
                             for c in main_subjects]
            continued[(start, end)] = {(s, e) for s, e in spans + pronouns
                                       if any(s <= c.idx < e for c in main_subjects)}
        # A relative clause's subject "who" is its antecedent: "said Mark O'Brien, who gave him the scholarship".
        subject_tokens = [verb.head if c.lower_ in ("who", "that") and verb.dep_ == "relcl" else c
                          for c in verb.children if c.dep_ in _SUBJECT_DEPS]
        # "DeWitt called him ... and traded him"; but not "led the Fighters before the Royals hired him".
        if not subject_tokens and verb.dep_ == "conj" and not _tells_the_time(verb):
            subject_tokens = [c for c in verb.head.children if c.dep_ in _SUBJECT_DEPS]
        # "promoted bench coach Kelly to replace him", "Maddon is expected to hire Callaway to replace him": an
        # infinitive's own subject is its head's object or subject, and him is neither.
        infinitive = verb.dep_ == "xcomp" or verb.dep_ == "advcl" and any(
            c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
        head = verb.head
        while not [c for c in verb.children if c.dep_ in _SUBJECT_DEPS] and infinitive and head is not verb:
            subject_tokens += [c for c in head.children if c.dep_ in _SUBJECT_DEPS or c.dep_ == "dobj"]
            infinitive = head.dep_ in ("xcomp", "advcl") and head.head is not head
            verb, head = head, head.head
        # ... nor anyone its subject joins: "Wells and Suttles played beside him".
        coarguments[(start, end)] = {span for c in subject_tokens for span in _phrase_people(c, spans + pronouns)}
    subjects = _subjects(doc, spans + pronouns)
    main = frozenset((start, end) for start, end in subjects if any(
        t.dep_ in _SUBJECT_DEPS and _heads_the_sentence(t) for t in doc if start <= t.idx < end))
    # "His first managing job lasted 138 games before owner Bob Short fired him": a main subject that names no one
    # is about its possessor, not about the subject of a clause under it.
    main |= frozenset((start, end) for start, end in spans + pronouns if any(
        t.dep_ == "poss" and t.head.dep_ in _SUBJECT_DEPS and _heads_the_sentence(t.head)
        and not _phrase_people(t.head, [s for s in spans + pronouns if s != (start, end)])
        for t in doc if start <= t.idx < end))
    speakers = frozenset((start, end) for start, end in subjects if any(
        t.dep_ in _SUBJECT_DEPS and t.head.lemma_ in _SAYING for t in doc if start <= t.idx < end))
    return _Roles(subjects, obliques, coarguments, continued, main, speakers)


_SAYING = frozenset({"say", "add", "tell", "recall", "explain"})


def _heads_the_sentence(subject: Any) -> bool:
    """Whether `subject` is the subject of its sentence's main verb (or of a verb joined to it)."""
    return bool(subject.head.dep_ == "ROOT" or subject.head.dep_ == "conj" and subject.head.head.dep_ == "ROOT")


def _pronoun_mentions(text: str, found: list[tuple[int, int, str, str, str, str]],
                      sentence_of: Any, roles: _Roles) -> list[tuple[int, int, str, str, str, str]]:
    """He, she, his, her: the last person named before, within PRONOUN_REACH sentences, outside quotations, whose
    gender does not disagree: a person is a woman or a man once a title says so ("Ms.", "chairwoman") or a
    pronoun already stood for them ("Kayla Nguyen-Brooks ... She ..."); "he" then skips her, and "she" goes to
    her before anyone named since whose gender nothing has said.

    With the model's parse (`roles`), a pronoun object never stands for its own verb's subject ("DeWitt called
    him"), and a pronoun subject or object that its own sentence gives no one else to stand for continues the
    story of the last sentence before it that speaks of someone: that sentence's subject, or else the person a
    pronoun there stood for ("Roenicke was Cora's bench coach in 2018. He managed the Brewers": Roenicke, not
    Cora; "New York traded him for prospect Zack Wheeler. He broke in with Kansas City": him, not Wheeler). A
    pronoun subject does the same when its sentence named people before it only as objects of prepositions
    ("With Palmer and manager Earl Weaver, he won another title": the story's man, not Weaver), and passes over
    such people when its sentence named someone else ("Williams, the son of Jimy Williams, ... when he was a
    player": the son). A subject pronoun of a clause coordinated with an earlier one goes on with that clause's
    subject, past anyone the earlier clause named after it ("he married ... Carol Bauerle ..., and two years
    later he was nearly killed": not her)."""
    people = sorted((f for f in found if f[2] == "Person"), key=lambda f: f[0])
    gender: dict[str, str] = {}
    for p in people:
        preceding = text[max(0, p[0] - 30):p[0]]
        if _FEMININE_TITLE.search(preceding):
            gender.setdefault(p[3], "f")
        elif _MASCULINE_TITLE.search(preceding) and not re.search(r"\b(?:baseman|chairman)\s*$", preceding):
            gender.setdefault(p[3], "m")
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    resolved: list[tuple[int, int, str, str, str, str]] = []
    named_subjects = roles.subjects & {(p[0], p[1]) for p in people}  # a pronoun there is the fallback
    for m in _PRONOUN.finditer(text):
        if _overlaps(m.start(), m.end(), quoted):
            continue
        span, here = (m.start(), m.end()), sentence_of(m.start())
        wanted = "f" if m.group(0).lower() in _FEMININE else "m"
        # "Moniak's father, Matt, played at Cal State, and his grandfather, Bill Moniak, ...": a relative of the
        # one whose relative the sentence named first, not of that relative.
        kin_owner = next((p for p in people if sentence_of(p[0]) == here and p[1] < m.start()
                          and _KIN_OF_A_NAME.match(text, p[1])), None) \
            if _KIN_AFTER_PRONOUN.match(text, m.end()) else None
        if kin_owner is not None:
            resolved.append((m.start(), m.end(), "Person", kin_owner[3], kin_owner[4], "pronoun"))
            continue
        # The last person named, or the last pronoun already resolved: "Wally ... His ... He".
        before = sorted([p for p in people if p[1] <= m.start()] + resolved, key=lambda f: f[0])
        barred = {p[3] for p in before if (p[0], p[1]) in roles.coarguments.get(span, ())}
        agreeing = [p for p in before if gender.get(p[3], wanted) == wanted and p[3] not in barred]
        same = [p for p in agreeing if sentence_of(p[0]) == here]
        # "He spent the season on Gardenhire's staff, his first as a coach": a possessive "his" too.
        if (span in roles.subjects or span in roles.coarguments or m.group(0).lower() == "his") and any(
                (p[0], p[1]) not in roles.obliques for p in same):
            # "Williams, the son of Jimy Williams, ..., when he was a player": not one named under a preposition.
            # Unless the pronoun goes on with him: "on Al Dunn, who was GM of the Reds before the Nationals hired
            # him".
            kept = roles.continued.get(span, set())
            agreeing = [p for p in agreeing if sentence_of(p[0]) < here or (p[0], p[1]) not in roles.obliques
                        or (p[0], p[1]) in kept]
            same = [p for p in same if (p[0], p[1]) not in roles.obliques or (p[0], p[1]) in kept]
        earlier = [p for p in agreeing if sentence_of(p[0]) < here]
        is_subject = span in roles.subjects
        # "... under manager Casey Stengel, who remained a friend. A back injury ended his playing career": a
        # possessive that opens its sentence's people goes on with the last sentence's centre, as a subject does.
        # (Not after a suffix the sentences were split at: "cost Cal Ripken Sr. his job".)
        opening_possessive = m.group(0).lower() in ("his", "her") and not same \
            and not _AFTER_A_SUFFIX.search(text[max(0, m.start() - 6):m.start()])
        if earlier and (is_subject or span in roles.coarguments or opening_possessive) and (
                not same or is_subject and all((p[0], p[1]) in roles.obliques for p in same)):
            centre = _centre(earlier, named_subjects, sentence_of, roles.main_subjects, roles.speakers)
            if centre is not None and centre[3] not in barred:
                last = sentence_of(earlier[-1][0])
                agreeing = [p for p in earlier if sentence_of(p[0]) < last] + [centre]
        continuing = [p for p in same if (p[0], p[1]) in roles.continued.get(span, ())]
        if continuing:
            agreeing = [p for p in agreeing if p[0] <= continuing[-1][0]]
        if wanted == "f":  # most people in baseball news are men: "she" goes to a known woman first
            within = [p for p in agreeing if here - sentence_of(p[0]) <= PRONOUN_REACH]
            agreeing = [p for p in within if gender.get(p[3]) == "f"] or agreeing
        if agreeing and here - sentence_of(agreeing[-1][0]) <= PRONOUN_REACH:
            _, _, _, key, label, _ = agreeing[-1]
            gender.setdefault(key, wanted)
            resolved.append((m.start(), m.end(), "Person", key, label, "pronoun"))
    return resolved


# "The 26-year-old outfielder", "the former catcher", "the right-hander": a person the story spoke of just before,
# described by age, former post or position. Not "the manager" alone: that may be anyone's manager.
_PERSON_DESCRIPTION = re.compile(
    r"\b[Tt]he (?:(?:\d{2}-year-old|former|veteran|longtime|one-time|rookie|young|[a-z]+-time All-Star|All-Star|"
    r"[a-z]+-[a-z]+(?:ing|ed))\s+)*"
    r"(?:(?:right|left)-hander|righty|lefty|outfielder|infielder|pitcher|catcher|shortstop|"
    r"(?:first|second|third) baseman|designated hitter|slugger|reliever|closer|starter|ace|\d{2}-year-old|"
    r"(?<=former )(?:manager|general manager|GM|executive|coach|skipper|star))\b(?![’'-])")


_APPOSED = re.compile(r",\s*")


def _described_before(text: str, people: list[tuple[int, int, str, str, str, str]],
                      description: re.Match[str]) -> tuple[int, int, str, str, str, str] | None:
    """The one person the article named before a description with the age it gives ("Cano, 36," for "the
    36-year-old") or the title ("second baseman Robinson Cano" for "the second baseman"); the latest such
    mention when several name one person, None when none does or two people do."""
    words = description.group(0).split()
    age = next((w.split("-")[0] for w in words if w.endswith("-year-old")), None)
    noun = " ".join(words[-2:]) if words[-1] == "baseman" else words[-1]
    found = []
    for p in people:
        if p[1] > description.start() or p[5] not in ("name", "short"):
            continue
        if age and re.match(rf",\s*{age}\b", text[p[1]:p[1] + 6]):
            found.append(p)
        elif not age and noun[:1].islower() and re.search(rf"\b{re.escape(noun)}s?\s+$", text[max(0, p[0] - 40):p[0]]):
            found.append(p)
    keys = {p[3] for p in found}
    return found[-1] if len(keys) == 1 else None


def _centre(before: list[tuple[int, int, str, str, str, str]], subjects: set[tuple[int, int]],
            sentence_of: Any, main_subjects: frozenset[tuple[int, int]] = frozenset(),
            speakers: frozenset[tuple[int, int]] = frozenset()) -> tuple[int, int, str, str, str, str] | None:
    """Whom the last sentence of the people `before` (in text order) is about: its main clause's subject (a name
    or a pronoun, of `main_subjects`), else its first subject, else the first person a pronoun there stood for;
    None when it has none of them. One who only speaks there (of `speakers`) gives way to the one a pronoun there
    stood for ("said Mark O'Brien, the coach, who gave him the scholarship. No club drafted him": him)."""
    last = sentence_of(before[-1][0])
    there = [p for p in before if sentence_of(p[0]) == last]
    centre = [p for p in there if (p[0], p[1]) in main_subjects] or [p for p in there if (p[0], p[1]) in subjects] \
        or [p for p in there if p[5] == "pronoun"]
    if centre and (centre[0][0], centre[0][1]) in speakers:
        spoken_of = [p for p in there if p[5] == "pronoun" and p[3] != centre[0][3]]
        return spoken_of[0] if spoken_of else centre[0]
    return centre[0] if centre else None


def _person_descriptions(text: str, found: list[tuple[int, int, str, str, str, str]], sentence_of: Any,
                         subjects: set[tuple[int, int]] | None) -> list[tuple[int, int, str, str, str, str]]:
    """Each description of a person, as a mention of whom the last sentence before it that speaks of someone was
    about: that sentence's subject (by the model's parse), or the person a pronoun there stood for; none
    without the parse, or when that sentence has neither."""
    if subjects is None:
        return []
    people = sorted((f for f in found if f[2] == "Person"), key=lambda f: f[0])
    taken = [(f[0], f[1]) for f in found]
    described = []
    matches = list(_PERSON_DESCRIPTION.finditer(text))
    # "The left-hander and the right-hander won 49 games between them": two people, neither one of them alone.
    paired = {m.start() for a, b in zip(matches, matches[1:], strict=False)
              if re.fullmatch(r"\s+and\s+", text[a.end():b.start()]) for m in (a, b)}
    for m in matches:
        if _overlaps(m.start(), m.end(), taken) or m.start() in paired:
            continue
        # A description in apposition is the name's it follows ("Robinson Canó, the 41-year-old former Yankees
        # star"); else whom the article gave that age ("Soto, 25,") or that title ("second baseman Robinson Cano").
        apposed = not any(m.end() < p[0] <= m.end() + 2 for p in people)  # not "the 41-year-old Tomas Vidal"
        matching = next((p for p in people if apposed and p[1] <= m.start() and p[5] in ("name", "short")
                         and _APPOSED.fullmatch(text[p[1]:m.start()])), None) or _described_before(text, people, m)
        if matching is not None:
            _, _, _, key, label, _ = matching
            described.append((m.start(), m.end(), "Person", key, label, "description"))
            continue
        centre = _story_person(people, m.start(), sentence_of, subjects)
        if centre is not None:
            _, _, _, key, label, _ = centre
            described.append((m.start(), m.end(), "Person", key, label, "description"))
    return described


def _story_person(people: list[tuple[int, int, str, str, str, str]], at: int, sentence_of: Any,
                  subjects: set[tuple[int, int]]) -> tuple[int, int, str, str, str, str] | None:
    """Whom the last sentence before `at` that speaks of someone was about (_centre), within PRONOUN_REACH
    sentences; None beyond it or without one."""
    here = sentence_of(at)
    before = [p for p in people if sentence_of(p[0]) < here]
    if not before or here - sentence_of(before[-1][0]) > PRONOUN_REACH:
        return None
    return _centre(before, subjects, sentence_of)


# The nouns of a post a club's possessive may open as a sentence's subject, with no name after them.
_POST_NOUNS = frozenset({"manager", "owner", "president", "chairman", "coach", "executive", "skipper"})


def _club_posts_as_subjects(doc: Any, found: list[tuple[int, int, str, str, str, str]], sentence_of: Any,
                            subjects: set[tuple[int, int]]) -> list[tuple[int, int, str, str, str, str]]:
    """Each club's post named as a clause's subject without a name ("Frank Lane traded the home run champion. The
    Cleveland Indians' general manager sent outfielder Rocky Colavito to the Tigers"), as a mention, by its
    title's words, of whom the last sentence before it that speaks of someone was about (as _person_descriptions);
    the post is then his, not the name's the clause goes on to."""
    people = sorted((f for f in found if f[2] == "Person"), key=lambda f: f[0])
    clubs = [(f[0], f[1]) for f in found if f[2] == "Team"]
    taken = [(f[0], f[1]) for f in found]
    described = []
    for token in doc:
        if token.dep_ not in _SUBJECT_DEPS or token.lower_ not in _POST_NOUNS or token.i + 1 < len(doc) \
                and doc[token.i + 1].pos_ == "PROPN":
            continue
        owners = [c for c in token.children if c.dep_ == "poss"]
        if not owners or not any(s <= owners[0].idx < e for s, e in clubs) or any(
                c.pos_ == "PROPN" and c.dep_ != "poss" for c in token.children):
            continue
        words = [c for c in token.children if c.dep_ in ("amod", "compound") and c.i > owners[0].i] + [token]
        start, end = min(w.idx for w in words), token.idx + len(token.text)
        centre = None if _overlaps(start, end, taken) else _story_person(people, start, sentence_of, subjects)
        if centre is not None:
            described.append((start, end, "Person", centre[3], centre[4], "description"))
    return described


def mention_rows(doc_id: str, text: str, lexicon: Lexicon, use_model: bool = True,
                 read_parse: bool = True, published: str | None = None) -> list[dict[str, Any]]:
    """find_mentions as plain rows, with the document id and the sentence text; the first mention of each
    sentence carries the sentence's parse (`sentence_parse`, once a sentence: a parse is larger than a row), and
    each the article's date (`article_date`, "2024-06", null when the article states none)."""
    # `published` ("2016-10-05" or "2016-10", from the article's sidecar) wins over a date the text gives.
    date = (int(published[:4]), int(published[5:7])) if published else dates.article_date(text)
    mentions, parses = read_article(text, lexicon, use_model, read_parse, date[0] if date else None)
    written = f"{date[0]:04d}-{date[1]:02d}" if date else None
    rows = []
    for m in mentions:
        rows.append({"doc_id": doc_id, "sentence": text[m.sentence_start:m.sentence_end], **asdict(m),
                     "sentence_parse": parses.pop(m.sentence_start, None), "article_date": written})
    return rows
