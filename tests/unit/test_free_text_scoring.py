"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_9.yaml (ninth edition, 281 messages) was written apart from the reader's
code, before any run of it and before this round's fixes (general precision rules: keys say the
role, several candidates for one field are asked back, hedges and alternatives are asked back,
genotype extents, answers that point elsewhere). It is never used to tune or debug the reader (the
eight files before it became development data when their failures were fixed). Two numbers, kept
apart: wrong values written (must be 0) and expected values read (at least 90%).

Its one run (code of 13e5056 merged into main, e0efa46): 25 wrong values written (the eighth file's
run: 54), 463/572 expected values read (80.9%); declines, intents and confirmations 33/46; all
expected items 80.3%. NOT fixed from this file. The wrong values: an age or strain said of another
event or of a cross's first parent, institutions cut at "of"/"in" or kept with their city
("Rockefeller University, New York"), a PI's affiliation taken as the institution, a name made of
"but Prof. X supervised", a keyword list in brackets, an area's layer dropped, an area in a chamber
sentence, "adult (>P60)" read as P60, "skip pls" as a keyword. Both tests are strict expected
failures: the day either passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_9.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="25 wrong values on the ninth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="80.9% values read on the ninth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
