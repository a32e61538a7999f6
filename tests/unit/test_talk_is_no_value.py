"""A reply that is talk, not a value ("looks good", "hmm", "I'll check") never becomes the value of
the field asked: found by answering the service as a person would, where "looks good" at "Did you
mean 'NTNU' as the institution?" stored the institution "looks good"."""

from __future__ import annotations

import pytest

from agentic_neurodata.agents.conversation.answers import read_intent
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from tests.support.corpus import NOW

TALK = [
    "looks good", "sounds right", "exactly", "perfect", "all good", "yes please", "yup", "indeed",
    "whatever you think", "doesn't matter", "as I said", "hmm", "thanks", "ok thanks", "good question",
    "huh", "cool", "lgtm", "of course", "that's wrong", "not that one", "3 is fine", "the ID looks right",
]  # fmt: skip
TALK += ["wait, she is actually", "oops, sorry"]
LATER_OR_ELSEWHERE = ["I'll check", "will send later", "ask Maria", "it's in the notes", "same as yesterday"]
FIELDS = ["institution", "experimenter", "lab", "subject_id", "strain", "genotype", "electrode_location", "keywords"]


@pytest.mark.parametrize("reply", TALK + LATER_OR_ELSEWHERE)
@pytest.mark.parametrize("field", FIELDS)
def test_talk_answering_one_question_is_no_value_and_is_asked_again(reply: str, field: str) -> None:
    parsed = parse_free_text(reply, [field], now=NOW)
    assert parsed.values == {}
    declined = [f for intent in parsed.intents for f in intent.fields]
    # refused and asked again, or (not caring: "whatever you think", "doesn't matter") the field skipped
    assert [r.field for r in parsed.rejections] == [field] or declined == [field]


@pytest.mark.parametrize(
    ("reply", "field", "value"),
    [
        ("Fine Lab", "lab", "Fine Lab"),  # a capitalised name with a word of its own is a name
        ("right hemisphere, CA1", "electrode_location", "right hemisphere, CA1"),
        ("Good, Anna", "experimenter", ["Good, Anna"]),
        ("MIT", "institution", "Massachusetts Institute of Technology"),
        ("m042", "subject_id", "m042"),
        ("A. Nguyen, B. Okafor", "experimenter", ["Nguyen, A.", "Okafor, B."]),  # an initial is no talk
    ],
)
def test_values_with_a_word_of_their_own_are_still_read(reply: str, field: str, value: object) -> None:
    assert parse_free_text(reply, [field], now=NOW).values.get(field) == value


@pytest.mark.parametrize(
    ("reply", "field", "value"),
    [
        ("the same one, C57BL/6J", "strain", "C57BL/6J"),
        ("yes, C57BL/6J", "strain", "C57BL/6J"),
        ("ok, MIT", "institution", "Massachusetts Institute of Technology"),
        ("hmm, Anna Lee", "experimenter", ["Lee, Anna"]),
        ("good question: VISp", "electrode_location", "VISp"),
        ("thanks! m042", "subject_id", "m042"),
        ("sure - Smith Lab", "lab", "Smith Lab"),
    ],
)
def test_talk_before_the_value_is_not_part_of_it(reply: str, field: str, value: object) -> None:
    assert parse_free_text(reply, [field], now=NOW).values == {field: value}


@pytest.mark.parametrize(
    "reply",
    ["looks good", "sounds right", "that's right", "exactly", "perfect", "fine", "all good", "yes please",
     "yes, that's it", "correct!", "yup", "indeed", "lgtm", "affirmative", "of course", "absolutely"],
)  # fmt: skip
def test_agreeing_in_other_words_is_a_yes(reply: str) -> None:
    assert read_intent(reply, None) == {IntentKind.APPROVE}


@pytest.mark.parametrize("reply", ["nah", "that's wrong", "wrong", "no, that's not it", "not that one", "incorrect"])
def test_disagreeing_in_other_words_is_a_no(reply: str) -> None:
    assert read_intent(reply, None) == {IntentKind.DECLINE}


@pytest.mark.parametrize("reply", ["right hemisphere", "hmm", "whatever", "fine, but the age is 13 weeks"])
def test_neither_yes_nor_no(reply: str) -> None:
    assert not {IntentKind.APPROVE, IntentKind.DECLINE} & read_intent(reply, None)


@pytest.mark.parametrize("reply", ["go ahead", "ok, go ahead please", "proceed", "convert it now", "go", "continue"])
def test_go_ahead_answering_a_question_converts_with_what_is_known(reply: str) -> None:
    """ "go ahead" answering "session description?" was stored as the description "Go ahead"."""
    parsed = parse_free_text(reply, ["session_description"], now=NOW)
    assert parsed.values == {} and [i.kind for i in parsed.intents] == [IntentKind.SKIP_ALL]


def test_go_ahead_answering_a_yes_no_question_is_a_yes() -> None:
    assert read_intent("go ahead", None) == {IntentKind.APPROVE}
