"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_5.yaml (fifth edition) was written before the fixes the fourth scoring
file called for and before any run on it, from the kinds of messages labs send and from real
DANDI metadata forms; it is never used to tune or debug the reader (the four files before it
became development data when their failures were fixed). Two numbers, kept apart: wrong values
written (must be 0) and expected values read (at least 90%).

Its one run: NOT YET RUN (the figures go here and in the file's header)."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_5.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 100
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
