"""Prompt templates: YAML files in prompts/, one per task, loaded and versioned here.

A template has: name, version, description, system (the role), task (with {placeholders}),
context (the placeholder names it needs), output_schema (optional JSON schema), constraints,
examples. Agent code never inlines prompt text; it names a template and passes variables.
"""

from __future__ import annotations

import json
import string
import threading
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

DEFAULT_PROMPTS_DIR = Path(__file__).resolve().parents[4] / "prompts"


class PromptTemplate(BaseModel):
    name: str
    version: str
    description: str = ""
    system: str
    task: str
    context: list[str] = Field(default_factory=list)
    output_schema: dict[str, Any] | None = None
    constraints: list[str] = Field(default_factory=list)
    examples: list[dict[str, Any]] = Field(default_factory=list)

    def placeholders(self) -> set[str]:
        return {field for _, field, _, _ in string.Formatter().parse(self.task) if field}

    def render(self, variables: dict[str, Any], max_chars: int | None = None) -> tuple[str, str]:
        """(system, user) text. Values are JSON-encoded when not strings; long ones are cut
        so the whole prompt fits `max_chars` (the model's context), saying that they were cut."""
        missing = self.placeholders() - set(variables)
        if missing:
            raise KeyError(f"prompt {self.name!r} needs {sorted(missing)}")
        values = {
            k: v if isinstance(v, str) else json.dumps(v, default=str, ensure_ascii=False) for k, v in variables.items()
        }
        fixed = self._fixed_parts()
        if max_chars:
            # Only the values can shrink: they share what the system text and the fixed parts leave.
            overhead = len(self.system) + sum(len(part) + len(PART_SEPARATOR) for part in fixed)
            values = _fit(values, self.task, max_chars - overhead)
        return self.system, PART_SEPARATOR.join([self.task.format(**values), *fixed])

    def _fixed_parts(self) -> list[str]:
        """Constraints, output schema and examples: the same text whatever the values."""
        parts = []
        if self.constraints:
            parts.append("Constraints:\n" + "\n".join(f"- {c}" for c in self.constraints))
        if self.output_schema:
            parts.append(
                "Answer with one JSON object matching this schema, and nothing else:\n"
                + json.dumps(self.output_schema, indent=1)
            )
        for example in self.examples:
            parts.append("Example:\n" + json.dumps(example, ensure_ascii=False, indent=1))
        return parts


PART_SEPARATOR = "\n\n"
TRUNCATION_MARKER = " …[truncated to fit the model's context]"


def _fit(values: dict[str, str], task: str, budget: int) -> dict[str, str]:
    total = len(task) + sum(len(v) for v in values.values())
    if total <= budget:
        return values
    fitted = dict(values)
    for key in sorted(fitted, key=lambda k: len(fitted[k]), reverse=True):
        excess = len(task) + sum(len(v) for v in fitted.values()) - budget
        if excess <= 0:
            break
        keep = max(200, len(fitted[key]) - excess - len(TRUNCATION_MARKER))
        fitted[key] = fitted[key][:keep] + TRUNCATION_MARKER
    return fitted


class PromptLibrary:
    def __init__(self, directory: Path = DEFAULT_PROMPTS_DIR) -> None:
        self.directory = Path(directory)
        self._cache: dict[str, PromptTemplate] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> PromptTemplate:
        with self._lock:
            if name not in self._cache:
                path = self.directory / f"{name}.yaml"
                if not path.is_file():
                    raise FileNotFoundError(f"no prompt template {name!r} in {self.directory}")
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
                self._cache[name] = PromptTemplate.model_validate({"name": name, **data})
            return self._cache[name]

    def names(self) -> list[str]:
        return sorted(p.stem for p in self.directory.glob("*.yaml"))
