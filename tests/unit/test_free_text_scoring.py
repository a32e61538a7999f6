"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_8.yaml (eighth edition) was written before the fixes the seventh scoring
file called for (role checks for brain area, age, weight, genotype, lab, experimenter, session id,
species, names and institutions) and before any run on it; it is never used to tune or debug the
reader (the seven files before it became development data when their failures were fixed). Two
numbers, kept apart: wrong values written (must be 0) and expected values read (at least 90%).

Its one run (code of ab8bf8f, load 0.7 on 2 shared cores): 229 messages, 54 wrong values written,
302/362 expected values read (83.4%; declines, intents and confirmations 19/28; all expected items
82.3%). NOT fixed from this file: genotypes in brackets and after keys running on, crosses named in
prose, areas after "aimed at"/"injections targeted"/"through", roles named by a key (Supervision:,
Contact person:, donor_lab=), keyed ages/weights at arrival or surgery, "University of California,
San Francisco" cut at the comma, a committee's university, answers like "my PI knows". Both tests
are strict expected failures: the day either passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_8.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="54 wrong values on the eighth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="83.4% values read on the eighth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
