"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_5.yaml (fifth edition) was written before the fixes the fourth scoring
file called for and before any run on it, from the kinds of messages labs send and from real
DANDI metadata forms; it is never used to tune or debug the reader (the four files before it
became development data when their failures were fixed). Two numbers, kept apart: wrong values
written (must be 0) and expected values read (at least 90%).

Its one run (see the file's header): 13 wrong values written, 268/289 expected values read (92.7%;
declines, intents and confirmations 28/34; all expected items 91.6%). The wrong values are known
and NOT fixed from this file (fixing them makes it development data and needs a sixth scoring
file): a head-plate's weight and the weight at surgery taken as the animal's, "recording on <date>"
and "We implanted" taken as session descriptions, a layer dropped from "L2/3 of barrel cortex",
one of two areas stored, a start time in the hour a clock goes back (02:30 Berlin on 2023-10-29)
stored instead of asked, "Rat #4 from the ... cohort" read as subject "4", "none needed" stored as
a keyword, and the ferret stored as its NCBITaxon IRI where the file expects the trinomial (the
file's mistake, not the reader's: a name that is not a binomial is stored as the IRI).
So the first test below is an expected failure, strict: the day the reader writes no wrong value
on this file (after fixes made elsewhere), it fails and the marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_5.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="13 wrong values on the fifth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 100
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
