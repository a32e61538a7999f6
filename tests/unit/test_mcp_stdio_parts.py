"""The assistant server's small parts: next-step wording, one progress number, its own
folders, the command's argument check, and errors that always carry an error id."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from mcp.types import CallToolResult

from agentic_neurodata.api.routes.status import build_status
from agentic_neurodata.cli import build_parser, main
from agentic_neurodata.domain import FieldRequest, PendingRequest, PendingRequestType, RequestOption
from agentic_neurodata.errors import BadInputError
from agentic_neurodata.mcp_stdio.command import assistant_settings
from agentic_neurodata.mcp_stdio.service import AssistantService, overall_percent
from agentic_neurodata.mcp_stdio.tools import reports_errors
from agentic_neurodata.mcp_stdio.views import status_view
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.state import Failure, GlobalState, Progress, StageName, WorkflowStatus
from tests.support.settings import make_settings


def view_of(state: GlobalState):  # type: ignore[no-untyped-def]
    return status_view(build_status(state, "offline"))


def waiting_for(kind: PendingRequestType, **extra: object) -> GlobalState:
    request = PendingRequest(type=kind, message="?", **extra)  # type: ignore[arg-type]
    return GlobalState(session_id="s", status=WorkflowStatus.AWAITING_USER_INPUT, pending_request=request)


@pytest.mark.parametrize(
    ("state", "tool"),
    [
        (GlobalState(), "start_conversion(folder, metadata)"),
        (GlobalState(session_id="s", status=WorkflowStatus.PROCESSING), "wait()"),
        (GlobalState(session_id="s", status=WorkflowStatus.COMPLETED), "get_results()"),
        (waiting_for(PendingRequestType.RETRY_APPROVAL), "decline()"),
        (waiting_for(PendingRequestType.IMPROVEMENT_APPROVAL), "accept_as_is()"),
        (
            waiting_for(
                PendingRequestType.FORMAT_SELECTION, options=[RequestOption(value="IntanConverter", label="Intan")]
            ),
            "answer(fields={'format': <one of 'IntanConverter'>})",
        ),
        (
            waiting_for(
                PendingRequestType.METADATA,
                fields=[FieldRequest(name="subject_id"), FieldRequest(name="lab", required=False)],
            ),
            "for: subject_id (required), lab;",
        ),
        (waiting_for(PendingRequestType.USER_INPUT), "answer(message='...')."),
    ],
)
def test_next_step_names_the_tool_to_call(state: GlobalState, tool: str) -> None:
    assert tool in view_of(state).next_step


def test_a_failure_of_the_users_choosing_is_not_offered_again() -> None:
    interrupted = GlobalState(
        session_id="s",
        status=WorkflowStatus.FAILED,
        failure=Failure(reason="interrupted", message="The service stopped."),
    )
    declined = GlobalState(
        session_id="s", status=WorkflowStatus.FAILED, failure=Failure(reason="user_declined", message="Declined.")
    )
    assert "approve() tries this session again" in view_of(interrupted).next_step
    assert "The service stopped." in view_of(interrupted).next_step
    assert "approve()" not in view_of(declined).next_step


@pytest.mark.parametrize(
    ("stage", "percent", "overall"),
    [
        (StageName.CONVERSION, 50.0, 16.7),
        (StageName.EVALUATION, 0.0, 33.3),
        (StageName.REPORT_GENERATION, 100.0, 100.0),
    ],
)
def test_overall_percent_runs_across_the_stages(stage: StageName, percent: float, overall: float) -> None:
    state = GlobalState(
        session_id="s", status=WorkflowStatus.PROCESSING, progress=Progress(stage=stage, percent=percent)
    )
    assert overall_percent(view_of(state)) == overall
    assert overall_percent(view_of(GlobalState())) == 0.0


def test_the_server_keeps_its_own_state_and_outputs(tmp_path: Path) -> None:
    settings = assistant_settings(make_settings(tmp_path))
    assert settings.state_dir == tmp_path / "state" / "mcp"
    assert settings.output_dir == tmp_path / "outputs" / "mcp"
    assert settings.log_dir == tmp_path / "logs" and settings.upload_dir == tmp_path / "uploads"


def test_the_mcp_command_is_offered_and_checks_its_workdir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "mcp" in build_parser().format_help()
    assert main(["mcp", "--workdir", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_every_tool_failure_carries_an_error_id_and_an_unexpected_one_is_logged(tmp_path: Path) -> None:
    runtime = build_runtime(make_settings(tmp_path), in_background=False)
    guarded = reports_errors(AssistantService(runtime))

    @guarded
    async def refuses() -> None:
        raise BadInputError("Give a folder, e.g. /data/run1_g0.")

    @guarded
    async def crashes() -> None:
        raise KeyError("secret internals")

    try:
        refused: CallToolResult = anyio.run(refuses)
        assert refused.is_error and refused.structured_content["error_code"] == "bad_input"
        assert json.loads(refused.content[0].text)["message"] == "Give a folder, e.g. /data/run1_g0."
        crashed: CallToolResult = anyio.run(crashes)
        body = crashed.structured_content
        assert crashed.is_error and body["error_code"] == "internal_error" and body["error_id"].startswith("E-")
        assert "KeyError" in body["message"] and "secret internals" not in body["message"]
        logged = [r for r in runtime.event_log.read(None) if r.get("kind") == "mcp_tool_error"]
        assert [r["tool"] for r in logged] == ["refuses", "crashes"]
        assert logged[1]["error_id"] == body["error_id"] and "secret internals" in logged[1]["traceback"]
    finally:
        runtime.close()
