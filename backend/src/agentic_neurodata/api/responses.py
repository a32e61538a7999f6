"""Documented error responses: every status the API can answer appears in /openapi.json."""

from __future__ import annotations

from typing import Any

from .schemas import ErrorBody

DESCRIPTIONS = {
    401: "API token missing or wrong (only when API_TOKEN is set)",
    404: "Not found, or not produced yet",
    409: "Busy with another session, or not what the workflow is waiting for",
    413: "Upload larger than MAX_UPLOAD_SIZE_GB",
    422: "Bad input: what was wrong and an example of right",
    500: "Unexpected server error; quote the error_id",
    507: "Disk full; the partial upload was removed",
}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorBody, "description": DESCRIPTIONS[code]} for code in codes}


# Every route can answer these.
COMMON = error_responses(401, 422, 500)
