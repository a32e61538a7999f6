"""/ws: a client registered before its first snapshot misses no event that happens in between."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.state import LogLevel
from tests.support.settings import make_settings


def test_an_event_during_the_connect_snapshot_still_reaches_the_client(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        store = client.app.state.runtime.store
        take_snapshot = store.snapshot
        changed_meanwhile = []

        def snapshot_while_the_state_changes(*args, **kwargs):  # type: ignore[no-untyped-def]
            state = take_snapshot(*args, **kwargs)
            if not changed_meanwhile:  # once: the change itself takes a snapshot too
                changed_meanwhile.append(True)
                store.log(LogLevel.WARNING, "test", "changed while the client was connecting")
            return state

        store.snapshot = snapshot_while_the_state_changes
        try:
            with client.websocket_connect("/ws") as ws:
                assert ws.receive_json()["message"] == "connected"
                store.log(LogLevel.WARNING, "test", "after connecting")  # so a lost event fails instead of hanging
                assert ws.receive_json()["message"] == "changed while the client was connecting"
                assert ws.receive_json()["message"] == "after connecting"
        finally:
            del store.snapshot
        assert client.app.state.broadcaster.client_count == 0  # the queue left with the client
