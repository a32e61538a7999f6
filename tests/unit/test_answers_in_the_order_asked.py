"""Answers given in the order of the questions, numbered or one per line, without naming the fields.

The first questions are listed one per line; "1) m042 2) mouse 3) female ..." gave the subject ID 3
(from "mouse 3)") and lost m042. Such items are read as the answers to the questions in their order,
but only when each is a plain value of its question; otherwise the message is read as written."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from tests.support.corpus import NOW

FIRST_QUESTIONS = ["subject_id", "species", "sex", "age", "session_description", "session_start_time"]
ALL_SIX = {
    "subject_id": "m042",
    "species": "Mus musculus",
    "sex": "F",
    "age": "P12W",
    "session_description": "Passive viewing of gratings",
    "session_start_time": "2024-03-05T14:30:00+01:00",
}


@pytest.mark.parametrize(
    "message",
    [
        "1) m042 2) mouse 3) female 4) 12 weeks 5) passive viewing of gratings 6) 5 March 2024 14:30 CET",
        "1. m042\n2. mouse\n3. F\n4. 12 wks\n5. Passive viewing of gratings\n6. 2024-03-05 14:30 Europe/Paris",
        "- m042\n- mouse\n- female\n- 12 weeks\n- passive viewing of gratings\n- 2024-03-05 14:30 CET",
        "(1) m042 (2) Mus musculus (3) female (4) 12 weeks (5) passive viewing of gratings (6) 5 March 2024 14:30 CET",
    ],
)
def test_numbered_or_listed_answers_are_read_in_the_order_asked(message: str) -> None:
    assert parse_free_text(message, FIRST_QUESTIONS, now=NOW).values == ALL_SIX


def test_a_skipped_item_is_a_skip_of_its_question_only() -> None:
    parsed = parse_free_text("1) m042 2) skip 3) female 4) 12 weeks", FIRST_QUESTIONS, now=NOW)
    assert parsed.values == {"subject_id": "m042", "sex": "F", "age": "P12W"}
    assert [(i.kind, i.fields) for i in parsed.intents] == [(IntentKind.SKIP_FIELD, ["species"])]


@pytest.mark.parametrize(
    ("message", "values"),
    [
        # an item that is no plain value of its question: the order is not trusted, the words are read
        ("1) we used mouse m042 2) it was a female", {"species": "Mus musculus", "subject_id": "m042", "sex": "F"}),
        ("- female\n- m042", {"sex": "F", "subject_id": "m042"}),  # not in the order asked
        ("- the mouse is m042\n- see notes", {"species": "Mus musculus", "subject_id": "m042"}),
    ],
)
def test_items_out_of_order_or_in_sentences_are_read_as_written(message: str, values: dict[str, str]) -> None:
    assert parse_free_text(message, FIRST_QUESTIONS, now=NOW).values == values


def test_more_items_than_questions_are_read_as_written() -> None:
    parsed = parse_free_text("1) m042 2) mouse", ["subject_id"], now=NOW)
    assert parsed.values == {"subject_id": "m042", "species": "Mus musculus"}


@pytest.mark.parametrize("pointer", ["see notes", "see the spreadsheet", "same as yesterday"])
def test_a_pointer_elsewhere_left_beside_a_value_is_no_value(pointer: str) -> None:
    """ "- the mouse is m042 / - see notes" stored the brain area 'see notes'."""
    parsed = parse_free_text(f"- the mouse is m042\n- {pointer}", [*FIRST_QUESTIONS, "electrode_location"], now=NOW)
    assert set(parsed.values) == {"species", "subject_id"}


WAITING = {"session_start_time": "2024-03-05T14:30:00"}  # the files gave the start without its zone


@pytest.mark.parametrize(
    "message",
    [
        "1) m042\n2) mouse\n3) female\n4) 12 weeks\n5) passive viewing of gratings\n6) Eastern",
        "m042; mouse; female; 12 weeks; passive viewing of gratings; Eastern time",
    ],
)
def test_a_zone_among_other_answers_completes_the_start_and_keeps_them(message: str) -> None:
    """Found in the service: with the start time waiting for its zone, "...; 6) Eastern" stored the start
    time and nothing else (the zone's finder took the whole message as the zone's words)."""
    parsed = parse_free_text(message, FIRST_QUESTIONS, WAITING, now=NOW)
    assert parsed.values["session_start_time"] == "2024-03-05T14:30:00-05:00"
    assert {parsed.values.get("subject_id"), parsed.values.get("sex"), parsed.values.get("age")} == {
        "m042",
        "F",
        "P12W",
    }


@pytest.mark.parametrize(
    ("message", "values"),
    [
        ("Eastern", {"session_start_time": "2024-03-05T14:30:00-05:00"}),
        ("Berlin", {"session_start_time": "2024-03-05T14:30:00+01:00"}),
        ("session start time: Pacific", {"session_start_time": "2024-03-05T14:30:00-08:00"}),
        # a city inside a longer message is no zone of the start
        ("mouse m042 from the University of Berlin", {"institution": "University of Berlin", "subject_id": "m042"}),
    ],
)
def test_a_zone_alone_or_keyed_completes_the_start(message: str, values: dict[str, str]) -> None:
    parsed = parse_free_text(message, FIRST_QUESTIONS, WAITING, now=NOW)
    assert {k: v for k, v in parsed.values.items() if k != "species"} == values
