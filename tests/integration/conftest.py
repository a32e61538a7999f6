"""Fixtures shared by the integration tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_neurodata.runtime import build_runtime
from tests.support.settings import make_settings


@pytest.fixture
def runtime(tmp_path: Path):
    """Agents in-process (long steps inline), with a session begun on `tmp_path/upload`.
    Test modules that need another set-up define their own `runtime`."""
    rt = build_runtime(make_settings(tmp_path / "svc"), in_background=False)
    rt.store.begin_session("s1", str(tmp_path / "upload"), str(tmp_path / "out"))
    yield rt
    rt.close()
