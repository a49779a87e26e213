"""Finding mentions and facts in one article's text: plain functions the Spark stage runs per partition.

Sentences and tokens come from spaCy's blank English pipeline (no model download).
Organizations come from the reference lexicon; people from the shape and context of
the text, never from a list of names. Facts are read sentence by sentence from cue
words around the mentions.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any
from collections.abc import Iterable

from spark_etl.lexicon import Lexicon

# A token that can be part of a person's name: "Wally", "McNeil", "O’Day", "J.".
_NAME_TOKEN = re.compile(r"^(?:[A-Z][a-z]+(?:[A-Z][a-z]+)?|Mc[A-Z][a-z]+|O’[A-Z][a-z]+|[A-Z]\.)$")
_POSSESSIVE = ("’s", "'s")
_PRONOUN = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.I)
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
# A pronoun stands for the last person named at most this many sentences before it.
PRONOUN_REACH = 2

# Role cues, most specific first; the cue nearest to the person and organization wins.
ROLE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("GeneralManager", re.compile(r"\b(?:general manager|GM)\b", re.I)),
    ("Executive", re.compile(r"\b(?:COO|CEO|president|chief operating officer|executive)\b")),
    ("Owner", re.compile(r"\b(?:owner|owners)\b", re.I)),
    ("Coach", re.compile(r"\b(?:coach|coaching)\b", re.I)),
    ("Manager", re.compile(r"\b(?:manager|managing|manage|manages|managed|managerial|piloted|skipper|top job)\b",
                           re.I)),
    ("Player", re.compile(r"\b(?:played|playing|drafted|draft|selection|second baseman|pitcher|outfielder|"
                          r"shortstop|catcher|prospect|debut|homegrown|hitter|starter|starting)\b", re.I)),
)
# A title written right before a name binds that role to that person: "GM Sandy Alderson".
_TITLE_BEFORE_NAME = re.compile(
    r"(?:(?P<GeneralManager>general manager|GM)|(?P<Executive>COO|CEO|president)|(?P<Manager>manager)|"
    r"(?P<Owner>owner))\s*$", re.I)
_GIVEN_TO = re.compile(r"^[^.;]{0,60}\b(?:went|goes|go|was given|was awarded|fell) to\s+$")
# How far (in characters, both gaps added up) a cue may stand from the pair it links.
MAX_CUE_DISTANCE = 80

EVENT_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("drafted", re.compile(r"\b(?:drafted|draft|first[- ]round selection|selection)\b", re.I)),
    ("fired", re.compile(r"\b(?:fired|fire|let go|relieved\b.{0,80}\bof (?:their|his) duties|"
                         r"short-circuiting his employment)\b", re.I)),
    ("resigned", re.compile(r"\b(?:resigned|resigning|resignation)\b", re.I)),
    ("hired", re.compile(r"\b(?:hired|named (?:the )?manager|has been named|accept the job|"
                         r"handed\b.{0,60}\bassignment)\b", re.I)),
    ("promoted", re.compile(r"\bpromoted\b", re.I)),
)
_REPRIMAND = re.compile(r"\breprimand(?:ed)?\b", re.I)
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)(?:\s*[-–]\s*(\d{2}|\d{4}))?\b")
_RECORD = re.compile(r"\b(?:went|record(?:\s+\w+){0,3}\s+is|finished)\s+(\d{1,3})[-–](\d{1,3})\b", re.I)
_ROUND = re.compile(r"\b(first|second|third|fourth|fifth|1st|2nd|3rd|\d+th)[- ]round\b", re.I)
_OVERALL_PICK = re.compile(r"\((\d+)(?:st|nd|rd|th) overall\)")
_ROUNDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3}
_ORG_TYPES = ("Team", "League", "MediaOrganization")


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
    kind: str  # name, short (surname or first name), pronoun, organization


def slug(text: str) -> str:
    """A stable IRI-safe key: 'Wally Backman' -> 'wally-backman'."""
    ascii_text = text.lower().replace("’", "").replace("'", "").replace(".", "")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


@lru_cache(maxsize=1)
def _nlp() -> Any:
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


@lru_cache(maxsize=8)
def _surface_pattern(forms: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def _sentences(text: str) -> Iterable[tuple[int, int]]:
    """Yield (start, end) of each sentence; a line break always ends one (headlines have no full stop)."""
    nlp = _nlp()
    offset = 0
    for line in text.split("\n"):
        if line.strip():
            for sent in nlp(line).sents:
                stripped = sent.text.strip()
                if stripped:
                    start = offset + sent.start_char + (len(sent.text) - len(sent.text.lstrip()))
                    yield start, start + len(stripped)
        offset += len(line) + 1


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in pattern.finditer(text)]


def _overlaps(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return any(start < t_end and t_start < end for t_start, t_end in taken)


def _name_runs(text: str, start: int, end: int, taken: list[tuple[int, int]],
               not_name_words: frozenset[str]) -> list[tuple[int, int, list[str]]]:
    """Runs of capitalised name-like tokens in text[start:end], outside the spans already taken."""
    runs: list[tuple[int, int, list[str]]] = []
    current: list[tuple[int, int, str]] = []

    def close() -> None:
        words = list(current)
        # Leading and trailing titles and sentence openers are not part of a name.
        while words and (words[0][2] in not_name_words or _nlp().vocab[words[0][2].lower()].is_stop):
            words.pop(0)
        while words and words[-1][2] in not_name_words:
            words.pop()
        if words and not any(w[2] in not_name_words for w in words):
            runs.append((words[0][0], words[-1][1], [w[2] for w in words]))
        current.clear()

    for token in _nlp()(text[start:end]):
        t_start = start + token.idx
        word = token.text
        possessive = next((s for s in _POSSESSIVE if word.endswith(s) and len(word) > len(s)), None)
        if possessive:
            word = word[: -len(possessive)]
        t_end = t_start + len(word)
        if _NAME_TOKEN.match(word) and not _overlaps(t_start, t_end, taken):
            current.append((t_start, t_end, word))
            if possessive or token.whitespace_ != " ":
                close()
        else:
            close()
    close()
    return runs


def find_mentions(text: str, lexicon: Lexicon) -> list[Mention]:
    """Every organization and person mention in an article (pronouns resolved), with sentence and offsets."""
    # Same-length normalisation keeps offsets valid: a left quote used as an apostrophe.
    normalized = text.replace("‘", "’")
    forms = lexicon.surface_forms()
    orgs = lexicon.by_key()
    org_spans = _spans(_surface_pattern(tuple(forms)), normalized)
    taken = [(s, e) for s, e, _ in org_spans]
    blocked = list(lexicon.places | lexicon.awards)
    taken += [(s, e) for s, e, _ in _spans(_surface_pattern(tuple(blocked)), normalized)
              if not _overlaps(s, e, taken)]

    sentences = list(_sentences(normalized))

    def sentence_of(pos: int) -> int:
        return next((i for i, (s, e) in enumerate(sentences) if s <= pos < e), -1)

    found: list[tuple[int, int, str, str, str, str]] = []  # start, end, type, key, label, kind
    for s, e, surface in org_spans:
        org = orgs[forms[surface]]
        found.append((s, e, org.type, org.key, org.label, "organization"))

    full_names: dict[str, str] = {}  # key -> label
    singles: list[tuple[int, int, str]] = []
    for s_start, s_end in sentences:
        for start, end, words in _name_runs(normalized, s_start, s_end, taken, lexicon.not_name_words):
            if 2 <= len(words) <= 3:
                label = " ".join(words)
                full_names.setdefault(slug(label), label)
                found.append((start, end, "Person", slug(label), label, "name"))
            elif len(words) == 1:
                singles.append((start, end, words[0]))

    # Within one article a lone surname or first name stands for the full name it abbreviates,
    # when exactly one person of the article carries it.
    by_part: dict[str, set[str]] = {}
    for key, label in full_names.items():
        parts = label.split()
        for part in (parts[0], parts[-1]):
            by_part.setdefault(part, set()).add(key)
    for start, end, word in singles:
        keys = by_part.get(word, set())
        if len(keys) == 1:
            key = next(iter(keys))
            found.append((start, end, "Person", key, full_names[key], "short"))

    found += _pronoun_mentions(normalized, found, sentence_of)

    mentions = []
    for start, end, entity_type, key, label, kind in sorted(found):
        index = sentence_of(start)
        if index < 0:
            continue
        s_start, s_end = sentences[index]
        mentions.append(Mention(index, s_start, s_end, start, end, text[start:end], entity_type, key, label, kind))
    return mentions


def _pronoun_mentions(text: str, found: list[tuple[int, int, str, str, str, str]],
                      sentence_of: Any) -> list[tuple[int, int, str, str, str, str]]:
    """He, she, his, her: the last person named before, within PRONOUN_REACH sentences, outside quotations."""
    people = sorted((f for f in found if f[2] == "Person"), key=lambda f: f[0])
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    resolved: list[tuple[int, int, str, str, str, str]] = []
    for m in _PRONOUN.finditer(text):
        if _overlaps(m.start(), m.end(), quoted):
            continue
        # The last person named, or the last pronoun already resolved: "Wally ... His ... He".
        before = sorted([p for p in people if p[1] <= m.start()] + resolved, key=lambda f: f[0])
        if before and sentence_of(m.start()) - sentence_of(before[-1][0]) <= PRONOUN_REACH:
            _, _, _, key, label, _ = before[-1]
            resolved.append((m.start(), m.end(), "Person", key, label, "pronoun"))
    return resolved


def _gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, max(a[0], b[0]) - min(a[1], b[1]))


def _in_parentheses(sentence: str, sentence_start: int, mention: dict[str, Any]) -> bool:
    before = sentence[: mention["start"] - sentence_start]
    return before.rfind("(") > before.rfind(")")


def _years(sentence: str, sentence_start: int) -> list[tuple[int, int, int]]:
    """(start, end, year) for each year, ranges such as '2013-14' expanded to every year."""
    years = []
    for m in _YEAR.finditer(sentence):
        first = int(m.group(1))
        last = first
        if m.group(2):
            tail = m.group(2)
            last = int(tail) if len(tail) == 4 else first // 100 * 100 + int(tail)
        for year in range(first, last + 1 if 0 <= last - first <= 20 else first + 1):
            years.append((sentence_start + m.start(), sentence_start + m.end(), year))
    return years


def _fact(relation: str, person: dict[str, Any], obj: dict[str, Any] | None, start: int, end: int,
          **extra: Any) -> dict[str, Any]:
    return {
        "relation": relation, "person_key": person["entity_key"], "person_label": person["label"],
        "object_key": obj["entity_key"] if obj else None, "object_label": obj["label"] if obj else None,
        "object_type": obj["entity_type"] if obj else None,
        "role": extra.get("role"), "year": extra.get("year"), "value": extra.get("value"),
        "start": start, "end": end,
    }


def _nearest(items: list[dict[str, Any]], span: tuple[int, int]) -> dict[str, Any] | None:
    return min(items, key=lambda m: _gap((m["start"], m["end"]), span), default=None)


def _memberships(sentence: str, sentence_start: int, people: list[dict[str, Any]],
                 teams: list[dict[str, Any]], media: list[dict[str, Any]],
                 lexicon_parents: dict[str, str]) -> list[dict[str, Any]]:
    facts = []
    # Each role word belongs to the person mention nearest to it: "manager Jerry Manuel", "GM Sandy Alderson".
    # But a post that "went to" someone is theirs: "the top job, a post that ultimately went to Collins".
    cues = []
    for role, pattern in ROLE_CUES:
        for m in pattern.finditer(sentence):
            span = (sentence_start + m.start(), sentence_start + m.end())
            receivers = [p for p in people if p["start"] >= span[1] and _GIVEN_TO.search(
                sentence[span[1] - sentence_start: p["start"] - sentence_start])]
            owner = receivers[0] if receivers else _nearest(people, span)
            cues.append((role, span, owner["entity_key"] if owner else None))
    for person in people:
        p_span = (person["start"], person["end"])
        title = _TITLE_BEFORE_NAME.search(sentence[: person["start"] - sentence_start])
        titled_role = title.lastgroup if title and person["kind"] == "name" else None
        own_cues = [(role, span) for role, span, owner in cues if owner == person["entity_key"]]
        for org in teams:
            o_span = (org["start"], org["end"])
            if titled_role in ("GeneralManager", "Executive", "Owner"):
                # Front-office titles belong to the major-league club, even when an affiliate is named.
                parent = lexicon_parents.get(org["entity_key"])
                target = dict(org, entity_key=parent, label=None) if parent else org
                facts.append(_fact("member", person, target, min(p_span[0], o_span[0]),
                                   max(p_span[1], o_span[1]), role=titled_role))
                continue
            if _gap(p_span, o_span) > MAX_CUE_DISTANCE:
                continue
            scored = [(2 * _gap(p_span, span) + _gap(o_span, span), role) for role, span in own_cues]
            scored = [s for s in scored if s[0] <= 2 * MAX_CUE_DISTANCE + _gap(p_span, o_span)]
            if scored:
                facts.append(_fact("member", person, org, min(p_span[0], o_span[0]),
                                   max(p_span[1], o_span[1]), role=min(scored)[1]))
        for outlet in media:
            between = sentence[person["end"] - sentence_start: outlet["start"] - sentence_start]
            if re.fullmatch(r"\s+of(?: the)?\s+", between):
                facts.append(_fact("member", person, outlet, person["start"], outlet["end"], role="Reporter"))
    return facts


def _is_opponent(sentence: str, sentence_start: int, mention: dict[str, Any]) -> bool:
    # "a game against the Bees", "beat the Bees": the other side of a game, not the person's team.
    return bool(re.search(r"\b(?:(?:game|games|series|win|loss|played|playing)\s+(?:\w+\s+){0,2}against|versus|"
                          r"vs\.?|beat|defeated)\s+(?:the\s+)?$", sentence[: mention["start"] - sentence_start]))


def _own_teams(sentence: str, sentence_start: int, mentions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The teams a sentence can place its people in: not a parenthesised parent club, not an opponent."""
    return [m for m in mentions if m["entity_type"] == "Team"
            and not _in_parentheses(sentence, sentence_start, m) and not _is_opponent(sentence, sentence_start, m)]


def sentence_facts(sentence: str, sentence_start: int, mentions: list[dict[str, Any]],
                   lexicon_parents: dict[str, str] | None = None,
                   awards: Iterable[str] = ()) -> list[dict[str, Any]]:
    """Facts stated in one sentence: memberships, events, awards, records, ages (years active: article_facts)."""
    parents = lexicon_parents or {}
    people = [m for m in mentions if m["entity_type"] == "Person"]
    teams = _own_teams(sentence, sentence_start, mentions)
    media = [m for m in mentions if m["entity_type"] == "MediaOrganization"]
    if not people:
        return []
    facts = _memberships(sentence, sentence_start, people, teams, media, parents)
    years = _years(sentence, sentence_start)

    for relation, pattern in EVENT_CUES:
        for m in pattern.finditer(sentence):
            span = (sentence_start + m.start(), sentence_start + m.end())
            team = _nearest(teams, span)
            # Everyone named inside the phrase ("relieved both Minaya and manager Manuel of their duties").
            inside = [p for p in people if span[0] <= p["start"] and p["end"] <= span[1]]
            nearest = _nearest(people, span)
            subjects = inside or ([nearest] if nearest else [])
            if team is None:
                continue
            year = _nearest_year(years, span)
            value = _draft_detail(sentence) if relation == "drafted" else None
            for person in {p["entity_key"]: p for p in subjects}.values():
                facts.append(_fact(relation, person, team, min(span[0], person["start"]),
                                   max(span[1], person["end"]), year=year, value=value))

    reprimand = _REPRIMAND.search(sentence)
    if reprimand:
        at = sentence_start + reprimand.start()
        subject = _nearest([p for p in people if p["end"] <= at], (at, at))
        agent = _nearest([p for p in people if p["start"] > at], (at, at))
        if subject and agent and subject["entity_key"] != agent["entity_key"]:
            facts.append(_fact("reprimanded", subject, agent, subject["start"], agent["end"],
                               year=_nearest_year(years, (at, at))))

    for award in awards:
        for m in re.finditer(re.escape(award), sentence):
            span = (sentence_start + m.start(), sentence_start + m.end())
            winner = _nearest(people, span)
            if winner is not None:
                award_mention = {"entity_key": slug(award), "label": award, "entity_type": "Award"}
                facts.append(_fact("award", winner, award_mention, min(span[0], winner["start"]), span[1],
                                   year=_nearest_year(years, span)))

    for m in _RECORD.finditer(sentence):
        span = (sentence_start + m.start(), sentence_start + m.end())
        manager = _nearest(people, span)
        if manager is not None:
            facts.append(_fact("record", manager, None, manager["start"], span[1],
                               value=f"{m.group(1)}-{m.group(2)}", year=_nearest_year(years, span, after=True)))

    for person in people:
        age = re.match(r",\s*(\d{2}),", sentence[person["end"] - sentence_start:])
        if age and person["kind"] in ("name", "short"):
            facts.append(_fact("age", person, None, person["start"], person["end"] + age.end(), value=age.group(1)))
    return facts


def article_facts(sentences: list[tuple[str, int, list[dict[str, Any]]]],
                  lexicon_parents: dict[str, str] | None = None,
                  awards: Iterable[str] = ()) -> list[dict[str, Any]]:
    """Facts of a whole article: each sentence's facts, and the years each stated membership was active.

    A year belongs to the team named nearest to it in its sentence; a person of that sentence
    was active with the team that year when the article states their membership anywhere.
    """
    facts: list[dict[str, Any]] = []
    for sentence, start, mentions in sentences:
        found = sentence_facts(sentence, start, mentions, lexicon_parents, awards)
        facts += [dict(f, sentence_start=start) for f in found]
    members = {(f["person_key"], f["object_key"]) for f in facts if f["relation"] == "member"}
    for sentence, start, mentions in sentences:
        people = {m["entity_key"]: m for m in mentions if m["entity_type"] == "Person"}
        teams = _own_teams(sentence, start, mentions)
        for y_start, y_end, year in _years(sentence, start):
            team = _nearest(teams, (y_start, y_end))
            if team is None:
                continue
            for person in people.values():
                if (person["entity_key"], team["entity_key"]) in members:
                    facts.append(dict(_fact("active_in", person, team, min(team["start"], y_start),
                                            max(team["end"], y_end), year=year), sentence_start=start))
    return facts


def _draft_detail(sentence: str) -> str | None:
    """'round 1, pick 16' from "a first round selection (16th overall)"; None when neither is stated."""
    round_match, pick = _ROUND.search(sentence), _OVERALL_PICK.search(sentence)
    parts = []
    if round_match:
        parts.append(f"round {_ROUNDS.get(round_match.group(1).lower(), round_match.group(1))}")
    if pick:
        parts.append(f"pick {pick.group(1)}")
    return ", ".join(parts) or None


def _nearest_year(years: list[tuple[int, int, int]], span: tuple[int, int], after: bool = False) -> int | None:
    candidates = [y for y in years if not after or y[0] >= span[1]]
    best = min(candidates, key=lambda y: _gap((y[0], y[1]), span), default=None)
    return best[2] if best else None


def mention_rows(doc_id: str, text: str, lexicon: Lexicon) -> list[dict[str, Any]]:
    """find_mentions as plain rows, with the document id and the sentence text."""
    return [
        {"doc_id": doc_id, "sentence": text[m.sentence_start:m.sentence_end], **asdict(m)}
        for m in find_mentions(text, lexicon)
    ]
