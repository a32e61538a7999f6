"""Completeness score, report wording from the knowledge base, and the LLM path through the templates."""

from __future__ import annotations

import json

import pytest

from agentic_neurodata.agents.evaluation import report_json, report_text, scoring
from agentic_neurodata.agents.evaluation.inspection import message_to_issue
from agentic_neurodata.agents.evaluation.status import count_by_severity, overall_status
from agentic_neurodata.domain import CorrectionContext, FileInfo, FixKind, OverallStatus, SubjectInfo, ValidationResult
from agentic_neurodata.llm import LLMService, OfflineProvider
from agentic_neurodata.llm.base import LLMReply
from agentic_neurodata.llm.prompts import PromptLibrary
from agentic_neurodata.logs import EventLog


class Raw:
    """An NWB Inspector message as the library yields it (attribute names of InspectorMessage)."""

    def __init__(
        self, check: str, importance: str, message: str, object_type: str = "NWBFile", location: str = "/"
    ) -> None:
        from nwbinspector import Importance, Severity

        self.check_function_name, self.message, self.object_type, self.location = check, message, object_type, location
        self.importance, self.severity, self.object_name = Importance[importance], Severity.LOW, "root"


MINIMAL_INFO = FileInfo(
    session_description="",
    session_start_time="2024-03-05T14:30:00-05:00",
    devices=[{"name": "NeuropixelsImec0", "description": None}],
    electrode_groups=[{"name": "imec0", "location": "unknown", "electrode_locations": ["unknown"]}],
)
FULL_INFO = FileInfo(
    session_description="V1 recording",
    session_start_time="2024-03-05T14:30:00Z",
    experimenter=["Smith, Jane"],
    institution="MIT",
    lab="Smith Lab",
    experiment_description="Spontaneous activity",
    keywords=["V1"],
    subject=SubjectInfo(subject_id="m042", species="Mus musculus", sex="F", age="P90D"),
    devices=[{"name": "probe", "description": "Neuropixels 1.0"}],
    electrode_groups=[{"name": "imec0", "location": "VISp", "electrode_locations": ["VISp"]}],
)


def test_completeness_formula() -> None:
    assert scoring.completeness(FULL_INFO).score == 100.0
    minimal = scoring.completeness(MINIMAL_INFO)
    # required weight 2 × 6, recommended weight 1 × 7 = 19; only the start time (with zone) is present: 2/19
    assert minimal.score == pytest.approx(100 * 2 / 19, abs=0.05)
    assert "Session description" in minimal.missing and "Brain area of the electrodes" in minimal.missing
    naive = FULL_INFO.model_copy(update={"session_start_time": "2024-03-05T14:30:00"})
    assert scoring.completeness(naive).score == pytest.approx(100 * 17 / 19, abs=0.05)
    icephys = FULL_INFO.model_copy(update={"electrode_groups": [], "devices": []})
    assert [i.label for i in scoring.completeness(icephys).items][-1] == "Keywords"  # not applicable: not counted


def failed_result() -> ValidationResult:
    issues = [
        message_to_issue(m)
        for m in (
            Raw("check_subject_exists", "CRITICAL", "Subject is missing."),
            Raw(
                "check_description",
                "BEST_PRACTICE_SUGGESTION",
                "Description is missing.",
                "Device",
                "/general/devices/p",
            ),
            Raw("check_institution", "BEST_PRACTICE_SUGGESTION", "Metadata /general/institution is missing."),
            Raw(
                "check_data_orientation",
                "BEST_PRACTICE_VIOLATION",
                "Data may be in the wrong orientation.",
                "ElectricalSeries",
                "/acquisition/e",
            ),
        )
    ]
    return ValidationResult(
        nwb_path="/out/run_v1.nwb",
        version=1,
        overall_status=overall_status(issues),
        issues=issues,
        counts=count_by_severity(issues),
        file_info=MINIMAL_INFO,
        completeness_score=scoring.completeness(MINIMAL_INFO).score,
    )


def test_issues_carry_the_catalogue_words_and_fix_kinds() -> None:
    result = failed_result()
    subject, device, institution, orientation = result.issues
    assert result.overall_status == OverallStatus.FAILED
    assert subject.fix_kind == FixKind.ASK and "DANDI refuses" in subject.why_it_matters
    assert device.fix_kind == FixKind.AUTO and institution.fix_kind == FixKind.ASK
    assert orientation.fix_kind == FixKind.NONE and orientation.category.value == "data_integrity"


def test_offline_correction_context_roadmap_puts_blocking_questions_first() -> None:
    context = report_json.offline_correction_context(failed_result(), [], "s1")
    CorrectionContext.model_validate(json.loads(context.model_dump_json()))
    first = context.roadmap[0]
    assert first.priority == 1 and first.fix_kind == FixKind.ASK and first.issues == ["check_subject_exists"]
    assert "subject id, species, sex, age" in first.action
    assert [s.priority for s in context.roadmap] == list(range(1, len(context.roadmap) + 1))
    assert context.auto_fixable == ["check_description"]
    assert context.needs_user_input == ["check_subject_exists", "check_institution"]
    assert "no subject information" in context.summary
    assert {i.field for i in context.issues} == {"subject_id", "device_description", "institution", None}


class FakeModel:
    """A remote provider that answers with a fixed text and records what it was asked."""

    name, is_remote, context_chars = "fake", True, 200_000

    def __init__(self, answer: str) -> None:
        self.answer, self.prompts = answer, []

    def generate(self, system, messages, max_tokens, timeout_s):
        self.prompts.append(messages[-1]["content"])
        return LLMReply(text=self.answer, input_tokens=10, output_tokens=10)


def service(provider, tmp_path) -> LLMService:
    return LLMService(provider, PromptLibrary(), EventLog(tmp_path))


def test_the_models_words_are_used_but_never_its_fix_decisions(tmp_path) -> None:
    result = failed_result()
    answer = {
        "summary": "The subject is missing.",
        "issues": [
            {
                "id": "G1",
                "explanation": "No animal is named.",
                "why_it_matters": "DANDI needs it.",
                "how_to_fix": "Tell us the animal.",
            },
            {"id": "G99", "explanation": "invented", "why_it_matters": "x", "how_to_fix": "x"},
        ],
        "roadmap": [
            {"priority": 1, "action": "Invent a subject", "issues": ["check_subject_exists"], "fix_kind": "auto"}
        ],
    }
    model = FakeModel(json.dumps(answer))
    text = report_text.failed_report_text(service(model, tmp_path), result, [])
    context = report_json.build_correction_context(result, text, [])
    assert "run_v1.nwb" in model.prompts[0] and "Subject is missing." in model.prompts[0]
    assert text.summary == "The subject is missing."
    subject = next(i for i in context.issues if i.check_name == "check_subject_exists")
    assert subject.explanation == "No animal is named." and subject.fix_kind == FixKind.ASK
    assert all(i.explanation != "invented" for i in context.issues)
    # "Invent a subject" as an automatic fix contradicts the catalogue (ask): the roadmap is rebuilt.
    assert context.roadmap[0].fix_kind == FixKind.ASK and "Invent" not in context.roadmap[0].action
    assert context.needs_user_input[0] == "check_subject_exists"


def test_a_fitting_roadmap_from_the_model_is_kept_and_renumbered(tmp_path) -> None:
    answer = {
        "summary": "s",
        "issues": [],
        "roadmap": [
            {"priority": 5, "action": "Tell us about the mouse", "issues": ["check_subject_exists"], "fix_kind": "ask"},
            {"priority": 9, "action": "We describe the probe", "issues": ["check_description"], "fix_kind": "auto"},
        ],
    }
    text = report_text.failed_report_text(service(FakeModel(json.dumps(answer)), tmp_path), failed_result(), [])
    assert [(s.priority, s.action) for s in text.roadmap] == [
        (1, "Tell us about the mouse"),
        (2, "We describe the probe"),
    ]


def test_a_roadmap_that_skips_a_blocking_issue_is_replaced(tmp_path) -> None:
    answer = {
        "summary": "s",
        "issues": [],
        "roadmap": [{"priority": 1, "action": "Add keywords", "issues": ["check_keywords"], "fix_kind": "ask"}],
    }
    text = report_text.failed_report_text(service(FakeModel(json.dumps(answer)), tmp_path), failed_result(), [])
    assert text.roadmap[0].issues == ["check_subject_exists"]
    assert all(n.explanation for n in text.issues)  # every group explained, from the catalogue


def test_an_invalid_answer_falls_back_to_the_knowledge_base(tmp_path) -> None:
    model = FakeModel("I cannot answer in JSON.")
    text = report_text.passed_report_text(
        service(model, tmp_path),
        failed_result().model_copy(update={"overall_status": OverallStatus.PASSED_WITH_ISSUES}),
        [],
    )
    assert len(model.prompts) == 2  # the answer and one repair
    assert text.executive_summary.startswith("run_v1.nwb") and text.recommendations


def test_offline_passed_text_mentions_what_matters(tmp_path) -> None:
    result = ValidationResult(
        nwb_path="/out/ok_v2.nwb",
        version=2,
        overall_status=OverallStatus.PASSED,
        file_info=FULL_INFO.model_copy(update={"nwb_version": "2.8.0", "duration_s": 60.0}),
        completeness_score=100.0,
    )
    text = report_text.passed_report_text(service(OfflineProvider(), tmp_path), result, [])
    assert text.executive_summary.startswith("ok_v2.nwb (NWB 2.8.0) passed every NWB Inspector check")
    assert "60.0 s of recording" in text.executive_summary and text.issues == []
    assert "every required and recommended field is present" in text.quality_assessment
    assert any("dandi validate" in r for r in text.recommendations)


@pytest.mark.parametrize(
    ("template", "schema"),
    [("evaluation_passed", report_text.PassedReportText), ("evaluation_failed", report_text.FailedReportText)],
)
def test_templates_match_their_schemas_and_variables(template, schema) -> None:
    prompt = PromptLibrary().get(template)
    assert prompt.output_schema == schema.model_json_schema()
    variables = report_text.prompt_variables(failed_result(), [])
    assert prompt.placeholders() <= set(variables) and set(prompt.context) == set(variables)
    system, user = prompt.render(variables)
    assert "check_subject_exists" in user and system


def test_correction_context_of_a_passed_file_does_not_call_it_failed() -> None:
    result = failed_result()
    result = result.model_copy(
        update={
            "issues": result.issues[1:],
            "overall_status": OverallStatus.PASSED_WITH_ISSUES,
            "counts": count_by_severity(result.issues[1:]),
        }
    )
    context = report_json.offline_correction_context(result, [])
    assert context.summary.startswith("run_v1.nwb passed validation with 1 warning, 2 best-practice suggestions")
    assert all(step.issues != ["check_subject_exists"] for step in context.roadmap)
