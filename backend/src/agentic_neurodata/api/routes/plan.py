"""The session plan: leave a stream out of the conversion, or put it back (the web app's plan view)."""

from __future__ import annotations

from fastapi import APIRouter, Depends
from fastapi.concurrency import run_in_threadpool

from ...contracts import conversion
from ...runtime import Runtime
from ..deps import get_runtime
from ..responses import error_responses
from ..schemas import SessionPlanResponse, StreamChoiceRequest

router = APIRouter(tags=["workflow"])


@router.post(
    "/api/plan/streams",
    response_model=SessionPlanResponse,
    responses=error_responses(409),
    summary="Leave one stream of the session out of the conversion, or put it back",
)
async def choose_stream(body: StreamChoiceRequest, runtime: Runtime = Depends(get_runtime)) -> SessionPlanResponse:
    plan = await run_in_threadpool(
        lambda: runtime.call(conversion.SET_STREAM_INCLUDED, name=body.name, included=body.included)
    )
    return SessionPlanResponse(streams=plan.streams, explanation=plan.explanation)
