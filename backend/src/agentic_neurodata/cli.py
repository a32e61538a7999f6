"""Command line: `agentic-neurodata serve | convert DIR | batch DIR | debug-bundle | sample-data DIR | mcp`."""

from __future__ import annotations

import argparse
import atexit
import ipaddress
import os
import secrets
import sys
from pathlib import Path

EXIT_REFUSED = 2


def is_loopback(host: str) -> bool:
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def exposure_refusal(host: str) -> str:
    """Why the service will not listen on `host` without API_TOKEN (chosen over generating a token:
    lab scripts need a token that stays the same across restarts)."""
    example = secrets.token_urlsafe(24)
    return (
        f"Refusing to listen on {host} without API_TOKEN: everyone who can reach this machine could start, "
        "read and delete conversions. Set API_TOKEN in .env or the environment, for example\n"
        f"  API_TOKEN={example} agentic-neurodata serve --host {host}\n"
        "and send the same token from scripts (Authorization: Bearer <token>); the web app asks for it once. "
        "Or keep HOST=127.0.0.1 to serve this machine only."
    )


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .api.app import create_app
    from .config import get_settings

    settings = get_settings()
    host = args.host or settings.host
    port = args.port or settings.port
    if settings.api_token is None and not is_loopback(host):
        print(exposure_refusal(host), file=sys.stderr, flush=True)
        return EXIT_REFUSED
    # The app checks the Host of requests against the address it really listens on.
    settings = settings.model_copy(update={"host": host, "port": port})
    print(f"Agentic Neurodata Conversion at http://{host}:{port}  (API docs: http://{host}:{port}/docs)", flush=True)
    from .logs import uvicorn_log_config

    # The config hides ?token= values (links, /ws) in the access log.
    uvicorn.run(create_app(settings), host=host, port=port, log_level=args.log_level, log_config=uvicorn_log_config())
    return 0


def _debug_bundle(args: argparse.Namespace) -> int:
    from .config import get_settings
    from .debug_bundle import build_bundle, bundle_name, default_session
    from .errors import ServiceError
    from .logs import Redactor
    from .sessions import SessionCatalog

    settings = get_settings()
    catalog = SessionCatalog(settings)  # from disk: works with the service stopped, or for a CLI run
    try:
        session_id = args.session or default_session(catalog)
        data = build_bundle(settings, catalog, session_id, Redactor.for_settings(settings))
    except ServiceError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return EXIT_REFUSED
    target = Path(args.output or bundle_name(session_id))
    target.write_bytes(data)
    print(
        f"Wrote {target} ({len(data) / 1024:.0f} KiB): the logs, state and NWB Inspector output of session "
        f"{session_id}, secrets redacted, no recording or NWB data. Attach it to your bug report."
    )
    return 0


def _sample_data(args: argparse.Namespace) -> int:
    from .sample_data import SampleSpec, write_sample_spikeglx

    run = write_sample_spikeglx(Path(args.directory), SampleSpec(n_channels=args.channels, duration_s=args.seconds))
    size = sum(p.stat().st_size for p in run.rglob("*") if p.is_file())
    print(f"Wrote SpikeGLX sample run {run} ({size / 1e6:.1f} MB, {args.channels} channels, {args.seconds:g} s)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agentic-neurodata", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the web service")
    serve.add_argument("--host", help="interface to bind (default HOST, 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default PORT, 8000)")
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    serve.set_defaults(func=_serve)

    from .cli_convert import add_parser as add_convert

    add_convert(commands)

    from .cli_batch import add_parser as add_batch

    add_batch(commands)

    from .mcp_stdio.command import add_parser as add_mcp

    add_mcp(commands)

    bundle = commands.add_parser(
        "debug-bundle", help="write a zip of a session's logs and state for a bug report (no recording data)"
    )
    bundle.add_argument("--session", metavar="ID", help="the session (default: the current or newest one)")
    bundle.add_argument("--output", "-o", metavar="FILE", help="where to write it (default debug-bundle-<ID>.zip)")
    bundle.set_defaults(func=_debug_bundle)

    sample = commands.add_parser("sample-data", help="write a small SpikeGLX recording for trying the service")
    sample.add_argument("directory", help="where to write it")
    sample.add_argument("--channels", type=int, default=32, choices=range(1, 385), metavar="N")
    sample.add_argument("--seconds", type=float, default=3.0)
    sample.set_defaults(func=_sample_data)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


def entry() -> None:
    """The `agentic-neurodata` command. After a conversion it leaves without the interpreter tearing
    down its thousands of modules (NeuroConv, PyNWB, SpikeInterface: 0.4 s of a 462 MB run's 7.6 s):
    the exit handlers (logging, worker processes) run, the output is flushed, and the process ends."""
    if sys.argv[1:2] == ["convert"]:
        from . import isolation

        # The worker processes' libraries (NeuroConv, PyNWB, ...: about 2 s) load on the other core
        # while this process imports its own and reads the folder; the first conversion waits for them.
        isolation.warm_up_in_background()
    args = build_parser().parse_args()
    code = args.func(args)
    if getattr(args, "leave_without_teardown", False):
        atexit._run_exitfuncs()  # CPython's own exit handlers, in the order a normal exit runs them
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    entry()
