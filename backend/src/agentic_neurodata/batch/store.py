"""BatchStore: the one writer of a batch's state. Every change is saved (JSON, atomic rename) beside
the batch's outputs, so a restart resumes the batch, and published to subscribers (/ws)."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..domain import utc_now
from .models import BatchSession, BatchState, BatchStatus

Subscriber = Callable[[dict[str, Any]], None]
STATE_FOLDER = ".batch"  # hidden: `dandi validate` and `dandi upload` leave dot folders alone


def state_path(output_dir: Path) -> Path:
    return Path(output_dir) / STATE_FOLDER / "state.json"


class BatchStore:
    def __init__(self, state: BatchState) -> None:
        self._state = state
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self.path = state_path(Path(state.output_dir))

    @classmethod
    def load(cls, path: Path) -> BatchStore:
        return cls(BatchState.model_validate_json(Path(path).read_text(encoding="utf-8")))

    # ------------------------------------------------------------------ reading

    def snapshot(self) -> BatchState:
        with self._lock:
            return self._state.model_copy(deep=True)

    @property
    def batch_id(self) -> str:
        return self._state.batch_id

    # ------------------------------------------------------------------ subscribers

    def subscribe(self, callback: Subscriber) -> None:
        with self._lock:
            self._subscribers.append(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        with self._lock:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

    # ------------------------------------------------------------------ changes

    def change(self, message: str, change: Callable[[BatchState], None], session: str | None = None) -> BatchState:
        """Apply `change` to the state (validated after), save it, tell the subscribers."""
        with self._lock:
            draft = self._state.model_copy(deep=True)
            change(draft)
            draft.updated_at = utc_now()
            if message:
                draft.message = message
            self._state = BatchState.model_validate(draft.model_dump())
            self._persist()
            self._publish(message, session)
            return self.snapshot()

    def set_status(self, status: BatchStatus, message: str) -> BatchState:
        def apply(state: BatchState) -> None:
            state.status = status

        return self.change(message, apply)

    def update_session(self, key: str, message: str, **changes: Any) -> BatchState:
        def apply(state: BatchState) -> None:
            session = state.session(key)
            if session is None:
                raise KeyError(key)
            for name, value in changes.items():
                if name not in BatchSession.model_fields:
                    raise ValueError(f"BatchSession has no field {name}")
                setattr(session, name, value)

        return self.change(message, apply, session=key)

    def save(self) -> None:
        with self._lock:
            self._persist()

    # ------------------------------------------------------------------ internals

    def _persist(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(f".tmp{os.getpid()}-{threading.get_ident()}")
        tmp.write_text(self._state.model_dump_json(indent=1), encoding="utf-8")
        os.replace(tmp, self.path)

    def _publish(self, message: str, session_key: str | None) -> None:
        state = self._state
        session = state.session(session_key) if session_key else None
        payload = {
            "type": "batch",
            "message": message,
            "stage": session.stage if session else None,
            "status": state.status.value,
            "timestamp": state.updated_at.isoformat(),
            "metadata": {
                "batch_id": state.batch_id,
                "session": session.key if session else None,
                "folder": session.folder if session else None,
                "session_status": session.status.value if session else None,
                "counts": state.counts(),
            },
        }
        for callback in list(self._subscribers):
            with contextlib.suppress(Exception):  # a broken subscriber must never break the batch
                callback(payload)
