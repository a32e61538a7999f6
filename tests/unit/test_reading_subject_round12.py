"""General rules of the offline reader (issue 14, twelfth round) for the subject and the session's
time and place: ids, species, strain, genotype, age, weight, brain area. Each rule covers a family
of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- a weight keeps the digits it was given: "21.0 g" is not "21 g"


@pytest.mark.parametrize(
    ("text", "asked", "weight"),
    [
        ("rat KW-3 | M | 310.0 g | CA1", [], "310.0 g"),
        ("mouse KW-4, female, 19.50 g on the day", [], "19.50 g"),
        ("0.40 kg", ["weight"], "0.40 kg"),
        ("mouse KW-5, 24 grams", [], "24 g"),
        ("weight: 22.3g", [], "22.3 g"),
    ],
)
def test_a_weight_keeps_the_digits_given(text: str, asked: list[str], weight: str) -> None:
    assert read(text, *asked).values.get("weight") == weight
