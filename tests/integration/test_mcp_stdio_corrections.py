"""`agentic-neurodata mcp` over stdio with the SDK's own client: a file that fails validation is
corrected after approve(), with the values the correction asks for given through answer()."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.support.mcp_client import MAX_ROUNDS, call, run, skip_questions, stdio_connection, wait_settled

pytestmark = pytest.mark.slow

START_ONLY = {"session_start_time": "2024-03-05T14:30:00-05:00"}  # no subject: the file fails validation
ANSWERS = {
    "subject_id": "m042",
    "species": "Mus musculus",
    "sex": "F",
    "age": "P90D",
    "session_description": "Sample Neuropixels recording of mouse V1",
    "experimenter": "Smith, Jane",
    "institution": "MIT",
    "lab": "Smith Lab",
    "experiment_description": "Spontaneous activity in V1",
    "keywords": "V1, Neuropixels",
    "electrode_location": "VISp",
    "subject_description": "Adult C57BL/6J mouse, head-fixed",
}


def test_approving_a_correction_over_stdio_ends_improved(tmp_path: Path, sample_run: Path) -> None:
    async def scenario() -> None:
        async with stdio_connection(tmp_path / "svc") as client:
            await call(client, "start_conversion", folder=str(sample_run), metadata=START_ONLY)
            failed = await skip_questions(client, await wait_settled(client))
            assert failed["overall_status"] == "FAILED", failed
            assert failed["pending_request"]["type"] == "retry_approval"

            approved = await call(client, "approve")
            assert approved["status"]["status"] in ("processing", "awaiting_user_input"), approved
            status = await wait_settled(client)
            asked_values = False
            for _ in range(MAX_ROUNDS):
                request = status["pending_request"]
                if request is None:
                    break
                if request["type"] == "user_input":
                    assert request["purpose"] == "correction_values", request
                    asked_values = True
                    given = {f["name"]: ANSWERS[f["name"]] for f in request["fields"] if f["name"] in ANSWERS}
                    reply = await call(client, "answer", fields=given)
                    assert reply["rejected"] == {}, reply
                else:
                    assert request["type"] in ("retry_approval", "improvement_approval"), request
                    await call(client, "approve")
                status = await wait_settled(client)
            assert asked_values, "the correction never asked for the subject"
            assert (status["status"], status["validation_status"]) == ("completed", "passed_improved"), status

            results = await call(client, "get_results")
            assert results["finished"] and len(results["versions"]) >= 2
            nwb = Path(results["nwb_file"])
            digest = hashlib.sha256(nwb.read_bytes()).hexdigest()
            assert digest == results["sha256"] == results["versions"][-1]["sha256"]
            assert results["counts"]["CRITICAL"] == 0 and results["counts"]["ERROR"] == 0
            assert Path(results["report_path"]).suffix == ".pdf"

    run(scenario)
