"""Mention and membership finding on hand-written text (plain functions, no Spark)."""

from spark_etl.lexicon import Lexicon
from spark_etl.facts import article_facts, role_years, sentence_facts
from spark_etl.mentions import find_mentions, read_article, slug
from tests.helpers import facts_of, memberships

TEXT = (
    "Rookie Hilda Quarterman was named manager of the Binghamton club.\n"
    "Mets GM Sandy Alderson said Quarterman’s work was great. Later, Hilda left.\n"
    "Did Orrin Pellwether play? Unlimited Digital Access is a page banner."
)


def people(mentions):
    return [(m.surface, m.label) for m in mentions if m.entity_type == "Person"]


def test_offsets_point_at_the_surface_text(lexicon: Lexicon) -> None:
    mentions = find_mentions(TEXT, lexicon)
    assert mentions
    for m in mentions:
        assert TEXT[m.start:m.end] == m.surface
        assert m.sentence_start <= m.start < m.end <= m.sentence_end


def test_people_found_by_shape_and_short_names_resolved(lexicon: Lexicon) -> None:
    found = people(find_mentions(TEXT, lexicon))
    assert ("Hilda Quarterman", "Hilda Quarterman") in found
    assert ("Sandy Alderson", "Sandy Alderson") in found
    assert ("Orrin Pellwether", "Orrin Pellwether") in found  # "Did" is not part of the name
    assert ("Quarterman", "Hilda Quarterman") in found  # surname, possessive stripped
    assert ("Hilda", "Hilda Quarterman") in found  # first name
    labels = {label for _, label in found}
    assert not any("Unlimited" in label or "Digital" in label or "Rookie" in label for label in labels)


def test_organizations_resolved_from_aliases(lexicon: Lexicon) -> None:
    orgs = {(m.surface, m.entity_key) for m in find_mentions(TEXT, lexicon) if m.entity_type == "Team"}
    assert ("Mets", "new-york-mets") in orgs
    assert ("Binghamton", "binghamton-mets") in orgs


def test_a_headline_without_full_stop_is_its_own_sentence(lexicon: Lexicon) -> None:
    text = "Wally Backman named manager\n\nThe Mets said so."
    mentions = find_mentions(text, lexicon)
    assert {m.sentence_index for m in mentions if m.entity_type == "Person"} == {0}
    assert {m.sentence_index for m in mentions if m.entity_type == "Team"} == {1}


def test_ambiguous_surname_is_not_guessed(lexicon: Lexicon) -> None:
    text = "Jeff Wilpon and Fred Wilpon met. Wilpon spoke."
    found = people(find_mentions(text, lexicon))
    assert ("Wilpon", "Jeff Wilpon") not in found and ("Wilpon", "Fred Wilpon") not in found


def mention(key: str, label: str, entity_type: str, start: int, end: int, kind: str = "name") -> dict:
    return {"entity_key": key, "label": label, "entity_type": entity_type, "start": start, "end": end, "kind": kind}


def members(facts: list[dict]) -> set[tuple]:
    return {(f["person_key"], f["object_key"], f["role"]) for f in facts if f["relation"] == "member"}


def test_a_role_word_belongs_to_the_person_next_to_it() -> None:
    sentence = "Mets ownership relieved both Omar Minaya and manager Jerry Manuel of their duties."
    mentions = [mention("new-york-mets", "New York Mets", "Team", 0, 4),
                mention("omar-minaya", "Omar Minaya", "Person", 29, 40),
                mention("jerry-manuel", "Jerry Manuel", "Person", 53, 65)]
    facts = sentence_facts(sentence, 0, mentions)
    assert members(facts) == {("jerry-manuel", "new-york-mets", "Manager")}
    fired = {f["person_key"] for f in facts if f["relation"] == "fired"}
    assert fired == {"omar-minaya", "jerry-manuel"}


def test_no_membership_without_a_role_cue() -> None:
    sentence = "Jerry Manuel watched the Mets."
    mentions = [mention("jerry-manuel", "Jerry Manuel", "Person", 0, 12),
                mention("new-york-mets", "New York Mets", "Team", 25, 29)]
    assert sentence_facts(sentence, 0, mentions) == []


def test_front_office_title_goes_to_the_parent_club() -> None:
    sentence = "General manager Omar Minaya handed Hilda Quarterman the Brooklyn Cyclones job."
    mentions = [mention("omar-minaya", "Omar Minaya", "Person", 16, 27),
                mention("hilda-quarterman", "Hilda Quarterman", "Person", 35, 51),
                mention("brooklyn-cyclones", "Brooklyn Cyclones", "Team", 56, 73)]
    facts = sentence_facts(sentence, 0, mentions, {"brooklyn-cyclones": "new-york-mets"})
    assert ("omar-minaya", "new-york-mets", "GeneralManager") in members(facts)


def test_opponents_are_not_memberships() -> None:
    sentence = "Manager Hilda Quarterman watched a game against the Salt Lake Bees."
    mentions = [mention("hilda-quarterman", "Hilda Quarterman", "Person", 8, 24),
                mention("salt-lake-bees", "Salt Lake Bees", "Team", 52, 66)]
    assert members(sentence_facts(sentence, 0, mentions)) == set()
    for sentence in ("Manager Hilda Quarterman was fired after a 9-6 win over the Salt Lake Bees.",
                     "Manager Hilda Quarterman's club lost to the Salt Lake Bees.",
                     "Manager Hilda Quarterman will face the Salt Lake Bees."):
        start = sentence.index("Salt")
        mentions = [mention("hilda-quarterman", "Hilda Quarterman", "Person", 8, 24),
                    mention("salt-lake-bees", "Salt Lake Bees", "Team", start, start + 14)]
        assert members(sentence_facts(sentence, 0, mentions)) == set(), sentence


def test_events_awards_records_and_ages(lexicon: Lexicon) -> None:
    text = ("Hilda Quarterman, 44, was drafted by the Mets in the first round (3rd overall) in 1999. "
            "In 2008, she managed the Binghamton club, where Quarterman won Manager of the Year honors in 2008. "
            "Quarterman went 80-62 in 2010. The Mets fired Quarterman in 2011.")
    mentions = [m.__dict__ for m in find_mentions(text, lexicon)]
    sentences: dict[int, list] = {}
    for m in mentions:
        sentences.setdefault(m["sentence_start"], []).append(m)
    facts = article_facts([(text[s:group[0]["sentence_end"]], s, group) for s, group in sorted(sentences.items())],
                          {}, lexicon.awards)
    found = {(f["relation"], f["object_key"] or f["value"], f["year"]) for f in facts if f["relation"] != "member"}
    assert ("drafted", "new-york-mets", 1999) in found
    assert ("award", "manager-of-the-year", 2008) in found
    assert ("record", "80-62", 2010) in found
    assert ("fired", "new-york-mets", 2011) in found
    assert ("age", "44", None) in found
    drafted = next(f for f in facts if f["relation"] == "drafted")
    assert drafted["value"] == "round 1, pick 3"


def test_pronouns_follow_the_last_person_named(lexicon: Lexicon) -> None:
    text = "Hilda Quarterman was hired. Then he left. He returned. Later nobody came. Nor then. And then he wrote."
    pronouns = [m for m in find_mentions(text, lexicon) if m.kind == "pronoun"]
    assert [m.surface for m in pronouns] == ["he", "He"]
    assert all(m.entity_key == "hilda-quarterman" for m in pronouns)


def test_slug_is_stable_and_iri_safe() -> None:
    assert slug("Wally Backman") == "wally-backman"
    assert slug("O’Day, J.") == "oday-j"


def _role_years_in(sentence: str, team: str, *others: str) -> tuple:
    """role_years for `team` in a sentence that names it and `others` (hand-made mentions)."""
    def at(word: str) -> dict:
        start = sentence.index(word)
        return mention(slug(word), word, "Team", start, start + len(word))
    org = at(team)
    return role_years(sentence, 0, org, [org, *(at(o) for o in others)])


def test_a_role_has_the_years_its_sentence_gives() -> None:
    assert _role_years_in("He made his major league debut with the Mets in 1980.", "Mets") == (1980, None)
    assert _role_years_in("After his playing days with the Mets ended in 1988, Wally played another five "
                          "seasons for the Twins.", "Mets", "Twins") == (None, 1988)
    assert _role_years_in("He piloted the Mets’ Triple-A team for five seasons, until an acrimonious departure "
                          "after the 2016 season.", "Mets") == (2012, 2016)
    assert _role_years_in("She managed the Bulls from 2010 to 2016.", "Bulls") == (2010, 2016)
    assert _role_years_in("His 2010 Cyclones and 2013-14 51s made the playoffs.", "51s", "Cyclones") == (2013, 2014)
    assert _role_years_in("In 2002, he piloted the Barons, then moved on to the JetHawks, for whom he won "
                          "honors in 2004.", "Barons", "JetHawks") == (2002, 2002)
    assert _role_years_in("He was hired after the 2010 season by the Mets.", "Mets") == (2011, None)


def test_no_year_rather_than_a_wrong_one() -> None:
    # The draft's year is not the player's first season; "the last four seasons" needs the article's date.
    assert _role_years_in("A homegrown Met drafted by the club in 1977.", "Met") == (None, None)
    assert _role_years_in("She was drafted by the Indians in the second round in 2001.", "Indians") == (None, None)
    assert _role_years_in("She spent the last four seasons managing the Bulls.", "Bulls") == (None, None)
    # Another team's count of seasons is not this one's.
    assert _role_years_in("His days with the Mets ended in 1988; he played five more seasons for the Twins.",
                          "Mets", "Twins") == (None, 1988)


def test_a_role_word_in_a_headline_makes_no_membership() -> None:
    headline = "Wally Backman finds himself coaching in Mexico after Mets’ breakup"
    mentions = [mention("wally-backman", "Wally Backman", "Person", 0, 13),
                mention("new-york-mets", "New York Mets", "Team", 53, 57, "organization")]
    assert members(sentence_facts(headline, 0, mentions)) == set()
    titled = "Mets manager Wally Backman speaks"
    mentions = [mention("new-york-mets", "New York Mets", "Team", 0, 4, "organization"),
                mention("wally-backman", "Wally Backman", "Person", 13, 26)]
    assert members(sentence_facts(titled, 0, mentions)) == {("wally-backman", "new-york-mets", "Manager")}


def mentions_in(sentence: str, *named: tuple[str, str]) -> list[dict]:
    """Hand-made mentions of (surface, type) in a sentence, at each surface's first place, keyed by slug."""
    found = []
    for surface, entity_type in named:
        start = sentence.index(surface)
        kind = "organization" if entity_type == "Team" else "name"
        found.append(mention(slug(surface), surface, entity_type, start, start + len(surface), kind))
    return found


def member_years(facts: list[dict]) -> set[tuple]:
    return {(f["person_key"], f["object_key"], f["role"], f["start_year"], f["end_year"])
            for f in facts if f["relation"] == "member"}


def test_a_title_binds_the_club_written_before_it_only() -> None:
    sentence = "Reyes played with the Royals, where he was a teammate of current Brewers manager Tom Ashby."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Reyes", "Person"), ("Royals", "Team"),
                                                     ("Brewers", "Team"), ("Tom Ashby", "Person")))
    assert ("tom-ashby", "brewers", "Manager") in members(facts)
    assert ("tom-ashby", "royals", "Manager") not in members(facts)
    assert ("reyes", "brewers", "Player") not in members(facts)


def test_a_club_before_a_modified_title_binds_it() -> None:
    sentence = ("The Mets interviewed Chicago White Sox third base coach Joe McEwing and Seattle Mariners bench coach "
                "Manny Acta.")
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Mets", "Team"), ("Chicago White Sox", "Team"),
                                                     ("Joe McEwing", "Person"), ("Seattle Mariners", "Team"),
                                                     ("Manny Acta", "Person")))
    assert {("joe-mcewing", "chicago-white-sox", "Coach"), ("manny-acta", "seattle-mariners", "Coach")} <= \
        members(facts)
    assert not {("joe-mcewing", "seattle-mariners", "Coach"), ("manny-acta", "chicago-white-sox", "Coach")} & \
        members(facts)
    # A verb between the club and the title is no modifier: the club is the sentence's, for both.
    sentence = "The Reds reinstated right-hander Eli Brandvold and recalled outfielder Lamar Pettiford."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Reds", "Team"), ("Eli Brandvold", "Person"),
                                                     ("Lamar Pettiford", "Person")))
    assert ("lamar-pettiford", "reds", "Player") in members(facts)
    # A plural title right before a list of names is theirs; one before a common noun names no one.
    sentence = "The Dodgers are short on right-handed bats with outfielders Cody Ames and Mookie Bell."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Dodgers", "Team"), ("Cody Ames", "Person"),
                                                     ("Mookie Bell", "Person")))
    assert {("cody-ames", "dodgers", "Player"), ("mookie-bell", "dodgers", "Player")} <= members(facts)
    # A club's ace is its pitcher.
    sentence = "He is the younger brother of Dodgers ace Ramon Martinez, and the split was not easy."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Dodgers", "Team"), ("Ramon Martinez", "Person")))
    assert ("ramon-martinez", "dodgers", "Player") in members(facts)


def test_a_title_after_a_persons_possessive_is_not_theirs() -> None:
    sentence = "McClendon spent 2006-13 on the Detroit Tigers' staff as Jim Leyland's hitting coach."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("McClendon", "Person"), ("Detroit Tigers", "Team"),
                                                     ("Jim Leyland", "Person")))
    assert ("mcclendon", "detroit-tigers", "Coach") in members(facts)
    assert ("jim-leyland", "detroit-tigers", "Coach") not in members(facts)


def test_the_clubs_of_an_apposition_are_its_persons() -> None:
    sentence = ("Austin Dean, the former Miami Marlins outfielder, had two hits, and Casey Kelly pitched five "
                "innings.")
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Austin Dean", "Person"), ("Miami Marlins", "Team"),
                                                     ("Casey Kelly", "Person")))
    assert ("casey-kelly", "miami-marlins", "Player") not in members(facts)
    # What the apposition says of its club wins over the title before the name.
    sentence = "General manager Chris Young, a former pitcher who broke in with the Texas Rangers, made the hire."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Chris Young", "Person"), ("Texas Rangers", "Team")))
    assert ("chris-young", "texas-rangers", "Player") in members(facts)


def test_names_of_a_club_are_its_players() -> None:
    sentence = "Kuriyama used Kodai Togo and Taisei Ota of the Yomiuri Giants in relief."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Kodai Togo", "Person"), ("Taisei Ota", "Person"),
                                                     ("Yomiuri Giants", "Team")))
    assert members(facts) == {("kodai-togo", "yomiuri-giants", "Player"), ("taisei-ota", "yomiuri-giants", "Player")}
    sentence = "Steve Cohen of the New York Mets said the club would spend."  # no game: his post is not said
    assert members(sentence_facts(sentence, 0, mentions_in(sentence, ("Steve Cohen", "Person"),
                                                            ("New York Mets", "Team")))) == set()


def test_a_list_of_clubs_shares_the_role() -> None:
    sentence = "Pat Lee managed Brooklyn, Binghamton and Buffalo."
    facts = sentence_facts(sentence, 0, mentions_in(sentence, ("Pat Lee", "Person"), ("Brooklyn", "Team"),
                                                     ("Binghamton", "Team"), ("Buffalo", "Team")))
    assert members(facts) == {("pat-lee", club, "Manager") for club in ("brooklyn", "binghamton", "buffalo")}


def test_a_wished_for_role_is_not_held() -> None:
    sentence = "Pat Lee longed to return to the Mets as a coach."
    assert members(sentence_facts(sentence, 0, mentions_in(sentence, ("Pat Lee", "Person"),
                                                            ("Mets", "Team")))) == set()


def test_the_owner_of_an_affiliate_is_not_the_persons_club() -> None:
    apposition = "Feld managed the Norfolk Tides, the Orioles' Triple-A affiliate, from 2019 to 2023."
    facts = sentence_facts(apposition, 0, mentions_in(apposition, ("Feld", "Person"), ("Norfolk Tides", "Team"),
                                                       ("Orioles", "Team")))
    assert member_years(facts) == {("feld", "norfolk-tides", "Manager", 2019, 2023)}
    possessive = "Lee was promoted in 2012 to manage the Mets' Triple-A affiliate in Buffalo."
    facts = sentence_facts(possessive, 0, mentions_in(possessive, ("Lee", "Person"), ("Mets", "Team"),
                                                       ("Buffalo", "Team")))
    assert member_years(facts) == {("lee", "buffalo", "Manager", 2012, None)}


def test_years_without_a_role_word_go_to_the_one_role_the_article_states() -> None:
    first = "Cubs hitting coach Dana Whitfield left."
    second = "Whitfield joined the Cubs after the 2018 season and held the job for five seasons."
    offset = len(first) + 1
    second_mentions = [dict(m, start=m["start"] + offset, end=m["end"] + offset)
                       for m in mentions_in(second, ("Whitfield", "Person"), ("Cubs", "Team"))]
    for m in second_mentions:
        m["entity_key"] = "dana-whitfield" if m["entity_type"] == "Person" else m["entity_key"]
    facts = article_facts([(first, 0, mentions_in(first, ("Cubs", "Team"), ("Dana Whitfield", "Person"))),
                           (second, offset, second_mentions)])
    assert member_years(facts) == {("dana-whitfield", "cubs", "Coach", None, None),
                                   ("dana-whitfield", "cubs", "Coach", 2019, 2023)}


def test_the_model_finds_names_the_rules_cannot_read(lexicon: Lexicon) -> None:
    # "Will" opening a sentence may be the verb to the rules; the model reads the name.
    text = "Will Smith caught for the Dodgers on Saturday."
    assert ("Will Smith", "Will Smith") in people(find_mentions(text, lexicon, use_model=True))
    assert ("Will Smith", "Will Smith") not in people(find_mentions(text, lexicon, use_model=False))


NAMES_AS_WRITTEN = (
    # (sentence, the full names it holds, (short form, the full name it stands for))
    ("José Núñez Jr. signed with the Rays. Núñez said so.", ["José Núñez Jr."], ("Núñez", "José Núñez Jr.")),
    ("The Padres promoted infielder J.J. Okafor and C.J. O'Neill.", ["J.J. Okafor", "C.J. O'Neill"], None),
    # Initials without full stops: those with a J are given names; "NL" and "MLB" name no one.
    ("The Padres took JJ Okafor, the NL MVP Luis Ortega and CJ Dunn. MLB Network aired it.",
     ["JJ Okafor", "Luis Ortega", "CJ Dunn"], None),
    ("Oneil De la Cruz-Ortega faced Jacob deGrom. De la Cruz-Ortega won.",
     ["Oneil De la Cruz-Ortega", "Jacob deGrom"], ("De la Cruz-Ortega", "Oneil De la Cruz-Ortega")),
    ("Travis d'Arnaud caught Ronald Acuña III and Darren O’Day.",
     ["Travis d'Arnaud", "Ronald Acuña III", "Darren O’Day"], None),
    # A son and his father are two people; the son's short form names him alone, the bare surname neither.
    # Korean given names of two syllables, the second up to six letters; a pronoun after an initial opens a
    # sentence and names no one.
    ("The Twins signed Kim Jae-hyoung and Choi Myeong-jun.", ["Kim Jae-hyoung", "Choi Myeong-jun"], None),
    # ... and Taiwanese ones, whose second syllable may be a Wade-Giles one of six letters.
    ("The Lions signed Lin Chih-chiang and Wu Sheng-hsiung.", ["Lin Chih-chiang", "Wu Sheng-hsiung"], None),
    ("Dale Orwin never got past Class A. He became a scout.", ["Dale Orwin"], None),
    ("Ken Griffey Sr. and Ken Griffey Jr. played together. Griffey Jr. homered. Griffey smiled.",
     ["Ken Griffey Sr.", "Ken Griffey Jr."], ("Griffey Jr.", "Ken Griffey Jr.")),
)


def test_names_as_the_world_writes_them(lexicon: Lexicon) -> None:
    for text, full_names, short in NAMES_AS_WRITTEN:
        found = people(find_mentions(text, lexicon, use_model=False))
        assert [label for surface, label in found if surface == label] == full_names, text
        if short:
            assert short in found, text
    griffeys = people(find_mentions(NAMES_AS_WRITTEN[-1][0], lexicon, use_model=False))
    assert not any(surface == "Griffey" for surface, _ in griffeys)
    assert len({slug(label) for _, label in griffeys}) == 2


def test_slug_folds_accents() -> None:
    assert slug("José Núñez Jr.") == "jose-nunez-jr"
    assert slug("Ronald Acuña") == "ronald-acuna"


def test_pronouns_agree_in_gender(lexicon: Lexicon) -> None:
    text = ("Kayla Nguyen-Brooks spoke first. She thanked the club. Gordon Pike, who retired, was there too. "
            "She said Pike had taught her everything. He smiled.")
    pronouns = [(m.surface, m.label) for m in find_mentions(text, lexicon, use_model=False) if m.kind == "pronoun"]
    assert pronouns == [("She", "Kayla Nguyen-Brooks"), ("She", "Kayla Nguyen-Brooks"),
                        ("her", "Kayla Nguyen-Brooks"), ("He", "Gordon Pike")]


def _referents(text: str, lexicon: Lexicon, kind: str) -> list[tuple[str, str]]:
    return [(m.surface, m.entity_key) for m in find_mentions(text, lexicon) if m.kind == kind]


def _clubs(text: str, lexicon: Lexicon) -> list[str]:
    """The club each club mention of the text stands for, in text order."""
    return [m.entity_key for m in find_mentions(text, lexicon) if m.entity_type == "Team"]


def test_a_subject_pronoun_continues_the_previous_sentences_subject(lexicon: Lexicon) -> None:
    text = "Ron Roenicke was Alex Cora's bench coach in 2018. He managed the Milwaukee Brewers from 2011-15."
    assert _referents(text, lexicon, "pronoun") == [("He", "ron-roenicke")]
    text = ("Carlos Beltran played for the Mets. New York traded him for prospect Zack Wheeler. "
            "He broke in with Kansas City in 1998.")
    assert _referents(text, lexicon, "pronoun") == [("him", "carlos-beltran"), ("He", "carlos-beltran")]


def test_a_description_names_whom_its_age_title_or_the_story_points_to(lexicon: Lexicon) -> None:
    text = "Juan Soto is headed to Queens. The 26-year-old outfielder agreed to a contract with the Mets."
    assert _referents(text, lexicon, "description") == [("The 26-year-old outfielder", "juan-soto")]
    text = ("The Mets acquired second baseman Robinson Cano and Edwin Diaz. Cano, 36, was an agent's client. "
            "Jay Bruce went to Seattle. The deal that the 36-year-old signed ran ten years, and the second baseman "
            "was happy.")
    assert _referents(text, lexicon, "description") == [("the 36-year-old", "robinson-cano"),
                                                         ("the second baseman", "robinson-cano")]
    assert _referents("The 26-year-old outfielder agreed to a contract.", lexicon, "description") == []


def test_the_club_is_the_one_just_named_or_the_storys(lexicon: Lexicon) -> None:
    text = ("Mets hire a general manager\n\nThe Mets hired Brodie Van Wagenen. He played at Stanford. Doug Melvin "
            "ran the Texas Rangers. It rained all day. Owner Fred Wilpon praised the franchise. The Texas Rangers "
            "said the club agreed.")
    assert _referents(text, lexicon, "description") == [("the franchise", "new-york-mets"),
                                                         ("the club", "texas-rangers")]


def test_they_continues_a_club_that_was_the_subject(lexicon: Lexicon) -> None:
    text = ("The New York Mets are 70-79 and out of the race. At the deadline they traded Max Scherzer to the "
            "Texas Rangers.")
    assert _referents(text, lexicon, "description") == [("they", "new-york-mets")]
    text = ("The New York Mets hired Carlos Beltran. Brodie Van Wagenen and Jeff Wilpon said they met with "
            "Beltran on Thursday.")
    assert _referents(text, lexicon, "description") == []


def test_a_title_after_a_clubs_possessive_is_that_clubs() -> None:
    sentence = "He managed the Arizona Diamondbacks in 2009 and was the San Diego Padres' vice president of scouting."
    he = mention("aj-hinch", "A.J. Hinch", "Person", 0, 2, kind="pronoun")
    arizona = sentence.index("Arizona")
    padres = sentence.index("San Diego")
    mentions = [he, mention("arizona-diamondbacks", "Arizona Diamondbacks", "Team", arizona, arizona + 20),
                mention("san-diego-padres", "San Diego Padres", "Team", padres, padres + 16)]
    found = {(org, role) for _, org, role in members(sentence_facts(sentence, 0, mentions))}
    assert ("san-diego-padres", "Executive") in found and ("san-diego-padres", "Manager") not in found


def test_a_description_in_apposition_is_the_name_before_it(lexicon: Lexicon) -> None:
    text = ("Dario Vance, 41, signed with the Reds. Escogido kept Tomas Vidal, the 41-year-old former "
            "Yankees star, for another winter.")
    assert _referents(text, lexicon, "description") == [("the 41-year-old", "tomas-vidal")]


def test_a_shared_nickname_is_the_club_the_story_names_in_full_first(lexicon: Lexicon) -> None:
    text = ("The Yomiuri Giants named Koji Arai manager. The Giants finished fourth. Arai once faced the San "
            "Francisco Giants in an exhibition, and the Giants lost.")
    assert _clubs(text, lexicon) == ["yomiuri-giants", "yomiuri-giants", "san-francisco-giants", "yomiuri-giants"]
    text = "The San Francisco Giants signed Koji Arai away from the Yomiuri Giants. The Giants play Friday."
    assert _clubs(text, lexicon) == ["san-francisco-giants", "yomiuri-giants", "san-francisco-giants"]


def test_a_nickname_after_another_place_is_another_club(lexicon: Lexicon) -> None:
    text = ("The Wichita Bandits won the title on Sunday. Lena Ostrova, the Bandits' shortstop, was named MVP. "
            "The Bend Bandits finished third.")
    assert _clubs(text, lexicon) == ["wichita-bandits", "wichita-bandits", "bend-bandits"]
    assert ("Lena Ostrova", "Wichita Bandits", "Player") in _labelled_members(text, lexicon)
    # Not where the words before the nickname name no place: a headline's verb, a day.
    assert _clubs("Heat Beat Bandits In Game 3", lexicon) == ["bend-bandits"]
    assert _clubs("Tuesday Bandits notes: Lena Ostrova homers.", lexicon) == ["bend-bandits"]


def test_an_affiliates_front_office_is_its_parents_only_in_the_years_of_the_affiliation(lexicon: Lexicon) -> None:
    assert "sugar-land-space-cowboys" not in lexicon.parents(2012)
    assert lexicon.parents(2022)["sugar-land-space-cowboys"] == lexicon.parents()["sugar-land-space-cowboys"] == \
        "houston-astros"
    text = "The Sugar Land Skeeters signed Dario Vance. Skeeters president Tim Purpura said the club was pleased."
    assert ("Tim Purpura", "Sugar Land Space Cowboys", "Executive") in memberships(facts_of(text, lexicon, (2012, 8)))
    # The parent's label is the graph's to give: the fact holds its key.
    assert ("tim-purpura", "houston-astros", "Executive") in {
        (f["person_key"], f["object_key"], f["role"]) for f in facts_of(text, lexicon, (2022, 8))}


def test_a_leagues_name_before_a_title_makes_a_post_at_the_league(lexicon: Lexicon) -> None:
    text = ("Bandits win fourth straight title\n\nThe Brisbane Bandits won the title on Sunday. ABL chief executive "
            "Lena Ostrova said the league would stay at eight teams.")
    assert memberships(facts_of(text, lexicon, (2019, 2))) == {
        ("Lena Ostrova", "Australian Baseball League", "Executive")}


def test_a_post_before_a_name_is_not_at_the_club_of_his_apposition(lexicon: Lexicon) -> None:
    text = ("Hawks name Dario Vance manager\n\nClub chairman Koji Arai, the former Yomiuri Giants home run king, "
            "said Vance had earned the job.")
    assert not {club for _, club, role in memberships(facts_of(text, lexicon)) if club == "Yomiuri Giants"}


def test_a_level_before_a_city_names_the_minor_league_club_of_that_city(lexicon: Lexicon) -> None:
    text = ("Dale Morrow managed rookie-level Johnson City from 2009-11, Double-A Springfield from 2012-14 and "
            "Triple-A Memphis in 2015. Koby Vance pitched for Class A Fort Wayne this year. Memphis won.")
    assert _clubs(text, lexicon) == ["johnson-city-cardinals", "springfield-cardinals", "memphis-redbirds",
                                     "fort-wayne-tincaps", "memphis-redbirds"]
    assert ("Koby Vance", "Fort Wayne TinCaps", "Player") in _labelled_members(text, lexicon)
    # Not a city no club of the reference is named after, nor one several clubs share at other levels.
    assert _clubs("Dale Morrow managed Triple-A Nowhere in 2015 and Class A Dale in 2016.", lexicon) == []


def test_a_clubs_city_after_out_of_is_a_school(lexicon: Lexicon) -> None:
    text = ("Dale Morrow, a first-round pick of the Reds in 2006 out of Texas, came out of Houston's system. "
            "Koby Vance was drafted out of the University of Illinois at Chicago.")
    assert _clubs(text, lexicon) == ["cincinnati-reds", "houston-astros", "uic-flames"]
    assert ("Dale Morrow", "Texas Rangers", "Player") not in _labelled_members(text, lexicon)


def test_a_clubs_older_name_gives_its_nickname_to_the_story(lexicon: Lexicon) -> None:
    text = "The Sugar Land Skeeters signed Dario Vance. Skeeters president Tim Purpura said the club was pleased."
    assert _clubs(text, lexicon) == ["sugar-land-space-cowboys"] * 3  # "the club" the third


def test_the_club_is_not_one_that_only_titles_someone(lexicon: Lexicon) -> None:
    text = ("The Miami Marlins hired Tampa Bay Rays general manager Dario Vance on Monday, weeks after the club "
            "parted ways with Lena Ostrova.")
    assert _referents(text, lexicon, "description") == [("the club", "miami-marlins")]


def test_the_clubs_people_are_the_storys_clubs_unless_its_sentence_names_one(lexicon: Lexicon) -> None:
    text = ("Cubs call up Dario Vance\n\nThe Chicago Cubs promoted Dario Vance. He hit .280 against the Miami "
            "Marlins last week. Tomas Vidal, the team's leading hitter, moves to first base. Lena Ostrova, the "
            "club's top affiliate manager, agreed.")
    assert _referents(text, lexicon, "description") == [("the team", "chicago-cubs")]


def test_a_surname_that_names_no_one_elsewhere_is_still_a_surname(lexicon: Lexicon) -> None:
    text = ("The Los Angeles Angels hired Atlanta Braves third base coach Ron Washington as their manager. "
            "Washington played for the Minnesota Twins.")
    assert people(find_mentions(text, lexicon)) == [("Ron Washington", "Ron Washington"),
                                                     ("Washington", "Ron Washington")]


def test_a_kinship_apposition_describes_the_relative() -> None:
    sentence = "The lineup included infielder Cade Morrow, the son of former Seattle Mariners MVP Dale Morrow."
    mentions = mentions_in(sentence, ("Cade Morrow", "Person"), ("Seattle Mariners", "Team"),
                           ("Dale Morrow", "Person"))
    found = members(sentence_facts(sentence, 0, mentions))
    assert not any(person == "cade-morrow" and club == "seattle-mariners" for person, club, _ in found)


def test_a_title_after_a_clubs_possessive_is_not_another_clubs() -> None:
    sentence = "The former utility man was the Cardinals' bench coach in 2022 before Miami hired Dario Vance."
    mentions = mentions_in(sentence, ("Cardinals", "Team"), ("Miami", "Team"), ("Dario Vance", "Person"))
    found = members(sentence_facts(sentence, 0, mentions))
    assert ("dario-vance", "miami", "Coach") not in found
    sentence = "Dario Vance spent four seasons on the Dodgers' staff after managing the Albuquerque Isotopes."
    mentions = mentions_in(sentence, ("Dario Vance", "Person"), ("Dodgers", "Team"), ("Albuquerque Isotopes", "Team"))
    assert ("dario-vance", "albuquerque-isotopes", "Manager") in members(sentence_facts(sentence, 0, mentions))


def test_a_chairman_is_an_owner() -> None:
    sentence = "Principal owner Dale Morrow and chairman Lena Ostrova of the Boston Red Sox attended."
    mentions = mentions_in(sentence, ("Dale Morrow", "Person"), ("Lena Ostrova", "Person"),
                           ("Boston Red Sox", "Team"))
    assert ("lena-ostrova", "boston-red-sox", "Owner") in members(sentence_facts(sentence, 0, mentions))


def test_a_club_played_against_or_listed_with_one_is_an_opponent() -> None:
    sentence = "Manager Dale Morrow said Penn would be in the lineup Saturday against Milwaukee."
    mentions = mentions_in(sentence, ("Dale Morrow", "Person"), ("Milwaukee", "Team"))
    assert members(sentence_facts(sentence, 0, mentions)) == set()
    sentence = ("Dale Morrow managed the Texas Rangers from 2007-14, losing the World Series to the San Francisco "
                "Giants and the St. Louis Cardinals.")
    mentions = mentions_in(sentence, ("Dale Morrow", "Person"), ("Texas Rangers", "Team"),
                           ("San Francisco Giants", "Team"), ("St. Louis Cardinals", "Team"))
    assert {club for _, club, _ in members(sentence_facts(sentence, 0, mentions))} == {"texas-rangers"}
    sentence = "Dale Morrow refused to play Penn, going against the Mets' hopes for the outfielder."
    mentions = mentions_in(sentence, ("Dale Morrow", "Person"), ("Mets", "Team"))
    assert {club for _, club, _ in members(sentence_facts(sentence, 0, mentions))} == {"mets"}


def test_a_school_or_a_park_is_nobodys_name(lexicon: Lexicon) -> None:
    text = "The Marines took Dario Vance out of Ofunato High School. He pitched at Tokai Sky Ballpark in May."
    assert people(find_mentions(text, lexicon)) == [("Dario Vance", "Dario Vance"), ("He", "Dario Vance")]


def test_a_title_a_club_a_nation_or_an_operation_is_nobodys_name(lexicon: Lexicon) -> None:
    text = ("Hall of Famer Dale Morrow threw out the first pitch. Ace Mike Soria is 9-2, and sophomore Dario Vance "
            "leads the team. Vance once pitched for the Brindle Otters in the Puerto Rican winter league. Morrow "
            "had Tommy John surgery in 2019.")
    assert sorted({label for _, label in people(find_mentions(text, lexicon))}) == [
        "Dale Morrow", "Dario Vance", "Mike Soria"]


def test_a_relatives_first_name_is_not_another_persons(lexicon: Lexicon) -> None:
    text = "The Reds hired Mike Soria and Dale Morrow. His brother Mike is a scout. Mike Soria starts Monday."
    assert ("Mike", "Mike Soria") not in people(find_mentions(text, lexicon))
    # One the article names in full after is he.
    text = "Dale Morrow will pitch with his son Koby on the roster. Koby Morrow, 24, joined the Reds in June."
    assert ("Koby", "Koby Morrow") in people(find_mentions(text, lexicon))


def test_an_affiliate_written_in_full_leaves_its_parent_the_short_name(lexicon: Lexicon) -> None:
    text = ("Mets recall Dale Morrow\n\nThe Mets optioned Dale Morrow to the Syracuse Mets in May. The Mets "
            "recalled him.")
    assert _clubs(text, lexicon) == ["new-york-mets", "new-york-mets", "syracuse-mets", "new-york-mets"]


def test_a_month_is_no_one_s_surname_and_park_may_be(lexicon: Lexicon) -> None:
    text = "Right-hander Dustin May will start for the Dodgers on Friday. He was out until May 2024."
    assert people(find_mentions(text, lexicon)) == [("Dustin May", "Dustin May"), ("He", "Dustin May")]
    text = "The Dodgers signed Chan Ho Park in 1994. Park threw at Minute Maid Park."
    assert people(find_mentions(text, lexicon)) == [("Chan Ho Park", "Chan Ho Park"), ("Park", "Chan Ho Park")]


def test_a_club_beside_an_opponent_after_a_comma_is_not_one() -> None:
    sentence = "After a 5-3 loss to the Dodgers, the Padres fired manager Dale Morrow."
    mentions = mentions_in(sentence, ("Dodgers", "Team"), ("Padres", "Team"), ("Dale Morrow", "Person"))
    assert ("dale-morrow", "padres", "Manager") in members(sentence_facts(sentence, 0, mentions))
    sentence = "The Mets lost Dale Morrow to the Dodgers in free agency; the outfielder signed for three years."
    mentions = mentions_in(sentence, ("Mets", "Team"), ("Dale Morrow", "Person"), ("Dodgers", "Team"))
    assert ("dale-morrow", "dodgers", "Player") in members(sentence_facts(sentence, 0, mentions))


def test_a_kinship_apposition_naming_no_relative_gives_its_clubs_to_no_one() -> None:
    sentence = "Cade Morrow, the son of a former Seattle Mariners pitcher, homered twice."
    mentions = mentions_in(sentence, ("Cade Morrow", "Person"), ("Seattle Mariners", "Team"))
    assert members(sentence_facts(sentence, 0, mentions)) == set()


def test_a_town_a_county_a_school_or_an_event_is_nobodys_name(lexicon: Lexicon) -> None:
    text = ("Dario Vance, a native of Glen Arbor, Michigan, was taken in 2019 out of Cal Baptist. He grew up in "
            "Marlow County and pitched in the Futures Game. Mike Soria was born in Ridgetown, Ontario.")
    assert sorted({label for _, label in people(find_mentions(text, lexicon))}) == ["Dario Vance", "Mike Soria"]


def test_an_organization_named_as_a_club_is_a_club(lexicon: Lexicon) -> None:
    # A place, then a plural nickname the model tags as a plural proper noun; not an outlet's name.
    text = "In 2016 Kelsie Ray pitched for the Sonoma Stompers, and she later wrote for the Dayton Daily News."
    types = {m.label: m.entity_type for m in find_mentions(text, lexicon)}
    assert types["Sonoma Stompers"] == "Team" and types.get("Dayton Daily News", "Organization") == "Organization"


def test_a_pronoun_object_is_not_its_verbs_subject_and_continues_the_story(lexicon: Lexicon) -> None:
    # "him" is never the one who called him; with no one else in its sentence it is the story's man.
    text = ("Dale Ruston played for the Reds from 1956-65. That December, Reds owner Walt Brackley called him "
            "old and traded him to the Baltimore Orioles.")
    assert _referents(text, lexicon, "pronoun") == [("him", "dale-ruston"), ("him", "dale-ruston")]
    # A sentence's pronoun subject after people named only as objects of a preposition is the story's man.
    text = ("Dale Ruston won the Triple Crown in 1966. With Jim Pardee and manager Earl Wexler, he won another title "
            "in 1970.")
    assert _referents(text, lexicon, "pronoun") == [("he", "dale-ruston")]
    # A pronoun object with someone else named before it in its own sentence is that one.
    text = "Brian Cashen met Aaron Boyne on Monday. Cashen called Boyne and offered him the job."
    assert _referents(text, lexicon, "pronoun") == [("him", "aaron-boyne")]


def test_a_place_the_model_reads_after_a_preposition_is_nobodys_name(lexicon: Lexicon) -> None:
    text = "Frank Robbins died Thursday at his home in Bel Air. He was 83."
    people = {m.label for m in find_mentions(text, lexicon) if m.entity_type == "Person"}
    assert people == {"Frank Robbins"}


def test_a_subject_pronoun_of_a_coordinated_clause_goes_on_with_its_first_clauses_subject(lexicon: Lexicon) -> None:
    text = ("Gordon Pike grew up in Ohio. In 1951 he married his high school sweetheart, Carol Lee Ames, at home "
            "plate, and two years later he was nearly killed by a pitch.")
    assert _referents(text, lexicon, "pronoun") == [("he", "gordon-pike"), ("his", "gordon-pike"),
                                                    ("he", "gordon-pike")]


def test_a_second_they_of_a_sentence_is_the_firsts_club(lexicon: Lexicon) -> None:
    text = ("The Houston Astros were busy all day. Earlier they got reliever Al Dunn from the Toronto Blue Jays "
            "for Tim Beck, and they acquired Jose Ruiz from the Chicago Cubs.")
    assert _referents(text, lexicon, "description") == [("they", "houston-astros"), ("they", "houston-astros")]


def test_an_honour_before_a_name_is_not_part_of_it(lexicon: Lexicon) -> None:
    text = "The Houston Astros acquired six-time All-Star Zack Greinke from the Arizona Diamondbacks."
    assert [m.label for m in find_mentions(text, lexicon) if m.entity_type == "Person"] == ["Zack Greinke"]


def test_a_clubs_possessive_before_a_name_in_a_game_story_makes_a_player(lexicon: Lexicon) -> None:
    text = "San Diego's Joe Musgrove and Cincinnati's Wade Miley threw the others this season."
    found = {(p, c, r) for p, c, r in _labelled_members(text, lexicon)}
    assert ("Joe Musgrove", "San Diego Padres", "Player") in found
    assert ("Wade Miley", "Cincinnati Reds", "Player") in found and ("Wade Miley", "San Diego Padres", "Player") \
        not in found
    assert _labelled_members("Cincinnati's Wade Miley said the city was lovely.", lexicon) == set()


def test_coordinated_titles_are_each_held(lexicon: Lexicon) -> None:
    text = "\"He is ready,\" said Al Dunn, the Kansas City Royals' executive vice president and general manager."
    found = _labelled_members(text, lexicon)
    assert {("Al Dunn", "Kansas City Royals", "Executive"), ("Al Dunn", "Kansas City Royals", "GeneralManager")} \
        <= found


def _labelled_members(text: str, lexicon: Lexicon) -> set[tuple[str, str, str]]:
    return memberships(facts_of(text, lexicon))


def test_an_abbreviation_inside_a_name_stays_in_it(lexicon: Lexicon) -> None:
    text = "\"You can't draw it up any better than that,\" Minnesota Twins president Dave St. Peter said."
    assert [m.label for m in find_mentions(text, lexicon) if m.entity_type == "Person"] == ["Dave St. Peter"]
    assert ("Dave St. Peter", "Minnesota Twins", "Executive") in _labelled_members(text, lexicon)


def test_a_relative_clause_after_a_name_and_its_comma_is_that_names(lexicon: Lexicon) -> None:
    text = ("Al Dunn is expected to be named the manager. He is the son of Ned Carrow, who managed the Minnesota "
            "Twins from 2002-14 and retired as the Detroit Tigers' manager in September.")
    found = _labelled_members(text, lexicon)
    assert ("Ned Carrow", "Minnesota Twins", "Manager") in found
    assert not any(p == "Al Dunn" and c in ("Minnesota Twins", "Detroit Tigers") for p, c, _ in found), found


def test_a_place_is_not_a_person(lexicon: Lexicon) -> None:
    text = ("A New Yorker who went to Boston College, Al Dunn played 29 games for Class A Fort Myers in 2019 before "
            "he moved to San Antonio.")
    assert {m.label for m in find_mentions(text, lexicon) if m.entity_type == "Person"} == {"Al Dunn"}


def test_a_manager_of_something_else_manages_no_club(lexicon: Lexicon) -> None:
    assert _labelled_members("Hedge fund manager Al Dunn spoke with the Los Angeles Dodgers on Monday.",
                             lexicon) == set()
    assert ("Al Dunn", "Los Angeles Dodgers", "Manager") in _labelled_members(
        "Former manager Al Dunn made a bid for the Los Angeles Dodgers.", lexicon) | _labelled_members(
        "Al Dunn managed the Los Angeles Dodgers.", lexicon)


def test_a_head_coach_manages_his_club(lexicon: Lexicon) -> None:
    assert ("Dale Orwin", "Vanderbilt Commodores", "Manager") in _labelled_members(
        "Vanderbilt head coach Dale Orwin said his pitchers were tired.", lexicon)
    found = _labelled_members("Dale Orwin was McNeese State's head coach from 1998-2000.", lexicon)
    assert ("Dale Orwin", "McNeese Cowboys", "Manager") in found
    assert not any(role == "Coach" for _, _, role in found), found
    assert ("Dale Orwin", "Vanderbilt Commodores", "Coach") in _labelled_members(
        "Vanderbilt hired Dale Orwin as its associate head coach.", lexicon)
    # A head coach at a school the reference lacks is no head coach at the one named before.
    found = _labelled_members("Dale Orwin was an assistant at Vanderbilt and was the head coach at Towson from "
                              "2010-12.", lexicon)
    assert ("Dale Orwin", "Vanderbilt Commodores", "Manager") not in found, found


def test_a_titles_word_inside_a_clubs_name_is_no_title(lexicon: Lexicon) -> None:
    found = _labelled_members("Chen Wei-lin, a Uni-President Lions outfielder, hit .410 in the tournament.", lexicon)
    assert found == {("Chen Wei-lin", "Uni-President 7-Eleven Lions", "Player")}, found


def test_a_title_of_one_club_is_not_the_title_at_a_club_of_a_coordinated_clause(lexicon: Lexicon) -> None:
    found = _labelled_members("Ned Carrow was the third base coach for the Florida Marlins when they won the 2003 "
                              "World Series and then managed the Chicago White Sox from 2004-11.", lexicon)
    assert ("Ned Carrow", "Chicago White Sox", "Manager") in found
    assert ("Ned Carrow", "Miami Marlins", "Coach") in found  # the franchise, as the reference labels it
    assert ("Ned Carrow", "Chicago White Sox", "Coach") not in found


def test_a_club_of_another_persons_clause_is_not_that_of_a_player_in_a_clause_below_it(lexicon: Lexicon) -> None:
    found = _labelled_members("Bo Lee was drafted by the Toronto Blue Jays in 2017 out of the University of "
                              "Cincinnati and went to the Los Angeles Dodgers in the trade that sent right-hander "
                              "Al Dunn to the Houston Astros.", lexicon)
    assert not any(person == "Al Dunn" and club in ("Toronto Blue Jays", "Cincinnati Bearcats")
                   for person, club, _ in found), found
    assert ("Bo Lee", "Los Angeles Dodgers", "Player") in found
    # A clause about something of the club is the club's: the post went to him.
    assert ("Al Dunn", "New York Mets", "Manager") in _labelled_members(
        "Bo Lee had been a finalist for the New York Mets' top job in 2011, a post that ultimately went to Al Dunn.",
        lexicon)


def test_a_schools_place_before_a_players_title_in_a_draft_story_is_the_school(lexicon: Lexicon) -> None:
    text = ("The Milwaukee Brewers took Louisville outfielder Dale Morrow fifth, and the Rays took Kansas high school "
            "right-hander Koby Vance. Morrow is the highest pick ever from Louisville.")
    assert _clubs(text, lexicon) == ["milwaukee-brewers", "louisville-cardinals", "tampa-bay-rays",
                                     "louisville-cardinals"]
    assert ("Dale Morrow", "Louisville Cardinals", "Player") in _labelled_members(text, lexicon)
    # Outside a story of the draft or of college play the place is the club's: the Bats.
    assert _clubs("Louisville outfielder Dale Morrow homered twice on Tuesday.", lexicon) == ["louisville-bats"]
    assert _clubs("Texas right-hander Koby Vance took the loss in the third game.", lexicon) == ["texas-rangers"]
    assert _clubs("Arizona outfielder Koby Vance took second on a wild pitch, and Houston right-hander Dale Morrow "
                  "took a no-hitter into the seventh.", lexicon) == ["arizona-diamondbacks", "houston-astros"]


def test_a_club_the_reference_lacks_goes_by_its_city_once_named_in_full(lexicon: Lexicon) -> None:
    text = ("Kumi Sato made her debut with the Yreka Prospectors on Saturday. Yreka owner Dale Morrow said the "
            "crowd was the largest in club history.")
    assert _clubs(text, lexicon) == ["yreka-prospectors", "yreka-prospectors"]
    assert ("Dale Morrow", "Yreka Prospectors", "Owner") in _labelled_members(text, lexicon)


def test_a_nickname_the_article_gives_is_the_persons(lexicon: Lexicon) -> None:
    text = ('Dale Morrow, the longtime Seattle Mariners hitting coach known as "Slam Dunk," threw out the first '
            'pitch. Slam Dunk later signed autographs.')
    assert {label for _, label in people(find_mentions(text, lexicon))} == {"Dale Morrow"}
    # Not a relative's nickname.
    text = 'Dale Morrow, whose brother is known as "Slam Dunk," threw out the first pitch.'
    assert "Slam Dunk" in {label for _, label in people(find_mentions(text, lexicon))}
    # A weekday after a short name is no school's word: "start Cole Tuesday".
    text = "The Yankees will start Gerrit Cole on Monday and Cole Tuesday."
    assert [label for _, label in people(find_mentions(text, lexicon))] == ["Gerrit Cole", "Gerrit Cole"]


def test_a_nickname_given_where_a_pronoun_or_a_surname_names_him_is_his(lexicon: Lexicon) -> None:
    """'known in Japan as', after a surname alone; 'where he was nicknamed', after a pronoun; the headline that
    writes the nickname first is his too, and no club."""
    text = ('"Iron Wall" returns to Osaka\n\nDale Morrow signed with the Yreka Prospectors on Friday. Morrow, known '
            'in Japan as "Iron Wall" for his calm, pitched there for six seasons. In 2015 he joined the Seattle '
            'Mariners, where he was nicknamed "Quiet Storm" by his teammates.')
    mentions = find_mentions(text, lexicon)
    assert {m.label for m in mentions if m.entity_type == "Person"} == {"Dale Morrow"}
    assert not [m for m in mentions if "Iron" in m.surface and m.entity_type != "Person"]


def test_a_surname_shared_with_a_relative_is_the_one_not_introduced_as_one(lexicon: Lexicon) -> None:
    text = ('Dale Morrow was named manager of the Yreka Prospectors. The club also signed his cousin, Pete Morrow, '
            'who will catch. Morrow said he was thrilled.')
    found = people(find_mentions(text, lexicon))
    assert ("Morrow", "Dale Morrow") in found and ("Morrow", "Pete Morrow") not in found


def test_a_birth_name_is_a_name_of_the_person_with_its_surname(lexicon: Lexicon) -> None:
    text = ('Dale Morrow, the old Seattle Mariners catcher, died Tuesday. Born Dalton Eugene Morrow in Fresno in '
            '1931, he grew up on a farm.')
    assert {label for _, label in people(find_mentions(text, lexicon))} == {"Dale Morrow"}


def test_a_club_before_a_list_of_titled_names_titles_each(lexicon: Lexicon) -> None:
    found = _labelled_members("Red Sox president Larry Lucchino and principal owner John Henry said the club was "
                              "pleased. Cubs president Jed Hoyer and outfielder Cody Bellinger spoke.", lexicon)
    assert {("John Henry", "Boston Red Sox", "Owner"), ("Cody Bellinger", "Chicago Cubs", "Player")} <= found
    # A name titled by a club of its own keeps it.
    found = _labelled_members("Yankees manager Aaron Boone and Red Sox manager Alex Cora shook hands.", lexicon)
    assert ("Alex Cora", "New York Yankees", "Manager") not in found
    # Nor one the list's words set against the club, nor one after ", and", which opens a clause.
    found = _labelled_members("Rays manager Kevin Cash and opposing manager Alex Cora shook hands, and Rays ace Tyler "
                              "Glasnow beat them, and right-hander Dale Morrow took the loss.", lexicon)
    assert not {("Alex Cora", "Tampa Bay Rays", "Manager"), ("Dale Morrow", "Tampa Bay Rays", "Player")} & found


def test_a_name_written_as_whose_relative_someone_is_holds_none_of_the_clauses_posts(lexicon: Lexicon) -> None:
    text = ("Dale Morrow hit .476 this spring. Morrow's father, Ned, played in the Boston Red Sox farm system, and his "
            "grandfather, Bo Morrow, pitched for the Chicago Cubs.")
    found = _labelled_members(text, lexicon)
    assert not any(person == "Dale Morrow" for person, _, _ in found)


def test_a_club_being_beaten_is_the_opponent(lexicon: Lexicon) -> None:
    text = "Right-hander Dale Morrow was named the Most Outstanding Player after beating Michigan in Game 2."
    assert not any(club == "Michigan Wolverines" for _, club, _ in _labelled_members(text, lexicon))


def test_a_levels_affiliate_in_a_city_is_the_club_of_that_city(lexicon: Lexicon) -> None:
    text = "Dale Morrow managed the Red Sox' Class A affiliate in Greenville, S.C., in 2007."
    assert ("Dale Morrow", "Greenville Drive", "Manager") in _labelled_members(text, lexicon)


def test_a_star_a_captain_and_a_winner_are_players(lexicon: Lexicon) -> None:
    found = _labelled_members("Former Dodgers star Steve Garvey threw out the first pitch. Giants captain Dale Morrow "
                              "caught it. The Cubs' 18-game winner Ned Haskins and Tigers All-Star Bo Lantz watched.",
                              lexicon)
    assert {("Steve Garvey", "Los Angeles Dodgers", "Player"), ("Dale Morrow", "San Francisco Giants", "Player"),
            ("Ned Haskins", "Chicago Cubs", "Player"), ("Bo Lantz", "Detroit Tigers", "Player")} <= found
    # The game of the stars, and a star that is a hotel's or a figure of speech, name no player.
    found = _labelled_members("Mets manager Dale Morrow led the National League in the All-Star Game, and stayed at a "
                              "five-star hotel. Morrow said the Mets made him feel like a star.", lexicon)
    assert ("Dale Morrow", "New York Mets", "Player") not in found


def test_a_colleges_coach_is_its_head_coach_unless_his_words_name_a_part(lexicon: Lexicon) -> None:
    found = _labelled_members("\"This one is for them,\" Vanderbilt coach Dale Orwin said after the final.", lexicon)
    assert found == {("Dale Orwin", "Vanderbilt Commodores", "Manager")}, found
    found = _labelled_members("Vanderbilt pitching coach Dale Orwin said the staff was tired.", lexicon)
    assert found == {("Dale Orwin", "Vanderbilt Commodores", "Coach")}, found
    # A professional club's coach stays a coach.
    found = _labelled_members("Houston Astros coach Dale Orwin said the staff was tired.", lexicon)
    assert found == {("Dale Orwin", "Houston Astros", "Coach")}, found


def test_a_sentence_naming_no_club_goes_on_about_the_one_the_sentence_before_named(lexicon: Lexicon) -> None:
    text = ("Blue Jays sign Ned Haskins\n\nPublished January 20, 2021\n\nTORONTO (AP) — Ned Haskins signed with the "
            "Toronto Blue Jays on Tuesday.\n\nThat title was tarnished by Houston's sign-stealing scheme. After the "
            "report, owner Bo Lantz fired manager Dale Morrow.\n\nGeneral manager Al Dunn said the deal was done.")
    found = _labelled_members(text, lexicon)
    assert {("Bo Lantz", "Houston Astros", "Owner"), ("Dale Morrow", "Houston Astros", "Manager"),
            ("Al Dunn", "Toronto Blue Jays", "GeneralManager")} <= found, found
    assert not {person for person, club, _ in found if club == "Toronto Blue Jays"} & {"Bo Lantz", "Dale Morrow"}
    # Not a club the sentence before names as where someone came from.
    _states_one_not_the_other(("Cardinals lose again\n\nPublished June 2, 2018\n\nST. LOUIS (AP) — The St. Louis "
                               "Cardinals lost again.\n\nOutfielder Ned Haskins, acquired from the Miami Marlins in "
                               "December, is hitting .262. Catcher Dale Morrow has carried the offense."), lexicon,
                              ("Dale Morrow", "St. Louis Cardinals", "Player"),
                              ("Dale Morrow", "Miami Marlins", "Player"))


def _states_one_not_the_other(text: str, lexicon: Lexicon, stated: tuple[str, str, str],
                              not_stated: tuple[str, str, str]) -> None:
    found = _labelled_members(text, lexicon)
    assert stated in found and not_stated not in found, found


def test_the_team_of_a_new_paragraph_is_the_storys_club(lexicon: Lexicon) -> None:
    _states_one_not_the_other(("Cardinals hire Ned Haskins\n\nPublished October 25, 2021\n\nST. LOUIS (AP) — The "
                               "St. Louis Cardinals hired Ned Haskins as manager on Monday.\n\nHaskins would like to "
                               "bring in Bo Lantz, but Lantz remains under contract with San Diego.\n\nHitting coach "
                               "Dale Morrow will stay, the team said."), lexicon,
                              ("Dale Morrow", "St. Louis Cardinals", "Coach"),
                              ("Dale Morrow", "San Diego Padres", "Coach"))


def test_a_trade_that_names_no_giver_was_made_by_the_club_its_player_is_named_with(lexicon: Lexicon) -> None:
    text = ("Ned Haskins, the face of the Pittsburgh Pirates for most of the last decade, was traded to the San "
            "Francisco Giants on Monday for right-hander Dale Morrow and outfield prospect Bo Lantz.")
    found = facts_of(text, lexicon)
    assert {("Dale Morrow", "Pittsburgh Pirates", "Player"), ("Bo Lantz", "Pittsburgh Pirates", "Player"),
            ("Bo Lantz", "San Francisco Giants", "Player")} <= memberships(found), memberships(found)
    assert ("traded", "Bo Lantz", "Pittsburgh Pirates") in {
        (f["relation"], f["person_label"], f["object_label"]) for f in found}


def test_a_pick_out_of_a_school_was_the_schools_player_not_its_draft(lexicon: Lexicon) -> None:
    text = ("Bo Lantz was traded to the Pirates. Lantz was a second-round pick out of Vanderbilt in 2016 and hit .312 "
            "at Class A San Jose last season. Ned Haskins, the first overall pick in 2011 out of UCLA, went 19-22.")
    found = facts_of(text, lexicon, (2018, 1))
    members = {(f["person_label"], f["object_label"], f["end_year"]) for f in found if f["relation"] == "member"}
    assert {("Bo Lantz", "Vanderbilt Commodores", 2016), ("Ned Haskins", "UCLA Bruins", 2011)} <= members, members
    drafts = {(f["person_label"], f["object_label"]) for f in found if f["relation"] == "drafted"}
    assert not {club for _, club in drafts} & {"Vanderbilt Commodores", "UCLA Bruins", "San Jose Giants"}, drafts


def test_a_clause_opened_as_an_earlier_one_goes_on_with_its_subject(lexicon: Lexicon) -> None:
    text = ("Nationals fire Ned Haskins\n\nPublished July 7, 2025\n\nWASHINGTON (AP) — The Washington Nationals fired "
            "general manager Ned Haskins on Sunday. The rebuild began at the 2021 trade deadline, when Haskins sent "
            "Bo Lantz and Al Dunn to the Los Angeles Dodgers, and picked up in 2022, when he traded Dale Morrow to the "
            "San Diego Padres for Tim Beck.")
    found = facts_of(text, lexicon)
    assert ("Tim Beck", "Washington Nationals", "Player") in memberships(found), memberships(found)
    assert ("Al Dunn", "San Diego Padres", "Player") not in memberships(found)


def test_a_cue_in_a_names_apposition_is_that_names(lexicon: Lexicon) -> None:
    found = _labelled_members("The staff includes pitching coach Ned Haskins, a former Chicago Cubs and Oakland "
                              "Athletics reliever, and hitting coach Dale Morrow.", lexicon)
    assert {("Ned Haskins", "Chicago Cubs", "Player"), ("Ned Haskins", "Oakland Athletics", "Player")} <= found, found
    assert not any(role == "Coach" and club in ("Chicago Cubs", "Oakland Athletics") for _, club, role in found)


def test_an_associate_manager_is_a_coach(lexicon: Lexicon) -> None:
    found = _labelled_members("Ned Haskins, the San Diego Padres' associate manager, will stay.", lexicon)
    assert found == {("Ned Haskins", "San Diego Padres", "Coach")}, found


def test_an_acquisition_that_names_no_club_is_the_paragraphs_clubs(lexicon: Lexicon) -> None:
    story = "Blue Jays release Al Dunn\n\nPublished September 22, 2025\n\nTORONTO (AP) — The Toronto Blue Jays " \
        "released Al Dunn.\n\n"
    found = _labelled_members(story + "The Cincinnati Reds are building around young players. Those young players "
                              "include Ned Haskins and Dale Morrow, who were acquired from the Minnesota Twins for "
                              "right-hander Bo Lantz in July 2022.", lexicon)
    assert {("Ned Haskins", "Cincinnati Reds", "Player"), ("Dale Morrow", "Cincinnati Reds", "Player"),
            ("Dale Morrow", "Minnesota Twins", "Player"), ("Bo Lantz", "Cincinnati Reds", "Player"),
            ("Bo Lantz", "Minnesota Twins", "Player")} <= found, found
    # Not when the sentence names another club it could be.
    text = ("Reds fire manager\n\nPublished September 22, 2025\n\nCINCINNATI (AP) — Ned Haskins, who was acquired "
            "from the Minnesota Twins for Bo Lantz, homered twice for the Chicago Cubs.")
    assert ("Ned Haskins", "Cincinnati Reds", "Player") not in _labelled_members(text, lexicon)
    # Nor the story's club, when the paragraph names none.
    assert ("Ned Haskins", "Toronto Blue Jays", "Player") not in _labelled_members(
        story + "Those young players include Ned Haskins, who was acquired from the Minnesota Twins for Bo Lantz.",
        lexicon)


def test_a_nickname_goes_to_the_named_club_that_bears_it(lexicon: Lexicon) -> None:
    text = ("LSU hires Ned Haskins\n\nPublished June 7, 2021\n\nBATON ROUGE, La. (AP) — LSU hired Ned Haskins as "
            "its coach on Monday. The Tigers' roster is in flux.")
    clubs = {m.surface: m.label for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"}
    assert clubs.get("Tigers") == "LSU Tigers", clubs
    # Not when the article names the club the nickname is the reference's for.
    text = ("LSU's Ned Haskins signs with the Detroit Tigers\n\nPublished June 7, 2021\n\nThe Tigers signed him.")
    clubs = {m.surface: m.label for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"}
    assert clubs.get("Tigers") == "Detroit Tigers", clubs


def test_a_commissioner_runs_the_league_named_before_the_title_or_the_games_own(lexicon: Lexicon) -> None:
    found = _labelled_members("The ruling came from Commissioner Ned Haskins on Tuesday.", lexicon)
    assert found == {("Ned Haskins", "Major League Baseball", "Executive")}, found
    found = _labelled_members("KBO commissioner Dale Morrow presented the trophy.", lexicon)
    assert found == {("Dale Morrow", "KBO League", "Executive")}, found
    # "league commissioner" of a league the sentence does not name is no post at the game's own.
    assert _labelled_members("League commissioner Bo Lantz said the league would grow.", lexicon) == set()


def test_a_city_before_another_nickname_names_another_club(lexicon: Lexicon) -> None:
    text = ("Ned Haskins left home at 18 to play shortstop for the Indianapolis Clowns. In 1953 he played for the "
            "Jacksonville Braves. Houston beat the Milwaukee Braves.")
    clubs = {m.surface: m.label for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"}
    assert clubs == {"Indianapolis Clowns": "Indianapolis Clowns", "Jacksonville Braves": "Jacksonville Braves",
                     "Houston": "Houston Astros", "Milwaukee Braves": "Atlanta Braves"}, clubs


def test_the_one_replaced_held_the_post_at_the_club_spoken_of(lexicon: Lexicon) -> None:
    # The new manager had a coach's post elsewhere too: the one replaced held the one at the story's club.
    text = ("Twins hire Arnie Voss as manager\n\nPublished October 30, 2021\n\nThe Minnesota Twins hired Arnie Voss "
            "as manager on Monday. Voss spent the past three seasons as a coach for the Cleveland Indians.\n\n"
            "Voss replaced Dell Hargrove, who was fired after four seasons.")
    found = {m for m in memberships(facts_of(text, lexicon, (2021, 10))) if m[0] == "Dell Hargrove"}
    assert found == {("Dell Hargrove", "Minnesota Twins", "Manager")}, found


def test_a_post_the_sentence_gives_beside_a_club_in_an_apposition_is_the_paragraphs(lexicon: Lexicon) -> None:
    # The clubs in the appositions tell who the men were; the posts they will hold are the Twins'.
    text = ("Twins add Ned Haskins to staff\n\nPublished November 2, 2018\n\nThe Twins also hired Dale Morrow as "
            "hitting coach. Bo Lantz, a longtime Colorado Rockies coach, will coach third base. Orrin Pellwether, a "
            "former New York Mets pitcher, will be the assistant pitching coach.")
    found = memberships(facts_of(text, lexicon, (2018, 11)))
    assert {("Bo Lantz", "Minnesota Twins", "Coach"), ("Orrin Pellwether", "Minnesota Twins", "Coach"),
            ("Bo Lantz", "Colorado Rockies", "Coach"), ("Orrin Pellwether", "New York Mets", "Player")} <= found, found


def test_a_club_that_frames_the_sentence_leads_it_and_a_club_of_the_standings_is_the_other_side(
        lexicon: Lexicon) -> None:
    text = ("Braves hire Ned Haskins as general manager\n\nPublished November 13, 2017\n\nThe Atlanta Braves hired "
            "Ned Haskins as general manager on Monday. Haskins was the general manager of the Toronto Blue Jays "
            "from 2009 to 2015. In Toronto he acquired Dale Morrow from the Oakland Athletics in November 2014.\n\n"
            "For the Cubs, who trail the St. Louis Cardinals in the NL Central, general manager Bo Lantz called it a "
            "good day. \"We got better,\" said manager Orrin Pellwether, whose team is 8 1/2 games behind the "
            "Yankees.")
    found = memberships(facts_of(text, lexicon, (2017, 11)))
    assert {("Dale Morrow", "Toronto Blue Jays", "Player"), ("Bo Lantz", "Chicago Cubs", "GeneralManager"),
            ("Orrin Pellwether", "Chicago Cubs", "Manager")} <= found, found
    assert not {m for m in found if m[1] in ("St. Louis Cardinals", "New York Yankees")
                or m[:2] == ("Dale Morrow", "Atlanta Braves")}, found


def test_a_college_named_by_its_state_and_its_nickname_is_the_college(lexicon: Lexicon) -> None:
    text = ("Arkansas pitching coach Ned Haskins leaves for the pros\n\nPublished November 2, 2018\n\nHaskins spent "
            "one season at Arkansas, where the Razorbacks reached the final. He grew up in Virginia.")
    clubs = {m.surface: m.label for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"}
    assert clubs == {"Arkansas": "Arkansas Razorbacks", "Razorbacks": "Arkansas Razorbacks"}, clubs
    # Without the nickname, the state alone names no team.
    text = "Haskins spent one season at Arkansas State. He was born in Arkansas."
    assert "Arkansas Razorbacks" not in {m.label for m in read_article(text, lexicon, use_model=True)[0]}


def test_an_organization_the_model_cuts_inside_a_word_is_none(lexicon: Lexicon) -> None:
    text = ("Voss replaced Ned Haskins, who was fired Oct. 2 after four seasons. The Hall of Famer was offered another "
            "position in the organization but has not said whether he will accept it.")
    assert not [m.surface for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Organization"]


def test_a_rule_reads_every_club_of_the_list_it_names(lexicon: Lexicon) -> None:
    text = ("Ned Haskins, a first-round pick of the Montreal Expos in 1980 who played for the Expos, Chicago Cubs, "
            "Cincinnati Reds, Cleveland Indians and Milwaukee Brewers, is in his third season managing Birmingham.")
    found = _labelled_members(text, lexicon)
    assert {("Ned Haskins", club, "Player") for club in ("Chicago Cubs", "Cincinnati Reds", "Milwaukee Brewers")} \
        <= found, found
    assert ("Ned Haskins", "Birmingham Barons", "Manager") in found
    assert not {m for m in found if m[2] == "Manager" and m[1] != "Birmingham Barons"}, found


def test_a_company_is_no_person(lexicon: Lexicon) -> None:
    text = "Brothers win title\n\nCTBC Financial Holding bought the team after the 2013 season."
    assert not [m.surface for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Person"]


def test_a_title_beside_a_club_said_of_someone_else_is_at_the_club_spoken_of(lexicon: Lexicon) -> None:
    text = ("Royals fire Ned Haskins\n\nPublished May 14, 2010\n\nThe Kansas City Royals fired manager Ned Haskins on "
            "Thursday. Bench coach Dale Morrow, who managed the Toronto Blue Jays from 2004 until he was fired in June "
            "2008, will stay in his role, as will pitching coach Bo Lantz and hitting coach Orrin Pellwether.")
    found = memberships(facts_of(text, lexicon, (2010, 5)))
    assert {("Bo Lantz", "Kansas City Royals", "Coach"), ("Orrin Pellwether", "Kansas City Royals", "Coach"),
            ("Dale Morrow", "Toronto Blue Jays", "Manager")} <= found, found
    assert not {m for m in found if m[0] in ("Bo Lantz", "Orrin Pellwether") and m[1] != "Kansas City Royals"}


def test_a_college_coach_of_its_pitchers_is_a_coach(lexicon: Lexicon) -> None:
    text = ("Among the pitchers Ned Haskins coached at Vanderbilt this season, Bo Lantz was a second-round pick. "
            "Dale Morrow coached at Vanderbilt for a decade.")
    found = _labelled_members(text, lexicon)
    assert {("Ned Haskins", "Vanderbilt Commodores", "Coach"),
            ("Dale Morrow", "Vanderbilt Commodores", "Manager")} <= found, found


def test_a_post_as_a_title_the_model_reads_as_a_verb_is_a_post(lexicon: Lexicon) -> None:
    text = "The Twins also hired Ned Haskins, the New York Yankees' minor league hitting coordinator, as hitting coach."
    assert ("Ned Haskins", "Minnesota Twins", "Coach") in _labelled_members(text, lexicon)


def test_a_place_as_a_words_first_part_is_no_club(lexicon: Lexicon) -> None:
    text = ("His partners include Ned Haskins, the chief executive of Cleveland-based Union Home Mortgage. "
            "Naimoli's Devil Rays never won more than 70 games.")
    clubs = {m.surface: m.label for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"}
    assert clubs == {"Devil Rays": "Tampa Bay Rays"}, clubs


def test_the_club_after_a_move_is_the_one_that_made_it(lexicon: Lexicon) -> None:
    text = ("In a separate move Tuesday, Toronto claimed right-hander Ned Haskins off waivers from the Miami Marlins. "
            "The club also designated left-hander Bo Lantz for assignment.")
    clubs = {m.surface: m.label for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"}
    assert clubs["The club"] == "Toronto Blue Jays", clubs


def test_an_acquisition_that_names_no_club_in_a_new_paragraph_is_the_storys(lexicon: Lexicon) -> None:
    text = ("Blue Jays release Ned Haskins\n\nPublished December 11, 2018\n\nThe Toronto Blue Jays released Ned "
            "Haskins on Tuesday.\n\nHaskins was acquired from the Colorado Rockies in July 2015 along with reliever "
            "Bo Lantz for shortstop Dale Morrow and three pitching prospects: Orrin Pellwether, Hal Brandt and Cy "
            "Tolliver.")
    found = memberships(facts_of(text, lexicon, (2018, 12)))
    assert {(p, "Toronto Blue Jays", "Player") for p in ("Bo Lantz", "Dale Morrow", "Orrin Pellwether", "Hal Brandt",
                                                        "Cy Tolliver")} <= found, found


def test_a_clubs_name_in_the_singular_is_the_club(lexicon: Lexicon) -> None:
    text = "Ned Haskins is a St. Louis Cardinal. Dale Morrow, a former Met, was there. Bo Lantz is a Cardinals fan."
    clubs = [(m.surface, m.label) for m in read_article(text, lexicon, use_model=True)[0] if m.entity_type == "Team"]
    assert clubs == [("St. Louis Cardinal", "St. Louis Cardinals"), ("Met", "New York Mets"),
                     ("Cardinals", "St. Louis Cardinals")], clubs
    assert ("Ned Haskins", "St. Louis Cardinals", "Player") in _labelled_members(text, lexicon)


def test_a_title_beside_a_former_club_is_at_the_club_spoken_of(lexicon: Lexicon) -> None:
    text = ("Yankees win behind Cole\n\nPublished June 18, 2021\n\nNEW YORK (AP) — The game ended when Bo Lantz "
            "grounded to second baseman Ned Haskins, himself a former Ranger. \"Tommy was the Dodgers,\" Haskins "
            "said.")
    found = memberships(facts_of(text, lexicon, (2021, 6)))
    assert ("Ned Haskins", "New York Yankees", "Player") in found, found
    assert not {m for m in found if m[1] == "Los Angeles Dodgers"}, found


def test_the_one_a_college_head_coach_replaces_was_its_head_coach(lexicon: Lexicon) -> None:
    text = ("Vanderbilt hires Ned Haskins to replace Dale Morrow\n\nPublished June 24, 2022\n\nNASHVILLE, Tenn. (AP) — "
            "Vanderbilt hired Ned Haskins as its baseball coach on Friday.")
    found = memberships(facts_of(text, lexicon, (2022, 6)))
    assert {("Ned Haskins", "Vanderbilt Commodores", "Manager"),
            ("Dale Morrow", "Vanderbilt Commodores", "Manager")} <= found, found


def test_a_club_a_candidacy_names_is_no_post_of_the_candidates_title(lexicon: Lexicon) -> None:
    text = ("Mets fire Ned Haskins\n\nPublished May 14, 1984\n\nThe New York Mets fired manager Ned Haskins. Tidewater "
            "manager Dale Morrow, whose Tides won the title last year, is considered a leading candidate to manage "
            "the Mets next season, though Cashen said no decision would be made until the fall.")
    assert ("Dale Morrow", "New York Mets", "Manager") not in memberships(facts_of(text, lexicon, (1984, 5)))


def _events(text: str, lexicon: Lexicon, relation: str) -> set[tuple[str, str, int | None]]:
    return {(f["person_label"], f["object_label"], f["year"]) for f in facts_of(text, lexicon, (2020, 6))
            if f["relation"] == relation}


def test_a_title_set_off_after_a_surname_is_his(lexicon: Lexicon) -> None:
    text = ("Pete Ostrova and Dale Morrow met again. Ostrova, then the Seattle Mariners' general manager, hired "
            "Morrow in May 2004.")
    members = _labelled_members(text, lexicon)
    assert ("Pete Ostrova", "Seattle Mariners", "GeneralManager") in members
    assert ("Dale Morrow", "Seattle Mariners", "GeneralManager") not in members


def test_a_singular_relative_clause_after_a_list_is_its_last_names(lexicon: Lexicon) -> None:
    text = ("The pitcher met Orioles general manager Pete Ostrova and Dale Morrow, who was hired last week to "
            "replace Sam Kettering.")
    assert _events(text, lexicon, "hired") == {("Dale Morrow", "Baltimore Orioles", 2020)}


def test_the_one_someone_played_for_is_not_drafted_with_him(lexicon: Lexicon) -> None:
    text = ("Dale Morrow and Pete Ostrova both spoke. Morrow played for Ostrova from 1994-97 and was drafted by the "
            "Seattle Mariners in the ninth round in 1997.")
    assert _events(text, lexicon, "drafted") == {("Dale Morrow", "Seattle Mariners", 1997)}
    assert not {m for m in _labelled_members(text, lexicon) if m[0] == "Pete Ostrova"}


def test_a_club_written_after_another_persons_name_is_his(lexicon: Lexicon) -> None:
    text = "Dale Morrow spoke. Closer Pete Ostrova struck out Sam Kettering of the Seattle Mariners to end it."
    members = _labelled_members(text, lexicon)
    assert ("Sam Kettering", "Seattle Mariners", "Player") in members
    assert ("Pete Ostrova", "Seattle Mariners", "Player") not in members


def test_a_high_school_is_no_club(lexicon: Lexicon) -> None:
    text = "Dale Morrow was drafted in 2007 out of Notre Dame High School in Sherman Oaks and out of Texas Academy."
    assert not [m for m in find_mentions(text, lexicon) if m.entity_type == "Team"]


def test_a_college_goes_by_its_school_not_a_shorter_place(lexicon: Lexicon) -> None:
    text = ("Stanford lost to Cal State Fullerton on Sunday. Dale Morrow left Cal for the job, and Oregon State "
            "beat Oregon.")
    clubs = {m.surface: m.label for m in find_mentions(text, lexicon) if m.entity_type == "Team"}
    assert clubs.get("Cal State Fullerton") == "Cal State Fullerton Titans" and "Cal" not in clubs
    assert clubs.get("Oregon State") == "Oregon State Beavers" and clubs.get("Oregon") != "Oregon State Beavers"


def test_clubs_one_pitched_for_are_not_the_title_of_another_clause(lexicon: Lexicon) -> None:
    text = ("Dale Morrow spoke. He later pitched for the Seattle Mariners, the Texas Rangers and the Angels, with whom "
            "he won a pennant, and has been a broadcaster for two decades.")
    members = _labelled_members(text, lexicon)
    assert {m for m in members if m[2] == "Player"} == {("Dale Morrow", club, "Player") for club in (
        "Seattle Mariners", "Texas Rangers", "Los Angeles Angels")}
    assert not {m for m in members if m[2] == "Broadcaster"}


def test_a_club_of_another_sport_is_no_baseball_club(lexicon: Lexicon) -> None:
    text = ("Dale Morrow died Sunday. His son, Pete Morrow, played for the NFL's Baltimore Sharks. Sam Kettering was "
            "a basketball star with the Baltimore Miners before he pitched.")
    mentions = find_mentions(text, lexicon)
    assert {m.label: m.entity_type for m in mentions if m.entity_type != "Person"} == {
        "Baltimore Sharks": "Organization", "Baltimore Miners": "Organization"}
    assert not [f for f in facts_of(text, lexicon) if f["relation"] == "member"]


def test_the_subject_of_the_last_main_clause_goes_on(lexicon: Lexicon) -> None:
    text = ("Dale Morrow managed the Seattle Mariners. He took over in May 1992 after Pete Ostrova died, and led the "
            "club to a pennant. He returned to the Mariners as a coach in 1996.")
    assert [label for surface, label in people(find_mentions(text, lexicon)) if surface == "He"] == [
        "Dale Morrow", "Dale Morrow"]


def test_a_post_as_a_title_of_a_club_is_held_however_far_the_name(lexicon: Lexicon) -> None:
    text = ("Mariners introduce Morrow\n\nSEATTLE (AP) — Dale Morrow, the flamboyant former outfielder who played "
            "for the New York Mets and the Texas Rangers in the 1990s before a long career in Japan, was introduced "
            "Thursday as manager of the Seattle Mariners, wearing a wine-red suit with an oversized collar.")
    assert ("Dale Morrow", "Seattle Mariners", "Manager") in _labelled_members(text, lexicon)


def test_one_replaced_with_another_leaves_him_his_post(lexicon: Lexicon) -> None:
    text = ("Mariners fire Ostrova\n\nSEATTLE (AP) — The Seattle Mariners fired manager Pete Ostrova on Thursday "
            "and replaced him with Dale Morrow, the former Texas Rangers manager who had been working as a special "
            "adviser to general manager Sam Kettering.")
    members = _labelled_members(text, lexicon)
    assert ("Dale Morrow", "Seattle Mariners", "Manager") in members
    assert ("Pete Ostrova", "Texas Rangers", "Manager") not in members


def test_a_headline_and_a_dateline_are_no_part_of_the_first_sentence(lexicon: Lexicon) -> None:
    """Nor of its parse: the model reads the story's first sentence alone."""
    from spark_etl import parse

    text = ("Mariners name Dale Morrow general manager\n\nPublished September 18, 2018\n\nSEATTLE (AP) — The "
            "Seattle Mariners on Monday named Dale Morrow as their general manager.")
    mentions, parses = read_article(text, lexicon)
    body = text.index("The Seattle")
    assert {m.sentence_start for m in mentions if m.start >= body} == {body}
    assert [t.text for t in parse.parsed(parses[body], body).tokens if t.dep == "ROOT"] == ["named"]
    assert [t.text for t in parse.parsed(parses[0], 0).tokens if t.dep == "ROOT"] == ["name"]


def test_a_surname_used_alone_for_one_person_goes_on_standing_for_him(lexicon: Lexicon) -> None:
    text = ("The Lotte Giants named Choi Jae-hong their manager on Monday. Choi, 61, signed a two-year deal. He "
            "replaces Choi Min-ho, whose contract ran out. Owner Choi Dong-su approved the hire. Born in Busan, Choi "
            "managed the LG Twins from 2001-04.")
    found = people(find_mentions(text, lexicon))
    assert ("Choi", "Choi Jae-hong") in found and ("Choi", "Choi Dong-su") not in found
    assert ("Choi Jae-hong", "LG Twins", "Manager") in _labelled_members(text, lexicon)
    # A surname no one went by alone before two people of it came in stays unresolved.
    assert ("Wilpon", "Jeff Wilpon") not in people(find_mentions("Jeff Wilpon and Fred Wilpon met. Wilpon spoke.",
                                                                 lexicon))


def test_a_school_goes_by_a_name_the_reference_gives_a_club_the_article_does_not_name(lexicon: Lexicon) -> None:
    text = ("AUSTIN (AP) — Texas hired Tulane coach Dale Morrow on Monday. Morrow took the Green Wave to the NCAA "
            "tournament twice. \"This is a great day for the Longhorns,\" Morrow said.")
    clubs = {(m.surface, m.label) for m in find_mentions(text, lexicon) if m.entity_type == "Team"}
    assert ("Texas", "Texas Longhorns") in clubs and ("Texas", "Texas Rangers") not in clubs
    # Beside the club's own name, the place stays the club's.
    text = ("Texas beat the Longhorns in an exhibition, and the Rangers' manager Dale Morrow said Texas looked "
            "sharp.")
    clubs = {(m.surface, m.label) for m in find_mentions(text, lexicon) if m.entity_type == "Team"}
    assert ("Texas", "Texas Longhorns") not in clubs


def test_a_club_past_another_persons_clause_is_his(lexicon: Lexicon) -> None:
    """The model hangs "for the Texas Rangers" on "hit", past the clause of Lee's own verb."""
    text = ("Dale Morrow played for the Seattle Mariners. He hit .394 in 2001, the highest average in the majors "
            "since Bo Lee batted .406 for the Texas Rangers in 1980, before a strike ended the season.")
    members = _labelled_members(text, lexicon)
    assert ("Bo Lee", "Texas Rangers", "Player") in members
    assert ("Dale Morrow", "Texas Rangers", "Player") not in members


def test_a_relative_clause_after_a_title_written_like_a_name_is_the_persons(lexicon: Lexicon) -> None:
    text = "Dale Morrow, the Hall of Famer who spent 15 seasons with the Seattle Mariners, died Monday."
    assert ("Dale Morrow", "Seattle Mariners", "Player") in _labelled_members(text, lexicon)


def test_an_analyst_for_an_outlet_is_its_broadcaster(lexicon: Lexicon) -> None:
    found = _labelled_members("Dale Morrow spent the past season as an analyst for ESPN. Bo Lee became an ESPN "
                              "analyst in 2010.", lexicon)
    assert {("Dale Morrow", "ESPN", "Broadcaster"), ("Bo Lee", "ESPN", "Broadcaster")} <= found
    # A title before another's name is that one's.
    assert not _labelled_members("Dale Morrow told ESPN analyst Bo Lee that he was happy.", lexicon) & {
        ("Dale Morrow", "ESPN", "Broadcaster")}


def test_a_schools_athletic_director_is_its_executive(lexicon: Lexicon) -> None:
    found = _labelled_members("San Diego State athletic director Dale Morrow said the school would honor him.",
                              lexicon)
    assert ("Dale Morrow", "San Diego State Aztecs", "Executive") in found


def test_the_club_one_is_signed_away_from_is_his_alone(lexicon: Lexicon) -> None:
    found = _labelled_members("Last winter the Lotte Giants signed free agent second baseman Dale Morrow away from "
                              "the Doosan Bears and outfielder Bo Lee away from the LG Twins.", lexicon)
    assert {("Dale Morrow", "Doosan Bears", "Player"), ("Bo Lee", "LG Twins", "Player")} <= found
    assert not {("Dale Morrow", "LG Twins", "Player"), ("Bo Lee", "Doosan Bears", "Player")} & found


def test_a_title_another_persons_clause_gives_him_is_not_the_listed_players(lexicon: Lexicon) -> None:
    found = _labelled_members("Dale Morrow caught for the Padres. San Diego traded him to the Mariners in 1980 for "
                              "pitchers Bo Lee and Carl Reyes, and he became the Mariners' manager in 1984.", lexicon)
    assert ("Bo Lee", "Seattle Mariners", "Player") in found
    assert not {("Bo Lee", "Seattle Mariners", "Manager"), ("Carl Reyes", "Seattle Mariners", "Manager")} & found


def test_a_captains_or_an_advisers_title_is_no_part_of_the_name(lexicon: Lexicon) -> None:
    people = {m.label for m in find_mentions("Captain Dale Morrow said the Mets would win. Adviser Bo Lee agreed.",
                                             lexicon) if m.entity_type == "Person"}
    assert people == {"Dale Morrow", "Bo Lee"}


def test_a_name_after_the_and_a_city_is_a_clubs(lexicon: Lexicon) -> None:
    """"Toledo" is the reference's; the words after it, with "the" before, are no person."""
    text = ("Dale Morrow caught for the Toledo Blue Stockings in 1884. The Des Moines Demons of the Western League "
            "signed Bo Lee.")
    found = {(m.label, m.entity_type) for m in find_mentions(text, lexicon)}
    assert ("Blue Stockings", "Person") not in found and ("Des Moines Demons", "Person") not in found
    assert ("Des Moines Demons", "Team") in found and ("Bo Lee", "Person") in found


def test_a_month_before_an_initial_is_a_given_name(lexicon: Lexicon) -> None:
    text = "Owner August R. Morrow fired him in 1969. In August B. J. Lee signed."
    people = {m.label for m in find_mentions(text, lexicon) if m.entity_type == "Person"}
    assert "August R. Morrow" in people and "B. J. Lee" in people


def test_the_title_a_clubs_relative_clause_opens_with_is_the_clubs(lexicon: Lexicon) -> None:
    _states_one_not_the_other("The Seattle Mariners, whose owner Dale Morrow had hoped to sign him, and the Texas "
                              "Rangers were the last clubs in the running.", lexicon,
                              ("Dale Morrow", "Seattle Mariners", "Owner"), ("Dale Morrow", "Texas Rangers", "Owner"))


def test_a_title_the_word_club_opens_is_the_clubs_and_a_farm_director_an_executive(lexicon: Lexicon) -> None:
    found = _labelled_members("The Mariners' offer, drawn up by club president Dale Morrow, was the largest. "
                              "Rangers farm director Bo Lee said so.", lexicon)
    assert {("Dale Morrow", "Seattle Mariners", "Executive"), ("Bo Lee", "Texas Rangers", "Executive")} <= found


def test_they_after_a_sentence_about_a_club_in_its_relative_clause_is_that_club(lexicon: Lexicon) -> None:
    found = _labelled_members("The trade ends a long winter for the Mariners, who finished third last season. In "
                              "October they acquired outfielder Dale Morrow from the Texas Rangers.", lexicon)
    assert ("Dale Morrow", "Seattle Mariners", "Player") in found


def test_kintetsu_is_its_own_club(lexicon: Lexicon) -> None:
    clubs = {(m.surface, m.label) for m in find_mentions("Kintetsu ace Dale Morrow will not join Orix.", lexicon)
             if m.entity_type == "Team"}
    assert ("Kintetsu", "Osaka Kintetsu Buffaloes") in clubs


def test_a_title_bound_to_one_club_is_not_held_at_another_through_a_pronoun(lexicon: Lexicon) -> None:
    _states_one_not_the_other("Mariners owner Dale Morrow built his club with help from the Texas Rangers, who let "
                              "Bo Lee and Carl Reyes play for him.", lexicon,
                              ("Dale Morrow", "Seattle Mariners", "Owner"), ("Dale Morrow", "Texas Rangers", "Owner"))


def test_a_club_that_is_the_subject_of_an_adverbial_clause_acts_on_its_own(lexicon: Lexicon) -> None:
    _states_one_not_the_other("The 1954 Mariners, managed by Dale Morrow, won 111 games before the Texas Rangers "
                              "swept them in the playoffs.", lexicon, ("Dale Morrow", "Seattle Mariners", "Manager"),
                              ("Dale Morrow", "Texas Rangers", "Manager"))
    # Nor is one named in that clause only: "when the Mariners beat the Rangers" still dates his own years.
    assert ("Bo Lee", "Seattle Mariners", "Player") in _labelled_members(
        "Bo Lee spent his career with the Seattle Mariners. He made his debut in April 2014, hit 174 home runs in "
        "seven seasons and was the MVP of the 2017 World Series, when the Mariners beat the Texas Rangers.", lexicon)
    # Without another club the person's title is the one club's, whatever its clause does.
    assert ("Dale Morrow", "Texas Rangers", "GeneralManager") in _labelled_members(
        "Bo Lee said he felt slighted by general manager Dale Morrow after the Texas Rangers, who reached the "
        "playoffs in 2017, did little to improve the roster.", lexicon)


def test_a_post_the_one_replaced_went_on_to_is_not_his_successors(lexicon: Lexicon) -> None:
    found = _labelled_members("Dale Morrow was hired as manager of the Seattle Mariners. He replaces Bo Lee, who "
                              "resigned in November to become a scout for the Texas Rangers.", lexicon)
    assert {("Bo Lee", "Texas Rangers", "Scout"), ("Bo Lee", "Seattle Mariners", "Manager")} <= found
    assert ("Dale Morrow", "Texas Rangers", "Scout") not in found


def test_the_object_of_a_clause_of_time_is_the_subject_of_the_clause_it_times(lexicon: Lexicon) -> None:
    """Even where the model hangs "before the Royals" on "title", and "hired" on "led"."""
    text = ("Dale Morrow was hired Tuesday. His hiring follows a path opened in Japan, where Bo Lee manages the Chiba "
            "Lotte Marines, the Lotte Group's Japanese club, and Carl Reyes led the Hokkaido Nippon-Ham Fighters to "
            "the 2006 Japan Series title before the Kansas City Royals hired him last month.")
    pronouns = {(m.surface, m.label) for m in find_mentions(text, lexicon) if m.kind == "pronoun"}
    assert ("him", "Carl Reyes") in pronouns


def test_a_city_is_the_one_club_of_it_the_article_names(lexicon: Lexicon) -> None:
    found = _labelled_members("The Los Angeles Dodgers traded Dale Morrow to the Atlanta Braves in a six-player deal "
                              "that sent Bo Lee to Los Angeles.", lexicon)
    assert ("Bo Lee", "Los Angeles Dodgers", "Player") in found


def test_a_given_name_cut_short_is_the_full_names(lexicon: Lexicon) -> None:
    text = ("Seattle honors Dell Morrow\n\nA catcher named James Dellwood Morrow joined the Seattle Mariners in 1983. "
            "His brother, Weldy Morrow, joined him in 1984.")
    people = {(m.surface, m.label) for m in find_mentions(text, lexicon) if m.entity_type == "Person"}
    assert ("Dell Morrow", "James Dellwood Morrow") in people and ("Weldy Morrow", "Weldy Morrow") in people


def test_a_state_after_a_town_is_a_place_even_where_it_ends_the_sentence(lexicon: Lexicon) -> None:
    text = ("Dale Morrow signed him when he was a high school pitcher in Hertford, N.C. Morrow spent two weeks there. "
            "He debuted in Louisville, Ky., in 1990.")
    found = {(m.surface, m.label, m.entity_type) for m in find_mentions(text, lexicon)}
    assert ("Morrow", "Dale Morrow", "Person") in found
    assert not any(label.startswith("N.C.") for _, label, _ in found)
    assert not any(surface == "Louisville" for surface, _, _ in found)


def test_a_pronoun_subject_is_not_the_name_in_the_clause_its_verb_governs(lexicon: Lexicon) -> None:
    found = _labelled_members("Dale Morrow was a star at 19. He pitched for the Birmingham Black Barons before Bo Lee "
                              "signed him.", lexicon)
    assert ("Dale Morrow", "Birmingham Black Barons", "Player") in found
    assert not any(person == "Bo Lee" for person, _, _ in found)
    # Whoever "He" is, where the article has not said.
    assert not _labelled_members("He pitched for the Birmingham Black Barons before Bo Lee signed him.", lexicon)


def test_a_player_of_a_trade_nested_in_another_clause_goes_to_that_trades_clubs(lexicon: Lexicon) -> None:
    found = _labelled_members("The Baltimore Orioles lost ace Dale Morrow to the Arizona Diamondbacks in December, 10 "
                              "months after acquiring him from the Milwaukee Brewers for infielder Bo Lee.", lexicon)
    assert {("Bo Lee", "Milwaukee Brewers", "Player"), ("Bo Lee", "Baltimore Orioles", "Player")} <= found
    assert ("Bo Lee", "Arizona Diamondbacks", "Player") not in found


def test_the_players_one_went_for_join_the_club_he_left(lexicon: Lexicon) -> None:
    found = _labelled_members("Dale Morrow won 92 games for the Oakland Athletics. Morrow went to the St. Louis "
                              "Cardinals in December for Bo Lee and Al Dunn.", lexicon)
    assert {("Bo Lee", "St. Louis Cardinals", "Player"), ("Al Dunn", "Oakland Athletics", "Player"),
            ("Dale Morrow", "St. Louis Cardinals", "Player")} <= found
    assert _labelled_members("Dale Morrow went to the St. Louis Cardinals for a tryout with Bo Lee.", lexicon) <= {
        ("Dale Morrow", "St. Louis Cardinals", "Player")}


def test_a_participle_about_one_club_is_not_about_another(lexicon: Lexicon) -> None:
    found = _labelled_members("The Samsung Lions lost the final to the Hyundai Unicorns, managed by Dale Morrow.",
                              lexicon)
    assert found == {("Dale Morrow", "Hyundai Unicorns", "Manager")}
    # Where the model hangs the participle on the verb.
    found = _labelled_members("Bo Lee joined Samsung's staff this season, and the Samsung Lions lost the Korean "
                              "Series last week in nine games to the Hyundai Unicorns, managed by Dale Morrow.",
                              lexicon)
    assert ("Dale Morrow", "Samsung Lions", "Manager") not in found
    facts = facts_of("The Baltimore Orioles, owned by Dale Morrow since 1993, fired the manager.", lexicon)
    assert {(f["relation"], f["person_label"]) for f in facts} == {("member", "Dale Morrow")}


def test_his_after_a_subject_is_the_subjects_not_a_possessor_under_a_preposition(lexicon: Lexicon) -> None:
    text = ("Dale Morrow was hired Tuesday. He spent this season on Bo Lee's staff, working with infielders, his first "
            "season as a coach since 2004, when he was the Seattle Mariners' hitting coach.")
    pronouns = {(m.surface, m.label) for m in find_mentions(text, lexicon) if m.kind == "pronoun"}
    assert ("his", "Dale Morrow") in pronouns and ("his", "Bo Lee") not in pronouns
    assert ("Bo Lee", "Seattle Mariners", "Coach") not in _labelled_members(text, lexicon)


def test_a_given_name_that_opens_a_sentence_before_a_preposition_is_the_word(lexicon: Lexicon) -> None:
    text = ("Early Morrow pitched for the Cleveland Indians. Early in the 1951 season he was sent to the Chicago White "
            "Sox.")
    assert ("Early", "Early Morrow") not in {(m.surface, m.label) for m in find_mentions(text, lexicon)}


def test_a_city_alone_is_the_club_that_played_there_in_the_articles_year(lexicon: Lexicon) -> None:
    def members(year: int, sentence: str) -> set[tuple[str, str, str]]:
        return _labelled_members(f"Headline\n\nPublished July 16, {year}\n\n{sentence}", lexicon)

    assert ("Dale Morrow", "Oakland Athletics", "Player") in members(1958, "Dale Morrow was traded to Kansas City.")
    assert ("Dale Morrow", "Kansas City Royals", "Player") in members(2015, "Dale Morrow was traded to Kansas City.")
    assert ("Dale Morrow", "Atlanta Braves", "Player") in members(1955, "Dale Morrow hit two homers for Milwaukee.")
    # No club of the reference played in Kansas City in 1951, and two played in Boston in 1950.
    assert members(1951, "The New York Yankees sent Dale Morrow to Kansas City.") == {
        ("Dale Morrow", "New York Yankees", "Player")}
    assert not members(1950, "Dale Morrow hit two homers for Boston.")


def test_a_city_two_clubs_shared_is_the_one_the_article_names(lexicon: Lexicon) -> None:
    def members(year: int, sentences: str) -> set[tuple[str, str, str]]:
        return _labelled_members(f"Headline\n\nPublished July 16, {year}\n\n{sentences}", lexicon)

    traded = "Dale Morrow was traded to Philadelphia."
    assert ("Dale Morrow", "Oakland Athletics", "Player") in members(1933, f"The Athletics lost again. {traded}")
    assert ("Dale Morrow", "Philadelphia Phillies", "Player") in members(1933, f"The Phillies lost again. {traded}")
    assert not members(1933, f"Rain fell again. {traded}")
    assert ("Dale Morrow", "Philadelphia Phillies", "Player") in members(1960, f"The Athletics lost again. {traded}")
    assert ("Dale Morrow", "Los Angeles Dodgers", "Player") in members(1946, "Dale Morrow hit two homers for Brooklyn.")
    assert not members(1970, "Dale Morrow hit two homers for Brooklyn.")


def test_a_league_the_reference_lacks_is_read_by_its_own_name(lexicon: Lexicon) -> None:
    text = ("Dale Morrow managed Trenton of the Interstate League and won the Class B New England League in 1946. "
            "He won the American League Championship Series and coached in Little League. In League play he hit .300.")
    leagues = {m.label for m in find_mentions(text, lexicon) if m.entity_type == "League"}
    assert leagues == {"Interstate League", "New England League", "American League"}


def test_a_title_a_player_went_by_is_his_given_name(lexicon: Lexicon) -> None:
    text = ("Connie Mack sold Lefty Grove to the Red Sox. Lefty Zach Eflin started. Outfielders Joe Kelley and Al Dunn "
            "left.")
    people = {m.label for m in find_mentions(text, lexicon) if m.entity_type == "Person"}
    assert people == {"Connie Mack", "Lefty Grove", "Zach Eflin", "Joe Kelley", "Al Dunn"}


def test_a_subject_pronoun_passes_over_a_possessor_its_sentence_names(lexicon: Lexicon) -> None:
    text = ("Dale Morrow died Tuesday. Over the next decade he played for a dozen clubs, among them Al Dunn's Chicago "
            "American Giants, the Harrisburg Giants, whom he managed from 1924-27, and the Homestead Grays.")
    pronouns = {(m.start, m.label) for m in find_mentions(text, lexicon) if m.kind == "pronoun"}
    assert (text.index("whom he") + 5, "Dale Morrow") in pronouns
    # But the possessor of a common noun is its sentence's man.
    text = ("Al Dunn signed Dale Morrow in 1945. The Giants bought Tim Beck's contract from the Eagles in 1949, and "
            "after a stint in Jersey City he was called up in July.")
    pronouns = {(m.start, m.label) for m in find_mentions(text, lexicon) if m.kind == "pronoun"}
    assert (text.index("he was"), "Tim Beck") in pronouns


def test_the_players_a_manager_sold_were_his_clubs(lexicon: Lexicon) -> None:
    text = ("Athletics sell Simmons\n\nPublished December 13, 1933\n\nConnie Mack has managed the Philadelphia "
            "Athletics since 1901. He sold Al Simmons and Mule Haas to the Chicago White Sox for $100,000.")
    found = _labelled_members(text, lexicon)
    assert {("Mule Haas", "Oakland Athletics", "Player"), ("Mule Haas", "Chicago White Sox", "Player")} <= found


def test_one_replaced_with_another_gives_him_the_post_the_paragraph_gives_the_one_replaced(lexicon: Lexicon) -> None:
    text = ("Red Sox news\n\nPublished December 13, 1933\n\nTom Yawkey bought the Boston Red Sox in February and "
            "made Dale Morrow the club's general manager. Morrow has already replaced manager Al Dunn with Tim Beck.")
    found = _labelled_members(text, lexicon)
    assert {("Al Dunn", "Boston Red Sox", "Manager"), ("Tim Beck", "Boston Red Sox", "Manager")} <= found


def test_the_player_a_club_gave_for_another_joins_the_club_the_article_gives_that_one(lexicon: Lexicon) -> None:
    text = ("Al Dunn caught for the Philadelphia Athletics for nine seasons. The Detroit Tigers gave $100,000 and "
            "catcher Tim Beck for Dunn.")
    found = _labelled_members(text, lexicon)
    assert {("Tim Beck", "Oakland Athletics", "Player"), ("Al Dunn", "Detroit Tigers", "Player")} <= found


def test_a_club_name_that_ends_a_persons_name_is_his_surname(lexicon: Lexicon) -> None:
    text = "The Orioles got outfielder Don Baylor and pitcher Reggie Cleveland from the Texas Rangers."
    mentions = find_mentions(text, lexicon)
    assert {("Don Baylor", "Don Baylor"), ("Reggie Cleveland", "Reggie Cleveland")} <= set(people(mentions))
    assert not any(m.label in ("Baylor Bears", "Cleveland Guardians", "Cleveland Indians") for m in mentions)
    assert any(m.label == "Texas Rangers" for m in mentions)


def test_a_title_that_runs_into_another_clauses_subject_is_no_post_someone_was_sent_to(lexicon: Lexicon) -> None:
    text = ("The Toronto Blue Jays traded Al Dunn to the Seattle Mariners on Monday, a day after sending Tim Beck to "
            "the Detroit Tigers, as general manager Dale Morrow rebuilt the 2019 team.")
    facts = facts_of(text, lexicon, date=(2021, 7))
    found = memberships(facts)
    assert {("Tim Beck", "Toronto Blue Jays", "Player"), ("Tim Beck", "Detroit Tigers", "Player"),
            ("Al Dunn", "Toronto Blue Jays", "Player")} <= found
    assert not any(person == "Tim Beck" and role != "Player" for person, _, role in found)
    # "the 2019 team" tells which team, not when: the trade is the story's, on its Monday.
    assert {f["year"] for f in facts if f["relation"] == "traded"} == {2021}


def test_players_a_list_gives_for_others_left_the_one_trading_club_the_article_gives_them(lexicon: Lexicon) -> None:
    text = ("The Toronto Blue Jays traded Al Dunn to the Seattle Mariners on Monday. Dunn and right-hander Tim Beck "
            "went to the Mariners for outfielder Dale Morrow, Seattle's top pick last year. Dunn, 29, was a "
            "first-round pick out of the University of Texas.")
    found = memberships(facts_of(text, lexicon, date=(2021, 7)))
    assert {("Dale Morrow", "Toronto Blue Jays", "Player"), ("Tim Beck", "Toronto Blue Jays", "Player")} <= found
    assert not any(person == "Dale Morrow" and "Texas" in club for person, club, _ in found)


def test_a_nickname_in_parentheses_stays_out_of_the_name(lexicon: Lexicon) -> None:
    text = "Harold (Boots) Dunn, the club's general manager, said so. Dunn and Clarence (Pants) Beck agreed."
    found = people(find_mentions(text, lexicon))
    assert {("Harold (Boots) Dunn", "Harold Dunn"), ("Clarence (Pants) Beck", "Clarence Beck")} <= set(found)


def test_a_korean_name_in_its_own_order_goes_by_its_family_name(lexicon: Lexicon) -> None:
    # "Park", a word of places too, is his family name.
    text = ("Park Dong-hyun signed with the LG Twins on Tuesday. His teammate Lee Seung-min stayed. The Dodgers "
            "signed Park out of college in 1994, and he won 80 games for them.")
    mentions = find_mentions(text, lexicon)
    assert (text.index("Park out"), "Park Dong-hyun") in {(m.start, m.label) for m in mentions}
    pronouns = {(m.start, m.label) for m in mentions if m.kind == "pronoun"}
    assert (text.index("he won"), "Park Dong-hyun") in pronouns


def test_a_commissioner_as_such_is_the_games_own_leagues(lexicon: Lexicon) -> None:
    text = "Dale Morrow resigned as commissioner of baseball on Monday. Al Dunn resigned as manager on Tuesday."
    found = memberships(facts_of(text, lexicon, date=(1992, 9)))
    assert ("Dale Morrow", "Major League Baseball", "Executive") in found
    assert not any(person == "Al Dunn" and club == "Major League Baseball" for person, club, _ in found)


def test_an_outlet_named_after_its_noun_is_no_person(lexicon: Lexicon) -> None:
    text = "Al Dunn died Thursday, the Cuban news agency Prensa Nueva reported. He told the newspaper El Diario."
    mentions = find_mentions(text, lexicon)
    outlets = {m.label for m in mentions if m.entity_type == "MediaOrganization"}
    assert {"Prensa Nueva", "El Diario"} <= outlets
    assert ("He", "Al Dunn") in {(m.surface, m.label) for m in mentions if m.kind == "pronoun"}


def test_a_club_named_as_latin_american_clubs_are(lexicon: Lexicon) -> None:
    text = "Al Dunn pitched for the Gavilanes de Culiacán in 1937 and for the Universidad de Sonora before that."
    teams = {m.label: m.entity_type for m in find_mentions(text, lexicon) if m.kind == "organization"}
    assert teams.get("Gavilanes de Culiacán") == "Team"
    assert teams.get("Universidad de Sonora") != "Team"


def test_an_honour_a_club_or_an_outlet_names_someone_is_no_post(lexicon: Lexicon) -> None:
    text = ("Baseball America named Al Dunn its minor league player of the year. The Sporting News named Tim Beck its "
            "manager of the year in 2019. The Mets named Dale Morrow manager on Monday.")
    found = memberships(facts_of(text, lexicon, date=(2019, 10)))
    assert ("Dale Morrow", "New York Mets", "Manager") in found
    assert not any(person in ("Al Dunn", "Tim Beck") for person, _, _ in found)


def test_an_organization_of_a_named_league_is_its_club(lexicon: Lexicon) -> None:
    text = ("Al Dunn played first base. He later was a vice president of the Eagle Mount Leafs of the Class A "
            "Carolina League.")
    assert ("Al Dunn", "Eagle Mount Leafs", "Executive") in memberships(facts_of(text, lexicon))


def test_what_people_were_known_as_is_no_club(lexicon: Lexicon) -> None:
    text = "Al Dunn and Tim Beck were known as the Thunder Twins, and the Grays won. The Brewers, then known as the " \
           "Seattle Pilots, moved."
    labels = {m.label for m in find_mentions(text, lexicon) if m.entity_type == "Team"}
    assert "Thunder Twins" not in labels and "Minnesota Twins" not in labels
    assert "Milwaukee Brewers" in labels


def test_an_organization_whose_nickname_the_story_writes_alone_is_a_club(lexicon: Lexicon) -> None:
    text = ("Al Dunn won on Wednesday night, the Lakeport Pacifics said. The Pacifics signed him on Tuesday. "
            "Pacifics manager Tim Beck said so.")
    found = memberships(facts_of(text, lexicon))
    assert {("Al Dunn", "Lakeport Pacifics", "Player"), ("Tim Beck", "Lakeport Pacifics", "Manager")} <= found


def test_a_given_name_that_opens_surnames_too(lexicon: Lexicon) -> None:
    found = people(find_mentions("Del Baker managed the Tigers. Eury Del Rosario pitched. Baker left.", lexicon))
    assert {("Del Baker", "Del Baker"), ("Eury Del Rosario", "Eury Del Rosario"), ("Baker", "Del Baker")} <= set(found)


def test_an_object_in_a_clause_of_time_in_a_relative_clause_is_its_antecedent(lexicon: Lexicon) -> None:
    text = ("Dale Morrow said he had made no decision on general manager Al Dunn, who was general manager of the "
            "Cincinnati Reds from 1992-2003 before the Nationals hired him in November 2004.")
    pronouns = {(m.start, m.label) for m in find_mentions(text, lexicon) if m.kind == "pronoun"}
    assert (text.index("him in"), "Al Dunn") in pronouns


def test_a_complement_without_a_subject_is_its_heads_subjects_or_objects_doing(lexicon: Lexicon) -> None:
    text = ("Al Dunn went on to pitch for the Seattle Mariners. The Detroit Tigers hired Tim Beck to manage the "
            "Toledo Mud Hens. Dale Morrow wants to manage the Texas Rangers. Ned Carrow had signed to play for the "
            "Michigan Wolverines before the Yankees took him.")
    found = memberships(facts_of(text, lexicon))
    assert {("Al Dunn", "Seattle Mariners", "Player"), ("Tim Beck", "Toledo Mud Hens", "Manager")} <= found
    assert not any(person == "Dale Morrow" or club == "Michigan Wolverines" for person, club, _ in found)


def test_a_name_in_quotation_marks_alone_is_no_person(lexicon: Lexicon) -> None:
    text = ('Ramón Ortega, whose "Ortega Show" act made him a favorite, signed with the Reds. '
            'Ortega pitched for Detroit in 1999. Walter "Big Train" Dunne pitched too.')
    found = people(find_mentions(text, lexicon))
    assert ("Ortega", "Ramón Ortega") in found
    assert not any(label == "Ortega Show" for _, label in found)
    assert ("Ramón Ortega", "Detroit Tigers", "Player") in memberships(facts_of(text, lexicon))


def test_a_club_named_by_its_city_and_nickname_in_the_plural_possessive(lexicon: Lexicon) -> None:
    text = "Al Dunn, the Houston Armadillos' young outfielder, was sold on Thursday. The Armadillos kept him."
    orgs = {(m.surface, m.label) for m in find_mentions(text, lexicon) if m.entity_type == "Team"}
    assert ("Houston Armadillos", "Houston Armadillos") in orgs and ("Armadillos", "Houston Armadillos") in orgs


def test_the_subject_of_an_active_verb_of_hiring_was_not_hired(lexicon: Lexicon) -> None:
    text = ("Al Dunn, the Houston Astros' president, made the deal. The Astros will be managed by Bo Pike, "
            "the Houston native, whom Dunn hired last week.")
    hired = {(f["person_label"], f["object_label"]) for f in facts_of(text, lexicon) if f["relation"] == "hired"}
    assert ("Al Dunn", "Houston Astros") not in hired


def test_a_city_before_native_is_the_place(lexicon: Lexicon) -> None:
    text = "The Astros will be managed by Bo Pike, the Texas native, whom Al Dunn hired last week."
    assert ("Bo Pike", "Texas Rangers", "Manager") not in memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Houston Astros", "Manager") in memberships(facts_of(text, lexicon))


def test_a_name_in_the_plural_written_after_the_is_a_clubs(lexicon: Lexicon) -> None:
    text = ("Sugar Hawks leave town. Owner Bo Pike said the Sugar Hawks would play in Jersey City next week. "
            "Al Dunn managed the Sugar Hawks to the title last fall.")
    found = memberships(facts_of(text, lexicon))
    assert {("Bo Pike", "Sugar Hawks", "Owner"), ("Al Dunn", "Sugar Hawks", "Manager")} <= found
    assert not any(m.label == "Sugar Hawks" for m in find_mentions(text, lexicon) if m.entity_type == "Person")


def test_a_trade_is_dated_by_the_year_of_its_own_verb(lexicon: Lexicon) -> None:
    text = ("A first-round pick of the Los Angeles Dodgers in 1968, Bo Pike was traded to the Minnesota Twins in "
            "November 1972 with Al Dunn for Sam Reyes.")
    traded = {(f["person_label"], f["year"]) for f in facts_of(text, lexicon) if f["relation"] == "traded"}
    assert ("Bo Pike", 1972) in traded and ("Bo Pike", 1968) not in traded


def test_a_noun_before_the_traded_name_gives_the_club_he_left(lexicon: Lexicon) -> None:
    text = ("A first-round pick of the Los Angeles Dodgers in 1968, Bo Pike was traded to the Minnesota Twins in "
            "November 1972 with Al Dunn for Sam Reyes.")
    found = memberships(facts_of(text, lexicon))
    assert {("Bo Pike", "Los Angeles Dodgers", "Player"), ("Sam Reyes", "Los Angeles Dodgers", "Player")} <= found


def test_a_player_manager_holds_both_posts(lexicon: Lexicon) -> None:
    text = ("The Pittsburgh Pirates named Bo Pike player-manager in September after buying his contract from the "
            "Boston Braves.")
    found = memberships(facts_of(text, lexicon))
    assert {("Bo Pike", "Pittsburgh Pirates", "Player"), ("Bo Pike", "Pittsburgh Pirates", "Manager"),
            ("Bo Pike", "Atlanta Braves", "Player")} <= found
    assert ("Bo Pike", "Atlanta Braves", "Manager") not in found


def test_a_player_bought_from_a_club_left_it_for_the_buyer(lexicon: Lexicon) -> None:
    text = "The Pittsburgh Pirates bought Bo Pike from the Detroit Tigers on Saturday."
    assert {("Bo Pike", "Pittsburgh Pirates", "Player"), ("Bo Pike", "Detroit Tigers", "Player")} <= \
        memberships(facts_of(text, lexicon))


def test_an_abbreviation_before_a_comma_ends_no_sentence(lexicon: Lexicon) -> None:
    text = "Bo Pike Jr. was traded. His father, Bo Pike Sr., is the Cincinnati Reds' bench coach."
    assert ("Bo Pike Sr.", "Cincinnati Reds", "Coach") in memberships(facts_of(text, lexicon))
    assert len({m.sentence_index for m in find_mentions(text, lexicon)}) == 2


def test_the_objects_of_coordinated_verbs_are_one_club_and_each_verb_names_a_post(lexicon: Lexicon) -> None:
    text = "Bo Pike, 46, founded the Chicago Cubs in 1911, still owns them and managed them until this summer."
    assert {("Bo Pike", "Chicago Cubs", "Owner"), ("Bo Pike", "Chicago Cubs", "Manager")} <= \
        memberships(facts_of(text, lexicon))


def test_a_surname_goes_to_the_one_not_named_as_the_others_relative(lexicon: Lexicon) -> None:
    text = ("Al Dunn led the Chicago Cubs when Bo (Red) Pike fell ill. Sam Pike, Red Pike's half-brother, pitched. "
            "Pike, 46, still owns the Chicago Cubs.")
    assert ("Bo Pike", "Chicago Cubs", "Owner") in memberships(facts_of(text, lexicon))


def test_a_leagues_officer_holds_no_post_at_the_storys_club(lexicon: Lexicon) -> None:
    text = ("Pittsburgh Pirates sign Bo Pike\n\nPITTSBURGH (AP) — The Pittsburgh Pirates signed Bo Pike on Monday."
            "\n\nLeague chief executive Al Dunn called it great for the league. League president Sam Reyes, who has "
            "held the office since 2001, said the Pirates would play on.")
    assert not {m for m in memberships(facts_of(text, lexicon)) if m[0] in ("Al Dunn", "Sam Reyes")}


def test_one_promoted_to_replace_another_takes_his_post(lexicon: Lexicon) -> None:
    text = "The Pittsburgh Pirates fired manager Al Dunn on Thursday and promoted bench coach Bo Pike to replace him."
    assert ("Bo Pike", "Pittsburgh Pirates", "Manager") in memberships(facts_of(text, lexicon))
    pronouns = {m.label for m in find_mentions(text, lexicon) if m.kind == "pronoun"}
    assert pronouns == {"Al Dunn"}
    expected = "The Pittsburgh Pirates fired manager Al Dunn. They are expected to promote Bo Pike to replace him."
    assert ("Bo Pike", "Pittsburgh Pirates", "Manager") not in memberships(facts_of(expected, lexicon))


def test_the_club_later_is_not_one_named_only_in_a_relative_clause_about_someone(lexicon: Lexicon) -> None:
    text = ("Pirates hire Al Dunn\n\nThe Pittsburgh Pirates hired Al Dunn as manager. Bo Pike, a Texas native who "
            "was the Houston Astros' first base coach this season, is expected to join the staff. Pitching coach "
            "Sam Reyes was not retained, and last week the club hired Tim Beck to replace him.")
    found = memberships(facts_of(text, lexicon))
    assert ("Tim Beck", "Pittsburgh Pirates", "Coach") in found
    assert not {m for m in found if m[0] in ("Tim Beck", "Sam Reyes") and m[1] == "Houston Astros"}


def test_a_story_of_the_1880s_is_dated_and_its_cities_are_the_clubs_of_then(lexicon: Lexicon) -> None:
    text = ("Boston signs Bo Pike\n\nPublished March 3, 1888\n\nBOSTON (AP) — Boston bought Bo Pike from Detroit on "
            "Friday. Pike played for the Chicago Colts in 1886.")
    assert {("Bo Pike", "Atlanta Braves", "Player"), ("Bo Pike", "Detroit Wolverines", "Player"),
            ("Bo Pike", "Chicago Cubs", "Player")} <= memberships(facts_of(text, lexicon))


def test_the_object_of_a_clause_of_time_past_a_relative_clause_is_the_storys_man(lexicon: Lexicon) -> None:
    text = ("The Florida Marlins fired manager Sam Reyes on Sunday and replaced Reyes with 72-year-old Bo Pike, who "
            "had not managed since the Cincinnati Reds let him go.\n\nOwner Al Dunn hired Reyes in February 2002, "
            "when Dunn sold the Montreal Expos. Reyes had managed the Expos for Dunn in 2001. Dunn said Reyes had "
            "been offered a job as a consultant, but Reyes said he would not take it.\n\nPike, who turns 73 in "
            "November, is the oldest man to take over a major league club in decades. He managed the Kansas City "
            "Royals from 1973 through 1975 before the San Diego Padres, where he was general manager, put him in "
            "the dugout in 1988.")
    assert [m.label for m in find_mentions(text, lexicon) if m.surface == "him"][-1] == "Bo Pike"
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "San Diego Padres", "GeneralManager") in found
    assert ("Bo Pike", "Kansas City Royals", "GeneralManager") not in found
    assert not {m for m in found if m[0] == "Al Dunn" and m[2] in ("Manager", "GeneralManager")}


def test_the_one_by_whom_someone_was_hired_holds_none_of_the_clauses_posts(lexicon: Lexicon) -> None:
    text = "Bo Pike was hired by Al Dunn in 2023 after two seasons managing the Houston Astros."
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Houston Astros", "Manager") in found
    assert ("Al Dunn", "Houston Astros", "Manager") not in found


def test_a_clubs_post_as_the_subject_is_the_last_sentences_man(lexicon: Lexicon) -> None:
    text = ("Al Dunn traded his best hitter on Sunday. The Houston Astros' general manager sent outfielder Bo Pike "
            "to the Chicago Cubs for Sam Reyes.")
    found = memberships(facts_of(text, lexicon))
    assert ("Al Dunn", "Houston Astros", "GeneralManager") in found
    assert ("Bo Pike", "Houston Astros", "GeneralManager") not in found


def test_a_description_in_apposition_to_a_surname_is_that_persons(lexicon: Lexicon) -> None:
    text = ("Sam Reyes praised Bo Pike. Pike, the former catcher who spent his whole career with the Houston Astros, "
            "took over in May.")
    described = [(m.surface, m.label) for m in find_mentions(text, lexicon) if m.kind == "description"]
    assert described == [("the former catcher", "Bo Pike")]


def test_a_college_named_by_its_school_and_by_its_nickname_opening_a_sentence(lexicon: Lexicon) -> None:
    text = "Al Dunn coached Tennessee for eight seasons. The Volunteers won the national title in 2024."
    assert ("Al Dunn", "Tennessee Volunteers", "Manager") in memberships(facts_of(text, lexicon))


def test_the_one_who_signs_a_player_is_no_player(lexicon: Lexicon) -> None:
    text = ("Bo Pike broke in with the Cincinnati Reds in 1878 and played two seasons there before Al Dunn signed "
            "him for the Houston Astros in 1880.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Cincinnati Reds", "Player") in found
    assert not {m for m in found if m[0] == "Al Dunn"}


def test_one_promoted_to_replace_another_takes_the_post_at_the_promoting_club(lexicon: Lexicon) -> None:
    text = ("The Houston Astros hired Al Dunn as manager on Friday. The Round Rock Express promoted hitting coach Bo "
            "Pike to replace Dunn.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Round Rock Express", "Manager") in found
    assert ("Bo Pike", "Houston Astros", "Manager") not in found


def test_a_club_the_model_coordinates_with_the_verb_is_the_objects_conjunct(lexicon: Lexicon) -> None:
    text = ("Kenji Ota was hired. Ota, 67, managed the Hiroshima Toyo Carp from 1968 to 1972 and the Lions from 1978 "
            "to 1981, and then built the Seibu Lions of the 1980s as the club's front-office chief.")
    lions = [(f["role"], f["start_year"], f["end_year"]) for f in facts_of(text, lexicon)
             if f["relation"] == "member" and f["object_label"] == "Saitama Seibu Lions"]
    assert ("Manager", 1978, 1981) in lions


def test_one_who_came_from_a_club_came_to_the_storys(lexicon: Lexicon) -> None:
    text = ("Marlins fire Sam Reyes\n\nMIAMI (AP) — The Florida Marlins fired manager Sam Reyes on Sunday.\n\nFirst "
            "baseman Bo Pike came from the San Diego Padres in the December 1997 trade, and third baseman Al Dunn "
            "came from the New York Yankees in February 1999 for three minor league pitchers.")
    facts = facts_of(text, lexicon)
    assert {("Bo Pike", "Miami Marlins", "Player"), ("Al Dunn", "Miami Marlins", "Player")} <= memberships(facts)
    padres = [(f["start_year"], f["end_year"]) for f in facts if f["relation"] == "member"
              and f["person_label"] == "Bo Pike" and f["object_label"] == "San Diego Padres"]
    assert padres == [(None, 1997)]


def test_they_of_a_clause_coordinated_after_a_clubs_is_that_club(lexicon: Lexicon) -> None:
    text = ("The Marlins signed catcher Bo Pike in January after 12 seasons with the Texas Rangers, and they got "
            "center fielder Al Dunn from the Colorado Rockies in November.")
    assert ("Al Dunn", "Miami Marlins", "Player") in memberships(facts_of(text, lexicon))


def test_a_leagues_title_in_a_names_apposition(lexicon: Lexicon) -> None:
    text = ("Al Dunn, the president of the International League, said the league would stay. Bo Pike, the "
            "commissioner of baseball, agreed. Sam Reyes, the best hitter of the International League, said nothing. "
            "Tim Beck, the president of baseball operations, said so too.")
    found = memberships(facts_of(text, lexicon))
    assert {("Al Dunn", "International League", "Executive"), ("Bo Pike", "Major League Baseball", "Executive")} \
        <= found
    assert not {m for m in found if m[0] in ("Sam Reyes", "Tim Beck")}


def test_a_title_in_a_relative_clause_on_a_person_is_the_clauses_clubs(lexicon: Lexicon) -> None:
    text = ("Bo Pike, who managed the St. Louis Cardinals to their first title in October, was traded to the New York "
            "Giants on Monday for second baseman Al Dunn.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "St. Louis Cardinals", "Manager") in found
    assert ("Bo Pike", "New York Giants", "Manager") not in found
    # ... his own: the others the clause names keep theirs, and his posts outside it are not the clause's clubs'.
    text = ("The Angels also have Vernon Wells, whom they got from the Toronto Blue Jays in January for catcher Mike "
            "Napoli. Al Dunn and Sam Reyes are partners, and Tim Beck, who ran the Atlanta Braves as team president "
            "from 1986-2003, joined the group and will become the Washington Nationals' president.")
    assert {("Mike Napoli", "Los Angeles Angels", "Player"), ("Tim Beck", "Washington Nationals", "Executive")} <= \
        memberships(facts_of(text, lexicon))


def test_a_club_named_after_an_owner_of_the_past_goes_by_that_owners_name(lexicon: Lexicon) -> None:
    text = ("The Nankai Hawks signed Kenji Ota on Friday. Ota played for Nankai from 1993 through 1997 before "
            "Nankai let him go to the Chunichi Dragons.")
    assert ("Kenji Ota", "Fukuoka SoftBank Hawks", "Player") in memberships(facts_of(text, lexicon))
    assert "Nankai" in {m.surface for m in find_mentions(text, lexicon)}


def test_a_club_one_is_now_with_in_the_words_about_him(lexicon: Lexicon) -> None:
    text = ("Al Dunn, now with the New York Giants, won the batting title for the Rochester Red Wings in 1943. Bo "
            "Pike, the former Cardinals coach now with the New York Yankees, was there.")
    found = memberships(facts_of(text, lexicon))
    assert {("Al Dunn", "New York Giants", "Player"), ("Bo Pike", "New York Yankees", "Coach")} <= found


def test_a_part_played_and_a_span_starting_in_a_year_make_no_player(lexicon: Lexicon) -> None:
    text = ("The Portland Mavericks are owned by actor Bo Pike, who played the deputy on television and started the "
            "club in 1973. Al Dunn coached the Houston Astros for 27 seasons starting in 1992.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Portland Mavericks", "Owner") in found
    assert not {m for m in found if m[2] == "Player"}
    assert ("Sam Reyes", "Houston Astros", "Player") in memberships(facts_of(
        "Sam Reyes played the entire 1985 season for the Houston Astros as their starting shortstop.", lexicon))


def test_one_who_came_from_a_club_where_he_held_a_post_is_no_player_of_the_storys(lexicon: Lexicon) -> None:
    text = ("Giants fire Al Dunn\n\nSAN FRANCISCO (AP) — The San Francisco Giants fired Al Dunn on Monday.\n\nBo "
            "Pike had come from the Los Angeles Dodgers, where he was general manager, in November 2018.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Los Angeles Dodgers", "GeneralManager") in found
    assert ("Bo Pike", "San Francisco Giants", "Player") not in found


def test_what_a_player_did_for_a_club_makes_him_its_player(lexicon: Lexicon) -> None:
    text = ("The Chunichi Dragons hired Kenji Ota as a coach six years after the Yomiuri Giants let him go. Ota hit "
            "468 home runs for Yomiuri from 1959 to 1980.")
    facts = facts_of(text, lexicon)
    assert ("Kenji Ota", "Yomiuri Giants", "Player") in memberships(facts)
    assert not memberships(facts_of("The Houston Astros scored five runs for Bo Pike in the first inning.", lexicon))


def test_a_verb_after_a_relative_clause_on_its_subject_is_the_sentences(lexicon: Lexicon) -> None:
    text = ("Bo Pike, who played for the Homestead Grays in 1947 and 1948, signed with the Cleveland Indians the next "
            "year.")
    facts = facts_of(text, lexicon, (1990, 1))
    indians = [(f["role"], f["start_year"]) for f in facts if f["relation"] == "member"
               and f["object_label"] == "Cleveland Indians"]
    assert indians == [("Player", 1949)]


def test_one_whose_company_bought_a_club_owns_it_from_then(lexicon: Lexicon) -> None:
    text = "Bo Pike, whose brewery bought the St. Louis Cardinals in 1953, said the club would stay."
    owners = [(f["role"], f["start_year"], f["end_year"]) for f in facts_of(text, lexicon)
              if f["relation"] == "member" and f["person_label"] == "Bo Pike"]
    assert owners == [("Owner", 1953, None)]


def test_a_title_after_of_and_a_club_is_that_clubs_only(lexicon: Lexicon) -> None:
    text = ("Bo Pike died. He went back to the Chicago American Giants in 1941 and joined the Homestead Grays of "
            "owner Al Dunn in 1942.")
    found = memberships(facts_of(text, lexicon))
    assert ("Al Dunn", "Homestead Grays", "Owner") in found
    assert ("Al Dunn", "Chicago American Giants", "Owner") not in found


def test_a_pronoun_stands_for_neither_of_two_people_a_subject_joins(lexicon: Lexicon) -> None:
    text = ("Bo Pike was the fastest man alive. Catcher Al Dunn and first baseman Sam Reyes played beside him for "
            "years. In 1935 he joined the Pittsburgh Crawfords and played for them through 1938.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Pittsburgh Crawfords", "Player") in found
    assert not {m for m in found if m[0] != "Bo Pike"}, found


def test_a_year_set_apart_by_a_comma_is_the_clubs_of_its_own_clause(lexicon: Lexicon) -> None:
    text = ("Bo Pike, who pitched for the Boston Red Sox in their pennant season of 1946, manages the Racine Belles "
            "now.")
    found = [(f["object_label"], f["role"], f["start_year"]) for f in facts_of(text, lexicon, (1950, 6))
             if f["relation"] == "member"]
    assert ("Boston Red Sox", "Player", 1946) in found
    assert ("Racine Belles", "Manager", None) in found, found


def test_a_club_of_another_sport_is_none_wherever_the_article_says_so(lexicon: Lexicon) -> None:
    text = ("Bo Pike, the Toronto Maple Leafs hockey star, manages the Kenosha Comets. Pike said he would return to "
            "the Maple Leafs in the fall.")
    found = memberships(facts_of(text, lexicon, (1944, 5)))
    assert found == {("Bo Pike", "Kenosha Comets", "Manager")}, found


def test_a_preposition_the_model_reads_as_a_dative_is_a_preposition(lexicon: Lexicon) -> None:
    text = ("The first to sign was Jo Pike, a softball star who plays second base for Rockford. The youngest is Ann "
            "Dunn, a 15-year-old shortstop.")
    assert ("Jo Pike", "Rockford Peaches", "Player") in memberships(facts_of(text, lexicon, (1946, 6)))


def test_a_club_read_as_a_building_whose_nickname_the_article_writes_alone(lexicon: Lexicon) -> None:
    text = ("The Boston Red Sox bought the contract of outfielder Bo Pike from the Chico Outlaws for $1. The Outlaws "
            "signed him last spring.")
    assert ("Bo Pike", "Chico Outlaws", "Player") in memberships(facts_of(text, lexicon, (2008, 1)))


def test_one_who_only_speaks_gives_way_to_the_one_his_sentence_speaks_of(lexicon: Lexicon) -> None:
    text = ("Bo Pike hit .395 as a senior. \"He was the hardest worker,\" said Al Dunn, the Santa Clara coach, who "
            "gave him the scholarship. No club drafted him. The Chico Outlaws signed him in 2007.")
    found = memberships(facts_of(text, lexicon, (2008, 1)))
    assert ("Bo Pike", "Chico Outlaws", "Player") in found
    assert ("Al Dunn", "Chico Outlaws", "Player") not in found


def test_unnamed_scouts_are_no_ones_title(lexicon: Lexicon) -> None:
    text = "Bo Pike said the Oakland Athletics had sent scouts to watch him but never made an offer."
    assert not {m for m in memberships(facts_of(text, lexicon)) if m[2] == "Scout"}


def test_a_post_in_a_relative_clause_on_a_person_is_not_the_storys_clubs(lexicon: Lexicon) -> None:
    text = ("Red Sox buy Bo Pike\n\nBOSTON (AP) — The Boston Red Sox bought outfielder Bo Pike on Monday.\n\nAl Dunn, "
            "who founded the Golden Baseball League in 2005 and is its chief executive, said Pike was the 10th player "
            "to leave.")
    assert not {m for m in memberships(facts_of(text, lexicon)) if m[0] == "Al Dunn" and m[1] == "Boston Red Sox"}


def test_another_clubs_title_in_an_apposition_is_not_the_apposed_clubs(lexicon: Lexicon) -> None:
    text = "\"We will miss him,\" said Bo Pike, the Sounds' manager and the former Los Angeles Dodgers outfielder."
    found = memberships(facts_of("The Nashville Sounds sold Al Dunn. " + text, lexicon))
    assert ("Bo Pike", "Los Angeles Dodgers", "Player") in found
    assert ("Bo Pike", "Los Angeles Dodgers", "Manager") not in found


def test_a_college_named_by_its_state_in_a_story_of_the_college_game(lexicon: Lexicon) -> None:
    text = ("The university hired Bo Pike as its baseball coach. Pike spent the last four seasons as associate head "
            "coach at Alabama under Al Dunn, and before that was an assistant at Arkansas for six seasons.")
    found = memberships(facts_of(text, lexicon, (2013, 6)))
    assert {("Bo Pike", "Alabama Crimson Tide", "Coach"), ("Al Dunn", "Alabama Crimson Tide", "Manager"),
            ("Bo Pike", "Arkansas Razorbacks", "Coach")} <= found, found
    assert not memberships(facts_of("Bo Pike grew up at Arkansas and pitched for the Boston Red Sox.", lexicon)) \
        - {("Bo Pike", "Boston Red Sox", "Player")}


def test_the_one_put_on_a_staff_does_not_lead_it(lexicon: Lexicon) -> None:
    text = ("The Wichita State Shockers hired Bo Pike as their coach. Pike said he wanted to keep Al Dunn, the "
            "pitching coach who has worked for the Shockers since 1978, on his staff.")
    found = [(f["person_label"], f["role"], f["start_year"]) for f in facts_of(text, lexicon, (2013, 6))
             if f["relation"] == "member"]
    assert ("Al Dunn", "Coach", 1978) in found, found


def test_a_verb_hung_on_a_noun_of_the_relative_clause_before_it_is_the_sentences(lexicon: Lexicon) -> None:
    text = ("Bo Pike, who could not find a major league club willing to pay him what he wanted, signed Thursday with "
            "the Yakult Swallows for one season.")
    assert ("Bo Pike", "Tokyo Yakult Swallows", "Player") in memberships(facts_of(text, lexicon))


def test_a_name_the_article_calls_a_company_is_no_person(lexicon: Lexicon) -> None:
    text = "Bo Pike, the chairman of Nikko Honsha, the dairy drink company that owns the club, spoke."
    assert "Nikko Honsha" not in [m.label for m in read_article(text, lexicon)[0] if m.entity_type == "Person"]


def test_years_that_contradict_each_other_date_nothing(lexicon: Lexicon) -> None:
    text = ("Bo Pike bought the Braves in January 1976 from a group headed by Al Dunn, which had moved the club from "
            "Milwaukee to Atlanta in 1966.")
    owners = [(f["start_year"], f["end_year"]) for f in facts_of(text, lexicon, (1977, 5))
              if f["relation"] == "member" and f["person_label"] == "Bo Pike"]
    assert owners and all(start is None or end is None or start <= end for start, end in owners), owners


def test_a_full_name_without_its_middle_initial_is_the_same_person(lexicon: Lexicon) -> None:
    text = "Philip K. Pike owns the Chicago Cubs. Philip Pike has owned the club since 1932."
    assert {m.entity_key for m in read_article(text, lexicon)[0] if m.entity_type == "Person"} == {"philip-k-pike"}


def test_a_verb_names_its_own_clubs_post_not_another_clubs_it_names(lexicon: Lexicon) -> None:
    text = ("Bo Pike, who managed Fort Worth for the Brooklyn Dodgers from 1948 to 1952, is now the manager of the "
            "Pittsburgh Pirates.")
    found = memberships(facts_of(text, lexicon, (1957, 2)))
    assert {("Bo Pike", "Fort Worth Cats", "Manager"), ("Bo Pike", "Pittsburgh Pirates", "Manager")} <= found
    assert ("Bo Pike", "Los Angeles Dodgers", "Manager") not in found
    text = ("Bo Pike was hired. Pike managed the New York Mets from 1977-81, the Atlanta Braves from 1982-84 and the "
            "St. Louis Cardinals from 1990 to 1995.")
    assert {("Bo Pike", club, "Manager") for club in ("New York Mets", "Atlanta Braves", "St. Louis Cardinals")} \
        <= memberships(facts_of(text, lexicon))


def test_a_nickname_opening_a_sentence_is_the_name_of_the_one_it_goes_on_to_name(lexicon: Lexicon) -> None:
    text = ("The Houston Astros fired Bo Pike. Known as Iron Wall in his playing days, Pike was an infielder for the "
            "Oakland Athletics.")
    people = {m.entity_key for m in read_article(text, lexicon)[0] if m.entity_type == "Person"}
    assert people == {"bo-pike"}, people


def test_one_hired_after_a_firing_takes_the_fired_ones_post(lexicon: Lexicon) -> None:
    text = "The Seattle Mariners fired manager Bo Pike on Monday and hired Al Dunn, who led the Reds to two titles."
    found = memberships(facts_of(text, lexicon))
    assert {("Bo Pike", "Seattle Mariners", "Manager"), ("Al Dunn", "Seattle Mariners", "Manager")} <= found, found
    assert ("Al Dunn", "Seattle Mariners", "Manager") not in memberships(facts_of(
        "The Seattle Mariners fired manager Bo Pike on Monday and hired Al Dunn as a scout.", lexicon))


def test_a_title_for_a_club_a_word_describes_is_that_clubs(lexicon: Lexicon) -> None:
    text = ("The Reds let Bo Pike go. Before Cincinnati hired him, Pike spent the 1969 season as a coach for the "
            "expansion San Diego Padres.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "San Diego Padres", "Coach") in found
    assert ("Bo Pike", "Cincinnati Reds", "Coach") not in found


def test_what_a_report_says_is_hearsay(lexicon: Lexicon) -> None:
    text = "Bo Pike denied a report that he would sign with the Philadelphia Athletics as a player next season."
    assert not memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Philadelphia Phillies", "Player") in memberships(facts_of(
        "Bo Pike said he would sign with the Philadelphia Phillies as a player next season.", lexicon))


def test_a_clubs_name_before_the_club_was_born_is_another_clubs(lexicon: Lexicon) -> None:
    text = "Bo Pike managed the Milwaukee Brewers in 1951. The Brewers won the pennant."

    def clubs(year: int) -> set[str]:
        return {f["object_key"] for f in facts_of(text, lexicon, (year, 3)) if f["relation"] == "member"}
    assert clubs(1953) == {"milwaukee-brewers-american-association"}
    assert clubs(1999) == {"milwaukee-brewers"}
    assert not memberships(facts_of("Bo Pike managed the Kansas City Royals.", lexicon, (1960, 3)))
    assert ("Bo Pike", "Miami Marlins", "Player") in memberships(facts_of(
        "Bo Pike pitched for the Florida Marlins in 2003.", lexicon, (2020, 3)))


def test_a_relative_named_by_his_given_name_after_a_surnames_possessive(lexicon: Lexicon) -> None:
    text = ("The Swallows signed first baseman Bo Pike. Pike's older brother, Kenji, has played for the Lotte Orions "
            "since 1977.")
    found = memberships(facts_of(text, lexicon))
    assert ("Kenji Pike", "Lotte Orions", "Player") in found, found
    assert ("Bo Pike", "Lotte Orions", "Player") not in found


def test_an_object_pronoun_stands_for_no_one_its_subject_names_in_apposition(lexicon: Lexicon) -> None:
    text = ("Bo Pike came to the St. Louis Stars in 1922 as a pitcher. The Stars' manager, Al Dunn, gave him his "
            "nickname that year. In 1933 he joined the Pittsburgh Crawfords and played for them through 1936.")
    found = memberships(facts_of(text, lexicon))
    assert ("Bo Pike", "Pittsburgh Crawfords", "Player") in found
    assert ("Al Dunn", "Pittsburgh Crawfords", "Player") not in found


def test_the_first_part_of_a_hyphenated_name_is_no_club(lexicon: Lexicon) -> None:
    text = "The San Diego Padres drafted Bo Pike out of Harvard-Westlake School in 2012."
    assert not {m for m in memberships(facts_of(text, lexicon)) if m[1] == "Harvard Crimson"}
    clubs = {m.label for m in read_article("The Yankees-Red Sox game sold out.", lexicon)[0]}
    assert {"New York Yankees", "Boston Red Sox"} <= clubs


def test_the_one_a_manager_managed_played_there(lexicon: Lexicon) -> None:
    text = ("Bo Pike signed with the New York Mets in 2013. \"He was the guy to watch,\" said Al Dunn, who managed him "
            "with the Mets.")
    found = memberships(facts_of(text, lexicon))
    assert {("Bo Pike", "New York Mets", "Player"), ("Al Dunn", "New York Mets", "Manager")} <= found, found
    assert ("Bo Pike", "New York Mets", "Manager") not in found
    him = [m.label for m in read_article(text, lexicon)[0] if m.surface == "him"]
    assert him == ["Bo Pike"], him


def test_a_relative_of_the_one_whose_relative_the_sentence_named_first(lexicon: Lexicon) -> None:
    text = ("The Phillies drafted Bo Pike. Pike's father, Matt, played at Cal State Los Angeles, and his "
            "grandfather, Al Pike, played in the Boston Red Sox farm system.")
    found = memberships(facts_of(text, lexicon))
    assert ("Al Pike", "Boston Red Sox", "Player") in found
    assert not {m for m in found if m[0] in ("Bo Pike", "Matt Pike") and m[1] == "Boston Red Sox"}, found
    assert "Matt Pike" in {m.label for m in read_article(text, lexicon)[0] if m.entity_type == "Person"}


def test_the_post_of_one_served_under_is_his_apposed_title_at_the_clubs_of_his_phrase(lexicon: Lexicon) -> None:
    text = ("Bo Pike spent two seasons as a vice president for the Los Angeles Dodgers under Al Dunn, the club's "
            "president of baseball operations.")
    assert ("Al Dunn", "Los Angeles Dodgers", "Executive") in memberships(facts_of(text, lexicon))
    text = ("Bo Pike, in his seventh season at the University of Michigan, was an assistant at Vanderbilt University "
            "under Al Dunn from 2003-09.")
    found = memberships(facts_of(text, lexicon))
    assert ("Al Dunn", "Vanderbilt Commodores", "Manager") in found, found
    assert ("Al Dunn", "Michigan Wolverines", "Manager") not in found


def test_a_name_after_miss_is_the_womans(lexicon: Lexicon) -> None:
    text = "The Indianapolis Clowns signed Marcenia Pike. Miss Pike will play second base for the Clowns."
    assert {m.entity_key for m in read_article(text, lexicon)[0] if m.entity_type == "Person"} == {"marcenia-pike"}


def test_a_city_after_its_league_is_the_club_of_that_city_in_that_league(lexicon: Lexicon) -> None:
    found = memberships(facts_of("In 1915 Bo Pike pitched for the St. Louis Federal club.", lexicon, (1916, 1)))
    assert found == {("Bo Pike", "St. Louis Terriers", "Player")}, found
    # The reference gives the clubs of the minors as they are today, not as they were.
    assert not memberships(facts_of("Bo Pike began as owner of the Milwaukee club of the American Association in "
                                    "1941.", lexicon, (1959, 3)))
    # A club that has changed leagues is still the club of its city.
    assert ("Bo Pike", "Toledo Mud Hens", "Player") in memberships(facts_of(
        "Bo Pike played two seasons for Toledo of the American Association.", lexicon, (1932, 3)))


def test_a_minor_league_city_is_its_club_only_in_the_clubs_years(lexicon: Lexicon) -> None:
    text = "Bo Pike played for Jacksonville in the South Atlantic League."
    assert not memberships(facts_of(text, lexicon, (1953, 6)))
    assert ("Bo Pike", "Jacksonville Jumbo Shrimp", "Player") in memberships(facts_of(text, lexicon, (2019, 6)))


def test_a_city_of_several_clubs_is_the_one_of_its_year(lexicon: Lexicon) -> None:
    text = "Bo Pike has managed Chicago since 1890."
    assert memberships(facts_of(text, lexicon, (1898, 2))) == {("Bo Pike", "Chicago Cubs", "Manager")}
    assert not memberships(facts_of(text, lexicon, (1960, 2)))


def test_a_club_named_by_its_city_alone_is_not_the_storys(lexicon: Lexicon) -> None:
    text = ("The Chicago Cubs will not keep Bo Pike. Pike will sign with the New York club, whose owner, Al Dunn, "
            "is unhappy with his manager, Tim Beck.")
    found = memberships(facts_of(text, lexicon, (1898, 2)))
    assert not {f for f in found if f[0] in ("Al Dunn", "Tim Beck")}, found


def test_a_formal_name_and_a_short_one_are_one_persons(lexicon: Lexicon) -> None:
    text = ("Eddie Pike, the second baseman, died yesterday. Edward Trowbridge Pike was born in Millerton. His son, "
            "Eddie Pike Jr., and another son, Paul Pike, survive him.")
    people = {m.entity_key for m in read_article(text, lexicon)[0] if m.entity_type == "Person"}
    assert people == {"eddie-pike", "eddie-pike-jr", "paul-pike"}, people


def test_a_city_after_a_clubs_name_and_of_is_where_the_club_played(lexicon: Lexicon) -> None:
    text = "Bo Pike came from the Athletics of Philadelphia, for whom he had played four seasons."
    # Nor is "Athletics" of 1898 the American League's club, born in 1901.
    assert not memberships(facts_of(text, lexicon, (1898, 2)))


def test_one_named_inside_a_relative_clause_on_another_holds_nothing_said_outside_it(lexicon: Lexicon) -> None:
    text = ("Bo Pike, whose gravelly voice made him the best-known man in the city after Al Dunn, was fired Monday as "
            "the radio and television voice of the Pittsburgh Pirates.")
    found = memberships(facts_of(text, lexicon))
    assert found == {("Bo Pike", "Pittsburgh Pirates", "Broadcaster")}, found
    # But his own title is his: "a special assistant to general manager Tim Beck".
    text = ("Al Dunn replaces Bo Pike, who was moved into a front-office job as a special assistant to general manager "
            "Tim Beck on Sept. 29, after the Philadelphia Phillies finished 66-96.")
    assert ("Tim Beck", "Philadelphia Phillies", "GeneralManager") in memberships(facts_of(text, lexicon))


def test_a_club_in_a_relative_clause_on_the_club_is_not_the_club_it_speaks_of(lexicon: Lexicon) -> None:
    text = ("The Tri-City ValleyCats, who lost their place in the Houston Astros' farm system last year, hired Bo Pike "
            "on Wednesday to manage the club.")
    found = memberships(facts_of(text, lexicon, (2021, 2)))
    assert ("Bo Pike", "Tri-City ValleyCats", "Manager") in found and ("Bo Pike", "Houston Astros", "Manager") \
        not in found, found


def test_a_former_players_title_is_no_post_at_the_club_that_hires_him(lexicon: Lexicon) -> None:
    found = memberships(facts_of("The Tri-City ValleyCats hired former big league slugger Tom Pike on Wednesday to "
                                 "manage the club.", lexicon, (2021, 2)))
    assert found == {("Tom Pike", "Tri-City ValleyCats", "Manager")}, found
    assert ("Bo Pike", "New York Yankees", "Player") in memberships(facts_of(
        "The New York Mets hired former Yankees pitcher Bo Pike as pitching coach.", lexicon))


def test_a_titled_speaker_after_what_a_club_did_holds_his_title_there(lexicon: Lexicon) -> None:
    found = memberships(facts_of("The New York Mets have traded Al Dunn to the Chicago Cubs, general manager Tim Beck "
                                 "said.", lexicon))
    assert ("Tim Beck", "New York Mets", "GeneralManager") in found, found
    assert ("Tim Beck", "Chicago Cubs", "GeneralManager") not in found


def test_a_plural_title_before_a_list_titles_each_name_of_it(lexicon: Lexicon) -> None:
    text = ("Red Sox sign Bo Pike\n\nThe Boston Red Sox signed Bo Pike on Wednesday.\n\nTop prospects Al Dunn, Tim "
            "Beck and Ned Carrow are also expected to compete for spots in spring training.")
    found = memberships(facts_of(text, lexicon, (2025, 2)))
    assert {(name, "Boston Red Sox", "Player") for name in ("Al Dunn", "Tim Beck", "Ned Carrow")} <= found, found
    # Not a plural noun before one name that does something to its people: "the pitchers Pike coached".
    text = ("Twins hire Bo Pike\n\nThe Minnesota Twins hired Bo Pike as pitching coach on Thursday.\n\nAmong the "
            "pitchers Pike coached at Arkansas this season, Al Dunn was a second-round pick.")
    assert ("Bo Pike", "Minnesota Twins", "Player") not in memberships(facts_of(text, lexicon, (2018, 11)))


def test_a_main_subject_naming_no_one_is_about_its_possessor(lexicon: Lexicon) -> None:
    text = ("Len Dobrowski managed the Seattle Mariners for two years. His first job, with the Seattle Mariners in "
            "1973, lasted 38 games before owner Al Dunn fired him. The Texas Rangers then hired him as a coach.")
    found = memberships(facts_of(text, lexicon))
    assert ("Len Dobrowski", "Texas Rangers", "Coach") in found and ("Al Dunn", "Texas Rangers", "Coach") \
        not in found, found


def test_what_someone_turned_down_doing_is_not_done(lexicon: Lexicon) -> None:
    assert not memberships(facts_of("Len Dobrowski said he turned down chances to manage the Boston Red Sox and the "
                                    "Chicago Cubs in the 1990s.", lexicon))
    assert not memberships(facts_of("Len Dobrowski declined to coach the Seattle Mariners in 2005.", lexicon))


def test_where_a_person_comes_from_is_a_place(lexicon: Lexicon) -> None:
    found = memberships(facts_of("A native of Texas, Len Dobrowski played at Texas A&M.", lexicon, (2015, 6)))
    assert found == {("Len Dobrowski", "Texas A&M Aggies", "Player")}, found
    assert _clubs("Len Dobrowski, who was born in Cleveland, pitched for the Seattle Mariners.", lexicon) \
        == ["seattle-mariners"]


def test_a_verb_of_coaching_for_a_club_gives_its_post(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Ned Carrow later coached for the Arizona Diamondbacks and managed the Washington "
                                 "Nationals.", lexicon))
    assert found == {("Ned Carrow", "Arizona Diamondbacks", "Coach"), ("Ned Carrow", "Washington Nationals",
                                                                        "Manager")}, found


def test_a_title_at_a_club_is_no_playing_there_when_he_played_elsewhere(lexicon: Lexicon) -> None:
    text = ("Clemson hired Monte Pike on Tuesday. Pike played at Texas A&M and was an assistant at Vanderbilt from "
            "2004 through 2008.")
    found = memberships(facts_of(text, lexicon, (2015, 6)))
    assert ("Monte Pike", "Vanderbilt Commodores", "Coach") in found and \
        ("Monte Pike", "Vanderbilt Commodores", "Player") not in found, found
    # ... but words of playing for a club keep him its player beside the post a verb gives him there.
    text = ("Bo Pike spent his entire playing career with the San Francisco Giants, from 1958-70, and later coached "
            "for the club.")
    assert {("Bo Pike", "San Francisco Giants", "Player"), ("Bo Pike", "San Francisco Giants", "Coach")} \
        <= memberships(facts_of(text, lexicon))


def test_a_club_titling_a_relative_is_not_the_club_of_the_story(lexicon: Lexicon) -> None:
    text = ("Tigers sign Tucker\n\nSEOUL (Yonhap) — The Kia Tigers signed slugger Bo Pike on Tuesday.\n\n"
            "Outfielder Al Dunn, the older brother of Houston Astros outfielder Ned Dunn, joined the club in May.")
    found = memberships(facts_of(text, lexicon, (2019, 10)))
    assert ("Al Dunn", "Houston Astros", "Player") not in found, found


def test_a_place_run_on_from_a_school_is_no_person(lexicon: Lexicon) -> None:
    assert _referents("Bo Pike was drafted by the San Diego Padres in 1977 out of Cal Poly-San Luis Obispo.",
                      lexicon, "name") == [("Bo Pike", "bo-pike")]


def test_a_given_name_that_opens_surnames_in_a_list_of_names(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Bo Pike and Del Carrow, who have owned the New York Yankees since 1945, keep 10 per "
                                 "cent each.", lexicon, (1964, 8)))
    assert found == {("Bo Pike", "New York Yankees", "Owner"), ("Del Carrow", "New York Yankees", "Owner")}, found


def test_a_club_named_in_a_quotation_is_not_the_club_outside_it(lexicon: Lexicon) -> None:
    text = ("White Sox sign Bo Pike\n\nCHICAGO (AP) — The Chicago White Sox signed Bo Pike on Tuesday.\n\n\"We had to "
            "do something to close the gap with Cleveland,\" said Al Dunn, who bought the club in 1981.")
    assert [m.entity_key for m in find_mentions(text, lexicon) if m.kind == "description"] == ["chicago-white-sox"]


def test_a_possessive_opening_its_sentences_people_goes_on_with_the_last_sentences_centre(lexicon: Lexicon) -> None:
    text = ("Al Dunn played two games for the Brooklyn Dodgers in 1935 under manager Bo Pike, who remained a close "
            "friend. A back injury ended his playing career, and he coached the Seattle Mariners for ten years.")
    found = memberships(facts_of(text, lexicon))
    assert ("Al Dunn", "Seattle Mariners", "Coach") in found, found
    assert not {m for m in found if m[0] == "Bo Pike" and m[1] == "Seattle Mariners"} \
        and ("Al Dunn", "Seattle Mariners", "Player") not in found


def test_a_surname_that_is_a_common_word_stands_for_its_person(lexicon: Lexicon) -> None:
    text = ("Miami received right-hander Go Min-jun and infielder Al Dunn.\n\nGo, 25, signed with the San Diego Padres "
            "in January after seven seasons with the LG Twins.")
    assert ("Go", "go-min-jun") in _referents(text, lexicon, "short")


def test_titles_joined_after_a_titles_field_or_with_its_own_word(lexicon: Lexicon) -> None:
    found = memberships(facts_of("\"He fits,\" said Al Dunn, the Padres' president of baseball operations and "
                                 "general manager.", lexicon))
    assert found == {("Al Dunn", "San Diego Padres", "Executive"), ("Al Dunn", "San Diego Padres",
                                                                    "GeneralManager")}, found
    found = memberships(facts_of("Bo Pike, the Twins' president and principal owner, said the offer was the best.",
                                 lexicon))
    assert found == {("Bo Pike", "Minnesota Twins", "Executive"), ("Bo Pike", "Minnesota Twins", "Owner")}, found


def test_their_post_is_of_the_club_their_stands_for(lexicon: Lexicon) -> None:
    text = ("Bo Pike, who built the Chicago Cubs into the champions of baseball, resigned yesterday as their general "
            "manager.")
    assert memberships(facts_of(text, lexicon, (1942, 10))) == {("Bo Pike", "Chicago Cubs", "GeneralManager")}
    found = memberships(facts_of("The Kansas City Royals hired Tampa Bay Rays bench coach Al Dunn as their manager.",
                                 lexicon))
    assert ("Al Dunn", "Kansas City Royals", "Manager") in found and \
        ("Al Dunn", "Tampa Bay Rays", "Manager") not in found, found
    found = memberships(facts_of("The Chicago Cubs had a bad year. Bo Pike is their new manager.", lexicon))
    assert found == {("Bo Pike", "Chicago Cubs", "Manager")}, found
    # The club that is a clause's subject, of several before it.
    text = ("The Dodgers lost Bo Pike to the Texas Rangers in free agency, and Al Dunn, their president of baseball "
            "operations, said he would not replace him.")
    assert ("Al Dunn", "Los Angeles Dodgers", "Executive") in memberships(facts_of(text, lexicon))


def test_a_trade_lede_goes_on_in_the_next_paragraph(lexicon: Lexicon) -> None:
    text = ("The Boston Red Sox acquired Bo Pike from the Arizona Diamondbacks yesterday for three pitchers.\n\n"
            "Arizona received left-hander Al Dunn and right-handers Ned Carrow and Len Dobrowski.")
    assert {("Al Dunn", "Boston Red Sox", "Player"), ("Len Dobrowski", "Boston Red Sox", "Player")} \
        <= memberships(facts_of(text, lexicon, (2003, 11)))


def test_where_people_fly_to_is_a_place(lexicon: Lexicon) -> None:
    text = ("The Boston Red Sox acquired Bo Pike from the Arizona Diamondbacks. The deal was done after general "
            "manager Al Dunn and team president Ned Carrow flew to Arizona to see him.")
    found = memberships(facts_of(text, lexicon, (2003, 11)))
    assert ("Ned Carrow", "Arizona Diamondbacks", "Executive") not in found, found


def test_the_one_managed_is_not_the_manager(lexicon: Lexicon) -> None:
    text = ("Bob Schilling pitched.\n\nEpstein has interviewed Al Dunn, the Oakland Athletics' bench coach, who "
            "managed Schilling in Philadelphia from 1997 through 2000, and Ned Carrow, the Anaheim Angels' bench "
            "coach.")
    found = memberships(facts_of(text, lexicon, (2003, 11)))
    assert not {m for m in found if m[0] == "Bob Schilling" and m[2] == "Manager"}, found


def test_a_club_written_as_its_citys_club(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Bo Pike, who has owned the Cleveland club since 1901, said the deal was fair.",
                                 lexicon, (1909, 2)))
    assert found == {("Bo Pike", "Cleveland Indians", "Owner")}, found


def test_one_who_takes_over_from_another_takes_his_post(lexicon: Lexicon) -> None:
    found = memberships(facts_of("Mets general manager Al Dunn took over from Bo Pike in January.", lexicon))
    assert ("Bo Pike", "New York Mets", "GeneralManager") in found, found


def test_whom_a_club_got_in_a_trade(lexicon: Lexicon) -> None:
    text = "Bo Pike, whom the Milwaukee Brewers got from the Houston Astros in 1982 for Al Dunn, will return."
    assert {("Bo Pike", "Milwaukee Brewers", "Player"), ("Bo Pike", "Houston Astros", "Player")} \
        <= memberships(facts_of(text, lexicon, (1983, 12)))


def test_a_club_written_with_its_season(lexicon: Lexicon) -> None:
    text = "The Milwaukee Brewers won the pennant in 1982. Bo Pike, who managed the 1982 club, was fired in October."
    assert ("Bo Pike", "Milwaukee Brewers", "Manager") in memberships(facts_of(text, lexicon, (1983, 12)))


def test_a_city_alone_is_the_club_of_it_the_article_names_in_full(lexicon: Lexicon) -> None:
    dated = "Bo Pike dies\n\nPublished June 9, 1982\n\n"
    text = dated + "Al Dunn, who owned the Pittsburgh Crawfords, brought Bo Pike to Pittsburgh in 1931."
    assert _clubs(text, lexicon) == ["pittsburgh-crawfords", "pittsburgh-crawfords"]
    assert _clubs(dated + "Bo Pike pitched for the Pittsburgh Pirates and went home to Pittsburgh.", lexicon) \
        == ["pittsburgh-pirates", "pittsburgh-pirates"]


def test_a_region_before_a_title_is_no_name(lexicon: Lexicon) -> None:
    found = memberships(facts_of("The Yankees bought him on the recommendation of their Pacific Coast scout, Bo "
                                 "Pike.", lexicon, (1925, 8)))
    assert found == {("Bo Pike", "New York Yankees", "Scout")}, found


def test_a_pair_of_descriptions_is_neither_one_alone(lexicon: Lexicon) -> None:
    text = ("General manager Al Dunn said he was relieved. \"We are a better club with them,\" he said.\n\nThe "
            "left-hander and the right-hander won 49 games between them last season for the Los Angeles Dodgers.")
    assert not _referents(text, lexicon, "description"), _referents(text, lexicon, "description")


def test_the_clubs_titles_joined_are_the_clubs(lexicon: Lexicon) -> None:
    text = ("Dodgers sign pair\n\nLOS ANGELES (AP) — The Los Angeles Dodgers signed Bo Pike.\n\nAl Dunn, the club's "
            "president and owner, approved the terms by telephone.")
    assert {("Al Dunn", "Los Angeles Dodgers", "Executive"), ("Al Dunn", "Los Angeles Dodgers", "Owner")} \
        <= memberships(facts_of(text, lexicon, (1966, 3)))


def test_a_name_after_a_verbs_particle_is_no_place(lexicon: Lexicon) -> None:
    text = ("Bo Pike said he would run the club himself. Reports that he would bring in Warren Carrow, the general "
            "manager of the Cincinnati Reds, were denied by both men.")
    found = memberships(facts_of(text, lexicon, (1942, 10)))
    assert found == {("Warren Carrow", "Cincinnati Reds", "GeneralManager")}, found


def test_a_clubs_secretary_is_its_executive(lexicon: Lexicon) -> None:
    found = memberships(facts_of("\"He is in better condition than most men,\" said Bo Pike, the Cleveland club's "
                                 "secretary.", lexicon, (1909, 2)))
    assert found == {("Bo Pike", "Cleveland Indians", "Executive")}, found


def test_a_trade_told_on_ends_with_its_paragraph(lexicon: Lexicon) -> None:
    text = ("The Boston Red Sox acquired Bo Pike from the Arizona Diamondbacks for Al Dunn.\n\nPike won 21 games for "
            "Boston.\n\nThe Arizona Diamondbacks got Ned Carrow and Len Dobrowski.")
    found = memberships(facts_of(text, lexicon, (2003, 11)))
    assert ("Ned Carrow", "Boston Red Sox", "Player") not in found, found


def test_their_under_a_subject_that_is_no_one_is_no_club(lexicon: Lexicon) -> None:
    found = memberships(facts_of("The New York Yankees beat the Boston Red Sox 5-3, and the fans booed their manager, "
                                 "Bo Pike.", lexicon, (2019, 6)))
    assert not {m for m in found if m[0] == "Bo Pike" and m[2] == "Manager"}, found


def test_taking_over_in_a_game_is_no_succession(lexicon: Lexicon) -> None:
    text = ("Bench coach Al Dunn took over for Bo Pike, the New York Yankees manager, after Pike was ejected in the "
            "fourth inning.")
    found = memberships(facts_of(text, lexicon, (2019, 6)))
    assert ("Al Dunn", "New York Yankees", "Manager") not in found, found
