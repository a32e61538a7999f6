"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_16.yaml (sixteenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the fifteen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of de06515, the round-sixteen merge): 35 wrong values written (the fifteenth file's
run: 46), 1260/1472 expected values read (85.6%; fifteenth: 83.8%); declines, intents and
confirmations 90/111; all expected items 85.3%. NOT fixed from this file. The wrong values: a value
taken back with "? no -", "? no wait -" or "? sorry -" kept (prairie voles, Universidad Nacional de
Colombia, the Nencki Institute, ibl_witten_31); institutions cut ("University of Wisconsin" of
"Wisconsin–Madison", "Universidad Católica de Chile", "Israel Institute of Technology" of "Technion –
Israel ...") or taken from a supplier ("Peromyscus Genetic Stock Center") or a target ("the laser was
aimed at the MGB"); "laboratory of J. Anthony Movshon" as "Anthony Lab"; a sign-off's title read as a
name ("Dr. Luis Moreno / Profesor Titular"), "São Paulo" as a person; areas widened or cut ("auditory
striatum" as STR, "somatosensory cortex (snout)" cut, a monkey's M1 as MOp where this file keeps
acronyms, an area from a keyword table); species from a "mouse" column or "Sus scrofa domesticus" cut
to Sus scrofa, a subspecies cut, a participant's species unasked; a sex from "her name"; a genotype
from another row of a table, or kept with trailing cells ("› Sex: M › DOB: ...", ":= ", ", from
Jax"), a Drosophila genotype without its background, "nacre" as a strain; a short answer kept with
its talk ("UCSF is the institution", "LGN it is", "Wistar, and she's 12 weeks", "a Sprague Dawley
male"); "exactly" kept in a lab's name; an end time as the start; another monkey's age; "Two-photon
imaging" of a methods sentence as the session description. Both tests are strict expected failures:
the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_16.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the sixteenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="35 wrong values on the sixteenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="85.6% values read on the sixteenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
