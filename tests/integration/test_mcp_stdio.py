"""`agentic-neurodata mcp` as an assistant runs it: a subprocess spoken to over stdio with the
official SDK's client. A real conversion of the generated sample, and the error path."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.support.mcp_client import (
    TOOL_NAMES,
    Progress,
    call,
    call_error,
    run,
    skip_questions,
    stdio_connection,
    wait_settled,
)
from tests.support.settings import FULL_METADATA

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("mode", ["legacy", "auto"])  # legacy: the initialize handshake most assistants speak today
def test_tools_are_listed_with_schemas_and_descriptions(tmp_path: Path, mode: str) -> None:
    async def scenario() -> None:
        async with stdio_connection(tmp_path, mode=mode) as client:
            if mode == "legacy":  # the initialize handshake names the server
                assert client.server_info.name == "agentic-neurodata"
            assert "start_conversion" in (client.instructions or "")
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            assert set(tools) >= TOOL_NAMES
            for tool in tools.values():
                assert len(tool.description or "") > 80, tool.name
                assert tool.input_schema["type"] == "object" and tool.output_schema, tool.name
            assert tools["detect_format"].input_schema["required"] == ["folder"]
            assert tools["detect_format"].annotations.read_only_hint is True
            assert tools["start_conversion"].annotations.read_only_hint is False
            start = json.dumps(tools["start_conversion"].input_schema)
            for field in ("subject_id", "species", "session_start_time", "electrode_location"):
                assert field in start  # each metadata field is described to the assistant
            assert set(tools["answer"].input_schema["properties"]) == {"message", "fields", "skip"}
            assert tools["wait"].input_schema["properties"]["timeout_s"]["maximum"] == 600
            results = tools["get_results"].output_schema["properties"]
            assert {"nwb_file", "sha256", "versions", "report_path", "counts", "issues"} <= set(results)
            assert "pending_request" in tools["get_status"].output_schema["properties"]

    run(scenario)


def test_bad_folders_and_wrong_moments_are_tool_errors(tmp_path: Path, sample_run: Path) -> None:
    missing = tmp_path / "no such run"
    empty = tmp_path / "empty"
    empty.mkdir()
    a_file = next(sample_run.rglob("*.ap.meta"))

    async def scenario() -> None:
        async with stdio_connection(tmp_path / "svc") as client:
            error = await call_error(client, "start_conversion", folder=str(missing), metadata=FULL_METADATA)
            assert error["error_code"] == "bad_input" and f"There is no folder {missing}" in error["message"]
            error = await call_error(client, "detect_format", folder=str(a_file))
            assert error["error_code"] == "bad_input" and "is a file, not a folder" in error["message"]
            error = await call_error(client, "start_conversion", folder=str(empty))
            assert error["error_code"] == "bad_input" and "holds no files" in error["message"]
            error = await call_error(client, "detect_format", folder=str(sample_run), format="SpikeGLXConverterPip")
            assert error["error_code"] == "format_not_detected" and "SpikeGLXConverterPipe" in error["message"]
            assert (await call_error(client, "get_results"))["error_code"] == "not_found"
            assert (await call_error(client, "approve"))["error_code"] == "invalid_state"
            assert (await call_error(client, "accept_as_is"))["error_code"] == "invalid_state"
            assert (await call_error(client, "answer"))["error_code"] == "bad_input"
            status = await call(client, "get_status")
            assert status["status"] == "idle" and status["session_id"] is None  # no error started a session

    run(scenario)


def test_full_metadata_conversion_reaches_a_verified_result(tmp_path: Path, sample_run: Path) -> None:
    workdir = tmp_path / "svc"

    async def scenario() -> None:
        async with stdio_connection(workdir, mode="legacy") as client:
            found = await call(client, "detect_format", folder=str(sample_run))
            assert (found["interface"], found["needs_choice"], found["files"]) == ("SpikeGLXConverterPipe", False, 4)
            assert found["confidence"] == 1.0 and "SpikeGLX" in found["explanation"]
            assert (await call(client, "get_status"))["session_id"] is None  # detecting changed nothing

            started = await call(client, "start_conversion", folder=str(sample_run), metadata=FULL_METADATA)
            assert started["status"] == "processing" and started["session_id"]
            assert "wait()" in started["next_step"]
            progress: Progress = []
            status = await skip_questions(client, await wait_settled(client, progress))
            assert progress, "wait() sent no progress notification"
            values = [value for value, _, _ in progress]
            assert values == sorted(set(values)) and all(total == 100 and text for _, total, text in progress)

            if status["status"] == "awaiting_user_input":
                assert status["pending_request"]["type"] == "improvement_approval", status["pending_request"]
                assert "accept_as_is()" in status["next_step"]
                await call(client, "accept_as_is")
            final = await call(client, "get_status")
            assert final["status"] == "completed" and final["validation_status"] in ("passed", "passed_accepted")

            results = await call(client, "get_results")
            assert results["finished"] and results["session_id"] == started["session_id"]
            nwb = Path(results["nwb_file"])
            assert nwb.is_file() and nwb.is_relative_to(workdir / "outputs" / "mcp" / started["session_id"])
            assert hashlib.sha256(nwb.read_bytes()).hexdigest() == results["sha256"] == results["versions"][0]["sha256"]
            assert results["versions"][0]["size_bytes"] == nwb.stat().st_size
            assert results["report_exists"] and Path(results["report_path"]).suffix == ".pdf"
            assert results["counts"]["CRITICAL"] == 0 and results["counts"]["ERROR"] == 0
            assert results["overall_status"] in ("PASSED", "PASSED_WITH_ISSUES")
            assert len(results["issues"]) == sum(results["counts"].values())

    run(scenario)
    # Its own session state, beside (never in) the web server's STATE_DIR/state.json.
    assert (workdir / "state" / "mcp" / "state.json").is_file()
    assert not (workdir / "state" / "state.json").exists()
