"""A debug bundle: what a bug report about one session needs, as one zip file.

Inside: the session's event log (with the full tracebacks of its failures), its state snapshot,
NWB Inspector's complete output, each version's metadata (name, size, SHA-256, the NeuroConv
specification and metadata written beside it), the JSON correction report, the tail of the service
log, and the versions of Python, the libraries and the settings. Every text goes through the
redactor (configured secrets, API-key shaped strings, ?token= values). Never inside: recording
files, NWB files, PDFs (their figure is drawn from the data), or anything not listed here.
"""

from __future__ import annotations

import io
import json
import platform
import sys
import zipfile
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from . import __version__
from .config import Settings
from .errors import NotFoundError
from .logs import SERVICE_LOG, Redactor, hide_token_query
from .sessions import SessionCatalog, check_session_id

# Text the service itself writes into a session's log folder; nothing else is copied.
LOG_SUFFIXES = {".jsonl", ".json"}
MAX_FILE_BYTES = 20 * 1024 * 1024
SERVICE_LOG_TAIL_BYTES = 2 * 1024 * 1024
PACKAGES = (
    "agentic-neurodata",
    "neuroconv",
    "pynwb",
    "hdmf",
    "nwbinspector",
    "h5py",
    "numpy",
    "spikeinterface",
    "neo",
    "fastapi",
    "pydantic",
    "reportlab",
    "anthropic",
)
README = """Debug bundle of session {session_id}, made {made} by agentic-neurodata {version}.

environment.json    Python, platform, library versions, settings (secrets only as set / not set)
session/            the session's state snapshot and its versions' metadata (names, sizes, SHA-256)
logs/               the session's event log (events.jsonl; failures with their full tracebacks,
                    kind "traceback") and NWB Inspector's complete output per version
versions/           the NeuroConv specification and metadata written beside each version
report/             the JSON correction report, when the file failed validation
service/            the end of the service's own log (events that belong to no session)

Not inside: recording files, NWB files, PDF reports. Secrets are replaced by [redacted]. The state
and the metadata hold what you typed (names, subject details): look before sharing publicly.
"""


def default_session(catalog: SessionCatalog) -> str:
    """The current session, else the newest on disk."""
    current = catalog.store.session_id if catalog.store is not None else None
    if current:
        return current
    sessions = catalog.list()
    if not sessions:
        raise NotFoundError("There is no session yet: a debug bundle is made of a session's logs.")
    return sessions[0].session_id


def bundle_name(session_id: str) -> str:
    return f"debug-bundle-{session_id}.zip"


def build_bundle(settings: Settings, catalog: SessionCatalog, session_id: str, redactor: Redactor) -> bytes:
    check_session_id(session_id)
    if session_id not in catalog.ids():
        raise NotFoundError(f"There is no session {session_id} on disk (see GET /api/sessions).")
    state = catalog.state_of(session_id)

    def clean(text: str) -> str:
        return hide_token_query(redactor.text(text))

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as bundle:

        def add(name: str, text: str) -> None:
            bundle.writestr(name, clean(text))

        made = datetime.now(UTC).isoformat(timespec="seconds")
        add("README.txt", README.format(session_id=session_id, made=made, version=__version__))
        add("environment.json", json.dumps(environment(settings), indent=2))
        log_folder = settings.log_dir / session_id
        for path in _files(log_folder):
            if path.suffix in LOG_SUFFIXES:
                add(f"logs/{path.relative_to(log_folder).as_posix()}", _read(path))
        if state is not None:
            add("session/state.json", state.model_dump_json(indent=2, exclude={"logs"}))
            versions = [v.model_dump(mode="json") for v in state.versions]
            add("session/versions.json", json.dumps(versions, indent=2))
            for item in state.versions:
                for beside in (item.specification_path, item.metadata_path):
                    if beside and Path(beside).is_file():
                        add(f"versions/{Path(beside).name}", _read(Path(beside)))
            report = Path(state.report_path) if state.report_path else None
            if report is not None and report.suffix == ".json" and report.is_file():
                add(f"report/{report.name}", _read(report))
        service_log = settings.log_dir / SERVICE_LOG / "events.jsonl"
        if service_log.is_file():
            add("service/events.jsonl", _tail(service_log, SERVICE_LOG_TAIL_BYTES))
    return buffer.getvalue()


def environment(settings: Settings) -> dict[str, Any]:
    shown = settings.model_dump(mode="json")
    for secret in ("anthropic_api_key", "api_token"):
        shown[secret] = "set" if getattr(settings, secret) is not None else "not set"
    return {
        "python": sys.version,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "packages": {name: _version(name) for name in PACKAGES},
        "settings": shown,
    }


def _version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _read(path: Path) -> str:
    if path.stat().st_size > MAX_FILE_BYTES:
        return _tail(path, MAX_FILE_BYTES)
    return path.read_text(encoding="utf-8", errors="replace")


def _tail(path: Path, limit: int) -> str:
    size = path.stat().st_size
    with open(path, "rb") as handle:
        handle.seek(max(0, size - limit))
        data = handle.read()
    text = data.decode("utf-8", errors="replace")
    if size > limit:
        text = f"[first {size - limit} bytes left out]\n" + text.split("\n", 1)[-1]
    return text
