"""Shared fixtures: isolated settings, the generated sample recording, a live server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from agentic_neurodata.config import Settings
from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx

ROOT = Path(__file__).resolve().parents[1]
# The shared real recordings sit beside the project; REALDATA_DIR points elsewhere when a clone lives apart.
REALDATA = Path(os.environ.get("REALDATA_DIR") or ROOT.parent / "shared" / "realdata")


def pytest_report_header() -> str:
    found = "found" if REALDATA.is_dir() else "MISSING: set REALDATA_DIR to the shared realdata folder"
    return f"real recordings: {REALDATA} ({found})"


def make_settings(base: Path, **overrides: object) -> Settings:
    values: dict[str, object] = dict(
        upload_dir=base / "uploads",
        output_dir=base / "outputs",
        log_dir=base / "logs",
        state_dir=base / "state",
        frontend_dist=base / "no-frontend",
        llm_provider="offline",
        anthropic_api_key=None,
        api_token=None,
    )
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


SAMPLE_SPEC = SampleSpec()


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default generated SpikeGLX run (read-only for tests)."""
    return write_sample_spikeglx(tmp_path_factory.mktemp("sample"), SAMPLE_SPEC)


def multipart_files(folder: Path) -> list[tuple[str, tuple[str, bytes, str]]]:
    """Multipart parts as a browser sends a dropped folder: filename = path relative to its parent."""
    parts = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        relative = path.relative_to(folder.parent).as_posix()
        parts.append(("files", (relative, path.read_bytes(), "application/octet-stream")))
    return parts


FULL_METADATA = {
    "subject_id": "m042",
    "species": "Mus musculus",
    "sex": "F",
    "age": "P90D",
    "session_description": "Sample Neuropixels recording of mouse V1",
    "session_start_time": "2024-03-05T14:30:00-05:00",
    "experimenter": "Smith, Jane",
    "institution": "Massachusetts Institute of Technology",
    "lab": "Smith Lab",
    "experiment_description": "Spontaneous activity in primary visual cortex",
    "keywords": "electrophysiology, V1",
    "electrode_location": "VISp",
}


def wait_until(fetch, predicate, timeout: float = 120.0, interval: float = 0.2):  # type: ignore[no-untyped-def]
    """Poll `fetch()` until `predicate(value)`; fail with the last value on timeout."""
    deadline = time.monotonic() + timeout
    value = fetch()
    while not predicate(value):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s; last value: {value}")
        time.sleep(interval)
        value = fetch()
    return value


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """`agentic-neurodata serve` in a subprocess, as a user starts it."""

    def __init__(self, workdir: Path, env: dict[str, str] | None = None) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "LLM_PROVIDER": "offline",
            "ANTHROPIC_API_KEY": "",
            "PORT": str(self.port),
            "FRONTEND_DIST": str(ROOT / "frontend" / "dist"),
            **(env or {}),
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> LiveServer:
        self.workdir.mkdir(parents=True, exist_ok=True)
        # Open for as long as the server runs; stop() closes it.
        self.log = open(self.workdir / "server.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "agentic_neurodata.cli",
                "serve",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            cwd=self.workdir,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.close()
                raise RuntimeError(f"server exited: {(self.workdir / 'server.log').read_text()[-3000:]}")
            try:
                token = self.env.get("API_TOKEN")
                headers = {"Authorization": f"Bearer {token}"} if token else {}
                if httpx.get(self.url + "/health", headers=headers, timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop(kill=True)  # never leave a half-started server behind
        raise RuntimeError("server did not answer /health within 60 s")

    def stop(self, kill: bool = False) -> None:
        if self.process and self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(timeout=30)
        self.log.close()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "server").start()
    try:
        yield server
    finally:
        server.stop()
