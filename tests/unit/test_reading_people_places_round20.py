"""General rules of the offline reader (issue 14, twentieth round) for people, places, talk, corrections and hedges
and whole answers: a value taken back by a correction marker ("scratch that", "Correction:", "make that", "I
meant") is replaced by the one after it. Each rule covers a family of mistakes, not one sentence; the sentences
are our own, from no corpus file. Both directions are tested: what must still be read, and what must not be
stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- a correction marker takes back the value before it; the value after it replaces it, for any field


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("weight: 21 g (scratch that: 23 g, wrong scale)", "weight", "23 g"),
        ("rat R9, 300 g - make that 320 g, male", "weight", "320 g"),
        ("mouse QX-2, age P50, sorry, I mean P52", "age", "P52D"),
        ("Sex: female. Correction: male, the cage card was wrong", "sex", "M"),
        ("mouse K4 is male. Correction: female.", "sex", "F"),
        ("age 9 weeks; sorry, I mean 11 weeks", "age", "P11W"),
        ("weight: 24 g (or rather 25 g)", "weight", "25 g"),
    ],
)
def test_a_correction_marker_replaces_the_value_before_it(text: str, name: str, value: object) -> None:
    assert read(text).values.get(name) == value


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("mouse M3, male, 300 g rather than 250 g", "weight", "300 g"),  # "rather than" denies the one after it
        ("the strain is C57BL/6J, I mean the mice were from Jax", "strain", "C57BL/6J"),  # a thought, no value
        ("weight: 24 g (scratch that: 3 months old)", "weight", None),  # another kind after it: nothing replaced
        # a person or a place corrected after its key is asked back by its finder, as before
        ("Experimenter: Tom Hale. Correction: Rita Hale", "experimenter", None),
        ("institution: UCSF (scratch that: UCSD)", "institution", None),
    ],
)
def test_words_that_replace_nothing_leave_the_value(text: str, name: str, value: object) -> None:
    assert read(text).values.get(name) == value


# -- hedges around a value, before or after it: the value is asked back, never stored


@pytest.mark.parametrize(
    ("text", "asked", "name"),
    [
        ("I'd say 16 weeks but don't quote me", "age", "age"),
        ("30 g, don't quote me on that", "weight", "weight"),
        ("off the top of my head, 11 weeks", "age", "age"),
        ("going from memory: 27 g", "weight", "weight"),
        ("mouse RB-3, I'd say 18 weeks", "", "age"),
        ("rat TQ-1, male; from memory it weighed 410 g", "", "weight"),
    ],
)
def test_a_value_said_from_memory_is_asked_back(text: str, asked: str, name: str) -> None:
    parsed = read(text, *([asked] if asked else []))
    assert name not in parsed.values
    assert name in [c.field for c in parsed.confirmations]


def test_the_values_around_a_hedged_one_are_still_read() -> None:
    parsed = read("rat TQ-1, male; from memory it weighed 410 g")
    assert parsed.values.get("subject_id") == "TQ-1"
    assert parsed.values.get("sex") == "M"
    assert read("16 weeks", "age").values.get("age") == "P16W"  # no hedge: stored


# -- declines: a placeholder with a comment after it, and "no X" in other languages


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("N/A for us", "genotype"),
        ("n.a. in our case", "strain"),
        ("N/A for our rats", "genotype"),
        ("sin descripción, gracias", "experiment_description"),
        ("pas de description, merci", "experiment_description"),
        ("keine Beschreibung, danke", "session_description"),
        ("nessuna descrizione, grazie", "experiment_description"),
        ("sem descrição, obrigado", "experiment_description"),
        ("Nessuno", "lab"),
        ("nada, gracias", "keywords"),
    ],
)
def test_a_placeholder_or_a_no_in_another_language_declines_the_field(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert any(asked in intent.fields for intent in parsed.intents)


@pytest.mark.parametrize(
    ("text", "asked", "value"),
    [
        ("13:05 on 2023-01-17, Singapore time", "session_start_time", "2023-01-17T13:05:00+08:00"),
        ("Semenov, Ivan", "experimenter", ["Semenov, Ivan"]),
        ("Sinusoidal gratings in V1", "session_description", "Sinusoidal gratings in V1"),
    ],
)
def test_words_that_only_start_like_a_no_are_values(text: str, asked: str, value: object) -> None:
    assert read(text, asked).values.get(asked) == value


def test_sin_embargo_declines_nothing() -> None:
    assert not read("sin embargo, es un ratón", "species").intents


# -- thinking aloud: a hesitation and a question give no value; a list said as a question is asked back


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("hmm, 'attention' and 'V4'?", "keywords"),
        ("well, V1 and V2?", "keywords"),
        ("um, C57BL/6J?", "strain"),
    ],
)
def test_a_hesitation_ending_in_a_question_mark_gives_no_value(text: str, asked: str) -> None:
    assert asked not in read(text, asked).values


def test_a_list_of_keywords_said_as_a_question_is_asked_back_without_its_question_mark() -> None:
    parsed = read("keywords: 'attention', 'V4'?")
    assert "keywords" not in parsed.values
    assert [c.proposals[0].value for c in parsed.confirmations if c.field == "keywords"] == [["attention", "V4"]]
    assert read("'attention' and 'V4'", "keywords").values.get("keywords") == ["attention", "V4"]
    assert read("hmm, Anna Lee", "experimenter").values.get("experimenter") == ["Lee, Anna"]


# -- a key naming two fields: one value per field, in order; a person's name is never the institution


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "host lab at Osaka University: Ken Mori. Experimenter and institution: Elin Berg, Lund University.",
            {"experimenter": ["Berg, Elin"], "institution": "Lund University"},
        ),
        ("Name & affiliation: Pedro Alves, University of Lisbon", {"experimenter": ["Alves, Pedro"]}),
        ("PI / lab: Mala Okoye, Okoye Lab", {"lab": "Okoye Lab"}),
        ("institution and lab: Uppsala University, Holm Lab", {"institution": "Uppsala University", "lab": "Holm Lab"}),
        (
            "Experimenter and institution: Ana Ruiz, University of California, San Diego",
            {"institution": "University of California, San Diego"},
        ),
        # a value, then another key: no key naming two fields
        ("lab: Harris lab / institution: University College London", {"institution": "University College London"}),
    ],
)
def test_a_key_naming_two_fields_gives_one_value_to_each(text: str, values: dict[str, object]) -> None:
    parsed = read(text)
    assert {name: parsed.values.get(name) for name in values} == values


@pytest.mark.parametrize(
    "text",
    [
        "Experimenter and institution: Elin Berg",  # one value for two fields: which is which is not said
        "Experimenter and institution: Berg, Elin, Lund University",  # the name's comma: no order to follow
        "PI / lab: Mala Okoye, Okoye Lab",  # the PI is another role: no experimenter
    ],
)
def test_a_key_naming_two_fields_stores_no_person_as_the_institution(text: str) -> None:
    parsed = read(text)
    assert parsed.values.get("institution") in (None, "Lund University")
    assert "experimenter" not in parsed.values or "PI" not in text


# -- a notebook product and its page's history are no values


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "LabArchives page 'Rec 7': Experimenter: Ida Lund; Subject: IL-3, female mouse; last edited by admin",
            {"experimenter": ["Lund, Ida"], "subject_id": "IL-3", "sex": "F", "genotype": None, "strain": None},
        ),
        (
            'Benchling entry "Rec 12" - mouse BN-4, female; last modified by J. Park',
            {"subject_id": "BN-4", "genotype": None, "experimenter": None},
        ),
        ("Notion page: subject NT-7, male, C57BL/6J", {"subject_id": "NT-7", "strain": "C57BL/6J", "genotype": None}),
        ("the page was edited by Ana Ruiz in OneNote; recorded by Tom Berg", {"experimenter": ["Berg, Tom"]}),
    ],
)
def test_a_notebook_product_and_its_page_history_are_no_values(text: str, values: dict[str, object]) -> None:
    parsed = read(text)
    assert {name: parsed.values.get(name) for name in values} == values


# -- corrections and hedges found on our own distractor sentences


def test_a_bracketed_correction_after_a_keyed_person_asks_back() -> None:
    parsed = read("Experimenter: Ana Ruiz (scratch that: Eva Lund)")
    assert "experimenter" not in parsed.values
    assert read("Experimenter: Ana Ruiz (she did the surgery too)").values.get("experimenter") == ["Ruiz, Ana"]


@pytest.mark.parametrize(("text", "name"), [("weight 25 g, I'd say", "weight"), ("age 12 weeks (from memory)", "age")])
def test_a_hedge_after_a_number_asks_it_back(text: str, name: str) -> None:
    parsed = read(text)
    assert name not in parsed.values
    assert name in [c.field for c in parsed.confirmations]


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("Recorded at UCL. Correction: recorded at King's College London.", "institution", "King's College London"),
        ("Recorded by Ana Ruiz. Correction: recorded by Eva Lund.", "experimenter", ["Lund, Eva"]),
    ],
)
def test_a_correction_repeating_the_words_before_replaces_them(text: str, name: str, value: object) -> None:
    assert read(text).values.get(name) == value


@pytest.mark.parametrize(
    "text",
    [
        "Experimenters: Ana Ruiz and Tom Berg (Tom only did the surgery)",
        "Experimenter: Lea Kim (he did the surgeries)",
        "Experimenter: Lea Kim (scratch that)",
    ],
)
def test_an_aside_giving_one_of_the_keyed_people_another_role_asks_them_back(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values
    assert "experimenter" in [c.field for c in parsed.confirmations]


@pytest.mark.parametrize(
    "text",
    [
        "Experimenter: Lea Kim (she did the histology too)",
        "Experimenters: Ana Ruiz and Tom Berg (both postdocs)",
    ],
)
def test_an_aside_that_adds_a_role_keeps_the_keyed_people(text: str) -> None:
    assert "experimenter" in read(text).values


def test_a_keyword_said_as_a_question_inside_the_list_asks_the_list_back() -> None:
    parsed = read("keywords: hippocampus?, theta")
    assert "keywords" not in parsed.values
    assert [c.proposals[0].value for c in parsed.confirmations if c.field == "keywords"] == [["hippocampus", "theta"]]
