"""Drive a whole session in-process the way a cooperative person would: choose the format, answer every
question, approve every proposed correction, until the session ends. Used by the clean-loop tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from agentic_neurodata.contracts import conversation
from agentic_neurodata.domain import FieldRequest, PendingRequestType
from agentic_neurodata.metadata.object_fields import split_key
from agentic_neurodata.runtime import Runtime, build_runtime
from agentic_neurodata.state import GlobalState, WorkflowStatus
from tests.support.settings import make_settings

# What a person answers to each question, by field (a question about one object gets its field's answer).
ANSWERS = {
    "subject_id": "m042",
    "species": "Mus musculus",
    "sex": "F",
    "age": "P90D",
    "session_description": "Recording of spontaneous activity",
    "session_start_time": "2024-03-05T14:30:00-05:00",
    "experimenter": "Smith, Jane",
    "institution": "Massachusetts Institute of Technology",
    "lab": "Smith Lab",
    "experiment_description": "Spontaneous activity in the hippocampus of an awake mouse",
    "keywords": "electrophysiology, CA1",
    "electrode_location": "CA1",
    "subject_description": "Adult C57BL/6J mouse, head-fixed",
    "device_description": "OpenBCI Cyton board with gold cup electrodes",
    "cell_id": "cell_01",
    "date_of_birth": "2023-12-01",
}
MAX_STEPS = 20


def answer_for(request: FieldRequest, answers: dict[str, str]) -> str:
    if request.name in answers:
        return answers[request.name]
    split = split_key(request.name)
    base = split[0] if split else request.name
    if base in answers:
        return answers[base]
    raise AssertionError(f"No answer prepared for the question {request.name!r}: {request.description}")


@dataclass
class LoopOutcome:
    name: str
    state: GlobalState | None = None
    seconds: float = 0.0
    asked: list[str] = field(default_factory=list)  # every pending request, as "type/purpose: message"
    no_progress: bool = False
    error: str | None = None


def answer_everything(
    runtime: Runtime, folder: Path, answers: dict[str, str] | None = None, pick: str | None = None
) -> LoopOutcome:
    """Start a session on `folder` and answer until it ends; `pick` chooses a format option (default: the first)."""
    started = time.perf_counter()
    runtime.start_local(folder, {})
    outcome = follow(runtime, answers, pick)
    outcome.name, outcome.seconds = folder.name, time.perf_counter() - started
    return outcome


def follow(runtime: Runtime, answers: dict[str, str] | None = None, pick: str | None = None) -> LoopOutcome:
    """Answer what the session waits for until it ends."""
    answers = {**ANSWERS, **(answers or {})}
    outcome = LoopOutcome("session")
    for _ in range(MAX_STEPS):
        state = runtime.store.snapshot()
        request = state.pending_request
        if state.status != WorkflowStatus.AWAITING_USER_INPUT or request is None:
            break
        outcome.asked.append(f"{request.type.value}/{request.purpose}: {request.message}")
        if request.type == PendingRequestType.FORMAT_SELECTION:
            values = [o.value for o in request.options]
            choice = next((v for v in values if pick and pick in v), values[0])
            runtime.call(conversation.HANDLE_USER_INPUT, fields={"format": choice})
        elif request.purpose == "no_progress":
            outcome.no_progress = True
            runtime.call(conversation.HANDLE_CORRECTION, approved=False, accept_as_is=True)
        elif request.type in (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL):
            offered = {o.value for o in request.options}
            approve = bool(offered & {"approve", "improve"})
            accept = not approve and "accept" in offered  # only when nothing more is offered
            runtime.call(conversation.HANDLE_CORRECTION, approved=approve, accept_as_is=accept)
        else:
            runtime.call(
                conversation.HANDLE_USER_INPUT, fields={f.name: answer_for(f, answers) for f in request.fields}
            )
    outcome.state = runtime.store.snapshot()
    return outcome


def run_loop(name: str, folder: Path, base: Path, pick: str | None = None) -> LoopOutcome:
    """One whole session in its own runtime (own state, logs and outputs under `base`)."""
    runtime = build_runtime(make_settings(base / name), in_background=False)
    try:
        outcome = answer_everything(runtime, folder, pick=pick)
    except Exception as exc:  # noqa: BLE001 - one recording's failure is reported with its name, not raised here
        outcome = LoopOutcome(name, state=runtime.store.snapshot(), error=f"{type(exc).__name__}: {exc}")
    finally:
        runtime.close()
    outcome.name = name
    return outcome
