"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_7.yaml (seventh edition) was written before the fixes the sixth scoring
file called for (precision by asking back) and before any run on it, from the kinds of messages
labs send (emails with signatures and roles, notebook entries, LIMS/CSV lines, dates and zones
with clock changes, virus constructs beside genotypes, institutions beside vendors and funders,
keywords lists); it is never used to tune or debug the reader (the six files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Not run yet in this commit."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_7.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
