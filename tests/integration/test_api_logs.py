"""GET /api/logs: filters by level, returns the newest 500 at most, oldest first."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.state import LogLevel
from tests.support.settings import make_settings

RANKS = {"DEBUG": 0, "INFO": 1, "WARNING": 2, "ERROR": 3}


@pytest.fixture
def client_with_many_logs(tmp_path: Path):
    """A session with 80 warnings and errors first, then 900 INFO and DEBUG lines after them."""
    with TestClient(create_app(make_settings(tmp_path))) as client:
        store = client.app.state.runtime.store
        store.begin_session("s1", str(tmp_path / "in"), str(tmp_path / "out"))
        for i in range(40):
            store.log(LogLevel.WARNING, "test", f"warning {i}")
            store.log(LogLevel.ERROR, "test", f"error {i}")
        for i in range(300):
            store.log(LogLevel.INFO, "test", f"info {i}")
            store.log(LogLevel.DEBUG, "test", f"debug {2 * i}")
            store.log(LogLevel.DEBUG, "test", f"debug {2 * i + 1}")
        yield client


def entries(client: TestClient, **params: object) -> list[dict]:
    response = client.get("/api/logs", params=params)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["session_id"] == "s1" and body["count"] == len(body["entries"])
    timestamps = [e["timestamp"] for e in body["entries"]]
    assert timestamps == sorted(timestamps)  # chronological
    return body["entries"]


def test_without_a_level_the_newest_500_of_all_levels_come_back(client_with_many_logs: TestClient) -> None:
    got = entries(client_with_many_logs)
    assert len(got) == 500
    assert got[-1]["message"] == "debug 599"
    assert {e["level"] for e in got} == {"INFO", "DEBUG"}  # the warnings are older than the newest 500


def test_level_filter_finds_warnings_that_debug_lines_pushed_out_of_the_ring(client_with_many_logs: TestClient) -> None:
    got = entries(client_with_many_logs, level="WARNING")
    assert [e["message"] for e in got] == [m for i in range(40) for m in (f"warning {i}", f"error {i}")]
    errors = entries(client_with_many_logs, level="ERROR", limit=3)
    assert [e["message"] for e in errors] == ["error 37", "error 38", "error 39"]


def test_info_filter_keeps_the_newest_500_matching_entries(client_with_many_logs: TestClient) -> None:
    got = entries(client_with_many_logs, level="INFO")
    assert len(got) == 380 + 1  # 300 info, 80 warnings and errors, and "Session s1 started"
    assert all(RANKS[e["level"]] >= RANKS["INFO"] for e in got)
    assert got[0]["message"] == "Session s1 started" and got[-1]["message"] == "info 299"


def test_limit_and_level_are_checked(client_with_many_logs: TestClient) -> None:
    assert len(entries(client_with_many_logs, limit=7)) == 7
    for bad in ({"limit": 501}, {"limit": 0}, {"level": "LOUD"}):
        response = client_with_many_logs.get("/api/logs", params=bad)
        assert response.status_code == 422 and response.json()["error_code"] == "bad_input"
