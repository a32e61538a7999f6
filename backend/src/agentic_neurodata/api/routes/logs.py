"""GET /api/logs: the newest log entries of the session, oldest first."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Query

from ...runtime import Runtime
from ...state import LogLevel
from ..deps import get_runtime
from ..schemas import LogEntryView, LogsResponse

router = APIRouter(tags=["status"])
MAX_LOGS = 500


@router.get(
    "/api/logs", response_model=LogsResponse, summary="Newest log entries (at most 500), in chronological order"
)
def logs(
    level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] | None = Query(
        default=None, description="Minimum level to include; e.g. WARNING returns warnings and errors"
    ),
    limit: int = Query(default=MAX_LOGS, ge=1, le=MAX_LOGS),
    runtime: Runtime = Depends(get_runtime),
) -> LogsResponse:
    entries = runtime.store.logs(LogLevel(level) if level else LogLevel.DEBUG, limit)
    return LogsResponse(
        session_id=runtime.store.session_id,
        count=len(entries),
        entries=[LogEntryView.model_validate(e.model_dump()) for e in entries],
    )
