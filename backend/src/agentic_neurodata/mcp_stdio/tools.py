"""The assistant-facing MCP server (official SDK): tools, their descriptions and schemas.

Every tool runs its work off the event loop, so the server keeps answering (get_status while a
conversion runs). Our ServiceErrors come back as tool errors carrying {error_code, message,
error_id, details}, the same body the web API sends; anything unexpected gets an error_id too
and its traceback goes to the event log.
"""

# No `from __future__ import annotations`: the SDK reads these signatures at run time.

import functools
import json
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import anyio
import mcp.server.mcpserver as sdk
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import ConfigDict, Field, create_model

from .. import __version__
from ..errors import ServiceError
from ..metadata.fields import FIELDS
from .service import AssistantService, overall_percent
from .views import (
    ActionView,
    AnswerView,
    BatchToolView,
    DetectionView,
    PlanView,
    ResultsView,
    StatusView,
    WaitView,
)

SERVER_NAME = "agentic-neurodata"
POLL_S = 0.25
MAX_WAIT_S = 600.0
# Fields whose rules take one text or a list (several people, several keywords).
LIST_FIELDS = ("experimenter", "keywords")
READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
ACTING = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)

INSTRUCTIONS = """\
Converts a folder of raw neurophysiology recordings on this machine (SpikeGLX, Open Ephys, Intan,
Neuralynx, Blackrock, EDF, NeuroScope, ABF, Phy/KiloSort, ...) into a DANDI-ready NWB file, then
validates it with NWB Inspector. One session at a time. Typical use:
1. detect_format(folder) to see what the folder holds (changes nothing);
2. start_conversion(folder, metadata) with what you know about the subject and session; a session of
   several streams (raw data, sorting, events) is converted into one file: detected_format.plan lists
   them and set_stream_included(name, included) leaves one out or puts it back;
3. wait() until the service needs an answer or finishes; its pending_request says exactly what it
   waits for and next_step names the tool to call (answer, approve, decline, accept_as_is);
4. get_results() for the NWB file path, its SHA-256, the report and the validation issues.
Many sessions (a whole experiment): find_sessions(parent) proposes sessions and their IDs (confirm an
inferred pattern with the user), set_batch_values gives shared values once and per-session rows,
run_batch converts them all on Dask, wait_batch follows them.
Never invent metadata values: ask the user, or decline a field with answer(skip=[...])."""


def _metadata_model() -> type:
    """The metadata argument, one described property per field the service knows (metadata/fields.py)."""
    properties: dict[str, Any] = {}
    for spec in FIELDS.values():
        level = {"required": "Required", "recommended": "Recommended", "optional": "Optional"}[spec.level]
        text = f"{level}. {spec.description} Example: {spec.example}."
        kind = (str | list[str] | None) if spec.name in LIST_FIELDS else (str | None)
        properties[spec.name] = (kind, Field(default=None, description=text))
    return create_model("ConversionMetadata", __config__=ConfigDict(extra="allow"), **properties)


ConversionMetadata = _metadata_model()

Folder = Annotated[
    str,
    Field(
        description="Absolute path of the recording folder on this machine "
        "(e.g. /data/mouse42/run1_g0); it is read in place, never changed"
    ),
]
FormatName = Annotated[
    str | None,
    Field(
        description="Optional: a NeuroConv interface or converter name "
        "(e.g. SpikeGLXConverterPipe) to use instead of detecting"
    ),
]


def tool_error(error: ServiceError) -> CallToolResult:
    body = error.to_body()
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(body))], structured_content=body, is_error=True
    )


def reports_errors(
    service: AssistantService,
) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    def decorate(tool: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(tool)
        async def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return await tool(*args, **kwargs)
            except ServiceError as exc:
                _record(service, tool.__name__, exc.to_context())
                return tool_error(exc)
            except Exception as exc:  # noqa: BLE001 - an assistant must always get an error it can quote
                error = ServiceError(
                    f"Something went wrong on the server ({type(exc).__name__}). Quote the error id when reporting it."
                )
                _record(
                    service,
                    tool.__name__,
                    {"error_id": error.error_id, "error": repr(exc), "traceback": traceback.format_exc()},
                )
                return tool_error(error)

        return run

    return decorate


def _record(service: AssistantService, tool: str, context: dict[str, Any]) -> None:
    runtime = service.runtime
    runtime.event_log.write(runtime.store.session_id, {"kind": "mcp_tool_error", "tool": tool, **context})


def build_assistant_server(service: AssistantService) -> sdk.MCPServer:
    server = sdk.MCPServer(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS)
    guarded = reports_errors(service)

    def in_thread(work: Callable[..., Any], *args: Any) -> Awaitable[Any]:
        return anyio.to_thread.run_sync(functools.partial(work, *args))

    @server.tool(
        annotations=READ_ONLY,
        description=(
            "Look at a recording folder and say which format it is: the NeuroConv reader, its confidence, "
            "alternatives when several fit, and values the reader needs that the files lack. Read-only: it "
            "changes no session and may be called while a conversion runs. Errors: bad_input (no such folder, "
            "a file, an empty folder), format_not_detected (with what was tried and why)."
        ),
    )
    @guarded
    async def detect_format(folder: Folder, format: FormatName = None) -> DetectionView:
        return await in_thread(service.detect_format, folder, format)

    @server.tool(
        annotations=ACTING,
        description=(
            "Start converting a recording folder to NWB (read in place; outputs go to a new folder whose "
            "paths get_results reports). Returns at once while the work goes on: then call wait(). Give every "
            "metadata value you know; required ones that are missing are asked for (see pending_request) or, "
            "if declined, reported by the validation. Errors: bad_input (folder), busy (another session is "
            "active: finish it or cancel()), format_not_detected."
        ),
    )
    @guarded
    async def start_conversion(
        folder: Folder,
        metadata: Annotated[
            ConversionMetadata | None,  # type: ignore[valid-type]  # a model built from metadata/fields.py
            Field(
                description="Subject and session metadata the user gave. DANDI forms are safest (species 'Mus "
                "musculus', sex 'F', age 'P90D', start time with its time zone); values are checked by the service"
            ),
        ] = None,
        format: FormatName = None,
        output_dir: Annotated[str | None, Field(description="Optional folder for the NWB versions and report")] = None,
    ) -> StatusView:
        values = metadata.model_dump(exclude_none=True) if metadata is not None else None
        return await in_thread(service.start_conversion, folder, values, format, output_dir)

    @server.tool(
        annotations=READ_ONLY,
        description=(
            "What the service is doing now and exactly what it waits for: status (idle, processing, "
            "awaiting_user_input, completed, failed), progress by stage, pending_request (type, fields with "
            "name/required/description/example, options), versions written, issue counts, and next_step naming "
            "the tool to call. Same information as the web API's GET /api/status."
        ),
    )
    @guarded
    async def get_status() -> StatusView:
        return await in_thread(service.status)

    @server.tool(
        annotations=READ_ONLY,
        description=(
            "Wait until the service needs the user (awaiting_user_input), finishes (completed or failed) or "
            "is idle, or until timeout_s passes (then settled is false: call wait again). Sends progress "
            "notifications while it waits when the client asks for them. Returns the status, as get_status."
        ),
    )
    @guarded
    async def wait(
        ctx: sdk.Context,
        timeout_s: Annotated[
            float, Field(ge=0, le=MAX_WAIT_S, description="Longest wait in seconds (0 to 600)")
        ] = 60.0,
    ) -> WaitView:
        return await _wait(service, ctx, timeout_s)

    @server.tool(
        annotations=ACTING,
        description=(
            "Answer what the service asked (pending_request of type metadata, user_input or format_selection). "
            'fields: values by name, e.g. {"subject_id": "m042", "sex": "female"}; for a format choice '
            '{"format": <an option value>}. skip: field names the user declines to give (the conversion then '
            "goes ahead and the validation reports the gap). message: the user's free text, parsed by the "
            "service. Returns what was accepted, what was rejected and why (with an example), and the status. "
            "Errors: invalid_state (nothing is being asked), bad_input (e.g. a format that was not offered)."
        ),
    )
    @guarded
    async def answer(
        message: Annotated[str | None, Field(description="Free text from the user", max_length=10_000)] = None,
        fields: Annotated[dict[str, Any] | None, Field(description="Values by field name")] = None,
        skip: Annotated[list[str] | None, Field(description="Field names the user declines to give")] = None,
    ) -> AnswerView:
        return await in_thread(service.answer, message, fields, skip)

    @server.tool(
        annotations=ACTING,
        description=(
            "Leave one stream of the session (a sorting, a trials table, one of several recordings ...) out of "
            "the conversion, or put it back, while the service waits for the user (before converting, or at the "
            "decision after an evaluation: the next version is then written without it). name: a stream's name "
            "as the plan in detected_format.plan shows it (the text before the first colon). Returns the plan "
            "after the change and the status. Errors: invalid_state (a step is running), bad_input (an unknown "
            "name, a stream that cannot be read, the last stream, or the format question is not answered yet)."
        ),
    )
    @guarded
    async def set_stream_included(
        name: Annotated[str, Field(description="The stream's name, e.g. CsvTimeIntervalsInterface", max_length=2_000)],
        included: Annotated[bool, Field(description="false leaves it out, true puts it back")],
    ) -> PlanView:
        return await in_thread(service.set_stream_included, name, included)

    @server.tool(
        annotations=ACTING,
        description=(
            "Say yes to the service's proposal: for a file that failed validation (retry_approval), correct it "
            "and convert again (a new version; earlier ones are kept); for a file valid with warnings "
            "(improvement_approval), try to improve it; for a session that failed for a reason other than the "
            "user's choice (e.g. interrupted), try again. Then call wait(). Error: invalid_state when nothing "
            "is proposed."
        ),
    )
    @guarded
    async def approve() -> ActionView:
        return await in_thread(service.approve)

    @server.tool(
        annotations=ACTING,
        description=(
            "Say no to the service's proposal. For a file that failed validation, the session ends as failed "
            "(failed_user_declined) and the file keeps its errors; for a file valid with warnings it is kept "
            "as it is (same as accept_as_is). Error: invalid_state when nothing is proposed."
        ),
    )
    @guarded
    async def decline() -> ActionView:
        return await in_thread(service.decline)

    @server.tool(
        annotations=ACTING,
        description=(
            "Keep a file that passed validation with warnings as it is (improvement_approval): the session "
            "completes as passed_accepted. Error: invalid_state when no such file is waiting (a file that "
            "failed validation cannot be accepted as is: approve() or decline())."
        ),
    )
    @guarded
    async def accept_as_is() -> ActionView:
        return await in_thread(service.accept_as_is)

    @server.tool(
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False),
        description=(
            "Stop the current session and go back to idle, whatever it is doing. NWB versions already written "
            "stay on disk; the recording folder is never touched."
        ),
    )
    @guarded
    async def cancel() -> ActionView:
        return await in_thread(service.cancel)

    @server.tool(
        annotations=READ_ONLY,
        description=(
            "The session's results: every NWB version with its absolute path, SHA-256 and size, the latest "
            "file, the report path (PDF when the file passed, JSON correction context when it failed), the "
            "validation status, issue counts by severity and each issue with how to fix it. finished is "
            "false while work goes on. Error: not_found when no session was started."
        ),
    )
    @guarded
    async def get_results() -> ResultsView:
        return await in_thread(service.results)

    @server.tool(
        annotations=ACTING,
        description=(
            "Start a batch on an experiment's parent folder (read in place): find every session in it (a folder "
            "a reader explains) and propose subject and session IDs from folder names with the pattern given "
            "(e.g. '{subject_id}/{session_id}') or one inferred (pattern_inferred: confirm it with the user). "
            "shared: values every session shares (species, experimenter, institution, lab, session_description, "
            "timezone for start times the files give without one, dandiset_id). Each session lists what it still "
            "misses. Converts nothing yet. Errors: bad_input (no such folder, bad shared value)."
        ),
    )
    @guarded
    async def find_sessions(
        folder: Annotated[str, Field(description="Absolute path of the parent folder holding the sessions")],
        pattern: Annotated[str | None, Field(description="Where sessions sit, e.g. {subject_id}/{session_id}")] = None,
        shared: Annotated[dict[str, Any] | None, Field(description="Values all sessions share")] = None,
    ) -> BatchToolView:
        return await in_thread(service.find_sessions, folder, pattern, shared)

    @server.tool(
        annotations=ACTING,
        description=(
            "Give a batch's values: shared ones (asked once for all sessions) and per-session rows "
            "({folder, subject_id, session_id, sex, age, session_start_time, ...}; `format` picks a reader "
            "where a session offers a choice). A bad row is refused with every problem listed and nothing "
            "changes. accept_warnings: keep files that pass with warnings as they are."
        ),
    )
    @guarded
    async def set_batch_values(
        batch_id: str,
        shared: Annotated[dict[str, Any] | None, Field(description="Values all sessions share")] = None,
        sessions: Annotated[
            list[dict[str, Any]] | None, Field(description="Rows of the sessions table, each with its folder")
        ] = None,
        accept_warnings: bool | None = None,
    ) -> BatchToolView:
        return await in_thread(service.set_batch_values, batch_id, shared, sessions, accept_warnings)

    @server.tool(
        annotations=ACTING,
        description=(
            "Convert every session of the batch that has no valid file yet, each as one Dask task running the "
            "single-session pipeline; sessions still missing required values end as input_needed without being "
            "converted. Returns at once: then wait_batch. Outputs: one NWB file per session in DANDI's layout "
            "and a summary (CSV, JSON, PDF) in output_dir."
        ),
    )
    @guarded
    async def run_batch(batch_id: str) -> BatchToolView:
        return await in_thread(service.run_batch, batch_id)

    @server.tool(
        annotations=READ_ONLY,
        description="Wait until the batch is settled (found its sessions, or every session finished), or "
        "timeout_s passes (settled false: call again). Returns each session's status, file and worker.",
    )
    @guarded
    async def wait_batch(
        batch_id: str,
        timeout_s: Annotated[float, Field(ge=0, le=MAX_WAIT_S, description="Longest wait in seconds")] = 60.0,
    ) -> BatchToolView:
        deadline = time.monotonic() + timeout_s
        while True:
            view: BatchToolView = await in_thread(service.batch_view, batch_id)
            if view.settled or time.monotonic() >= deadline:
                return view
            await anyio.sleep(POLL_S * 4)

    return server


async def _wait(service: AssistantService, ctx: sdk.Context, timeout_s: float) -> WaitView:
    """Poll the state (cheap: a snapshot) and forward each change as a progress notification."""
    started = time.monotonic()
    last_marker: tuple[str, float] | None = None
    sent = -1.0
    while True:
        view: StatusView = await anyio.to_thread.run_sync(service.status)
        waited = round(time.monotonic() - started, 2)
        if view.status != "processing":
            return WaitView(**view.model_dump(), settled=True, waited_s=waited)
        marker = (view.message, overall_percent(view))
        if marker != last_marker:
            last_marker = marker
            # MCP asks progress values to increase; stage percentages restart, so never go back.
            value = min(100.0, max(marker[1], sent + 0.1))
            if value > sent:
                sent = value
                await ctx.report_progress(value, 100.0, view.message)
        if waited >= timeout_s:
            return WaitView(**view.model_dump(), settled=False, waited_s=waited)
        await anyio.sleep(POLL_S)
