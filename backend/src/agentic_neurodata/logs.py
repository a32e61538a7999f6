"""Event log: one JSON Lines file per session under LOG_DIR, plus artifacts beside it.

The in-memory ring buffer behind `/api/logs` lives in GlobalState (see state.py); this module
is the durable copy. Records pass through `redact` so secrets never reach disk.
"""

from __future__ import annotations

import copy
import json
import logging
import re
import threading
import traceback
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SERVICE_LOG = "service"
_ANTHROPIC_KEY = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}")
# Download links and /ws carry the API token as ?token=; the server's own log lines must not.
_TOKEN_QUERY = re.compile(r"([?&]token=)[^&#\s\"']*", re.IGNORECASE)


class Redactor:
    """Removes known secrets (configured values and API-key shaped strings) from text."""

    def __init__(self, secrets: list[str] | None = None) -> None:
        self._secrets = [s for s in (secrets or []) if s and len(s) >= 4]

    @classmethod
    def for_settings(cls, settings: Any) -> Redactor:
        """Hides the configured secrets (the model providers' keys, API_TOKEN) of `settings`."""
        keys = (settings.anthropic_api_key, settings.openai_compatible_api_key, settings.api_token)
        return cls([s.get_secret_value() for s in keys if s is not None])

    def text(self, value: str) -> str:
        for secret in self._secrets:
            value = value.replace(secret, "[redacted]")
        return _ANTHROPIC_KEY.sub("[redacted]", value)

    def data(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: self.data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.data(v) for v in value]
        return value


class EventLog:
    def __init__(self, log_dir: Path, redactor: Redactor | None = None) -> None:
        self.log_dir = Path(log_dir)
        self.redactor = redactor or Redactor()
        self._lock = threading.Lock()

    def session_dir(self, session_id: str | None) -> Path:
        path = self.log_dir / (session_id or SERVICE_LOG)
        path.mkdir(parents=True, exist_ok=True)
        return path

    def write(self, session_id: str | None, record: dict[str, Any]) -> None:
        record = {"timestamp": datetime.now(UTC).isoformat(), **record}
        line = json.dumps(self.redactor.data(record), default=str, ensure_ascii=False)
        with self._lock, open(self.session_dir(session_id) / "events.jsonl", "a", encoding="utf-8") as handle:
            handle.write(line + "\n")

    def write_failure(self, session_id: str | None, exc: BaseException, component: str) -> None:
        """The full traceback of a failure (and the worker process's, when it came from one), for bug
        reports: only in this log and the debug bundle, never in what the user is shown."""
        workers = [stack for error in _chain(exc) if (stack := getattr(error, "worker_traceback", None))]
        self.write(
            session_id,
            {
                "kind": "traceback",
                "level": "ERROR",
                "component": component,
                "error_id": next((e.error_id for e in _chain(exc) if hasattr(e, "error_id")), None),
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": "".join(traceback.format_exception(exc)),
                **({"worker_traceback": "\n".join(workers)} if workers else {}),
            },
        )

    def write_artifact(self, session_id: str | None, name: str, content: Any) -> Path:
        """Keep a full artifact (e.g. NWB Inspector's complete output) in the session's logs."""
        path = self.session_dir(session_id) / name
        text = content if isinstance(content, str) else json.dumps(content, indent=2, default=str)
        path.write_text(self.redactor.text(text), encoding="utf-8")
        return path

    def iter_records(self, session_id: str | None, kind: str | None = None) -> Iterator[dict[str, Any]]:
        """The session's records in order, one line at a time (logs can be large); only `kind` when given."""
        path = self.log_dir / (session_id or SERVICE_LOG) / "events.jsonl"
        if not path.exists():
            return
        marker = f'"kind": "{kind}"' if kind else ""
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if marker in line and line.strip():  # skip parsing other kinds (MCP messages, errors)
                    record = json.loads(line)
                    if kind is None or record.get("kind") == kind:
                        yield record

    def read(self, session_id: str | None) -> list[dict[str, Any]]:
        path = self.log_dir / (session_id or SERVICE_LOG) / "events.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _chain(exc: BaseException) -> list[BaseException]:
    """`exc` and what it was raised from or during, outermost first."""
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def hide_token_query(text: str) -> str:
    return _TOKEN_QUERY.sub(r"\1[redacted]", text)


class TokenQueryFilter(logging.Filter):
    """Replaces `?token=...` in log records: uvicorn logs the full request path with its query."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_token_query(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_token_query(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: hide_token_query(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's default logging, with the token filter on every handler (access lines and the
    WebSocket 'accepted' lines, which uvicorn writes to its error logger)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_token_query"] = {"()": TokenQueryFilter}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_token_query")
    return config
