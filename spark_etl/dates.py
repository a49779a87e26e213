"""When an article was written, and the years its relative expressions ("last season", "the past four seasons")
stand for, counted from that date.

An article's date is read from its own text: a "Published"/"Updated"/"Posted" line, a date line near the top
("Oct. 29, 2010"), or a dateline that carries one ("HOUSTON, June 10, 2024 —"). No date is better than a guessed
one: an article without one gets none, and its relative expressions stay unresolved.

>>> article_date("Reds claim deHaan\\n\\nPublished June 10, 2024\\n\\nCINCINNATI — The Reds ...")
(2024, 6)
>>> [(y0, y1) for _, _, y0, y1 in relative_years("He spent the past four seasons there, and last season", (2025, 1))]
[(2021, 2024), (2024, 2024)]
>>> [(y0, y1) for _, _, y0, y1 in relative_years("He debuted in 2018 and won it the following year", (2025, 1))]
[(2019, 2019)]
"""

from __future__ import annotations

import re

MONTHS = {name: n for n, names in enumerate((
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
    ("july", "jul"), ("august", "aug"), ("september", "sept", "sep"), ("october", "oct"), ("november", "nov"),
    ("december", "dec")), start=1) for name in names}
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DATE = _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?P<year>(?:18|19|20)\d\d)\b"
# A line that is a date, says when it was published, or opens with a dateline carrying one.
_DATE_LINE = re.compile(r"^\s*(?:(?:published|updated|posted|last updated)(?: on)?:?\s+|[A-Z][A-Za-z .,'-]{1,40},\s+)?"
                        + _DATE, re.I | re.M)
# How far into an article its date may stand (headline, byline, date line, first paragraph's dateline).
_HEAD_LINES = 8

_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
            "eleven": 11, "twelve": 12}
_RELATIVE = re.compile(
    r"\b(?:(?P<one>last|this|next|this past|the previous|the following|the next) (?:season|year)"
    r"|the (?:past|last|previous) (?P<count>two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})"
    r" (?:full )?(?:seasons|years)"
    r"|(?P<ago>two|three|four|five|six|seven|eight|nine|ten|\d{1,2}|a) (?:seasons|years|season|year) ago)\b", re.I)
WEEKDAYS = frozenset({"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"})
# A day the news happened on, within a week of the article's date: its year is the article's.
DAY_OF_NEWS = re.compile(r"\b(?:on )?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|today|yesterday|"
                         r"tonight|this week|last week|this morning|last night)\b")


# "MONTERREY, Mexico, June 3, 2024 — ", "CLEVELAND (AP) — ": where a story's first sentence says where it was filed.
_DATELINE = re.compile(r"^[A-Z][A-Z .'’-]+(?:,\s+[A-Z][\w.]*(?:\s[A-Z][\w.]*)*)*(?:,\s+" + _DATE + r")?"
                       r"\s*(?:\([A-Za-z ]+\))?\s+[—–]+\s+", re.I)


def dateline_end(sentence: str) -> int:
    """Where a sentence's text starts after its dateline (0 without one): a year in the dateline is the
    story's, not a year of anything the sentence says.

    >>> s = "MONTERREY, Mexico, June 3, 2024 — The Sultanes fired him."
    >>> s[dateline_end(s):]
    'The Sultanes fired him.'
    """
    found = _DATELINE.match(sentence)
    return found.end() if found and found.group(0)[:2].isupper() else 0


def article_date(text: str) -> tuple[int, int] | None:
    """(year, month) the article was written, from the first date line near its top; None without one."""
    head = "\n".join(text.splitlines()[:_HEAD_LINES])
    found = _DATE_LINE.search(head)
    if found is None:
        return None
    return int(found.group("year")), MONTHS[found.group("month").lower()]


def last_season(date: tuple[int, int]) -> int:
    """The last season played by `date`: before April, the year before's."""
    year, month = date
    return year - 1 if month < 4 else year


def relative_years(sentence: str, date: tuple[int, int] | None) -> list[tuple[int, int, int, int]]:
    """(start, end, first year, last year) of each relative expression of years in `sentence`, counted from the
    article's `date`; none without a date."""
    if date is None:
        return []
    year = date[0]
    found = []
    for m in _RELATIVE.finditer(sentence):
        if m.group("one"):
            word = m.group("one").lower()
            if word in ("the previous", "the following", "the next"):
                # Counted from the year the sentence names before it ("in 2018 ... the following year"), not
                # from the article's date; without one, none.
                named = [int(y) for y in re.findall(r"\b(?:18|19|20)\d\d\b", sentence[:m.start()])]
                if named:
                    first = named[-1] + (-1 if word == "the previous" else 1)
                    found.append((m.start(), m.end(), first, first))
                continue
            # "last season" written in November is the one just ended; in June, the year before's.
            first = {"last": year if date[1] >= 11 else year - 1, "this past": last_season(date),
                     "next": year + 1}.get(word, year)
            found.append((m.start(), m.end(), first, first))
        elif m.group("count"):
            count = _NUMBERS.get(m.group("count").lower()) or int(m.group("count"))
            end = last_season(date)
            found.append((m.start(), m.end(), end - count + 1, end))
        else:
            ago = 1 if m.group("ago").lower() == "a" else _NUMBERS.get(m.group("ago").lower()) or int(m.group("ago"))
            found.append((m.start(), m.end(), year - ago, year - ago))
    return found
