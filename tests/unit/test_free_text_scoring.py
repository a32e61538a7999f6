"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_17.yaml (seventeenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the sixteen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 747988c, the round-seventeen merge, the first with the last look at every value,
prose/whole_values.py): 18 wrong values written (the sixteenth file's run: 35), 1187/1374 expected
values read (86.4%; sixteenth: 85.6%); declines, intents and confirmations 70/98; all expected items
85.4%. NOT fixed from this file. The wrong values: another animal's id (a dam's, a tutor bird's, last
week's bat); names cut before "à Montréal" and "of Athens"; a lab with a trailing apostrophe
("Kiorpes' Lab"); "ELN" as the institution; a species with a word after it ("Aplysia californica
ganglia"); an age cut ("3 y 2 m" as P3Y); a sex from "she's" (where earlier files expect F, this file
does not); a corrected time kept ("10:15, not 10:45" stored 10:45); areas widened or cut ("MEC" as ENTm,
"tail of the striatum" as STR, "posterior parietal cortex, right" without the side) or kept with a
gloss ("V1 — primary visual cortex"); a genotype cut at " > " ("SS01062 > CsChrimson") or read from an
id ("GCaMP-22:"). Both tests are strict expected failures: the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_17.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the seventeenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="18 wrong values on the seventeenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="86.4% values read on the seventeenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
