"""`agentic-neurodata convert DIR`: the same agents, in-process, no server.

On a terminal it asks the agents' questions and shows progress bars. Without one it never
waits: it exits 2 and lists exactly what is missing. Exit codes: 0 passed (or passed with
accepted warnings), 1 failed, 2 input needed or bad input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .config import get_settings
from .contracts import conversation
from .domain import PendingRequest, PendingRequestType, verdict_words
from .errors import ServiceError
from .headless import accepts_as_is, is_choice
from .state import GlobalState, WorkflowStatus

if TYPE_CHECKING:
    from .runtime import Runtime

EXIT_PASSED, EXIT_FAILED, EXIT_INPUT = 0, 1, 2
BAD_INPUT_CODES = {"bad_input", "format_not_detected", "payload_too_large"}
EXIT_CODES_HELP = """exit codes:
  0  the file passed validation (or passed with warnings you accepted)
  1  the file failed validation: you declined the correction, or it could not be fixed
  2  input needed (run on a terminal to be asked, or give it with the options above) or bad input"""


class BadArguments(Exception):
    pass


def add_parser(commands: Any) -> None:
    convert = commands.add_parser(
        "convert",
        help="convert a folder here, without the web service",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    convert.add_argument("directory", help="the recording folder")
    convert.add_argument("--metadata", metavar="FILE", help="metadata as YAML or JSON (flat: subject_id, species, …)")
    convert.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="one metadata value (repeatable)"
    )
    convert.add_argument("--format", metavar="NAME", help="NeuroConv interface or converter to use, skipping detection")
    convert.add_argument(
        "--output-dir", metavar="DIR", help="where the NWB versions and reports go (default OUTPUT_DIR)"
    )
    convert.add_argument("--accept-warnings", action="store_true", help="accept a file that passes with warnings as is")
    convert.add_argument("--json", action="store_true", help="print a machine-readable summary on stdout")
    convert.set_defaults(func=run, leave_without_teardown=True)


def read_metadata(path: str | None, pairs: list[str]) -> dict[str, Any]:
    metadata: dict[str, Any] = {}
    if path:
        file = Path(path)
        if not file.is_file():
            raise BadArguments(f"--metadata: no file {file}. Give a YAML or JSON file, e.g. metadata.yaml")
        text = file.read_text(encoding="utf-8")
        try:
            loaded = json.loads(text) if file.suffix.lower() == ".json" else yaml.safe_load(text)
        except (json.JSONDecodeError, yaml.YAMLError) as exc:
            raise BadArguments(
                f"--metadata: {file} is not valid {file.suffix.lstrip('.').upper() or 'YAML'}: {exc}"
            ) from exc
        if not isinstance(loaded, dict):
            raise BadArguments(f"--metadata: {file} must hold a mapping, e.g. 'subject_id: m042'")
        metadata.update(loaded)
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadArguments(f"--set {pair!r}: write KEY=VALUE, e.g. --set species='Mus musculus'")
        metadata[key.strip()] = value.strip()
    return metadata


def run(args: argparse.Namespace) -> int:
    out = Reporter(json_mode=args.json)
    folder = Path(args.directory)
    try:
        if not folder.is_dir():
            raise BadArguments(f"{folder} is not a folder. Give the recording folder, e.g. sample_data/sample_run_g0")
        metadata = read_metadata(args.metadata, args.set)
    except BadArguments as exc:
        out.error(str(exc))
        return EXIT_INPUT

    from . import isolation

    # Already started by the command itself (cli.entry); here for callers of run().
    isolation.warm_up_in_background()
    from .runtime import build_runtime

    # A command-line run is not resumable: its state lives in a temporary folder, apart from a server's.
    settings = get_settings().model_copy(update={"state_dir": Path(tempfile.mkdtemp(prefix="agentic-neurodata-cli-"))})
    runtime = build_runtime(settings, in_background=False)
    runtime.store.subscribe(out.event)
    interactive = sys.stdin.isatty() and not args.json
    try:
        runtime.start_local(
            folder,
            metadata,
            forced_format=args.format,
            output_dir=Path(args.output_dir) if args.output_dir else None,
            accept_warnings=args.accept_warnings,
        )
        while (state := runtime.store.snapshot()).status == WorkflowStatus.AWAITING_USER_INPUT:
            request = state.pending_request
            assert request is not None
            if args.accept_warnings and accepts_as_is(request, state):
                runtime.call(conversation.HANDLE_CORRECTION, approved=False, accept_as_is=True)
            elif interactive:
                out.close()  # a live progress display would redraw over the question
                ask(runtime, request, out.say)
            else:
                out.missing(request, state)
                out.summary(state)
                return EXIT_INPUT
    except ServiceError as exc:
        out.error(f"{exc.message} (error id {exc.error_id})")
        return EXIT_INPUT if exc.status_code in (409, 422) else EXIT_FAILED
    finally:
        out.close()
    final = runtime.store.snapshot()
    out.summary(final)
    if final.status == WorkflowStatus.COMPLETED:
        return EXIT_PASSED
    # A session that ended on what was given (unknown format, unreadable answer) is bad input, not a bad file.
    return EXIT_INPUT if final.failure and final.failure.error_code in BAD_INPUT_CODES else EXIT_FAILED


def _print(text: str, key: str | None = None, within: bool = False) -> None:
    print(text, file=sys.stderr)


def ask(runtime: Runtime, request: PendingRequest, say: Callable[..., None] = _print) -> None:
    """Ask a pending request on the terminal and send the answer to the conversation agent."""
    say(f"\n{request.message}")
    if request.type in (PendingRequestType.RETRY_APPROVAL, PendingRequestType.IMPROVEMENT_APPROVAL):
        choice = choose(request)
        approved = choice in ("approve", "improve")
        accept = choice in ("accept", "accept_as_is")
        runtime.call(conversation.HANDLE_CORRECTION, approved=approved, accept_as_is=accept)
        return
    if request.type == PendingRequestType.FORMAT_SELECTION:
        runtime.call(conversation.HANDLE_USER_INPUT, fields={"format": choose(request)})
        return
    if is_choice(request):
        # Answered with the option's value as the message, as the web app does; an empty
        # fields loop here would send an empty answer that the agent refuses.
        reply = runtime.call(conversation.HANDLE_USER_INPUT, message=choose(request))
        if reply.next_action == request.type.value:  # not understood: it asks again
            print(f"  ! {reply.reply}", file=sys.stderr)
        return
    answers, skipped = {}, []
    for field in request.fields:
        hint = "; ".join(
            part for part in (field.why or field.description, f"e.g. {field.example}" if field.example else "") if part
        )
        mark = " (required)" if field.required else ""
        value = input(f"  {field.name}{mark} [{hint}] (Enter to skip): ").strip()
        if value:
            answers[field.name] = value
        else:
            skipped.append(field.name)
    reply = runtime.call(conversation.HANDLE_USER_INPUT, fields=answers or None, skip=skipped or None)
    for name, reason in reply.rejected.items():
        say(f"  ! {name}: {reason}", reason, within=True)  # left out when the agent's reply said it already


def choose(request: PendingRequest) -> str:
    for number, option in enumerate(request.options, start=1):
        extra = f" - {option.description}" if option.description else ""
        print(f"  {number}. {option.label}{extra}", file=sys.stderr)
    while True:
        raw = input(f"Choose 1-{len(request.options)}: ").strip()
        if raw.isdigit() and 1 <= int(raw) <= len(request.options):
            return request.options[int(raw) - 1].value
        print("  Please type one of the numbers above.", file=sys.stderr)


class Reporter:
    """Progress bars on a terminal, plain lines otherwise; the summary as text or JSON.

    Each thing is said once: the agents' events repeat what they say (a question is an event, a
    chat turn and the prompt; an ending is a chat turn and a status), so the user's own words, the
    questions (asked by `ask` or listed by `missing`) and any text already shown are left out."""

    def __init__(self, json_mode: bool) -> None:
        self.json_mode = json_mode
        self._bars: Any = None
        self._tasks: dict[str, Any] = {}
        self._terminal = not json_mode and sys.stderr.isatty()
        self._said: set[str] = set()

    def say(self, text: str, key: str | None = None, within: bool = False) -> None:
        """Print `text` unless it (or what `key` names) was said already in this run; `within`: also when
        it was said inside something longer (a refused value's reason inside the agent's reply)."""
        key = (key or text).strip()
        said = any(key in earlier for earlier in self._said) if within else key in self._said
        if key and not said:
            self._said.add(key)
            print(text, file=sys.stderr)

    def _live_bars(self) -> Any:
        """The progress display, started on demand (it is stopped while a question is asked)."""
        if self._bars is None:
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

            self._bars = Progress(
                TextColumn("{task.description:<18}"),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[note]}"),
                transient=False,
            )
            self._tasks = {}
            self._bars.start()
        return self._bars

    def event(self, event: dict[str, Any]) -> None:
        stage = event.get("stage")
        metadata = event.get("metadata") or {}
        if self._terminal and stage and event["type"] in ("progress", "stage_update"):
            bars = self._live_bars()
            if stage not in self._tasks:
                self._tasks[stage] = bars.add_task(stage.replace("_", " "), total=100, note="")
            percent = metadata.get("percent")
            if metadata.get("stage_status") == "completed":
                percent = 100.0  # a finished stage ends its bar, whatever its last progress said
            bars.update(
                self._tasks[stage], completed=percent if percent is not None else None, note=event["message"][:60]
            )
            return
        if self.json_mode or event["type"] in ("progress", "awaiting_input") or metadata.get("role") == "user":
            return
        message = event["message"]
        # The assistant's own words read as they are; other events say what kind they are.
        self.say(message if metadata.get("role") == "assistant" else f"[{event['type']}] {message}", key=message)

    def missing(self, request: PendingRequest, state: GlobalState) -> None:
        if not self.json_mode:
            lines = missing_lines(request, state)
            if request.message.strip() in self._said:  # the question itself was just shown
                lines[0] = "Input needed (the question above):"
            print("\n".join(lines), file=sys.stderr)

    def summary(self, state: GlobalState) -> None:
        self.close()
        latest = state.latest_version
        data = {
            "status": state.status.value,
            "validation_status": state.validation_status.value if state.validation_status else None,
            "overall_status": state.overall_status.value if state.overall_status else None,
            "counts": state.validation_result.counts.model_dump() if state.validation_result else None,
            "nwb_file": latest.path if latest else None,
            "sha256": latest.sha256 if latest else None,
            "versions": [v.model_dump(mode="json") for v in state.versions],
            "report": state.report_path,
            "pending_request": state.pending_request.model_dump(mode="json") if state.pending_request else None,
            "failure": state.failure.model_dump() if state.failure else None,
            "verdict": verdict_words(state.overall_status, state.validation_result.counts)
            if state.overall_status and state.validation_result
            else None,
            "ending": state.ending.model_dump(mode="json") if state.ending else None,
        }
        if self.json_mode:
            print(json.dumps(data, indent=2))
            return
        overall = data["overall_status"] or state.status.value
        print(f"\nResult: {overall} ({data['validation_status'] or state.status.value})", file=sys.stderr)
        if state.ending is not None:  # said by the agent already, unless the run ended without it
            if not any(state.ending.headline in said for said in self._said):
                print(f"Outcome:  {state.ending.headline}", file=sys.stderr)
        elif data["verdict"]:
            print(f"Verdict:  {data['verdict']}", file=sys.stderr)
        if latest:
            print(f"NWB file: {latest.path}\nSHA-256:  {latest.sha256}", file=sys.stderr)
        if state.report_path:
            print(f"Report:   {state.report_path}", file=sys.stderr)
        if state.failure:
            print(f"Problem:  {state.failure.message}", file=sys.stderr)

    def error(self, message: str) -> None:
        self.close()
        if self.json_mode:
            print(json.dumps({"status": "error", "message": message}))
        print(f"error: {message}", file=sys.stderr)

    def close(self) -> None:
        if self._bars is not None:
            self._bars.stop()
            self._bars = None


def missing_lines(request: PendingRequest, state: GlobalState) -> list[str]:
    """What a run without a terminal stops on, and how to give it on the command line."""
    lines = [f"Input needed: {request.message}"]
    lines += [
        f"  - {f.name}{' (required)' if f.required else ''}: {f.why or f.description}"
        + (f" (e.g. {f.example})" if f.example else "")
        for f in request.fields
    ]
    if request.type == PendingRequestType.FORMAT_SELECTION:
        # Option values are choice ids: the interface name, made unique with #stream, @folder or ~n;
        # --format takes the interface name.
        names = [re.split(r"[#@~]", o.value)[0] for o in request.options]
        lines += [
            f"  - {name}: {o.label}" + (f" ({o.description})" if o.description else "")
            for name, o in zip(names, request.options, strict=False)
        ]
        lines.append(
            f"Choose the format with --format NAME (one of: {', '.join(dict.fromkeys(names))}), "
            "or run on a terminal to be asked."
        )
        return lines
    lines += [
        f"  - option '{o.value}': {o.label}" + (f" ({o.description})" if o.description else "") for o in request.options
    ]
    if request.type == PendingRequestType.RETRY_APPROVAL:
        lines.append(
            "The file failed validation: approving or declining the proposed correction needs a "
            "decision on a terminal. Or give the missing values with --set KEY=VALUE or --metadata FILE "
            "and run again."
        )
    elif is_choice(request):
        accept = ", or --accept-warnings to accept the file as is" if accepts_as_is(request, state) else ""
        lines.append(f"Choose on a terminal{accept}.")
    else:
        accept = ", or --accept-warnings" if accepts_as_is(request, state) else ""
        lines.append(f"Give values with --set KEY=VALUE or --metadata FILE{accept}, or run on a terminal to be asked.")
    return lines
