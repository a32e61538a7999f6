"""Fixtures shared by every test. Helpers live in the tests.support package; the fixture modules
below are registered here so test modules never import fixtures by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agentic_neurodata.config import Settings
from agentic_neurodata.sample_data import write_sample_spikeglx
from tests.support.paths import REALDATA
from tests.support.server import LiveServer
from tests.support.settings import SAMPLE_SPEC, make_settings

pytest_plugins = ["tests.support.nwb_files"]


def pytest_report_header() -> str:
    found = "found" if REALDATA.is_dir() else "MISSING: set REALDATA_DIR to the shared realdata folder"
    return f"real recordings: {REALDATA} ({found})"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default generated SpikeGLX run (read-only for tests)."""
    return write_sample_spikeglx(tmp_path_factory.mktemp("sample"), SAMPLE_SPEC)


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "server").start()
    try:
        yield server
    finally:
        server.stop()
