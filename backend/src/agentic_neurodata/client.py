"""Python client for lab scripts: upload a folder, follow it, answer, approve, download.

from agentic_neurodata.client import Client

client = Client("http://127.0.0.1:8000")
client.upload_folder("recordings/run1_g0", {"subject_id": "m042", "species": "Mus musculus"})
status = client.wait(progress=lambda s: print(s["status"], s["message"]))
if status["pending_request"]:
    client.approve()
client.download("run1.nwb")
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

SETTLED = ("awaiting_user_input", "completed", "failed", "idle")
Status = dict[str, Any]


class ServiceError(RuntimeError):
    """The service refused a request; carries its error body."""

    def __init__(self, status_code: int, body: dict[str, Any]) -> None:
        self.status_code = status_code
        self.error_code = body.get("error_code", "http_error")
        self.error_id = body.get("error_id")
        self.details = body.get("details", {})
        super().__init__(f"{status_code} {self.error_code}: {body.get('message', '')} (error id {self.error_id})")


class ChecksumMismatch(RuntimeError):
    """A downloaded NWB file does not have the SHA-256 the service recorded for it."""


class Client:
    def __init__(
        self, base_url: str = "http://127.0.0.1:8000", token: str | None = None, timeout: float = 60.0
    ) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._http = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ workflow

    def upload_folder(self, path: str | Path, metadata: dict[str, Any] | None = None) -> str:
        """Upload every file under `path` (the folder's name is kept as the top folder); returns the session id.
        Files are streamed from disk, never read whole into memory."""
        data = {"metadata_json": json.dumps(metadata)} if metadata else None
        return self._upload("/api/upload", Path(path), data)["session_id"]

    def status(self) -> Status:
        return self._request("GET", "/api/status")

    def wait(
        self, progress: Callable[[Status], None] | None = None, timeout: float = 3600.0, interval: float = 0.5
    ) -> Status:
        """Poll until the service stops working (it waits for you, or it finished); call
        `progress(status)` whenever something changed. Returns the last status."""
        deadline = time.monotonic() + timeout
        last_seen = None
        for current in self._statuses(interval):
            marker = (current["status"], current["message"], (current.get("progress") or {}).get("percent"))
            if progress and marker != last_seen:
                progress(current)
            last_seen = marker
            if current["status"] in SETTLED:
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"still {current['status']} after {timeout} s: {current['message']}")
        raise AssertionError("unreachable")

    def answer(
        self, message: str | None = None, fields: dict[str, Any] | None = None, skip: list[str] | None = None
    ) -> dict[str, Any]:
        """Answer what the service asked: free text, named fields, or fields you decline to give."""
        body = {k: v for k, v in {"message": message, "fields": fields, "skip": skip}.items() if v is not None}
        return self._request("POST", "/api/user-input", json=body)

    def approve(self) -> dict[str, Any]:
        """Approve the proposed correction (or improvement)."""
        return self._request("POST", "/api/retry-approval", json={"approved": True})

    def decline(self) -> dict[str, Any]:
        return self._request("POST", "/api/retry-approval", json={"approved": False})

    def accept(self) -> dict[str, Any]:
        """Accept a file that passed with warnings as it is."""
        return self._request("POST", "/api/retry-approval", json={"approved": False, "accept_as_is": True})

    def cancel(self) -> dict[str, Any]:
        return self._request("POST", "/api/cancel")

    def session_plan(self) -> list[dict[str, Any]]:
        """The streams of the detected session (raw recording, sorting, events ...) and which are
        converted: name, reader, kind, files, bytes, included, link, problem. Empty before detection."""
        found = self.status().get("detected_format") or {}
        return [_plan_row(stream) for stream in found.get("streams") or []]

    def set_stream_included(self, name: str, included: bool) -> list[dict[str, Any]]:
        """Leave the stream `name` (from `session_plan()`) out of the conversion, or put it back, while the
        service waits for you; returns the plan after the change. The service refuses (ServiceError) while
        it converts, before the format question is answered, an unreadable stream or the last one."""
        changed = self._request("POST", "/api/plan/streams", json={"name": name, "included": included})
        return [_plan_row(stream) for stream in changed["streams"]]

    def download(self, dest: str | Path, version: int | None = None) -> Path:
        """Save the latest NWB version (or `version`) to `dest` (a file, or a folder to keep its name),
        and check that what was written has the SHA-256 the service recorded for that version
        (raises `ChecksumMismatch` otherwise)."""
        recorded = {v["version"]: v["sha256"] for v in self.status().get("versions") or []}
        if version is None and recorded:
            version = max(recorded)  # ask for that version by number: a newer one may appear meanwhile
        path = "/api/download/nwb" + (f"/v{version}" if version else "")
        digest = hashlib.sha256()
        written = self._download(path, Path(dest), on_block=digest.update)
        expected = recorded.get(version) if version else None
        if expected is None:
            raise ChecksumMismatch(
                f"{written}: the service recorded no SHA-256 for version {version}; cannot check the download"
            )
        if digest.hexdigest() != expected:
            written.unlink()  # a damaged file must not be mistaken for the conversion's result
            raise ChecksumMismatch(
                f"Removed {written}: its SHA-256 {digest.hexdigest()} differs from the service's "
                f"record {expected} for version {version}. Download it again."
            )
        return written

    def download_report(self, dest: str | Path) -> Path:
        return self._download("/api/download/report", Path(dest))

    # ------------------------------------------------------------------ batches (many sessions)

    def create_batch(
        self,
        folder: str | Path,
        *,
        pattern: str | None = None,
        shared: dict[str, Any] | None = None,
        output_dir: str | Path | None = None,
    ) -> dict[str, Any]:
        """A batch on a parent folder the service reads in place (on its machine or shared storage)."""
        body = {"folder": str(folder), "pattern": pattern, "shared": shared, "output_dir": output_dir}
        body = {k: str(v) if isinstance(v, Path) else v for k, v in body.items() if v is not None}
        return self._request("POST", "/api/batches", json=body)

    def upload_batch(self, folder: str | Path, pattern: str | None = None) -> dict[str, Any]:
        """A batch on a parent folder uploaded from this machine (streamed from disk)."""
        return self._upload("/api/batches-upload", Path(folder), {"pattern": pattern} if pattern else None)

    def batch(self, batch_id: str) -> dict[str, Any]:
        """The batch view: `batch` (sessions, statuses, results), `columns`, `missing` per session."""
        return self._request("GET", f"/api/batches/{batch_id}")

    def set_batch_shared(
        self,
        batch_id: str,
        values: dict[str, Any] | None = None,
        *,
        accept_warnings: bool | None = None,
        approve_corrections: bool | None = None,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"values": values or {}}
        if accept_warnings is not None:
            body["accept_warnings"] = accept_warnings
        if approve_corrections is not None:
            body["approve_corrections"] = approve_corrections
        return self._request("PUT", f"/api/batches/{batch_id}/shared", json=body)

    def set_batch_table(
        self, batch_id: str, rows: list[dict[str, Any]] | None = None, file: str | Path | None = None
    ) -> dict[str, Any]:
        """The sessions table as rows, or as a CSV / Excel file. A bad table raises ServiceError (422)
        whose `details["rows"]` lists every bad row."""
        if file is not None:
            path = Path(file)
            with open(path, "rb") as handle:
                parts = {"file": (path.name, handle, "application/octet-stream")}
                return self._request("POST", f"/api/batches/{batch_id}/table", files=parts)
        return self._request("PUT", f"/api/batches/{batch_id}/table", json={"rows": rows or []})

    def run_batch(self, batch_id: str) -> dict[str, Any]:
        return self._request("POST", f"/api/batches/{batch_id}/run")

    def approve_batch_corrections(self, batch_id: str) -> dict[str, Any]:
        return self._request("POST", f"/api/batches/{batch_id}/approve-corrections")

    def wait_batch(
        self,
        batch_id: str,
        progress: Callable[[dict[str, Any]], None] | None = None,
        timeout: float = 24 * 3600.0,
        interval: float = 1.0,
    ) -> dict[str, Any]:
        """Poll until the batch is not busy (draft after finding sessions, finished, failed)."""
        deadline = time.monotonic() + timeout
        while True:
            current = self.batch(batch_id)
            if progress:
                progress(current)
            if current["batch"]["status"] not in ("discovering", "running"):
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"batch {batch_id} still {current['batch']['status']} after {timeout} s")
            time.sleep(interval)

    def download_batch_table(self, batch_id: str, dest: str | Path, kind: str = "csv") -> Path:
        return self._download(f"/api/batches/{batch_id}/table.{kind}", Path(dest))

    def download_batch_summary(self, batch_id: str, dest: str | Path, kind: str = "csv") -> Path:
        return self._download(f"/api/batches/{batch_id}/summary.{kind}", Path(dest))

    def download_batch_file(self, batch_id: str, key: str, dest: str | Path, kind: str = "nwb") -> Path:
        """A session's NWB file (`nwb`) or report (`report`)."""
        return self._download(f"/api/batches/{batch_id}/sessions/{key}/{kind}", Path(dest))

    # ------------------------------------------------------------------ plumbing

    def _upload(self, route: str, folder: Path, data: dict[str, str] | None) -> Any:
        """Every file under `folder` as multipart parts named by their path from its parent, streamed."""
        files = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else [folder]
        if not files:
            raise ValueError(f"{folder} holds no files")
        base = folder.parent
        with ExitStack() as stack:
            parts = [
                (
                    "files",
                    (p.relative_to(base).as_posix(), stack.enter_context(open(p, "rb")), "application/octet-stream"),
                )
                for p in files
            ]
            return self._request("POST", route, files=parts, data=data, timeout=None)

    def _statuses(self, interval: float) -> Iterator[Status]:
        while True:
            yield self.status()
            time.sleep(interval)

    def _request(self, method: str, path: str, **kwargs: Any) -> Any:
        response = self._http.request(method, path, **kwargs)
        if response.status_code >= 400:
            try:
                body = response.json()
            except ValueError:
                body = {"message": response.text}
            raise ServiceError(response.status_code, body)
        return response.json()

    def _download(self, path: str, dest: Path, on_block: Callable[[bytes], Any] | None = None) -> Path:
        with self._http.stream("GET", path, timeout=None) as response:
            if response.status_code >= 400:
                response.read()
                raise ServiceError(response.status_code, response.json())
            if dest.is_dir():
                disposition = response.headers.get("content-disposition", "")
                dest = dest / (disposition.split("filename=")[-1].strip('"') or "download")
            with open(dest, "wb") as handle:
                for block in response.iter_bytes(1024 * 1024):
                    handle.write(block)
                    if on_block:
                        on_block(block)
        return dest


def _plan_row(stream: dict[str, Any]) -> dict[str, Any]:
    """One stream of the plan as a script reads it (the service calls the reader `interface`)."""
    return {
        "name": stream["name"],
        "reader": stream["interface"],
        "kind": stream["kind"],
        "files": stream["files"],
        "bytes": stream["bytes"],
        "included": stream["included"],
        "link": stream.get("link"),
        "problem": stream.get("problem"),
    }
