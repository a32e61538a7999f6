"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_7.yaml (seventh edition) was written before the fixes the sixth scoring
file called for (precision by asking back) and before any run on it, from the kinds of messages
labs send (emails with signatures and roles, notebook entries, LIMS/CSV lines, dates and zones
with clock changes, virus constructs beside genotypes, institutions beside vendors and funders,
keywords lists); it is never used to tune or debug the reader (the six files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%).

Its one run (code of e606d0f, load 1.5 on 2 shared cores): 224 messages, 43 wrong values written,
384/410 expected values read (93.7%; declines, intents and confirmations 26/32; all expected items
92.8%). Asking back removed the kinds the sixth file showed, but the seventh found others, NOT
fixed from this file: injection sites read as the recording location, ages and weights at arrival
or of food, "the lab of X" of a donor stored as the lab, genotype from "the Cre line"/"(TH-Cre)" or
a reporter, a session id "4", "Charité Berlin" read as a person, "just me" as a name, an institution
cut short, "some rodent" as a species, "about a year" as P1Y; about 6 are the file's own mistakes
(a location or species said but not expected, EPFL expanded and "wild type" hyphenated as the
project's rules do). So the first test is an expected failure, strict: the day the reader writes no
wrong value on this file, it fails and the marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_7.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="43 wrong values on the seventh scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
