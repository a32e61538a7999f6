"""The retry policy shared by the model providers: which answers are worth another try, how
long to wait (exponential backoff, or what the server asks for), and when to stop waiting."""

from __future__ import annotations

import email.utils
import time
from typing import Any

BACKOFF_BASE_S = 1.0
# A server asking for a longer pause than this is not waited for: the caller falls back.
MAX_WAIT_S = 60.0
RETRYABLE_STATUS = {408, 409, 429, 500, 502, 503, 504, 529}


def backoff(attempt: int) -> float:
    return BACKOFF_BASE_S * 2 ** (attempt - 1)


def retry_after(headers: Any) -> float | None:
    """Seconds the server asks us to wait: `retry-after-ms`, `retry-after` (seconds or an HTTP date)."""
    try:
        return max(0.0, float(headers.get("retry-after-ms")) / 1000)
    except (TypeError, ValueError):
        pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value) if email.utils.parsedate_tz(value) else None
        return None if parsed is None else max(0.0, parsed.timestamp() - time.time())
