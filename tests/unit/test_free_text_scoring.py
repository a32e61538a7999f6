"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_18.yaml (eighteenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the seventeen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 363dadc, the round-eighteen merge): 24 wrong values written (the seventeenth file's
run: 18), 1043/1190 expected values read (87.6%; seventeenth: 86.4%); declines, intents and
confirmations 72/90; all expected items 87.1%. NOT fixed from this file. The wrong values: values taken
back without a "? no" frame ("12 weeks and 19 days? — no, just 12 weeks", "Z7 — wait, Z7 is the cage",
"bairdii? no, just ...") or hedged ("I think it was ... or her student, not sure"); another thing's
number or name as the id (a cage number, a room's "2W.301" as an age, "P8 pup", a forwarded mail's
"Subject: transfer", a genotype's "Pvalb-IRES-Cre"); the colony's genotype; a pre-op weight; a signer as
the experimenter where the mail names another; "Santiago de Chile" as a person; "20 minutes to noon" as
noon; areas widened ("barrel cortex" as SSp-bfd, "MEC" as ENTm, "claustrum, both hemispheres" as CLA, an
ELN project name as the site); whole answers kept with talk ("Sprague Dawley, outbred", "WT littermate of
the mutants", "..., NYC", "nothing to add there", ": Odour ..." after a decline); "Max Planck" stored as
an institution. Both tests are strict expected failures: the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_18.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the eighteenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="24 wrong values on the eighteenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="87.6% values read on the eighteenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
