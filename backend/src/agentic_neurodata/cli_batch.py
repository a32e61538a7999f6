"""`agentic-neurodata batch DIR`: every session under a parent folder, on Dask, without the web service.

Finds the sessions, takes the per-session values from --sessions (CSV or Excel) and the shared ones
from --set, runs each session headless (as `convert` does without a terminal) on an embedded Dask
cluster or the one at --scheduler, and writes one NWB file per session in DANDI's layout with a
summary. Running the same command again resumes: sessions with a valid file are not redone.
Exit codes: 0 every session has a valid file, 1 a session failed, 2 input needed or bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .batch import VALID, BatchService, BatchState, SessionStatus, read_table, summary_paths, summary_row, write_csv
from .batch.store import state_path
from .cli_convert import BadArguments, read_metadata
from .config import get_settings
from .errors import ServiceError

EXIT_PASSED, EXIT_FAILED, EXIT_INPUT = 0, 1, 2


def add_parser(commands: Any) -> None:
    batch = commands.add_parser(
        "batch",
        help="convert every session under a parent folder, on Dask",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    batch.add_argument("directory", help="the experiment's parent folder (holding the session folders)")
    batch.add_argument("--output-dir", required=True, metavar="DIR", help="where the NWB files and the summary go")
    batch.add_argument("--sessions", metavar="FILE", help="sessions table: CSV or .xlsx, a folder column + fields")
    batch.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a value all sessions share (repeatable)"
    )
    batch.add_argument("--pattern", metavar="P", help="where sessions sit, e.g. '{subject_id}/{session_id}'")
    batch.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler (default: this machine)")
    batch.add_argument("--workers", type=int, metavar="N", help="workers of the embedded cluster (default: sized)")
    batch.add_argument("--accept-warnings", action="store_true", help="accept files that pass with warnings as is")
    batch.add_argument(
        "--approve-corrections", action="store_true", help="apply the proposed automatic corrections to every session"
    )
    batch.add_argument(
        "--write-table", metavar="FILE", help="only find the sessions and write the pre-filled table (CSV) to edit"
    )
    batch.add_argument("--json", action="store_true", help="print a machine-readable summary on stdout")
    batch.set_defaults(func=run)


def _say(args: argparse.Namespace, text: str) -> None:
    if not args.json:
        print(text, file=sys.stderr, flush=True)


def _event(args: argparse.Namespace) -> Any:
    def show(event: dict[str, Any]) -> None:
        meta = event.get("metadata", {})
        if meta.get("session") and meta.get("session_status") and not args.json:
            print(f"  [{meta['session_status']}] {event['message']}", file=sys.stderr, flush=True)

    return show


def run(args: argparse.Namespace) -> int:
    settings = get_settings()
    service = BatchService(settings, address=args.scheduler, workers=args.workers)
    service.subscribe(_event(args))
    try:
        shared = read_metadata(None, args.set)
        output = Path(args.output_dir).expanduser().resolve()
        if state_path(output).is_file():
            store = service.open(output)
            if Path(store.snapshot().parent) != Path(args.directory).expanduser().resolve():
                raise BadArguments(f"{output} holds another batch ({store.snapshot().parent}); give another folder")
            _say(args, f"Resuming the batch in {output}: sessions with a valid file are kept")
            state = store.snapshot()
        else:
            _say(args, f"Looking for sessions in {args.directory} ...")
            state = service.create(args.directory, output_dir=output, pattern=args.pattern, background=False)
        if state.status.value == "failed":
            raise BadArguments(state.message)
        _say(args, state.message)
        for skipped in state.not_sessions:
            _say(args, f"  not a session: {skipped.folder} ({skipped.reason})")
        if shared:
            state = service.set_shared(state.batch_id, shared)
        state = service.set_shared(
            state.batch_id, {}, accept_warnings=args.accept_warnings, approve_corrections=args.approve_corrections
        )
        if args.sessions:
            table = Path(args.sessions)
            if not table.is_file():
                raise BadArguments(f"--sessions: no file {table}")
            state = service.set_table(state.batch_id, read_table(table.name, table.read_bytes()))
        if args.write_table:
            Path(args.write_table).write_text(write_csv(state), encoding="utf-8")
            _say(args, f"Wrote the sessions table to {args.write_table}: edit it, then run with --sessions")
            return _finish(args, state, written_table=True)
        to_run = [s for s in state.sessions if s.status not in VALID]
        _say(args, f"Converting {len(to_run)} of {len(state.sessions)} sessions (the others have a valid file) ...")
        service.start(state.batch_id, background=False)
        return _finish(args, service.get(state.batch_id).snapshot())
    except BadArguments as exc:
        return _error(args, str(exc))
    except ServiceError as exc:
        return _error(args, exc.message, exc.details)
    finally:
        service.close()


def _finish(args: argparse.Namespace, state: BatchState, written_table: bool = False) -> int:
    rows = [summary_row(s) for s in state.sessions]
    missing = {s.folder: s.outcome.missing for s in state.sessions if s.outcome and s.outcome.missing}
    if args.json:
        data = {
            "batch_id": state.batch_id,
            "status": state.status.value,
            "pattern": state.pattern,
            "scheduler": state.scheduler,
            "counts": state.counts(),
            "sessions": rows,
            "missing": missing,
            "summary": {k: str(v) for k, v in summary_paths(Path(state.output_dir)).items()},
        }
        print(json.dumps(data, indent=2))
    else:
        for row in rows:
            where = row["nwb_file"] or row["message"]
            print(f"{row['status']:<19} {row['session']}: {where}  [{row['worker'] or '-'}]", file=sys.stderr)
        if not written_table:
            print(f"Summary: {summary_paths(Path(state.output_dir))['csv']}", file=sys.stderr)
    if written_table:
        return EXIT_PASSED
    statuses = {s.status for s in state.sessions}
    if statuses & {SessionStatus.FAILED, SessionStatus.LOST}:
        return EXIT_FAILED
    return EXIT_PASSED if statuses <= VALID else EXIT_INPUT


def _error(args: argparse.Namespace, message: str, details: dict[str, Any] | None = None) -> int:
    if args.json:
        print(json.dumps({"status": "error", "message": message, "details": details or {}}))
    print(f"error: {message}", file=sys.stderr)
    return EXIT_INPUT
