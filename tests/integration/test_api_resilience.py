"""The service survives: kill -9 mid-conversion, restarts while waiting, many uploads at once,
dropped connections and a full disk — nothing lost, nothing half-done left behind."""

from __future__ import annotations

import hashlib
import resource
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import httpx
import pytest

from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx
from tests.support.server import LiveServer, multipart_files, wait_until
from tests.support.settings import FULL_METADATA

pytestmark = pytest.mark.slow


def status(server: LiveServer) -> dict:
    return httpx.get(server.url + "/api/status", timeout=10).json()


def settled(value: dict) -> bool:
    return value["status"] in ("awaiting_user_input", "completed", "failed")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_kill_during_conversion_then_restart(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "data", SampleSpec(n_channels=64, duration_s=20.0))
    workdir = tmp_path / "svc"
    server = LiveServer(workdir).start()
    try:
        assert (
            httpx.post(
                server.url + "/api/upload", files=multipart_files(run), data=FULL_METADATA, timeout=120
            ).status_code
            == 202
        )
        first = wait_until(lambda: status(server), settled, timeout=180)
        assert first["pending_request"]["type"] == "improvement_approval"
        v1 = first["versions"][0]
        assert httpx.post(server.url + "/api/retry-approval", json={"approved": True}).status_code == 200
        asked = status(server)["pending_request"]
        if asked and asked["type"] == "user_input":  # values to give before the new conversion
            answers = {
                f["name"]: "VISp" if f["name"] == "electrode_location" else "Adult mouse, head-fixed"
                for f in asked["fields"]
            }
            assert httpx.post(server.url + "/api/user-input", json={"fields": answers}).status_code == 200
        wait_until(
            lambda: status(server),
            lambda s: s["stages"][0]["status"] == "in_progress" and (s["progress"] or {}).get("stage") == "conversion",
            timeout=60,
            interval=0.02,
        )
        server.stop(kill=True)  # SIGKILL: no chance to clean up
    finally:
        server.stop()

    server = LiveServer(workdir).start()
    try:
        after = status(server)
        assert after["status"] == "failed"
        assert after["failure"]["reason"] == "interrupted"
        # It says what it waits for, and that answer (POST /api/retry-approval) is the one used below.
        assert after["pending_request"]["type"] == "retry_approval"
        assert [o["value"] for o in after["pending_request"]["options"]] == ["approve"]
        assert "/api/retry-approval" in after["pending_request"]["message"]
        assert after["versions"][0] == v1  # v2 may or may not have been published before the kill
        v1_bytes = httpx.get(server.url + "/api/download/nwb/v1").content
        assert hashlib.sha256(v1_bytes).hexdigest() == v1["sha256"]
        session_upload = workdir / "uploads" / after["session_id"] / run.name
        for original in run.rglob("*.bin"):
            assert digest(session_upload / original.relative_to(run)) == digest(original)
        assert not list((workdir / "outputs").rglob("*.partial.nwb"))  # the half-written v2 is gone
        assert httpx.post(server.url + "/api/retry-approval", json={"approved": True}).status_code == 200
        again = wait_until(lambda: status(server), settled, timeout=180)
        assert [v["version"] for v in again["versions"]] == list(range(1, len(after["versions"]) + 2))
    finally:
        server.stop()


def test_restart_while_waiting_keeps_the_same_question(tmp_path: Path, sample_run: Path) -> None:
    workdir = tmp_path / "svc"
    server = LiveServer(workdir).start()
    try:
        assert httpx.post(server.url + "/api/upload", files=multipart_files(sample_run)).status_code == 202
        before = wait_until(lambda: status(server), settled)
        assert before["status"] == "awaiting_user_input"
    finally:
        server.stop(kill=True)
    server = LiveServer(workdir).start()
    try:
        after = status(server)
        assert after["status"] == "awaiting_user_input"
        assert after["pending_request"] == before["pending_request"]
        assert after["pending_request"]["type"] == "metadata"
        assert after["session_id"] == before["session_id"]
        reply = httpx.post(server.url + "/api/user-input", json={"message": "just convert it"})
        assert reply.status_code == 200 and reply.json()["next_action"] == "metadata"  # the zone cannot be skipped
        reply = httpx.post(server.url + "/api/user-input", json={"message": "EST"})
        assert reply.status_code == 200 and reply.json()["next_action"] == "processing"
    finally:
        server.stop()


def test_twenty_simultaneous_uploads_give_one_202_and_nineteen_409(tmp_path: Path, sample_run: Path) -> None:
    server = LiveServer(tmp_path / "svc").start()
    codes: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(20)
    parts = multipart_files(sample_run)

    def upload() -> None:
        barrier.wait()
        response = httpx.post(server.url + "/api/upload", files=parts, data=FULL_METADATA, timeout=120)
        with lock:
            codes.append(response.status_code)

    try:
        threads = [threading.Thread(target=upload) for _ in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(codes) == [202] + [409] * 19
        final = wait_until(lambda: status(server), settled)
        uploads = server.workdir / "uploads"
        assert [p.name for p in uploads.iterdir()] == [final["session_id"]]  # no half sessions
        for original in sample_run.rglob("*"):
            if original.is_file():
                copy = uploads / final["session_id"] / sample_run.name / original.relative_to(sample_run)
                assert digest(copy) == digest(original)
        assert len(final["versions"]) == 1
    finally:
        server.stop()


def test_dropped_connection_leaves_no_half_session(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "svc").start()
    try:
        boundary = "dropdrop"
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="run/big.bin"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(
                (
                    f"POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; "
                    f"boundary={boundary}\r\nContent-Length: 50000000\r\n\r\n"
                ).encode()
                + head
            )
            sock.sendall(b"\0" * 5_000_000)
            time.sleep(0.5)
        idle = wait_until(lambda: status(server), lambda s: s["status"] == "idle", timeout=30)
        assert idle["session_id"] is None
        uploads = server.workdir / "uploads"
        assert not [p for p in uploads.rglob("*") if p.is_file()]
    finally:
        server.stop()


def _mount_tmpfs(path: Path, size: str) -> bool:
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True)
    return done.returncode == 0


def test_full_disk_gives_507_and_removes_the_partial_upload(tmp_path: Path, sample_run: Path) -> None:
    small_disk = tmp_path / "small_disk"
    if not _mount_tmpfs(small_disk, "3m"):
        pytest.skip("cannot mount a small tmpfs here (needs root); the disk-full path is then untested")
    try:
        server = LiveServer(tmp_path / "svc", env={"UPLOAD_DIR": str(small_disk)}).start()
        try:
            response = httpx.post(server.url + "/api/upload", files=multipart_files(sample_run), timeout=60)
            assert response.status_code == 507, response.text
            assert "disk" in response.json()["message"].lower()
            assert status(server)["status"] == "idle"
            assert not [p for p in small_disk.rglob("*") if p.is_file()]
            # and the service is still usable afterwards
            assert httpx.get(server.url + "/health").status_code == 200
        finally:
            server.stop()
    finally:
        subprocess.run(["umount", str(small_disk)], capture_output=True)


def _assert_507_then_usable(server: LiveServer, response: httpx.Response, upload_dir: Path) -> None:
    """The disk filled mid-write: 507 saying so, no partial upload, and the next upload is taken."""
    assert response.status_code == 507, response.text
    error = response.json()
    assert error["error_code"] == "insufficient_storage" and "disk" in error["message"]
    assert status(server)["status"] == "idle"
    assert not [p for p in upload_dir.rglob("*") if p.is_file()]
    small = httpx.post(
        server.url + "/api/upload", files=[("files", ("run/notes.txt", b"hello", "text/plain"))], timeout=60
    )
    assert small.status_code == 202, small.text
    assert (upload_dir / small.json()["session_id"] / "run" / "notes.txt").read_bytes() == b"hello"


def test_file_size_limit_reached_mid_write_gives_507_and_removes_the_partial_upload(
    tmp_path: Path, monkeypatch
) -> None:
    limit = 1 << 20

    def limit_file_size() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG instead of killing the server
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    popen = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", lambda cmd, **kw: popen(cmd, preexec_fn=limit_file_size, **kw))
    server = LiveServer(tmp_path / "svc").start()
    try:
        # The pre-check passes (the disk has room); the 3 MB file stops at the 1 MB limit while being written.
        big = [("files", ("run/big.bin", b"\1" * (3 * limit), "application/octet-stream"))]
        response = httpx.post(server.url + "/api/upload", files=big, timeout=60)
        _assert_507_then_usable(server, response, server.workdir / "uploads")
    finally:
        server.stop()


def test_disk_filling_during_a_chunked_upload_gives_507_and_removes_the_partial_upload(tmp_path: Path) -> None:
    small_disk = tmp_path / "small_disk"
    if not _mount_tmpfs(small_disk, "3m"):
        pytest.skip("cannot mount a small tmpfs here (needs root); the file-size-limit test covers the write path")
    try:
        server = LiveServer(tmp_path / "svc", env={"UPLOAD_DIR": str(small_disk)}).start()
        try:
            boundary = "fillthedisk"

            def body():  # a generator: sent chunked, no Content-Length, so no size pre-check can refuse it
                yield (
                    f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="run/big.bin"\r\n'
                    "Content-Type: application/octet-stream\r\n\r\n"
                ).encode()
                for _ in range(8):
                    yield b"\1" * (1 << 20)
                yield f"\r\n--{boundary}--\r\n".encode()

            response = httpx.post(
                server.url + "/api/upload",
                content=body(),
                timeout=60,
                headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            )
            _assert_507_then_usable(server, response, small_disk)
        finally:
            server.stop()
    finally:
        subprocess.run(["umount", str(small_disk)], capture_output=True)
