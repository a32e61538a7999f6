"""The assistant's batch tools in-process: find the sessions of a parent folder, a bad row refused
with its problems, values given once, the batch run on the embedded Dask cluster and waited for."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client

from agentic_neurodata.batch import BatchService
from agentic_neurodata.mcp_stdio.service import AssistantService
from agentic_neurodata.mcp_stdio.tools import build_assistant_server
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx
from tests.support.mcp_client import call, call_error, run
from tests.support.settings import make_settings

pytestmark = pytest.mark.slow


def test_an_assistant_converts_an_experiment(tmp_path: Path) -> None:
    parent = tmp_path / "experiment"
    for day in ("day1", "day2"):
        write_sample_spikeglx(parent / "m7" / day, SampleSpec(n_channels=4, duration_s=0.5))
    settings = make_settings(tmp_path / "svc", batch_workers=1)
    runtime = build_runtime(settings, in_background=True)
    batches = BatchService(settings)

    async def scenario() -> None:
        async with Client(build_assistant_server(AssistantService(runtime, batches))) as client:
            found = await call(client, "find_sessions", folder=str(parent), shared={"species": "mouse"})
            assert found["pattern"] == "{subject_id}/{session_id}" and found["pattern_inferred"]
            assert [(s["subject_id"], s["session_id"]) for s in found["sessions"]] == [("m7", "day1"), ("m7", "day2")]
            assert any("sex" in m for m in found["sessions"][0]["missing"])
            batch_id = found["batch_id"]

            refused = await call_error(
                client, "set_batch_values", batch_id=batch_id, sessions=[{"folder": "m7/day1", "sex": "maybe"}]
            )
            assert refused["error_code"] == "bad_input" and "Row 1 (m7/day1)" in refused["message"]

            rows = [
                {"folder": f"m7/{day}", "sex": "F", "age": "P90D", "session_start_time": f"2024-03-0{n} 10:00"}
                for n, day in ((5, "day1"), (6, "day2"))
            ]
            ready = await call(
                client,
                "set_batch_values",
                batch_id=batch_id,
                shared={"session_description": "Assistant batch test", "timezone": "UTC"},
                sessions=rows,
                accept_warnings=True,
            )
            assert all(not s["missing"] for s in ready["sessions"])
            await call(client, "run_batch", batch_id=batch_id)
            done = await call(client, "wait_batch", batch_id=batch_id, timeout_s=600)
            assert done["settled"] and done["status"] == "finished", done["message"]
            assert [s["status"] for s in done["sessions"]] == ["passed", "passed"]
            assert all(Path(s["nwb_file"]).name.startswith("sub-m7_ses-day") for s in done["sessions"])
            assert Path(done["summary"]["csv"]).is_file()

    try:
        run(scenario)
    finally:
        batches.close()
        runtime.close()
