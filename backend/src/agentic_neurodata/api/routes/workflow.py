"""The user's side of the conversation: answers, approvals, cancel."""

from __future__ import annotations

from fastapi import APIRouter, Depends
from fastapi.concurrency import run_in_threadpool

from ...contracts import conversation
from ...runtime import Runtime
from ..deps import get_runtime
from ..responses import error_responses
from ..schemas import ActionResponse, RetryApprovalRequest, UserInputRequest, UserInputResponse

router = APIRouter(tags=["workflow"])


@router.post(
    "/api/user-input",
    response_model=UserInputResponse,
    responses=error_responses(409),
    summary="Answer what the service asked (free text or fields)",
)
async def user_input(body: UserInputRequest, runtime: Runtime = Depends(get_runtime)) -> UserInputResponse:
    params = runtime.event_log.redactor.data(body.model_dump(exclude_none=True))  # no pasted secret goes further
    answer = await run_in_threadpool(lambda: runtime.call(conversation.HANDLE_USER_INPUT, **params))
    return UserInputResponse.model_validate(answer.model_dump())


@router.post(
    "/api/retry-approval",
    response_model=ActionResponse,
    responses=error_responses(409),
    summary="Approve or decline a correction, or accept as is",
)
async def retry_approval(body: RetryApprovalRequest, runtime: Runtime = Depends(get_runtime)) -> ActionResponse:
    answer = await run_in_threadpool(
        lambda: runtime.call(conversation.HANDLE_CORRECTION, approved=body.approved, accept_as_is=body.accept_as_is)
    )
    return ActionResponse.model_validate(answer.model_dump())


@router.post("/api/cancel", response_model=ActionResponse, summary="Stop work and return to idle (versions are kept)")
async def cancel(runtime: Runtime = Depends(get_runtime)) -> ActionResponse:
    answer = await run_in_threadpool(runtime.cancel)
    return ActionResponse(
        status=runtime.store.status.value,
        message="Cancelled. Earlier versions stay downloadable.",
        next_action=answer.next_action,
    )
