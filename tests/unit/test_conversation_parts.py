"""The conversation agent's small parts: options, intake policy, automatic fixes, no progress."""

from __future__ import annotations

import pytest

from agentic_neurodata.agents.conversation import answers, auto_fixes, intake, planning
from agentic_neurodata.domain import (
    AppliedFix,
    CorrectionAttempt,
    FieldRequest,
    FileInfo,
    FixKind,
    FixStrategy,
    ObjectChange,
    PendingRequest,
    PendingRequestType,
    RequestOption,
    Severity,
    ValidationIssue,
    ValueSource,
)

OPTIONS = [
    RequestOption(value="PhySortingInterface", label="PhySortingInterface"),
    RequestOption(value="KiloSortSortingInterface", label="KiloSortSortingInterface"),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PhySortingInterface", "PhySortingInterface"),
        ("2", "KiloSortSortingInterface"),
        ("phy", "PhySortingInterface"),
        ("kilosort please", "KiloSortSortingInterface"),
        ("the first one", None),
        ("", None),
        ("9", None),
    ],
)
def test_an_option_is_named_by_value_label_number_or_an_unambiguous_part(text: str, expected: str | None) -> None:
    found = answers.match_option(text, OPTIONS)
    assert (found.value if found else None) == expected


def test_a_word_that_says_nothing_names_no_option() -> None:
    write = [RequestOption(value="confirm", label="Write these values")]
    assert answers.match_option("ok, but the age is 13 weeks", write) is None  # "the" is in "these"
    assert answers.match_option("write them", write) == write[0]


def test_values_are_checked_and_unknown_names_refused_except_asked_free_text() -> None:
    checked = intake.check_values({"species": "mouse", "sex": "male", "colour": "blue", "cell_id": "cell 3"})
    assert checked.accepted["species"] == "Mus musculus" and checked.accepted["sex"] == "M"
    assert "not a metadata field" in checked.rejected["colour"]
    # Spaces are not allowed in an identifier: the hyphenated form is asked back, nothing is stored.
    (asked,) = checked.confirmations
    assert asked.field == "cell_id" and asked.proposals[0].value == "cell-3" and "cell_id" not in checked.accepted
    assert intake.check_values({"pipette_resistance": "5 MOhm"}, free_text_fields=("pipette_resistance",)).accepted == {
        "pipette_resistance": "5 MOhm"
    }


def test_a_start_time_from_the_files_counts_only_with_its_zone() -> None:
    assert intake.known_from_files(
        {"session_start_time": "2024-03-05T14:30:00-05:00", "session_start_time_has_timezone": True}
    ) == ({"session_start_time": "2024-03-05T14:30:00-05:00"}, {})
    assert intake.known_from_files(
        {"session_start_time": "2024-03-05T14:30:00", "session_start_time_has_timezone": False}
    ) == ({}, {"session_start_time": "2024-03-05T14:30:00"})
    assert intake.cannot_convert_without({}) == ["session_start_time"]
    assert intake.cannot_convert_without({"session_start_time": "2024-03-05T14:30:00-05:00"}) == []


def test_questions_stop_after_two_rounds_in_minimal_mode_and_for_declined_fields() -> None:
    everything_missing: dict = {}
    assert intake.should_ask(everything_missing, [], 0, minimal=False)
    assert intake.should_ask(everything_missing, [], 1, minimal=False)
    assert not intake.should_ask(everything_missing, [], 2, minimal=False)
    assert not intake.should_ask(everything_missing, [], 0, minimal=True)
    required = ["subject_id", "species", "sex", "age", "session_description", "session_start_time"]
    assert not intake.should_ask(everything_missing, required, 0, minimal=False)
    first = {s.name for s in intake.fields_to_ask({}, [], 1)}
    second = {s.name for s in intake.fields_to_ask({}, [], 2)}
    assert "keywords" in first and "keywords" not in second and set(required) <= second


def strategy(check: str, field: str | None, kind: FixKind = FixKind.AUTO) -> FixStrategy:
    return FixStrategy(check_name=check, kind=kind, description=f"fix {check}.", field=field)


def apply(
    check: str, field: str | None, metadata: dict, options: dict, info: FileInfo | None = None
) -> AppliedFix | None:
    return auto_fixes.apply_fix(strategy(check, field), auto_fixes.FixInputs(info, []), metadata, options).fix


def test_automatic_fixes_work_only_from_facts_present() -> None:
    metadata: dict = {"subject_id": "m/042", "related_publications": ["10.1234/abcd"]}
    options: dict = {}
    done = [
        apply(c, f, metadata, options)
        for c, f in (
            ("check_subject_id_no_slashes", "subject_id"),
            ("check_doi_publications", "related_publications"),
            ("check_empty_table", None),
        )
    ]
    assert all(isinstance(fix, AppliedFix) for fix in done)
    assert metadata["subject_id"] == "m-042" and metadata["related_publications"] == ["doi:10.1234/abcd"]
    assert options == {"drop_empty_tables": True}
    assert done[0].changes[0].target == ("Subject", "subject", "subject_id")  # type: ignore[union-attr]
    # Nothing to work on: nothing is invented.
    assert apply("check_subject_sex", "sex", {}, {}) is None
    assert apply("check_empty_table", None, {}, {"drop_empty_tables": True}) is None
    assert apply("check_column_binary_capability", None, {}, {}, FileInfo()) is None  # no 0/1 column


def issue(check: str, location: str = "/") -> ValidationIssue:
    return ValidationIssue(
        check_name=check,
        severity=Severity.WARNING,
        importance="BEST_PRACTICE_VIOLATION",
        message="m",
        location=location,
    )


def test_no_progress_means_same_issues_and_nothing_changed_in_the_file() -> None:
    read = CorrectionAttempt(
        attempt=2, issues_before=[issue("check_a")], issues_after=[issue("check_a")], file_before=FileInfo()
    )
    assert planning.made_no_progress(read.model_copy(update={"user_input": {"age": "P90D"}}))
    change = ObjectChange(object_type="Subject", object_name="subject", attribute="age", before=None, after="P90D")
    assert not planning.made_no_progress(read.model_copy(update={"changes": [change]}))
    # A round recorded without the file before it: no input and no fix.
    same = CorrectionAttempt(attempt=2, issues_before=[issue("check_a")], issues_after=[issue("check_a")])
    assert planning.made_no_progress(same)
    moved = CorrectionAttempt(attempt=2, issues_before=[issue("check_a")], issues_after=[issue("check_a", "/x")])
    assert not planning.made_no_progress(moved)
    answered = same.model_copy(update={"user_input": {"age": "P90D"}})
    assert not planning.made_no_progress(answered)
    fixed = same.model_copy(update={"fixes_applied": [AppliedFix(check_name="check_a", reason="r")]})
    assert not planning.made_no_progress(fixed)
    assert not planning.made_no_progress(CorrectionAttempt(attempt=1, issues_before=[issue("check_a")]))


def test_correction_questions_carry_the_question_why_example_and_rule() -> None:
    age, resistance = (
        planning.question_for(s)
        for s in [
            FixStrategy(
                check_name="check_subject_age",
                kind=FixKind.ASK,
                field="age",
                description="Ask for age.",
                question="How old was the subject?",
                example="P90D",
                rule="ISO 8601 duration, e.g. P90D.",
            ),
            FixStrategy(
                check_name="check_new",
                kind=FixKind.ASK,
                field="pipette_resistance",
                description="Ask for it.",
                question="What was the pipette resistance?",
                example="5 MOhm",
                rule="A resistance with its unit.",
            ),
        ]
    )
    assert (age.name, age.description, age.example, age.rule) == (
        "age",
        "How old was the subject?",
        "P90D",
        "ISO 8601 duration, e.g. P90D.",
    )
    assert age.why  # from the field registry: why the age is needed
    # A field the registry does not know keeps the catalogue's words, its rule included.
    assert (resistance.why, resistance.rule) == ("Ask for it.", "A resistance with its unit.")


def test_asked_for_the_id_a_species_alone_is_kept_as_species_and_the_id_asked_again() -> None:
    request = PendingRequest(
        type=PendingRequestType.USER_INPUT,
        message="ID?",
        purpose="correction_values",
        fields=[FieldRequest(name="subject_id")],
    )
    answer = answers.read_values(request, message="mouse", fields=None, skip=None, partial={}, llm=None)
    assert answer.values == {"species": "Mus musculus"}
    assert "subject_id" not in answer.values and "names the species" in answer.rejected["subject_id"]
    assert answer.declined == []
    # The same through the form: the rule refuses a species name as an id, but not an id that contains one.
    assert "names the species" in intake.check_values({"subject_id": "mouse"}).rejected["subject_id"]
    assert intake.check_values({"subject_id": "mouse-042"}).accepted == {"subject_id": "mouse-042"}
    # Asked for both, "mouse" simply answers the species.
    both = request.model_copy(update={"fields": [FieldRequest(name="subject_id"), FieldRequest(name="species")]})
    assert answers.read_values(both, message="mouse", fields=None, skip=None, partial={}, llm=None).rejected == {}


def test_no_idea_skip_it_as_the_answer_to_one_question_declines_it() -> None:
    request = PendingRequest(type=PendingRequestType.METADATA, message="How old?", fields=[FieldRequest(name="age")])
    answer = answers.read_values(request, message="no idea, skip it", fields=None, skip=None, partial={}, llm=None)
    assert answer.declined == ["age"] and answer.rejected == {} and answer.values == {}


def test_words_and_fields_keep_where_each_value_came_from_and_guesses_wait() -> None:
    request = PendingRequest(
        type=PendingRequestType.METADATA,
        message="?",
        fields=[FieldRequest(name="species"), FieldRequest(name="sex"), FieldRequest(name="age")],
    )
    answer = answers.read_values(
        request, message="a monkey, female", fields={"age": "7 years"}, skip=None, partial={}, llm=None
    )
    assert answer.values == {"sex": "F", "age": "P7Y"}
    assert answer.sources == {"sex": ValueSource.WORDS, "age": ValueSource.FORM}
    assert [c.field for c in answer.confirmations] == ["species"] and "species" not in answer.declined
