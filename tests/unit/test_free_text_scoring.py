"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_19.yaml (nineteenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the eighteen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 47bbcca, the round-nineteen merge): 16 wrong values written (the eighteenth file's
run: 24), 1086/1279 expected values read (84.9%; eighteenth: 87.6%); declines, intents and confirmations
63/84; all expected items 84.3%. NOT fixed from this file. The wrong values: values corrected after a
"scratch that" or "Correction:" kept as first said, and a hedged age ("I'd say 20 weeks but don't quote
me"); another animal's value (a stimulus fish's age, the first rat's ID, an intruder's strain, the sex
from a two-row table naming no subject); another event's start time (the first probe's session); a site
widened or cut ("thalamus" as TH, "auditory brainstem" as brainstem) where a laser's target was beside
it; a person as the institution ("Experimenter and institution: Clara Lindqvist, Uppsala University");
an ELN's name as the genotype; talk kept whole ("N/A for us", "sin descripción, gracias", "V4'?"); a
hermaphrodite's sex as O (the development files write O, this file nothing). Both tests are strict
expected failures: the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_19.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the nineteenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="16 wrong values on the nineteenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="84.9% values read on the nineteenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
