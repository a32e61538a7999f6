"""No cross-site driving and no open service by accident (issue 16, points 1 and 2): a foreign
browser Origin cannot change anything, a foreign Host (DNS rebinding) is not served, scripts
without an Origin and the service's own page keep working, and binding beyond loopback needs a token."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as websocket_connect

from agentic_neurodata.api.app import create_app
from tests.support.server import LiveServer, free_port
from tests.support.settings import make_settings

EVIL = "http://evil.example"
DEV_ORIGIN = "http://localhost:5173"


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    live = LiveServer(tmp_path_factory.mktemp("site-safety")).start()
    try:
        yield live
    finally:
        live.stop()


def test_a_foreign_origin_cannot_cancel_or_upload(client: TestClient) -> None:
    cancel = client.post("/api/cancel", headers={"Origin": EVIL})
    assert cancel.status_code == 403
    body = cancel.json()
    assert body["error_code"] == "cross_site_refused" and EVIL in body["message"] and body["error_id"]
    # A form post needs no preflight: the upload is refused before a byte is written.
    upload = client.post("/api/upload", headers={"Origin": EVIL}, files={"files": ("run/a.bin", b"x")})
    assert upload.status_code == 403
    assert client.get("/api/status").json()["status"] == "idle"
    deleted = client.delete("/api/sessions/20240101-000000-abcdef", headers={"Origin": EVIL})
    assert deleted.status_code == 403


def test_a_cross_site_fetch_without_origin_and_a_null_origin_are_refused(client: TestClient) -> None:
    assert client.post("/api/cancel", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.post("/api/cancel", headers={"Origin": "null"}).status_code == 403


def test_scripts_without_origin_and_the_configured_origins_still_work(client: TestClient) -> None:
    assert client.post("/api/cancel").status_code == 200  # curl, the Python client, lab code
    assert client.post("/api/cancel", headers={"Origin": DEV_ORIGIN}).status_code == 200  # CORS_ORIGINS
    same_site_page = {"Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/cancel", headers=same_site_page).status_code == 200
    # Reading is not changing: a foreign page's GET is answered (CORS keeps its answer from that page).
    read = client.get("/api/status", headers={"Origin": EVIL})
    assert read.status_code == 200 and "access-control-allow-origin" not in read.headers


def test_cors_for_the_dev_origin_still_works_with_delete(client: TestClient) -> None:
    preflight = client.options(
        "/api/sessions/20240101-000000-abcdef",
        headers={"Origin": DEV_ORIGIN, "Access-Control-Request-Method": "DELETE"},
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == DEV_ORIGIN
    assert "DELETE" in preflight.headers["access-control-allow-methods"]
    status = client.get("/api/status", headers={"Origin": DEV_ORIGIN})
    assert status.headers["access-control-allow-origin"] == DEV_ORIGIN


def test_a_websocket_from_a_foreign_page_is_refused(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws", headers={"Origin": EVIL}):
        pass
    assert refused.value.code == 4403
    with client.websocket_connect("/ws", headers={"Origin": DEV_ORIGIN}) as ws:
        assert ws.receive_json()["message"] == "connected"


def test_live_server_refuses_foreign_hosts_and_origins_and_serves_its_own_page(server: LiveServer) -> None:
    own_origin = server.url  # the built page, served by the service itself
    rebinding = httpx.get(f"{server.url}/api/status", headers={"Host": "attacker.example"}, timeout=10)
    assert rebinding.status_code == 421
    assert rebinding.json()["error_code"] == "host_not_allowed" and "ALLOWED_HOSTS" in rebinding.json()["message"]
    assert httpx.get(f"{server.url}/api/download/nwb", headers={"Host": "attacker.example:80"}).status_code == 421
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
        assert httpx.get(f"{server.url}/api/status", headers={"Host": host}, timeout=10).status_code == 200
    assert httpx.post(f"{server.url}/api/cancel", headers={"Origin": EVIL}, timeout=10).status_code == 403
    assert httpx.post(f"{server.url}/api/cancel", headers={"Origin": own_origin}, timeout=10).status_code == 200
    assert httpx.post(f"{server.url}/api/cancel", timeout=10).status_code == 200
    page = httpx.get(f"{server.url}/", timeout=10)
    assert page.status_code == 200
    with pytest.raises(InvalidStatus) as refused:
        websocket_connect(f"ws://127.0.0.1:{server.port}/ws", origin=EVIL, open_timeout=10)
    assert refused.value.response.status_code == 403
    with websocket_connect(f"ws://127.0.0.1:{server.port}/ws", origin=own_origin, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["message"] == "connected"


def test_serving_beyond_loopback_without_a_token_refuses_to_start(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "agentic_neurodata.cli", "serve", "--host", "0.0.0.0", "--port", str(free_port())],
        cwd=tmp_path,
        env={**LiveServer(tmp_path).env, "API_TOKEN": ""},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "API_TOKEN" in done.stderr and "0.0.0.0" in done.stderr and "127.0.0.1" in done.stderr


@pytest.mark.slow
def test_serving_beyond_loopback_with_a_token_keeps_health_open(tmp_path: Path) -> None:
    token = "lab-token-0123456789"
    live = LiveServer(tmp_path / "svc", env={"API_TOKEN": token, "HOST": "0.0.0.0"})
    live.start()
    try:
        assert httpx.get(f"{live.url}/health", timeout=10).status_code == 200  # liveness needs no token
        assert httpx.get(f"{live.url}/api/status", timeout=10).status_code == 401
        auth = {"Authorization": f"Bearer {token}"}
        assert httpx.get(f"{live.url}/api/status", headers=auth, timeout=10).status_code == 200
        # Bound to every interface: an address of the machine reaches it, a foreign name does not.
        assert httpx.get(f"{live.url}/api/status", headers={**auth, "Host": "192.0.2.7:80"}).status_code == 200
        assert httpx.get(f"{live.url}/api/status", headers={**auth, "Host": "evil.example"}).status_code == 421
    finally:
        live.stop()


def test_a_method_a_path_does_not_take_is_405_naming_all_it_takes(client: TestClient) -> None:
    sessions = client.put("/api/sessions/20240101-000000-abcdef")
    assert sessions.status_code == 405 and sessions.headers["allow"] == "DELETE, GET"
    upload = client.get("/api/upload")  # not a page of the web app either
    assert upload.status_code == 405 and upload.headers["allow"] == "POST"
