"""Event log: one JSON Lines file per session under LOG_DIR, plus artifacts beside it.

The in-memory ring buffer behind `/api/logs` lives in GlobalState (see state.py); this module
is the durable copy. Records pass through `redact` so secrets never reach disk.
"""

from __future__ import annotations

import json
import re
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

SERVICE_LOG = "service"
_ANTHROPIC_KEY = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}")


class Redactor:
    """Removes known secrets (configured values and API-key shaped strings) from text."""

    def __init__(self, secrets: list[str] | None = None) -> None:
        self._secrets = [s for s in (secrets or []) if s and len(s) >= 4]

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
        record = {"timestamp": datetime.now(timezone.utc).isoformat(), **record}
        line = json.dumps(self.redactor.data(record), default=str, ensure_ascii=False)
        with self._lock:
            with open(self.session_dir(session_id) / "events.jsonl", "a", encoding="utf-8") as handle:
                handle.write(line + "\n")

    def write_artifact(self, session_id: str | None, name: str, content: Any) -> Path:
        """Keep a full artifact (e.g. NWB Inspector's complete output) in the session's logs."""
        path = self.session_dir(session_id) / name
        text = content if isinstance(content, str) else json.dumps(content, indent=2, default=str)
        path.write_text(self.redactor.text(text), encoding="utf-8")
        return path

    def read(self, session_id: str | None) -> list[dict[str, Any]]:
        path = self.log_dir / (session_id or SERVICE_LOG) / "events.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
