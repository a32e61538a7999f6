"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_20.yaml (twentieth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the nineteen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 2f7dc6c, the round-twenty merge): 24 wrong values written (the nineteenth file's
run: 16), 1386/1700 expected values read (81.5%; nineteenth: 84.9%); declines, intents and confirmations
59/90; all expected items 80.7%. NOT fixed from this file. The wrong values: a site read from the kind
of study or a patient's injury ("spinal cord stimulation study", "cervical spinal cord injury") or cut
from its bracketed name ("auditory cortex (field L)"); an institution cut ("Institut de Neurobiologie",
"American University", a URL query's "&subject"), spelled otherwise ("ETH Zurich"), or read from a
signature; "the lab is joint" as a lab; another animal's sex (a flight partner), another day's weight,
another session's day as the ID, and an ID where the writer says they do not know which bird; hedged
values stored ("I'm pretty sure it was CA1, but the histology isn't done", "14 weeks (or 15? ...)",
"between 20 and 22 g", "P45-P50, can't be more precise"); the surgeon of a role table as the
experimenter; a session description cut at its semicolon; the species from "strain is C57BL/6N. Not J.
N."; whole answers kept with talk ("outbred CD-1", a decline in Chinese) and "Ciudad de México" as a
person. Both tests are strict expected failures: the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_20.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the twentieth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="24 wrong values on the twentieth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="81.5% values read on the twentieth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
