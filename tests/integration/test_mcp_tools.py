"""The assistant tools in-process (the SDK's client connected to the server object): the answer,
approve, decline, cancel and wait paths, on real conversions. Written against what
pending_request shows, so they keep working as the conversation agent learns to ask more."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from mcp import Client

from agentic_neurodata.mcp_stdio.service import AssistantService
from agentic_neurodata.mcp_stdio.tools import build_assistant_server
from agentic_neurodata.runtime import Runtime, build_runtime
from agentic_neurodata.sample_data import write_sample_intan, write_sample_session, write_sample_spikeglx
from tests.support.mcp_client import MAX_ROUNDS, Progress, call, call_error, run, skip_questions, wait, wait_settled
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow


@asynccontextmanager
async def connected(runtime: Runtime) -> AsyncIterator[Client]:
    async with Client(build_assistant_server(AssistantService(runtime))) as client:
        yield client


@pytest.fixture
def runtime(tmp_path: Path):  # type: ignore[no-untyped-def]
    built = build_runtime(make_settings(tmp_path / "svc"), in_background=True)
    try:
        yield built
    finally:
        built.cancel()
        built.close()


def test_decline_after_an_approved_retry_ends_failed_and_detection_disturbs_nothing(
    runtime: Runtime, sample_run: Path
) -> None:
    async def scenario() -> None:
        async with connected(runtime) as client:
            await call(client, "start_conversion", folder=str(sample_run))  # no metadata: the file fails
            status = await skip_questions(client, await wait_settled(client))
            assert status["pending_request"]["type"] == "retry_approval", status["pending_request"]
            assert status["overall_status"] == "FAILED" and "approve()" in status["next_step"]

            # A read-only look at another folder while the session waits leaves the session as it was.
            before = runtime.store.snapshot()
            found = await call(client, "detect_format", folder=str(sample_run))
            assert found["interface"] == "SpikeGLXConverterPipe"
            after = runtime.store.snapshot()
            assert (after.status, after.pending_request, after.detected_format, after.versions, after.updated_at) == (
                before.status,
                before.pending_request,
                before.detected_format,
                before.versions,
                before.updated_at,
            )

            assert (await call_error(client, "accept_as_is"))["error_code"] == "invalid_state"  # a failed file
            approved = await call(client, "approve")
            assert approved["status"]["status"] in ("processing", "awaiting_user_input")
            for _ in range(MAX_ROUNDS):
                status = await skip_questions(client, await wait_settled(client))
                if status["pending_request"] and status["pending_request"]["type"] == "retry_approval":
                    break
            else:
                raise AssertionError(f"no second retry proposal: {status['pending_request']}")
            assert [v["version"] for v in status["versions"]] == [1, 2]  # the retry wrote a new version

            declined = await call(client, "decline")
            final = declined["status"]
            assert (final["status"], final["validation_status"]) == ("failed", "failed_user_declined")
            assert "approve()" not in final["next_step"]  # a decision of the user's is not retried
            assert (await call_error(client, "approve"))["error_code"] == "invalid_state"

            results = await call(client, "get_results")
            assert results["finished"] and results["overall_status"] == "FAILED"
            assert results["counts"]["CRITICAL"] >= 1 and results["failure"]["reason"] == "user_declined"
            assert results["report_exists"] and results["report_path"].endswith(".json")
            assert {i["check_name"] for i in results["issues"]} >= {"check_subject_exists"}
            assert all(Path(v["path"]).is_file() for v in results["versions"])

    run(scenario)


def test_format_choice_is_answered_after_busy_timeout_and_cancel(runtime: Runtime, tmp_path: Path) -> None:
    mixed = tmp_path / "mixed"
    write_sample_spikeglx(mixed)
    write_sample_intan(mixed)

    async def scenario() -> None:
        async with connected(runtime) as client:
            found = await call(client, "detect_format", folder=str(mixed))
            assert found["needs_choice"]
            assert {a["choice_id"] for a in found["alternatives"]} == {"SpikeGLXConverterPipe", "IntanConverter"}
            assert (await call(client, "get_status"))["status"] == "idle"

            # Hold the workflow worker so the session is certainly still processing while we look.
            release = threading.Event()
            runtime.worker.submit(release.wait, "test-hold")
            try:
                started = await call(client, "start_conversion", folder=str(mixed), metadata=FULL_METADATA)
                busy = await call_error(client, "start_conversion", folder=str(mixed))
                assert busy["error_code"] == "busy" and "cancel()" in busy["message"]
                assert busy["details"]["active_session_id"] == started["session_id"]
                progress: Progress = []
                waited = await wait(client, progress, timeout_s=0.5)
                assert (waited["settled"], waited["status"]) == (False, "processing") and waited["waited_s"] >= 0.5
                assert progress and progress[0][2]  # told what it is doing while it waits
            finally:
                release.set()

            status = await wait_settled(client)
            pending = status["pending_request"]
            assert pending["type"] == "format_selection" and "'IntanConverter'" in status["next_step"]
            assert {o["value"] for o in pending["options"]} == {"SpikeGLXConverterPipe", "IntanConverter"}
            wrong = await call_error(client, "answer", fields={"format": "NoSuchReader"})
            assert wrong["error_code"] == "bad_input" and "IntanConverter" in wrong["message"]

            cancelled = await call(client, "cancel")
            assert cancelled["status"]["status"] == "idle" and cancelled["status"]["pending_request"] is None

            await call(client, "start_conversion", folder=str(mixed), metadata=FULL_METADATA)  # free again
            status = await wait_settled(client)
            assert status["pending_request"]["type"] == "format_selection"
            answered = await call(client, "answer", fields={"format": "IntanConverter"})
            assert answered["accepted"] == {"format": "IntanConverter"} and not answered["rejected"]
            status = await skip_questions(client, await wait_settled(client))
            assert status["detected_format"]["interface"] == "IntanConverter"
            assert [v["version"] for v in status["versions"]] == [1]
            assert Path(status["versions"][0]["path"]).name.startswith("mixed_v1")

    run(scenario)


def test_session_plan_is_shown_in_words_and_a_stream_left_out_is_not_converted(
    runtime: Runtime, tmp_path: Path
) -> None:
    run_folder = write_sample_session(tmp_path / "made")  # SpikeGLX + its Kilosort/Phy folder + trials.csv

    async def scenario() -> None:
        async with connected(runtime) as client:
            found = await call(client, "detect_format", folder=str(run_folder))
            recording, sorting, trials = found["plan"]
            assert recording.startswith("SpikeGLXConverterPipe: reader SpikeGLXConverterPipe, recording, 4 files")
            assert "sorting" in sorting and sorting.endswith("converted; units linked to the electrodes of imec0.ap")
            assert trials.startswith("CsvTimeIntervalsInterface: reader CsvTimeIntervalsInterface, events, 1 file (")

            # No metadata: after the format answer the service asks for values, so the plan is changed
            # before the first version (with every value given it converts at once).
            await call(client, "start_conversion", folder=str(run_folder))
            status = await wait_settled(client)
            assert status["pending_request"]["type"] == "format_selection"
            assert len(status["detected_format"]["plan"]) == 3
            early = await call_error(client, "set_stream_included", name="CsvTimeIntervalsInterface", included=False)
            assert early["error_code"] == "bad_input" and "Answer the format question first" in early["message"]
            await call(client, "answer", fields={"format": "KiloSortSortingInterface"})
            status = await wait_settled(client)
            assert status["pending_request"]["type"] == "metadata", status["message"]

            unknown = await call_error(client, "set_stream_included", name="trials", included=False)
            assert unknown["error_code"] == "bad_input" and "Its streams: SpikeGLXConverterPipe" in unknown["message"]
            changed = await call(client, "set_stream_included", name="CsvTimeIntervalsInterface", included=False)
            assert (
                changed["plan"][2].endswith("left out")
                and changed["plan"] == changed["status"]["detected_format"]["plan"]
            )
            assert all("; converted" in line for line in changed["plan"][:2])
            back = await call(client, "set_stream_included", name="CsvTimeIntervalsInterface", included=True)
            assert back["plan"][2].endswith("converted")
            await call(client, "set_stream_included", name="CsvTimeIntervalsInterface", included=False)

            status = await skip_questions(client, await wait_settled(client))
            [version] = status["versions"]
            # Written through the router as REST writes it: the trials table left out of the file.
            assert [s["interface"] for s in version["streams"]] == ["SpikeGLXConverterPipe", "KiloSortSortingInterface"]
            assert (await call(client, "get_status"))["detected_format"]["plan"][2].endswith("left out")

    run(scenario)
