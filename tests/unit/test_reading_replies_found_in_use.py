"""Replies that the service misread when answered as a person would (through the REST API, on the
generated sample), each written down with sentences of our own beside it. Not corpus data: these were
found in use and fixed, so they are development cases."""

from __future__ import annotations

import pytest

from agentic_neurodata.agents.conversation.intake import fields_to_ask
from agentic_neurodata.metadata.fields import validate_field
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind

# What the service asks first, in its order (twelve fields).
FIRST_QUESTIONS = [spec.name for spec in fields_to_ask({}, [], 1)]

EMAIL = (
    "Hello,\nthe recording is from our mouse JK-118 (Emx1-IRES-Cre x Ai148, female, 11 weeks). Imaging started "
    "2023-05-04 at 09:12, we are in Seattle. It was two-photon imaging of L2/3 in primary visual cortex during "
    "drifting gratings.\nBest,\nJun Kim (Allen Institute)"
)


@pytest.mark.parametrize(
    "message",
    [
        EMAIL,
        "Hi! This file has rat R-7 (male, 9 weeks) that we ran in the open field for 20 minutes while recording.",
        "Data from mouse B2, a female of 16 weeks, head-fixed on the wheel; the aim was to see how arousal acts.",
        "We recorded mouse K3 (F, P60) and the study asks whether locomotion gates visual responses.",
    ],
)
def test_words_left_between_values_are_no_description(message: str) -> None:
    """The email above, answering the first questions (twelve fields), stored the experiment description
    "The recording is from our ( ) are in Seattle. It was two-photon imaging ... Best, Jun Kim ( )": the
    words no value took, holes and all, because only a free-text field accepted them."""
    parsed = parse_free_text(message, FIRST_QUESTIONS)
    assert "experiment_description" not in parsed.values
    assert "( )" not in str(parsed.values) and "( )" not in str([c.proposals[0].value for c in parsed.confirmations])
    assert parsed.values["subject_id"] in {"JK-118", "R-7", "B2", "K3"}  # the values around them are still read


def test_a_whole_answer_to_the_one_free_text_question_is_still_its_value() -> None:
    parsed = parse_free_text("We wanted to know how arousal changes responses in V1.", ["experiment_description"])
    assert parsed.values["experiment_description"] == "We wanted to know how arousal changes responses in V1"


@pytest.mark.parametrize(
    "message",
    [
        EMAIL,
        "Imaging started 2023-05-04 at 09:12 Pacific",
        "Two-photon imaging started at 10:00 on 2023-05-04, Pacific.",
        "The ephys session began 2024-01-09 14:00 CET",
        "Recording ended 2024-01-09 15:30 CET",
    ],
)
def test_a_kind_of_session_said_only_to_start_or_end_is_no_description(message: str) -> None:
    """ "Imaging started [2023-05-04 at 09:12]" was asked back as the session description "Imaging started"."""
    parsed = parse_free_text(message, FIRST_QUESTIONS)
    proposed = [c.proposals[0].value for c in parsed.confirmations if c.field == "session_description"]
    assert "session_description" not in parsed.values
    assert not [p for p in proposed if "started" in p or "began" in p or "ended" in p]


def test_a_sign_off_is_no_part_of_the_description_before_it() -> None:
    """The email's description was asked back as "It was two-photon imaging ... drifting gratings. Best"."""
    parsed = parse_free_text(EMAIL, FIRST_QUESTIONS)
    proposed = [c.proposals[0].value for c in parsed.confirmations if c.field == "session_description"]
    assert proposed == ["It was two-photon imaging of L2/3 in primary visual cortex during drifting gratings"]
    for sign_off in ("Best", "Cheers", "Kind regards", "Thanks!"):
        read = parse_free_text(f"Neuropixels recording in V1, run 3\n{sign_off}\nAnna")
        described = [c.proposals[0].value for c in read.confirmations if c.field == "session_description"]
        assert [read.values.get("session_description"), *described] == [None, "Neuropixels recording in V1, run 3"]


def test_a_session_described_beside_its_start_is_still_read() -> None:
    parsed = parse_free_text("Two-photon imaging of V1 during drifting gratings, started 2023-05-04 09:12 Pacific")
    described = parsed.values.get("session_description") or next(
        c.proposals[0].value for c in parsed.confirmations if c.field == "session_description"
    )
    assert described.startswith("Two-photon imaging of V1 during drifting gratings")


@pytest.mark.parametrize(
    "reply",
    ["all correct", "everything is correct", "Everything looks good.", "that is right", "it's correct", "write them"],
)
def test_agreeing_with_what_was_shown_is_a_yes(reply: str) -> None:
    """ "all correct" at "This goes into the file: ..." was "I did not catch ..."."""
    assert [intent.kind for intent in parse_free_text(reply).intents] == [IntentKind.APPROVE]


@pytest.mark.parametrize("reply", ["it is right hemisphere", "this is right-handed participant P3"])
def test_right_before_a_word_is_no_yes(reply: str) -> None:
    assert IntentKind.APPROVE not in [intent.kind for intent in parse_free_text(reply).intents]


CORRECTION_QUESTIONS = ["subject_description", "experimenter", "experiment_description", "keywords"]


@pytest.mark.parametrize(
    "message",
    [
        "the animal was healthy, no surgery complications",
        "animal is healthy",
        "the subject was awake and head-fixed",
        "The animal was anaesthetised lightly with isoflurane.",
    ],
)
def test_a_state_of_the_animal_is_no_id(message: str) -> None:
    """ "the animal was healthy, no surgery complications" answering the correction's questions replaced the
    subject ID with 'healthy' (the field's alias "animal", then a copula, read as a key and its value)."""
    for asked in ([], CORRECTION_QUESTIONS):
        assert "subject_id" not in parse_free_text(message, asked).values


@pytest.mark.parametrize(
    ("message", "subject_id"),
    [("the animal was m12", "m12"), ("the animal was Bobby", "Bobby"), ("the subject is sub01", "sub01")],
)
def test_an_id_after_the_copula_is_still_read(message: str, subject_id: str) -> None:
    assert parse_free_text(message).values["subject_id"] == subject_id


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ("the animal was healthy, no surgery complications", "subject_description"),
        ("we wanted to see how arousal changes V1 responses", "experiment_description"),
    ],
)
def test_a_sentence_answering_several_descriptions_is_asked_back_as_the_one_it_is_about(
    message: str, field: str
) -> None:
    """Answering four questions, the sentence was read as none ("I did not understand: ..."): it is asked
    back as the description its words are about, never stored without a yes."""
    parsed = parse_free_text(message, CORRECTION_QUESTIONS)
    assert not set(parsed.values) & set(CORRECTION_QUESTIONS)
    assert [c.field for c in parsed.confirmations] == [field]


ROUND_TWO = ["sex", "age", "session_description", "session_start_time"]


@pytest.mark.parametrize(
    ("message", "stored", "asked_back"),
    [
        ("Long Evans, male, about 3 months I think", {"strain": "Long-Evans", "sex": "M"}, ["age"]),
        ("male, probably 12 weeks", {"sex": "M"}, ["age"]),
        ("12 weeks; female I believe", {"age": "P12W"}, ["sex"]),
        ("I think male, 3 months", {}, ["sex", "age"]),  # said first, the guess covers the answer
        ("female, probably", {}, ["sex"]),  # said alone, it is said of what comes before
    ],
)
def test_a_guess_is_said_of_its_own_part_of_a_short_answer(
    message: str, stored: dict[str, str], asked_back: list[str]
) -> None:
    """ "Long Evans, male, about 3 months I think" asked back the strain and the sex as guesses too (three
    questions for one hedge)."""
    parsed = parse_free_text(message, ROUND_TWO)
    assert {k: v for k, v in parsed.values.items() if k != "species"} == stored
    assert [c.field for c in parsed.confirmations] == asked_back


@pytest.mark.parametrize(
    ("message", "asked"),
    [
        ("I ran it myself (Marta Kowalczyk)", ["experimenter", "keywords"]),
        ("I ran it myself (Marta Kowalczyk)", []),
        ("improve please - I ran it myself (Marta Kowalczyk), keywords place cells, theta", CORRECTION_QUESTIONS),
    ],
)
def test_the_writer_named_after_myself_is_the_experimenter(message: str, asked: list[str]) -> None:
    """Asked for the experimenter and the keywords, "I ran it myself (Marta Kowalczyk)" was stored as the
    keywords (the one field that took the words), and the experimenter was asked again."""
    parsed = parse_free_text(message, asked)
    assert parsed.values["experimenter"] == ["Kowalczyk, Marta"]
    assert "Marta" not in str(parsed.values.get("keywords", ""))


@pytest.mark.parametrize(
    ("message", "keywords"),
    [
        ("keywords place cells, theta", ["place cells", "theta"]),
        ("improve please - I ran it myself (Marta Kowalczyk), keywords place cells, theta", ["place cells", "theta"]),
        ("Keywords grid cells; path integration", ["grid cells", "path integration"]),
        ("keywords are important for search", None),
        ("keywords later, please", None),
        ("keywords we can skip", None),
    ],
)
def test_keywords_without_a_colon(message: str, keywords: list[str] | None) -> None:
    assert parse_free_text(message).values.get("keywords") == keywords


@pytest.mark.parametrize(
    "message", ["the keywords we use in the lab are many", "the lab is below", "the institution is not important"]
)
def test_a_field_judged_is_no_value(message: str) -> None:
    """ "the keywords we use in the lab are many" stored the lab 'Many Lab'."""
    assert parse_free_text(message).values == {}


@pytest.mark.parametrize("said", ["see notes", "big brown", "lab stock"])
def test_two_english_words_are_no_latin_name(said: str) -> None:
    """Two lowercase words answering the species were stored capitalised as a Latin binomial ("See notes"
    as the species, found when a list answer was read in the order of the questions); they are asked back."""
    result = validate_field("species", said)
    assert not result.ok and result.needs_confirmation


@pytest.mark.parametrize("said", ["peromyscus maniculatus", "sorex araneus", "heterocephalus glaber"])
def test_a_latin_name_typed_in_lowercase_is_still_kept(said: str) -> None:
    assert validate_field("species", said).value == said.capitalize()


@pytest.mark.parametrize("said", ["23.05.2023 (Europe/Berlin)", "recorded 05.11.2022, Europe/Paris"])
def test_a_dotted_date_without_a_time_is_not_stored_at_midnight(said: str) -> None:
    """ "23.05.2023 (Europe/Berlin)" was stored as 00:00 that day: the "23.05" of the date was taken for a
    time. A day with a zone and no time is asked back (the start time must be a time)."""
    parsed = parse_free_text(said)
    assert "session_start_time" not in parsed.values


def test_a_dotted_time_after_a_dotted_date_is_still_read() -> None:
    assert parse_free_text("23.05.2023 9.40 Europe/Berlin").values["session_start_time"] == "2023-05-23T09:40:00+02:00"
