"""A short reply that opens with "ok", "yes" or "no" but goes on with values is those values, not a
bare yes or no: at the summary before conversion, "ok so the rat is RT_44" edits the subject ID
instead of confirming the old one, and "no, mouse M7" corrects it instead of being a refusal."""

from __future__ import annotations

import pytest

from agentic_neurodata.agents.conversation.answers import read_intent
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from tests.support.corpus import NOW


@pytest.mark.parametrize(
    ("said", "values"),
    [
        ("ok so the rat is RT_44", {"species": "Rattus norvegicus", "subject_id": "RT_44"}),
        ("yes, but subject M7", {"subject_id": "M7"}),
        ("no, the age is 13 weeks", {"age": "P13W"}),
        ("okay, start time 2pm Eastern 2024-03-05", {"session_start_time": "2024-03-05T14:00:00-05:00"}),
    ],
)
def test_a_yes_or_no_followed_by_values_gives_the_values_and_no_yes_or_no(said: str, values: dict[str, str]) -> None:
    parsed = parse_free_text(said, now=NOW)
    assert parsed.values == values
    assert not {IntentKind.APPROVE, IntentKind.DECLINE} & read_intent(said, None)


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("ok", IntentKind.APPROVE),
        ("yes, go ahead", IntentKind.APPROVE),
        ("yes it is", IntentKind.APPROVE),
        ("sure, please fix it", IntentKind.APPROVE),
        ("ok thanks", IntentKind.APPROVE),
        ("no thanks", IntentKind.DECLINE),
        ("no, leave it", IntentKind.DECLINE),
    ],
)
def test_a_bare_yes_or_no_is_still_one(said: str, kind: IntentKind) -> None:
    assert kind in read_intent(said, None)
    assert parse_free_text(said, now=NOW).values == {}


@pytest.mark.parametrize(
    ("said", "asked", "values"),
    [
        ("no, the rat is RT_44", ["sex", "subject_id"], {"species": "Rattus norvegicus", "subject_id": "RT_44"}),
        ("no, the age is 13 weeks", ["age", "subject_id", "species"], {"age": "P13W"}),
    ],
)
def test_a_no_followed_by_a_correction_declines_nothing_asked(said: str, asked: list[str], values: dict) -> None:
    parsed = parse_free_text(said, asked, now=NOW)
    assert parsed.values == values and parsed.intents == []


def test_a_bare_no_to_asked_fields_still_declines_them() -> None:
    assert parse_free_text("no", ["sex"], now=NOW).fields_with_intent(IntentKind.SKIP_FIELD) == ["sex"]
    assert parse_free_text("no, skip it", ["sex"], now=NOW).fields_with_intent(IntentKind.SKIP_FIELD) == ["sex"]
