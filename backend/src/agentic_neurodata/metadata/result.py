"""What every metadata rule returns: the normalised value and what was done, or why not, or the
readings to ask back when the words do not say one value exactly."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from ..domain import ValueProposal


class RuleResult(BaseModel):
    """`ok` with a `value` ready to store, or a rejection (`error` + `example`) storing nothing.

    `extra` holds further fields the same answer settles (e.g. `strain` from "C57BL/6 mouse");
    `partial` keeps what was understood of a rejected answer (a date still waiting for its
    time zone) so the next answer can complete it. A rejection with `proposals` is a guess to
    confirm ("monkey" -> "Did you mean rhesus macaque (Macaca mulatta)?"): its `error` is the
    question, and nothing is stored until the person picks one."""

    field: str
    ok: bool
    value: Any = None
    note: str = ""
    error: str = ""
    example: str = ""
    extra: dict[str, Any] = Field(default_factory=dict)
    partial: str | None = None
    proposals: list[ValueProposal] = Field(default_factory=list)

    @property
    def needs_confirmation(self) -> bool:
        return not self.ok and bool(self.proposals)

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


def ask_back(field: str, question: str, proposals: list[ValueProposal], example: str = "") -> RuleResult:
    """Words that may mean one of `proposals` (first = likeliest): asked back, never stored."""
    return RuleResult(field=field, ok=False, error=question, proposals=proposals, example=example)


def clean(text: Any) -> str:
    """Trim whitespace, surrounding quotes and trailing full stops people type."""
    value = " ".join(str(text).split()).strip().strip("\"'`").strip()
    if _ENDS_WITH_INITIAL.search(value):  # "Nicholas A." keeps the full stop of its initial
        return value
    return value.rstrip(".").strip()


_ENDS_WITH_INITIAL = re.compile(r"(?:^|[\s,])[A-Z]\.$")
