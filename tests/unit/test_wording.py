"""Conversation wording: deterministic offline texts, the LLM's wording when it keeps to the facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_neurodata.domain import FixKind, FormatCandidate, Severity, ValidationIssue
from agentic_neurodata.llm import PromptLibrary
from agentic_neurodata.llm.wording import (
    acknowledge,
    correction_proposal,
    explain_issue,
    format_choice,
    metadata_question,
)
from agentic_neurodata.metadata.free_text import parse_free_text
from tests.support.llm_fakes import FakeAnthropic, json_message, timeout

ISSUE = ValidationIssue(
    check_name="check_subject_age",
    severity=Severity.WARNING,
    importance="BEST_PRACTICE_VIOLATION",
    message="Subject age, '12 weeks', does not follow ISO 8601",
    location="/general/subject",
    fix_kind=FixKind.AUTO,
)


def test_offline_question_names_each_field_with_example_and_why() -> None:
    text = metadata_question(None, ["species", "age", "lab"])
    assert "species:" in text and "Example: mouse (Mus musculus)" in text and "DANDI requires the species" in text
    assert "lab (recommended)" in text and "just convert" in text
    assert "last round" in metadata_question(None, ["sex"], round_number=2)
    assert metadata_question(None, []) == "I have everything I need."


def test_llm_question_is_used_only_when_it_asks_for_every_field(tmp_path: Path) -> None:
    good = "Which species and what age is the subject? For example mouse, 12 weeks."
    fake = FakeAnthropic(json_message({"message": good}), json_message({"message": "Which species is it?"}))
    llm = fake.service(tmp_path)
    assert metadata_question(llm, ["species", "age"]) == good
    assert metadata_question(llm, ["species", "age"]) == metadata_question(None, ["species", "age"])
    sent = fake.bodies()[0]["messages"][0]["content"]
    assert "DANDI requires the species" in sent and "If you are unsure" in sent


def test_llm_timeout_falls_back_to_the_offline_wording(tmp_path: Path) -> None:
    fake = FakeAnthropic(timeout, timeout)
    llm = fake.service(tmp_path, max_retries=1)
    assert metadata_question(llm, ["sex"]) == metadata_question(None, ["sex"])
    assert llm.usage.fallbacks == 1


def test_acknowledge_says_what_was_saved_rejected_and_skipped() -> None:
    parsed = parse_free_text("I don't know the age, but it's a female mouse, 12", ["age", "sex"])
    reply = acknowledge(parsed)
    assert "Saved species: Mus musculus; sex: F" in reply and "Noted that age is not known." in reply
    assert "skip" in acknowledge(parse_free_text("skip that", ["lab"])).lower()
    assert "could not find any metadata" in acknowledge(parse_free_text("", []))
    rejected = acknowledge(parse_free_text("12", ["age"]))
    assert "Not saved, age:" in rejected and "Example:" in rejected


def test_acknowledge_keeps_several_people_apart_from_the_next_field() -> None:
    """ "Saved experimenter: Mehta, Arjun, Rossi, Anna; lab: ..." read as four names; "; " between people
    looked like the next field."""
    parsed = parse_free_text("Experimenters: Arjun Mehta and Anna Rossi. Lab: Buzsaki Lab.", [])
    reply = acknowledge(parsed)
    assert "experimenter: Mehta, Arjun and Rossi, Anna; lab: Buzsaki Lab" in reply
    keywords = acknowledge(parse_free_text("keywords: locomotion, V1", ["keywords"]))
    assert "keywords: locomotion, V1." in keywords


def test_issue_explanations() -> None:
    wording = explain_issue(None, ISSUE)
    assert "ISO 8601" in wording.explanation and wording.how_to_fix
    unknown = ISSUE.model_copy(update={"check_name": "check_something_new", "message": "Odd thing."})
    assert explain_issue(None, unknown).explanation == "NWB Inspector reports: Odd thing. (at /general/subject)"


def test_llm_issue_explanation_unless_unsure(tmp_path: Path) -> None:
    fake = FakeAnthropic(
        json_message({"explanation": "Age must be like P12W.", "how_to_fix": "We rewrite it."}),
        json_message({"explanation": "?", "how_to_fix": "?", "unsure": True}),
    )
    llm = fake.service(tmp_path)
    assert explain_issue(llm, ISSUE, field="age").explanation == "Age must be like P12W."
    assert explain_issue(llm, ISSUE) == explain_issue(None, ISSUE)
    assert "check_subject_age" in fake.bodies()[0]["messages"][0]["content"]


def test_correction_proposal_and_format_choice_offline() -> None:
    text = correction_proposal(
        None,
        status="FAILED",
        attempt=1,
        counts={"ERROR": 2, "WARNING": 0},
        auto_fixes=["species written as Mus musculus"],
        needs_user=["age"],
        options=["approve", "decline"],
    )
    assert text == (
        "Attempt 1: the file did not pass validation (2 errors). I can fix by myself: species written as "
        "Mus musculus. I need from you: age. Choose: approve / decline."
    )
    candidates = [
        FormatCandidate(interface="PhySortingInterface", explanation="Phy output"),
        FormatCandidate(interface="KiloSortSortingInterface", explanation="KiloSort output"),
    ]
    assert "- PhySortingInterface: Phy output" in format_choice(None, candidates)


@pytest.mark.parametrize("name", PromptLibrary().names())
def test_every_prompt_template_loads_renders_and_asks_for_unsureness(name: str) -> None:
    template = PromptLibrary().get(name)
    assert template.placeholders() <= set(template.context), "every placeholder is declared in context"
    assert any("unsure" in c.lower() for c in template.constraints)
    system, user = template.render({key: f"<{key}>" for key in template.context}, max_chars=100_000)
    assert system and all(f"<{key}>" in user for key in template.placeholders())


@pytest.mark.parametrize(
    "asked",
    [
        ["subject_id", "species", "sex", "age"],
        ["session_description", "session_start_time"],
        ["subject_description", "experimenter", "experiment_description", "keywords"],
    ],
)
def test_the_one_sentence_example_reads_back_as_the_values_it_shows(asked: list[str]) -> None:
    """The correction's questions showed 'e.g. "Adult female C57BL/6J mouse, head-fixed, implanted 2 weeks
    before recording., Smith, Jane, Spontaneous activity ..."': sentences side by side, which nobody (and
    no reader) can split. The example is what a good answer looks like, so it must read back whole."""
    text = metadata_question(None, asked)
    sample = text.split('You can answer in one sentence (e.g. "')[1].split('")')[0]
    assert ".," not in sample and ".;" not in sample
    parsed = parse_free_text(sample, asked)
    assert sorted(parsed.values) == sorted(asked), (sample, parsed.values, parsed.unparsed)
