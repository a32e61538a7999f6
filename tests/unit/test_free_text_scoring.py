"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring.yaml (fourth edition) was written after the fixes the third scoring file
called for and before any run on it, from the kinds of sentences the issue lists and from real
DANDI metadata forms; it is never used to tune or debug the reader (the three files before it
became development data when their failures were fixed). Two numbers, kept apart: wrong values
written (must be 0) and expected values read (at least 90%).

Its one run (see the file's header): 3 wrong values written, 448/456 expected values read (98.2%).
The three wrong values are known and NOT fixed from this file (fixing them makes it development
data and needs a fifth scoring file): a "genotype:" value that runs on past the next "; ", "the"
kept in front of an institution the table does not know, and "no keywords" stored as a keyword.
So the first test below is an expected failure, strict: the day the reader writes no wrong value
on this file (after fixes made elsewhere), it fails and the marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="3 wrong values on the fourth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
