"""Precision by asking back (issue 14, sixth scoring file): a value is stored only when the words
say it in a frame whose role is certain; a reading from a weaker cue is asked back as "Did you
mean ...?" with the reading as its one-click proposal. Sentences here are from neither scoring
file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, asked, now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> object:
    """The proposal of the question about `field` (it must not also be stored)."""
    assert field not in parsed.values, parsed.values
    question = next(c for c in parsed.confirmations if c.field == field)
    assert question.question.startswith("Did you mean")
    return question.proposals[0].value


# -- session description


@pytest.mark.parametrize(
    "text",
    [
        "We cleaned the probe after the recording",
        "The recording was noisy near the end",
        "Hello from Lisbon! Session",
        "Session started late because of the fire alarm",
        "Recording from the cortex of box 3 animals",
    ],
)
def test_a_free_sentence_with_a_session_word_is_not_stored_as_the_description(text: str) -> None:
    assert "session_description" not in read(text).values


def test_a_keyed_description_is_stored_and_a_noun_phrase_naming_the_kind_is_asked_back() -> None:
    assert read("session description: we trained rats on a T-maze").values["session_description"] == (
        "We trained rats on a T-maze"
    )
    # Running text without a key is asked back (ninth round): the reading is the one-click proposal.
    parsed = read("acute silicon probe recording in mouse SP-44")
    assert "session_description" not in parsed.values
    assert parsed.confirmations[0].proposals[0].value == "Acute silicon probe recording"
    assert read("Summary of the day: odour discrimination task, mouse OD-3").values["session_description"] == (
        "Odour discrimination task"
    )


def test_a_sentence_that_may_describe_the_session_is_asked_back_not_lost() -> None:
    parsed = read("We imaged dendrites during the licking task")
    assert "dendrites" in str(asked_back(parsed, "session_description"))


# -- experimenter


def test_a_titled_name_in_a_sentence_about_another_role_is_asked_back() -> None:
    parsed = read("Our supervisor Dr. Alma Reyes reviewed it")
    assert asked_back(parsed, "experimenter") == ["Reyes, Alma"]


def test_the_recorder_is_stored_and_the_other_role_is_not() -> None:
    parsed = read("Lab head is Prof. Ivo Danek; data were collected by Eva Horak")
    assert parsed.values["experimenter"] == ["Horak, Eva"]


def test_the_key_name_said_of_an_animal_names_the_animal() -> None:
    parsed = read("the mouse name is Pudding, a male")
    assert "experimenter" not in parsed.values
    assert parsed.values["subject_id"] == "Pudding"


def test_an_answer_with_a_dash_after_me_is_the_name() -> None:
    assert read("me – Tomasz Wrona", "experimenter").values["experimenter"] == ["Wrona, Tomasz"]


# -- institution


def test_an_institution_beside_a_vendor_or_collaborator_is_asked_back() -> None:
    parsed = read("rats purchased from Harlan, University of Iowa colony")
    assert asked_back(parsed, "institution") == "University of Iowa"


def test_an_institution_where_the_work_was_done_is_stored_beside_other_organisations() -> None:
    parsed = read("Mice bought from Taconic; experiments performed at the University of Leeds")
    assert parsed.values["institution"] == "University of Leeds"


def test_an_institution_name_is_kept_whole() -> None:
    assert read("Uppsala, Karolinska Institutet lab").values.get("institution") != "Karolinska Institute"


# -- session start


def test_a_time_beside_another_event_is_asked_back() -> None:
    parsed = read("Implantation on 2022-05-05 at 13:00 Europe/Oslo, mouse IM-5")
    assert asked_back(parsed, "session_start_time") == "2022-05-05T13:00:00+02:00"


def test_a_time_said_to_be_the_recordings_is_stored_beside_another_event() -> None:
    parsed = read("Injection in May; the session started 2022-06-10 08:30 Europe/Oslo")
    assert parsed.values["session_start_time"] == "2022-06-10T08:30:00+02:00"


def test_a_time_without_other_events_is_stored_as_before() -> None:
    assert read("2022-06-10 08:30 Europe/Oslo, mouse OS-1").values["session_start_time"] == "2022-06-10T08:30:00+02:00"


# -- genotype


@pytest.mark.parametrize("construct", ["AAV8-hSyn-DIO-hM4D(Gi)-mCherry", "rAAV2-CAG-FLEX-tdTomato"])
def test_a_viral_construct_is_not_stored_as_the_genotype(construct: str) -> None:
    assert "genotype" not in read(f"{construct} injected into mouse VC-2").values


def test_a_line_name_is_still_read_as_the_genotype() -> None:
    assert read("genotype: Gad2-IRES-Cre; mouse GC-1").values["genotype"] == "Gad2-IRES-Cre"


# -- keywords


def test_keywords_after_their_key_are_all_kept_with_semicolons() -> None:
    assert read("keywords: interneurons; gamma oscillations; optogenetics").values["keywords"] == [
        "interneurons",
        "gamma oscillations",
        "optogenetics",
    ]
