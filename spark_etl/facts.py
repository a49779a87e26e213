"""Reading the facts an article states about the people and organizations it names: memberships with their
years, events, awards, records and ages, sentence by sentence, from cue words around the mentions and, where
the model parsed the sentence, from its structure (spark_etl/relations.py).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from typing import Any
from collections.abc import Callable, Iterable, Sequence

from spark_etl import dates, parse, relations
from spark_etl.mentions import OPPONENT_BEFORE, STANDINGS_BEFORE
from spark_etl.names import slug

# Managers of things other than a club: "hedge fund manager Steven Cohen", "the team's equipment manager".
_OTHER_MANAGERS = ("fund", "business", "equipment", "portfolio", "investment", "money", "asset", "wealth", "campaign",
                   "office", "property", "marketing", "sales", "account", "brand", "product", "project", "program",
                   "tour", "road", "stage", "personal", "restaurant", "store", "plant", "risk", "media", "ticket")
# A head coach leads a club as its manager does (a college's, a national team's); an associate or assistant head
# coach is a coach.
_HEAD_COACH = r"(?<!associate )(?<!assistant )head coach"
# Role cues, most specific first; the cue nearest to the person and organization wins.
ROLE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # An assistant general manager is an executive under the general manager, not one.
    ("GeneralManager", re.compile(r"(?<!assistant )(?<!assistant to the )\b(?:general manager|GM)\b", re.I)),
    # A club's secretary ran its business in the early game: "Ernest S. Barnard, the Cleveland club's secretary".
    ("Executive", re.compile(r"\b(?:COO|CEO|(?<!press )secretary(?:-treasurer)?|(?i:president|chief \w+ officer|"
                             r"executive|assistant general managers?|assistant GMs?|vice presidents?|"
                             r"director of [a-z]+(?: [a-z]+)?|athletic director|"
                             r"special (?:assistants?|advisers?|advisors?)|senior (?:advisers?|advisors?)|"
                             r"farm director|front office))\b")),
    ("Owner", re.compile(r"\b(?:owner|owners|chairman|chairwoman|(?:managing |general |limited )partners?)\b", re.I)),
    ("Broadcaster", re.compile(r"\b(?:broadcaster|broadcasters|broadcast team|broadcasting|play-by-play|announcer|"
                               r"color commentator|analyst|radio voice|television voice|TV voice)\b", re.I)),
    # Scouts unnamed are no one's title: "the Giants had sent scouts to watch him".
    ("Scout", re.compile(r"\b(?:scout|scouting director|area scout|scouts(?=\s+(?-i:[A-Z]))|(?<=, )scouts)\b", re.I)),
    # An associate or assistant manager is a coach on the manager's staff.
    # ... and so is an assistant to someone or at a club: "an assistant at Arkansas under Dave Van Horn".
    ("Coach", re.compile(r"\b(?<!(?<!associate |assistant )head )(?:coach|coaching|(?:associate|assistant) manager|"
                         r"(?<!special )(?<!executive )assistant(?= (?:at|for|with|on)\b))\b", re.I)),
    ("Manager", re.compile(r"\b(?:" + "".join(f"(?<!{w} )" for w in (*_OTHER_MANAGERS, "associate", "assistant"))
                           + r"manager|"
                           rf"{_HEAD_COACH}|"
                           r"managing(?! (?:general )?partner| director| editor)|manage|manages|"
                           r"managed|managerial|piloted|skipper|top job)\b",
                           re.I)),
    # A title, or its plural right before a list of names ("outfielders Trey Mancini and Cedric Mullins").
    # Not a part in a show, nor any other thing played: "played the deputy on television's "Bonanza"".
    ("Player", re.compile(r"\b(?:played(?!\s+(?:the|a|an)\s+(?!(?:outfield|infield|field|games?|seasons?|series|"
                          r"years?|full|entire|whole|rest|remainder|bulk|majority|first|second|third|last|final|"
                          r"next|past|previous|\d)\b)[a-z])|"
                          r"playing|pitched for|hit \.\d{3}|batted|drafted|draft|selection|"
                          r"(?:first|second|third) basem[ae]n|(?:pitcher|infielder|outfielder|left-hander|"
                          r"right-hander|reliever|closer|ace|slugger|(?:center|left|right) fielder|shortstop|"
                          r"catcher|prospect|hitter|starter)(?:s(?=\s+(?-i:[A-Z])))?|"
                          # Words that are a title only before the names they title ("Yankees star Alex
                          # Rodriguez", "Brothers captain Chou Szu-chi"), not in "feel like a star".
                          r"(?:captain|(?<!-)star|(?<!\w-)All-Star|\d+-game winner)s?"
                          r"(?=\s+(?-i:[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ]))"
                          r"(?!\s+(?-i:Game|Games|Tribune|Week|Weekend|Futures|Classic|Series)\b)|"
                          r"utility man|debut|homegrown|(?<=player-)(?:manager|coach)|"
                          # What a player did for a club, counted: "hit 868 home runs for Yomiuri" (not "called
                          # minor league games for the Binghamton Mets").
                          r"\d[\d,]*\s+(?:home runs|homers|innings|games|saves|hits|strikeouts|stolen bases|wins|"
                          r"victories|runs batted in|RBIs)(?=\s+for\s+(?:the\s+)?(?-i:[A-Z]))|"
                          # "the starting shortstop", not "starting in 1992" or "starting the season".
                          r"starting(?!\s+(?:in|on|at|with|from|this|that|next|last|the|a|an|his|her|their|its|"
                          r"over|out|as|to|\d+)\b))\b", re.I)),
)
_POSSESSIVE_TITLE = re.compile(r"(?:’s|'s|’|')\s+(?:[a-z-]+\s+){0,2}")
# The same, where the words between are the title's own ("the Cardinals' bench coach"), not a clause's ("the
# Dodgers' staff after managing").
_CLUBS_TITLE = re.compile(r"(?:’s|'s|’|')\s+(?:(?!(?:after|before|and|or|but|to|for|with|in|at|as|of|since|until|"
                          r"from|by|when|while|then|was|is|were|had|has)\b)[a-z-]+\s+){0,2}")
# The words between a title and the club, or the place, it is of: "coach for the Marlins", "manager of Double-A
# Erie", "head coach at Maryland", "a coach for the expansion San Diego Padres".
_TITLES_CLUB = re.compile(r"\s+(?:for|with|of|at)\s+(?:the\s+)?(?:[a-z]+\s+)?(?=[A-Z])")


def _of_another(sentence: str, sentence_start: int, cue: tuple[int, int], club_list: tuple[int, int]) -> bool:
    """Whether a title is written as of something named that is not in the club's list: "the head coach at
    Maryland" is no title at Vanderbilt. Not a verb ("played for Cleveland"), which may tell what its subject did
    at the clubs before it too."""
    if _VERB_CUE.search(sentence[cue[0] - sentence_start: cue[1] - sentence_start]):
        return False
    of = _TITLES_CLUB.match(sentence, cue[1] - sentence_start)
    return of is not None and not club_list[0] <= sentence_start + of.end() < club_list[1]


_VERB_CUE = re.compile(r"(?:ed|ing|for|manages?)$", re.I)
# A title written right before a name binds that role to that person: "GM Sandy Alderson".
_TITLE_BEFORE_NAME = re.compile(
    r"(?:(?P<Executive>COO|CEO|president(?: of baseball operations)?|chief \w+ officer|assistant general manager|"
    r"assistant GM|(?:executive )?vice president(?: of [a-z]+(?: [a-z]+)?)?)|(?P<GeneralManager>general manager|GM)|"
    rf"(?P<Manager>manager|{_HEAD_COACH})|(?P<Owner>owner|chairman|chairwoman))\s*$", re.I)
# A role someone wants is not one they hold: "longed to return as a coach", "to pursue coaching opportunities".
_WISHED_FOR = re.compile(r"\b(?:long(?:s|ed)? to|wants? to|wanted to|hopes? to|hoped to|pursue|seek(?:s|ing)?|"
                         r"would like to|aspires? to|dreams? of|interview(?:ed)? for)\b[^,;.]{0,40}$", re.I)
_TENURE = re.compile(r"\b(?:joined|rejoined|spent|served|remained|stayed|held|worked|returned)\b", re.I)
# A club, then its title's modifiers, then the title: "Chicago White Sox third base coach", "Rays senior vice
# president", "Houston's bench coach".
# A modifier is no verb (a past form, or a present one of the verbs news uses between a club and a name: "the
# Reds recalled outfielder X", "Mets sign right-hander X"), adverb or function word.
_CLUB_BEFORE_TITLE = re.compile(
    r"(?:’s|'s|’|'|\s+of)?\s+(?:(?!(?:and|or|of|the|a|an|to|for|with|in|at|by|from|as|on|said|says|told|tells|was|is|are|"
    r"were|has|have|had|will|would|can|could|also|then|now|still|former|keep|keeps|sign|signs|hire|hires|fire|"
    r"fires|name|names|add|adds|trade|trades|send|sends|acquire|acquires|promote|promotes|release|releases|"
    r"claim|claims|recall|recalls|option|options|activate|activates|place|places|tab|tabs|land|lands|get|gets|"
    r"deal|deals|bring|brings|re-sign|re-signs|welcome|welcomes|lose|loses|move|moves|let|lets|"
    r"sent|dealt|brought|got|lost|made|took|gave|won|kept|put|paid|sold|bought|left|held|ran|became|went|came)\b)"
    r"(?:[a-z][a-z-]*(?<!ed)(?<!ly)|\d+-[a-z]+|All-Star|Triple-A|Double-A|Class-A)\s+){0,3}")
# Titles a name may follow (nouns, not the verbs among the role cues: "drafted Max Clark" names no post).
_TITLE_WORD = re.compile(r"(?:(?:general |assistant )?manager|GM|coach|coordinator|instructor|scout|director|"
                         r"owner|broadcaster|announcer|analyst|president|officer|COO|CEO|chairman|executive|"
                         r"basem[ae]n|pitchers?|infielders?|outfielders?|left-handers?|right-handers?|lefty|righty|"
                         r"relievers?|closers?|aces?|sluggers?|fielders?|shortstops?|catchers?|prospects?|hitters?|"
                         r"starters?|captains?|stars?|winners?|utility man|designated hitter|skipper)$", re.I)
# ", the former Miami Marlins and St. Louis Cardinals outfielder,", ", a former first-round pick of the Red Sox
# who later pitched for the Padres,": what a name's apposition says, up to the comma that closes it.
# An age may come first: "Tae Park, 22, the son of ...".
_APPOSITION = re.compile(r"(?:,\s+\d{1,2})?,\s+(?:(?:then|now|once|formerly)\s+)?(?:a|an|the)\s+"
                         r"[^,;:()\"“”]{3,160}?(?=,|;|[.!?]?[\"”’)]*\s*$)")
# ", the son of", ", the younger brother of": an apposition naming the person's relative.
_KINSHIP = re.compile(r"(?:,\s+\d{1,2})?,\s+(?:a|an|the)\s+(?:\w+\s+)?(?:grand)?(?:son|daughter|brother|sister|"
                      r"father|mother|nephew|niece|cousin|uncle|wife|husband|widow)(?:-in-law)?\s+of\b", re.I)
_OF_THE_CLUB = re.compile(r"\s+of\s+(?:the\s+)?")
_PLAY = re.compile(r"\b(?:pitch\w*|thr[eo]w\w*|innings?|homer\w*|hits?|(?:no-)?hitters?|RBIs?|runs?|struck|"
                   r"strikeouts?|relief|relievers?|"
                   r"lineup|rotation|roster|batt\w+|at-bats?|starts?|started|saves?|players?|games?)\b", re.I)
_OWNING_PRONOUN = re.compile(r"\s+(?:[a-z-]+\s+){0,2}")


def _appositions(sentence: str, sentence_start: int, people: list[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """Each full name's apposition, as (start, end) offsets by the start of the person it describes: the name's,
    up to the comma that closes it, or to another person it names ("Haskins Jr., the son of former Tigers
    outfielder Trey Haskins"). A kinship apposition describes the relative it names, not the name before it
    ("Kent, the son of former San Francisco Giants MVP Jeff Kent": the Giants are Jeff Kent's)."""
    found: dict[int, tuple[int, int]] = {}
    for person in people:
        apposition = _APPOSITION.match(sentence[person["end"] - sentence_start:]) \
            if person["kind"] in ("name", "short") else None
        if apposition:
            named = [p["start"] for p in people if person["end"] < p["start"] < person["end"] + apposition.end()]
            end = min(named, default=person["end"] + apposition.end())
            # Of a kinship apposition naming no relative ("the son of a former Mariners pitcher"), its clubs are
            # no one's here: a key no person has.
            owner = person["start"] if not _KINSHIP.match(apposition.group(0)) else end if named \
                else -1 - person["start"]
            start, stop = found.get(owner, (person["end"], end))
            found[owner] = (min(start, person["end"]), max(stop, end))
    return found


def _owns_the_title(sentence: str, sentence_start: int, person: dict[str, Any], title: tuple[int, int]) -> bool:
    """Whether the person is written as the owner of the title after it ("Leyland's bench coach", "her player"),
    not of an act of theirs ("Alonso's debut with the Mets" is his)."""
    cue = sentence[title[0] - sentence_start: title[1] - sentence_start]
    if person["end"] > title[0] or not _TITLE_WORD.search(cue):
        return False
    between = sentence[person["end"] - sentence_start: title[0] - sentence_start]
    if person.get("surface", "").lower() in ("his", "her", "their"):
        return bool(_OWNING_PRONOUN.fullmatch(between))
    return bool(_POSSESSIVE_TITLE.fullmatch(between))
_GIVEN_TO = re.compile(r"^[^.;]{0,60}\b(?:went|goes|go|was given|was awarded|fell) to\s+$")
# How far (in characters, both gaps added up) a cue may stand from the pair it links.
MAX_CUE_DISTANCE = 80

EVENT_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("drafted", re.compile(r"\b(?:drafted|draft|first[- ]round selection|selection|(?:\w+[- ]round|overall) pick)\b",
                           re.I)),
    ("fired", re.compile(r"\b(?:fired|fire|let go|relieved\b.{0,80}\bof (?:their|his) duties|"
                         r"short-circuiting his employment)\b", re.I)),
    ("resigned", re.compile(r"\b(?:resigned|resigning|resignation)\b", re.I)),
    ("hired", re.compile(r"\b(?:hired|joined|named (?:the )?manager|named\b[^.,;]{0,40}\b(?:their|its) (?:new )?"
                         r"manager|has been named|accept the job|"
                         r"handed\b.{0,60}\bassignment)\b", re.I)),
    ("promoted", re.compile(r"\bpromoted\b", re.I)),
)
_EVENT_CUE = dict(EVENT_CUES)
_REPRIMAND = re.compile(r"\breprimand(?:ed)?\b", re.I)
# What a year says about a role stated in its sentence, read from the words just before it (same clause).
# A draft year is the draft's, not the role's: a club drafts a player years before his debut.
_DRAFT_WORD = r"\b(?:drafted|draft|selection|selected|pick)\b"
_YEAR_OF_DRAFT = re.compile(_DRAFT_WORD + r"[^,;:]{0,60}$", re.I)
_DRAFT_AFTER_YEAR = re.compile(r"[^,;:]{0,60}" + _DRAFT_WORD, re.I)
_YEAR_BEGINS = re.compile(r"\b(?:began|begin|begins|debut|debuted|embarked|joined|joining|hired|named|since|"
                          r"signed|arrived|took over|started|promoted|from|bought|purchased|acquired|founded)\b"
                          r"[^,;:]{0,40}$", re.I)
_YEAR_ENDS = re.compile(r"\b(?:ended|ending|until|left|leaving|fired|departure|resigned|retired)\b[^,;:]{0,40}$"
                        r"|\b(?:to|through)\s+(?:the\s+)?$"
                        # "came from the Padres in the December 1997 trade": the year he left the club he came from.
                        r"|\bfrom\s+(?:the\s+)?(?-i:[A-Z])[^,;:]{0,40}$", re.I)
_AFTER_SEASON = re.compile(r"\bafter the\s*$", re.I)
# "reach the World Series for the first time since 2009": a year of the club's history, not of anyone's role.
_FIRST_TIME_SINCE = re.compile(r"\bfirst time (?:since|in)\s*$", re.I)
_SEASON_COUNT = re.compile(r"(?<!last )(?<!past )\b(two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) "
                           r"(?:full )?seasons\b", re.I)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)(?:\s*[-–]\s*(\d{2}|\d{4}))?\b")
# A year that tells a club's edition, not a date: "the 2016 team", "the 1927 club".
_EDITION = re.compile(r"\s+(?:team|squad|club|champions|champs|roster)\b", re.I)
_RECORD = re.compile(r"\b(?:went|record(?:\s+\w+){0,3}\s+is|finished)\s+(\d{1,3})[-–](\d{1,3})\b", re.I)
_ROUND = re.compile(r"\b(first|second|third|fourth|fifth|1st|2nd|3rd|\d+th)[- ]round\b", re.I)
_OVERALL_PICK = re.compile(r"\((\d+)(?:st|nd|rd|th) overall\)")
_ROUNDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3}
_ORG_TYPES = ("Team", "League", "MediaOrganization")


def _gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, max(a[0], b[0]) - min(a[1], b[1]))


def _in_parentheses(sentence: str, sentence_start: int, mention: dict[str, Any]) -> bool:
    before = sentence[: mention["start"] - sentence_start]
    return before.rfind("(") > before.rfind(")")


def _range_end(m: re.Match[str]) -> int | None:
    """The last year of a range matched by _YEAR ("2013-14": 2014, "2010–2016": 2016); None when the match is
    one year, or a range too long or backwards to be one."""
    if not m.group(2):
        return None
    first, tail = int(m.group(1)), m.group(2)
    last = int(tail) if len(tail) == 4 else first // 100 * 100 + int(tail)
    return last if 0 <= last - first <= 20 else None


def _years(sentence: str, sentence_start: int) -> list[tuple[int, int, int]]:
    """(start, end, year) for each year, ranges such as '2013-14' expanded to every year."""
    years = []
    for m in _YEAR.finditer(sentence):
        if _EDITION.match(sentence, m.end()):
            continue  # "tore down the core of the 2016 team": which team, not when
        first = int(m.group(1))
        for year in range(first, (_range_end(m) or first) + 1):
            years.append((sentence_start + m.start(), sentence_start + m.end(), year))
    return years


def _fact(relation: str, person: dict[str, Any], obj: dict[str, Any] | None, start: int, end: int,
          **extra: Any) -> dict[str, Any]:
    return {
        "relation": relation, "person_key": person["entity_key"], "person_label": person["label"],
        "object_key": obj["entity_key"] if obj else None, "object_label": obj["label"] if obj else None,
        "object_type": obj["entity_type"] if obj else None,
        "role": extra.get("role"), "year": extra.get("year"), "value": extra.get("value"),
        "start": start, "end": end, "start_year": extra.get("start_year"), "end_year": extra.get("end_year"),
    }


def _nearest(items: list[dict[str, Any]], span: tuple[int, int]) -> dict[str, Any] | None:
    return min(items, key=lambda m: _gap((m["start"], m["end"]), span), default=None)


def _team_of_year(teams: list[dict[str, Any]], span: tuple[int, int], sentence: str,
                  sentence_start: int) -> dict[str, Any] | None:
    """The team a year in a sentence belongs to: the nearest one with no comma between them, else the nearest
    ("Niehoff, who played for the Phillies in their pennant season of 1915, manages the Blue Sox": the
    Phillies')."""
    def set_apart(team: dict[str, Any]) -> bool:
        first, last = sorted((team["end"], span[0]) if team["end"] <= span[0] else (span[1], team["start"]))
        return "," in sentence[first - sentence_start: last - sentence_start]
    return _nearest([t for t in teams if not set_apart(t)], span) or _nearest(teams, span)


# "Mets name Noah Syndergaard as Opening Day starter", "Rays hire Delia Marchetti as manager": a club doing
# the naming, in a headline, is the club of the role.
_HEADLINE_NAMING = re.compile(r"\s+(?:name|names|named|hire|hires|hired|sign|signs|signed|promote|promotes|tab|tabs)"
                              r"\s+", re.I)


def is_headline(sentence: str) -> bool:
    """A line that ends without a sentence's closing punctuation: a headline, a caption fragment, a kicker."""
    return not re.search(r"[.!?\"”’)…]\s*$", sentence)


def role_years(sentence: str, sentence_start: int, org: dict[str, Any],
               teams: list[dict[str, Any]], date: tuple[int, int] | None = None) -> tuple[int | None, int | None]:
    """The first and last year of a role at `org` that its sentence states, each None when it states none.

    A year belongs to the team named nearest to it. Words before it say what it is: "began ... in 1998" and
    "debut ... in 1980" start the role, "ended in 1988" and "departure after the 2016 season" end it,
    "2013-14" and "from 2010 to 2016" give both, "for five seasons" counts back from an end (or on from a
    start), and a plain "in 2002" places the role in that year (first and last year 2002: what the sentence
    says, not more). A draft year is the draft's. No year is better than a wrong one. With the article's
    `date`, relative years count too: "last season", "the past four seasons" (spark_etl/dates.py).
    """
    if org.get("kind") == "description":
        return None, None  # "the club" stands for a club named elsewhere: a year beside it may be anyone's
    starts: list[int] = []
    ends: list[int] = []
    for rel_start, rel_end, rel_first, rel_last in dates.relative_years(sentence, date):
        nearest = _team_of_year(teams, (sentence_start + rel_start, sentence_start + rel_end), sentence,
                                sentence_start)
        if nearest is not None and nearest["entity_key"] == org["entity_key"]:
            before = sentence[:rel_start]
            begins, finishes = _YEAR_BEGINS.search(before), _YEAR_ENDS.search(before)
            if rel_first != rel_last or not (begins or finishes):
                starts.append(rel_first)
                ends.append(rel_last)
            elif begins and (not finishes or begins.start() > finishes.start()):
                starts.append(rel_first)
            else:
                ends.append(rel_last)
    body = dates.dateline_end(sentence)
    for m in _YEAR.finditer(sentence):
        span = (sentence_start + m.start(), sentence_start + m.end())
        nearest = _team_of_year(teams, span, sentence, sentence_start)
        if nearest is None or nearest["entity_key"] != org["entity_key"] or m.start() < body \
                or _EDITION.match(sentence, m.end()):
            continue
        before, after = sentence[: m.start()], sentence[m.end():]
        first = int(m.group(1))
        if m.group(2):
            last = _range_end(m)
            if last is not None:
                starts.append(first)
                ends.append(last)
            continue
        if _YEAR_OF_DRAFT.search(before) or _DRAFT_AFTER_YEAR.match(after) or _FIRST_TIME_SINCE.search(before):
            continue
        begins, finishes = _YEAR_BEGINS.search(before), _YEAR_ENDS.search(before)
        if begins and (not finishes or begins.start() > finishes.start()):
            # "hired after the 2010 season": the role starts the season after.
            starts.append(first + 1 if _AFTER_SEASON.search(before) else first)
        elif finishes:
            ends.append(first)
        else:
            starts.append(first)
            ends.append(first)
    # "for five seasons, until ... 2016" counts back from the end; the count belongs to the team nearest to it
    # ("another five seasons for the Twins" is not a count of Mets seasons).
    count = next((m for m in _SEASON_COUNT.finditer(sentence)
                  if (_nearest(teams, (sentence_start + m.start(), sentence_start + m.end())) or {}).get("entity_key")
                  == org["entity_key"]), None)
    if count:
        seasons = _NUMBERS.get(count.group(1).lower()) or int(count.group(1))
        if ends and not starts:
            starts.append(max(ends) - seasons + 1)
        elif starts and not ends and (date is None or min(starts) + seasons - 1 <= date[0]):
            # Not past the article's year: "20 of his 21 seasons with the Braves, has been Fox's analyst since
            # 2016" counts no seasons from 2016.
            ends.append(min(starts) + seasons - 1)
    earliest, latest = min(starts, default=None), max(ends, default=None)
    if earliest is not None and latest is not None and earliest > latest:
        # Years that contradict each other ("bought the Braves in 1976 from a group ..., which had moved the club
        # from Milwaukee in 1966") are some other clause's: none is better than a wrong one.
        return None, None
    return earliest, latest


def _apposed_role(sentence: str, sentence_start: int, person: dict[str, Any]) -> str | None:
    """The role of the title set off right after a name: "under Andrew Friedman, the club's president of baseball
    operations"."""
    apposed = re.match(r",\s+(?:the|a|an)\s+([^,.;]+)", sentence[person["end"] - sentence_start:])
    return next((role for role, pattern in ROLE_CUES if pattern.search(apposed.group(1))), None) if apposed else None


def _preposition_of(parsed: parse.Parse, mention: dict[str, Any]) -> parse.Token | None:
    """The preposition whose object is the name a mention stands in ("for" of "for the Los Angeles Dodgers")."""
    token = parsed.covering(mention["start"], mention["end"])
    token = parsed.name_head(token) if token is not None else None
    return parsed.head(token) if token is not None and token.dep == "pobj" else None


def _under_at_the_club(parsed: parse.Parse, person: dict[str, Any], club: dict[str, Any]) -> bool:
    """Whether the words "under" a person and those naming a club hang on one word (or the club's on a word the
    person's hang on): "was an assistant at Vanderbilt under Corbin", not "in his season at Michigan, was an
    assistant ... under Corbin"."""
    def phrase_head(mention: dict[str, Any]) -> parse.Token | None:
        prep = _preposition_of(parsed, mention)
        return parsed.head(prep) if prep is not None else None
    under, at = phrase_head(person), phrase_head(club)
    return under is None or at is None or at is under or under in parsed.ancestors(at) or at in parsed.ancestors(under)


def _verbs_own_clubs(kept: list[dict[str, Any]], matches: list[tuple[relations.Rule, dict[str, Any], dict[str, Any],
                                                                    parse.Token]],
                     sentence: str, sentence_start: int, teams: list[dict[str, Any]], parsed: parse.Parse
                     ) -> list[dict[str, Any]]:
    """The facts without a cue word's guess of a post at a club the words of a rule's verb hang on the verb or its
    club ("for", "of", "with", "by"), where the sentence's only word of that post is the verb (or a title of a
    club it names: "manager of the Pirates"): "Bragan, who managed Fort Worth for the Dodgers from 1948 to 1952,
    is now the manager of the Pirates" is no manager of the Dodgers. Not another club of a list the years break
    ("managed the Mets from 1977-81, the Braves from 1982-84 and the Cardinals")."""
    cues = dict(ROLE_CUES)
    read = {(person["entity_key"], club["entity_key"]) for _, person, club, _ in matches}

    def hung_on(other: dict[str, Any], verb: parse.Token, club: dict[str, Any]) -> bool:
        prep = _preposition_of(parsed, other)
        head = parsed.head(prep) if prep is not None and prep.text.lower() in ("for", "of", "with", "by") else None
        return head is not None and (head is verb or head is parsed.covering(club["start"], club["end"]))

    def titled(start: int, end: int) -> set[str]:
        return {t["entity_key"] for t in teams if (m := _TITLES_CLUB.match(sentence, end - sentence_start)) is not None
                and m.end() == t["start"] - sentence_start
                or _CLUBS_TITLE.fullmatch(sentence[t["end"] - sentence_start: start - sentence_start])}

    for rule, person, club, verb in matches:
        if rule.role in (None, "Player") or rule.role not in cues:  # a player's clubs come in lists the parse breaks
            continue
        words = [(sentence_start + m.start(), sentence_start + m.end()) for m in cues[rule.role].finditer(sentence)]
        others = [titled(start, end) for start, end in words if not (verb.start <= start and end <= verb.end)]
        if words and all(others):
            hung = {t["entity_key"] for t in teams if hung_on(t, verb, club)}
            kept = [f for f in kept if not (
                f["relation"] == "member" and f["person_key"] == person["entity_key"] and f["role"] == rule.role
                and f["object_key"] in hung and (f["person_key"], f["object_key"]) not in read
                and not any(f["object_key"] in clubs for clubs in others))]
    return kept


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans with those that overlap joined, in order."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _with_coordinated_titles(sentence: str, sentence_start: int, chosen: tuple[int, str, tuple[int, int]],
                             cues: list[tuple[str, tuple[int, int]]]) -> list[str]:
    """The chosen cue's role, those of the titles coordinated with it: "the Royals' executive vice president
    and general manager" holds both posts, and those of the same word: "player-manager"."""
    roles, end = [chosen[1]], chosen[2][1]
    for role, span in sorted(cues, key=lambda c: c[1]):
        if span == chosen[2]:
            roles.append(role)
            continue
        between = sentence[end - sentence_start: span[0] - sentence_start] if span[0] >= end else None
        if between is not None and between.isspace():  # one title in two cues: "executive" "vice president"
            end = span[1]
        elif between is not None and _TITLES_JOINED.fullmatch(between):
            roles.append(role)
            end = span[1]
    return list(dict.fromkeys(roles))


# "president of baseball operations and general manager": a title's own field of work may come between.
# "president and principal owner": so may a word of the next title's own, not a time's ("and former coach").
_TITLES_JOINED = re.compile(r"(?:\s+of\s+(?:[a-z-]+\s+){0,2}[a-z-]+)?\s*(?:,\s*)?(?:and|&)\s+"
                            r"(?:(?!former\b|then\b|later\b|now\b|ex-|his\b|her\b|their\b|its\b|the\b|an?\b)"
                            r"[a-z-]+\s+)?")


def _possesses(sentence: str, sentence_start: int, person: dict[str, Any], team_span: tuple[int, int]) -> bool:
    if team_span[0] < person["end"]:
        return False
    between = sentence[person["end"] - sentence_start: team_span[0] - sentence_start]
    surface = sentence[person["start"] - sentence_start: person["end"] - sentence_start]
    possessive = surface.lower() in ("his", "her", "their") or between.startswith(("’s", "'s"))
    return possessive and bool(_POSSESSIVE_BEFORE_TEAM.fullmatch(between))


def _covering(a: dict[str, Any], b: dict[str, Any]) -> tuple[int, int]:
    return min(a["start"], b["start"]), max(a["end"], b["end"])


# A year or a range of years written before a club: "his 2010 Cyclones and 2013-14 51s".
_YEARS_BEFORE_CLUB = r"(?:(?:1[89]|20)\d\d(?:[-–]\d{2,4})?\s+)?"
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or|&)\s*(?:the\s+|then\s+|[a-z]+er\s+)?" + _YEARS_BEFORE_CLUB)
# "his 2010 Cyclones", "Backman's Mets affiliates": a possessive right before a club makes it the person's.
_POSSESSIVE_BEFORE_TEAM = re.compile(r"(?:’s|'s)?\s+(?:the\s+)?" + _YEARS_BEFORE_CLUB)


def coordinated_spans(sentence: str, sentence_start: int, mentions: list[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """For each mention (by start offset), the span of the list it stands in ("Brooklyn, Binghamton, Buffalo,
    and Las Vegas"; "Gavin Cecchini and Kevin Plawecki"): mentions joined only by commas and "and" share what
    the sentence says of any of them. A mention outside a list spans itself."""
    ordered = sorted(mentions, key=lambda m: m["start"])
    spans: dict[int, tuple[int, int]] = {}
    group: list[dict[str, Any]] = []

    def close() -> None:
        for member in group:
            spans[member["start"]] = (group[0]["start"], group[-1]["end"])
        group.clear()

    for mention in ordered:
        gap = sentence[group[-1]["end"] - sentence_start: mention["start"] - sentence_start] if group else ""
        # ", and he became the Mariners' manager": a pronoun after a comma opens a clause of its own.
        if group and (not _LIST_GAP.fullmatch(gap) or "," in gap and mention.get("kind") == "pronoun"):
            close()
        group.append(mention)
    close()
    return spans


def _memberships(sentence: str, sentence_start: int, people: list[dict[str, Any]],
                 people_lists: dict[int, tuple[int, int]], teams: list[dict[str, Any]],
                 media: list[dict[str, Any]], lexicon_parents: dict[str, str],
                 date: tuple[int, int] | None = None,
                 dependents: dict[int, tuple[int, int, str]] | None = None,
                 club_clauses: Sequence[tuple[str | None, frozenset[str], tuple[int, int]]] = ()
                 ) -> list[dict[str, Any]]:
    facts = []
    # Each role word belongs to the person mention nearest to it: "manager Jerry Manuel", "GM Sandy Alderson".
    # But a post that "went to" someone is theirs: "the top job, a post that ultimately went to Collins".
    cues = []
    appositions = _appositions(sentence, sentence_start, people)
    # A headline ("Backman finds himself coaching in Mexico after Mets' breakup") squeezes a story into a few
    # words; a role word in it is not tied to the club beside it. Only a title before a name counts there.
    headline = is_headline(sentence)
    team_lists = coordinated_spans(sentence, sentence_start, teams)
    for role, pattern in ROLE_CUES:
        for m in pattern.finditer(sentence):
            # A title's word inside a club's name is the name's: "a Uni-President Lions outfielder".
            if _WISHED_FOR.search(sentence[: m.start()]) or any(
                    t["start"] <= sentence_start + m.start() < t["end"] for t in teams):
                continue
            span = (sentence_start + m.start(), sentence_start + m.end())
            receivers = [p for p in people if p["start"] >= span[1] and _GIVEN_TO.search(
                sentence[span[1] - sentence_start: p["start"] - sentence_start])]
            # "Leyland's bench coach", "her former player": a title after a person's possessive is someone else's.
            # Nor one the parse reads as what another's words hang on ("coach from 2008-13 under Joe Girardi"),
            # but for the words about him ("under LSU coach Jay Johnson", "under Erik Neander, the Rays' president").
            holders = [p for p in people if not _owns_the_title(sentence, sentence_start, p, span)
                       and not ((own := (dependents or {}).get(p["start"])) and not own[0] <= span[0] < own[1])]
            # A cue inside a name's apposition is that name's: "pitching coach Michael Wuertz, a former Chicago
            # Cubs reliever, and hitting coach Brent Del Chiaro".
            apposed = [p for p in holders if (inner := appositions.get(p["start"])) is not None
                       and inner[0] <= span[0] and span[1] <= inner[1]]
            owner = receivers[0] if receivers else apposed[0] if apposed else _nearest(holders, span)
            if owner:
                # Everyone in the owner's list owns a cue outside it: "Cecchini and Plawecki, the Mets'
                # prospects"; one inside it is its own person's: "Minaya and manager Manuel".
                in_list = people_lists[owner["start"]]
                inside_list = in_list[0] <= span[0] and span[1] <= in_list[1]
                cues += [(role, span, p["entity_key"]) for p in people if p is owner or not inside_list
                         and in_list[0] <= p["start"] and p["end"] <= in_list[1]]
    # "Brewers manager Tom Ashby": a club written right before a title belongs to the titled person, and the
    # title to that club only (not to the Royals named earlier in "... with the Royals, where he was a
    # teammate of current Brewers manager Tom Ashby").
    # The title written right before each full name, by the name's start.
    titles = {p["start"]: title for p in people if p["kind"] == "name"
              and (title := _TITLE_BEFORE_NAME.search(sentence[: p["start"] - sentence_start]))}
    bound: dict[int, tuple[int, tuple[int, int]]] = {}  # person start -> (its titled club's start, title span)
    for person in people:
        title_span = _title_span(sentence, person["start"] - sentence_start) if person["kind"] == "name" else None
        if title_span is None:
            continue
        club = next((t for t in teams if _CLUB_BEFORE_TITLE.fullmatch(
            sentence[t["end"] - sentence_start: title_span[0]])), None)
        if club:
            bound[person["start"]] = (club["start"], (sentence_start + title_span[0], sentence_start + title_span[1]))
    # "Red Sox president Larry Lucchino and principal owner John Henry": the club titles each titled name of the
    # list it opens, the next one's own title standing right after "and" or a comma after the one before (not ",
    # and", which opens a clause of its own in a game story); each holds there what his own title says.
    listed_titles: dict[int, str] = {}  # person start -> the role of his title, for those the list binds
    for before, person in zip(people, people[1:], strict=False):
        title_span = _title_span(sentence, person["start"] - sentence_start) if person["kind"] == "name" else None
        own_role = title_role(sentence, sentence_start, person)
        if before["start"] in bound and person["start"] not in bound and title_span is not None and own_role \
                and re.fullmatch(r"(?:\s+and|,)\s+(?:(?!and\b|opposing\b|rival\b|visiting\b)[a-z-]+\s+){0,2}",
                                 sentence[before["end"] - sentence_start: title_span[0]]):
            bound[person["start"]] = (bound[before["start"]][0],
                                      (sentence_start + title_span[0], sentence_start + title_span[1]))
            listed_titles[person["start"]] = own_role
    bound_clubs = {club for club, _ in bound.values()}
    # Each person's titles bound to a club, for all his mentions: "Santurce owner Pedrín Zorrilla built his club
    # with help from the Giants, who let them play for him" (no owner of the Giants through "him").
    club_keys = {t["start"]: t["entity_key"] for t in teams}
    bound_titles = [(p["entity_key"], club_keys.get(bound[p["start"]][0]), bound[p["start"]][1])
                    for p in people if p["start"] in bound]
    # "Austin Dean, the former Miami Marlins and St. Louis Cardinals outfielder, had two hits, and Kim ...": the
    # clubs of a person's apposition are that person's, not the next one's.
    # Not a club titling another person inside it: "the son of former Tigers outfielder Trey Haskins".
    described_by = {t["start"]: person_start for person_start, (start, end) in appositions.items() for t in teams
                    if start < t["start"] and t["end"] <= end and t["start"] not in bound_clubs}
    # The clubs in the words about a relative are his, not the other people's of the sentence: "Al Dunn, the son
    # of former Seattle Mariners star Bo Dunn" (Al was not a Mariner); by the spans of those words.
    kin_words = [(start, end) for start, end, how in (dependents or {}).values() if how == "kin"]
    for person in people:
        p_span = people_lists[person["start"]]
        title = titles.get(person["start"])
        titled_role = title.lastgroup if title else None
        binding = bound.get(person["start"])
        if headline and titled_role is None and not any(_HEADLINE_NAMING.fullmatch(
                sentence[org["end"] - sentence_start: person["start"] - sentence_start]) for org in teams):
            continue
        all_own_cues = [(role, span) for role, span, owner in cues if owner == person["entity_key"]]
        # "League president Frank Shaughnessy ... said the Sugar Kings would play": the league's officer, of no
        # club but those his apposition names.
        league_officer = person["kind"] == "name" and _LEAGUE_TITLE.search(sentence[: person["start"] - sentence_start])
        for org in teams:
            o_span = team_lists[org["start"]]
            if league_officer and described_by.get(org["start"]) != person["start"]:
                continue
            if org["start"] in bound_clubs and (binding is None or binding[0] != org["start"]):
                continue  # another person's titled club
            if described_by.get(org["start"], person["start"]) != person["start"]:
                continue  # a club of another person's apposition
            if person["start"] in listed_titles:
                if binding is not None and binding[0] == org["start"]:
                    first, last = role_years(sentence, sentence_start, org, teams, date)
                    facts.append(_fact("member", person, org, *_covering(person, org),
                                       role=listed_titles[person["start"]], start_year=first, end_year=last))
                continue
            if any(start <= org["start"] and org["end"] <= end and not start <= person["start"] < end
                   for start, end in kin_words):
                continue  # a club in the words about someone's relative
            # "was the Cardinals' bench coach in 2022 before Miami hired him", "was the third base coach for the
            # Marlins and then managed the White Sox": a title after a club's possessive, or before the club it is
            # of, is that club's (and its list's), not another club's in the sentence.
            others_titles = [(r, c) for r, c in all_own_cues if any(
                t["entity_key"] != org["entity_key"]
                and _CLUBS_TITLE.fullmatch(sentence[t["end"] - sentence_start: c[0] - sentence_start])
                for t in teams if t["end"] <= c[0])]
            own_cues = [(r, c) for r, c in all_own_cues if (r, c) not in others_titles
                        and not _of_another(sentence, sentence_start, c, o_span)]
            own_cues = [(r, c) for r, c in own_cues if not any(
                key == person["entity_key"] and club_key != org["entity_key"] and span[0] <= c[0] and c[1] <= span[1]
                for key, club_key, span in bound_titles)]
            clauses_cues = [(r, c) for r, c in own_cues if any(
                holder in (None, person["entity_key"]) and org["entity_key"] not in clause_clubs
                and span[0] <= c[0] and c[1] <= span[1] for holder, clause_clubs, span in club_clauses)]
            own_cues = [cue for cue in own_cues if cue not in clauses_cues]
            org_title = titled_role
            # ... and the titles of a person's apposition that names clubs are those clubs', not another's:
            # "Hoshino, a former Chunichi Dragons pitcher and manager, led Rakuten" (no pitcher of Rakuten).
            inner = appositions.get(person["start"])
            if org["start"] not in described_by and inner is not None and any(
                    described_by.get(t["start"]) == person["start"] for t in teams):
                own_cues = [(r, c) for r, c in own_cues if not (inner[0] <= c[0] and c[1] <= inner[1])]
            if org["start"] in described_by:
                # What the apposition says of its clubs: "General manager Chris Young, a former pitcher who broke
                # in with the Rangers", a player there, whatever his title now.
                inner = appositions[person["start"]]
                # (Not another club's title there: "the Outlaws' manager and the former Dodgers outfielder".)
                described = [(r, c) for r, c in all_own_cues if inner[0] <= c[0] and c[1] <= inner[1]
                             and (r, c) not in others_titles]
                if described:
                    own_cues, org_title = described, None
                elif org_title not in (None, "Player"):
                    # "Club chairman Sadaharu Oh, the former Yomiuri Giants home run king": a post before the name
                    # is not at a club his apposition names for something else.
                    continue
            if binding is not None and binding[0] != org["start"]:
                title_span = binding[1]
                own_cues = [(r, c) for r, c in all_own_cues if not (title_span[0] <= c[0] and c[1] <= title_span[1])]
                if org_title in ("GeneralManager", "Executive", "Owner"):
                    continue
            if org_title in ("GeneralManager", "Executive", "Owner") and (
                    binding is not None or _gap(p_span, o_span) <= MAX_CUE_DISTANCE):
                # Front-office titles belong to the major-league club, even when an affiliate is named.
                parent = lexicon_parents.get(org["entity_key"])
                target = dict(org, entity_key=parent, label=None) if parent else org
                # A year near the affiliate is the affiliate's, not the front office's at its parent.
                first, last = role_years(sentence, sentence_start, org, teams, date) if not parent else (None, None)
                facts.append(_fact("member", person, target, *_covering(person, org),
                                   role=org_title, start_year=first, end_year=last))
                continue
            # A title right after a club's possessive is that club's ("the Padres' vice president of scouting",
            # "Houston's bench coach", "their general manager"), however far the person.
            clubs_own = _CLUBS_TITLE if org.get("surface", "").lower() not in ("their", "its") else _OWNING_PRONOUN
            scored = [(-1 if clubs_own.fullmatch(sentence[o_span[1] - sentence_start: span[0] - sentence_start])
                       else 2 * _gap(p_span, span) + _gap(o_span, span), role, span) for role, span in own_cues]
            # (One his relative clause gives another club counts: "Stan Kasten, who ran the Atlanta Braves as team
            # president from 1986-2003, ... will become the Nationals' president".)
            cue_between = any(min(p_span[1], o_span[1]) <= span[0] and span[1] <= max(p_span[0], o_span[0])
                              for _, span in own_cues + clauses_cues)
            # Before a title the club owns, the person's own relative clause or apposition between him and the
            # club is no distance: "Branch Rickey, who built the St. Louis Cardinals into the champions of
            # baseball, resigned as their general manager" (but another person between is).
            own_words = [span for holder, _, span in club_clauses if holder == person["entity_key"]]
            own_words += [appositions[person["start"]]] if person["start"] in appositions else []
            own_words = _merged([(start, end) for start, end in own_words
                                 if p_span[1] <= start and end <= o_span[0]])
            others_between = any(p_span[1] <= p["start"] < o_span[0] and not any(
                start <= p["start"] < end for start, end in own_words) for p in people)
            gap = _gap(p_span, o_span) - (sum(end - start for start, end in own_words) if any(
                score == -1 for score, _, _ in scored) and not others_between else 0)
            if _possesses(sentence, sentence_start, person, o_span):
                pass  # the role of the sentence's nearest cue of this person, however far
            elif gap > (2 if cue_between else 1) * MAX_CUE_DISTANCE:
                continue
            else:
                scored = [s for s in scored if s[0] <= 2 * MAX_CUE_DISTANCE + _gap(p_span, o_span)]
            # "Kodai Togo and Taisei Ota of the Yomiuri Giants": a name or a list of names, then "of" the club.
            of_the_club = person["kind"] == "name" and _OF_THE_CLUB.fullmatch(
                sentence[p_span[1] - sentence_start: org["start"] - sentence_start])
            # ... in a sentence about the game, not "Steve Cohen of the Mets said".
            # ... or the club's possessive before the name, or before a word or two describing him: "Cincinnati's
            # Wade Miley threw the others".
            clubs_name = person["kind"] == "name" and org["end"] <= person["start"] and _POSSESSIVE_TITLE.fullmatch(
                sentence[org["end"] - sentence_start: person["start"] - sentence_start])
            if not scored and (of_the_club or clubs_name) and _PLAY.search(sentence):
                scored = [(0, title_role(sentence, sentence_start, person) or "Player", p_span)]
            if scored:
                first, last = role_years(sentence, sentence_start, org, teams, date)
                for role in _with_coordinated_titles(sentence, sentence_start, min(scored), own_cues):
                    facts.append(_fact("member", person, org, *_covering(person, org),
                                       role=role, start_year=first, end_year=last))
        for outlet in media:
            between = sentence[person["end"] - sentence_start: outlet["start"] - sentence_start]
            if re.fullmatch(r"\s+of(?: the)?\s+", between) or _REPORTER_FOR.fullmatch(between):
                facts.append(_fact("member", person, outlet, person["start"], outlet["end"], role="Reporter"))
            elif _BROADCASTER_FOR.fullmatch(between):
                facts.append(_fact("member", person, outlet, person["start"], outlet["end"], role="Broadcaster"))
            elif _BEFORE_OUTLETS_VOICE.fullmatch(between) and (
                    voice := _OUTLETS_VOICE.match(sentence, outlet["end"] - sentence_start)):
                facts.append(_fact("member", person, outlet, person["start"], sentence_start + voice.end(),
                                   role="Broadcaster"))
    return facts


# A club's relative clause opening with a title and its holder: "the Padres, whose owner Ray Kroc", "the Demons of
# the Western League, whose owner, Lee Keyser,".
_WHOSE_TITLE = re.compile(r"(?:\s+of the (?:[A-Z][\w.-]*\s+){0,4}League)?,\s+whose\s+"
                          r"(?:(?:new|former|longtime|then|majority|principal|general|team|club)\s+)?"
                          r"(?:owner|president|general manager|manager|chairman|chairwoman|coach|GM)\s*,?\s+")


# "She was previously a reporter for the Houston Chronicle", "Davidoff, a columnist at Newsday".
_REPORTER_FOR = re.compile(r"[^.;]{0,40}\b(?:reporter|writer|columnist|correspondent|editor|journalist)\s+"
                           r"(?:for|at|with)(?: the)?\s+")


# "spent the past season as an analyst for ESPN"; "became an ESPN analyst" (not "told ESPN analyst Jones").
_BROADCASTER_FOR = re.compile(r"[^.;]{0,40}\b(?:analyst|broadcaster|announcer|commentator|play-by-play voice)\s+"
                              r"(?:for|at|with|on)(?: the)?\s+")
_BEFORE_OUTLETS_VOICE = re.compile(r"[^.;]{0,40}\b(?:as|is|was|became|become|an?|the|former|longtime)\s+")
_OUTLETS_VOICE = re.compile(r"(?:[’']s?)?\s+(?:analyst|broadcaster|announcer|commentator)\b(?!\s+[A-Z])")


def _is_opponent(sentence: str, sentence_start: int, mention: dict[str, Any]) -> bool:
    # "a game against the Bees", "beat the Bees", "a 9-6 win over the Angels", "losing the World Series to the
    # Dodgers", "to face the Angels": the other side of a game, not the person's team.
    # "the lineup Saturday against Milwaukee" too, but not "going against the Mets' hopes".
    if re.search(r"\bagainst\s+(?:the\s+)?$", sentence[: mention["start"] - sentence_start]) and not re.match(
            r"[’']", sentence[mention["end"] - sentence_start:]):
        return True
    return bool(OPPONENT_BEFORE.search(sentence[: mention["start"] - sentence_start]))


# "the Mets' Triple-A affiliate in Buffalo", "the Cardinals' Class A team in Peoria": the first club only
# says whose affiliate the second is; the person is with the second.
_AFFILIATE_OF_POSSESSOR = re.compile(
    r"(?:’s|'s|’|')\s+(?:[\w-]+\s+){0,3}?(?:affiliate|team|club)\s+(?:in|at)\s+(?:the\s+)?$")


# "the Norfolk Tides, the Orioles' Triple-A affiliate,": the second club describes the first.
_POSSESSOR_OF_AFFILIATE = re.compile(r"(?:’s|'s|’|')\s+(?:[\w-]+\s+){0,3}?(?:affiliate|team|club)\b")


def _describes_an_affiliate(sentence: str, sentence_start: int, mention: dict[str, Any],
                            teams: list[dict[str, Any]]) -> bool:
    after = sentence[mention["end"] - sentence_start:]
    if any(_AFFILIATE_OF_POSSESSOR.fullmatch(after[: other["start"] - mention["end"]])
           for other in teams if other["start"] > mention["end"]):
        return True
    in_apposition = any(re.fullmatch(r",\s+(?:the\s+)?", sentence[other["end"] - sentence_start:
                                                                   mention["start"] - sentence_start])
                        for other in teams if other["end"] <= mention["start"])
    return in_apposition and bool(_POSSESSOR_OF_AFFILIATE.match(after))


def _own_teams(sentence: str, sentence_start: int, mentions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The teams a sentence's events can happen in: not a parenthesised parent club, not an opponent, nor one
    listed with an opponent ("losing to the San Francisco Giants and the St. Louis Cardinals")."""
    teams = sorted((m for m in mentions if m["entity_type"] == "Team"
                    and not _in_parentheses(sentence, sentence_start, m)), key=lambda m: m["start"])
    opponents = [m for m in teams if _is_opponent(sentence, sentence_start, m)]
    # Only a plain "and" carries it on: in "a loss to the Dodgers, the Padres fired ..." the Padres are no opponent.
    for before, after in zip(teams, teams[1:], strict=False):
        if before in opponents and re.fullmatch(r"\s+(?:and|or)\s+(?:the\s+)?", sentence[
                before["end"] - sentence_start: after["start"] - sentence_start]):
            opponents.append(after)
    return [m for m in teams if m not in opponents]


def _membership_teams(sentence: str, sentence_start: int, teams: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The teams a sentence can place its people in: its own teams but a club named only as the owner of the
    affiliate named next (he was promoted within the Mets, to manage in Buffalo)."""
    return [m for m in teams if not _describes_an_affiliate(sentence, sentence_start, m, teams)]


def sentence_facts(sentence: str, sentence_start: int, mentions: list[dict[str, Any]],
                   lexicon_parents: dict[str, str] | None = None,
                   awards: Iterable[str] = (), sentence_parse: str | None = None,
                   date: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    """Facts stated in one sentence: memberships, events, awards, records, ages (years active: article_facts).

    With the sentence's parse, the relation rules (spark_etl/relations.py) add what the sentence's structure
    states, and a membership or event the sentence does not assert (negated, wished for, rumoured) is dropped.
    """
    parsed = parse.parsed(sentence_parse, sentence_start) if sentence_parse else None
    # People named only as what another's words hang on ("under Joe Girardi", "Cash's staff") own no role word
    # but those of the words under their name.
    # A relative's words are all those of the "of" he hangs from ("the son of former Haitai Tigers and Chunichi
    # Dragons star Lee Jong-beom", where the model joins the first club to the name).
    dependents: dict[int, tuple[int, int, str]] = {}
    if parsed is not None:
        for m in mentions:
            token = parsed.covering(m["start"], m["end"]) if m["entity_type"] == "Person" else None
            hanging = relations.hanging(parsed, token) if token is not None else None
            if token is not None and hanging is not None:
                how, from_word = hanging
                dependents[m["start"]] = (*_subtree_span(parsed, from_word if how == "kin" else token), how)
    club_clauses = _relative_clause_clubs(parsed, mentions) if parsed is not None else []
    facts = _cue_facts(sentence, sentence_start, mentions, lexicon_parents, awards, date, dependents, club_clauses)
    if parsed is None or not facts and not any(m["entity_type"] == "Person" for m in mentions):
        return facts
    return _parsed_facts(sentence, sentence_start, mentions, parsed, facts, lexicon_parents or {}, date,
                         {start: how for start, (_, _, how) in dependents.items()})


def _relative_clause_clubs(parsed: parse.Parse, mentions: list[dict[str, Any]]
                           ) -> list[tuple[str | None, frozenset[str], tuple[int, int]]]:
    """The relative clauses whose role words are only some clubs', with whose words they are (None: anyone's) and
    those clubs' keys: "the San Diego Padres, where he was general manager" (a title in a clause on a club is that
    club's); "Rogers Hornsby, who managed the St. Louis Cardinals to the title, was traded to the Giants" (one that
    a clause on a person says of him is of the clubs it names)."""
    found: list[tuple[str | None, frozenset[str], tuple[int, int]]] = []
    for clause in (t for t in parsed.tokens if t.dep == "relcl"):
        span = _subtree_span(parsed, clause)
        on = next((m for m in mentions if _stands_for(m, parsed.head(clause))), None)
        inside = frozenset(m["entity_key"] for m in mentions if m["entity_type"] == "Team"
                           and span[0] <= m["start"] and m["end"] <= span[1])
        if on is not None and on["entity_type"] == "Team":
            found.append((None, frozenset({on["entity_key"]}), span))
        elif on is not None and on["entity_type"] == "Person" and inside:
            found.append((on["entity_key"], inside, span))
    return found


def _stands_for(mention: dict[str, Any], token: parse.Token | None) -> bool:
    return token is not None and mention["start"] <= token.start < mention["end"]


def _subtree_span(parsed: parse.Parse, token: parse.Token) -> tuple[int, int]:
    """The characters of a token and of every word under it."""
    under = parsed.subtree(token)
    return min(t.start for t in under), max(t.end for t in under)


# A title of two posts, one of them a player's.
_PLAYING_TITLE = re.compile(r"\bplayer-(?:manager|coach)s?\b", re.I)
_PLAYED_WORDS = re.compile(r"\b(?:play(?:ed|ing)|pitch(?:ed|ing)|caught)\b")
# Verbs of a club that wants someone it does not have: "the Mets pursued Springer", "offered Lee a contract".
_COURTING = frozenset({"offer", "pursue", "court", "woo", "chase"})
# Verbs whose active subject hires or fires someone else.
_HIRING_VERBS = frozenset({"hire", "fire", "dismiss", "appoint"})
# A title before a name that says what he was: "former big league slugger", "ex-Yankees pitcher".
_FORMER_TITLE = re.compile(r"\b(?:former|ex-|onetime|one-time)\s*(?:[\w-]+\s+){0,3}$", re.I)
# Facts between a person and a club that the parse can check: a negated "fired" is not a firing either.
_CHECKED = frozenset({"member", "hired", "fired", "resigned", "promoted", "drafted"})
# Where a list goes on after a name: ", Kristian Campbell", " and Marcelo Mayer".
_NEXT_IN_A_LIST = re.compile(r"(?:,|\s+and)\s+(?-i:[A-ZÀ-ÖØ-Þ])")


def _title_span(sentence: str, name_start: int) -> tuple[int, int] | None:
    """Where the title written right before a name stands in its sentence ("pitching coach Mickey Callaway":
    the span of "coach", and of "vice president of baseball operations" before a name), None without one."""
    before = sentence[:name_start]
    executive = _TITLE_BEFORE_NAME.search(before)
    if executive:
        return executive.start(), executive.end()
    for _, pattern in ROLE_CUES:
        for m in pattern.finditer(before):
            if re.fullmatch(r"\s+", before[m.end():]) and _TITLE_WORD.search(m.group(0)):
                return m.start(), m.end()
    return None


def title_role(sentence: str, sentence_start: int, person: dict[str, Any]) -> str | None:
    """The role a title written right before a name gives ("infielder Matías Quintero": Player, "hitting coach
    Omar Pruitt": Coach), None without one."""
    before = sentence[: person["start"] - sentence_start]
    for role, pattern in ROLE_CUES:
        if any(re.fullmatch(r"[\s,]*", before[m.end():]) for m in pattern.finditer(before)):
            return role
    # A plural title, read with the name after it, which it looks ahead to, before a list ("Outfielders Trey Mancini
    # and Cedric Mullins"; not "the pitchers Johnson coached").
    upto = sentence[: person["end"] - sentence_start]
    if not (_NEXT_IN_A_LIST.search(sentence[person["start"] - sentence_start: person["end"] - sentence_start])
            or _NEXT_IN_A_LIST.match(sentence, person["end"] - sentence_start)):
        return None
    for role, pattern in ROLE_CUES:
        if any(m.end() <= len(before) and m.group(0).endswith("s") and re.fullmatch(r"\s+", upto[m.end():len(before)])
               for m in pattern.finditer(upto)):
            return role
    return None


def _mention_finder(mentions: list[dict[str, Any]]) -> Callable[[parse.Token], dict[str, Any] | None]:
    """The mention a token of the parse stands in, for the relation rules."""
    def mention_of(token: parse.Token) -> dict[str, Any] | None:
        return next((m for m in mentions if m["start"] <= token.start and token.end <= m["end"]), None)
    return mention_of


def _governed_role(fact: dict[str, Any], sentence: str, sentence_start: int, mentions: list[dict[str, Any]],
                   parsed: parse.Parse, mention_of: Callable[[parse.Token], dict[str, Any] | None]) -> dict[str, Any]:
    """A membership the cue words read, with the role of the title its club is a complement of, where the parse
    shows one ("A catcher with the Cubs, Girardi later managed the Marlins": a player of the Cubs, whichever cue
    stands nearer the name); but a title written right before the name is the person's own ("Yankees general
    manager Brian Cashman")."""
    if fact["relation"] != "member":
        return fact
    people = [p for p in mentions if p["entity_key"] == fact["person_key"] and p["entity_type"] == "Person"]
    if any(title_role(sentence, sentence_start, p) == fact["role"] for p in people):
        return fact
    roles = {role for p in people
             for c in mentions if c["entity_key"] == fact["object_key"] and c["entity_type"] != "Person"
             if (a := parsed.covering(p["start"], p["end"])) and (b := parsed.covering(c["start"], c["end"]))
             and (role := relations.governing_role(parsed, a, b, ROLE_CUES, mention_of))}
    return dict(fact, role=roles.pop()) if len(roles) == 1 else fact


def _with_listed_clubs(matches: list[tuple[relations.Rule, dict[str, Any], dict[str, Any], parse.Token]],
                       sentence: str, sentence_start: int, mentions: list[dict[str, Any]]
                       ) -> list[tuple[relations.Rule, dict[str, Any], dict[str, Any], parse.Token]]:
    """The rule matches, and the same match for each club written in one list with a matched club, which the
    model may not read as coordinated: "played for the Expos, Chicago Cubs, Cincinnati Reds and Milwaukee
    Brewers"."""
    teams = [m for m in mentions if m["entity_type"] == "Team"]
    lists = coordinated_spans(sentence, sentence_start, teams)
    found = list(matches)
    matched = {(id(rule), person["entity_key"], club["entity_key"]) for rule, person, club, _ in matches}
    for rule, person, club, verb in matches:
        # Not the club a relative clause on one of the list is about: "the Harrisburg Giants, whom he managed".
        if verb.dep == "relcl" and re.match(r",\s+(?:whom|which)\b", sentence[club["end"] - sentence_start:]):
            continue
        span = lists.get(club["start"])
        for other in teams:
            key = (id(rule), person["entity_key"], other["entity_key"])
            # Not a club that owns the next ("the Lehigh Valley IronPigs, the Philadelphia Phillies' affiliate").
            if span and other is not club and span[0] <= other["start"] < span[1] and key not in matched \
                    and not re.match(r"[’']", sentence[other["end"] - sentence_start:]):
                matched.add(key)
                found.append((rule, person, other, verb))
    return found


def _parsed_facts(sentence: str, sentence_start: int, mentions: list[dict[str, Any]], parsed: parse.Parse,
                  facts: list[dict[str, Any]], parents: dict[str, str],
                  date: tuple[int, int] | None, hangs: dict[int, str]) -> list[dict[str, Any]]:
    """The cue rules' facts the sentence asserts, and the relation rules' facts (`hangs`: by its start, how each
    person's mention hangs on another's words where it does, relations.hanging)."""
    mention_of = _mention_finder(mentions)

    def dependent(person: dict[str, Any], club_key: str, role: str | None = None) -> bool:
        """Whether the person is named only as what another's words hang on, the club outside the words about
        him; but the one under whom a club is keeps the role his title gives him ("The Cubs, under president
        Jed Hoyer")."""
        token = parsed.covering(person["start"], person["end"])
        how = hangs.get(person["start"])
        return token is not None and how is not None and not (
            how == "under" and role is not None and title_role(sentence, sentence_start, person) == role
            and _under_the_club(token, club_key)) and not any(
            (c := parsed.covering(m["start"], m["end"])) is not None and (
                token in parsed.ancestors(c) or any(_stands_for(person, relations.relative_clause_antecedent(
                    parsed, a)) for a in parsed.ancestors(c) if a.dep == "relcl"))
            for m in mentions if m["entity_key"] == club_key)

    def _under_the_club(token: parse.Token, club_key: str) -> bool:
        """Whether the words "under" him hang on the club, on what the club does ("The Cubs, under president
        Jed Hoyer, traded ...") or on the club's own noun ("the Tigers' 2006 AL champions under manager Jim
        Leyland"), not on what someone else did ("managed Charleston ..., and was promoted to bench coach under
        manager Aaron Boone")."""
        under = next((a for a in parsed.ancestors(token) if a.text.lower() == "under"), None)
        above = parsed.head(under) if under is not None else None
        return above is not None and any(
            (c := parsed.covering(m["start"], m["end"])) is not None
            and (c is above or c.dep in ("nsubj", "nsubjpass", "poss", "compound") and parsed.head(c) is above)
            for m in mentions if m["entity_key"] == club_key)

    def asserted(fact: dict[str, Any]) -> bool:
        if fact["relation"] not in _CHECKED:
            return True
        people = [m for m in mentions if m["entity_key"] == fact["person_key"] and m["entity_type"] == "Person"]
        # "The Padres, whose owner Ray Kroc had offered more": the title a club's relative clause opens with is
        # said of the club, whatever the clause goes on to say of its holder.
        if fact["relation"] == "member" and any(
                _WHOSE_TITLE.fullmatch(sentence[c["end"] - sentence_start:p["start"] - sentence_start])
                for c in mentions if c["entity_key"] == fact["object_key"] for p in people if c["end"] <= p["start"]):
            return True
        # "will remain as her partner": a possessive pronoun is the owner of what follows it, not a member of a
        # club named elsewhere in the sentence ("his 2010 Cyclones" are his, and stay).
        # So is a name written only as whose relative someone is ("Moniak's father, Matt, played at ...").
        owners = [p for p in people if p["surface"].lower() in ("his", "her", "their") or (
            (t := parsed.covering(p["start"], p["end"])) is not None and relations.names_a_relative(parsed, t))]
        if owners and len(owners) == len(people) and not any(
                re.fullmatch(r"\s+(?:[\d–-]+\s+)?", sentence[p["end"] - sentence_start:c["start"] - sentence_start])
                for p in owners for c in mentions if c["entity_key"] == fact["object_key"]):
            return False
        # "O'Doul, whom Graham hired last week": the subject of an active verb of hiring or firing did it.
        if fact["relation"] in ("hired", "fired") and people and all(
                (t := parsed.covering(p["start"], p["end"])) is not None and t.dep == "nsubj"
                and (verb := parsed.head(t)) is not None and verb.lemma in _HIRING_VERBS for p in people):
            return False
        # "The ValleyCats hired former big league slugger Pete Incaviglia to manage": a former player's title names
        # no post at the club that hires him, but at the club it names ("former Yankees pitcher").
        if fact["relation"] == "member" and fact.get("role") == "Player" and people and all(
                (t := parsed.covering(p["start"], p["end"])) is not None and t.dep == "dobj"
                and (verb := parsed.head(t)) is not None and verb.lemma in ("hire", "name", "appoint")
                and title_role(sentence, sentence_start, p) == "Player"
                and (former := _FORMER_TITLE.search(sentence[: p["start"] - sentence_start])) is not None
                and not any(c["entity_key"] == fact["object_key"] and sentence_start + former.start() <= c["start"]
                            < p["start"] for c in mentions) for p in people):
            return False
        # "before Spalding signed him for Chicago": the one who signs, hires or trades someone is not the player.
        if fact["relation"] == "member" and fact.get("role") == "Player" and people and all(
                (t := parsed.covering(p["start"], p["end"])) is not None and t.dep == "nsubj"
                and (verb := parsed.head(t)) is not None and verb.lemma in relations.ACTING_ON_PEOPLE
                and any(o.text.lower() in ("him", "her", "them") or (
                    (who := mention_of(o)) is not None and who["entity_type"] == "Person")
                        for o in parsed.children(verb, "dobj")) for p in people):
            return False
        # "Francona, who managed Schilling in Philadelphia": the one managed or coached is not the manager.
        if fact["relation"] == "member" and fact.get("role") in ("Manager", "Coach") and people and all(
                (t := parsed.covering(p["start"], p["end"])) is not None and t.dep in ("dobj", "xcomp", "nsubjpass")
                and (verb := parsed.head(t)) is not None and verb.lemma in ("manage", "coach") for p in people):
            return False
        # "The Orioles, owned by Peter Angelos, fired the manager": one named only in a participle's words about a
        # club is none of the sentence's events but that participle's own.
        if fact["relation"] != "member" and people and all(_in_a_clubs_participle(p, fact["relation"])
                                                           for p in people):
            return False
        # "played for the Sun Devils under Pat Murphy", "joined Cash's staff", "the son of Jimy Williams": one
        # named only as what another's words hang on holds none of the clause's posts (a rule reads the one under
        # whom others played as the club's manager), unless the club is in the words about him ("the son of Pat
        # Kelly, who managed in the Reds' system", "under LSU coach Jay Johnson"), his relative clause's too.
        if people and all(dependent(p, fact["object_key"], fact.get("role")) for p in people):
            return False
        # The one whose staff or coach the sentence names is not a coach of it, wherever else he is named:
        # "He was Clint Hurdle's bench coach from 2011-14, and Hurdle has credited him".
        if fact["relation"] == "member" and fact["role"] == "Coach" and any(
                hangs.get(p["start"]) == "leads" for p in people):
            return False
        # A front-office title at an affiliate goes to its parent club: the affiliate is what the sentence says.
        clubs = [m for m in mentions if fact["object_key"] in (m["entity_key"], parents.get(m["entity_key"]))]
        pairs = [(a, b) for p in people for c in clubs
                 if (a := parsed.covering(p["start"], p["end"])) and (b := parsed.covering(c["start"], c["end"]))]
        # "For the Cubs, who trail the St. Louis Cardinals, general manager Jim Hendry said": a club named in a
        # relative clause about another club is what that club does, not where the people outside it hold posts.
        if fact["relation"] == "member" and clubs and all(
                _in_another_clubs_clause(c, p) for c in clubs for p in people):
            return False
        # "they made an offer to infielder DJ LeMahieu, who re-signed with the Yankees": a club that only courts
        # someone is not his.
        # (The mention the fact was read off, where its span starts or ends with one.)
        read_off = [c for c in clubs if c["start"] == fact["start"] or c["end"] == fact["end"]] or clubs
        # "Bob Prince, whose voice made him the best-known man after Roberto Clemente, was fired as the voice of the
        # Pirates": one named only inside a relative clause on another person holds nothing the words outside give
        # (but what his own title says: "Mackanin, who was moved ... to a job as a special assistant to general
        # manager Matt Klentak, after the Phillies finished").
        if people and all(_in_another_persons_clause(p, fact) and (
                fact.get("role") is None or title_role(sentence, sentence_start, p) != fact["role"]) for p in people):
            return False
        if fact["relation"] == "member" and read_off and all(_courting(c) for c in read_off):
            return False
        # "Lidge struck out Eric Hinske of the Tampa Bay Rays": a club that names another person's is his.
        if fact["relation"] == "member" and clubs and people and all(
                _another_persons_club(c, fact["person_key"]) for c in clubs):
            return False
        # "He hit .394, the best since Ted Williams batted .406 for the Red Sox": a club the model hangs on the
        # main verb, past another person's clause, is that person's.
        if fact["relation"] == "member" and clubs and all(
                _past_another_persons_clause(c, fact["person_key"]) for c in clubs):
            return False
        # "signed Jeong away from the SK Wyverns and Lee away from the Kia Tigers": the club one is signed away
        # from is the name's right before it only.
        if fact["relation"] == "member" and clubs and all(_signed_away_from_another(c, fact["person_key"])
                                                          for c in clubs):
            return False
        # A club the sentence does not name (a front-office title goes to the affiliate's parent) is not checked.
        # Two coordinated clauses keep their clubs apart ("The Giants hired Ostrova, and the Red Sox hired Morrow"),
        # at the cost of a game's account ("Morrow threw seven innings, and the Mets won" states no membership).
        return not pairs or any(relations.is_asserted(parsed, a, b) and not relations.in_coordinated_clauses(
            parsed, a, b) and not relations.in_another_actors_clause(parsed, a, b, mention_of) for a, b in pairs)

    def _courting(club: dict[str, Any]) -> bool:
        """Whether the club is the subject of an offer or a pursuit ("they made an offer to", "the Mets pursued")."""
        token = parsed.covering(club["start"], club["end"])
        verb = parsed.head(token) if token is not None and token.dep == "nsubj" else None
        return verb is not None and (verb.lemma.lower() in _COURTING or verb.lemma.lower() == "make" and any(
            o.lemma.lower() == "offer" for o in parsed.children(verb, "dobj")))

    def _in_a_clubs_participle(person: dict[str, Any], relation: str) -> bool:
        token = parsed.covering(person["start"], person["end"])
        cue = _EVENT_CUE.get(relation)
        return token is not None and cue is not None and any(
            step.dep in ("acl", "advcl") and step.pos == "VERB" and not cue.search(step.text)
            and relations.described_club(parsed, step, mention_of) is not None for step in parsed.ancestors(token))

    def _another_persons_club(club: dict[str, Any], person_key: str) -> bool:
        """Whether the club is written after another person's name as his ("Eric Hinske of the Rays")."""
        of = _preposition_of(parsed, club)
        if of is None or of.text.lower() != "of" or (named := parsed.head(of)) is None or named.pos != "PROPN":
            return False
        other = mention_of(named)
        return other is not None and other["entity_type"] == "Person" and other["entity_key"] != person_key

    def _signed_away_from_another(club: dict[str, Any], person_key: str) -> bool:
        if not re.search(r"\baway from\s+(?:the\s+)?$", sentence[:club["start"] - sentence_start]):
            return False
        before = _nearest([m for m in mentions if m["entity_type"] == "Person" and m["end"] <= club["start"]],
                          (club["start"], club["end"]))
        return before is not None and before["entity_key"] != person_key

    def _past_another_persons_clause(club: dict[str, Any], person_key: str) -> bool:
        c = parsed.covering(club["start"], club["end"])
        prep = parsed.head(c) if c is not None and c.dep == "pobj" else None
        verb = parsed.head(prep) if prep is not None else None
        between = relations.clause_between(parsed, verb, prep) if verb is not None and prep is not None else None
        others = [m for t in parsed.children(between, "nsubj", "nsubjpass") if (m := mention_of(t)) is not None
                  and m["entity_type"] == "Person"] if between is not None else []
        return bool(others) and all(m["entity_key"] != person_key for m in others)

    def _in_another_clubs_clause(club: dict[str, Any], person: dict[str, Any]) -> bool:
        c, p = parsed.covering(club["start"], club["end"]), parsed.covering(person["start"], person["end"])
        if c is None or p is None:
            return False
        for clause in (a for a in parsed.ancestors(c) if a.dep == "relcl"):
            other = mention_of(head) if (head := parsed.head(clause)) is not None else None
            # Set off after the club's name by a comma ("the Cubs, who trail"): a clause the model hangs on a club
            # right before "who" without one may be the person's ("a pick of the Red Sox who later pitched for").
            who = [t for t in parsed.children(clause, "nsubj") if t.text.lower() in ("who", "which", "that")]
            if other is not None and other["entity_type"] == "Team" and other["entity_key"] != club["entity_key"] \
                    and clause not in parsed.ancestors(p) and who and who[0].i >= 2 \
                    and parsed.tokens[who[0].i - 1].text == "," \
                    and other["start"] <= parsed.tokens[who[0].i - 2].start < other["end"]:
                return True
        return False

    def _in_another_persons_clause(person: dict[str, Any], fact: dict[str, Any]) -> bool:
        """Whether the person is named inside a relative clause set off by a comma after another person's name, and
        the fact was read past that clause's words."""
        p = parsed.covering(person["start"], person["end"])
        if p is None:
            return False
        for clause in (a for a in parsed.ancestors(p) if a.dep == "relcl"):
            other = mention_of(head) if (head := parsed.head(clause)) is not None else None
            words = parsed.subtree(clause)
            if other is not None and other["entity_type"] == "Person" and other["entity_key"] != person["entity_key"] \
                    and words[0].i >= 1 and parsed.tokens[words[0].i - 1].text == "," \
                    and (fact["start"] < words[0].start or fact["end"] > words[-1].end):
                return True
        return False

    # Posts the cue words coordinate ("executive vice president and general manager") are each kept as read.
    def _played_for_it(fact: dict[str, Any], elsewhere: bool = False) -> bool:
        """Whether the parse says the fact's person played for its club (or, `elsewhere`, for another club)."""
        return any(relations.played_for(parsed, a, b, mention_of) for a, b in _fact_tokens(fact, elsewhere))

    def _played_at(fact: dict[str, Any]) -> bool:
        """Whether words of playing within the fact's span have its club as the next club named after them (or,
        with none after, the last one before: "has coached for the Tigers since 1972 and played for them")."""
        clubs = sorted((m for m in mentions if m["entity_type"] == "Team" and m["kind"] != "description"),
                       key=lambda m: m["start"])
        for w in _PLAYED_WORDS.finditer(sentence, fact["start"] - sentence_start, fact["end"] - sentence_start):
            at = sentence_start + w.start(), sentence_start + w.end()
            club = next((c for c in clubs if c["start"] >= at[1]),
                        next((c for c in reversed(clubs) if c["end"] <= at[0]), None))
            if club is None or club["entity_key"] != fact["object_key"]:
                continue
            # ... in one clause with it: "played for and managed the Crawfords", not "ended his playing career, and
            # he built a company while coaching the Trojans".
            word, named = parsed.covering(*at), parsed.covering(club["start"], club["end"])
            if word is None or named is None or not relations.in_coordinated_clauses(parsed, word, named):
                return True
        return False

    def _titled_otherwise(fact: dict[str, Any]) -> bool:
        """Whether the club is the complement of a title of another post than the fact's, for its person."""
        return any(relations.governing_role(parsed, a, b, ROLE_CUES, mention_of) not in (None, fact["role"])
                   for a, b in _fact_tokens(fact))

    def _fact_tokens(fact: dict[str, Any], elsewhere: bool = False) -> list[tuple[parse.Token, parse.Token]]:
        """The (person, club) tokens of each pair of mentions of the fact's person and club (or, `elsewhere`, the
        sentence's other clubs)."""
        return [(a, b) for p in mentions if p["entity_key"] == fact["person_key"] and p["entity_type"] == "Person"
                for c in mentions if (c["entity_key"] != fact["object_key"]) == elsewhere
                and c["entity_type"] != "Person"
                if (a := parsed.covering(p["start"], p["end"])) is not None
                and (b := parsed.covering(c["start"], c["end"])) is not None]

    read = {(f["person_key"], f["object_key"], f["role"]) for f in facts if f["relation"] == "member"}
    posts = Counter((person, club) for person, club, _ in read)
    kept = []
    for f in facts:
        if not asserted(f):
            continue
        if posts[(f["person_key"], f.get("object_key"))] <= 1:
            kept.append(_governed_role(f, sentence, sentence_start, mentions, parsed, mention_of))
        # ... but not a post at a club the parse says he played for: "He pitched for the Phillies ... and has been
        # a broadcaster" is no broadcaster of the Phillies.
        # ... nor a player of a club that is the complement of his title of another post there, where the parse
        # says whom he played for: "Lee played at Texas A&M and was an assistant at South Carolina".
        elif f["role"] == "Player" and (_played_for_it(f) or not _played_for_it(f, elsewhere=True)
                                        or _PLAYING_TITLE.search(sentence) or not _titled_otherwise(f)) \
                or f["role"] != "Player" and ((f["person_key"], f["object_key"], "Player") not in read
                                              or not _played_for_it(f)):
            kept.append(f)
    teams = _own_teams(sentence, sentence_start, mentions)
    years = _years(sentence, sentence_start)
    held = {(f["person_key"], f["object_key"]) for f in kept if f["relation"] == "member"}
    drafts: set[tuple[str, str]] = set()  # (person, club) of each draft the parse reads
    made: set[tuple[str, str]] = set()  # (person, club) of each membership a rule reads
    matches = relations.rule_facts(parsed, mention_of)
    said_roles: dict[tuple[str, str], set[str]] = {}  # the roles the matches' words name, by (person, club)
    for rule, person, club, verb in _with_listed_clubs(matches, sentence, sentence_start, mentions):
        if rule.person != "prep:under" and dependent(person, club["entity_key"]):
            continue  # "the nephew of Ryne Sandberg, managed Durham", which the model reads as Ryne's doing
        if rule.person == "prep:under" and not _under_at_the_club(parsed, person, club):
            continue  # "Bakich, in his seventh season at Michigan, was an assistant at Vanderbilt under Corbin"
        span = (min(person["start"], club["start"], verb.start), max(person["end"], club["end"], verb.end))
        # The words of a match are its subject's, not those of one he served "under": "spent four seasons as
        # associate head coach at Alabama under Mitch Gaspard" (Gaspard's post is his own title's or the rule's).
        said = (title_role(sentence, sentence_start, person) or _apposed_role(sentence, sentence_start, person)
                or rule.role) if rule.person == "prep:under" else relations.role_of(rule, parsed, verb, club, ROLE_CUES)
        if not said and rule.name in _PLAYING and title_role(sentence, sentence_start, person) in _STAFF:
            said = "Player"  # "bench coach Laforest, who caught for the Padres": he played there
        role = said or (title_role(sentence, sentence_start, person) if rule.role else None) or rule.role
        if not said and (rule.role not in (None, "Player") or (rule, person, club, verb) not in matches):
            # The verb names the role: "managed the Tomateros", whatever cue word stands nearer; and so for every
            # club of the list it names ("played for the Expos, Chicago Cubs and Cincinnati Reds, is in his
            # third season managing Birmingham": no manager of the Cubs).
            said = rule.role
        if club["entity_type"] == "MediaOrganization" and said not in ("Executive", "Reporter"):
            said = role = "Broadcaster"  # a network's or a station's people in a baseball story: its voices
        pair = (person["entity_key"], club["entity_key"])
        if said:
            # The words of the match name the role ("hired Bellamy, a coach in Houston, as manager"): the
            # nearest cue word's guess for this person and club gives way, not what other matches' words name
            # ("still owns them and managed them").
            said_roles.setdefault(pair, set()).add(said)
            # (A player-manager's title says both: the cue words read him as a player too; and so do words of
            # playing that name the club next, in their own clause: "spent his playing career with the Giants, and
            # later coached for the club".)
            kept = [f for f in kept if not (f["relation"] == "member" and (f["person_key"], f["object_key"]) == pair
                                            and f["role"] not in said_roles[pair]
                                            and not (f["role"] == "Player" and (_PLAYING_TITLE.search(sentence)
                                                                                or _played_at(f))))]
            held = {(f["person_key"], f["object_key"]) for f in kept if f["relation"] == "member"}
        if role and (pair not in held or role == said and not any(
                f["relation"] == "member" and (f["person_key"], f["object_key"], f["role"]) == (*pair, role)
                for f in kept)):
            first, last = role_years(sentence, sentence_start, club, teams, date) if club in teams else (None, None)
            kept.append(_fact("member", person, club, *span, role=role, start_year=first, end_year=last))
            held.add((person["entity_key"], club["entity_key"]))
        if role:
            made.add((person["entity_key"], club["entity_key"]))
        # A club names a player to a place in its lineup; it hires its staff.
        if rule.event and not (rule.event == "hired" and role == "Player"):
            value = _draft_detail(sentence) if rule.event == "drafted" else None
            kept.append(_fact(rule.event, person, club, *span, value=value,
                              year=_nearest_year(years, (verb.start, verb.end))))
            if rule.event == "drafted":
                drafts.add((person["entity_key"], club["entity_key"]))
    kept = _verbs_own_clubs(kept, _with_listed_clubs(matches, sentence, sentence_start, mentions), sentence,
                            sentence_start, teams, parsed)
    # The one a verb of leading is done to does not hold its post, unless a title before his name says so:
    # "Collins, who managed him with the Mets", "David Bell, who managed him for his final five seasons".
    led = {who["entity_key"] for verb in parsed.tokens if verb.lemma.lower() in ("manage", "coach")
           for obj in parsed.children(verb, "dobj") if (who := mention_of(obj)) is not None
           and who["entity_type"] == "Person" and (who["kind"] != "name" or title_role(
               sentence, sentence_start, who) not in ("Manager", "Coach"))}
    kept = [f for f in kept if not (f["relation"] == "member" and f["person_key"] in led
                                    and f["role"] in ("Manager", "Coach"))]
    # "was introduced Thursday as manager of the Fighters": a post as a title of a club it names, however far the
    # title stands from the name.
    # "Red Schoendienst, now with the New York Giants,": a player there, unless the words about him say a post.
    for person, club, about in relations.now_with(parsed, mention_of):
        words = parsed.words_of(about) if mention_of(about) is None else ""
        role = next((role for role, pattern in ROLE_CUES if pattern.search(words)), None) \
            or title_role(sentence, sentence_start, person) or "Player"
        if (person["entity_key"], club["entity_key"]) not in held:
            kept.append(_fact("member", person, club, min(person["start"], club["start"]),
                              max(person["end"], club["end"]), role=role))
            held.add((person["entity_key"], club["entity_key"]))
    # "The Clowns have signed Toni Stone, owner Syd Pollock announced": the speaker's title, at the club he speaks for.
    for person, club in relations.speakers_clubs(parsed, mention_of):
        role = title_role(sentence, sentence_start, person)
        if role in _STAFF and (person["entity_key"], club["entity_key"]) not in held:
            kept.append(_fact("member", person, club, min(person["start"], club["start"]),
                              max(person["end"], club["end"]), role=role))
            held.add((person["entity_key"], club["entity_key"]))
    for person, club, as_title in relations.posts_as_of(parsed, mention_of):
        words = parsed.words_of(as_title)
        role = next((role for role, pattern in ROLE_CUES if pattern.search(words)), None)
        if role and (person["entity_key"], club["entity_key"]) not in held:
            first, last = role_years(sentence, sentence_start, club, teams, date) if club in teams else (None, None)
            kept.append(_fact("member", person, club, min(person["start"], as_title.start),
                              max(club["end"], as_title.end), role=role, start_year=first, end_year=last))
            held.add((person["entity_key"], club["entity_key"]))
    # "resigned as commissioner of baseball", "to succeed Peter Ueberroth as commissioner": the game's own
    # league's post, where the sentence names no league whose commissioner he could be.
    if not any(m["entity_type"] == "League" and m["entity_key"] != _THE_GAMES_LEAGUE["entity_key"]
               for m in mentions):
        for person, as_title in relations.posts_as(parsed, mention_of):
            if re.fullmatch(r"(?:deputy\s+)?commissioner", parsed.words_of(as_title), re.I) \
                    and (person["entity_key"], _THE_GAMES_LEAGUE["entity_key"]) not in held:
                kept.append(_fact("member", person, _THE_GAMES_LEAGUE, min(person["start"], as_title.start),
                                  max(person["end"], as_title.end), role="Executive"))
                held.add((person["entity_key"], _THE_GAMES_LEAGUE["entity_key"]))
    for person, club, at in _drafts_as_written(sentence, sentence_start, mentions):
        if (person["entity_key"], club["entity_key"]) not in drafts:
            drafts.add((person["entity_key"], club["entity_key"]))
            kept.append(_fact("drafted", person, club, club["start"], person["end"], value=_draft_detail(sentence),
                              year=_nearest_year(years, (at, at))))
    moves = relations.trade_moves(parsed, mention_of)
    # The one who made the trade went to none of its clubs: "Elias traded Hall to the Brewers".
    moved_people = {move.person["entity_key"] for move in moves}
    traders = {p["entity_key"] for p in relations.traders(parsed, mention_of)} - moved_people
    sides = {key for move in moves for key in move.sides}
    kept = [f for f in kept if not (f["relation"] == "member" and f["person_key"] in traders
                                    and f["object_key"] in sides)]
    moves = _givers_named_as_home(moves, kept, mentions, sides, parsed)
    for move in moves:
        person, verb = move.person, move.verb
        # The trades say where he went: a cue word's guess of another of their clubs gives way.
        moved = {side["entity_key"] for other in moves if other.person["entity_key"] == person["entity_key"]
                 for side in (other.left, other.joined) if side is not None}
        # So does a club outside the clause of a trade nested in another clause, for a player named only in the
        # trade's words ("lost Burnes to Arizona, months after acquiring him from the Brewers for Ortiz": Ortiz was
        # no Diamondback).
        def beyond(m: dict[str, Any], verb: parse.Token = verb) -> bool:
            return (t := parsed.covering(m["start"], m["end"])) is not None and verb not in parsed.ancestors(t)

        named_beyond = any(beyond(m) for m in mentions if m["entity_key"] == person["entity_key"])
        outside = {m["entity_key"] for m in mentions if m["entity_type"] == "Team" and verb.dep in ("advcl", "pcomp")
                   and not named_beyond and beyond(m) and m["entity_key"] not in moved}
        kept = [f for f in kept if not (f["relation"] == "member" and f["role"] == "Player"
                                        and f["person_key"] == person["entity_key"]
                                        and f["object_key"] in (sides - moved) | outside)]
        # A post the sentence gives him at the club he joined is not also one at the club he left: "named Herman
        # player-manager after buying his contract from the Braves".
        if move.left is not None and move.joined is not None:
            posts_joined = {f["role"] for f in kept if f["relation"] == "member" and f["role"] in _STAFF
                            and (f["person_key"], f["object_key"]) == (person["entity_key"], move.joined["entity_key"])}
            kept = [f for f in kept if not (f["relation"] == "member" and f["role"] in posts_joined
                                            and (f["person_key"], f["object_key"]) == (person["entity_key"],
                                                                                      move.left["entity_key"]))]
        held = {(f["person_key"], f["object_key"]) for f in kept if f["relation"] == "member"}
        for side in (move.left, move.joined):
            if side is None:
                continue
            if (person["entity_key"], side["entity_key"]) not in held:
                span = (min(person["start"], side["start"], verb.start), max(person["end"], side["end"], verb.end))
                kept.append(_fact("member", person, side, *span, role="Player"))
                held.add((person["entity_key"], side["entity_key"]))
            made.add((person["entity_key"], side["entity_key"]))
        joined = move.joined
        if joined is not None and not any(f["relation"] == "traded" and f["person_key"] == person["entity_key"]
                                          and f["object_key"] == joined["entity_key"] for f in kept):
            span = (min(person["start"], joined["start"], verb.start), max(person["end"], joined["end"], verb.end))
            kept.append(_fact("traded", person, joined, *span, year=_verbs_own_year(parsed, verb, years)
                              or _nearest_year(years, (verb.start, verb.end))))
    if drafts:
        # The parse says who was drafted by whom: the nearest-word guesses give way, and a draft is no membership.
        # A player's club that the parse or his title names stays ("out of the University of Missouri", "LSU
        # right-hander Paul Skenes").
        def titled_at(f: dict[str, Any]) -> bool:
            clubs = [c for c in mentions if c["entity_key"] == f["object_key"]]
            return any(re.fullmatch(r"\s+(?:[a-z-]+\s+){1,3}", sentence[c["end"] - sentence_start:
                                                                      p["start"] - sentence_start])
                       for c in clubs for p in mentions if p["entity_key"] == f["person_key"] and p["start"] > c["end"]
                       ) or any(re.search(r"\bout of\s+(?:the\s+)?$", sentence[:c["start"] - sentence_start])
                                for c in clubs)
        kept = [f for f in kept if not (f["relation"] == "drafted" and (f["person_key"], f["object_key"]) not in drafts)
                and not (f["relation"] == "member" and f["role"] == "Player"
                         and ((f["person_key"], f["object_key"]) in drafts
                              or any(f["person_key"] == person for person, _ in drafts)
                              and (f["person_key"], f["object_key"]) not in made and not titled_at(f)))]
    # "promoted bench coach Hong Won-ki to manager": the post he rose to, at the club of his promotion, and the one
    # his title before the name says he rose from.
    for person, post in relations.promotions(parsed, mention_of):
        words = parsed.words_of(post)
        to_role = next((role for role, pattern in ROLE_CUES if pattern.search(words)), None)
        # Not a title another club's name opens: "promoted Triple-A Syracuse manager Dick Scott to bench coach".
        title = _title_span(sentence, person["start"] - sentence_start)
        from_role = None if title is None or any(_CLUB_BEFORE_TITLE.fullmatch(
            sentence[m["end"] - sentence_start: title[0]]) for m in mentions if m["end"] - sentence_start <= title[0]
        ) else title_role(sentence, sentence_start, person)
        roles = sorted({role for role in (to_role, from_role) if role in _STAFF})
        promoted_at = {f["object_key"]: f for f in kept if f["relation"] == "promoted"
                       and f["person_key"] == person["entity_key"]}
        for club_key, promotion in promoted_at.items():
            for role in roles:
                if not any(f["relation"] == "member" and f["person_key"] == person["entity_key"]
                           and f["object_key"] == club_key and f["role"] == role for f in kept):
                    kept.append(_fact("member", person, _object_of(promotion), promotion["start"], promotion["end"],
                                      role=role))
    held = {(f["person_key"], f["object_key"]) for f in kept if f["relation"] == "member"}
    for person, club, role, noun in relations.grouped_members(parsed, mention_of):
        if (person["entity_key"], club["entity_key"]) not in held:
            held.add((person["entity_key"], club["entity_key"]))
            kept.append(_fact("member", person, club, min(person["start"], club["start"], noun.start),
                              max(person["end"], club["end"], noun.end), role=role))
    for act, subject, actor, verb in relations.act_facts(parsed, mention_of):
        span = (min(subject["start"], actor["start"], verb.start), max(subject["end"], actor["end"], verb.end))
        kept.append(_fact(act.relation, subject, actor, *span, year=_nearest_year(years, (verb.start, verb.end))))
    return kept


# A club's draft pick as a draft story writes it, whatever the model makes of the words: "the Padres took another
# Georgia high schooler, shortstop CJ Abrams, sixth" (the model read "shortstop" as a verb), "selected Adley
# Rutschman first overall", "took Bleday with the fourth pick".
_PICKED = re.compile(r"\s+(?:(?:also|then|later|next)\s+)?(?:took|selected|picked|chose|drafted)\s+")
_PICK_AFTER = re.compile(rf",?\s+(?:{relations.ORDINAL}\b(?!{relations.NOT_A_DRAFT_PLACE})|No\. \d+\b|"
                         r"with the [\w-]+(?: overall)? (?:pick|selection)|in the [\w-]+ round)")


def _givers_named_as_home(moves: list[relations.Move], facts: list[dict[str, Any]], mentions: list[dict[str, Any]],
                          sides: set[str], parsed: parse.Parse) -> list[relations.Move]:
    """A trade that does not say who gave the players up ("X, the face of the Pittsburgh Pirates, was traded to
    the Giants for Y") was made by the one club the sentence gives those players besides the trade's, as a
    membership or in their apposition: X left it, and Y joined it."""
    found = list(moves)
    mention_of = _mention_finder(mentions)
    for verb in {move.verb.i: move.verb for move in moves}.values():
        going = [m for m in moves if m.verb is verb and m.left is None and m.joined is not None]
        coming = [m for m in moves if m.verb is verb and m.joined is None and m.left is not None]
        if not going:
            continue
        homes = {f["object_key"] for f in facts if f["relation"] == "member" and f["role"] == "Player"
                 and f["person_key"] in {m.person["entity_key"] for m in going}}
        for move in going:
            token = parsed.covering(move.person["start"], move.person["end"])
            # ... or in a noun before the name that the model reads as the verb's second subject: "A first-round
            # pick of the Dodgers in 1968, Valentine was traded".
            described = [] if token is None else parsed.children(token, "appos") + [
                t for t in parsed.children(verb, "nsubj", "nsubjpass", "dep", "npadvmod")
                if t.pos == "NOUN" and t.i < token.i]
            apposition = [t for a in described for t in parsed.subtree(a)]
            homes |= {m["entity_key"] for t in apposition if (m := mention_of(t)) and m["entity_type"] == "Team"}
        homes -= sides
        home = next((m for m in mentions if homes == {m["entity_key"]}), None)
        if home is None:
            continue
        found = [dataclasses.replace(m, left=home) if m in going else dataclasses.replace(m, joined=home)
                 if m in coming else m for m in found]
    return found


def _drafts_as_written(sentence: str, sentence_start: int, mentions: list[dict[str, Any]]
                       ) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """(person, club, where the verb is) of each pick written as "<club> took <words> <name> <place in the
    draft>", the name in the verb's clause (no semicolon nor ", and" between)."""
    found = []
    people = [m for m in mentions if m["entity_type"] == "Person" and m["kind"] == "name"]
    for club in (m for m in mentions if m["entity_type"] == "Team"):
        verb = _PICKED.match(sentence, club["end"] - sentence_start)
        if verb is None:
            continue
        for person in people:
            between = sentence[verb.end(): person["start"] - sentence_start]
            if person["start"] - sentence_start >= verb.end() and len(between) <= 60 \
                    and not re.search(r";|,\s+and\s|\.\s", between) \
                    and _PICK_AFTER.match(sentence, person["end"] - sentence_start):
                found.append((person, club, sentence_start + verb.start()))
    return found


def _league_posts(sentence: str, sentence_start: int, people: list[dict[str, Any]],
                  leagues: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Posts at a league its name gives, written before the title before a name: "ABL chief executive Cam Vale",
    "Atlantic League president Rick White"."""
    facts = []
    for person in people:
        title = _title_span(sentence, person["start"] - sentence_start) if person["kind"] == "name" else None
        role = title_role(sentence, sentence_start, person) if title else None
        league = next((m for m in leagues if title and m["end"] - sentence_start <= title[0]
                       and _CLUB_BEFORE_TITLE.fullmatch(sentence[m["end"] - sentence_start: title[0]])), None)
        if league and role in ("Executive", "GeneralManager", "Owner"):
            facts.append(_fact("member", person, league, league["start"], person["end"], role=role))
        # A commissioner runs a league: the one named before the title ("KBO commissioner Huh Koo-yeon"), else
        # the game's own ("Commissioner Rob Manfred"), unless the words say another league's ("league
        # commissioner Wu Chih-yang").
        commissioner = _COMMISSIONER.search(sentence[: person["start"] - sentence_start]) \
            if person["kind"] == "name" else None
        if commissioner:
            named = [m for m in leagues if m["end"] - sentence_start <= commissioner.start()]
            league = named[-1] if named else None if commissioner.group("league") else _THE_GAMES_LEAGUE
            if league is not None:
                facts.append(_fact("member", person, league, min(league.get("start", person["start"]),
                                                                 person["start"]), person["end"], role="Executive"))
        # ... or in his apposition: "Frank Shaughnessy, the president of the International League,", "Bowie Kuhn,
        # the commissioner of baseball,".
        # Each league named after him, up to its name, then the game's own ("of baseball").
        for league in [m for m in leagues if m["start"] >= person["end"]] + [_THE_GAMES_LEAGUE]:
            games = league is _THE_GAMES_LEAGUE
            apposed = _APPOSED_LEAGUE_TITLE.match(sentence, person["end"] - sentence_start,
                                                  len(sentence) if games else league["start"] - sentence_start)
            if apposed is None or games != (apposed.group("baseball") is not None):
                continue
            role = next((r for r, pattern in ROLE_CUES if pattern.search(apposed.group("title"))), None)
            if role in ("Executive", "GeneralManager", "Owner") or _COMMISSIONER.search(apposed.group("title")):
                facts.append(_fact("member", person, league, person["start"], sentence_start + apposed.end(),
                                   role=role if role in ("GeneralManager", "Owner") else "Executive"))
            break
    return facts


# ", the president of the ", ", the commissioner of baseball": a league's title in a name's apposition.
# Not "the president of baseball operations", a club's.
_APPOSED_LEAGUE_TITLE = re.compile(r",\s+(?:the\s+)?(?P<title>(?:[a-z-]+\s+){0,3}?[a-z-]+)\s+of\s+"
                                   r"(?:(?P<baseball>baseball(?=\s*(?:[,.;:)]|$)))|(?:the\s+)?$)")
_ONES_RELATIVE_CLAUSE = re.compile(r",\s*who\s+(?:was|is|has)\b")
_COMMISSIONER = re.compile(r"\b(?:(?P<league>league)(?:'s)?\s+)?(?:deputy\s+)?commissioner\s*$", re.I)
# The league the commissioner of baseball runs, as the reference names it.
_THE_GAMES_LEAGUE = {"entity_key": "major-league-baseball", "label": "Major League Baseball", "entity_type": "League"}


def _cue_facts(sentence: str, sentence_start: int, mentions: list[dict[str, Any]],
               lexicon_parents: dict[str, str] | None = None,
               awards: Iterable[str] = (), date: tuple[int, int] | None = None,
               dependents: dict[int, tuple[int, int, str]] | None = None,
               club_clauses: Sequence[tuple[str | None, frozenset[str], tuple[int, int]]] = ()
                 ) -> list[dict[str, Any]]:
    """The facts the cue words around the mentions state (no parse needed; `dependents`: by their start, the
    people the parse reads as what another's words hang on, who own no role word outside the span of the
    words under their name, with that span and how they hang, relations.hanging; `club_clauses`: the relative
    clauses whose role words are only some clubs', as _relative_clause_clubs gives them)."""
    parents = lexicon_parents or {}
    people = [m for m in mentions if m["entity_type"] == "Person"]
    teams = _own_teams(sentence, sentence_start, mentions)
    media = [m for m in mentions if m["entity_type"] == "MediaOrganization"]
    if not people:
        return []
    people_lists = coordinated_spans(sentence, sentence_start, people)
    facts = _memberships(sentence, sentence_start, people, people_lists,
                         _membership_teams(sentence, sentence_start, teams), media, parents, date, dependents,
                         club_clauses)
    facts += _league_posts(sentence, sentence_start, people, [m for m in mentions if m["entity_type"] == "League"])
    years = _years(sentence, sentence_start)

    for relation, pattern in EVENT_CUES:
        for m in pattern.finditer(sentence):
            span = (sentence_start + m.start(), sentence_start + m.end())
            team = _nearest(teams, span)
            # Everyone named inside the phrase ("relieved both Minaya and manager Manuel of their duties").
            inside = [p for p in people if span[0] <= p["start"] and p["end"] <= span[1]]
            # Not one named only as what another's words hang on: "played for Marquess and was drafted".
            nearest = _nearest([p for p in people if p["start"] not in (dependents or {})], span)
            # ... and everyone listed with the nearest: "promoted infielder J.J. Okafor and pitcher Luis Brandt".
            listed = people_lists[nearest["start"]] if nearest else (0, 0)
            # Not after the list, in a clause about its last name alone: "Cashman and Boone, who was hired".
            if nearest and _ONES_RELATIVE_CLAUSE.match(sentence[listed[1] - sentence_start: span[0] - sentence_start]):
                listed = (nearest["start"], nearest["end"])
            subjects = inside or [p for p in people if listed[0] <= p["start"] and p["end"] <= listed[1]]
            year = _clause_year(sentence, sentence_start, years, span)
            if relation == "drafted":
                # "a second-round pick out of Vanderbilt in 2016": the school he was drafted from, whose player he
                # was until then, not the club that drafted him.
                schools = [t for t in teams if re.search(r"\bout of\s+(?:the\s+)?$",
                                                         sentence[: t["start"] - sentence_start])]
                for school in schools:
                    # Of the name right before it: "Langeliers was Atlanta's pick in 2019 out of Baylor, Cusick
                    # its pick last year out of Wake Forest".
                    player = max((p for p in people if p["end"] <= school["start"]), key=lambda p: p["start"],
                                 default=None)
                    if player is None or player["entity_key"] not in {p["entity_key"] for p in subjects}:
                        continue
                    left = next((y for a, b, y in years if player["end"] <= a and b <= school["end"] + 12), None)
                    facts.append(_fact("member", player, school, player["start"], school["end"], role="Player",
                                       end_year=left))
                # Not a club another clause names: "was a pick in 2016 and hit .312 at Class A San Jose".
                team = _nearest([t for t in teams if t not in schools and not re.search(
                    r"\band\b|;", sentence[min(span[1], t["end"]) - sentence_start:
                                           max(span[0], t["start"]) - sentence_start])], span)
            if team is None:
                continue
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


def article_facts(sentences: list[tuple[Any, ...]],
                  lexicon_parents: dict[str, str] | None = None,
                  awards: Iterable[str] = (), date: tuple[int, int] | None = None,
                  colleges: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Facts of a whole article, sentence by sentence (text, start, mentions and, where the model ran, the
    parse), each membership with the years its sentences state.

    A sentence that names a person and a club with a year of theirs but no role word ("Whitfield joined the
    Cubs after the 2018 season", after "Cubs hitting coach Dana Whitfield") gives those years to the
    person's role at that club when the article states exactly one. With two (Backman played for the Mets
    and managed in their system), such a year stays unassigned: it could be either role's.

    With the article's `date` (spark_etl/dates.py), relative years resolve against it, and an event told in the
    headline or on a day of the news ("on Tuesday") is of the article's year.
    """
    facts: list[dict[str, Any]] = []
    for sentence, start, mentions, *sentence_parse in sentences:
        found = sentence_facts(sentence, start, mentions, lexicon_parents, awards,
                               sentence_parse[0] if sentence_parse else None, date)
        of_the_day = date is not None and (is_headline(sentence) or dates.DAY_OF_NEWS.search(sentence))
        facts += [dict(f, sentence_start=start, year=date[0]) if of_the_day and date and f["year"] is None
                  and f["relation"] in NEWS_EVENTS and not _years(sentence, start)
                  else dict(f, sentence_start=start) for f in found]
    texts = {start: sentence for sentence, start, *_ in sentences}

    def head_coaches(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [_college_head_coach(f, texts[f["sentence_start"]], f["sentence_start"])
                if f["object_key"] in colleges else f for f in found]

    # Before the posts they imply ("Michigan hires Smith to replace Bakich": Bakich's is the head coach's Smith
    # takes), and of those.
    facts = head_coaches(facts)
    facts += head_coaches(_implied_posts(sentences, facts, colleges))
    members = [f for f in facts if f["relation"] == "member"]
    roles: dict[tuple[str, str], set[str]] = {}
    for f in members:
        roles.setdefault((f["person_key"], f["object_key"]), set()).add(f["role"])
    stated = {(f["sentence_start"], f["person_key"], f["object_key"]) for f in members}
    for sentence, start, mentions, *_ in sentences:
        # Only a sentence that says how long someone was somewhere, and names no role (a role word would say
        # which role the year is of: "a finalist for the Mets' top job in 2011").
        if not _TENURE.search(sentence) or any(p.search(sentence) for _, p in ROLE_CUES):
            continue
        teams = _membership_teams(sentence, start, _own_teams(sentence, start, mentions))
        people = {m["entity_key"]: m for m in reversed(mentions) if m["entity_type"] == "Person"}
        for team in {t["entity_key"]: t for t in reversed(teams)}.values():
            for key, person in people.items():
                only = roles.get((key, team["entity_key"]), set())
                if len(only) != 1 or (start, key, team["entity_key"]) in stated:
                    continue
                first, last = role_years(sentence, start, team, teams, date)
                if first is not None or last is not None:
                    facts.append(dict(_fact("member", person, team, *_covering(person, team), role=next(iter(only)),
                                            start_year=first, end_year=last), sentence_start=start))
    return facts


# A coach's word that names what he coaches ("pitching coach", "an assistant coach"); without one, a college's
# coach is its head coach, who leads it as a manager leads a club ("Vanderbilt coach Tim Corbin").
_COACH_WORD = re.compile(r"\b(?P<kind>(?:[a-z'-]+\s+){0,2})coach(?:es|ed|ing)?\b", re.I)
_COACH_OF_A_PART = frozenset({"assistant", "associate", "pitching", "hitting", "bench", "base", "first-base",
                              "pitchers", "hitters", "catchers", "infielders", "outfielders",
                              "third-base", "bullpen", "volunteer", "strength", "conditioning", "catching", "infield",
                              "outfield", "batting", "field", "position", "quality-control", "defensive", "mental",
                              "performance", "development", "graduate", "student", "assistant's"})


def _college_head_coach(fact: dict[str, Any], sentence: str, sentence_start: int) -> dict[str, Any]:
    """A college's Coach whose words name no part he coaches is its head coach: the Manager."""
    if fact["relation"] != "member" or fact["role"] != "Coach":
        return fact
    # With the words right before it, which may name the part: "the pitchers Johnson coached at Arkansas".
    before = re.search(r"(?:[\w'-]+\s+){0,2}$", sentence[: max(fact["start"] - sentence_start, 0)])
    evidence = sentence[before.start() if before else 0: fact["end"] - sentence_start]
    words = list(_COACH_WORD.finditer(evidence)) or list(_COACH_WORD.finditer(sentence))
    if words and not re.search(r"\bassistants?\b", evidence, re.I) and all(
            not set(w.group("kind").lower().split()) & _COACH_OF_A_PART for w in words) and \
            not set(re.findall(r"[a-z]+s\b", evidence.lower())) & _COACH_OF_A_PART:
        return dict(fact, role="Manager")
    return fact


# The rules whose verb says a person played for the club, whatever post his title gives him now.
_PLAYING = ("played_for", "performed_for")

_ORGANIZATIONS = ("League", "Organization", "MediaOrganization", "Team")

# Words that say which post a staff title before a name is ("Bench coach", "Assistant hitting coach").
_TITLE_MODIFIERS = frozenset({"assistant", "associate", "bench", "hitting", "pitching", "bullpen", "first", "third",
                              "base", "interim", "acting", "head", "general", "special", "senior", "executive",
                              "vice", "chief", "team", "club", "principal", "managing", "quality", "control",
                              "strength", "conditioning", "catching", "infield", "outfield", "field", "batting",
                              "co-owner", "majority", "longtime", "veteran", "new", "radio", "television", "tv",
                              "play-by-play", "color", "lead"})

# "the New York club", "the Boston team": a club the sentence speaks of by its city, one the reference does not
# name there; its people are not the story's club's.
_CLUB_BY_ITS_CITY = re.compile(r"\b[Tt]he\s+((?:[A-Z][\w.]*\s+){1,3})(?:club|team|franchise)\b")


def _speaks_of_another_club(sentence: str, start: int, mentions: list[dict[str, Any]]) -> bool:
    """Whether the sentence names a club by its city alone where no mention stands ("the New York club, whose
    owner, Andrew Freedman, ...")."""
    return any(not any(m["start"] < start + found.end(1) and start + found.start(1) < m["end"] for m in mentions)
               for found in _CLUB_BY_ITS_CITY.finditer(sentence))


# A league's officer's title before a name: "League president", "League chief executive" (not "minor league
# outfielder").
_LEAGUE_TITLE = re.compile(r"\b(?:League|Conference)\s+(?:[a-z-]+\s+){0,2}(?:president|executive|commissioner|"
                           r"director|secretary|chairman|chairwoman|official|officer|spokesman|spokeswoman)\s+$")
# Posts on a club's staff, which a title alone gives: a story's "General manager X" is its club's.
_STAFF = ("Manager", "Coach", "GeneralManager", "Executive", "Owner", "Broadcaster", "Scout")


def _implied_posts(sentences: list[tuple[Any, ...]], facts: list[dict[str, Any]],
                   colleges: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Memberships an article implies without naming the club in the sentence:
    - a staff title before a name in a sentence that names no club ("General manager Claire Vandermeer said")
      is a post at the article's club, the one its headline names (not a "former" one);
    - "A replaces B" (or succeeds): B held the post at the club that A, the article says, takes, when the
      article gives A exactly one staff post."""
    if not sentences:
        return []
    headline, first_start, first_mentions, *_ = sentences[0]
    topic = next((m for m in first_mentions if m["entity_type"] == "Team"), None) if is_headline(headline) else None
    implied: list[dict[str, Any]] = []
    previous_end: int | None = None  # where the sentence before ended, its leading clubs and its club
    previous_leading: dict[str, dict[str, Any]] = {}
    previous_context: dict[str, Any] | None = None
    trade: tuple[dict[str, dict[str, Any]], int | None] | None = None  # the clubs of the trade just told, its year
    trade_end: int | None = None
    told_end: int | None = None  # the end of the sentence that told it
    for sentence, start, mentions, *sentence_parse in sentences:
        # "the club" names no club by its name: the mention resolves to the one the story speaks of.
        # Nor does one that names only the other side of a game or of the standings ("said manager Terry Francona,
        # whose team is 8 1/2 games behind the Yankees").
        names_a_club = any(m["entity_type"] == "Team" and m["kind"] != "description"
                           and not _is_opponent(sentence, start, m) for m in mentions)
        described = {m["entity_key"]: m for m in mentions if m["entity_type"] == "Team" and m["kind"] == "description"}
        another_club = _speaks_of_another_club(sentence, start, mentions)
        # A sentence goes on about the one club the sentences right before it in its paragraph lead with ("...
        # Houston's sign-stealing scheme. After the report, owner Jim Crane fired manager A.J. Hinch", "Brewers
        # general manager Matt Arnold said ... Bench coach Pat Murphy, who was Counsell's coach at Notre Dame,
        # ..."); otherwise about the story's.
        leading = {m["entity_key"]: m for m in _leading_teams(sentence, start, mentions)}
        context = None
        if not described and previous_end is not None and 0 <= start - previous_end <= 1:
            context = next(iter(previous_leading.values())) if len(previous_leading) == 1 \
                else None if previous_leading else previous_context
        club = current = context or topic
        previous_end, previous_leading, previous_context = start + len(sentence), leading, context
        parsed = parse.parsed(sentence_parse[0], start) if sentence_parse and sentence_parse[0] else None
        if club is not None:
            people = [m for m in mentions if m["entity_type"] == "Person" and m["kind"] == "name"]
            lists = coordinated_spans(sentence, start, people)
            for person in people:
                # A name's own title, or the one before the list it opens: "special assistants Jeff Bagwell and
                # Craig Biggio".
                first = person["start"] if title_role(sentence, start, person) else lists[person["start"]][0]
                role = title_role(sentence, start, {**person, "start": first})
                # In a sentence that names a club, only a title that opens the sentence ("General manager Billy
                # Eppler, who was the Angels' GM from 2015-20, will remain", "Bench coach Pat Murphy, who was
                # Counsell's coach at Notre Dame"): the post at the club the story speaks of there. A staff title
                # of common words, not one a name opens ("Tidewater manager Davey Johnson").
                words = sentence[: first - start].split()
                opening = _TITLE_BEFORE_NAME.fullmatch(sentence[: first - start].strip() + " ") or \
                    role in _STAFF and 1 <= len(words) <= 4 and all(w.lower() in _TITLE_MODIFIERS for w in words[:-1])
                # A club named only in what is said of someone else ("Bench coach John Gibbons, who managed the
                # Blue Jays, will stay, as will pitching coach Bob McClure") is not where this staff title is; a
                # player's may be the other side's, in a game's account.
                # Nor, for a player, a club he is a former player of ("second baseman Rougned Odor, himself a former
                # Ranger").
                clubs_here = [m for m in mentions if m["entity_type"] == "Team" and m["kind"] != "description"
                              and not _is_opponent(sentence, start, m) and not (
                                  role == "Player" and parsed is not None
                                  and re.search(r"\b(?:former|ex-)\s*$", sentence[: m["start"] - start], re.I)
                                  and _said_of_someone(parsed, m) and not _said_of_someone(parsed, m, but=person))]
                if (described or another_club or clubs_here and (parsed is None or role not in _STAFF or not all(
                        _said_of_someone(parsed, m, but=person) for m in clubs_here))) and not opening:
                    continue
                # "Atlantic League president Rick White", "ABL chief executive Cam Vale": a title another
                # organization's name opens is its post.
                title = _title_span(sentence, first - start)
                if title is not None and any(
                        m["entity_type"] in _ORGANIZATIONS
                        and _CLUB_BEFORE_TITLE.fullmatch(sentence[m["end"] - start: title[0]]) for m in mentions):
                    continue
                # Nor a league's officer: "League president Frank Shaughnessy", "League chief executive Kevin Outcalt".
                if _LEAGUE_TITLE.search(sentence[: first - start]):
                    continue
                former = re.search(r"\b(?:former|ex-|onetime|one-time|longtime|then)\b[^,;.]{0,30}$",
                                   sentence[: first - start], re.I)
                if (role in _STAFF or role == "Player") and not former:
                    implied.append(dict(_fact("member", person, club, person["start"], person["end"], role=role),
                                        sentence_start=start))
            if not names_a_club and not another_club:
                implied += [dict(f, sentence_start=start) for f in _unnamed_club_posts(
                    sentence, start, mentions, next(iter(described.values())) if len(described) == 1 else club)]
            elif len(leading) == 1:
                # "The Red Sox still have an outfield of Benintendi, Bradley and Betts": the subject's roster.
                implied += [dict(f, sentence_start=start)
                            for f in _roster_players(sentence, start, mentions, next(iter(leading.values())))]
        if parsed is None:
            continue
        moves = relations.trade_moves(parsed, _mention_finder(mentions))
        if moves:
            trade = _trade_of(moves, facts, start)
            told_end = start + len(sentence)
        # The sentences after it in its paragraph; or the next paragraph's first, right after the trade's own
        # sentence, where the club that got players says so ("The Red Sox acquired Schilling from Arizona ...\n\n
        # Arizona received Fossum, Lyon and Goss").
        elif trade is not None and trade_end is not None and (
                0 <= start - trade_end <= 1 or start - trade_end == 2 and trade_end == told_end):
            implied += [dict(f, sentence_start=start)
                        for f in _continued_trade(parsed, mentions, *trade, went=start - trade_end <= 1)]
        else:
            trade = None
        trade_end = start + len(sentence)
        # The club that got players the sentence does not say who got: the one it leads with ("The Pirates still
        # have closer Felipe Rivero, acquired from the Nationals for Mark Melancon"), or the paragraph's; or the
        # story's, for one the story says was its player ("The Blue Jays released Tulowitzki. ... Tulowitzki was
        # acquired from the Rockies for Reyes").
        receiver = next(iter(leading.values())) if len(leading) == 1 else context
        if receiver is None and topic is not None:
            # ... or one who "came from" another club, which tells of his coming to the story's (as a player, unless
            # the sentence gives him a post: "Zaidi had come from the Dodgers, where he was general manager").
            receiver, moves_received = topic, moves if any(
                f["relation"] == "member" and f["person_key"] == m.person["entity_key"]
                and f["object_key"] == topic["entity_key"] for m in moves for f in facts) else [
                m for m in moves if relations.verb_forms(m.verb) & relations.COMING_FOR and not any(
                    f["relation"] == "member" and f["sentence_start"] == start and f["role"] != "Player"
                    and f["person_key"] == m.person["entity_key"] for f in facts)]
        else:
            moves_received = moves
        if receiver is not None:
            implied += [dict(f, sentence_start=start)
                        for f in _receivers_club_moves(sentence, start, parsed, moves_received, mentions, receiver)]
        implied += [dict(f, sentence_start=start)
                    for f in _returns_to_the_givers_club(parsed, moves, mentions, facts, colleges)]
        if topic is not None:
            dealing = next(iter(leading.values())) if len(leading) == 1 else topic
            # Not a side of the trade: "He had already sold Simmons and Haas to the White Sox" (the story's club's).
            if moves and all(dealing["entity_key"] in move.sides for move in moves):
                dealing = topic
            implied += [dict(f, sentence_start=start) for f in _dealers_club_moves(moves, facts, dealing)]
            if club is not None and not any(m["entity_type"] in _ORGANIZATIONS and not _said_of_someone(parsed, m)
                                            for m in mentions):
                implied += [dict(f, sentence_start=start) for f in _posts_as(parsed, mentions, club)]
        mention_of = _mention_finder(mentions)
        # One promoted to replace another leaves his own post at the club for the other's: "promoted bench coach
        # Don Kelly to replace him".
        promotions = [t for t in parsed.tokens if t.lemma.lower() in ("promote", "elevate")]
        # "Tennessee Tech promoted assistant Justin Holmes to replace Bragga": the post is the promoting club's,
        # whichever club the one replaced was hired by since.
        promoter = next((m for t in promotions for s in parsed.children(t, "nsubj")
                         if (m := mention_of(s)) is not None and m["entity_type"] == "Team"), None)
        for pair in relations.successions(parsed, mention_of):
            # The one post the article gives either of them is the other's too: "He replaces Len Dobrowski"
            # (the new manager's), "promoted bench coach Núñez to replace him" (the fired manager's).
            posts = [{(f["role"], f["object_key"]): f for f in (*facts, *implied) if f["relation"] == "member"
                      and f["person_key"] == person["entity_key"] and f["role"] in _STAFF} for person in pair]
            # Of several posts, the one at a club the sentence names ("the Sultanes ... promoted Núñez to replace
            # him": the Sultanes' manager, not the Diablos' he once was).
            # Failing that, of several, the one at the club the paragraph or the story speaks of: "Voss replaced
            # Dell Hargrove" is the Twins' manager Voss was hired as, not the Indians' coach he had been.
            named = {m["entity_key"] for m in mentions if m["entity_type"] in _ORGANIZATIONS}
            posts = [{k: f for k, f in held.items() if f["object_key"] in named} or (
                {k: f for k, f in held.items() if f["object_key"] == current["entity_key"]}
                if current is not None and len(held) > 1 else held) for held in posts]
            # The posts of the one replaced that the sentence names only in its words about him: where he went.
            went_to = [key for key in posts[1] if _named_only_about(parsed, mentions, key[1], pair[1])]
            if promoter is not None and len({role for role, _ in posts[1]}) == 1 and not any(
                    club_key == promoter["entity_key"] for _, club_key in posts[1]):
                role = next(iter(posts[1]))[0]
                posts[1] = {(role, promoter["entity_key"]): _fact("member", pair[1], promoter, pair[1]["start"],
                                                                  pair[1]["end"], role=role)}
            for holder, other in ((0, 1), (1, 0)):
                # Not to one the article gives a post at that club already ("She replaces Michael Hill, whose
                # contract as president of baseball operations was not renewed": each keeps his own).
                # Nor to the one replaced, when the sentence gives him a post of his own: the successor's is then
                # a former one ("replaced him with Ned Yost, the former Brewers manager").
                # Nor a post the sentence gives him in its words about him ("He replaces Ron Marotta, who resigned
                # to become a scout for the Phillies"): where he went, not what he left.
                if len(posts[holder]) == 1 and not (holder == 0 and len(posts[1]) > len(went_to)) and not any(
                        club_key == next(iter(posts[holder]))[1] and not (promotions and holder == 1)
                        for _, club_key in posts[other]) \
                        and not _named_only_about(parsed, mentions, next(iter(posts[holder]))[1], pair[holder]):
                    post = next(iter(posts[holder].values()))
                    club = {"entity_key": post["object_key"], "label": post["object_label"],
                            "entity_type": post["object_type"]}
                    implied.append(dict(_fact("member", pair[other], club, min(pair[0]["start"], pair[1]["start"]),
                                              max(pair[0]["end"], pair[1]["end"]), role=post["role"]),
                                        sentence_start=start))
    return implied


def _named_only_about(parsed: parse.Parse, mentions: list[dict[str, Any]], club_key: str,
                      person: dict[str, Any]) -> bool:
    """Whether the sentence names the club, and only in relative clauses on the person ("Marotta, who resigned to
    become a scout for the Phillies")."""
    tokens = [t for m in mentions if m["entity_key"] == club_key and (t := parsed.covering(m["start"], m["end"]))]
    return bool(tokens) and all(any(a.dep == "relcl" and _stands_for(person, relations.relative_clause_antecedent(
        parsed, a)) for a in parsed.ancestors(t)) for t in tokens)


def _leading_teams(sentence: str, sentence_start: int, mentions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The clubs a sentence is about: a club named by its name that opens the sentence ("The Rhinos, who ...") or
    owns something in it ("Houston's scheme"); not one in a clause or an apposition about someone ("Atherton, who
    pitched in the Twins' system", "Kelly, the Arizona Diamondbacks right-hander"), nor the owner of a club in
    apposition to another ("the Lake County Captains, Cleveland's affiliate"). None in a game's account, which
    names its other side too ("in Yakult's 2-1 loss to the BayStars")."""
    named = [m for m in mentions if m["entity_type"] == "Team" and m["kind"] != "description"
             and not STANDINGS_BEFORE.search(sentence[: m["start"] - sentence_start])]
    teams = _own_teams(sentence, sentence_start, named)
    if len(teams) < len([m for m in named if not _in_parentheses(sentence, sentence_start, m)]):
        return []
    found = []
    for team in teams:
        before = sentence[: team["start"] - sentence_start]
        # Or frames it: "In Toronto he acquired Donaldson", "At Iowa he will work with manager Marty Pevey".
        opens = re.fullmatch(r"\s*(?:[^,]{0,40},\s*)?(?:(?:in|at|for|with)\s+)?(?:the\s+)?", before, re.I)
        possessive = re.match(r"[’']", sentence[team["end"] - sentence_start:])
        apposed = any(other["end"] <= team["start"] and re.fullmatch(r",\s*", sentence[
            other["end"] - sentence_start: team["start"] - sentence_start]) for other in teams)
        in_clause = re.search(r",\s+(?:who|whom|whose|which|the|a|an)\b[^,]*$", before)
        if (opens or possessive) and not apposed and not in_clause:
            found.append(team)
    return found


def _said_of_someone(parsed: parse.Parse, mention: dict[str, Any], but: dict[str, Any] | None = None) -> bool:
    """An organization named inside an apposition or a relative clause about someone ("Tony Diaz, a longtime
    Colorado Rockies coach, will coach third base"): it tells who he was, not where the sentence's post is. With
    `but`, someone other than that person: his own clause names his club ("coach Dave Van Horn, who has led the
    Razorbacks")."""
    token = parsed.covering(mention["start"], mention["end"])
    # Said of a name, not of a noun ("a leading candidate to manage the Mets").
    clauses = [t for t in [token, *parsed.ancestors(token)] if t.dep in ("appos", "relcl")
               and (head := parsed.head(t)) is not None and head.pos == "PROPN"] if token else []
    if not clauses or but is None:
        return bool(clauses)
    # Nor is a clause he is named in ("Steer, who was acquired from the Twins for right-hander Tyler Mahle").
    his = parsed.covering(but["start"], but["end"])
    return his is not None and not any(
        (head := parsed.head(t)) is not None and but["start"] <= head.start < but["end"]
        or t is his or t in parsed.ancestors(his) for t in clauses)


def _posts_as(parsed: parse.Parse, mentions: list[dict[str, Any]], topic: dict[str, Any]) -> list[dict[str, Any]]:
    """In a sentence that names no organization, the story's club's posts its people took or held "as" a title
    ("moved to the front office as a vice president"), but not one they held before ("as a former coach")."""
    found = []
    # "Kaval, who founded the Golden Baseball League in 2005 and is its chief executive": "its" is another
    # organization's the sentence names, not the story's club.
    others = any(m["entity_type"] in _ORGANIZATIONS and m["entity_key"] != topic["entity_key"] for m in mentions)
    for person, title in relations.posts_as(parsed, _mention_finder(mentions)):
        if others and any(c.text.lower() in ("its", "their") for c in parsed.children(title, "poss")):
            continue
        words = parsed.words_of(title)
        role = next((role for role, pattern in ROLE_CUES if pattern.search(words)), None)
        if role in _STAFF and not re.search(r"\b(?:former|ex-|onetime|one-time)\b", words, re.I):
            found.append(_fact("member", person, topic, min(person["start"], title.start),
                               max(person["end"], title.end), role=role))
    return found


def _trade_of(moves: list[relations.Move], facts: list[dict[str, Any]],
              start: int) -> tuple[dict[str, dict[str, Any]], int | None] | None:
    """The two clubs of the trade a sentence tells (None for more or fewer), and its year where the sentence's
    "traded" facts give one."""
    sides = {side["entity_key"]: side for move in moves for side in (move.left, move.joined) if side is not None}
    years = {f["year"] for f in facts if f["relation"] == "traded" and f.get("sentence_start") == start}
    return (sides, next(iter(years)) if len(years) == 1 else None) if len(sides) == 2 else None


def _continued_trade(parsed: parse.Parse, mentions: list[dict[str, Any]], sides: dict[str, dict[str, Any]],
                     year: int | None, went: bool = True) -> list[dict[str, Any]]:
    """The players a sentence right after a trade sends to one of its clubs (relations.continued_trade): players
    of the club they leave, and of the one they join, traded to it in the trade's year."""
    found = []
    for move in relations.continued_trade(parsed, _mention_finder(mentions), sides, went):
        person, verb = move.person, move.verb
        span = (min(person["start"], verb.start), max(person["end"], verb.end))
        found += [_fact("member", person, side, *span, role="Player") for side in (move.left, move.joined) if side]
        found.append(_fact("traded", person, move.joined, *span, year=year))
    return found


def _receivers_club_moves(sentence: str, start: int, parsed: parse.Parse, moves: list[relations.Move],
                          mentions: list[dict[str, Any]], club: dict[str, Any]) -> list[dict[str, Any]]:
    """The club of an acquisition that names none ("Steer, who was acquired from the Twins for Mahle"): the one
    the story speaks of there, when it is not a side of the trade and the sentence names no other club. The
    players got were traded to it, and those given for them were its players."""
    found = []
    # The clubs the sentence names but as sides of the moves ("Lee came from the Padres, and Lowell came from the
    # Yankees").
    named = {m["entity_key"] for m in _own_teams(sentence, start, mentions)} - {
        key for move in moves for key in move.sides}
    for move in moves:
        verb = move.verb
        if club["entity_key"] in move.sides or move.dealer is not None or not relations.is_received(parsed, verb) \
                or named - {club["entity_key"]}:
            continue
        person = move.person
        span = (min(person["start"], verb.start), max(person["end"], verb.end))
        if move.joined is None and move.left is not None:
            found += [_fact("member", person, club, *span, role="Player"), _fact("traded", person, club, *span)]
        elif move.left is None and move.joined is not None:
            found.append(_fact("member", person, club, *span, role="Player"))
    return found


# Posts from which a person makes his club's trades (a manager's too, as in Connie Mack's and John McGraw's days).
_DEALING = ("GeneralManager", "Executive", "Owner", "Manager")


def _object_of(fact: dict[str, Any]) -> dict[str, Any]:
    """A fact's object, as a mention of it."""
    return {"entity_key": fact["object_key"], "label": fact["object_label"], "entity_type": fact["object_type"]}


def _returns_to_the_givers_club(parsed: parse.Parse, moves: list[relations.Move], mentions: list[dict[str, Any]],
                                facts: list[dict[str, Any]], colleges: frozenset[str]) -> list[dict[str, Any]]:
    """The club of the players a trade gives back, where the sentence does not name it ("Mulder went to the
    Cardinals for Haren", "Hudson was traded to the Braves for Cruz", "Detroit gave Pasek for Cochrane"): the one
    club the article gives the player they were given for, besides the trade's. They joined it."""
    found = []
    mention_of = _mention_finder(mentions)
    for verb in {move.verb.i: move.verb for move in moves}.values():
        returning = [m for m in moves if m.verb is verb and m.joined is None and m.left is not None]
        # The player given: the passive's subject ("Hudson was traded"), or the one who went ("Mulder went"); an
        # active trade's subject is the one who made it ("Hemond traded John to the Dodgers for Allen").
        slots = ("nsubjpass",) if not relations.verb_forms(verb) & relations.COMING_FOR else ("nsubj",)
        subjects = relations.subject_people(parsed, verb, slots, mention_of)
        if not subjects:
            # "Detroit gave $100,000 and Pasek for Cochrane": the one player a club got for those it gave.
            got = {m.person["entity_key"]: m.person for m in moves
                   if m.verb is verb and m.left is None and m.joined is not None}
            subjects = list(got.values())[:1] if len(got) == 1 else []
        if not returning or not subjects:
            continue
        # A club that trades, not a college he played for ("Bryant, the second overall pick out of the
        # University of San Diego"); "Báez and Williams went to the Mets for Crow-Armstrong": the one club of
        # either, which both left.
        principals, sides = {m["entity_key"] for m in subjects}, {key for m in returning for key in m.sides}
        clubs = {f["object_key"]: f for f in facts if f["relation"] == "member" and f["role"] == "Player"
                 and f["person_key"] in principals and f["object_key"] not in sides | colleges}
        if len(clubs) != 1:
            continue
        club = _object_of(next(iter(clubs.values())))
        for move in returning:
            span = (min(move.person["start"], verb.start), max(move.person["end"], verb.end))
            found += [_fact("member", move.person, club, *span, role="Player"),
                      _fact("traded", move.person, club, *span)]
        found += [_fact("member", m, club, min(m["start"], verb.start), max(m["end"], verb.end), role="Player")
                  for m in subjects]
    return found


def _dealers_club_moves(moves: list[relations.Move], facts: list[dict[str, Any]],
                        topic: dict[str, Any]) -> list[dict[str, Any]]:
    """The club side of a trade the sentence gives to a person ("Dombrowski traded Price to the Blue Jays for
    Norris"): the story's club, when the article gives him a front-office post there. The players he sent were
    its players, and those he got for them are traded to it."""
    found = []
    for move in moves:
        if move.dealer is None or topic["entity_key"] in move.sides or not any(
                f["relation"] == "member" and f["role"] in _DEALING and f["person_key"] == move.dealer["entity_key"]
                and f["object_key"] == topic["entity_key"] for f in facts):
            continue
        club = topic
        person, verb = move.person, move.verb
        span = (min(person["start"], verb.start), max(person["end"], verb.end))
        if move.left is None or move.joined is None:
            found.append(_fact("member", person, club, *span, role="Player"))
        if move.joined is None:
            found.append(_fact("traded", person, club, *span))
    return found


# "finished the season as interim manager", "took over as manager": the post the words give, after its holder.
_AS_POST = re.compile(r"^[^.;:\"“]{0,60}?\b(?:as|named)\s+(?:the\s+)?(?:club's\s+|team's\s+)?"
                      r"(?:interim\s+|acting\s+|new\s+)?(?P<post>manager|general manager|GM|(?:[a-z]+ ){0,2}coach|"
                      r"president of baseball operations)\b", re.I)
# A club's roster, then its players: "the rotation — Castillo, Mahle", "a rotation that already had Lamet and
# Paddack", "the lineup is built around Votto", "an outfield of Benintendi, Bradley and Betts".
_ROSTER_LIST = re.compile(r"\b(?:rotation|lineup|bullpen|roster|infield|outfield)\b[^.;]{0,80}?(?:[—:]|\bbuilt around|"
                          r"\b(?:already )?(?:has|had|includes|included|including|features|featured|featuring))\s*$|"
                          r"\b(?:an?|the|its|their)\s+(?:[a-z-]+\s+)?(?:rotation|lineup|bullpen|infield|outfield)\s+"
                          r"(?:of|with)\s*$", re.I)


def _unnamed_club_posts(sentence: str, start: int, mentions: list[dict[str, Any]],
                        topic: dict[str, Any]) -> list[dict[str, Any]]:
    """In a sentence that names no club, the story's club's posts the words give its people: a person who took a
    post "as interim manager", and the players listed after the club's "rotation" or "roster" and a dash or colon."""
    found = []
    people = [m for m in mentions if m["entity_type"] == "Person" and m["kind"] in ("name", "short", "pronoun")]
    for person in people:
        # Not the one whose staff it is: "joined Banister's staff as bench coach".
        after = None if re.match(r"(?:’s|'s|’|')\s", sentence[person["end"] - start:]) else \
            _AS_POST.match(sentence[person["end"] - start:])
        # The post is the person's when no one else is named before it; not a post hoped for or once held.
        if after and not any(person["end"] < p["start"] < person["end"] + after.end() for p in people) and not \
                _WISHED_FOR.search(sentence[: person["end"] - start + after.end()]) and not \
                re.search(r"\b(?:former|expected|likely|could|would|may|might|never|not)\b|n't\b", after.group(0),
                          re.I):
            role = "GeneralManager" if after.group("post").lower() in ("general manager", "gm") else \
                "Executive" if after.group("post").lower().startswith("president") else \
                "Coach" if dict(ROLE_CUES)["Coach"].search(after.group("post")) else "Manager"
            found.append(_fact("member", person, topic, person["start"], person["end"], role=role))
    return found + _roster_players(sentence, start, mentions, topic)


def _roster_players(sentence: str, start: int, mentions: list[dict[str, Any]],
                    club: dict[str, Any]) -> list[dict[str, Any]]:
    """The players listed after a club's "rotation" or "roster" and a dash, a colon or "of": `club`'s."""
    people = [m for m in mentions if m["entity_type"] == "Person" and m["kind"] in ("name", "short", "pronoun")]
    lists = coordinated_spans(sentence, start, people)
    return [_fact("member", listed, club, listed["start"], listed["end"], role="Player") for listed in people
            if listed["kind"] == "name"
            and _ROSTER_LIST.search(sentence[: lists[listed["start"]][0] - start].rstrip(" ,") + " ")
            and not re.search(r"\b(?:his|her|their|opposing|opponents?'?|rival)\b",
                              sentence[: listed["start"] - start])]


# Events a news story reports as they happen (a draft is dated by its own year, not the story's).
NEWS_EVENTS = frozenset({"hired", "fired", "resigned", "promoted", "signed", "traded", "claimed", "released",
                         *(act.relation for act in relations.ACTS)})


def _draft_detail(sentence: str) -> str | None:
    """'round 1, pick 16' from "a first round selection (16th overall)"; None when neither is stated."""
    round_match, pick = _ROUND.search(sentence), _OVERALL_PICK.search(sentence)
    parts = []
    if round_match:
        parts.append(f"round {_ROUNDS.get(round_match.group(1).lower(), round_match.group(1))}")
    if pick:
        parts.append(f"pick {pick.group(1)}")
    return ", ".join(parts) or None


def _clause_year(sentence: str, sentence_start: int, years: list[tuple[int, int, int]],
                 span: tuple[int, int]) -> int | None:
    """The year nearest to a cue among those its clause gives (no "and", comma or semicolon between: "played for
    him from 1984-87 and was drafted in 1987" is drafted in 1987), else the nearest."""
    def between(year: tuple[int, int, int]) -> str:
        start, end = (year[1], span[0]) if year[1] <= span[0] else (span[1], year[0])
        return sentence[start - sentence_start:end - sentence_start]
    return _nearest_year([y for y in years if not _CLAUSE_BREAK.search(between(y))], span) \
        or _nearest_year(years, span)


_CLAUSE_BREAK = re.compile(r"\band\b|[,;]")


# How a year hangs on a verb when it dates what the verb says: "traded ... in November 1972".
_ADJUNCT_DEPS = frozenset({"pobj", "prep", "nummod", "compound", "npadvmod"})


def _verbs_own_year(parsed: parse.Parse, verb: parse.Token, years: list[tuple[int, int, int]]) -> int | None:
    """The year of the verb's own adjuncts ("was traded to the Angels in November 1972"), not of a noun phrase
    about someone ("A first-round pick of the Dodgers in 1968, Valentine was traded"); None without one."""
    for start, end, year in years:
        token = parsed.covering(start, end)
        chain = [token, *parsed.ancestors(token)] if token is not None else []
        if verb in chain and all(t.dep in _ADJUNCT_DEPS for t in chain[:chain.index(verb)]):
            return year
    return None


def _nearest_year(years: list[tuple[int, int, int]], span: tuple[int, int], after: bool = False) -> int | None:
    candidates = [y for y in years if not after or y[0] >= span[1]]
    best = min(candidates, key=lambda y: _gap((y[0], y[1]), span), default=None)
    return best[2] if best else None
