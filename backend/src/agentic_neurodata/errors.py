"""Exceptions that carry a structured, JSON-able diagnostic context.

Every error the service raises on purpose is a `ServiceError`: it knows its HTTP status, a
stable `error_code`, the component that raised it, a short `error_id` the user can quote,
and optional details. The API renders it as `{error_code, message, error_id, details}`.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any


def new_error_id() -> str:
    return "E-" + secrets.token_hex(4).upper()


def small_state_snapshot(store: Any) -> dict[str, Any]:
    """Where the workflow stood when an error happened: session, status, stages reached, what it waited
    for. Small on purpose; the full state is in the state snapshot file. `store` is a StateStore."""
    try:
        state = store.snapshot()
    except Exception as exc:  # noqa: BLE001 - describing an error must never raise another
        return {"unavailable": repr(exc)}
    return {
        "session_id": state.session_id,
        "status": state.status.value,
        "stages": {name.value: stage.status.value for name, stage in state.stages.items() if stage.status != "pending"},
        "pending_request": state.pending_request.type.value if state.pending_request else None,
        "correction_attempt": state.correction_attempt,
        "latest_version": state.latest_version.version if state.latest_version else None,
    }


class ServiceError(Exception):
    status_code: int = 500
    error_code: str = "internal_error"
    component: str = "service"

    def __init__(
        self,
        message: str,
        *,
        details: dict[str, Any] | None = None,
        component: str | None = None,
        error_code: str | None = None,
        status_code: int | None = None,
        state_snapshot: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = dict(details or {})
        if component:
            self.component = component
        if error_code:
            self.error_code = error_code
        if status_code:
            self.status_code = status_code
        self.state_snapshot = state_snapshot
        self.error_id = new_error_id()
        self.timestamp = datetime.now(UTC)
        # The stack of the worker process the error came from (isolation.py), for the session log only.
        self.worker_traceback: str | None = None

    def to_body(self) -> dict[str, Any]:
        """The JSON error body of the API contract."""
        return {
            "error_code": self.error_code,
            "message": self.message,
            "error_id": self.error_id,
            "details": self.details,
        }

    def with_state(self, store: Any) -> ServiceError:
        """Record the state around the error once (the first handler to see it is closest to the cause)."""
        if self.state_snapshot is None:
            self.state_snapshot = small_state_snapshot(store)
        return self

    def to_context(self) -> dict[str, Any]:
        """Full diagnostic record for logs: body plus when, where and the state around it."""
        return {
            **self.to_body(),
            "timestamp": self.timestamp.isoformat(),
            "component": self.component,
            "status_code": self.status_code,
            "state": self.state_snapshot,
        }


class BadInputError(ServiceError):
    status_code = 422
    error_code = "bad_input"


class UnauthorizedError(ServiceError):
    status_code = 401
    error_code = "unauthorized"


class NotFoundError(ServiceError):
    status_code = 404
    error_code = "not_found"


class BusyError(ServiceError):
    status_code = 409
    error_code = "busy"


class InvalidStateError(ServiceError):
    """The request does not fit what the workflow is doing now (e.g. approving with nothing to approve)."""

    status_code = 409
    error_code = "invalid_state"


class PayloadTooLargeError(ServiceError):
    status_code = 413
    error_code = "payload_too_large"


class InsufficientStorageError(ServiceError):
    status_code = 507
    error_code = "insufficient_storage"


class FormatDetectionError(ServiceError):
    status_code = 422
    error_code = "format_not_detected"
    component = "conversion_agent"


class ConversionError(ServiceError):
    status_code = 500
    error_code = "conversion_failed"
    component = "conversion_agent"


class EvaluationError(ServiceError):
    status_code = 500
    error_code = "evaluation_failed"
    component = "evaluation_agent"


class LLMError(ServiceError):
    status_code = 503
    error_code = "llm_unavailable"
    component = "llm"


class WorkflowCancelled(ServiceError):
    """Raised inside running work when the user cancelled; not an error for the user."""

    status_code = 409
    error_code = "cancelled"


class RoutingError(ServiceError):
    """The agent router could not deliver or the receiving agent failed."""

    status_code = 500
    error_code = "routing_error"
    component = "router"


class ContractError(RoutingError):
    """A message's parameters or an action's result do not match the action's contract: a bug on one
    side of the agent boundary, said with the fields that broke it."""

    error_code = "contract_violation"
