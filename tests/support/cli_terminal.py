"""Run `agentic-neurodata convert` as a lab would: from a script without a terminal, or on a
pseudo-terminal answering its questions as a person at a terminal would."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

# A field question ("species (required) [Mus musculus] (Enter to skip): ") or a numbered choice.
PROMPT = re.compile(r"(\S+)(?: \(required\))? \[[^\]]*\] \(Enter to skip\): $|Choose 1-\d+: $")

# The reply to one prompt: (field name, or None for a choice; the text shown so far) -> what to type.
Replier = Callable[[str | None, str], str]


def cli_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The offline provider, and logs and outputs inside the test's folder."""
    return {
        **os.environ,
        "LLM_PROVIDER": "offline",
        "ANTHROPIC_API_KEY": "",
        "LOG_DIR": str(tmp_path / "logs"),
        "OUTPUT_DIR": str(tmp_path / "outputs"),
        **extra,
    }


def run_cli(tmp_path: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`convert ARGS` with no terminal: stdin closed, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "agentic_neurodata.cli", "convert", *args],
        cwd=tmp_path,
        env=cli_env(tmp_path),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def converse(tmp_path: Path, args: list[str], reply: Replier, timeout: float = 300) -> tuple[int, str]:
    """Run `convert` on a pseudo-terminal, answering each prompt with `reply`; returns (exit code, transcript)."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "agentic_neurodata.cli", "convert", *args],
        cwd=tmp_path,
        env=cli_env(tmp_path, COLUMNS="160"),
        stdin=child,
        stdout=child,
        stderr=child,
        close_fds=True,
    )
    os.close(child)
    seen, handled = "", 0
    deadline = time.monotonic() + timeout
    try:
        while process.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if not ready:
                continue
            try:
                seen += os.read(main, 4096).decode(errors="replace")
            except OSError:
                break
            asked = PROMPT.search(seen, handled)
            if asked is None:
                continue
            context, handled = seen[handled : asked.end()], asked.end()
            os.write(main, (reply(asked.group(1), context) + "\n").encode())
        process.wait(timeout=30)
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, seen
