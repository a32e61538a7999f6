"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_14.yaml (fourteenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the thirteen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 69fd496, the round-fourteen merge): 32 wrong values written (the thirteenth
file's run: 39), 1001/1223 expected values read (81.8%; thirteenth: 83.9%); declines, intents and
confirmations 72/93; all expected items 81.5%. NOT fixed from this file. The wrong values: a value
taken back kept ("pig P7? - no, pig P8" gave the age P8D; "no wait, that was the pilot" kept the
pilot's start), a subspecies or hybrid stored as one species (Peromyscus maniculatus bairdii as Mus
musculus from "Deer mice", Sus scrofa domesticus, Macaca mulatta x fascicularis), areas narrowed or
cut (A1 of a ferret as AUDp, "hippocampal CA1" as CA1, "VISl,VISal" as VISl, "M1 and PMd" as MOp,
"core + shell" cut, the retina of an ex vivo preparation), asides kept in a value ("confirmed by
histology", "(we didn't map which area)", "for this one", ", Mission Bay campus", ", Alicante"), ids
from numbers (a weight, a cohort's range) or another session's animal, a weight at arrival or a vet
check, an analysis time as the start, a genotype keeping a bracket, "Archive" read as a genotype,
"also Maria" as a name, a keyed word kept ("Institution National Eye Institute"), a hedged
institution stored ("probably Janelia, but I have to ask"), talk stored as a genotype ("I'd need to
check the allele"), "black 6" as a strain, and a denied strain stored ("not the N2 strain!"). Both
tests are strict expected failures: the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_14.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the fourteenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="32 wrong values on the fourteenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="81.8% values read on the fourteenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
