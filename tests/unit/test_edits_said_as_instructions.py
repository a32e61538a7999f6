"""Edits said as an instruction ("change the sex to male", "the ID should be m043, not m042") are read
as the keyed pairs they stand for; the old value after "not" is never the value. Found at the summary
before conversion, where "wait, the ID should be m043 not m042" read nothing and the file was
written with m042."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.prose.edits import as_keyed
from tests.support.corpus import NOW


@pytest.mark.parametrize(
    ("said", "values"),
    [
        ("change the sex to male and the experimenter to John Doe", {"sex": "M", "experimenter": ["Doe, John"]}),
        ("wait, the ID should be m043 not m042", {"subject_id": "m043"}),
        ("set the age to 13 weeks, please", {"age": "P13W"}),
        ("Please update the lab to Smith Lab instead of Doe Lab.", {"lab": "Smith Lab"}),
        ("the strain is actually C57BL/6N", {"strain": "C57BL/6N", "species": "Mus musculus"}),
        ("the subject ID must be rat-7, sorry", {"subject_id": "rat-7"}),
        ("the institution should be University of Bonn, not University of Cologne - sorry! Best, Mara",
         {"institution": "University of Bonn"}),
    ],
)  # fmt: skip
def test_an_edit_gives_the_new_value(said: str, values: dict[str, object]) -> None:
    assert parse_free_text(said, now=NOW).values == values


@pytest.mark.parametrize(
    "said",
    [
        "We will change the species later",
        "The probe was set to record at 30 kHz.",
        "make the file now",
        "set the time to go",  # the vaguest names of a field ("time", "who", "animal") start no edit
    ],
)
def test_words_that_are_no_edit_stay_as_they_are(said: str) -> None:
    assert as_keyed(said) == said


def test_the_old_value_is_never_read() -> None:
    parsed = parse_free_text("the genotype should be Pvalb-Cre rather than Sst-Cre", now=NOW)
    assert parsed.values == {"genotype": "Pvalb-Cre"}


@pytest.mark.parametrize(
    ("said", "values"),
    [
        ("the age is wrong, it is 14 weeks", {"age": "P14W"}),
        ("the age is wrong, it should be 14 weeks", {"age": "P14W"}),
        ("age is wrong: 14 weeks", {"age": "P14W"}),
        ("wrong ID - should be m043", {"subject_id": "m043"}),
        ("the sex is wrong, she is female", {"sex": "F"}),
        ("the institution is incorrect, it's University of Bristol", {"institution": "University of Bristol"}),
    ],
)
def test_a_value_said_wrong_then_the_right_one_is_an_edit(said: str, values: dict[str, object]) -> None:
    """ "the age is wrong, it is 14 weeks" at "Did you mean ... as the session description?" read nothing
    ("'wrong' is not an age I can read"); asked for a description, "wrong age, it is 14 weeks" was stored
    as the description."""
    for asked in ([], ["session_description"]):
        parsed = parse_free_text(said, asked, now=NOW)
        assert parsed.values == values and not parsed.rejections and not parsed.confirmations


@pytest.mark.parametrize("said", ["the age is wrong", "the recording was wrong, we redid it", "wrong animal, sorry"])
def test_a_value_said_wrong_without_the_right_one_gives_none(said: str) -> None:
    assert not parse_free_text(said, now=NOW).values
