"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_12.yaml (twelfth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the eleven files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 2eea39c, the round-twelve merge): 13 wrong values written (the eleventh file's
run: 24), 1029/1128 expected values read (91.2%; eleventh: 87.3%); declines, intents and
confirmations 74/83; all expected items 91.1%. NOT fixed from this file. The wrong values: an age
from a training duration ("needed 31 days"), a rule about a field read as its value ("the institution
should be written '...'", kept with its words), a request's words kept in the keywords ("please use
..."), a relative day resolved ("yesterday at 15:00 CET": development file 1 resolves "yesterday",
this file asks; counted as written), "4:30 in the afternoon" stored as 04:30, a room's strain over
the animal's ("from the Sprague Dawley room, but this one is a Lewis"), a fly genotype (w1118) as the
strain, an institution cut at its second "at" ("Icahn School of Medicine at Mount Sinai"), an area
keeping its aside ("(no subdivision)"), an institution after a name read as a second person and cut
at "&" ("Oregon Health & Science University"), "pass on this question" read as a name, and a city
kept after a keyed institution ("..., Trondheim"). The wrong-values test is a strict expected
failure: the day it passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_12.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the twelfth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="13 wrong values on the twelfth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
