"""The README's promise, checked: the started service plus its curl example give an NWB file
whose ElectricalSeries holds exactly the generated samples; its Python client example runs as written."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import numpy as np
import pytest
from pynwb import NWBHDF5IO

from agentic_neurodata.sample_data import read_sample_ap, write_sample_spikeglx
from tests.support.paths import ROOT
from tests.support.server import LiveServer
from tests.support.settings import SAMPLE_SPEC

pytestmark = pytest.mark.slow


def readme_curl_block() -> str:
    text = (ROOT / "README.md").read_text()
    match = re.search(r"<!-- curl-example[^>]*-->\s*```bash\n(.*?)```", text, re.S)
    assert match, "README lost its curl example block"
    return match.group(1)


def readme_python_block() -> str:
    text = (ROOT / "README.md").read_text()
    match = re.search(r"<!-- python-client-example[^>]*-->\s*```python\n(.*?)```", text, re.S)
    assert match, "README lost its Python client example block"
    return match.group(1)


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_readme_curl_example_produces_the_generated_data(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "svc").start()
    try:
        write_sample_spikeglx(tmp_path / "sample_data")
        command = readme_curl_block().replace("http://127.0.0.1:8000", server.url)
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert '"session_id"' in done.stdout, done.stdout

        deadline = time.monotonic() + 120
        while True:
            status = httpx.get(server.url + "/api/status").json()
            if status["versions"] and status["status"] != "processing":
                break
            assert time.monotonic() < deadline, status
            time.sleep(0.3)
        nwb = tmp_path / "sample.nwb"
        nwb.write_bytes(httpx.get(server.url + "/api/download/nwb").content)
        expected = read_sample_ap(tmp_path / "sample_data" / "sample_run_g0", SAMPLE_SPEC.n_channels)
        with NWBHDF5IO(str(nwb), "r") as io:
            nwbfile = io.read()
            series = nwbfile.acquisition["ElectricalSeriesAP"]
            assert series.data.shape == expected.shape
            np.testing.assert_array_equal(series.data[:], expected)
            assert nwbfile.subject.subject_id == "m042"
            assert nwbfile.session_start_time.utcoffset().total_seconds() == -5 * 3600
    finally:
        server.stop()


def test_readme_python_client_example_converts_the_sample(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "svc").start()
    try:
        write_sample_spikeglx(tmp_path / "sample_data")
        script = tmp_path / "example.py"
        script.write_text(readme_python_block().replace("http://127.0.0.1:8000", server.url))
        done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        # It printed progress, then the path of the downloaded file.
        nwb = tmp_path / done.stdout.strip().splitlines()[-1]
        assert nwb.is_file() and nwb.suffix == ".nwb", done.stdout
        status = httpx.get(server.url + "/api/status").json()
        assert status["status"] == "completed", status["message"]
        assert hashlib.sha256(nwb.read_bytes()).hexdigest() == status["versions"][-1]["sha256"]
        with NWBHDF5IO(str(nwb), "r") as io:
            assert io.read().subject.subject_id == "m042"
    finally:
        server.stop()
