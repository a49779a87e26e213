"""Relations read from a sentence's dependency parse: who joined, left or moved between which clubs, and which
stated relations the sentence does not assert (negated, wished for, rumoured).

Each rule is one named entry of RULES: the verbs it is about (lemmas), which argument of the verb holds the
person and which the club, and what a match states (a membership with its role, an event). Arguments are read
the same way in either voice: `agent` is who does it ("the Brewers signed X", "X was claimed by the Tigers"),
`patient` who it is done to (X in both), `prep:with` the object of that preposition on the verb or its patient.
A rule's example sentences are its tests (tests/test_relations.py): what it must find, and what it must not.
Adding a rule is adding an entry; the matcher does not change.

Trades have a reading of their own (trade_moves, with TRADE_EXAMPLES): a trade moves several players two ways in
one clause, which argument slots cannot say ("traded A to the Rangers and B to the Astros for C").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from spark_etl.dates import MONTHS, WEEKDAYS
from spark_etl.parse import Parse, Token


@dataclass(frozen=True)
class Rule:
    name: str
    lemmas: frozenset[str]
    person: str  # the argument holding the person(s): agent, patient or prep:<word>
    club: str  # the argument holding the club; "poss:" before it: or the club owning it ("the Astros' staff");
    # "=word|word" after it: only an argument of those words ("poss:patient=game": "called Mariners games")
    # The membership the match states, unless the words say which ("joined the Cubs as hitting coach", "the
    # Astros' broadcast team") or a title before the name does ("infielder Ko"); None: only if the words say.
    role: str | None
    event: str | None = None  # the event the match states, with the club as its object
    # (sentence, person, club) it must state; sentences it must state nothing of
    examples: tuple[tuple[str, str, str], ...] = ()
    counter_examples: tuple[str, ...] = field(default=())
    context: str | None = None  # words the sentence must hold for a match: "took" is a draft pick in a draft story
    # The club may be a network or a station too, whose people a baseball story speaks of as its broadcasters
    # ("joined Fox in 1994", "ESPN hired Amin").
    media: bool = False


# An ordinal that may be a place in a draft ("taken fifth"), and the words after one that make it something else
# ("the third inning", "first baseman"): the drafted rule's context and facts._drafts_as_written share them.
ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
NOT_A_DRAFT_PLACE = r"\s+(?:inning|innings|base|baseman|game|games|time|place|season|seasons)"


def _rule(name: str, lemmas: str, person: str, club: str, role: str | None, event: str | None = None,
          examples: tuple[tuple[str, str, str], ...] = (), counter_examples: tuple[str, ...] = (),
          context: str | None = None, media: bool = False) -> Rule:
    return Rule(name, frozenset(lemmas.split()), person, club, role, event, examples, counter_examples, context,
                media)


RULES: tuple[Rule, ...] = (
    _rule("signed_with", "sign re-sign", "agent", "prep:with", "Player", "signed",
          examples=(("Sam Reyes signed with the Milwaukee Brewers on Monday.", "Sam Reyes", "Milwaukee Brewers"),
                    ("Gordon Pike signed a five-year deal with ESPN last month.", "Gordon Pike", "ESPN")),
          counter_examples=("Sam Reyes never signed with the Milwaukee Brewers.",), media=True),
    _rule("club_signed", "sign re-sign", "patient", "agent", "Player", "signed",
          examples=(("The Milwaukee Brewers signed Sam Reyes and Al Dunn.", "Al Dunn", "Milwaukee Brewers"),
                    ("Sam Reyes was signed by the Milwaukee Brewers.", "Sam Reyes", "Milwaukee Brewers"))),
    _rule("went_to", "go head", "agent", "prep:to", "Player",
          examples=(("Outfielder Carlos Gomez and right-handers Philip Humber and Kevin Mulvey go to the Minnesota "
                     "Twins.", "Kevin Mulvey", "Minnesota Twins"),
                    ("Bo Lee was drafted by the Toronto Blue Jays and went to the Los Angeles Dodgers in a trade.",
                     "Bo Lee", "Los Angeles Dodgers")),
          counter_examples=("Carlos Gomez will not go to the Minnesota Twins.",)),
    _rule("claimed", "claim", "patient", "agent", "Player", "claimed",
          examples=(("Marco Vela was claimed off waivers by the Detroit Tigers.", "Marco Vela", "Detroit Tigers"),
                    ("The Detroit Tigers claimed Marco Vela off waivers.", "Marco Vela", "Detroit Tigers"))),
    _rule("released", "release waive cut", "patient", "agent", "Player", "released",
          examples=(("The Minnesota Twins released Kyle Ott on Friday.", "Kyle Ott", "Minnesota Twins"),
                    ("Kyle Ott was released by the Minnesota Twins.", "Kyle Ott", "Minnesota Twins"))),
    _rule("designated", "designate option outright recall", "patient", "agent", "Player",
          examples=(("The Minnesota Twins designated Bo Lee for assignment.", "Bo Lee", "Minnesota Twins"),)),
    _rule("moved_from", "promote recall call option demote send move claim bring", "patient", "prep:from", "Player",
          examples=(("The San Diego Padres recalled Bo Lee from the El Paso Chihuahuas.", "Bo Lee",
                     "El Paso Chihuahuas"),
                    ("The Padres completed a second deal that brought Bo Lee and catcher Al Dunn from the Chicago "
                     "Cubs.", "Al Dunn", "Chicago Cubs"),
                    ("Bo Lee was claimed off waivers by the Padres from the Texas Rangers.", "Bo Lee",
                     "Texas Rangers"))),
    _rule("moved_to", "promote option send assign outright demote move call", "patient", "prep:to", "Player",
          examples=(("The Padres optioned Bo Lee to the El Paso Chihuahuas.", "Bo Lee", "El Paso Chihuahuas"),
                    ("The Detroit Tigers promoted shortstop Bo Lee from the Lakeland Flying Tigers to the West "
                     "Michigan Whitecaps.", "Bo Lee", "West Michigan Whitecaps"),
                    ("Outfielder Bo Lee was sent down to the Toledo Mud Hens.", "Bo Lee", "Toledo Mud Hens"))),
    # A trade that brought someone to a club made him its player (one an executive brought there may be staff).
    _rule("brought_to", "bring", "patient", "prep:to", "Player",
          examples=(("He was traded in the deal that brought Bo Lee to the Chicago Cubs.", "Bo Lee", "Chicago Cubs"),),
          counter_examples=("Ned Carrow brought Bo Lee to the Chicago Cubs in 2014.",),
          context=r"\b(?:trade|traded|deal|swap)\b"),
    # ... and one brought there "as" a post holds the post his words give.
    _rule("brought_to_as", "bring", "patient", "prep:to", None,
          examples=(("Ned Carrow brought Bo Lee to the Chicago White Sox as third base coach in 1982.", "Bo Lee",
                     "Chicago White Sox"),),
          counter_examples=("Ned Carrow brought Bo Lee to the Chicago Cubs in 2014.",)),
    # A player who came from a club was its player; one who came to a club from another is now its player.
    _rule("came_from", "come arrive", "agent", "prep:from", "Player",
          examples=(("Randy Gill came from the Colorado Rockies in July with first baseman Al Dunn.", "Randy Gill",
                     "Colorado Rockies"),
                    ("Kenji Ota arrived from the Hiroshima Toyo Carp before the 2016 season.", "Kenji Ota",
                     "Hiroshima Toyo Carp")),
          counter_examples=("Randy Gill came from behind in the count against the Colorado Rockies.",)),
    _rule("came_to", "come arrive", "agent", "prep:to", "Player",
          examples=(("Jed Downs came to the Los Angeles Dodgers from the Cincinnati Reds in a trade.", "Jed Downs",
                     "Los Angeles Dodgers"),),
          counter_examples=("Jed Downs came to the plate against the Los Angeles Dodgers.",
                            "Jed Downs came to the Los Angeles Dodgers' park for the series."),
          context=r"\bfrom\b"),
    # ... or came to it "as" what the words say: "came to the Stars in 1922 as a 19-year-old pitcher".
    _rule("came_to_as", "come arrive", "agent", "prep:to", None,
          examples=(("Bo Lee came to the St. Louis Stars in 1922 as a 19-year-old pitcher.", "Bo Lee",
                     "St. Louis Stars"),),
          counter_examples=("Jed Downs came to the Los Angeles Dodgers' park as a boy.",
                            "Jed Downs came to the Texas Rangers in 2002 as an intern."),
          context=r"\bas\s+an?\b"),
    # "stayed with the Stars until the league broke up": he was with them all along.
    _rule("stayed_with", "stay remain", "agent", "prep:with", "Player",
          examples=(("Bo Lee stayed with the St. Louis Stars until the league broke up.", "Bo Lee",
                     "St. Louis Stars"),
                    ("Bo Lee remained with the Boston Red Sox as a coach.", "Bo Lee", "Boston Red Sox")),
          counter_examples=("Bo Lee stayed with his family in Boston.",
                            "Bo Lee did not stay with the Boston Red Sox.",
                            "Bo Lee said he would stay with the Boston Red Sox."),
          # A stay, not a wish or a plan to stay ("would stay", "will remain").
          context=r"\b(?:stayed|remained|stays|remains)\b"),
    _rule("split_between", "split divide", "agent", "prep:between", "Player",
          examples=(("Matías Quintero split the year between the Seattle Mariners and the Tacoma Rainiers.",
                     "Matías Quintero", "Tacoma Rainiers"),)),
    # A draft is no membership yet: the club holds the player's rights, and the gold of every corpus says so.
    _rule("drafted", "draft select pick take choose", "patient", "agent", None, "drafted",
          examples=(("The Detroit Tigers took high school outfielder Max Clark third in the draft.", "Max Clark",
                     "Detroit Tigers"),
                    ("Pittsburgh selected right-hander Paul Skenes with the first overall pick.", "Paul Skenes",
                     "Pittsburgh Pirates")),
          counter_examples=("The Detroit Tigers took Max Clark to arbitration.",
                            "The Detroit Tigers took Max Clark out in the third inning."),
          context=rf"\b(?:draft\w*|pick\w*|selection|overall|No\. \d+|round|{ORDINAL}(?!{NOT_A_DRAFT_PLACE}\b))\b"),
    # "went second to the Reds": a place in the draft, not a move.
    _rule("went_in_draft", "go", "agent", "prep:to", None, "drafted",
          examples=(("Nick Senzel went second to the Cincinnati Reds.", "Nick Senzel", "Cincinnati Reds"),),
          counter_examples=("Nick Senzel went second to the Cincinnati Reds in the draft and signed a week later.",),
          context=rf"\bwent\s+(?:{ORDINAL}|No\. \d+)(?:\s+overall)?\s+to\b"),
    _rule("drafted_out_of", "draft select pick take sign", "patient", "prep:of", "Player",
          examples=(("Arizona drafted Max Scherzer 11th overall in 2006 out of the University of Missouri.",
                     "Max Scherzer", "Missouri Tigers"),),
          context=r"\bout of\b"),
    # The player and the club both the verb's subject: "Sam Reyes and the Brewers agreed to a contract".
    _rule("agreed_together", "agree", "agent", "agent", "Player", "signed",
          examples=(("Sam Reyes and the Milwaukee Brewers agreed Tuesday night to a three-year, $30 million "
                     "contract.", "Sam Reyes", "Milwaukee Brewers"),),
          counter_examples=("Sam Reyes and the Milwaukee Brewers agreed that the injury was minor.",
                            "Sam Reyes and the Milwaukee Brewers have not agreed to a contract."),
          context=r"\b(?:contract|deal|extension|terms)\b"),
    _rule("agreed_with", "agree", "agent", "prep:with", "Player", "signed",
          examples=(("Sam Reyes agreed to a three-year contract with the Milwaukee Brewers.", "Sam Reyes",
                     "Milwaukee Brewers"),),
          counter_examples=("Sam Reyes agreed with the Milwaukee Brewers' decision.",
                            "Sam Reyes has not agreed to a contract with the Milwaukee Brewers.")),
    _rule("broke_in_with", "break debut begin start", "agent", "prep:with", "Player",
          examples=(("Sam Reyes broke into the majors with the Kansas City Royals in 2018.", "Sam Reyes",
                     "Kansas City Royals"),
                    ("Sam Reyes began his career with the Kansas City Royals.", "Sam Reyes", "Kansas City Royals"),
                    ("Sam Reyes debuted with the Kansas City Royals in 2018.", "Sam Reyes", "Kansas City Royals")),
          counter_examples=("Sam Reyes began the game with a single against the Kansas City Royals.",)),
    _rule("made_debut_with", "make", "agent", "prep:with", "Player",
          examples=(("Sam Reyes made his major league debut with the Kansas City Royals in 2007.", "Sam Reyes",
                     "Kansas City Royals"),),
          counter_examples=("Sam Reyes made his debut against the Kansas City Royals.",),
          context=r"\bdebut\b"),
    _rule("spent_with", "spend", "agent", "prep:with", "Player",
          examples=(("Isaiah Bellweather spent the summer with the Jersey Shore BlueClaws.", "Isaiah Bellweather",
                     "Jersey Shore BlueClaws"),),
          counter_examples=("Isaiah Bellweather spent the summer with his family in Ohio.",)),
    _rule("hired_as", "hire name appoint tab promote elevate", "patient", "agent", None, "hired",
          examples=(("The Winnipeg Goldeyes hired Maurice Bellamy, a coach in Houston, as the club's manager.",
                     "Maurice Bellamy", "Winnipeg Goldeyes"),
                    ("The Akron RubberDucks named Terrell Bishop-Yates team president on Thursday.",
                     "Terrell Bishop-Yates", "Akron RubberDucks")),
          counter_examples=("The Akron RubberDucks named Terrell Bishop-Yates on Thursday.",), media=True),
    _rule("joined", "join rejoin", "agent", "poss:patient", None, "hired",
          examples=(("Gordon Pike joined the Houston Astros' broadcast team in 2006.", "Gordon Pike",
                     "Houston Astros"),
                    ("Dana Whitfield joined the Chicago Cubs as hitting coach.", "Dana Whitfield", "Chicago Cubs"),
                    ("Gordon Pike joined Fox Sports in 1994 and had two years left on his contract.", "Gordon Pike",
                     "Fox Sports")),
          counter_examples=("Dana Whitfield joined the Chicago Cubs in 2019.",), media=True),
    _rule("played_for", "play pitch catch star", "agent", "prep:for", "Player",
          examples=(("Dana Whitfield played for the Kansas City Royals.", "Dana Whitfield", "Kansas City Royals"),
                    ("Dana Whitfield went on to pitch for the Kansas City Royals.", "Dana Whitfield",
                     "Kansas City Royals")),
          counter_examples=("Dana Whitfield never played for the Kansas City Royals.",
                            "Dana Whitfield played against the Kansas City Royals.")),
    _rule("performed_for", "appear hit homer bat start make save win lose", "agent", "prep:for", "Player",
          examples=(("Philip Humber made three appearances for the New York Mets.", "Philip Humber", "New York Mets"),
                    ("Juan Soto hit .275 with 35 homers for the San Diego Padres this year.", "Juan Soto",
                     "San Diego Padres"),
                    ("Dale Morrow won 92 games for the Oakland Athletics.", "Dale Morrow", "Oakland Athletics"),
                    ("Dale Morrow lost 24 games for the expansion New York Mets in 1962.", "Dale Morrow",
                     "New York Mets")),
          counter_examples=("Philip Humber made a call for the New York Mets' fans.",
                            "Juan Soto hit a home run against the San Diego Padres.")),
    # A career begun, spent or ended with a club was played there: "finished his career with the Marlins in 2002".
    _rule("career_with", "begin start launch finish end close spend", "agent", "prep:with", "Player",
          examples=(("Dale Morrow finished his career with the Florida Marlins in 2002.", "Dale Morrow",
                     "Miami Marlins"),
                    ("Dale Morrow began his professional career with the Chattanooga Lookouts in 1926.",
                     "Dale Morrow", "Chattanooga Lookouts")),
          counter_examples=("Dale Morrow ended his career against the Florida Marlins in 2002.",
                            "Dale Morrow did not finish his career with the Florida Marlins."),
          context=r"\bcareers?\b"),
    # Only a club's player is put on, or taken off, one of its lists.
    _rule("placed_on_a_list", "place put activate reinstate transfer", "patient", "agent", "Player",
          examples=(("The Seattle Mariners placed Dale Morrow on the injured list.", "Dale Morrow",
                     "Seattle Mariners"),
                    ("The Seattle Mariners activated Dale Morrow from the 60-day disabled list.", "Dale Morrow",
                     "Seattle Mariners")),
          counter_examples=("The Seattle Mariners put Dale Morrow's hat on display.",),
          context=r"\b(?:injured|disabled|restricted|paternity|bereavement|suspended|inactive|family medical "
                  r"emergency)\s+list\b"),
    # A club that played, or won, "under" someone was managed by him.
    _rule("played_under", "play pitch catch star", "prep:under", "prep:for", "Manager",
          examples=(("Bo Lee played for the Arizona State Sun Devils from 1997-99 under Pat Murphy.", "Pat Murphy",
                     "Arizona State Sun Devils"),)),
    # One who served a club "under" another served under its manager (unless a title says which post).
    _rule("served_under_at", "play pitch catch star spend serve work coach be", "prep:under", "prep:at", "Manager",
          examples=(("Bo Lee was an assistant at the University of Arkansas under Ned Carrow for eight seasons.",
                     "Ned Carrow", "Arkansas Razorbacks"),
                    ("Bo Lee spent four seasons as associate head coach at the University of Alabama under Ned "
                     "Carrow.", "Ned Carrow", "Alabama Crimson Tide")),
          counter_examples=("Bo Lee was never an assistant at the University of Arkansas under Ned Carrow.",)),
    _rule("served_under_for", "spend serve work coach be", "prep:under", "prep:for", "Manager",
          examples=(("Bo Lee coached for the Kansas City Royals under Ned Carrow.", "Ned Carrow",
                     "Kansas City Royals"),)),
    _rule("won_under", "win finish go reach begin beat lose make clinch capture sweep post return improve",
          "prep:under", "agent", "Manager",
          examples=(("The Cincinnati Reds won the 1990 World Series under Lou Piniella.", "Lou Piniella",
                     "Cincinnati Reds"),
                    ("The Cincinnati Reds went 91-71 under manager Lou Piniella.", "Lou Piniella",
                     "Cincinnati Reds"),
                    ("The Pittsburgh Pirates reached the playoffs three straight years from 2013-15 under manager "
                     "Ned Carrow but have missed the last two postseasons.", "Ned Carrow", "Pittsburgh Pirates"),
                    ("In 1998 the Hanshin Tigers beat the Seibu Lions under manager Ned Carrow.", "Ned Carrow",
                     "Hanshin Tigers")),
          counter_examples=("The Cincinnati Reds never reached the playoffs under Lou Piniella.",)),
    # "Collins, who managed him with the Mets": the one managed played there, under the one who managed him.
    _rule("managed_someone_with", "manage coach", "agent", "prep:with", "Manager",
          examples=(("Ned Carrow managed Bo Lee with the New York Mets.", "Ned Carrow", "New York Mets"),),
          # Someone managed, not a career begun with a club ("began managing in 1986 with the Yankees").
          context=r"\b(?:manag|coach)(?:ed|es|ing)?\s+(?:him|her|them|[A-Z][\w’'.-]*(?:\s+[A-Z][\w’'.-]*)*)\s+with\b"),
    _rule("managed_with", "manage coach", "patient", "prep:with", "Player",
          examples=(("Ned Carrow managed Bo Lee with the New York Mets.", "Bo Lee", "New York Mets"),),
          counter_examples=("Ned Carrow never managed Bo Lee with the New York Mets.",)),
    _rule("managed", "manage skipper pilot", "agent", "patient", "Manager",
          examples=(("Ned Carrow managed the Baltimore Orioles for eight seasons.", "Ned Carrow",
                     "Baltimore Orioles"),
                    ("Ned Carrow, the former Twins left-hander who has managed the Baltimore Orioles since 2011, "
                     "will not be back.", "Ned Carrow", "Baltimore Orioles"),
                    ("He is the son of Ned Carrow, who managed the Baltimore Orioles from 2002-14.", "Ned Carrow",
                     "Baltimore Orioles")),
          counter_examples=("Ned Carrow would have managed the Baltimore Orioles.",)),
    _rule("owned", "own", "agent", "patient", "Owner",
          examples=(("The club is owned by banker Ned Carrow, who also owns the Baltimore Orioles.", "Ned Carrow",
                     "Baltimore Orioles"),
                    ("The Baltimore Orioles are owned by Ned Carrow.", "Ned Carrow", "Baltimore Orioles")),
          counter_examples=("Ned Carrow wants to own the Baltimore Orioles.",
                            "Ned Carrow, whose family owned the Baltimore Orioles, was there.")),
    # One a club is owned "with" owns it too: "Navin, who owns the Tigers with Walter O. Briggs".
    _rule("owned_with", "own co-own", "prep:with", "patient", "Owner",
          examples=(("Frank Navin, who owns the Detroit Tigers with Walter Briggs, named a manager.", "Walter Briggs",
                     "Detroit Tigers"),),
          counter_examples=("Walter Briggs never owned the Detroit Tigers with Frank Navin.",)),
    # One who bought or sold a club owned it: "Veeck, who had bought back the White Sox in 1975, sold the club".
    _rule("bought", "buy purchase sell", "agent", "patient", "Owner",
          examples=(("Ned Carrow bought the Baltimore Orioles in 1993.", "Ned Carrow", "Baltimore Orioles"),
                    ("The Baltimore Orioles were bought by a group headed by Ned Carrow and Al Dunn.", "Al Dunn",
                     "Baltimore Orioles"),
                    ("Ned Carrow, who had bought back the Baltimore Orioles in 1975, was there.", "Ned Carrow",
                     "Baltimore Orioles"),
                    ("In 1981 Ned Carrow sold the Baltimore Orioles to a group led by Jerry Reinsdorf.", "Ned Carrow",
                     "Baltimore Orioles")),
          counter_examples=("Ned Carrow tried to buy the Baltimore Orioles.",
                            "Ned Carrow threatened to sell the Baltimore Orioles.",
                            "Ned Carrow intended to sell the Baltimore Orioles.",
                            "Ned Carrow never bought the Baltimore Orioles.",
                            "The Baltimore Orioles sold tickets to Ned Carrow.")),
    # ... and so did the one it was bought from.
    _rule("bought_from", "buy purchase", "prep:from", "patient", "Owner",
          examples=(("Tom Yawkey bought the Boston Red Sox from Bob Quinn in February.", "Bob Quinn",
                     "Boston Red Sox"),),
          counter_examples=("The Boston Red Sox bought land for a new park from Al Dunn.",)),
    # Control of a club is its ownership: "took control of the Reds from Marge Schott", both owners in turn.
    _rule("took_control", "take assume gain seize buy purchase acquire", "agent", "prep:of", "Owner",
          examples=(("Ned Carrow, who took control of the Cincinnati Reds last year, approved it.", "Ned Carrow",
                     "Cincinnati Reds"),
                    ("Ned Carrow and two partners, Al Dunn and Bo Lee, bought control of the Cincinnati Reds in "
                     "1944.", "Al Dunn", "Cincinnati Reds")),
          counter_examples=("Ned Carrow took control of the game against the Cincinnati Reds.",
                            "Ned Carrow never took control of the Cincinnati Reds.",
                            "Ned Carrow bought a share of the Cincinnati Reds' tickets."),
          context=r"\b(?:control|ownership|majority|share|stake)\s+of\b"),
    _rule("bought_a_stake", "buy purchase acquire take", "agent", "prep:in", "Owner",
          examples=(("Ned Carrow bought a minority stake in the Cincinnati Reds in 2019.", "Ned Carrow",
                     "Cincinnati Reds"),),
          counter_examples=("Ned Carrow bought a stake in a restaurant near the Cincinnati Reds' park.",),
          context=r"\b(?:stake|share|interest)\s+in\b"),
    # Charge of a club on the field is its manager's: "took charge of the American Giants when Foster fell ill".
    _rule("took_charge", "take assume", "agent", "prep:of", "Manager",
          examples=(("Ned Carrow, who took charge of the Cincinnati Reds in June, led them to the title.",
                     "Ned Carrow", "Cincinnati Reds"),),
          counter_examples=("Ned Carrow took charge of the game against the Cincinnati Reds.",),
          context=r"\bcharge\s+of\b"),
    _rule("control_taken_from", "take assume gain seize", "prep:from", "prep:of", "Owner",
          examples=(("Ned Carrow took control of the Cincinnati Reds from Marge Pike last year.", "Marge Pike",
                     "Cincinnati Reds"),),
          context=r"\b(?:control|ownership)\s+of\b"),
    _rule("bought_into", "buy", "agent", "prep:into", "Owner",
          examples=(("Ned Carrow bought into the Baltimore Orioles in 2004.", "Ned Carrow", "Baltimore Orioles"),),
          counter_examples=("Ned Carrow never bought into the Baltimore Orioles' plan.",)),
    # A voice of a club calls its games: "has called Seattle Mariners games since 1995".
    _rule("called_games", "call broadcast announce", "agent", "poss:patient=game|broadcast", "Broadcaster",
          examples=(("Rick Rizzs has called Seattle Mariners games since 1995.", "Rick Rizzs", "Seattle Mariners"),
                    ("Dave Sims broadcast the Seattle Mariners' games on television for a decade.", "Dave Sims",
                     "Seattle Mariners")),
          counter_examples=("Dave Sims called the Seattle Mariners' bluff after two games.",)),
    _rule("coached", "coach", "agent", "patient", "Coach",
          examples=(("Ned Carrow coached the Baltimore Orioles for two seasons.", "Ned Carrow", "Baltimore Orioles"),),
          counter_examples=("Ned Carrow coached against the Baltimore Orioles.",)),
    # "Nolan Arenado is a St. Louis Cardinal": one of the club's players, the club's name in the singular.
    _rule("one_of_the_club", "be become", "agent", "attr", "Player",
          examples=(("Ned Carrow is a St. Louis Cardinal.", "Ned Carrow", "St. Louis Cardinals"),),
          counter_examples=("Ned Carrow was never a St. Louis Cardinal.", "Ned Carrow is a St. Louis Cardinals fan.")),
    _rule("coached_at", "coach", "agent", "prep:at", "Coach",
          examples=(("Ned Carrow coached at Vanderbilt for one season.", "Ned Carrow", "Vanderbilt Commodores"),
                    ("Among the pitchers Ned Carrow coached at Vanderbilt, Bo Lantz was drafted.", "Ned Carrow",
                     "Vanderbilt Commodores")),
          counter_examples=("Ned Carrow never coached at Vanderbilt.",)),
    # "coached in the Cleveland Indians' organization": the club whose system it is.
    _rule("coached_in_a_system", "coach", "agent", "poss:prep:in=organization|system|chain", "Coach",
          examples=(("Ned Carrow later coached in the Cleveland Indians' organization.", "Ned Carrow",
                     "Cleveland Indians"),
                    ("Ned Carrow coached in the Twins' farm system for six years.", "Ned Carrow", "Minnesota Twins")),
          counter_examples=("Ned Carrow never coached in the Cleveland Indians' organization.",)),
    # "The Indians still have Jim Thome and Manny Ramirez": a club has its players.
    _rule("club_has", "have", "patient", "agent", "Player",
          examples=(("The Cleveland Indians still have Ned Carrow and Al Dunn.", "Ned Carrow", "Cleveland Indians"),),
          counter_examples=("The Cleveland Indians have interest in Ned Carrow.",
                            "The Cleveland Indians do not have Ned Carrow.")),
    _rule("coached_for", "coach", "agent", "prep:for", "Coach",
          examples=(("Ned Carrow later coached for the Arizona Diamondbacks and managed the Washington Nationals.",
                     "Ned Carrow", "Arizona Diamondbacks"),),
          counter_examples=("Ned Carrow coached for two seasons against the Arizona Diamondbacks.",)),
)

@dataclass(frozen=True)
class Act:
    """What one person did to another ("Alderson opted for Terry Collins"): a dated act dates the post its actor
    held (graph/frames.posts_dated_by_acts). The fact's person is the one acted on, its object the actor."""
    name: str
    lemmas: frozenset[str]
    actor: str  # the argument holding the actor: agent, patient or prep:<word>, as for a Rule
    subject: str  # the argument holding the person acted on
    relation: str
    examples: tuple[tuple[str, str, str], ...] = ()  # (sentence, person acted on, actor) it must state
    counter_examples: tuple[str, ...] = field(default=())


def _act(name: str, lemmas: str, actor: str, subject: str, relation: str,
         examples: tuple[tuple[str, str, str], ...] = (), counter_examples: tuple[str, ...] = ()) -> Act:
    return Act(name, frozenset(lemmas.split()), actor, subject, relation, examples, counter_examples)


ACTS: tuple[Act, ...] = (
    _act("chose", "choose pick select tab hire name appoint", "agent", "patient", "chosen",
         examples=(("General manager Nora Quist hired Len Dobrowski as manager in 2019.", "Len Dobrowski",
                    "Nora Quist"),
                   ("Len Dobrowski was chosen by Nora Quist.", "Len Dobrowski", "Nora Quist")),
         counter_examples=("Nora Quist did not hire Len Dobrowski.", "The Houston Astros hired Len Dobrowski.")),
    _act("opted_for", "opt settle", "agent", "prep:for", "chosen",
         examples=(("But Nora Quist ultimately opted for Len Dobrowski.", "Len Dobrowski", "Nora Quist"),)),
    _act("dismissed", "fire dismiss", "agent", "patient", "dismissed",
         examples=(("Nora Quist fired Len Dobrowski in 2021.", "Len Dobrowski", "Nora Quist"),),
         counter_examples=("Nora Quist would have fired Len Dobrowski.",)),
)

# The relations of one person acting on another, the fact's object (spark_etl/facts.py reads "reprimanded" from
# its noun too: "received a written reprimand from Alderson").
ACT_RELATIONS = frozenset({*(act.relation for act in ACTS), "reprimanded"})

# An adverb that makes a statement a report of one, not the statement: "is reportedly in talks with".
_HEARSAY = frozenset({"reportedly", "allegedly", "possibly", "perhaps", "maybe", "reputedly", "rumored", "rumoured",
                      "supposedly", "potentially", "likely"})
# An adverb that says it did not quite happen: "nearly traded him to the Red Sox".
_NEARLY = frozenset({"nearly", "almost"})
# "would" alone tells a story in the past ("he would later manage the Mets"); "would have" does not happen.
_MODALS = frozenset({"could", "might", "may", "should"})
# Verbs whose complement is not (yet) so: "wants to manage the Mets", "was interviewed for the Mets job".
_UNREALIZED = frozenset({"want", "hope", "wish", "seek", "expect", "plan", "consider", "interview", "pursue", "ask",
                         "request", "covet",
                         "rumor", "rumour", "link", "negotiate", "talk", "target", "court", "offer", "pass",
                         "aim", "try", "attempt", "dream", "long", "aspire", "like", "love", "prefer",
                         # "denied that he intended to sell the club", "failed to sign" (but "refused to play
                         # Conforto against lefties" says he played him otherwise)
                         "intend", "threaten", "propose", "vow", "promise", "deny", "fail"})
# Nouns of what has not happened ("in talks to become", "an offer to manage"); not "hopes", which a club has
# for its own players ("the Mets' hopes of exposing the young hitter to playing time").
_UNREALIZED_NOUNS = frozenset({"talk", "talks", "interview", "offer", "negotiation", "rumor", "rumour", "pursuit",
                               "interest", "candidacy"})
_REPORTS = frozenset({"report", "reports", "rumor", "rumors", "rumour", "speculation", "suggestion", "word"})
_CANDIDACY = frozenset({"finalist", "candidate", "contender", "frontrunner", "front-runner"})
# A negated stay is a departure: "was not retained by the Angels" says he was with them.
_KEPT = frozenset({"retain", "renew", "keep", "re-sign", "extend", "return", "bring", "invite"})
# The links that keep a token in the clause that states the relation, rather than a clause hung on it.
_SAME_CLAUSE = frozenset({"xcomp", "ccomp", "pcomp", "ROOT", "conj", "relcl", "acl"})


def _unasserting(parse: Parse, token: Token) -> bool:
    """Whether `token` makes its clause say less than a fact: negated, modal, hearsay, nearly, or wanting."""
    # Any regular base form, as the model's lemmatizer may give another ("hoped": "hop").
    if verb_forms(token) & _UNREALIZED or token.text.lower() in _HEARSAY:
        return True
    children = parse.children(token)
    auxiliaries = {c.text.lower() for c in children if c.dep in ("aux", "auxpass")}
    if auxiliaries & _MODALS or {"would", "have"} <= auxiliaries:
        return True
    return any((c.dep == "neg" and token.lemma.lower() not in _KEPT)
               or (c.dep == "advmod" and c.text.lower() in _HEARSAY | _NEARLY) for c in children)


def is_asserted(parse: Parse, a: Token, b: Token) -> bool:
    """Whether the sentence asserts what links tokens `a` and `b`: their lowest common head, the verbs between
    it and them in the same clause, and the verbs it is the complement of ("wants to manage", "it is rumored
    that") are none of them negated, modal, hearsay, or verbs of wanting, offering, interviewing or talks.
    A clause hung on the path (an adverbial or relative clause) says nothing of the link."""
    top = parse.common_head(a, b)
    if top is None:
        return True
    path = parse.path(a, b)
    # "He was a finalist for the Astros' job": a candidacy is not the job, for the candidate (the subject).
    if a.dep in ("nsubj", "nsubjpass") and parse.head(a) is top and any(t.lemma.lower() in _CANDIDACY for t in path):
        return False
    # Verbs of the clause, and any word of wanting or talks on the path ("is in talks to become manager of").
    checked = [top] + [t for t in path if (t.dep in _SAME_CLAUSE and t.pos in ("VERB", "AUX"))
                       or (t.pos == "NOUN" and t.lemma.lower() in _UNREALIZED_NOUNS)]
    governed = top
    while governed.dep in ("xcomp", "ccomp", "pcomp") and (head := parse.head(governed)) is not None:
        checked.append(head)
        governed = head
    # "denied a report that he would sign with the Athletics": what a report says is hearsay.
    if governed.dep == "acl" and (head := parse.head(governed)) is not None and head.pos == "NOUN" \
            and head.lemma.lower() in _REPORTS:
        return False
    # "would have sent Pederson and Stripling to the Angels", the model hanging "to the Angels" on a name: a
    # move to or from a club is its clause's verb's, whatever noun the phrase hangs on.
    # So is a post "as" something its verb's object takes, which the model may hang on the object: "is expected to
    # hire Hoyer, ..., as the Cubs' general manager" (not "Morrow, in his first season as the Mets' manager").
    if top.pos not in ("VERB", "AUX") and any(
            t.dep == "prep" and (t.text.lower() in ("to", "from") and {a, b} & set(parse.children(t, "pobj"))
                                 or t.text.lower() == "as" and parse.head(t) is top and top.dep == "dobj")
            for t in path):
        verb = next((t for t in parse.ancestors(top) if t.pos in ("VERB", "AUX")), None)
        while verb is not None:
            checked.append(verb)
            verb = parse.head(verb) if verb.dep in ("xcomp", "ccomp", "pcomp") else None
    if any(_refused(parse, t) for t in checked):
        return False
    return not any(_unasserting(parse, t) for t in checked)


# Verbs of refusing ("refused" is not one: "refused to play Conforto against lefties" says he played him otherwise).
_REFUSING = frozenset({"decline", "reject", "spurn", "rebuff"})


def _refused(parse: Parse, verb: Token) -> bool:
    """Whether `verb` is what someone declined, rejected or turned down doing: "declined to coach", "turned down
    chances to manage the Red Sox", "rejected an offer to coach"."""
    if verb.dep not in ("xcomp", "acl") or (head := parse.head(verb)) is None:
        return False
    if verb.dep == "acl" and head.dep == "dobj":
        head = parse.head(head) or head
    return bool(verb_forms(head) & _REFUSING) or head.lemma.lower() == "turn" and any(
        c.text.lower() == "down" for c in parse.children(head, "prt"))


def in_coordinated_clauses(parse: Parse, a: Token, b: Token) -> bool:
    """Whether `a` and `b` stand in two coordinated clauses ("and", "but"), the later with a subject of its own
    ("The Giants made Nakken the first woman on a staff, and the Red Sox hired Smith": Nakken is no Red Sox
    coach)."""
    top = parse.common_head(a, b)
    if top is None:
        return False
    for token in (a, b):
        for step in [token, *parse.ancestors(token)]:
            if step == top:
                break
            if step.dep == "conj" and step.pos in ("VERB", "AUX") and parse.children(step, "nsubj", "nsubjpass"):
                return True
    return False


# The links from a club up to the title it is a complement of: "with the Cubs", "the Mets' coach", "Cubs and Reds".
_COMPLEMENT_LINKS = frozenset({"pobj", "prep", "poss", "conj"})


# The verbs of playing for a club.
_PLAYED = frozenset({"play", "pitch", "catch"})


def _first_listed(parse: Parse, club: Token, top: Token | None, mention_of: Callable[[Token], dict[str, Any] | None]
                  ) -> Token:
    """The first club of the written list of clubs `club` is in ("the Phillies, the Yankees and the Cardinals",
    which the model may read as appositions), below `top`; `club` itself when it is in none."""
    step = club
    while step.dep in ("appos", "conj") and (first := parse.head(step)) is not None and first != top \
            and (m := mention_of(first)) is not None and m["entity_type"] == "Team" and all(
                t.text.lower() in (",", "and", "the") or (n := mention_of(t)) is not None and n["entity_type"] == "Team"
                for t in parse.tokens[first.i + 1:step.i]):
        step = first
    return step


def played_for(parse: Parse, person: Token, club: Token, mention_of: Callable[[Token], dict[str, Any] | None]
               ) -> bool:
    """Whether the club (or the list it is in) is what the person's clause says he played, pitched or caught for
    or with: "He played at Clemson", "He later pitched for the Phillies, the Yankees and the Cardinals"."""
    top = parse.common_head(person, club)
    step = _first_listed(parse, club, top, mention_of)
    while step != top and step.dep in ("pobj", "prep"):
        head = parse.head(step)
        if head is not None and head == top and head.pos == "VERB" and head.lemma.lower() in _PLAYED \
                and step.dep == "prep" and step.text.lower() in ("for", "with", "at"):
            return True
        if head is None or head == step:
            return False
        step = head
    return False


def governing_role(parse: Parse, person: Token, club: Token, cues: tuple[tuple[str, re.Pattern[str]], ...],
                   mention_of: Callable[[Token], dict[str, Any] | None]) -> str | None:
    """The role of the title the club is a complement of, below what the club shares with the person: "a
    catcher for 15 seasons with the Chicago Cubs" (Player), "the Mets' pitching coach" (Coach); None when no
    title governs it through prepositions, possessives and lists before a verb, or the person, does, or when
    the title is another person's ("Jon Daniels, the Rangers' president, said owner Ray Davis ...", "and he
    became the Mets' manager")."""
    top = parse.common_head(person, club)
    own = mention_of(person)
    if played_for(parse, person, club, mention_of):
        return "Player"
    step = _first_listed(parse, club, top, mention_of)
    while step != top and step.dep in _COMPLEMENT_LINKS:
        head = parse.head(step)
        if head is None or head == top or head.pos in ("VERB", "AUX"):
            return None
        if head.pos == "NOUN":
            # Not the words of a club's name in it ("a Uni-President Lions outfielder").
            words = " ".join(t.text for t in parse.tokens if t.i in parse.span_of(head)
                             and ((m := mention_of(t)) is None or m["entity_type"] == "Person"))
            if step.dep == "prep":  # "an assistant at South Carolina": a title its preposition makes one
                words += f" {step.text}"
            role = next((role for role, pattern in cues if pattern.search(words)), None)
            if role is not None:
                holders = [t for t in (parse.head(head) if head.dep == "appos" else None,
                                       *parse.children(head, "appos", "compound")) if t is not None]
                # ... nor the title another person's clause gives him: "traded him to the Mets for Ray Sadecki, and
                # he became the Mets' player-manager" (no manager Sadecki).
                verb = parse.head(head) if head.dep in ("attr", "dobj", "oprd") else None
                if verb is not None:
                    holders += parse.children(verb, "nsubj", "nsubjpass")
                if any((m := mention_of(t)) and m["entity_type"] == "Person"
                       and (own is None or m["entity_key"] != own["entity_key"]) for t in holders):
                    return None
                return role
        step = head
    return None


# Clauses hung on another word, each of which may have an actor of its own.
_SUBORDINATE = frozenset({"ccomp", "advcl", "relcl", "pcomp", "acl", "conj"})
_RELATIVE_PRONOUNS = frozenset({"who", "whom", "that", "which", "whose"})
_PERSONAL_PRONOUNS = frozenset({"he", "she", "they", "him", "her", "them", "it", "we", "i", "you"})
# The pronouns that stand for one person.
_PERSONAL_PERSONS = frozenset({"he", "she", "him", "her"})


def in_another_actors_clause(parse: Parse, person: Token, club: Token,
                             mention_of: Callable[[Token], dict[str, Any] | None]) -> bool:
    """Whether `club` stands in a clause, below what it shares with `person`, whose subject is another person or
    another club: "Manager Scott Servais said Castillo would start in New York" (New York is where Castillo
    starts), "the teardown Krall began when the Reds dealt Gray to Minnesota" (Minnesota is the Reds' deal's), or
    whose subject is the club itself, the person outside it ("won 111 games before the Giants swept them"); or
    the other way round, below the other person's clause, the person in one of his own.
    A relative clause on the person is the person's ("Scott, whom the Mets hired away from the Red Sox"); a
    pronoun subject is not trusted to be someone else."""
    top = parse.common_head(person, club)
    if top is None:
        return False
    own, club_mention = mention_of(person), mention_of(club)

    def same(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
        return a is not None and b is not None and a["entity_key"] == b["entity_key"]

    for step in [club, *parse.ancestors(club)]:
        if step == top:
            break
        if step.pos not in ("VERB", "AUX") or step.dep not in _SUBORDINATE:
            continue
        noun = relative_clause_antecedent(parse, step) or parse.head(step) or step
        if step.dep == "relcl" and (same(mention_of(noun), own) or noun in parse.conjuncts(person)):
            continue  # a clause on the person himself, or on the list he is in
        # "The 1954 Indians, managed by Al López, won 111 games before the New York Giants swept them": a club
        # that is the subject of an adverbial clause the person is not named in acts on its own account, where
        # the sentence names another club outside it (not "felt disrespected by general manager Jeff Bridich
        # after the Rockies did little").
        inside = {t.i for t in parse.subtree(step)} if step.dep == "advcl" else set()
        if step.dep == "advcl" and not any(same(mention_of(parse.tokens[i]), own) for i in inside) and any(
                same(mention_of(s), club_mention) for s in parse.children(step, "nsubj")) and any(
                (m := mention_of(t)) is not None and m["entity_type"] == "Team" and not same(m, club_mention)
                for t in parse.tokens if t.i not in inside):
            return True
        for subject in parse.children(step, "nsubj", "nsubjpass"):
            if subject.text.lower() in _PERSONAL_PRONOUNS:
                continue
            relative = subject.text.lower()
            if relative in _RELATIVE_PRONOUNS:
                if step.dep != "relcl":
                    continue
                subject = noun  # the relative clause's subject is the noun it hangs on, or the name before it
                referent = mention_of(subject)
                # "who" stands for a person: one the model hangs on a club is its slip ("a pick of the Red Sox
                # who later pitched for the Padres").
                if relative in ("who", "whom") and (referent is None or referent["entity_type"] != "Person"):
                    continue
            actor = mention_of(subject)
            if actor is None or club.i in parse.span_of(subject):
                continue
            if actor["entity_type"] == "Person" and not same(actor, own):
                return True
            if actor["entity_type"] != "Person" and not same(actor, club_mention):
                return True
    # The mirror: the club in the clause of another person named as its subject, the person in a clause below it
    # that is not the club's doing ("Noda was drafted out of Cincinnati and went to the Dodgers in the trade that
    # sent Stripling to Toronto").
    # Only a club the verb itself names, through prepositions ("drafted ... out of Cincinnati"), not one of a noun
    # the clause below may speak of ("a finalist for the Mets' top job, a post that went to Collins").
    below_top = parse.ancestors(club)[: parse.ancestors(club).index(top)] if top in parse.ancestors(club) else []
    clauses = [step for step in parse.ancestors(person) if step != top and top in parse.ancestors(step)
               and step.pos in ("VERB", "AUX") and step.dep in _SUBORDINATE]
    # The person in a clause about another club ("beat the Royals, managed by Dick Howser"): that club's.
    if any((described := described_club(parse, step, mention_of)) is not None and not same(described, club_mention)
           for step in clauses):
        return True
    if top.pos in ("VERB", "AUX") and clauses and all(t.pos == "ADP" for t in below_top) and not any(
            same(mention_of(t), club_mention) for clause in clauses for t in _subjects(parse, clause)):
        for subject in parse.children(top, "nsubj", "nsubjpass"):
            actor = mention_of(subject)
            if subject.text.lower() not in _PERSONAL_PRONOUNS and actor is not None and \
                    actor["entity_type"] == "Person" and not same(actor, own):
                return True
            # A pronoun is never the name in a clause its verb governs after it ("He pitched for the Barons
            # before Gus Greenlee brought him to Pittsburgh": "He" is not Greenlee), whoever it stands for; a club
            # written after that clause may be its own, whatever the model hangs it on.
            if subject.text.lower() in _PERSONAL_PERSONS and person.text.lower() not in _PERSONAL_PRONOUNS and \
                    any(c.dep in ("advcl", "ccomp") and max(subject.i, club.i) < parse.subtree(c)[0].i
                        for c in clauses):
                return True
    return False


def described_club(parse: Parse, clause: Token, mention_of: Callable[[Token], dict[str, Any] | None]
                   ) -> dict[str, Any] | None:
    """The club a relative clause or a participle is about: the noun it hangs on ("the Royals, who were managed
    by Howser", "the Royals, managed by Howser"), or the club right before the comma that opens a participle the
    model hangs on the verb ("lost to the Unicorns, managed by Kim")."""
    if clause.dep in ("acl", "relcl"):
        noun = mention_of(relative_clause_antecedent(parse, clause) or parse.head(clause) or clause)
    elif clause.dep == "advcl" and clause.pos == "VERB" and parse.children(clause, "agent") and clause.i >= 2 \
            and parse.tokens[clause.i - 1].text == "," and not parse.children(clause, "nsubj", "nsubjpass", "mark"):
        noun = mention_of(parse.tokens[clause.i - 2])
    else:
        return None
    return noun if noun is not None and noun["entity_type"] == "Team" else None


def _subjects(parse: Parse, verb: Token) -> list[Token]:
    """A clause's subjects as written: its own, a relative clause's antecedent, or a coordinated verb's first."""
    if (antecedent := relative_clause_antecedent(parse, verb)) is not None:
        return [antecedent]
    found = parse.children(verb, "nsubj", "nsubjpass")
    head = parse.head(verb)
    if not found and verb.dep == "conj" and head is not None and head is not verb:
        return _subjects(parse, head)
    return found


def _is_passive(parse: Parse, verb: Token) -> bool:
    if any(c.dep in ("nsubjpass", "auxpass", "agent") for c in parse.children(verb)):
        return True
    # "Marco Vela, claimed off waivers ..., ": a participle set off by a comma after its noun; not a verb after the
    # noun's apposition, which the model hangs on the noun too ("Bard, 39, caught for Cleveland").
    head = parse.head(verb)
    return verb.dep == "acl" and head is not None and any(
        t.text == "," for t in parse.tokens[head.i + 1: verb.i]) and not any(
        head.i < t.i < verb.i for t in parse.children(head, "appos"))


def _patient(parse: Parse, verb: Token) -> list[Token]:
    passive = _is_passive(parse, verb)
    found = parse.children(verb, "nsubjpass") if passive else parse.children(verb, "dobj")
    head = parse.head(verb)
    if not found and passive and head is not None and verb.dep in ("acl", "relcl"):
        found = [head]  # "Marco Vela, claimed off waivers by the Tigers, ..."
    elif not passive and head is not None and verb.dep == "relcl" and found and all(
            t.text.lower() in ("whom", "who") for t in found):
        # "Don Sutton, 38, whom the Brewers got from the Houston Astros": the name right before the comma, where
        # there is one ("Thome, Ramírez and Kenny Lofton, whom they got"), or what the clause hangs on.
        found = [_name_before_its_comma(parse, found[0]) or head]
    elif passive and head is not None and verb.dep == "relcl" and found and all(
            t.text.lower() in ("who", "that", "which") for t in found):
        # "Steer and Encarnacion-Strand, who were acquired from the Twins": whom "who" stands for.
        first = _antecedent(parse, verb, head)
        if _singular(parse, verb):  # "Cashman and Boone, who was hired as manager": Boone alone
            return [first]
        # Up to the list's first name ("Steer and Encarnacion-Strand", which the model may split at the hyphen).
        while (first.dep == "conj" or first.dep == "appos" and first.pos == "PROPN") and \
                (above := parse.head(first)) is not None and above is not first and above.pos == "PROPN":
            first = above
        found = parse.conjuncts(first)
    if not found:  # "named Terrell Bishop-Yates team president", read as a president named "Bishop-Yates"
        found = [parse.tokens[i] for title in parse.children(verb, "oprd") for i in sorted(parse.span_of(title))
                 if i != title.i]
    return found


def _singular(parse: Parse, verb: Token) -> bool:
    """Whether a verb's auxiliary says its subject is one: "was hired", "has been named"."""
    return any(t.text.lower() in ("was", "is", "has") for t in parse.children(verb, "aux", "auxpass"))


def _said_of_its_antecedent(parse: Parse, verb: Token) -> bool:
    """Whether `verb` heads a relative clause whose subject is "who", "which" or "that": its antecedent's doing."""
    subjects = parse.children(verb, "nsubj")
    return verb.dep == "relcl" and parse.head(verb) is not None and bool(subjects) and all(
        t.text.lower() in ("who", "which", "that") for t in subjects)


def _name_before_its_comma(parse: Parse, relative: Token) -> Token | None:
    """The name right before the comma that opens a relative pronoun's clause ("Gardenhire, who", "Kenny Lofton,
    whom"), or None."""
    if relative.i >= 2 and parse.tokens[relative.i - 1].text == "," and parse.tokens[relative.i - 2].pos == "PROPN":
        return parse.tokens[relative.i - 2]
    return None


def _antecedent(parse: Parse, verb: Token, head: Token) -> Token:
    """Whom a relative clause's "who" stands for: the name right before its comma, wherever the model hangs the
    clause ("the son of Ron Gardenhire, who managed the Twins": Gardenhire, not the son); else the noun the
    clause hangs on, or the name that noun is in apposition to ("Tsamis, the former Twins left-hander who has
    managed the Saints": Tsamis)."""
    who = min(parse.children(verb, "nsubj", "nsubjpass"), key=lambda t: t.i)
    if (name := _name_before_its_comma(parse, who)) is not None:
        return name
    # Not a name but a title written like one: "Gwynn, the Hall of Famer who spent 20 seasons with the Padres".
    while head.dep == "appos" and (head.pos != "PROPN" or (
            any(t.text.lower() == "of" for t in parse.children(head, "prep"))
            and any(t.text.lower() in ("the", "a", "an") for t in parse.children(head, "det")))) \
            and (above := parse.head(head)) is not None:
        head = above
    return head


_PLURAL_FORMS = frozenset({"have", "are", "were", "own", "run", "remain"})


def _plural_verb(parse: Parse, verb: Token) -> bool:
    """Whether the verb (or its auxiliary) is in a form only a plural subject takes: "have owned", "were"."""
    return any(t.text.lower() in _PLURAL_FORMS for t in [verb, *parse.children(verb, "aux", "auxpass")])


def relative_clause_antecedent(parse: Parse, verb: Token) -> Token | None:
    """Whom the "who" subject of a relative clause headed by `verb` stands for; None for any other verb."""
    head = parse.head(verb)
    return _antecedent(parse, verb, head) if head is not None and _said_of_its_antecedent(parse, verb) else None


# Verbs whose complement happened: its subject's doing ("went on to pitch", "returned to manage") or its object's
# ("hired Dunn to manage", "named Beck to lead the club").
_WENT_ON_TO = frozenset({"go", "continue", "return", "come", "begin", "start", "proceed", "live"})
_MADE_TO = frozenset({"hire", "name", "appoint", "bring", "promote", "choose", "select", "tab", "tap"})


def _agent(parse: Parse, verb: Token) -> list[Token]:
    found = parse.children(verb, "nsubj")
    if (antecedent := relative_clause_antecedent(parse, verb)) is not None:
        found = [antecedent]  # "the Diablos, who won the title under Bundy": the Diablos won
        # "Dan Topping and Del Webb, who have owned the Yankees": a plural verb's "who" is the whole list.
        if antecedent.dep == "conj" and (first := parse.head(antecedent)) is not None and _plural_verb(parse, verb):
            found = parse.conjuncts(first)
    for by in parse.children(verb, "agent"):
        found += parse.children(by, "pobj")
    head = parse.head(verb)
    if not found and head is not None and verb.dep in ("acl", "relcl") and not _is_passive(parse, verb):
        found = [head]  # "Sam Reyes signed with the Brewers", which the model reads as a name "signed" modifies
    if not found and verb.dep == "conj" and head is not None:
        found = _agent(parse, head)  # "The Twins released Ott and designated Lee for assignment"
    # A complement without a subject of its own, of a verb that says it happened, is its head's object's doing
    # ("hired Dunn to manage the club") or its subject's ("went on to pitch for the Mets"); not of one that says
    # only what was meant ("had signed to play for the Wolverines before the Yankees took him").
    if not found and verb.dep == "xcomp" and head is not None and head.pos in ("VERB", "AUX"):
        lemma = head.lemma.lower()
        found = parse.children(head, "dobj") if lemma in _MADE_TO else \
            _agent(parse, head) if lemma in _WENT_ON_TO else []
    # An adjunct clause without a subject of its own is its clause's subject's doing: "Price joined the Dodgers
    # after pitching for Tampa Bay", "Signing with the Cubs in 2015, Heyward ...".
    if not found and verb.dep in ("advcl", "pcomp") and head is not None and not _is_passive(parse, verb):
        while head.pos == "ADP" and (above := parse.head(head)) is not None and above is not head:
            head = above
        if head.pos in ("VERB", "AUX"):
            found = _agent(parse, head)
    # "bought by a group headed by Frank McKinney": those who head the group did it.
    found += [pobj for noun in found if noun.pos == "NOUN" for acl in parse.children(noun, "acl")
              if acl.lemma.lower() in ("head", "lead") for by in parse.children(acl, "agent")
              for pobj in parse.children(by, "pobj")]
    # "August A. Busch Jr., whose brewery bought the Cardinals": the one whose company did it.
    found += [owner for noun in found if noun.pos == "NOUN" and noun.lemma.lower() in _OWNING_BODIES
              and any(p.text.lower() == "whose" for p in parse.children(noun, "poss"))
              and verb.dep == "relcl" and (owner := parse.head(verb)) is not None]
    return found


# What a person may own a club through: "whose brewery bought the Cardinals" (not "whose family owned it").
_OWNING_BODIES = frozenset({"company", "brewery", "firm", "group", "corporation", "syndicate", "chain",
                            "bank", "conglomerate", "business", "partnership"})



# A post someone took or held, written as what he did it "as": "moved to the front office as a vice president".
POST_AS_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("He moved to the front office as a vice president in 1996.", "He", "vice president"),
    ("Ned Carrow stepped down in July and served as interim general manager for the rest of that season.",
     "Ned Carrow", "interim general manager"),
    ("Ned Carrow was GM from 2012-15.", "Ned Carrow", "GM"),
    ("He became a scout in 1961.", "He", "scout"),
)
POST_AS_COUNTER_EXAMPLES: tuple[str, ...] = (
    "Ned Carrow would have served as interim general manager.",
    "Ned Carrow served as manager of the United States at the Olympics.",
    "Ned Carrow was never hired as general manager.",
    "Ned Carrow was a pitching coach in Japan for two seasons.",
    "Ned Carrow was a former scout.",
    "Ned Carrow has been Fox's lead analyst since 2016.",
    "Ned Carrow had been the manager of Japan's national team.",
)


def posts_as(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]) -> list[tuple[dict[str, Any], Token]]:
    """(person, title) for each post the sentence says its subject took or held "as" that title, or was or became,
    asserted, in a clause that names no place ("as manager of the United States", "a coach in Japan": a post
    somewhere the sentence names).
    A relative clause's subject is its antecedent, which is not the sentence's subject: such posts are left to the
    cue words."""
    found = []
    for verb in parse.tokens:
        if verb.pos not in ("VERB", "AUX") or verb.dep == "relcl":
            continue
        titles = _as_titles(parse, verb)
        if verb.lemma.lower() in ("be", "become"):  # "Ben Cherington was GM from 2012-15", "He became a scout"
            titles += parse.children(verb, "attr")
        if verb.lemma.lower() == "coach" and any(t.pos == "NOUN" for t in parse.children(verb, "dobj")):
            titles.append(verb)  # "Tony Diaz will coach third base": the verb names the post
        for title in titles:
            if title.pos not in ("NOUN", "PROPN") and title is not verb or mention_of(title) is not None or any(
                    (t.pos == "PROPN" and t.text.lower().rstrip(".") not in MONTHS and t.text not in WEEKDAYS
                     or any(o.pos == "PROPN" for o in parse.children(t, "poss")))  # "of Japan's national team"
                    for prep in [*parse.children(title, "prep"), *parse.children(verb, "prep")]
                    for t in parse.children(prep, "pobj")) or any(
                    t.pos == "PROPN" for t in parse.children(title, "poss")):  # "Fox's lead analyst": Fox's post
                continue
            # "Tatsunami named Wada as his hitting coach": the post is the object's.
            holders = parse.children(verb, "dobj") if title.dep in ("pobj", "dobj") and title is not verb else []
            for subject in [t for t in holders if mention_of(t)] or ([] if holders else _agent(parse, verb)):
                person = mention_of(subject)
                if person is not None and person["entity_type"] == "Person" and is_asserted(parse, subject, title):
                    found.append((person, title))
    return found


def now_with(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]
             ) -> list[tuple[dict[str, Any], dict[str, Any], Token]]:
    """(person, club, the words about him) for each club a person is "now with" in the words hung on his name:
    "Red Schoendienst, now with the New York Giants, won the title", "Enos Slaughter, the former Cardinals
    outfielder now with the New York Yankees"."""
    found = []
    for prep in parse.tokens:
        if prep.text.lower() != "with" or not any(c.text.lower() == "now" for c in parse.children(prep, "advmod")):
            continue
        about = parse.head(prep)
        holder = about
        while holder is not None and holder.dep == "appos" and mention_of(holder) is None:
            holder = parse.head(holder)
        person = mention_of(holder) if holder is not None else None
        if about is None or person is None or person["entity_type"] != "Person":
            continue
        for club in parse.children(prep, "pobj"):
            if (mentioned := mention_of(club)) is not None and mentioned["entity_type"] == "Team":
                found.append((person, mentioned, about))
    return found


_REPORTING = frozenset({"announce", "say", "confirm", "add"})


def speakers_clubs(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]
                   ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(person, club) for each person who reports, after what he reports, what a club did: "The Clowns have signed
    Toni Stone, owner Syd Pollock announced yesterday" (the speaker's title is at that club)."""
    found = []
    for verb in parse.tokens:
        if verb.lemma.lower() not in _REPORTING or not is_asserted(parse, verb, verb):
            continue
        speakers = [m for t in parse.children(verb, "nsubj") if (m := mention_of(t)) and m["entity_type"] == "Person"]
        clubs = [m for clause in parse.children(verb, "ccomp") if clause.i < verb.i
                 for t in parse.children(clause, "nsubj", "nsubjpass")
                 if (m := mention_of(t)) is not None and m["entity_type"] == "Team"]
        found += [(speaker, club) for speaker in speakers for club in clubs[:1]]
    return found


def posts_as_of(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]
                ) -> list[tuple[dict[str, Any], dict[str, Any], Token]]:
    """(person, club, title) for each post the sentence says someone took or held "as" a title of a club it names
    there, asserted: "Shinjo, the former outfielder who played for the Mets, was introduced Thursday as manager of
    the Fighters" (however far the title stands from the name)."""
    found = []
    for verb in parse.tokens:
        if verb.pos not in ("VERB", "AUX") or verb.dep == "relcl":
            continue
        for title in _as_titles(parse, verb):
            if title.pos != "NOUN" or any(t.pos == "PROPN" for t in parse.children(title, "poss")):
                continue
            clubs = [m for prep in parse.children(title, "prep") if prep.text.lower() in ("of", "for")
                     for t in parse.children(prep, "pobj") for c in parse.conjuncts(t)
                     if (m := mention_of(c)) is not None and m["entity_type"] == "Team"]
            # The one named as it: the object ("named Ishii as general manager"), else the passive's subject ("was
            # introduced as manager"), else the subject ("served as manager").
            holders = [t for t in parse.children(verb, "dobj") if mention_of(t)] or (
                _patient(parse, verb) if _is_passive(parse, verb) else _agent(parse, verb))
            for subject in holders:
                person = mention_of(subject)
                if person is not None and person["entity_type"] == "Person" and is_asserted(parse, subject, title):
                    found += [(person, club, title) for club in {c["start"]: c for c in clubs}.values()]
    return found


def _argument(parse: Parse, verb: Token, slot: str) -> list[Token]:
    if "=" in slot and not slot.startswith("poss:"):  # "patient=game|broadcast": only those words
        slot, _, words = slot.partition("=")
        return [t for t in _argument(parse, verb, slot) if t.lemma.lower() in words.split("|")]
    if slot.startswith("poss:"):  # or the club naming it: "called Mariners games"
        found = _argument(parse, verb, slot[5:])
        return found + [p for t in found for p in parse.children(t, "poss", "compound")]
    if slot == "agent":
        found = _agent(parse, verb)
        if _said_of_its_antecedent(parse, verb):
            # The relative clause is its antecedent's alone, not the names coordinated after it: "signed Pablo
            # Olivares, who played for the Long Island Ducks, and Jhon Vargas".
            return found
    elif slot == "patient":
        found = _patient(parse, verb)
        if verb.dep == "relcl" and any(t.text.lower() in ("whom", "who") for t in parse.children(verb, "dobj")):
            return found  # "the Harrisburg Giants, whom he managed": that one of a list, not the whole list
    elif slot == "attr":  # "is a St. Louis Cardinal", not "Tommy was the Dodgers"
        found = [t for t in parse.children(verb, "attr")
                 if any(d.text.lower() in ("a", "an") for d in parse.children(t, "det"))]
    else:
        word = slot.split(":", 1)[1]
        # The preposition hangs on the verb, its patient, or the object of another of its prepositions:
        # "acquired Ruiz from the Cubs for Dunn" attaches "for" to "Cubs".
        # ... or the noun a copula says the subject is: "was an assistant at Arkansas under Van Horn".
        holders = [verb, *_patient(parse, verb), *parse.children(verb, "attr")]
        holders += [pobj for holder in list(holders) for prep in parse.children(holder, "prep")
                    for pobj in parse.children(prep, "pobj")]
        # "out of the University of Missouri": "of" hangs on "out"; "from 1997-99 under Murphy": "under" on "from".
        holders += [out for holder in list(holders) for out in parse.children(holder, "prep")
                    if out.text.lower() == "out" or holder is verb]
        found = [pobj for holder in holders for prep in parse.children(holder, "prep")
                 if prep.text.lower() == word and not (holder is verb and clause_between(parse, verb, prep))
                 for pobj in parse.children(prep, "pobj")]
        # "the New York Yankees, for whom he played the outfield": the relative pronoun is the clause's antecedent.
        antecedent = parse.head(verb) if verb.dep == "relcl" else None
        found = [antecedent if t.text.lower() in ("whom", "which") and antecedent is not None else t for t in found]
    # "took his Tigers teammate, outfielder Dylan Crews": the apposition names whom the argument does, and
    # "three prospects, including Jarred Kelenic" some of them.
    # Of every conjunct: "for Bruce, Swarzak and three prospects, including Jarred Kelenic".
    found = [t for token in found for t in parse.conjuncts(token)]
    found += [a for token in found for a in parse.children(token, "appos")]
    found += [pobj for token in found for prep in parse.children(token, "prep") if prep.text.lower() == "including"
              for pobj in parse.children(prep, "pobj")]
    if slot.startswith("prep:"):
        found += _listed_after_colon(parse, found)
    # "has owned the Cleveland club", "sent him to their Colorado Springs farm club": a club written as its city's
    # club (not "the Boston hockey team", another sport's).
    found += [c for token in found if token.lemma.lower() in _CLUB_NOUNS
              and len([m for m in parse.children(token, "compound", "amod", "nmod") if m.lemma.lower() != "farm"]) == 1
              for c in parse.children(token, "compound")]
    return [t for token in found for t in parse.conjuncts(token)]


_CLUB_NOUNS = frozenset({"club", "team", "franchise", "nine"})


def clause_between(parse: Parse, verb: Token, prep: Token) -> Token | None:
    """The verb of a clause with a subject of its own that stands between `verb` and a preposition the model hangs
    on it, nothing closing that clause before the preposition: the preposition is that clause's ("He hit .394,
    the best since Ted Williams batted .406 for the Red Sox": "for" is Williams's, not "hit"'s)."""
    for between in parse.tokens[verb.i + 1:prep.i]:
        if between.pos in ("VERB", "AUX") and parse.children(between, "nsubj", "nsubjpass") and \
                not any(t.text in (",", ";", "and") for t in parse.tokens[between.i + 1:prep.i]):
            return between
    return None


def _listed_after_colon(parse: Parse, found: list[Token]) -> list[Token]:
    """The names a colon lists after a plural noun of the argument, which they spell out: "for five players, four
    of them pitchers: right-handers Michael King, Drew Thorpe and catcher Kyle Higashioka"."""
    plural = [t for t in found if t.pos == "NOUN" and t.text.lower().endswith("s")]
    if not plural:
        return []
    colon = next((t.i for t in parse.tokens if t.i > plural[0].i and t.text == ":"), None)
    if colon is None:
        return []
    return [t for t in parse.tokens[colon + 1:] if t.pos == "PROPN" and t.dep not in ("compound", "poss")]


def _stems(word: str) -> set[str]:
    """The base forms a regular English verb form may have ("optioned": option; the model's lemmatizer gives
    "optione"), so a rule names its verbs once."""
    stems = {word}
    for ending, replacement in (("ied", "y"), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"),
                                ("es", ""), ("s", "")):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stems.add(word[: -len(ending)] + replacement)
    return stems


def _as_titles(parse: Parse, holder: Token) -> list[Token]:
    """What `holder` is "as": "as manager"; and "as hitting coach", which the model may read as a verb "hitting"
    and its object."""
    found = []
    for as_ in parse.children(holder, "prep"):
        if as_.text.lower() == "as":
            found += [t for t in parse.children(as_, "pobj") if not _titles_a_subject(parse, t)]
            found += [t for verb in parse.children(as_, "pcomp") if verb.text.lower().endswith("ing")
                      for t in parse.children(verb, "dobj") if t.pos == "NOUN"]
    return found


def role_of(rule: Rule, parse: Parse, verb: Token, club: dict[str, Any],
            cues: tuple[tuple[str, re.Pattern[str]], ...]) -> str | None:
    """The role the words around a match name: the object of "as" on the verb ("as hitting coach"), or the noun a
    possessed club stands before ("the Astros' broadcast team"); None when they name none."""
    holders = [verb, *_patient(parse, verb)]
    phrases = [t for holder in holders for t in _as_titles(parse, holder)]
    # "named Bishop-Yates team president": the role stands beside the object.
    phrases += [t for holder in holders for t in parse.children(holder, "oprd", "attr", "xcomp", "npadvmod", "appos")
                if t.pos in ("NOUN", "PROPN")]
    if rule.club.startswith("poss:"):
        phrases += [t for t in _argument(parse, verb, rule.club[5:])
                    if any(club["start"] <= p.start < club["end"] for p in parse.children(t, "poss"))]
    for head in phrases:
        words = parse.words_of(head)
        for role, pattern in cues:
            if pattern.search(words):
                return role
    return None


_PROMOTING = frozenset({"promote", "elevate"})
# A promotion from one post to another: (sentence, person, the post he rose to).
PROMOTION_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("The Red Sox promoted assistant GM Ben Carrow to general manager on Tuesday.", "Ben Carrow", "general manager"),
    ("The club promoted bench coach Hong Min-ki to manager in November.", "Hong Min-ki", "manager"),
    ("Bo Lee was promoted to pitching coach in June.", "Bo Lee", "coach"),
)
PROMOTION_COUNTER_EXAMPLES: tuple[str, ...] = (
    "The Red Sox did not promote Ben Carrow to general manager.",
    "The Red Sox promoted Ben Carrow to Triple-A Worcester.",
    "The Red Sox promoted Ben Carrow to manager at Triple-A Worcester.",
)


def promotions(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]
               ) -> list[tuple[dict[str, Any], Token]]:
    """(person, the post's noun) for each promotion "to" a post the sentence asserts: "promoted bench coach Hong
    to manager" (a club after "to" is a move of a player, moved_to's; a post at a club named under it, "to
    manager at Triple-A Worcester", is that club's, which the cue words read)."""
    found = []
    for verb in _verbs(parse, _PROMOTING):
        if not is_asserted(parse, verb, verb):
            continue
        posts = [t for prep in parse.children(verb, "prep") if prep.text.lower() == "to"
                 for t in parse.children(prep, "pobj") if t.pos == "NOUN" and mention_of(t) is None]
        # ... "to pitching coach", which the model may read as a verb and its object,
        posts += [t for prep in parse.children(verb, "prep") if prep.text.lower() == "to"
                  for verbal in parse.children(prep, "pcomp")
                  for t in parse.children(verbal, "dobj") if t.pos == "NOUN"]
        # ... which the model may read as a clause of "to": "promoted bench coach Hong to manager".
        posts += [t for t in parse.children(verb, "xcomp") if t.pos == "NOUN" and mention_of(t) is None
                  and any(aux.text.lower() == "to" for aux in parse.children(t, "aux"))]
        posts = [post for post in posts if not any(
            mention_of(t) is not None for t in parse.tokens if post in parse.ancestors(t) or t is post)]
        for person in _mentioned(parse, verb, "patient", "Person", mention_of):
            found += [(person, post) for post in posts]
    return found


_SUCCESSION = frozenset({"replace", "succeed"})


def successions(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]
                ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(successor, predecessor) for each "A replaces B" or "A succeeds B" the sentence asserts: B held the post A
    takes. "The Astros hired Nguyen-Brooks ..., replacing Gordon Pike": the club replaces through its hire."""
    found = []
    for verb in parse.tokens:
        if verb.pos != "VERB" or not (verb_forms(verb) & _SUCCESSION):
            continue
        successors = [m for t in _argument(parse, verb, "agent") if (m := mention_of(t))]
        head = parse.head(verb)
        # "Daniels hired Banister to replace Washington": with no subject of its own, the one hired replaces.
        if head is not None and verb.dep in ("advcl", "acl", "xcomp", "conj"):
            hired = [m for t in _argument(parse, head, "patient") if (m := mention_of(t))]
            controlled = verb.dep in ("advcl", "xcomp") and not parse.children(verb, "nsubj", "nsubjpass") and any(
                m["entity_type"] == "Person" for m in hired)
            if controlled or not successors or successors[0]["entity_type"] != "Person":
                successors = hired
        # "The Royals replaced him with Ned Yost": the one replaced with is the successor (where the model hangs
        # "with" on the one replaced too: "replaced manager Marty McManus with Bucky Harris").
        replacing = [m for holder in (verb, *parse.children(verb, "dobj"))
                     for prep in parse.children(holder, "prep") if prep.text.lower() == "with"
                     for t in parse.children(prep, "pobj") for c in parse.conjuncts(t)
                     if (m := mention_of(c)) and m["entity_type"] == "Person"]
        if replacing:
            successors = replacing
        # The model may read the one replaced as a second subject: "Johnson replaces Garvin Alston, who ...".
        replaced = _argument(parse, verb, "patient") or [t for t in parse.children(verb, "nsubj") if t.i > verb.i]
        # "Kuenn was fired in October and replaced by Rene Lachemann": the passive's subject is the first verb's.
        if not replaced and verb.dep == "conj" and head is not None and _is_passive(parse, verb):
            replaced = parse.children(head, "nsubjpass")
        predecessors = [m for t in replaced if (m := mention_of(t))]
        # "is expected to promote Hobbs to replace him": a purpose clause is as asserted as its head.
        if verb.dep == "advcl" and head is not None and not is_asserted(parse, head, head):
            continue
        for successor in successors:
            for predecessor in predecessors:
                if successor["entity_type"] == predecessor["entity_type"] == "Person" and \
                        successor["entity_key"] != predecessor["entity_key"] and is_asserted(parse, verb, verb):
                    found.append((successor, predecessor))
    # "Malone, who took over from Dan Duquette in January": one who takes over from another takes his post; not in
    # a game's account ("took over for Boone after Boone was ejected in the fourth inning").
    in_a_game = any(t.lemma.lower() in ("inning", "eject") for t in parse.tokens)
    for verb in parse.tokens:
        if in_a_game or verb.pos != "VERB" or verb.lemma != "take" or not any(
                t.text.lower() == "over" for t in parse.children(verb, "prt", "prep", "advmod")) \
                or not is_asserted(parse, verb, verb):
            continue
        successors = [m for t in _argument(parse, verb, "agent") if (m := mention_of(t))]
        predecessors = [m for t in _argument(parse, verb, "prep:from") if (m := mention_of(t))]
        found += [(successor, predecessor) for successor in successors for predecessor in predecessors
                  if successor["entity_type"] == predecessor["entity_type"] == "Person"
                  and successor["entity_key"] != predecessor["entity_key"]]
    # "The Tigers fired manager Les Moss and hired Sparky Anderson": one hired, where the words give no post, in
    # the clause after one that fires someone.
    for verb in parse.tokens:
        head = parse.head(verb)
        if verb.pos != "VERB" or not verb_forms(verb) & _HIRING or verb.dep != "conj" or head is None \
                or not verb_forms(head) & _DISMISSING or _as_titles(parse, verb) \
                or parse.children(verb, "oprd") or not is_asserted(parse, verb, verb):
            continue
        found += [(successor, predecessor) for successor in _mentioned(parse, verb, "patient", "Person", mention_of)
                  for predecessor in _mentioned(parse, head, "patient", "Person", mention_of)
                  if successor["entity_key"] != predecessor["entity_key"]]
    return found


_HIRING = frozenset({"hire", "appoint"})
_DISMISSING = frozenset({"fire", "dismiss", "oust", "sack"})


def verb_forms(verb: Token) -> set[str]:
    """A verb's lemma and the base forms its text may have, as the rules name verbs."""
    return {verb.lemma.lower(), *_stems(verb.text.lower())}


def _verbs(parse: Parse, lemmas: frozenset[str]) -> Iterator[Token]:
    """The sentence's verbs of one of `lemmas` (in any regular form). A sentence's root is its verb, whatever tag
    the model gave it ("pitches for the Renegades": a noun)."""
    for verb in parse.tokens:
        if (verb.pos in ("VERB", "AUX") or verb.dep == "ROOT") and \
                verb_forms(verb) & lemmas:
            yield verb


def _mentioned(parse: Parse, verb: Token, slot: str, entity_type: str,
               mention_of: Callable[[Token], dict[str, Any] | None]) -> list[dict[str, Any]]:
    """The mentions of `entity_type` in a verb's argument `slot`, each once."""
    return list({m["start"]: m for t in _argument(parse, verb, slot)
                 if (m := mention_of(t)) and m["entity_type"] == entity_type}.values())


def _linked(parse: Parse, verb: Token, a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether the sentence asserts the verb's link between mentions `a` and `b`."""
    first, second = parse.covering(a["start"], a["end"]), parse.covering(b["start"], b["end"])
    return first is not None and second is not None and is_asserted(parse, first, verb) and \
        is_asserted(parse, verb, second)


# An honour a verb of choosing gives, not a post: "named him its minor league player of the year", "was voted the
# league's most valuable player".
_HONOUR = re.compile(r"\bof the (?:year|month|week|decade)\b|\bMVP\b|\bmost valuable\b|\bAll-Stars?\b|\bGold Glove",
                     re.I)
_CHOOSING = frozenset({"name", "select", "choose", "vote", "pick", "elect"})


def _names_an_honour(parse: Parse, verb: Token) -> bool:
    """Whether a verb of choosing names an honour as what it made someone ("named Dunn its player of the year")."""
    return verb.lemma.lower() in _CHOOSING and any(
        _HONOUR.search(" ".join(t.text for t in parse.subtree(c)))
        for c in parse.children(verb, "oprd", "attr", "xcomp", "npadvmod", "appos"))


def rule_facts(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None],
               rules: tuple[Rule, ...] = RULES) -> list[tuple[Rule, dict[str, Any], dict[str, Any], Token]]:
    """(rule, person mention, club mention, verb) for every rule the sentence matches and asserts."""
    found = []
    for rule in rules:
        if rule.context and not re.search(rule.context, parse.text()):
            continue
        for verb in _verbs(parse, rule.lemmas):
            if _names_an_honour(parse, verb):
                continue
            people = _mentioned(parse, verb, rule.person, "Person", mention_of)
            head = parse.head(verb)
            if not people and rule.person == "agent" and verb.dep == "conj" and head is not None \
                    and _is_passive(parse, head):
                # "Bo Lee was drafted by the Jays and went to the Dodgers": the passive's subject went, not the
                # club that drafted him.
                people = _mentioned(parse, head, "patient", "Person", mention_of)
            for person in people:
                clubs = _mentioned(parse, verb, rule.club, "Team", mention_of)
                if rule.media:
                    clubs += _mentioned(parse, verb, rule.club, "MediaOrganization", mention_of)
                for club in clubs:
                    if _linked(parse, verb, person, club):
                        found.append((rule, person, club, verb))
    return sorted(found, key=lambda f: f[3].i)


# Verbs of a trade: the subject gives the players it names (traded, dealt, sent, shipped) or receives them
# (acquired, obtained); "for" names what comes back.
_GIVING = frozenset({"trade", "deal", "send", "ship", "sell", "give"})
# A verb that tells a trade only with players given "for" others: "Detroit gave $100,000 and Pasek for Cochrane"
# (not "gave Pasek a contract").
_GIVING_FOR = frozenset({"give"})
# A sale moves the players it names to the club it names ("sold Simmons and Haas to the White Sox for $100,000");
# one sold "to" or "by" a person is a buyer or an owner ("sold the club to Busch").
_SELLING = frozenset({"sell"})
_RECEIVING = frozenset({"acquire", "reacquire", "obtain", "land"})
# Verbs that tell a trade only with its sides written out: "got X from the Blue Jays", "bought X from the Tigers"
# (not "got a hit", "got two hits from X"), "moved him to the Angels" (not "moved him to the bullpen").
_GIVING_TO_A_CLUB = frozenset({"move"})
_RECEIVING_FROM_A_CLUB = frozenset({"get", "receive", "buy", "purchase"})
# A player who came to a club from another "for" others: those others went the other way ("Anderson came to
# Cleveland from Boston for Steven Wright": Wright left Cleveland for Boston), and the one who came was traded
# to the club he came to.
COMING_FOR = frozenset({"come", "arrive", "go"})
_TRADING = _GIVING | _RECEIVING | _GIVING_TO_A_CLUB | _RECEIVING_FROM_A_CLUB | COMING_FOR
# A trade a sentence tells, and what it must find: (sentence, player, club he was with or went to).
TRADE_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("The Tampa Bay Rays acquired Jose Ruiz and Tim Beck from the Chicago Cubs for Al Dunn.", "Tim Beck",
     "Tampa Bay Rays"),
    ("The Tampa Bay Rays acquired Jose Ruiz from the Chicago Cubs for Al Dunn.", "Jose Ruiz", "Chicago Cubs"),
    ("The Boston Red Sox bought the contract of Al Dunn from the Newark Bears.", "Al Dunn", "Boston Red Sox"),
    ("The Tampa Bay Rays acquired Jose Ruiz from the Chicago Cubs for Al Dunn.", "Al Dunn", "Tampa Bay Rays"),
    ("The Tampa Bay Rays acquired Jose Ruiz from the Chicago Cubs for two players: right-hander Al Dunn and "
     "catcher Tim Beck.", "Tim Beck", "Chicago Cubs"),
    ("The Tampa Bay Rays acquired Jose Ruiz from the Chicago Cubs for Al Dunn and two prospects, including Tim "
     "Beck.", "Tim Beck", "Tampa Bay Rays"),
    ("Marco Vela was traded to the Seattle Mariners in July.", "Marco Vela", "Seattle Mariners"),
    ("Marco Vela was traded from the Houston Astros to the Seattle Mariners.", "Marco Vela", "Houston Astros"),
    ("The Houston Astros traded Marco Vela to the Seattle Mariners for Al Dunn.", "Marco Vela", "Houston Astros"),
    ("The Houston Astros traded Marco Vela to the Seattle Mariners for Al Dunn.", "Al Dunn", "Houston Astros"),
    ("The Houston Astros traded Marco Vela to the Seattle Mariners for Al Dunn.", "Al Dunn", "Seattle Mariners"),
    ("The Houston Astros traded Marco Vela last week, sending him to the Seattle Mariners for Al Dunn.", "Al Dunn",
     "Houston Astros"),
    ("The Washington Nationals traded three-time Cy Young Award winner Max Scherzer and All-Star shortstop Trea "
     "Turner to the Los Angeles Dodgers for four prospects: catcher Keibert Ruiz, right-handers Josiah Gray and "
     "Gerardo Carrillo and outfielder Donovan Casey.", "Josiah Gray", "Washington Nationals"),
    ("The Washington Nationals traded three-time Cy Young Award winner Max Scherzer and All-Star shortstop Trea "
     "Turner to the Los Angeles Dodgers for four prospects: catcher Keibert Ruiz, right-handers Josiah Gray and "
     "Gerardo Carrillo and outfielder Donovan Casey.", "Max Scherzer", "Los Angeles Dodgers"),
    ("The Houston Astros traded Marco Vela to the Seattle Mariners and Al Dunn to the Chicago Cubs.", "Al Dunn",
     "Chicago Cubs"),
    ("The Tampa Bay Rays acquired Jose Ruiz from the Chicago Cubs for Al Dunn.", "Al Dunn", "Chicago Cubs"),
    ("The Tampa Bay Rays reacquired Jose Ruiz from the Chicago Cubs in December.", "Jose Ruiz", "Chicago Cubs"),
    ("In July the Tampa Bay Rays landed shortstop Jose Ruiz from the Chicago Cubs for Al Dunn and two prospects.",
     "Al Dunn", "Chicago Cubs"),
    ("The Tampa Bay Rays got reliever Jose Ruiz and outfielder Tim Beck from the Chicago Cubs for Al Dunn.",
     "Tim Beck", "Chicago Cubs"),
    ("The Houston Astros moved Marco Vela to the Seattle Mariners in July for Al Dunn.", "Marco Vela",
     "Houston Astros"),
    ("The Tampa Bay Rays got Jose Ruiz and Tim Beck from the Chicago Cubs and Al Dunn from the Seattle Mariners.",
     "Tim Beck", "Chicago Cubs"),
    ("The Tampa Bay Rays got Jose Ruiz and Tim Beck from the Chicago Cubs and Al Dunn from the Seattle Mariners.",
     "Al Dunn", "Seattle Mariners"),
    ("The Tampa Bay Rays got Jose Ruiz from Toledo and Al Dunn from the Seattle Mariners.", "Al Dunn",
     "Seattle Mariners"),
    ("Marco Vela came to the Houston Astros from the Seattle Mariners in July for Al Dunn.", "Al Dunn",
     "Houston Astros"),
    ("Marco Vela came to the Houston Astros from the Seattle Mariners in July for Al Dunn.", "Al Dunn",
     "Seattle Mariners"),
    ("The Houston Astros traded Marco Vela to the Seattle Mariners and got Al Dunn from the Chicago Cubs in a "
     "three-team deal.", "Al Dunn", "Chicago Cubs"),
    ("The Houston Astros traded Marco Vela to the Seattle Mariners and got Al Dunn from the Chicago Cubs in a "
     "three-team deal.", "Al Dunn", "Houston Astros"),
    ("The Tampa Bay Rays receive Jose Ruiz from the Chicago Cubs, along with Al Dunn from the Seattle Mariners.",
     "Al Dunn", "Seattle Mariners"),
    ("The Tampa Bay Rays receive Jose Ruiz from the Chicago Cubs, along with Al Dunn from the Seattle Mariners.",
     "Al Dunn", "Tampa Bay Rays"),
    ("Those young players include Jose Ruiz and Tim Beck, who were acquired from the Chicago Cubs for Al Dunn.",
     "Jose Ruiz", "Chicago Cubs"),
    ("The Boston Red Sox sold Marco Vela and Tim Beck to the New York Yankees for $100,000.", "Tim Beck",
     "New York Yankees"),
    ("The Boston Red Sox sold Marco Vela and Tim Beck to the New York Yankees for $100,000.", "Tim Beck",
     "Boston Red Sox"),
    ("The Detroit Tigers gave $100,000 and catcher Al Dunn for Marco Vela.", "Marco Vela", "Detroit Tigers"),
    ("The Detroit Tigers gave $100,000 and catcher Al Dunn for Marco Vela.", "Al Dunn", "Detroit Tigers"),
)
TRADE_COUNTER_EXAMPLES: tuple[str, ...] = (
    "The Houston Astros traded Marco Vela to the Seattle Mariners, and Al Dunn was designated for assignment.",
    "The Houston Astros traded Marco Vela to the Seattle Mariners to make room for Al Dunn.",
    "The Houston Astros traded Marco Vela, their starter for three seasons, and Jose Ruiz to the Seattle Mariners "
    "and kept Al Dunn.",
    "The Detroit Tigers sent Al Dunn to the Toledo Mud Hens as manager.",
    "The Houston Astros did not trade Marco Vela to the Seattle Mariners.",
    # A relative clause is a statement of its own: the Mariners, not the trade, did something to Al Dunn.
    "The Houston Astros traded Marco Vela to the Seattle Mariners, who had scouted Al Dunn.",
    "Jose Ruiz landed on the injured list, and the Tampa Bay Rays called up Al Dunn from the Durham Bulls.",
    "The Tampa Bay Rays got Jose Ruiz back from the injured list on Tuesday.",
    "The Tampa Bay Rays got two hits from Al Dunn against the Chicago Cubs.",
    "The Tampa Bay Rays received a call from Al Dunn before the Chicago Cubs game.",
    "The Houston Astros moved Marco Vela to the bullpen, and Al Dunn takes his place.",
    "Marco Vela came to the Houston Astros from the Seattle Mariners for the chance to face Al Dunn.",
    "The Seattle Mariners were sold to a group headed by Al Dunn.",
    "The Seattle Mariners gave Al Dunn a two-year contract.",
)


_STAFF_POST = re.compile(r"(?:manager|coach|instructor|coordinator|scout|executive|president|director|adviser|"
                         r"advisor|assistant|skipper)$")


def _own_clause(parse: Parse, token: Token) -> bool:
    """Whether a verb heads a clause of its own: a subject or a marker of its own, hung on as an adverbial,
    relative or open clause, or another verb inflected as one after a verb ("and kept Al Dunn"), where a title
    the model reads as a verb ("shortstop") is its own lemma and a plural in a list ("prospects") follows a
    name."""
    return token.pos in ("VERB", "AUX") and (
        token.dep in ("advcl", "relcl", "xcomp", "ccomp", "acl")
        or bool(parse.children(token, "nsubj", "nsubjpass", "mark"))
        or token.dep == "conj" and token.lemma.lower() != token.text.lower()
        and (head := parse.head(token)) is not None and head.pos in ("VERB", "AUX"))


@dataclass(frozen=True)
class Move:
    """A player a trade moves: the club he leaves (None when the sentence does not say) and the one he joins."""
    person: dict[str, Any]
    left: dict[str, Any] | None
    joined: dict[str, Any] | None
    verb: Token
    sides: frozenset[str] = frozenset()  # every club of the trade, by key: he was with none of the others
    # The person who made the trade when the sentence names him and not his club ("Elias traded Hall to the
    # Brewers"): the side left None is that person's club, which the article may say.
    dealer: dict[str, Any] | None = None


def _is_trading(verb: Token) -> bool:
    return bool(verb_forms(verb) & _TRADING)


def subject_people(parse: Parse, verb: Token, slots: tuple[str, ...],
                   mention_of: Callable[[Token], dict[str, Any] | None]) -> list[dict[str, Any]]:
    """The people a verb's subject names: each of a list ("Báez and right-hander Trevor Williams went to the
    Mets", which the model may read as one name hanging on the other), not those of a clause about them."""
    found: dict[int, dict[str, Any]] = {}
    todo = parse.children(verb, *slots)
    while todo:
        t = todo.pop()
        if (m := mention_of(t)) is not None and m["entity_type"] == "Person":
            found.setdefault(m["start"], m)
        todo += parse.children(t, "conj", "nmod", "compound", "flat")
    return sorted(found.values(), key=lambda m: m["start"])


def _titles_a_subject(parse: Parse, post: Token) -> bool:
    """Whether a post's words run on into the name of a clause's subject: "as president of baseball operations
    Jed Hoyer tore down the team" is his title in a clause of its own, not a post someone was sent to or named to
    ("named him as manager Tuesday" is)."""
    after = parse.subtree(post)[-1].i + 1
    if after >= len(parse.tokens) or parse.tokens[after].pos != "PROPN":
        return False
    name = parse.tokens[after]
    while name.dep in ("compound", "flat") and (head := parse.head(name)) is not None and head.pos == "PROPN":
        name = head
    return name.dep in ("nsubj", "nsubjpass")


def trade_moves(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]) -> list[Move]:
    """Each player a trade the sentence asserts moves, read from the clause of its verb: the players between the
    verb and "for" go one way, those after "for" the other; each goes "to" the club written next after him, and
    the subject's club is the other side. Read over the words under the verb rather than their labels, so that
    a list the model parses into the wrong labels ("All-Star shortstop Trea Turner" read as a verb and its object)
    still counts, as long as the words hang under the verb."""
    moves = []
    for verb in _verbs(parse, _TRADING):
        # "sent Dunn to Toledo as manager", "sent down to Triple-A": an assignment within a club, not a trade.
        if not is_asserted(parse, verb, verb) or parse.children(verb, "prt") or any(
                t.text.lower() == "as" and verb in parse.ancestors(t) and any(
                    _STAFF_POST.match(post.lemma.lower()) and not _titles_a_subject(parse, post)
                    for post in parse.children(t, "pobj"))
                for t in parse.tokens):
            continue
        lemmas = verb_forms(verb)
        giving = bool(lemmas & (_GIVING | _GIVING_TO_A_CLUB))
        agents = _agent(parse, verb)
        if not agents and verb.dep == "advcl" and (head := parse.head(verb)) is not None:
            agents = _agent(parse, head)  # "The Dodgers traded Piazza, sending him to the Marlins for ..."
        subject = [m for t in agents if (m := mention_of(t)) and m["entity_type"] == "Team"]
        dealers = [m for t in agents if (m := mention_of(t)) and m["entity_type"] == "Person"]
        # The clause: up to a semicolon or a clause of its own (a verb with its own subject: "..., who released").
        clause: list[Token] = []
        for t in parse.tokens[verb.i + 1:]:
            if t.text == ";" or (t.pos in ("VERB", "AUX") and parse.children(t, "nsubj", "nsubjpass")):
                break
            # "traded Price to Toronto for Norris and sent Soria to Pittsburgh": the second trade is its own.
            if t.dep == "conj" and parse.head(t) is verb and verb_forms(t) & _TRADING:
                break
            clause.append(t)
        # Words under the verb, not under a clause of their own on the way ("..., and Al Dunn was designated",
        # "sending Michael King to San Diego", "to make room for Al Dunn"); a verb the model reads into a list
        # ("All-Star shortstop Trea Turner": "shortstop" a verb) has no subject or marker, and stays.
        # Nor under another trade's verb: "lost Burnes to Arizona, months after acquiring him from the Brewers
        # for Ortiz": Ortiz is the acquisition's.
        under = {t.i for t in clause if verb in parse.ancestors(t)
                 and not any((_own_clause(parse, a) or a.pos == "VERB" and _is_trading(a)) and mention_of(a) is None
                             for a in parse.ancestors(t)[: parse.ancestors(t).index(verb)])}
        sides: list[tuple[dict[str, Any], bool]] = []  # (person, comes back for the others)
        if _is_passive(parse, verb):  # "Marco Vela was traded to the Mariners by the Astros"
            patients = {m["start"]: m for t in _patient(parse, verb)
                        if (m := mention_of(t)) and m["entity_type"] == "Person"}
            sides += [(m, False) for m in patients.values()]
        elif verb.dep == "relcl":  # "Don Sutton, whom the Brewers got from the Houston Astros for Kevin Bass"
            sides += [(m, False) for t in _patient(parse, verb) if t.i < verb.i
                      and (m := mention_of(t)) is not None and m["entity_type"] == "Person"]
        targets: list[tuple[int, str, dict[str, Any]]] = []  # (token index, "to" or "from", club)
        returning = False
        previous = ""
        for t in clause:
            word = t.text.lower()
            # "for" what comes back hangs on the verb, a verb of its list or an object; not "a starter for three
            # seasons" in an apposition.
            if word == "for" and t.i in under and (head := parse.head(t)) is not None and (
                    head is verb or head.dep in ("conj", "dobj", "pobj", "nsubjpass")):
                returning = True
            mention = mention_of(t) if t.i in under else None
            buyer = bool(lemmas & _SELLING) and previous in ("to", "by")
            if mention and mention["entity_type"] == "Person" and not buyer \
                    and all(p["start"] != mention["start"] for p, _ in sides):
                sides.append((mention, returning))
            elif mention and mention["entity_type"] == "Team" and previous in ("to", "from") and \
                    all(c["start"] != mention["start"] for _, _, c in targets):
                targets.append((t.i, previous, mention))
            if word not in ("the",) and not (mention and t.start > mention["start"]):
                previous = word
        to_clubs = [(i, c) for i, way, c in targets if way == "to"]
        from_clubs = [(i, c) for i, way, c in targets if way == "from"]
        from_words = [t.i for t in clause if t.text.lower() == "from" and t.i in under]
        # "traded Choo to the Reds and got Bauer from the Diamondbacks": a verb joined to a trade's is the trade's.
        in_a_trade = verb.dep == "conj" and (head := parse.head(verb)) is not None and bool(
            verb_forms(head) & (_GIVING | _RECEIVING))
        coming = bool(lemmas & COMING_FOR)
        if coming:  # only the ones it came "for", not others named after them ("for a tryout with Haren")
            bought = [t for f in clause if f.text.lower() == "for" and f.i in under
                      for p in parse.children(f, "pobj") for t in parse.conjuncts(p)]
            sides = [(person, True) for person, back in sides
                     if back and any(person["start"] <= t.start < person["end"] for t in bought)]
            # ... and the one who came, traded to the club he came to: "Earnshaw went to the White Sox for Berry".
            if sides:
                sides += [(m, False) for m in subject_people(parse, verb, ("nsubj",), mention_of)]
            elif from_clubs and not to_clubs:
                # "Lee came from the Padres in the 1997 trade": he left them for a club the sentence does not name.
                sides = [(m, False) for m in subject_people(parse, verb, ("nsubj",), mention_of)]
            subject, dealers = [c for _, c in to_clubs[:1]], []
        if lemmas & _SELLING and not to_clubs or lemmas & _GIVING_FOR and not any(back for _, back in sides):
            continue
        # One who went to a club for others ("Mulder went to the Cardinals for Haren") tells a trade without a
        # "from".
        if not lemmas & (_GIVING | _RECEIVING) and not in_a_trade and not (
                to_clubs if lemmas & _GIVING_TO_A_CLUB or coming and sides and to_clubs else from_clubs):
            continue
        home = subject[0] if subject else None
        for person, back in sides:
            at = parse.covering(person["start"], person["end"])
            # The club written next after him ("Scherzer to the Rangers and Verlander to the Astros").
            then = next((c for i, c in to_clubs if at is not None and i > at.i), to_clubs[0][1] if to_clubs else None)
            # Each his own "from", the next written after him ("got Albers from the Diamondbacks and Stubbs from
            # the Reds"), which may name no club the article knows ("got Kennedy from New York"); those after the
            # last "from" come back for the others.
            own_from = next((f for f in from_words if at is not None and f > at.i), None)
            named_from = from_clubs[0][1] if from_clubs else None
            if own_from is not None:
                named_from = next((c for i, c in from_clubs
                                   if i > own_from and not any(own_from < f < i for f in from_words)), None)
            if giving:  # the subject's club, or the one named "from" ("was traded from the Astros to ...")
                giver = home or named_from
                left, joined = (giver, then) if not back else (to_clubs[0][1] if to_clubs else None, giver)
            else:
                left, joined = (named_from, home) if not back else (home, named_from)
            if left is not None or joined is not None:
                clubs = frozenset(c["entity_key"] for c in [*subject, *(c for _, _, c in targets)])
                dealer = dealers[0] if dealers and not subject and dealers[0]["entity_key"] != person["entity_key"] \
                    else None
                moves.append(Move(person, left, joined, verb, clubs, dealer))
    return moves


# Verbs that, in the sentences right after a trade, tell which of its players went to which of its two clubs:
# "Bauer, Larsen and Siebern went to Kansas City" (a list before the verb), "The Astros got May, Helms and
# Stewart" (a list after the club's verb).
_WENT = frozenset({"go", "come", "head"})
_GOT = frozenset({"get", "receive", "acquire", "obtain", "land"})
# The words a list of players is made of: names, their titles and the commas and "and" between them (the model
# may read a title, "shortstop", as a verb).
_LISTED = frozenset({"PROPN", "NOUN", "ADJ", "NUM", "PUNCT", "CCONJ", "DET", "VERB"})
# The trade the examples follow, in the sentence before them.
CONTINUED_TRADE = "The Houston Astros traded Marco Vela to the Seattle Mariners in July in a five-player deal."
# A sentence after CONTINUED_TRADE, a player it names, the club he went to and the one he left.
CONTINUED_TRADE_EXAMPLES: tuple[tuple[str, str, str, str], ...] = (
    ("Vela, pitcher Al Dunn and catcher Tim Beck went to the Seattle Mariners; Jose Ruiz went to the Houston "
     "Astros.", "Tim Beck", "Seattle Mariners", "Houston Astros"),
    ("Vela, pitcher Al Dunn and catcher Tim Beck went to the Seattle Mariners; Jose Ruiz went to the Houston "
     "Astros.", "Jose Ruiz", "Houston Astros", "Seattle Mariners"),
    ("The Astros got first baseman Al Dunn, second baseman Tim Beck and utility man Jose Ruiz.", "Jose Ruiz",
     "Houston Astros", "Seattle Mariners"),
    ("In return they get left-hander Al Dunn, catcher Tim Beck and an undisclosed amount of cash, believed to be "
     "about $50,000.", "Tim Beck",
     "Houston Astros", "Seattle Mariners"),
)
# Sentences after CONTINUED_TRADE that send Al Dunn nowhere.
CONTINUED_TRADE_COUNTER_EXAMPLES: tuple[str, ...] = (
    "Al Dunn, who hit .300 last year, went to the Houston Astros.",
    "The Astros got two hits from Al Dunn.",
    "The Astros did not get Al Dunn.",
    "Al Dunn went to the Houston Astros for a tryout.",
    "In the deal, the Houston Astros got Al Dunn from the Chicago Cubs.",
    "In return they had hoped to get Al Dunn and cash.",
)


def _before_a_name(parse: Parse, token: Token, mention_of: Callable[[Token], dict[str, Any] | None]) -> bool:
    """Whether a word stands right before a person's name, or in the words of a title that do ("shortstop Joe
    DeMaestri", "left-hander Al Dunn", which the model may read as verbs)."""
    def a_person(t: Token | None) -> bool:
        return t is not None and (m := mention_of(t)) is not None and m["entity_type"] == "Person"

    if a_person(parse.tokens[token.i + 1] if token.i + 1 < len(parse.tokens) else None):
        return True
    while token.dep in ("amod", "compound") and (head := parse.head(token)) is not None and head is not token:
        if a_person(head):
            return True
        token = head
    return False


def continued_trade(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None],
                    sides: dict[str, dict[str, Any]], went: bool = True) -> list[Move]:
    """The players a sentence after a trade (facts.article_facts says which) sends to one of the trade's two clubs
    (`sides`, by key) with no trade verb of its own (CONTINUED_TRADE_EXAMPLES): each joins that club and leaves the
    other. Read clause by clause (up to a semicolon): the players are a list of names alone before "went to" the
    club (with `went`), or after the club's "got" with no "from"."""
    if len(sides) != 2:
        return []
    moves = []
    clause: list[Token] = []
    for token in [*parse.tokens, None]:
        if token is not None and token.text != ";":
            clause.append(token)
            continue
        for verb in clause:
            lemmas = verb_forms(verb)
            if not lemmas & (_WENT | _GOT) or not is_asserted(parse, verb, verb):
                continue
            before = [t for t in clause if t.i < verb.i]
            after = [t for t in clause if t.i > verb.i]
            club: dict[str, Any] | None = None
            listed: list[Token] = []
            if went and lemmas & _WENT and after and after[0].text.lower() == "to":
                club = next((m for t in after[1:4] if (m := mention_of(t)) and m["entity_type"] == "Team"), None)
                listed = before
                rest = [t for t in after if club is not None and t.start >= club["end"]]
                if any(t.text.lower() == "for" for t in rest):
                    club = None  # "went to the Mariners for a tryout"; "for" players are trade_moves'
            elif lemmas & _GOT and not any(t.text.lower() == "from" for t in after):
                # The club, or "they" for it, after an opening phrase: "In return they get Liddle and Klaus".
                subject = before[_opening_phrase(before):]
                owners = [m for t in subject if (m := mention_of(t)) and m["entity_type"] == "Team"]
                club = owners[0] if owners and all(t.pos in ("DET", "PROPN", "PRON") for t in subject) else None
                listed = [t for t in after if t.text != "."]
                # The list's last things, after its last name, are no players: "and an undisclosed amount of cash,
                # believed to be about $50,000".
                last = max((i for i, t in enumerate(listed) if (m := mention_of(t)) and m["entity_type"] == "Person"),
                           default=len(listed) - 1)
                rest = listed[last + 1:]
                rest = rest[:next((i for i, t in enumerate(rest) if i and t.text == ","), len(rest))]
                if rest and rest[0].pos == "CCONJ" and not any(t.pos in ("VERB", "AUX") for t in rest):
                    listed = listed[:last + 1]
            if club is None or club["entity_key"] not in sides or not listed or any(
                    t.pos not in _LISTED or t.pos == "VERB" and not _before_a_name(parse, t, mention_of)
                    for t in listed if mention_of(t) is None):
                continue
            people = {m["start"]: m for t in listed if (m := mention_of(t)) and m["entity_type"] == "Person"}
            other = next(m for key, m in sides.items() if key != club["entity_key"])
            moves += [Move(person, other, club, verb, frozenset(sides)) for person in people.values()]
        clause = []
    return moves


def _opening_phrase(tokens: list[Token]) -> int:
    """How many tokens of a clause's start are a prepositional phrase that opens it: "In return", "In exchange,"."""
    if not tokens or tokens[0].pos != "ADP":
        return 0
    return next((i for i, t in enumerate(tokens) if i and t.pos not in ("NOUN", "DET", "ADJ", "PUNCT")), len(tokens))


def is_received(parse: Parse, verb: Token) -> bool:
    """Whether a trade's verb tells of players got by a club it does not name: "who were acquired from the
    Twins", "came from the Padres"."""
    if verb_forms(verb) & COMING_FOR:  # "came from the Padres", to a club it does not name
        return not any(p.text.lower() == "to" for p in parse.children(verb, "prep")) and any(
            p.text.lower() == "from" for p in parse.children(verb, "prep"))
    return bool(verb_forms(verb) & _RECEIVING) and _is_passive(parse, verb) \
        and not _agent(parse, verb)


def traders(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]) -> list[dict[str, Any]]:
    """The people a sentence has make a trade ("Elias traded Hall and Ortiz to the Brewers"): the one who deals
    players away is not dealt himself."""
    return [m for verb in _verbs(parse, _GIVING | _RECEIVING) if not _is_passive(parse, verb)
            for t in _agent(parse, verb) if (m := mention_of(t)) and m["entity_type"] == "Person"]


# Nouns whose possessor leads those they name: "joining Cash's staff", "Baker's bench coach".
# Nouns of one's staff, whose possessive leads the one named on it: "joining Cash's staff".
LEADS = frozenset({"staff", "coach", "assistant", "lieutenant", "deputy", "bench"})
# Nouns whose "of" names a relative: "the son of former manager Jimy Williams".
_KIN = frozenset({"son", "daughter", "brother", "sister", "father", "mother", "nephew", "niece", "cousin", "uncle",
                  "aunt", "grandson", "granddaughter", "grandfather", "wife", "husband", "widow", "stepson"})


def names_a_relative(parse: Parse, token: Token) -> bool:
    """Whether a name is written only as whose relative someone is: "Moniak's father", "Kell's nephew"."""
    head = parse.head(token)
    return token.dep == "poss" and head is not None and head is not token and head.lemma.lower() in _KIN


# The verbs of serving a person: one "played for" or "pitched for" someone plays under him.
_SERVED = _PLAYED | {"coach", "work"}


# Verbs whose patient is a person: one hired, fired, traded, signed.
ACTING_ON_PEOPLE = frozenset({"hire", "fire", "dismiss", "appoint", "name", "sign", "trade", "deal", "draft",
                               "acquire", "release", "claim", "promote", "replace", "choose", "select", "recruit"})


def hanging(parse: Parse, token: Token) -> tuple[str, Token] | None:
    """How a person is named only as what another's words hang on, if he is: "under" the man under whom someone
    served ("coach under Joe Girardi"), "leads" the one whose staff someone joined ("joining Cash's staff"),
    "kin" a relative ("the son of Jimy Williams", "the nephew of Chicago Cubs Hall of Famer Ryne Sandberg"),
    "agent" the one by whom a person named as the subject was acted on ("Melvin had been hired by Zaidi");
    None when he is not. Such a person is not the subject of the clause's memberships. With it, the word his
    words hang from: the possessive, or the preposition ("of" in "the son of former Haitai Tigers and Chunichi
    Dragons star Lee Jong-beom"), whose words are all about him."""
    token = parse.name_head(token)
    # "working under Bo Porter, interim manager Tom Lawless, A.J. Hinch and Dusty Baker": each of a list of names
    # hangs where its first does.
    while token.dep in ("conj", "appos") and (head := parse.head(token)) is not None and head is not token \
            and head.pos == "PROPN":
        token = parse.name_head(head)
    head = parse.head(token)
    if head is None or head is token:
        return None
    # "Melvin had been hired by Zaidi after two seasons managing the Padres": the one by whom a person was acted
    # on holds none of the clause's posts.
    if token.dep == "pobj" and head.dep == "agent" and (verb := parse.head(head)) is not None \
            and verb.lemma.lower() in ACTING_ON_PEOPLE \
            and any(t.pos == "PROPN" for t in parse.children(verb, "nsubjpass")):
        return "agent", head
    if token.dep == "poss" and head.pos == "NOUN" and head.lemma.lower() in LEADS:
        return "leads", token
    # "played for Marquess", "pitched for La Russa": the one for whom someone played is the one under whom;
    # but one titled there holds his title ("will pitch for manager Brayan Peña").
    if token.dep == "pobj" and head.text.lower() == "for" and (verb := parse.head(head)) is not None \
            and verb.pos == "VERB" and verb.lemma.lower() in _SERVED \
            and not any(t.pos == "NOUN" for t in parse.children(token, "compound", "amod", "nmod")):
        return "under", head
    # Up the prepositions that hang one noun on another.
    while token.dep == "pobj" and head is not None and head.pos == "ADP":
        if head.text.lower() == "under":
            return "under", head
        above = parse.head(head)
        if above is None or above is head or above.pos not in ("NOUN", "PROPN"):
            return None
        if head.text.lower() == "of" and above.lemma.lower() in _KIN:
            return "kin", head
        token = parse.name_head(above)
        head = parse.head(token)
    return None


def act_facts(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None],
              acts: tuple[Act, ...] = ACTS) -> list[tuple[Act, dict[str, Any], dict[str, Any], Token]]:
    """(act, person acted on, actor, verb) for every act between two people the sentence asserts: a club as
    the actor ("The Astros hired Dobrowski") is a rule's, not an act."""
    found = []
    for act in acts:
        for verb in _verbs(parse, act.lemmas):
            for actor in _mentioned(parse, verb, act.actor, "Person", mention_of):
                for subject in _mentioned(parse, verb, act.subject, "Person", mention_of):
                    if actor["entity_key"] != subject["entity_key"] and _linked(parse, verb, actor, subject):
                        found.append((act, subject, actor, verb))
    return found


# Nouns for a club's people taken together, and the post each gives the people it is set beside: "the Yankees' two
# best pitchers, Ron Guidry and Tommy John", "the Unicorns' free agents, Shim and Park", "his players at USC were
# Seaver, Lynn and McGwire", "His teammates on the Yankees included Jackson and Piniella".
GROUP_ROLES: dict[str, str] = {
    **dict.fromkeys(("player", "pitcher", "starter", "reliever", "catcher", "infielder", "outfielder", "hitter",
                     "slugger", "rookie", "veteran", "teammate", "agent", "regular", "closer", "ace", "righthander",
                     "lefthander", "right-hander", "left-hander"), "Player"),
    "coach": "Coach", "owner": "Owner", "scout": "Scout",
}
GROUP_EXAMPLES: tuple[tuple[str, str, str, str], ...] = (
    ("The Detroit Tigers' two best pitchers, Bo Lee and Al Dunn, will start.", "Al Dunn", "Detroit Tigers", "Player"),
    ("Among his players at the University of Southern California were Bo Lee, Al Dunn and Jed Downs.", "Jed Downs",
     "USC Trojans", "Player"),
    ("His teammates on the New York Yankees included Bo Lee and Al Dunn.", "Al Dunn", "New York Yankees", "Player"),
    ("The Detroit Tigers' starters are Bo Lee and Al Dunn.", "Bo Lee", "Detroit Tigers", "Player"),
    ("The Detroit Tigers' coaches, Bo Lee and Al Dunn, stay.", "Al Dunn", "Detroit Tigers", "Coach"),
    ("Bo Lee and Al Dunn were teammates on the 1986 New York Mets.", "Bo Lee", "New York Mets", "Player"),
)
GROUP_COUNTER_EXAMPLES: tuple[str, ...] = (
    "The Detroit Tigers' pitchers faced Bo Lee and Al Dunn.",
    "The Detroit Tigers' pitchers were not Bo Lee and Al Dunn.",
)
# Prepositions that set a group at its club: "players at USC", "teammates on the Yankees", "pitchers of the Cubs".
_GROUP_AT = frozenset({"at", "on", "of", "with", "for"})
# Verbs that say who a group is: "were", "are", "included", "include".
_GROUP_IS = frozenset({"be", "include"})


def grouped_members(parse: Parse, mention_of: Callable[[Token], dict[str, Any] | None]
                    ) -> list[tuple[dict[str, Any], dict[str, Any], str, Token]]:
    """(person, club, role, group noun) for each person a sentence sets beside a club's group noun: in apposition
    to it, or what it is or includes."""
    found = []
    for noun in parse.tokens:
        role = GROUP_ROLES.get(noun.lemma.lower()) or GROUP_ROLES.get(noun.text.lower().rstrip("s"))
        if noun.pos != "NOUN" or role is None:
            continue
        if noun.lemma.lower() == "agent" and not any(c.text.lower() == "free" for c in parse.children(noun, "amod")):
            continue
        clubs = [m for c in parse.children(noun, "poss", "compound", "nmod") if (m := mention_of(c))
                 and m["entity_type"] == "Team"]
        clubs += [m for p in parse.children(noun, "prep") if p.text.lower() in _GROUP_AT
                  for c in parse.children(p, "pobj") if (m := mention_of(c)) and m["entity_type"] == "Team"]
        if len({c["entity_key"] for c in clubs}) != 1:
            continue
        names = [t for a in parse.children(noun, "appos") for t in parse.conjuncts(a)]
        head = parse.head(noun)
        # "His teammates ... included X and Y", "The starters are X and Y": the verb's other side; "X and Y were
        # teammates on the 1986 Mets" the other way round.
        if noun.dep == "nsubj" and head is not None and head.lemma.lower() in _GROUP_IS:
            names += [t for a in parse.children(head, "attr", "dobj") for t in parse.conjuncts(a)]
        if noun.dep == "attr" and head is not None and head.lemma.lower() == "be":
            names += [t for a in parse.children(head, "nsubj") for t in parse.conjuncts(a)]
        # "Among his players at USC were X, Y and Z": the group before the verb, the names its subject.
        if noun.dep == "pobj" and head is not None and head.text.lower() == "among" and \
                (verb := parse.head(head)) is not None and verb.lemma.lower() in _GROUP_IS:
            names += [t for a in parse.children(verb, "nsubj") for t in parse.conjuncts(a)]
        for name in names:
            person = mention_of(name)
            if person is not None and person["entity_type"] == "Person" and is_asserted(parse, noun, name):
                found.append((person, clubs[0], role, noun))
    return found
