"""`agentic-neurodata mcp [--workdir DIR]`: serve the agents to an AI assistant over stdio.

Where its files go: the same settings as `serve` (config.py: .env and environment), but the
session state lives in STATE_DIR/mcp and outputs default to OUTPUT_DIR/mcp/<session>. A web
server started from the same folder keeps STATE_DIR/state.json to itself, so the two never
overwrite each other's session; and the start-up clean-up of unfinished outputs (every
`.*.partial.nwb` under the runtime's OUTPUT_DIR) cannot delete a file the web server is writing.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..config import Settings

SUBFOLDER = "mcp"


def add_parser(commands: Any) -> None:
    mcp = commands.add_parser("mcp", help="serve the agents to an AI assistant over stdio (Model Context Protocol)")
    mcp.add_argument(
        "--workdir",
        metavar="DIR",
        help="folder whose .env and relative paths (./outputs, ./state, ./logs) apply; "
        "default: the current folder (assistants often start servers elsewhere)",
    )
    mcp.set_defaults(func=run)


def assistant_settings(settings: Settings) -> Settings:
    """The service's settings with this server's own state and output sub-folders (see module doc)."""
    return settings.model_copy(
        update={"state_dir": settings.state_dir / SUBFOLDER, "output_dir": settings.output_dir / SUBFOLDER}
    )


def run(args: argparse.Namespace) -> int:
    if args.workdir:
        workdir = Path(args.workdir).expanduser()
        if not workdir.is_dir():
            print(f"error: --workdir {workdir} is not a folder", file=sys.stderr)
            return 2
        os.chdir(workdir)

    from ..config import get_settings
    from ..runtime import build_runtime
    from .service import AssistantService
    from .tools import build_assistant_server

    settings = assistant_settings(get_settings())
    runtime = build_runtime(settings, in_background=True)
    # stdout carries the protocol: everything said to people goes to stderr.
    print(
        f"agentic-neurodata MCP server on stdio (state {settings.state_dir.resolve()}, "
        f"outputs {settings.output_dir.resolve()})",
        file=sys.stderr,
        flush=True,
    )
    try:
        build_assistant_server(AssistantService(runtime)).run("stdio")
    finally:
        runtime.close()
    return 0
