"""Driving the assistant MCP server with the SDK's own client, as an assistant does."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

# Every tool the server must offer (the list).
TOOL_NAMES = {
    "detect_format",
    "start_conversion",
    "get_status",
    "wait",
    "answer",
    "approve",
    "decline",
    "accept_as_is",
    "cancel",
    "get_results",
    "set_stream_included",
}
WAIT_S = 300.0
HANG_GUARD_S = 600.0
MAX_ROUNDS = 6

Progress = list[tuple[float, float | None, str | None]]


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run an async scenario; a hang fails the test instead of blocking the run."""

    async def guarded() -> None:
        with anyio.fail_after(HANG_GUARD_S):
            await scenario()

    anyio.run(guarded)


def server_command() -> StdioServerParameters:
    """`agentic-neurodata mcp` as an assistant's configuration starts it (the installed console script)."""
    script = Path(sys.executable).parent / "agentic-neurodata"
    env = {"LLM_PROVIDER": "offline", "ANTHROPIC_API_KEY": "", "API_TOKEN": ""}
    if "PYTHONPATH" in os.environ:  # the server imports the same code as the test (a worktree sharing a .venv)
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return StdioServerParameters(command=str(script), args=["mcp"], env=env)


@asynccontextmanager
async def stdio_connection(workdir: Path, mode: str = "auto") -> AsyncIterator[Client]:
    """The server as a subprocess over stdio; its stderr is kept in workdir/mcp-server.log."""
    workdir.mkdir(parents=True, exist_ok=True)
    params = server_command()
    params.args += ["--workdir", str(workdir)]
    with open(workdir / "mcp-server.log", "w", encoding="utf-8") as log:
        async with Client(stdio_client(params, errlog=log), mode=mode, read_timeout_seconds=WAIT_S) as client:
            yield client


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool call that must succeed; returns its structured result."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, f"{tool} failed: {result.content}"
    assert result.structured_content is not None
    return result.structured_content


async def call_error(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool call that must fail with our error body (error_code, message, error_id), also as text."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error, f"{tool} should have failed: {result.structured_content}"
    body = result.structured_content
    assert body is not None and body["error_id"].startswith("E-") and body["message"] and body["error_code"]
    assert json.loads(result.content[0].text) == body
    return body


async def wait(client: Client, progress: Progress | None = None, timeout_s: float = WAIT_S) -> dict[str, Any]:
    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        if progress is not None:
            progress.append((value, total, message))

    result = await client.call_tool("wait", {"timeout_s": timeout_s}, progress_callback=on_progress)
    assert not result.is_error, result.content
    return result.structured_content


async def wait_settled(client: Client, progress: Progress | None = None) -> dict[str, Any]:
    status = await wait(client, progress)
    assert status["settled"] and status["status"] != "processing", status
    return status


async def skip_questions(client: Client, status: dict[str, Any]) -> dict[str, Any]:
    """Decline every metadata question (the conversion then goes ahead); other requests are returned."""
    for _ in range(MAX_ROUNDS):
        pending = status["pending_request"]
        if status["status"] != "awaiting_user_input" or pending["type"] not in ("metadata", "user_input"):
            return status
        if pending.get("purpose") == "confirm_summary":  # what goes into the file, shown once: confirmed
            await call(client, "answer", message="confirm")
            status = await wait_settled(client)
            continue
        names = [field["name"] for field in pending["fields"]]
        assert names, f"a {pending['type']} request with no fields: {pending}"
        if names == ["session_start_time"]:  # the start time's zone is never skipped: give it
            await call(client, "answer", message="EST")
        else:
            await call(client, "answer", skip=names)
        status = await wait_settled(client)
    raise AssertionError(f"still asked after {MAX_ROUNDS} rounds: {status['pending_request']}")
