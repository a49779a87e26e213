"""Mention and membership finding on hand-written text (plain functions, no Spark)."""

from spark_etl.lexicon import Lexicon
from spark_etl.text import article_facts, find_mentions, sentence_facts, slug

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
