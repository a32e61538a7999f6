"""What every metadata rule returns: the normalised value and what was done, or why not."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class RuleResult(BaseModel):
    """`ok` with a `value` ready to store, or a rejection (`error` + `example`) storing nothing.

    `extra` holds further fields the same answer settles (e.g. `strain` from "C57BL/6 mouse");
    `partial` keeps what was understood of a rejected answer (a date still waiting for its
    time zone) so the next answer can complete it."""

    field: str
    ok: bool
    value: Any = None
    note: str = ""
    error: str = ""
    example: str = ""
    extra: dict[str, Any] = Field(default_factory=dict)
    partial: str | None = None

    @property
    def message(self) -> str:
        """One line for the user: the note, or the rejection with its example."""
        if self.ok:
            return self.note
        return f"{self.error} Example: {self.example}" if self.example else self.error


def accept(field: str, value: Any, note: str = "", **extra: Any) -> RuleResult:
    return RuleResult(field=field, ok=True, value=value, note=note, extra=extra)


def reject(field: str, error: str, example: str = "", partial: str | None = None) -> RuleResult:
    return RuleResult(field=field, ok=False, error=error, example=example, partial=partial)


def clean(text: Any) -> str:
    """Trim whitespace, surrounding quotes and trailing full stops people type."""
    value = " ".join(str(text).split())
    return value.strip().strip("\"'`").strip().rstrip(".").strip()
