"""The relation rules of spark_etl/relations.py, each on its own example sentences, read by spaCy's model."""

from __future__ import annotations

import pytest

from spark_etl.lexicon import Lexicon
from spark_etl.relations import (ACTS, GROUP_COUNTER_EXAMPLES, GROUP_EXAMPLES, POST_AS_COUNTER_EXAMPLES,
                                 POST_AS_EXAMPLES, PROMOTION_COUNTER_EXAMPLES, PROMOTION_EXAMPLES, RULES,
                                 TRADE_COUNTER_EXAMPLES, TRADE_EXAMPLES, CONTINUED_TRADE, CONTINUED_TRADE_EXAMPLES,
                                 CONTINUED_TRADE_COUNTER_EXAMPLES, grouped_members, promotions)
from spark_etl import parse
from spark_etl.facts import _mention_finder
from spark_etl.mentions import read_article
from tests.helpers import facts_of, memberships


@pytest.mark.parametrize("rule", RULES, ids=[r.name for r in RULES])
def test_each_rule_finds_its_examples(rule, lexicon: Lexicon) -> None:
    assert rule.examples, f"{rule.name} has no example sentence"
    for sentence, person, club in rule.examples:
        facts = facts_of(sentence, lexicon)
        roles = {role for p, c, role in memberships(facts) if (p, c) == (person, club)}
        if rule.event != "drafted":  # a draft is no membership
            assert roles, f"{rule.name}: {sentence!r} states no membership of {person} in {club}: {memberships(facts)}"
        if rule.event:
            assert any(f["relation"] == rule.event and f["person_label"] == person for f in facts), sentence


@pytest.mark.parametrize("rule", [r for r in RULES if r.counter_examples], ids=lambda r: r.name)
def test_each_rule_states_nothing_of_its_counter_examples(rule, lexicon: Lexicon) -> None:
    for sentence in rule.counter_examples:
        assert memberships(facts_of(sentence, lexicon)) == set(), sentence


def acts(facts: list[dict]) -> set[tuple[str, str, str]]:
    return {(f["relation"], f["person_label"], f["object_label"]) for f in facts if f["object_type"] == "Person"}


@pytest.mark.parametrize("act", ACTS, ids=[a.name for a in ACTS])
def test_each_act_finds_its_examples_and_states_nothing_of_its_counter_examples(act, lexicon: Lexicon) -> None:
    assert act.examples, f"{act.name} has no example sentence"
    for sentence, person, actor in act.examples:
        assert (act.relation, person, actor) in acts(facts_of(sentence, lexicon)), sentence
    for sentence in act.counter_examples:
        assert not {a for a in acts(facts_of(sentence, lexicon)) if a[0] == act.relation}, sentence


@pytest.mark.parametrize("example", TRADE_EXAMPLES, ids=[e[1] for e in TRADE_EXAMPLES])
def test_a_trade_moves_each_player_it_names(example, lexicon: Lexicon) -> None:
    sentence, person, club = example
    found = facts_of(sentence, lexicon)
    assert (person, club, "Player") in memberships(found), sentence


@pytest.mark.parametrize("example", CONTINUED_TRADE_EXAMPLES, ids=[e[1] for e in CONTINUED_TRADE_EXAMPLES])
def test_the_sentence_after_a_trade_says_which_club_its_players_went_to(example, lexicon: Lexicon) -> None:
    sentence, person, joined, left = example
    found = facts_of(f"{CONTINUED_TRADE} {sentence}", lexicon)
    assert {(person, joined, "Player"), (person, left, "Player")} <= memberships(found), sentence
    assert (person, joined) in {(f["person_label"], f["object_label"]) for f in found if f["relation"] == "traded"}


@pytest.mark.parametrize("sentence", CONTINUED_TRADE_COUNTER_EXAMPLES)
def test_the_sentence_after_a_trade_moves_nobody_it_does_not_list(sentence, lexicon: Lexicon) -> None:
    found = facts_of(f"{CONTINUED_TRADE} {sentence}", lexicon)
    assert ("Al Dunn", "Seattle Mariners", "Player") not in memberships(found), sentence


def test_a_new_paragraph_after_a_trade_tells_no_more_of_it(lexicon: Lexicon) -> None:
    found = facts_of(f"{CONTINUED_TRADE}\n\n{CONTINUED_TRADE_EXAMPLES[0][0]}", lexicon)
    assert ("Tim Beck", "Houston Astros", "Player") not in memberships(found)


def test_one_who_went_to_a_club_for_others_was_traded_to_it(lexicon: Lexicon) -> None:
    found = facts_of("In a third deal, right-hander Marco Vela went to the Chicago White Sox for catcher Al Dunn and "
                     "cash.", lexicon)
    traded = {(f["person_label"], f["object_label"]) for f in found if f["relation"] == "traded"}
    assert ("Marco Vela", "Chicago White Sox") in traded and ("Al Dunn", "Chicago White Sox") not in traded


def test_a_trade_says_where_each_player_went(lexicon: Lexicon) -> None:
    found = facts_of(next(s for s, _, _ in TRADE_EXAMPLES if "prospects: catcher" in s), lexicon)
    traded = {(f["person_label"], f["object_label"]) for f in found if f["relation"] == "traded"}
    assert {("Max Scherzer", "Los Angeles Dodgers"), ("Josiah Gray", "Washington Nationals")} <= traded
    assert ("Josiah Gray", "Los Angeles Dodgers") not in traded


def test_a_trade_says_which_club_each_player_left(lexicon: Lexicon) -> None:
    sentence = ("Detroit Tigers went 64-98 after trading Justin Upton to the Los Angeles Angels in August and catcher "
                "Alex Avila to the Chicago Cubs in July.")
    found = memberships(facts_of(sentence, lexicon))
    assert ("Alex Avila", "Chicago Cubs", "Player") in found
    assert ("Alex Avila", "Los Angeles Angels", "Player") not in found


def test_each_player_of_a_three_team_trade_goes_with_his_own_club(lexicon: Lexicon) -> None:
    found = memberships(facts_of(
        "The Houston Astros traded Marco Vela to the Seattle Mariners and got Jose Ruiz and Tim Beck from the "
        "Chicago Cubs and Al Dunn from the Texas Rangers.", lexicon))
    assert ("Jose Ruiz", "Seattle Mariners", "Player") not in memberships(facts_of(
        "The Tampa Bay Rays got Jose Ruiz from Toledo and Al Dunn from the Seattle Mariners.", lexicon))
    assert {("Marco Vela", "Seattle Mariners", "Player"), ("Tim Beck", "Chicago Cubs", "Player"),
            ("Al Dunn", "Texas Rangers", "Player")} <= found
    assert not {("Marco Vela", "Chicago Cubs", "Player"), ("Al Dunn", "Chicago Cubs", "Player"),
                ("Tim Beck", "Texas Rangers", "Player"), ("Jose Ruiz", "Seattle Mariners", "Player")} & found


@pytest.mark.parametrize("sentence", TRADE_COUNTER_EXAMPLES)
def test_a_trade_moves_nobody_it_does_not_name(sentence, lexicon: Lexicon) -> None:
    """Nobody the trade does not move goes anywhere by it, and nobody is traded where it says none is."""
    found = facts_of(sentence, lexicon)
    joined = {(club, role) for person, club, role in memberships(found) if person == "Al Dunn"}
    assert not {club for club, _ in joined} & {"Seattle Mariners"} and ("Toledo Mud Hens", "Player") not in joined, \
        sentence
    assert not any(f["relation"] == "traded" for f in found if f["person_label"] == "Al Dunn"), sentence
    if "did not" in sentence:
        assert memberships(found) == set(), sentence


# Sentences that state no membership at all, whatever rule or cue word they hold.
NOT_ASSERTED = (
    "Wally Backman was never offered the New York Mets job.",
    "Sam Reyes is reportedly in talks with the Milwaukee Brewers.",
    "The Colorado Rockies nearly traded Sam Reyes to the Boston Red Sox in 2006.",
    "Sam Reyes would like to manage the Milwaukee Brewers one day.",
    "Sam Reyes interviewed for the Milwaukee Brewers' managerial opening.",
    "The Milwaukee Brewers did not sign Sam Reyes.",
    "Bench coach Sam Reyes, whom the Milwaukee Brewers had hoped to interview, stayed home.",  # "hoped": "hop"
    # The model hangs "to the Seattle Mariners" on a name, not on the verb its modal makes unreal.
    "A separate trade that would have sent outfielder Marco Vela and right-hander Al Dunn to the Seattle Mariners "
    "fell apart over the weekend.",
)


def test_negated_wished_for_and_rumoured_memberships_are_not_stated(lexicon: Lexicon) -> None:
    for sentence in NOT_ASSERTED:
        assert memberships(facts_of(sentence, lexicon)) == set(), sentence


def test_a_negated_stay_is_a_departure_not_a_denial(lexicon: Lexicon) -> None:
    facts = facts_of("Ned Carrow, who managed the Baltimore Orioles, was not retained by the club.", lexicon)
    assert ("Ned Carrow", "Baltimore Orioles", "Manager") in memberships(facts)


def test_a_candidacy_is_not_the_job(lexicon: Lexicon) -> None:
    facts = facts_of("Maurice Bellamy was a finalist for the Houston Astros' managing job but was passed over.",
                     lexicon)
    assert memberships(facts) == set()


def test_a_title_without_a_club_is_a_post_at_the_headlines_club(lexicon: Lexicon) -> None:
    text = ("Blue Jays hire Terrence Oduya\n\nGeneral manager Claire Vandermeer said she had targeted Oduya. "
            "Former manager Ned Carrow agreed.")
    found = memberships(facts_of(text, lexicon))
    assert ("Claire Vandermeer", "Toronto Blue Jays", "GeneralManager") in found
    assert not any(person == "Ned Carrow" for person, _, _ in found)  # a former post, at a club not said
    # A title before a list is each name's; a name with a title of its own keeps it.
    text = ("Blue Jays hire Terrence Oduya\n\nSince May, special assistants Ana Ruiz, Bo Lee and Cy Dunn ran the "
            "department, and manager Ned Carrow said he would stay.")
    found = memberships(facts_of(text, lexicon))
    assert {("Ana Ruiz", "Toronto Blue Jays", "Executive"), ("Cy Dunn", "Toronto Blue Jays", "Executive"),
            ("Ned Carrow", "Toronto Blue Jays", "Manager")} <= found


def test_a_post_or_a_roster_without_a_club_is_the_storys_clubs(lexicon: Lexicon) -> None:
    text = ("Reds hire David Bell\n\nThe Cincinnati Reds hired David Bell on Sunday. Jim Riggleman, who took over "
            "as interim manager in April, will not return. The rotation that finished last in ERA — Luis Castillo, "
            "Tyler Mahle and Sal Romano — returns intact.")
    found = memberships(facts_of(text, lexicon))
    assert {("Jim Riggleman", "Cincinnati Reds", "Manager"), ("Tyler Mahle", "Cincinnati Reds", "Player")} <= found
    lineup = ("Reds hire David Bell\n\nThe Cincinnati Reds hired David Bell on Sunday. He joins a rotation that "
              "already had Luis Castillo, and the lineup is built around Joey Votto and Scooter Gennett.")
    assert {("Luis Castillo", "Cincinnati Reds", "Player"), ("Scooter Gennett", "Cincinnati Reds", "Player")} <= \
        memberships(facts_of(lineup, lexicon))
    elsewhere = ("Reds hire David Bell\n\nThe Cincinnati Reds hired David Bell on Sunday. His father, Buddy Bell, "
                 "had a rotation of his own: Tom Seaver and Mario Soto.")
    assert not any(person == "Tom Seaver" for person, _, _ in memberships(facts_of(elsewhere, lexicon)))
    expected = ("Reds hire David Bell\n\nThe Cincinnati Reds hired David Bell on Sunday. Jim Riggleman is expected "
                "to be named manager of a minor league club. The opposing rotation — Tom Seaver and Mario Soto — "
                "pitched well.")
    assert memberships(facts_of(expected, lexicon)) <= {("David Bell", "Cincinnati Reds", "Manager")}


def test_the_one_replaced_held_the_post_taken(lexicon: Lexicon) -> None:
    text = ("Goldeyes hire Bellamy\n\nThe Winnipeg Goldeyes hired Maurice Bellamy as manager on Monday. "
            "He replaces Len Dobrowski, who resigned in September.")
    assert ("Len Dobrowski", "Winnipeg Goldeyes", "Manager") in memberships(facts_of(text, lexicon))


def test_the_one_hired_to_replace_is_the_successor_not_the_one_hiring(lexicon: Lexicon) -> None:
    text = ("Goldeyes fire Bellamy\n\nWinnipeg Goldeyes general manager Andrew Collier hired Maurice Bellamy in "
            "2019 to replace Len Dobrowski.")
    assert ("Len Dobrowski", "Winnipeg Goldeyes", "GeneralManager") not in memberships(facts_of(text, lexicon))


def test_a_title_another_organization_opens_is_no_post_at_the_storys_club(lexicon: Lexicon) -> None:
    text = ("Goldeyes sign Okafor\n\nThe Winnipeg Goldeyes signed Daniel Okafor on Tuesday. American Association "
            "president Joshua Schaub said the league was pleased. General manager Andrew Collier said Okafor "
            "earned it.")
    found = memberships(facts_of(text, lexicon))
    assert ("Andrew Collier", "Winnipeg Goldeyes", "GeneralManager") in found
    assert {(club, role) for person, club, role in found if person == "Joshua Schaub"} <= {
        ("American Association of Professional Baseball", "Executive")}


def test_the_one_whose_staff_or_coach_it_is_is_not_a_coach(lexicon: Lexicon) -> None:
    named = ("Goldeyes hire Bellamy\n\nThe Winnipeg Goldeyes hired Maurice Bellamy as manager on Monday. He was "
             "Rick Forney's bench coach from 2015-18, and Forney has credited him with helping end the Kansas City "
             "Monarchs' run of losing seasons.")
    assert ("Rick Forney", "Kansas City Monarchs", "Coach") not in memberships(facts_of(named, lexicon))
    unnamed = ("Goldeyes hire Bellamy\n\nThe Winnipeg Goldeyes hired Maurice Bellamy as manager on Monday. "
               "Tom Vaeth joined Bellamy's staff as bench coach in 2017.")
    found = memberships(facts_of(unnamed, lexicon))
    assert ("Maurice Bellamy", "Winnipeg Goldeyes", "Coach") not in found


def test_a_relative_clause_is_its_antecedents_alone(lexicon: Lexicon) -> None:
    text = ("The Staten Island FerryHawks also signed outfielder Pablo Olivares, who played for the Long Island "
            "Ducks last season, and right-hander Jhon Vargas.")
    found = memberships(facts_of(text, lexicon))
    assert ("Pablo Olivares", "Long Island Ducks", "Player") in found
    assert ("Jhon Vargas", "Long Island Ducks", "Player") not in found


def test_a_coach_who_played_for_a_club_was_its_player(lexicon: Lexicon) -> None:
    text = "The Capitales kept bench coach Tom Vaeth, who caught for the Kansas City Royals and Texas Rangers."
    found = memberships(facts_of(text, lexicon))
    assert ("Tom Vaeth", "Texas Rangers", "Player") in found
    assert ("Tom Vaeth", "Texas Rangers", "Coach") not in found


def test_relative_years_count_from_the_articles_date(lexicon: Lexicon) -> None:
    text = ("Astros hire Kayla Nguyen-Brooks\n\nPublished January 22, 2025\n\n"
            "Kayla Nguyen-Brooks spent the past four seasons with the Round Rock Express.")
    facts = facts_of(text, lexicon, date=(2025, 1))
    years = {(f["object_label"], f["start_year"], f["end_year"]) for f in facts if f["relation"] == "member"}
    assert ("Round Rock Express", 2021, 2024) in years


def test_a_clause_with_its_own_subject_keeps_its_clubs(lexicon: Lexicon) -> None:
    text = ("The San Francisco Giants promoted Lena Ostrova to their coaching staff in 2020, and the Boston Red Sox "
            "hired Dale Morrow as a minor league coach in 2021.")
    found = memberships(facts_of(text, lexicon))
    assert ("Lena Ostrova", "Boston Red Sox", "Coach") not in found
    assert ("Dale Morrow", "Boston Red Sox", "Coach") in found


def test_a_club_in_a_clause_of_another_actor_is_not_the_persons(lexicon: Lexicon) -> None:
    # The club is where someone else acts: what the clause's own subject does there.
    for sentence in ("Manager Dale Morrow said Tito Ruiz would pitch Friday against the Boston Red Sox.",
                     "The rebuild that general manager Claire Vandermeer began in May, when the Detroit Tigers "
                     "sent Ana Ruiz to the Seattle Mariners, goes on."):
        assert not any(person in ("Dale Morrow", "Claire Vandermeer") and club in ("Boston Red Sox",
                                                                                     "Seattle Mariners")
                       for person, club, _ in memberships(facts_of(sentence, lexicon))), sentence
    # A relative clause on the person, or on the list he is in, is his.
    found = memberships(facts_of("Scouting director Ana Ruiz, whom the Detroit Tigers hired away from the Seattle "
                                 "Mariners, starts Monday.", lexicon))
    assert any(person == "Ana Ruiz" and club == "Seattle Mariners" for person, club, _ in found)
    found = memberships(facts_of("Top prospects Bo Lee and Cy Dunn, who finished last season with the Toledo Mud "
                                 "Hens, will open in Detroit.", lexicon))
    assert {("Bo Lee", "Toledo Mud Hens"), ("Cy Dunn", "Toledo Mud Hens")} <= {(p, c) for p, c, _ in found}


def test_one_named_only_under_whom_or_whose_staff_or_whose_relative_holds_no_post_of_the_clause(
        lexicon: Lexicon) -> None:
    found = memberships(facts_of("Mike Harkin was the New York Yankees' bullpen coach from 2008-13 under Joe "
                                 "Girrard.", lexicon))
    assert ("Mike Harkin", "New York Yankees", "Coach") in found
    assert not any(person == "Joe Girrard" and role != "Manager" for person, _, role in found)
    found = memberships(facts_of("Dale Storm was Houston's pitching coach from 2014-20, working under Bo Porter, "
                                 "interim manager Tom Lawless and Al Hinds.", lexicon))
    assert ("Dale Storm", "Houston Astros", "Coach") in found
    assert not any(person in ("Bo Porter", "Al Hinds") and role == "Coach" for person, _, role in found)
    # His title is his own, but not at the clubs the clause's subject managed.
    found = memberships(facts_of("Dale Storm managed the Charleston RiverDogs and the Trenton Thunder and was promoted "
                                 "to bench coach under manager Al Hinds after the season.", lexicon))
    assert ("Dale Storm", "Trenton Thunder", "Manager") in found
    assert not any(person == "Al Hinds" for person, _, _ in found)
    found = memberships(facts_of("Dale Storm played center field for the Detroit Tigers' 2006 champions under "
                                 "manager Al Hinds.", lexicon))
    assert ("Al Hinds", "Detroit Tigers", "Manager") in found
    found = memberships(facts_of("Carl Montoya led the Durham Bulls from 2007-14 before joining Kevin Kash's "
                                 "staff.", lexicon))
    assert not any(person == "Kevin Kash" for person, _, _ in found)
    found = memberships(facts_of("Brad Wills, the son of former manager Jimmy Wills, has been with the Tampa Bay "
                                 "Rays organization since 2005.", lexicon))
    assert not any(person == "Jimmy Wills" for person, _, _ in found)
    # Words about the relative are his own: "the son of Pat Kell, who managed in the Reds' system".
    found = memberships(facts_of("Casey Kell is the son of Pat Kell, who spent two decades managing in the "
                                 "Cincinnati Reds' minor league system.", lexicon))
    assert ("Pat Kell", "Cincinnati Reds", "Manager") in found
    # ... and the clubs of his title are not the other person's, whatever the title ("star").
    found = memberships(facts_of("Outfielder Tae Park, 22, the son of former Seattle Mariners and Chunichi Dragons "
                                 "star Park Min-soo, hopes to follow his father abroad.", lexicon))
    assert not any(person == "Tae Park" for person, _, _ in found)


def test_the_one_who_makes_a_trade_is_not_traded(lexicon: Lexicon) -> None:
    found = memberships(facts_of("In February, Mike Elian traded left-hander Dan Hale and infielder Joey Ortez to "
                                 "the Milwaukee Brewers for Corbin Barnes.", lexicon))
    assert ("Dan Hale", "Milwaukee Brewers", "Player") in found
    assert not any(person == "Mike Elian" for person, _, _ in found)


def test_two_coordinated_trades_keep_their_players_apart(lexicon: Lexicon) -> None:
    found = memberships(facts_of("The Detroit Tigers traded David Pryce to the Toronto Blue Jays for Dan Norrie and "
                                 "sent closer Joaquin Soler to the Pittsburgh Pirates for JaCoby Jonas.", lexicon))
    assert {("Dan Norrie", "Toronto Blue Jays", "Player"), ("Joaquin Soler", "Pittsburgh Pirates", "Player"),
            ("JaCoby Jonas", "Pittsburgh Pirates", "Player")} <= found
    assert ("Dan Norrie", "Pittsburgh Pirates", "Player") not in found
    assert ("Joaquin Soler", "Toronto Blue Jays", "Player") not in found
    assert ("JaCoby Jonas", "Toronto Blue Jays", "Player") not in found


def test_a_trade_made_by_the_storys_executive_is_his_clubs(lexicon: Lexicon) -> None:
    text = ("Tigers part with Dan Dombrosky\n\nDETROIT — The Detroit Tigers fired general manager Dan Dombrosky on "
            "Tuesday. On Thursday Dombrosky had traded ace David Pryce to the Toronto Blue Jays for left-hander Dan "
            "Norrie.")
    found = facts_of(text, lexicon)
    assert {("David Pryce", "Detroit Tigers", "Player"), ("Dan Norrie", "Detroit Tigers", "Player")} <= \
        memberships(found)
    assert any(f["relation"] == "traded" and (f["person_label"], f["object_label"]) == ("Dan Norrie",
                                                                                         "Detroit Tigers")
               for f in found)


def test_a_verb_after_a_names_apposition_is_his(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Josh Barde joined the staff. Barde, 39, caught for the Cleveland Indians and the "
                                 "Seattle Mariners.", lexicon))
    assert {("Josh Barde", "Cleveland Indians", "Player"), ("Josh Barde", "Seattle Mariners", "Player")} <= found


def test_a_players_title_without_a_club_is_the_storys_club(lexicon: Lexicon) -> None:
    text = ("Orioles sold to David Rubinstein\n\nThe Baltimore Orioles were sold on Wednesday. Catcher Adley "
            "Rutchman and shortstop Gunnar Hendricks lead the lineup. Former outfielder Adam Jonas watched.")
    found = memberships(facts_of(text, lexicon))
    assert {("Adley Rutchman", "Baltimore Orioles", "Player"),
            ("Gunnar Hendricks", "Baltimore Orioles", "Player")} <= found
    assert not any(person == "Adam Jonas" for person, _, _ in found)


def test_a_managing_general_partner_is_an_owner(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Hal Steinbrenker, the New York Yankees' managing general partner, spoke.", lexicon))
    assert ("Hal Steinbrenker", "New York Yankees", "Owner") in found
    assert not any(role == "Manager" for _, _, role in found)


def test_a_relative_clauses_who_is_the_club_it_hangs_on(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Pedro Paz was pitching coach of the Diablos Rojos del México, who won the league "
                                 "championship in 2024 under manager Lorenzo Bunde.", lexicon))
    assert ("Lorenzo Bunde", "Diablos Rojos del México", "Manager") in found
    found = facts_of("The Houston Astros traded Marco Vela to the Seattle Mariners, who released Al Dunn.", lexicon)
    assert ("released", "Al Dunn", "Seattle Mariners") in {(f["relation"], f["person_label"], f["object_label"])
                                                          for f in found}
    assert not any(f["relation"] == "traded" and f["person_label"] == "Al Dunn" for f in found)


def test_a_pick_written_as_a_draft_story_writes_it_is_a_draft_not_a_membership(lexicon: Lexicon) -> None:
    found = facts_of("The Detroit Tigers took Georgia high school outfielder Riley Greene fifth, and the San Diego "
                     "Padres took another Georgia high schooler, shortstop CJ Abrams, sixth.", lexicon, (2019, 6))
    assert {(f["relation"], f["person_label"], f["object_label"]) for f in found} == {
        ("drafted", "Riley Greene", "Detroit Tigers"), ("drafted", "CJ Abrams", "San Diego Padres")}
    # Not a place in anything else: "took Dale Morrow to dinner", "took Dale Morrow, who homered third, out".
    found = facts_of("The Mets took Dale Morrow out in the third inning.", lexicon, (2019, 6))
    assert not any(f["relation"] == "drafted" for f in found)


# A story about a club (its headline's), whose people the next sentence names without naming it.
_DODGERS_STORY = ("Ned Carrow, Los Angeles Dodgers great, dies at 93\n\n"
                  "Ned Carrow managed the Los Angeles Dodgers from 1976-96 and won two World Series with them. ")


@pytest.mark.parametrize("example", POST_AS_EXAMPLES, ids=[e[2] for e in POST_AS_EXAMPLES])
def test_a_post_taken_as_a_title_is_at_the_storys_club(example, lexicon: Lexicon) -> None:
    sentence, _, title = example
    found = memberships(facts_of(_DODGERS_STORY + sentence, lexicon))
    role = {"vice president": "Executive", "scout": "Scout"}.get(title, "GeneralManager")
    assert ("Ned Carrow", "Los Angeles Dodgers", role) in found, found


def test_a_post_as_a_title_after_an_object_is_the_objects(lexicon: Lexicon) -> None:
    found = memberships(facts_of(_DODGERS_STORY + "Ned Carrow named former teammate Bo Lantz as his hitting coach.",
                                 lexicon))
    assert ("Bo Lantz", "Los Angeles Dodgers", "Coach") in found, found
    assert ("Ned Carrow", "Los Angeles Dodgers", "Coach") not in found, found


@pytest.mark.parametrize("sentence", POST_AS_COUNTER_EXAMPLES)
def test_a_post_as_a_title_not_held_or_held_elsewhere_is_not_at_the_storys_club(sentence, lexicon: Lexicon) -> None:
    found = memberships(facts_of(_DODGERS_STORY + sentence, lexicon))
    assert {(p, c, r) for p, c, r in found if r != "Manager"} == set(), found


def _promotions_in(sentence: str, lexicon: Lexicon) -> set[tuple[str, str]]:
    mentions, parses = read_article(sentence, lexicon)
    rows = [m.__dict__ for m in mentions]
    return {(person["label"], " ".join(t.text for t in parsed.tokens if t.i in parsed.span_of(post)))
            for start, encoded in parses.items() for parsed in [parse.parsed(encoded, start)]
            for person, post in promotions(parsed, _mention_finder([r for r in rows if r["sentence_start"] == start]))}


def _grouped_in(sentence: str, lexicon: Lexicon) -> set[tuple[str, str, str]]:
    mentions, parses = read_article(sentence, lexicon)
    rows = [m.__dict__ for m in mentions]
    return {(person["label"], club["label"], role)
            for start, encoded in parses.items() for parsed in [parse.parsed(encoded, start)]
            for person, club, role, _ in grouped_members(
                parsed, _mention_finder([r for r in rows if r["sentence_start"] == start]))}


@pytest.mark.parametrize("example", GROUP_EXAMPLES, ids=[e[0] for e in GROUP_EXAMPLES])
def test_people_set_beside_a_clubs_group_hold_its_post(example, lexicon: Lexicon) -> None:
    sentence, person, club, role = example
    assert (person, club, role) in _grouped_in(sentence, lexicon)
    assert (person, club, role) in memberships(facts_of(sentence, lexicon))


@pytest.mark.parametrize("sentence", GROUP_COUNTER_EXAMPLES)
def test_people_a_clubs_group_is_said_not_to_be_or_only_meets_hold_no_post(sentence, lexicon: Lexicon) -> None:
    assert _grouped_in(sentence, lexicon) == set()


@pytest.mark.parametrize("example", PROMOTION_EXAMPLES, ids=[e[1] for e in PROMOTION_EXAMPLES])
def test_a_promotion_to_a_post_is_read_with_the_post(example, lexicon: Lexicon) -> None:
    sentence, person, post = example
    assert any(p == person and post in words for p, words in _promotions_in(sentence, lexicon))


@pytest.mark.parametrize("sentence", PROMOTION_COUNTER_EXAMPLES)
def test_no_promotion_to_a_post_is_read_where_none_is_asserted(sentence, lexicon: Lexicon) -> None:
    assert _promotions_in(sentence, lexicon) == set()


def test_a_promotion_gives_the_post_risen_to_and_the_one_risen_from(lexicon: Lexicon) -> None:
    found = memberships(facts_of("The Kiwoom Heroes promoted bench coach Hong Min-ki to manager in November.",
                                 lexicon))
    assert {("Hong Min-ki", "Kiwoom Heroes", "Manager"), ("Hong Min-ki", "Kiwoom Heroes", "Coach")} <= found
    # A title another club's name opens was held there, not at the club that promotes him.
    found = memberships(facts_of("The New York Mets promoted Triple-A Syracuse manager Dick Scott to bench coach.",
                                 lexicon))
    assert ("Dick Scott", "New York Mets", "Coach") in found
    assert ("Dick Scott", "New York Mets", "Manager") not in found


def test_a_post_as_something_in_an_expected_hire_is_not_held(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Dale Morrow is expected to hire Padres general manager Ned Carrow, his former "
                                 "assistant in Boston, as the Cubs' general manager.", lexicon))
    assert not any(club == "Chicago Cubs" for _, club, _ in found)
    # A post "as" something that is not the object's stays its holder's, whatever the sentence's verb.
    found = memberships(facts_of("Dale Morrow, in his first season as the New York Mets' manager, expects to contend.",
                                 lexicon))
    assert ("Dale Morrow", "New York Mets", "Manager") in found


def test_a_subtree_is_the_token_and_every_word_under_it_in_order() -> None:
    # "Lee signed with the Mets": signed <- Lee, signed -> with -> Mets -> the
    tokens = [parse.Token(0, 0, 3, "Lee", "Lee", "PROPN", "nsubj", 1),
              parse.Token(1, 4, 10, "signed", "sign", "VERB", "ROOT", 1),
              parse.Token(2, 11, 15, "with", "with", "ADP", "prep", 1),
              parse.Token(3, 16, 19, "the", "the", "DET", "det", 4),
              parse.Token(4, 20, 24, "Mets", "Mets", "PROPN", "pobj", 2)]
    sentence = parse.Parse(tokens)
    assert [t.text for t in sentence.subtree(tokens[2])] == ["with", "the", "Mets"]
    assert [t.text for t in sentence.subtree(tokens[1])] == ["Lee", "signed", "with", "the", "Mets"]
    assert [t.text for t in sentence.subtree(tokens[3])] == ["the"]


def test_a_list_the_model_roots_after_a_colon_is_the_apposition_of_the_noun_before_it() -> None:
    words = [("The", "DET", "det", 1), ("Sox", "PROPN", "nsubj", 2), ("got", "VERB", "ccomp", 9),
             ("Crochet", "PROPN", "dobj", 2), ("for", "ADP", "prep", 2), ("two", "NUM", "nummod", 6),
             ("prospects", "NOUN", "pobj", 4), (":", "PUNCT", "punct", 9), ("Kyle", "PROPN", "compound", 9),
             ("Teel", "PROPN", "ROOT", 9), ("and", "CCONJ", "cc", 9), ("Chase", "PROPN", "compound", 12),
             ("Meidroth", "PROPN", "conj", 9), (".", "PUNCT", "punct", 9)]
    at, tokens = 0, []
    for text, pos, dep, head in words:
        tokens.append((at, at + len(text), text, text, pos, dep, head))
        at += len(text) + 1
    repaired = parse.parsed(parse.encode_tokens(tokens), 0)
    by_text = {t.text: t for t in repaired.tokens}
    assert [t.text for t in repaired.tokens if t.dep == "ROOT"] == ["got"]
    assert (by_text["Teel"].dep, repaired.tokens[by_text["Teel"].head].text) == ("appos", "prospects")
    assert repaired.tokens[by_text["."].head].text == "got"
