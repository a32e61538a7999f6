"""GET /api/status and GET /api/correction-context."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi import APIRouter, Depends, Request, Response

from ...contracts import evaluation
from ...domain import CorrectionContext, verdict_words
from ...errors import NotFoundError
from ...runtime import Runtime
from ...state import GlobalState
from ..deps import get_runtime
from ..responses import error_responses
from ..schemas import StatusResponse

router = APIRouter(tags=["status"])


def build_status(state: GlobalState, llm_provider: str) -> StatusResponse:
    result = state.validation_result
    last_message = state.last_message or "Ready. Upload a recording folder to begin."
    if state.pending_request is not None:
        last_message = state.pending_request.message
    report = Path(state.report_path) if state.report_path else None
    return StatusResponse(
        session_id=state.session_id,
        status=state.status.value,
        validation_status=state.validation_status.value if state.validation_status else None,
        overall_status=state.overall_status,
        message=last_message,
        stages=[stage.model_dump() for stage in state.stages.values()],
        progress=state.progress.model_dump() if state.progress else None,
        correction_attempt=state.correction_attempt,
        detected_format=state.detected_format,
        versions=state.versions,
        validation_details=result.counts if result else None,
        verdict=verdict_words(result.overall_status, result.counts) if result else None,
        issues=result.issues if result else [],
        completeness_score=result.completeness_score if result else None,
        file_info=result.file_info if result else None,
        report_available=bool(report and report.is_file()),
        report_name=report.name if report else None,
        report_sha256=state.report_sha256 if report else None,
        llm_provider=llm_provider,
        pending_request=state.pending_request,
        metadata=state.metadata,
        metadata_sources=state.metadata_sources,
        extracted_metadata=state.extracted_metadata,
        declined_fields=state.declined_fields,
        uploaded_files=len(state.uploaded_files),
        upload_bytes=state.upload_bytes,
        conversation=[turn.model_dump() for turn in state.conversation[-50:]],
        correction_history=state.correction_history,
        failure=state.failure.model_dump() if state.failure else None,
        ending=state.ending,
        model_failure=state.model_failure.model_dump() if state.model_failure else None,
        updated_at=state.updated_at,
    )


class StatusCache:
    """The serialised status of one state revision: under load (many clients polling during a
    conversion) a request costs a dictionary lookup, not a deep copy, a model and its JSON.
    Rebuilt at least once a second as well, for what lives outside the state (the report file)."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._body = b""

    def body(self, runtime: Runtime) -> bytes:
        key = (runtime.store.revision, int(time.monotonic()))
        if key != self._key:
            status = build_status(runtime.store.snapshot(), runtime.settings.effective_llm_provider)
            self._body, self._key = status.model_dump_json().encode(), key
        return self._body


@router.get("/api/status", response_model=StatusResponse, summary="Where the session is and what it waits for")
async def status(request: Request) -> Response:
    # Async and without a sync dependency: no worker-thread hop for the most polled route.
    cache = getattr(request.app.state, "status_cache", None)
    if cache is None:
        cache = request.app.state.status_cache = StatusCache()
    return Response(cache.body(request.app.state.runtime), media_type="application/json")


@router.get(
    "/api/correction-context",
    response_model=CorrectionContext,
    summary="What failed in the latest evaluation and how to fix it",
    responses=error_responses(404),
)
def correction_context(runtime: Runtime = Depends(get_runtime)) -> CorrectionContext:
    context = runtime.call(evaluation.CORRECTION_CONTEXT).context
    if context is None:
        raise NotFoundError("There is no evaluation yet: upload a recording and wait for its evaluation.")
    return context
