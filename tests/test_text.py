"""Mention and membership finding on hand-written text (plain functions, no Spark)."""

from spark_etl.lexicon import Lexicon
from spark_etl.text import find_mentions, sentence_memberships, slug

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


def test_role_cue_nearest_the_person_wins() -> None:
    sentence = "Mets ownership relieved manager Jerry Manuel."
    manuel = {"entity_key": "jerry-manuel", "label": "Jerry Manuel", "start": 32, "end": 44}
    mets = {"entity_key": "new-york-mets", "label": "New York Mets", "start": 0, "end": 4}
    [membership] = sentence_memberships(sentence, 0, [manuel], [mets])
    assert membership["role"] == "Manager"


def test_no_membership_without_a_cue() -> None:
    sentence = "Jerry Manuel watched the Mets."
    manuel = {"entity_key": "jerry-manuel", "label": "Jerry Manuel", "start": 0, "end": 12}
    mets = {"entity_key": "new-york-mets", "label": "New York Mets", "start": 25, "end": 29}
    assert sentence_memberships(sentence, 0, [manuel], [mets]) == []


def test_slug_is_stable_and_iri_safe() -> None:
    assert slug("Wally Backman") == "wally-backman"
    assert slug("O’Day, J.") == "oday-j"
