"""Safe by default: token on every route but /health (WebSocket and downloads too), CORS only from
CORS_ORIGINS, secrets never in logs or responses, unsafe upload paths refused."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect as websocket_connect

from agentic_neurodata.api.app import create_app
from agentic_neurodata.config import Settings
from tests.support.server import LiveServer, multipart_files, wait_until
from tests.support.settings import make_settings

TOKEN = "s3cret-token-value-123"
API_KEY = "sk-ant-api03-THISISNOTAREALKEYbutlooksLIKEone"


def raw_multipart(parts: list[tuple[str, str | None, bytes]], boundary: str = "XyZbOuNdArY") -> tuple[bytes, str]:
    """A multipart body with exactly the filenames given (clients can send anything)."""
    chunks = []
    for name, filename, data in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename is not None else "")
        chunks.append(
            f"--{boundary}\r\nContent-Disposition: {disposition}\r\n"
            "Content-Type: application/octet-stream\r\n\r\n".encode()
            + data
            + b"\r\n"
        )
    return b"".join(chunks) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


@pytest.fixture
def secured(tmp_path: Path):
    settings = make_settings(
        tmp_path,
        api_token=TOKEN,
        anthropic_api_key=API_KEY,
        llm_provider="offline",
        cors_origins=["http://lab.example:5173"],
    )
    with TestClient(create_app(settings)) as client:
        yield client, settings


ROUTES = [
    ("GET", "/api/info"),
    ("GET", "/api/status"),
    ("GET", "/api/logs"),
    ("GET", "/api/agents"),
    ("GET", "/api/download/nwb"),
    ("GET", "/api/download/nwb/v1"),
    ("GET", "/api/download/report"),
    ("GET", "/api/correction-context"),
    ("POST", "/api/upload"),
    ("POST", "/api/user-input"),
    ("POST", "/api/retry-approval"),
    ("POST", "/api/cancel"),
    ("GET", "/api/sessions"),
    ("GET", "/api/sessions/20240101-000000-abcdef"),
    ("DELETE", "/api/sessions/20240101-000000-abcdef"),
    ("GET", "/api/sessions/20240101-000000-abcdef/download/nwb/v1"),
    ("GET", "/api/sessions/20240101-000000-abcdef/download/report"),
    ("GET", "/api/debug-bundle"),
    ("GET", "/openapi.json"),
    ("GET", "/docs"),
]


@pytest.mark.parametrize(("method", "path"), ROUTES)
def test_every_route_needs_the_token(secured, method: str, path: str) -> None:
    client, _ = secured
    response = client.request(method, path)
    assert response.status_code == 401
    assert response.json()["error_code"] == "unauthorized"
    assert TOKEN not in response.text


def test_health_stays_open_for_liveness_checks(secured) -> None:
    client, _ = secured
    health = client.get("/health")
    assert health.status_code == 200 and health.json()["status"] == "ok"
    assert TOKEN not in health.text


def test_token_is_accepted_as_bearer_header_or_query(secured) -> None:
    client, _ = secured
    assert client.get("/api/status", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    assert client.get("/api/status", headers={"X-API-Token": TOKEN}).status_code == 200
    assert client.get("/api/status", params={"token": TOKEN}).status_code == 200
    assert client.get("/api/status", headers={"Authorization": "Bearer wrong"}).status_code == 401


def test_websocket_needs_the_token(secured) -> None:
    client, _ = secured
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws") as ws:
        ws.receive_json()
    assert refused.value.code == 4401
    with client.websocket_connect(f"/ws?token={TOKEN}") as ws:
        assert ws.receive_json()["message"] == "connected"


def test_no_secret_in_responses_or_logs(secured, sample_run: Path) -> None:
    client, settings = secured
    auth = {"Authorization": f"Bearer {TOKEN}"}
    info = client.get("/api/info", headers=auth)
    assert info.json()["auth_required"] is True
    response = client.post(
        "/api/upload",
        files=multipart_files(sample_run),
        headers=auth,
        data={"session_description": f"key {API_KEY} and token {TOKEN} pasted by mistake"},
    )
    assert response.status_code == 202
    wait_until(lambda: client.get("/api/status", headers=auth).json(), lambda s: s["status"] != "processing")
    everything = [client.get(p, headers=auth).text for p in ("/api/status", "/api/logs", "/api/info")]
    everything += [p.read_text(errors="replace") for p in Path(settings.log_dir).rglob("*") if p.is_file()]
    everything += [p.read_text(errors="replace") for p in Path(settings.state_dir).rglob("*") if p.is_file()]
    for text in everything[3:]:
        assert API_KEY not in text and TOKEN not in text
    for text in everything[:3]:
        assert API_KEY not in text


@pytest.mark.slow
def test_token_in_links_and_websocket_urls_never_reaches_the_server_log(tmp_path: Path, monkeypatch) -> None:
    # LiveServer serves at log level warning; at info uvicorn writes one access line per request.
    popen = subprocess.Popen
    monkeypatch.setattr(
        subprocess, "Popen", lambda cmd, **kw: popen(["info" if a == "warning" else a for a in cmd], **kw)
    )
    server = LiveServer(tmp_path / "svc", env={"API_TOKEN": TOKEN}).start()
    try:
        assert httpx.get(f"{server.url}/api/status?token={TOKEN}", timeout=10).status_code == 200
        assert httpx.get(f"{server.url}/api/download/report?token={TOKEN}&x=1", timeout=10).status_code == 404
        with websocket_connect(f"ws://127.0.0.1:{server.port}/ws?token={TOKEN}") as ws:
            assert json.loads(ws.recv(timeout=10))["message"] == "connected"
    finally:
        server.stop()
    log = (server.workdir / "server.log").read_text()
    assert "GET /api/status?token=[redacted] HTTP/1.1" in log, log[-3000:]
    assert "/api/download/report?token=[redacted]&x=1" in log
    assert "/ws?token=[redacted]" in log
    assert TOKEN not in log


def test_cors_allows_only_configured_origins(secured) -> None:
    client, _ = secured
    preflight = {"Access-Control-Request-Method": "POST"}
    allowed = client.options("/api/upload", headers={"Origin": "http://lab.example:5173", **preflight})
    assert allowed.headers.get("access-control-allow-origin") == "http://lab.example:5173"
    denied = client.options("/api/upload", headers={"Origin": "http://evil.example", **preflight})
    assert "access-control-allow-origin" not in denied.headers


def test_default_settings_bind_locally_and_need_no_token() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.host == "127.0.0.1" and settings.api_token is None


@pytest.mark.parametrize(
    "filename",
    [
        "../escape.bin",
        "run/../../escape.bin",
        "/etc/evil.bin",
        "C:/evil.bin",
        "..\\..\\evil.bin",
        "run\\..\\evil.bin",
        "run/ok\x00.bin",
        "run//x.bin",
    ],
)
def test_unsafe_upload_paths_are_refused_and_nothing_is_written(tmp_path: Path, filename: str) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        body, content_type = raw_multipart([("files", "run/good.bin", b"fine"), ("files", filename, b"evil")])
        response = client.post("/api/upload", content=body, headers={"content-type": content_type})
        assert response.status_code == 422, response.text
        assert response.json()["error_code"] == "bad_input"
        assert "for example" in response.json()["message"]
        assert client.get("/api/status").json()["status"] == "idle"
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p.suffix == ".bin"]
    assert written == []


@pytest.mark.parametrize(
    "order", [["run/a", "run/a/b.bin"], ["run/a/b.bin", "run/a"]], ids=["file-first", "folder-first"]
)
def test_a_name_that_is_both_file_and_folder_is_refused_and_nothing_is_written(
    tmp_path: Path, order: list[str]
) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        body, content_type = raw_multipart([("files", "run/good.bin", b"fine")] + [("files", n, b"x") for n in order])
        response = client.post("/api/upload", content=body, headers={"content-type": content_type})
        assert response.status_code == 422, response.text
        error = response.json()
        assert error["error_code"] == "bad_input"
        assert "'run/a' is both a file and a folder in this upload; rename one" in error["message"]
        assert client.get("/api/status").json()["status"] == "idle"
    assert not [p for p in Path(settings.upload_dir).rglob("*") if p.is_file()]


def test_names_with_spaces_and_non_ascii_are_kept(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        names = ["My Recordings/séance 1/données brutes.txt", "My Recordings/séance 1/notes (v2).txt"]
        body, content_type = raw_multipart([("files", n, b"x") for n in names])
        assert client.post("/api/upload", content=body, headers={"content-type": content_type}).status_code == 202
        status = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        session = status["session_id"]
    for name in names:
        assert (Path(settings.upload_dir) / session / name).read_bytes() == b"x"


def test_symlinked_upload_folder_is_not_followed(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    with TestClient(create_app(settings)) as client:
        # A session folder cannot pre-exist; an attacker's link inside the uploads root is the worst case.
        link_root = Path(settings.upload_dir)
        link_root.mkdir(parents=True, exist_ok=True)
        body, content_type = raw_multipart([("files", "a/x.bin", b"1")])
        response = client.post("/api/upload", content=body, headers={"content-type": content_type})
        session = response.json()["session_id"]
        (link_root / session / "linked").symlink_to(outside, target_is_directory=True)
        from agentic_neurodata.api.upload_stream import UploadWriter

        writer = UploadWriter(link_root / session, b"B", 10**9)
        from agentic_neurodata.errors import BadInputError

        with pytest.raises(BadInputError):
            writer._part.name = "files"
            writer._start_file("linked/evil.bin")
    assert not any(outside.iterdir())


def test_upload_over_the_size_limit_is_413_and_removed(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, max_upload_size_gb=1 / 1024 / 1024)  # 1 KiB
    with TestClient(create_app(settings)) as client:
        body, content_type = raw_multipart([("files", "run/big.bin", b"0" * 4096)])
        response = client.post("/api/upload", content=body, headers={"content-type": content_type})
        assert response.status_code == 413
        assert "MAX_UPLOAD_SIZE_GB" in response.json()["message"]
        assert client.get("/api/status").json()["status"] == "idle"
    assert not [p for p in Path(settings.upload_dir).rglob("*") if p.is_file()]


def test_bad_metadata_json_is_422_with_an_example(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        body, content_type = raw_multipart([("files", "run/a.bin", b"1"), ("metadata_json", None, b"{oops")])
        response = client.post("/api/upload", content=body, headers={"content-type": content_type})
        assert response.status_code == 422
        assert "metadata_json" in response.json()["message"] and "Example" in response.json()["message"]
        body, content_type = raw_multipart(
            [("files", "run/a.bin", b"1"), ("metadata_json", None, json.dumps(["list"]).encode())]
        )
        assert client.post("/api/upload", content=body, headers={"content-type": content_type}).status_code == 422
