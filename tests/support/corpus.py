"""Score the offline free-text reader on a corpus file (tests/unit/corpus/*.yaml).

Two numbers, kept apart: WRONG values written (a value the reader would store that the words do
not say, or a guess stored instead of asked back: must be 0) and expected items READ (values,
declines, intents and confirmations the words call for). See free_text_dev_former_scoring.yaml for the format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput

CORPUS = Path(__file__).resolve().parents[1] / "unit" / "corpus"
NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)
DECLINING = (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW)


def load(name: str) -> list[dict[str, Any]]:
    return yaml.safe_load((CORPUS / name).read_text(encoding="utf-8"))


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def expected(case: dict[str, Any]) -> tuple[set[tuple[str, Any]], set[tuple[str, ...]]]:
    """(field=value pairs, other expected items: declines, intents, confirmations, refusals)."""
    values = {(name, _frozen(value)) for name, value in (case.get("values") or {}).items()}
    other: set[tuple[str, ...]] = {("decline", name) for name in case.get("declines") or []}
    if case.get("skip_all"):
        other.add(("intent", "skip_all"))
    if case.get("intent"):
        other.add(("intent", case["intent"]))
    confirm = case.get("confirm") or {}
    for name in confirm:
        other.add(("confirm", name) if isinstance(confirm, list) else ("confirm", name, str(confirm[name])))
    other |= {("refused", name) for name in case.get("refused") or []}
    return values, other


def observed(parsed: ParsedInput, case: dict[str, Any]) -> tuple[set[tuple[str, Any]], set[tuple[str, ...]]]:
    values = {(name, _frozen(value)) for name, value in parsed.values.items()}
    other: set[tuple[str, ...]] = set()
    for intent in parsed.intents:
        if intent.kind in DECLINING:
            other |= {("decline", name) for name in intent.fields}
        else:
            other.add(("intent", intent.kind.value))
    confirm = case.get("confirm") or {}
    for asked_back in parsed.confirmations:
        if isinstance(confirm, dict) and asked_back.field in confirm:
            other.add(("confirm", asked_back.field, str(asked_back.proposals[0].value)))
        else:
            other.add(("confirm", asked_back.field))
    other |= {("refused", r.field) for r in parsed.rejections}
    return values, other


@dataclass
class Score:
    messages: int = 0
    expected_values: int = 0
    values_read: int = 0
    expected_other: int = 0
    other_read: int = 0
    wrong: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return (self.values_read + self.other_read) / max(self.expected_values + self.expected_other, 1)

    @property
    def value_recall(self) -> float:
        return self.values_read / max(self.expected_values, 1)

    def summary(self, name: str) -> str:
        return (
            f"{name}: {self.messages} messages; wrong values written: {len(self.wrong)}; expected values read: "
            f"{self.values_read}/{self.expected_values} ({self.value_recall:.1%}); declines, intents and "
            f"confirmations read: {self.other_read}/{self.expected_other}; all expected items read: {self.recall:.1%}"
        )


def score(cases: list[dict[str, Any]]) -> Score:
    result = Score()
    for case in cases:
        parsed = parse_free_text(case["say"], case.get("asked") or [], now=NOW)
        want_values, want_other = expected(case)
        got_values, got_other = observed(parsed, case)
        result.messages += 1
        result.expected_values += len(want_values)
        result.values_read += len(got_values & want_values)
        result.expected_other += len(want_other)
        result.other_read += len(got_other & want_other)
        refusals_expected = {item for item in want_other if item[0] == "refused"}
        for wrong in sorted(got_values - want_values, key=str):
            result.wrong.append(f"{case['say']!r}: wrote {wrong[0]}={wrong[1]!r}")
        missing = sorted((want_values - got_values) | (want_other - got_other), key=str)
        extra_refusals = {item for item in got_other - want_other if item[0] == "refused"} - refusals_expected
        if missing:
            result.missed.append(
                f"{case['say']!r}: missed {missing}" + (f", refused {sorted(extra_refusals)}" if extra_refusals else "")
            )
    return result
