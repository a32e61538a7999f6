"""General rules of the offline reader (issue 14, seventeenth round) for people, places and words, talk and
taken-back values. Each rule covers a family of mistakes, not one sentence; the sentences are our own, from no
corpus file. Both directions are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- words taken back with "? no —", "? no wait —", "? sorry —" give nothing; the replacement is read


@pytest.mark.parametrize(
    ("text", "field", "kept", "dropped"),
    [
        (
            "Recorded at University of Lyon? no wait — at University of Geneva, rat G-4.",
            "institution",
            "University of Geneva",
            "Lyon",
        ),
        (
            "The work was done at the Wellcome Institute? sorry — at Karolinska Institutet.",
            "institution",
            "Karolinska Institutet",
            "Wellcome",
        ),
        (
            "done at the Salk Institute? no — at the Scripps Research Institute",
            "institution",
            "Scripps Research Institute",
            "Salk",
        ),
        ("- animal: rbx_ab_12? no, rbx_ab_14\n- sex: M", "subject_id", "rbx_ab_14", "12"),
        ("rat R7? no, R9, female", "subject_id", "R9", "R7"),
    ],
)
def test_words_taken_back_give_nothing(text: str, field: str, kept: str, dropped: str) -> None:
    value = read(text).values.get(field)
    assert value == kept
    assert dropped not in str(read(text).values)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # "no" answering another question, or "no idea": the words before stay
        ("Is the age needed? no idea, but mouse KX-3 is a female.", "subject_id", "KX-3"),
        ("Recorded at the University of Bergen. Anything else? no, that's all", "institution", "University of Bergen"),
    ],
)
def test_a_question_answered_otherwise_takes_nothing_back(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


def test_a_replaced_animal_is_not_read() -> None:
    values = read("We used gerbils? no — rats (Long-Evans), rat LE-3").values
    assert values.get("species") == "Rattus norvegicus"


def test_a_keyed_value_taken_back_is_weighed_by_its_finder() -> None:
    values = read("Experimenter: Tom Berg? No - sorry - it was Lena Holm. Institution: University of Oslo.").values
    assert values.get("experimenter") == ["Holm, Lena"]


def test_a_time_is_not_taken_back_by_a_zone_said_after_it() -> None:
    parsed = read("Recorded on 2024-03-06 at 3:10 pm Central? no - we're on Eastern - sorry, skip the time")
    assert "session_start_time" not in parsed.values


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        ("The recording started 2023-02-01 at 11:00? no — 13:00, Berlin time.", "T13:00", "T11:00"),
        ("Started at 10:30 CET on 02/03/2023? no — 3 February 2023, 10:30 CET.", "2023-02-03", "2023-03-02"),
    ],
)
def test_a_number_taken_back_by_another_number_is_not_kept(text: str, kept: str, dropped: str) -> None:
    stored = str(read(text).values.get("session_start_time", "")) + str(
        [p.value for c in read(text).confirmations for p in c.proposals]
    )
    assert dropped not in stored
