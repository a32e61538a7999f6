"""Talking to the service over HTTP: a live server in a subprocess, uploads as a browser sends them,
and polling until something holds."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .paths import ROOT


def multipart_files(folder: Path) -> list[tuple[str, tuple[str, bytes, str]]]:
    """Multipart parts as a browser sends a dropped folder: filename = path relative to its parent."""
    parts = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        relative = path.relative_to(folder.parent).as_posix()
        parts.append(("files", (relative, path.read_bytes(), "application/octet-stream")))
    return parts


def status_of(client) -> dict:  # type: ignore[no-untyped-def]
    """GET /api/status of a TestClient (or httpx client), as JSON."""
    response = client.get("/api/status")
    assert response.status_code == 200, response.text
    return response.json()


def settled(status: dict) -> bool:
    """The service has stopped working for now: it waits for the user, or it is done."""
    return status["status"] in ("awaiting_user_input", "completed", "failed")


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
