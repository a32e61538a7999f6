"""The offline free-text reader on its DEVELOPMENT corpus (corpus/free_text_dev*.yaml).

These are the messages the reader is tuned and debugged on, so their figures say little about
messages it was not built around; that is test_free_text_scoring.py's job. The set the first
reader called "held-out" had been used to fix bugs: it is part of this development corpus now.
Each message is its own test (nothing wrong may be written); the totals are printed."""

from __future__ import annotations

import time
from typing import Any

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from tests.support.corpus import NOW, load, score

# The messages the reader was built on, and the first nineteen scoring files, which became development data
# when the bugs they showed (8, 5, 3, 3, 13, 21, 43, 54, 25, 23, 24, 13, 39, 32, 46, 35, 18, 24, then 16
# wrong values on their one scoring run) were fixed.
DEVELOPMENT = [
    case
    for name in (
        "free_text_dev.yaml",
        "free_text_dev_former_scoring.yaml",
        "free_text_dev_former_scoring_2.yaml",
        "free_text_dev_former_scoring_3.yaml",
        "free_text_dev_former_scoring_4.yaml",
        "free_text_dev_former_scoring_5.yaml",
        "free_text_dev_former_scoring_6.yaml",
        "free_text_dev_former_scoring_7.yaml",
        "free_text_dev_former_scoring_8.yaml",
        "free_text_dev_former_scoring_9.yaml",
        "free_text_dev_former_scoring_10.yaml",
        "free_text_dev_former_scoring_11.yaml",
        "free_text_dev_former_scoring_12.yaml",
        "free_text_dev_former_scoring_13.yaml",
        "free_text_dev_former_scoring_14.yaml",
        "free_text_dev_former_scoring_15.yaml",
        "free_text_dev_former_scoring_16.yaml",
        "free_text_dev_former_scoring_17.yaml",
        "free_text_dev_former_scoring_18.yaml",
        "free_text_dev_former_scoring_19.yaml",
    )
    for case in load(name)
]


def test_development_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    result = score(DEVELOPMENT)
    with capsys.disabled():
        print("\n" + result.summary("Development corpus"))
        for line in result.wrong + result.missed:
            print("  ", line)
    assert not result.wrong
    # A floor under the measured figure (all items 93.4% with files 1-19, after round twenty): a change
    # that stops reading what was read fails here. Each former scoring file enters at its fresh-file recall
    # (84.3% for the nineteenth), so the floor moves down with the files, never below what is read now.
    assert result.recall >= 0.933


@pytest.mark.parametrize("case", DEVELOPMENT, ids=[c["say"][:40] for c in DEVELOPMENT])
def test_each_development_message_writes_nothing_wrong(case: dict[str, Any]) -> None:
    result = score([case])
    assert not result.wrong, result.wrong


@pytest.mark.parametrize(
    "text",
    [
        "1" * 10_000,
        "A-" * 5_000,
        "A" * 10_000,
        "P1" * 5_000,
        "Jane Smith, " * 800,
        "by Smith, Jane and " * 500,
        "Location: " * 1_000,
        "'key': 'value', " * 700,
        "10:00-" * 1_700,
    ],
)
def test_long_messages_do_not_hang(text: str) -> None:
    # A generous ceiling, not a timing: it catches patterns that go quadratic (one took 16 s here).
    started = time.monotonic()
    parse_free_text(text[:10_000], now=NOW)
    assert time.monotonic() - started < 20
