"""The assistant's operations on a Runtime: synchronous, raising our ServiceErrors. The tools
layer runs them off the event loop and turns errors into tool errors.

Agents are reached only through the router (Runtime.call), as the web API reaches them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..api.routes.status import build_status
from ..api.schemas import StatusResponse
from ..batch import BatchService
from ..contracts import conversation, conversion
from ..errors import BadInputError, BusyError, InvalidStateError, NotFoundError
from ..runtime import Runtime
from .views import (
    ActionView,
    AnswerView,
    BatchToolView,
    DetectionView,
    PlanView,
    ResultsView,
    StatusView,
    batch_view,
    detection_view,
    plan_lines,
    results_view,
    status_view,
)

STAGE_ORDER = ("conversion", "evaluation", "report_generation")
# Values of a pending request's options that mean "keep the file as it is".
ACCEPT_OPTIONS = ("accept", "accept_as_is")


class AssistantService:
    def __init__(self, runtime: Runtime, batches: BatchService | None = None) -> None:
        self.runtime = runtime
        self._batches = batches

    @property
    def batches(self) -> BatchService:
        """Batches use the same settings; the Dask cluster starts only when a batch runs."""
        if self._batches is None:
            self._batches = BatchService(self.runtime.settings)
        return self._batches

    # ------------------------------------------------------------------ batches

    def batch_view(self, batch_id: str) -> BatchToolView:
        state = self.batches.get(batch_id).snapshot()
        return batch_view(state, self.batches.missing(state))

    def find_sessions(
        self, folder: str, pattern: str | None = None, shared: dict[str, Any] | None = None
    ) -> BatchToolView:
        state = self.batches.create(folder, pattern=pattern, shared=shared, background=False)
        return self.batch_view(state.batch_id)

    def set_batch_values(
        self,
        batch_id: str,
        shared: dict[str, Any] | None = None,
        sessions: list[dict[str, Any]] | None = None,
        accept_warnings: bool | None = None,
    ) -> BatchToolView:
        if shared is not None or accept_warnings is not None:
            self.batches.set_shared(batch_id, shared or {}, accept_warnings=accept_warnings)
        if sessions:
            self.batches.set_table(batch_id, sessions)
        return self.batch_view(batch_id)

    def run_batch(self, batch_id: str) -> BatchToolView:
        self.batches.start(batch_id)
        return self.batch_view(batch_id)

    # ------------------------------------------------------------------ reading

    def status_response(self) -> StatusResponse:
        return build_status(self.runtime.store.snapshot(), self.runtime.settings.effective_llm_provider)

    def status(self) -> StatusView:
        return status_view(self.status_response())

    def detect_format(self, folder: str, format: str | None = None) -> DetectionView:
        """Read-only: the conversion agent's preview never touches the session's state."""
        path = existing_folder(folder)
        found = self.runtime.call(conversion.PREVIEW_FORMAT, input_path=str(path), forced_format=format)
        return detection_view(path, found)

    def results(self) -> ResultsView:
        state = self.runtime.store.snapshot()
        if state.session_id is None:
            raise NotFoundError("There is no session yet: call start_conversion(folder, metadata) first.")
        return results_view(state)

    # ------------------------------------------------------------------ acting

    def start_conversion(
        self,
        folder: str,
        metadata: dict[str, Any] | None = None,
        format: str | None = None,
        output_dir: str | None = None,
    ) -> StatusView:
        path = existing_folder(folder)
        output = Path(output_dir).expanduser().resolve() if output_dir else None
        values = self.runtime.event_log.redactor.data(dict(metadata or {}))  # as the upload route does
        try:
            self.runtime.start_local(path, values, forced_format=format, output_dir=output)
        except BusyError as exc:
            # The store's own message speaks of HTTP routes; say it in this server's words.
            raise BusyError(
                f"The service is busy with session {exc.details.get('active_session_id')} "
                f"({exc.details.get('status')}). Finish it (get_status says what it waits for) or call "
                "cancel(), then start again.",
                details=exc.details,
            ) from exc
        return self.status()

    def answer(
        self, message: str | None = None, fields: dict[str, Any] | None = None, skip: list[str] | None = None
    ) -> AnswerView:
        given = {k: v for k, v in {"message": message, "fields": fields, "skip": skip}.items() if v}
        if not given:
            raise BadInputError(
                "Give an answer: message='free text', fields={name: value} or skip=[names].",
                details={"example": {"fields": {"subject_id": "m042", "species": "mouse"}}},
            )
        params = self.runtime.event_log.redactor.data(given)  # a pasted secret goes no further
        reply = self.runtime.call(conversation.HANDLE_USER_INPUT, **params)
        return AnswerView(
            reply=reply.reply,
            accepted=reply.accepted,
            rejected=reply.rejected,
            next_action=reply.next_action,
            status=self.status(),
        )

    def set_stream_included(self, name: str, included: bool) -> PlanView:
        """Through the conversion agent's contract, as POST /api/plan/streams does."""
        changed = self.runtime.call(conversion.SET_STREAM_INCLUDED, name=name, included=included)
        return PlanView(plan=plan_lines(changed.streams), explanation=changed.explanation, status=self.status())

    def approve(self) -> ActionView:
        return self._correction(approved=True)

    def decline(self) -> ActionView:
        return self._correction(approved=False)

    def accept_as_is(self) -> ActionView:
        pending = self.runtime.store.snapshot().pending_request
        # Checked here: the agent would take "accept" on a failed file as a plain decline.
        if pending is None or not any(option.value in ACCEPT_OPTIONS for option in pending.options):
            offered = [option.value for option in pending.options] if pending else []
            raise InvalidStateError(
                "There is no file to accept as is right now: only a file that passed with "
                "warnings can be kept as it is. get_status says what the service waits for.",
                details={"pending_request": pending.type.value if pending else None, "options": offered},
            )
        return self._correction(approved=False, accept_as_is=True)

    def cancel(self) -> ActionView:
        answer = self.runtime.cancel()
        return ActionView(
            message="Cancelled. Earlier versions stay on disk.",
            next_action=answer.next_action,
            status=self.status(),
        )

    def _correction(self, approved: bool, accept_as_is: bool = False) -> ActionView:
        answer = self.runtime.call(conversation.HANDLE_CORRECTION, approved=approved, accept_as_is=accept_as_is)
        return ActionView(message=answer.message, next_action=answer.next_action, status=self.status())


def existing_folder(folder: str) -> Path:
    """The folder as an absolute path, or a BadInputError that says what is wrong with it."""
    path = Path(folder).expanduser().resolve()
    if not path.exists():
        raise BadInputError(
            f"There is no folder {path}. Give the absolute path of the recording folder, e.g. /data/mouse42/run1_g0.",
            details={"folder": str(path)},
        )
    if not path.is_dir():
        raise BadInputError(
            f"{path} is a file, not a folder. Give the folder that holds the recording, e.g. {path.parent}.",
            details={"folder": str(path)},
        )
    if not any(p.is_file() for p in path.rglob("*")):
        raise BadInputError(
            f"The folder {path} holds no files. Give the folder your acquisition system wrote, "
            "e.g. a SpikeGLX run folder with its .bin and .meta files.",
            details={"folder": str(path)},
        )
    return path


def overall_percent(view: StatusView) -> float:
    """One number for the whole run (the stages' own percentages restart at 0 each)."""
    progress = view.progress
    if progress is None or progress.stage not in STAGE_ORDER:
        return 0.0
    return round((STAGE_ORDER.index(progress.stage) * 100 + progress.percent) / len(STAGE_ORDER), 1)
