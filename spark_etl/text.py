"""Finding mentions and memberships in one article's text: plain functions the Spark stage runs per partition.

Sentences and tokens come from spaCy's blank English pipeline (no model download).
Organizations are found from the reference lexicon; people from the shape and
context of the text, never from a list of names.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Iterable

from spark_etl.lexicon import Lexicon

# A token that can be part of a person's name: "Wally", "McNeil", "O’Day", "J.".
_NAME_TOKEN = re.compile(r"^(?:[A-Z][a-z]+(?:[A-Z][a-z]+)?|Mc[A-Z][a-z]+|O’[A-Z][a-z]+|[A-Z]\.)$")
_POSSESSIVE = ("’s", "'s")

# Role cues, most specific first; the cue nearest to the person and organization wins.
ROLE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("GeneralManager", re.compile(r"\b(?:general manager|GM)\b", re.I)),
    ("Executive", re.compile(r"\b(?:COO|CEO|president|chief operating officer|executive)\b")),
    ("Owner", re.compile(r"\b(?:owner|owners)\b", re.I)),
    ("Coach", re.compile(r"\b(?:coach|coaching)\b", re.I)),
    ("Manager", re.compile(r"\b(?:manager|managing|manage|manages|managed|managerial|piloted|skipper|top job)\b", re.I)),
    ("Player", re.compile(r"\b(?:played|playing|drafted|draft|selection|second baseman|pitcher|outfielder|"
                          r"shortstop|catcher|prospects?|debut|homegrown)\b", re.I)),
    ("Member", re.compile(r"\b(?:hired|fired|extended|joined|signed|promoted|tenure)\b", re.I)),
)
# How far (in characters, both gaps added up) a cue may stand from the pair it links.
MAX_CUE_DISTANCE = 80


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
    """Every organization and person mention in an article, with sentence and character offsets."""
    # Same-length normalisation keeps offsets valid: a left quote used as an apostrophe.
    normalized = text.replace("‘", "’")
    forms = lexicon.surface_forms()
    orgs = lexicon.by_key()
    org_spans = _spans(_surface_pattern(tuple(forms)), normalized)
    taken = [(s, e) for s, e, _ in org_spans]
    taken += [(s, e) for s, e, _ in _spans(_surface_pattern(tuple(lexicon.places)), normalized)
              if not _overlaps(s, e, taken)]

    sentences = list(_sentences(normalized))

    def sentence_of(pos: int) -> int:
        return next((i for i, (s, e) in enumerate(sentences) if s <= pos < e), -1)

    found: list[tuple[int, int, str, str, str]] = []  # start, end, type, key, label
    for s, e, surface in org_spans:
        org = orgs[forms[surface]]
        found.append((s, e, org.type, org.key, org.label))

    full_names: dict[str, str] = {}  # key -> label
    singles: list[tuple[int, int, str]] = []
    for s_start, s_end in sentences:
        for start, end, words in _name_runs(normalized, s_start, s_end, taken, lexicon.not_name_words):
            if 2 <= len(words) <= 3:
                label = " ".join(words)
                full_names.setdefault(slug(label), label)
                found.append((start, end, "Person", slug(label), label))
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
            found.append((start, end, "Person", key, full_names[key]))

    mentions = []
    for start, end, entity_type, key, label in sorted(found):
        index = sentence_of(start)
        if index < 0:
            continue
        s_start, s_end = sentences[index]
        mentions.append(Mention(index, s_start, s_end, start, end, text[start:end], entity_type, key, label))
    return mentions


def _gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, max(a[0], b[0]) - min(a[1], b[1]))


def sentence_memberships(sentence: str, sentence_start: int,
                         people: list[dict[str, Any]], organizations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Memberships stated in one sentence: a person, a team and the role cue nearest to both."""
    cues = [(role, sentence_start + m.start(), sentence_start + m.end())
            for role, pattern in ROLE_CUES for m in pattern.finditer(sentence)]
    results = []
    for person in people:
        p_span = (person["start"], person["end"])
        for org in organizations:
            o_span = (org["start"], org["end"])
            # A role word belongs to the person it stands next to ("manager Jerry Manuel") more than to the team.
            scored = [(2 * _gap(p_span, (cs, ce)) + _gap(o_span, (cs, ce)), i, role)
                      for i, (role, cs, ce) in enumerate(cues)]
            scored = [s for s in scored if s[0] <= 2 * MAX_CUE_DISTANCE + _gap(p_span, o_span)]
            if not scored or _gap(p_span, o_span) > MAX_CUE_DISTANCE:
                continue
            _, _, role = min(scored)
            results.append({
                "person_key": person["entity_key"], "person_label": person["label"],
                "org_key": org["entity_key"], "org_label": org["label"], "role": role,
                "start": min(p_span[0], o_span[0]), "end": max(p_span[1], o_span[1]),
            })
    return results


def mention_rows(doc_id: str, text: str, lexicon: Lexicon) -> list[dict[str, Any]]:
    """find_mentions as plain rows, with the document id and the sentence text."""
    return [
        {"doc_id": doc_id, "sentence": text[m.sentence_start:m.sentence_end], **asdict(m)}
        for m in find_mentions(text, lexicon)
    ]
