"""Answers a run without a person can give on its own (`convert` without a terminal, batch sessions):
only "keep the file as it is" where the user said so up front. Everything else waits for a person."""

from __future__ import annotations

from .domain import OverallStatus, PendingRequest, PendingRequestType
from .state import GlobalState

# The option of a "this round changed nothing" request that keeps the file as it is.
ACCEPT_AS_IS = "accept_as_is"


def accepts_as_is(request: PendingRequest, state: GlobalState) -> bool:
    """--accept-warnings answers a request only where it means "keep the file as it is": a file that
    passed with warnings, or a round that changed nothing and offers to accept such a file as is.
    A file that failed validation is never accepted by this flag."""
    if state.overall_status == OverallStatus.FAILED:
        return False
    if request.type == PendingRequestType.IMPROVEMENT_APPROVAL:
        return True
    return is_choice(request) and any(o.value == ACCEPT_AS_IS for o in request.options)


def is_choice(request: PendingRequest) -> bool:
    """A request answered by picking one of its options rather than by giving values
    (e.g. the "accept as is / different approach / stop" question after a round that changed nothing)."""
    return bool(request.options) and not request.fields
