"""What is left of a sentence once a value was taken out of its middle is no answer of its own: found
answering the service as a person would, where "bobby is the name we use, the ID is R-112" (asked for
the subject ID and the session description) stored the description "Bobby is the name we use, the"."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from tests.support.corpus import NOW

ASKED = ["subject_id", "session_description"]


@pytest.mark.parametrize(
    ("said", "values"),
    [
        ("bobby is the name we use, the ID is R-112", {"subject_id": "R-112"}),
        ("we call her Snowy but the ID is m7", {"subject_id": "m7"}),
    ],
)
def test_a_fragment_left_beside_a_value_is_asked_back_not_stored(said: str, values: dict[str, str]) -> None:
    parsed = parse_free_text(said, ASKED, now=NOW)
    assert parsed.values == values
    assert "session_description" not in parsed.values
    assert [c.field for c in parsed.confirmations] in ([], ["session_description"])


@pytest.mark.parametrize(
    ("said", "description"),
    [
        ("m042. Passive viewing of drifting gratings", "Passive viewing of drifting gratings"),
        ("Sleep recording after training; subject m042", "Sleep recording after training"),
    ],
)
def test_a_whole_clause_beside_a_value_is_proposed_whole(said: str, description: str) -> None:
    parsed = parse_free_text(said, ASKED, now=NOW)
    assert parsed.values == {"subject_id": "m042"}
    [proposed] = parsed.confirmations
    assert (proposed.field, proposed.proposals[0].value) == ("session_description", description)


def test_words_a_value_was_read_from_are_not_said_to_be_not_understood() -> None:
    """ "I did not understand: 'Bobby He Tetrodes dorsal CA1'" named the area it had just read."""
    parsed = parse_free_text(
        "The data is from rat Bobby. He is 4 months old. Recorded 2023-10-02 14:00 Pacific. Tetrodes in dorsal CA1.",
        ["subject_id", "session_description", "electrode_location"],
        now=NOW,
    )
    assert parsed.values["electrode_location"] == "dorsal CA1"
    assert "CA1" not in parsed.unparsed and "dorsal" not in parsed.unparsed


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("mouse M12, Mus musculus, female", []),
        ("mouse, Mus musculus", ["species"]),
        ("It was a rat (Rattus norvegicus), male, 300 g", []),
    ],
)
def test_the_words_of_a_value_stored_are_not_said_to_be_not_understood(said: str, asked: list[str]) -> None:
    """'I did not understand: "Mus musculus"' followed "mouse ..., Mus musculus" (found answering as a person
    would): the Latin name was what "mouse" had been read as."""
    parsed = parse_free_text(said, asked, now=NOW)
    assert parsed.values, parsed
    assert parsed.unparsed == ""
