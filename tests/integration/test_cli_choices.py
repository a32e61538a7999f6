"""`agentic-neurodata convert` at its choices: the "changed nothing" question answered on a terminal,
a declined correction ending in exit 1, and what a run without a terminal says it needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from agentic_neurodata.cli_convert import accepts_as_is, missing_lines
from agentic_neurodata.domain import OverallStatus, PendingRequest, PendingRequestType, RequestOption
from agentic_neurodata.state import GlobalState
from tests.support.cli_terminal import converse, run_cli
from tests.support.paths import REALDATA
from tests.support.settings import FULL_METADATA

NO_PROGRESS_OPTIONS = [
    RequestOption(value="accept_as_is", label="Accept as is"),
    RequestOption(value="change_approach", label="Different approach"),
    RequestOption(value="stop", label="Stop"),
]


def option_number(context: str, label: str) -> str | None:
    """The number the terminal shows for the option labelled `label`, if it is listed."""
    found = re.findall(rf"(\d+)\. {re.escape(label)}\b", context)
    return found[-1] if found else None


@pytest.mark.slow
def test_a_round_that_changed_nothing_is_answered_on_a_terminal(tmp_path: Path, sample_run: Path) -> None:
    # As tests/integration/test_conversation_flows.py::test_stuck_loop_is_called_out_then_accepted, on the
    # command line: improve, give no new value, until the agent says the round changed nothing; accept as is.
    metadata = tmp_path / "metadata.yaml"
    metadata.write_text(yaml.safe_dump(FULL_METADATA))
    stuck: list[str] = []

    def reply(field: str | None, context: str) -> str:
        if field is not None:
            return ""  # no new value
        if option_number(context, "Different approach"):
            stuck.append(context)
            return option_number(context, "Accept as is") or "1"
        assert not stuck, "asked again after the way out was chosen"
        return option_number(context, "Improve") or "1"

    code, seen = converse(tmp_path, [str(sample_run), "--metadata", str(metadata)], reply)
    assert stuck, seen[-3000:]
    assert "changed nothing" in stuck[0] and option_number(stuck[0], "Stop")
    assert code == 0, seen[-3000:]
    assert "(passed_accepted)" in seen and "NWB file:" in seen


@pytest.mark.slow
def test_declining_the_correction_of_a_failed_file_exits_1(tmp_path: Path, sample_run: Path) -> None:
    # The minimal sample (no subject) fails validation; declining its correction ends the run as failed.
    offered: list[str] = []

    def reply(field: str | None, context: str) -> str:
        if field is not None:
            return ""  # skip every question: the file then lacks its subject
        offered.append(context)
        return option_number(context, "Decline") or "2"

    code, seen = converse(tmp_path, [str(sample_run), "--set", "session_start_time=2024-03-05T14:30:00-05:00"], reply)
    assert offered and option_number(offered[-1], "Approve"), seen[-3000:]
    assert code == 1, seen[-3000:]
    assert "Result: FAILED (failed_user_declined)" in seen and "NWB file:" in seen


@pytest.mark.slow
@pytest.mark.skipif(not (REALDATA / "phy_kilosort" / "bme410").is_dir(), reason="real recordings not found")
def test_without_a_terminal_a_format_choice_names_the_format_option(tmp_path: Path) -> None:
    folder = REALDATA / "phy_kilosort" / "bme410"  # Phy and KiloSort both read it: a format choice
    done = run_cli(tmp_path, str(folder))
    assert done.returncode == 2, done.stderr
    said = re.search(r"Choose the format with --format NAME \(one of: ([^)]*)\)", done.stderr)
    assert said, done.stderr
    assert {"PhySortingInterface", "KiloSortSortingInterface"} <= set(said.group(1).split(", "))


def failed_state() -> GlobalState:
    return GlobalState(overall_status=OverallStatus.FAILED)


def passed_with_issues_state() -> GlobalState:
    return GlobalState(overall_status=OverallStatus.PASSED_WITH_ISSUES)


def test_without_a_terminal_a_failed_file_lists_approve_and_decline() -> None:
    request = PendingRequest(
        type=PendingRequestType.RETRY_APPROVAL,
        message="The file failed validation.",
        options=[RequestOption(value="approve", label="Approve"), RequestOption(value="decline", label="Decline")],
    )
    text = "\n".join(missing_lines(request, failed_state()))
    assert "option 'approve': Approve" in text and "option 'decline': Decline" in text
    assert "failed validation" in text and "on a terminal" in text
    assert "--accept-warnings" not in text  # a failed file is never accepted by that flag
    assert not accepts_as_is(request, failed_state())


def test_without_a_terminal_the_changed_nothing_question_is_listed_as_a_choice() -> None:
    request = PendingRequest(
        type=PendingRequestType.USER_INPUT,
        purpose="no_progress",
        message="Attempt 2 changed nothing.",
        options=NO_PROGRESS_OPTIONS,
    )
    passed = "\n".join(missing_lines(request, passed_with_issues_state()))
    assert "option 'accept_as_is': Accept as is" in passed and "option 'stop': Stop" in passed
    assert "--accept-warnings to accept the file as is" in passed and "--set" not in passed
    assert accepts_as_is(request, passed_with_issues_state())
    # For a file that failed, "accept as is" keeps its errors: that is a decision, not --accept-warnings.
    failed = "\n".join(missing_lines(request, failed_state()))
    assert "--accept-warnings" not in failed and "Choose on a terminal" in failed
    assert not accepts_as_is(request, failed_state())


def test_without_a_terminal_a_format_choice_says_how_to_give_it() -> None:
    request = PendingRequest(
        type=PendingRequestType.FORMAT_SELECTION,
        message="Two readers fit.",
        options=[
            RequestOption(value="PhySortingInterface", label="Phy"),
            RequestOption(value="SpikeGLXRecordingInterface#imec0.ap", label="AP"),
            RequestOption(value="SpikeGLXRecordingInterface#imec0.lf", label="LF"),
        ],
    )
    text = "\n".join(missing_lines(request, GlobalState()))
    assert "--format NAME (one of: PhySortingInterface, SpikeGLXRecordingInterface)" in text
    assert "  - SpikeGLXRecordingInterface: LF" in text and "#imec0" not in text
