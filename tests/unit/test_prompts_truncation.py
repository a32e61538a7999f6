"""Prompts are cut to fit the model's context: only the values shrink, the cut is marked, and the
whole prompt (system text, task, constraints, schema, examples) stays within the limit."""

from __future__ import annotations

import pytest

from agentic_neurodata.llm import PromptLibrary
from agentic_neurodata.llm.prompts import TRUNCATION_MARKER

LIMIT = 8_000
LONG = "spike " * 20_000  # 120,000 characters: far beyond the limit


@pytest.mark.parametrize("name", PromptLibrary().names())
def test_a_very_long_value_is_cut_marked_and_the_prompt_fits(name: str) -> None:
    template = PromptLibrary().get(name)
    long_key = sorted(template.placeholders())[0]
    variables = {key: f"<{key}>" for key in template.context}
    variables[long_key] = LONG
    system, user = template.render(variables, max_chars=LIMIT)
    assert len(system) + len(user) <= LIMIT
    assert TRUNCATION_MARKER in user and user.count(TRUNCATION_MARKER) == 1
    assert "spike spike" in user  # the start of the long value is kept
    # The short values and the fixed parts are untouched.
    assert all(f"<{key}>" in user for key in template.placeholders() - {long_key})
    if template.output_schema:
        assert "matching this schema" in user


def test_values_that_fit_are_not_cut() -> None:
    template = PromptLibrary().get("metadata_extraction")
    variables = {key: f"<{key}>" for key in template.context}
    _, user = template.render(variables, max_chars=LIMIT)
    assert TRUNCATION_MARKER not in user
    assert template.render(variables, max_chars=None) == template.render(variables, max_chars=LIMIT)
