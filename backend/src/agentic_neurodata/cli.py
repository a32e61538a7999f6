"""Command line: `agentic-neurodata serve | convert DIR | batch DIR | sample-data DIR | mcp`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .api.app import create_app
    from .config import get_settings

    settings = get_settings()
    host = args.host or settings.host
    port = args.port or settings.port
    print(f"Agentic Neurodata Conversion at http://{host}:{port}  (API docs: http://{host}:{port}/docs)", flush=True)
    from .logs import uvicorn_log_config

    # The config hides ?token= values (links, /ws) in the access log.
    uvicorn.run(create_app(settings), host=host, port=port, log_level=args.log_level, log_config=uvicorn_log_config())
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

    sample = commands.add_parser("sample-data", help="write a small SpikeGLX recording for trying the service")
    sample.add_argument("directory", help="where to write it")
    sample.add_argument("--channels", type=int, default=32, choices=range(1, 385), metavar="N")
    sample.add_argument("--seconds", type=float, default=3.0)
    sample.set_defaults(func=_sample_data)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
