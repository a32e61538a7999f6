"""Conversation agent: the only agent that talks to the user; it drives the workflow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import BadInputError, InvalidStateError, ServiceError, WorkflowCancelled
from ...mcp import Agent, action
from ...models import (
    DetectionResult,
    OverallStatus,
    PendingRequest,
    PendingRequestType,
    RequestOption,
    ValidationResult,
)
from ...state import Failure, LogLevel, ValidationStatus, WorkflowStatus

COMPONENT = "conversation_agent"
CONVERSION = "conversion_agent"
EVALUATION = "evaluation_agent"
APPROVAL_REQUESTS = (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL)


def _can_try_again(state: Any) -> bool:
    """Failed for a reason that was not the user's decision, with the upload still there."""
    return (
        state.status == WorkflowStatus.FAILED
        and state.failure is not None
        and state.failure.reason not in ("user_declined", "user_abandoned")
        and state.input_path is not None
    )


class ConversationAgent(Agent):
    name = COMPONENT
    description = "Talks with the user, collects metadata, and runs the user-approved correction loop."

    # ------------------------------------------------------------------ entry points

    @action("Start converting an uploaded folder: detect, convert, evaluate, report (runs in the background).")
    def start_conversion(self, input_path: str, metadata: dict[str, Any] | None = None,
                         forced_format: str | None = None) -> dict[str, Any]:
        if metadata:
            self.store.update(COMPONENT, "Metadata received with the upload", metadata=dict(metadata))
        self._in_background(lambda: self._detect_then_convert(input_path, forced_format), "start_conversion")
        return {"status": self.store.status.value, "message": "Conversion started.", "next_action": "processing"}

    @action("Take the user's answer: free text, named fields, or fields the user declines to give.")
    def handle_user_input(
        self,
        message: str | None = None,
        fields: dict[str, Any] | None = None,
        field_name: str | None = None,
        value: Any = None,
        skip: list[str] | None = None,
    ) -> dict[str, Any]:
        given = dict(fields or {})
        if field_name:
            given[field_name] = value
        state = self.store.snapshot()
        pending = state.pending_request
        if state.status != WorkflowStatus.AWAITING_USER_INPUT or pending is None:
            raise InvalidStateError("The service is not waiting for an answer right now.", component=COMPONENT,
                                    details={"status": state.status.value})
        if message:
            self.store.add_chat_turn("user", message)
        if pending.type == PendingRequestType.FORMAT_SELECTION:
            return self._choose_format(given.get("format"), pending)
        if skip:
            self.store.update(COMPONENT, f"Declined: {', '.join(skip)}",
                              declined_fields=sorted(set(state.declined_fields) | set(skip)))
        if given:
            self.store.update(COMPONENT, f"Metadata given: {', '.join(sorted(given))}", metadata={**state.metadata, **given})
        return {"reply": "Thank you.", "accepted": given, "rejected": {}, "next_action": pending.type.value}

    @action("Handle the result of an evaluation: finish, or ask the user how to go on.")
    def handle_validation_result(self, validation_result: dict[str, Any]) -> dict[str, Any]:
        result = ValidationResult.model_validate(validation_result)
        if result.overall_status == OverallStatus.PASSED:
            state = self.store.snapshot()
            final = ValidationStatus.PASSED_IMPROVED if state.correction_attempt > 0 else ValidationStatus.PASSED
            self.store.set_status(WorkflowStatus.COMPLETED, COMPONENT, "Perfect! No issues found.", validation_status=final)
            return {"next_action": "done"}
        counts = result.counts
        if result.overall_status == OverallStatus.PASSED_WITH_ISSUES:
            request = PendingRequest(
                type=PendingRequestType.IMPROVEMENT_APPROVAL,
                message=f"The file is valid with {counts.non_blocking} warnings or suggestions. Improve it, or accept it as is?",
                options=[RequestOption(value="improve", label="Improve"), RequestOption(value="accept", label="Accept as is")],
            )
        else:
            request = PendingRequest(
                type=PendingRequestType.RETRY_APPROVAL,
                message=f"Validation failed with {counts.blocking} errors. Try to correct them?",
                options=[RequestOption(value="approve", label="Approve retry"), RequestOption(value="decline", label="Decline")],
            )
        self.store.await_user(request, COMPONENT)
        return {"next_action": request.type.value}

    @action("The user's answer to a retry or improvement proposal.")
    def handle_correction(self, approved: bool, accept_as_is: bool = False) -> dict[str, Any]:
        state = self.store.snapshot()
        pending = state.pending_request
        if approved and _can_try_again(state):
            return self._try_again(state)
        if state.status != WorkflowStatus.AWAITING_USER_INPUT or pending is None or pending.type not in APPROVAL_REQUESTS:
            raise InvalidStateError("There is no correction proposal waiting for an answer.", component=COMPONENT,
                                    details={"status": state.status.value})
        if accept_as_is or not approved:
            if pending.type == PendingRequestType.IMPROVEMENT_APPROVAL:
                return self.accept_as_is()
            return self._decline()
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, f"Correction attempt {state.correction_attempt + 1} approved",
                              correction_attempt=state.correction_attempt + 1)
        self._in_background(self._convert_and_evaluate, "correction")
        return {"status": "processing", "message": "Converting again.", "next_action": "processing"}

    @action("Accept the current file as it is (only for a file that passed with warnings).")
    def accept_as_is(self) -> dict[str, Any]:
        state = self.store.snapshot()
        if state.overall_status == OverallStatus.FAILED:
            raise InvalidStateError("A file that failed validation cannot be accepted as is; approve a retry or decline.",
                                    component=COMPONENT)
        self.store.set_status(WorkflowStatus.COMPLETED, COMPONENT, "File accepted as is.",
                              validation_status=ValidationStatus.PASSED_ACCEPTED)
        return {"status": "completed", "message": "Accepted as is.", "next_action": "done"}

    @action("Stop: return to idle, keeping uploads and earlier versions.")
    def cancel(self) -> dict[str, Any]:
        self.store.set_status(WorkflowStatus.IDLE, COMPONENT, "Cancelled by the user. Earlier versions stay downloadable.")
        return {"status": "idle", "message": "Cancelled.", "next_action": "idle"}

    # ------------------------------------------------------------------ workflow steps

    def _try_again(self, state: Any) -> dict[str, Any]:
        """A session that failed for a reason other than the user's choice (e.g. interrupted) starts over."""
        assert state.failure is not None and state.input_path is not None
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, f"Trying again after: {state.failure.message}")
        if state.detected_format is None or state.detected_format.needs_choice:
            self._in_background(lambda: self._detect_then_convert(state.input_path), "retry")
        else:
            self._in_background(self._convert_and_evaluate, "retry")
        return {"status": "processing", "message": "Trying again.", "next_action": "processing"}

    def _decline(self) -> dict[str, Any]:
        self.store.set_status(WorkflowStatus.FAILED, COMPONENT, "Corrections declined; the file keeps its errors.",
                              validation_status=ValidationStatus.FAILED_USER_DECLINED,
                              failure=Failure(reason="user_declined", message="The user declined corrections."))
        return {"status": "failed", "message": "Declined.", "next_action": "done"}

    def _choose_format(self, choice: Any, pending: PendingRequest) -> dict[str, Any]:
        allowed = [option.value for option in pending.options]
        if choice not in allowed:
            raise BadInputError(f"Choose one of the offered formats: {', '.join(allowed)}.",
                                details={"options": allowed, "example": {"fields": {"format": allowed[0] if allowed else ""}}})
        state = self.store.snapshot()
        assert state.detected_format is not None
        chosen = next(c for c in state.detected_format.alternatives if c.interface == choice)
        detected = state.detected_format.model_copy(update={
            "interface": chosen.interface, "source_data": chosen.source_data, "needs_choice": False,
            "files": chosen.files, "explanation": f"Chosen by the user: {chosen.explanation}",
        })
        self.store.set_status(WorkflowStatus.PROCESSING, COMPONENT, f"Format chosen: {choice}", detected_format=detected)
        self._in_background(self._convert_and_evaluate, "convert")
        return {"reply": f"Converting with {choice}.", "accepted": {"format": choice}, "rejected": {}, "next_action": "processing"}

    def _detect_then_convert(self, input_path: str, forced_format: str | None = None) -> dict[str, Any]:
        found = DetectionResult.model_validate(
            self.call(CONVERSION, "detect_format", input_path=input_path, forced_format=forced_format))
        if found.needs_choice:
            request = PendingRequest(
                type=PendingRequestType.FORMAT_SELECTION,
                message=found.explanation or "Several formats could read these files. Which one is it?",
                options=[RequestOption(value=c.interface, label=c.interface, description=c.explanation)
                         for c in found.alternatives],
            )
            self.store.await_user(request, COMPONENT)
            return {"next_action": request.type.value}
        self.store.log(LogLevel.INFO, COMPONENT, found.explanation or f"Using {found.interface}")
        return self._convert_and_evaluate()

    def _convert_and_evaluate(self) -> dict[str, Any]:
        state = self.store.snapshot()
        self.store.reset_stages(COMPONENT)
        assert state.detected_format is not None and state.input_path is not None
        version = self.call(
            CONVERSION, "convert",
            input_path=state.input_path,
            detection_result=state.detected_format.model_dump(mode="json"),
            metadata=state.metadata,
        )
        self.store.raise_if_cancelled()
        result = self.call(EVALUATION, "evaluate", nwb_path=version["path"], version=version["version"])
        self.store.raise_if_cancelled()
        return self.handle_validation_result(result)

    def _in_background(self, step: Callable[[], dict[str, Any]], name: str) -> None:
        self.background(lambda: self._guarded(step), name)

    def _guarded(self, step: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """Run a workflow step; cancellation returns to idle, errors end the session as failed."""
        try:
            return step()
        except WorkflowCancelled:
            if self.store.status != WorkflowStatus.IDLE:
                self.cancel()
            return {"next_action": "idle"}
        except ServiceError as exc:
            self._fail(exc.message, exc.error_code, exc.error_id)
            return {"next_action": "failed", "error": exc.to_body()}
        except Exception as exc:  # noqa: BLE001 - an unexpected bug must still end the session clearly
            error = ServiceError(f"Unexpected error: {type(exc).__name__}: {exc}", component=COMPONENT)
            self.store.log(LogLevel.ERROR, COMPONENT, error.message, error_id=error.error_id)
            self._fail(error.message, error.error_code, error.error_id)
            return {"next_action": "failed", "error": error.to_body()}

    def _fail(self, message: str, code: str, error_id: str) -> None:
        if self.store.status in (WorkflowStatus.PROCESSING, WorkflowStatus.AWAITING_USER_INPUT):
            self.store.set_status(WorkflowStatus.FAILED, COMPONENT, message,
                                  failure=Failure(reason=code, message=message, error_code=code, error_id=error_id))
